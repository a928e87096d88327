"""Small reusable lesson widgets: a board picture with a caption, a "pick something → result or refusal"
control, a worked example played step by step, a Mercator trade control, tables (players, score), and
exercises answered with numbers (one number, or how many of each good).

A chapter's code cell calls one function of its lesson module, which builds its own position and
returns one of these widgets, so any cell can be run again, or alone, without an error
(docs/architecture.md principle 6). Every text shown goes through the message catalog (principle 7); a refused
move is shown with the game screen's own box, `widgets.render.refusal.explanation_html`.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as ipw

import concordia_core as cc

from ...parts.error_log import ErrorLog, guarded
from ...parts.inputs import button as _button
from ...parts.inputs import menu
from ...parts.style import page_style
from ...render.board import Overlay, ProduceOverlay
from ...render.goods import goods_chips
from ...render.markup import esc
from ...render.picks import Pick
from ...render.refusal import explanation_html
from ...screen.map_view import MapView
from .exercise import Exercise, Verdict

FOCUS_CLASS = "cc-guide-focus"
"""CSS class of the control the tutor asks the learner to use now (a coloured outline)."""

BOARD_WIDTH = "760px"


def style() -> ipw.Widget:
    """The lesson widgets' style (the focus outline, tables, notes: the page stylesheet's, widgets/parts/page.css);
    every composite widget includes it once."""
    return page_style()


def html_table(header: Sequence[str], rows: Sequence[Sequence[str]], *, raw: bool = False) -> str:
    """A small table; cells are escaped unless `raw` (then they are trusted HTML made by this module)."""
    cell = (lambda x: str(x)) if raw else esc
    head = "".join(f"<th>{esc(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{cell(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table class='cc-lesson-table'><tr>{head}</tr>{body}</table>"


def text_html(text: str, css: str = "") -> str:
    """A paragraph of plain text (escaped)."""
    return f"<div class='{css}'>{esc(text)}</div>" if css else f"<div>{esc(text)}</div>"


# --- naming game things in words (no notation) ---------------------------------------------------
def route_label(route_id: str, map_id: str = "italia") -> str:
    """'the land route COSA–ROMA' for 'land:COSA-ROMA' (in a sentence)."""
    route = cc.load_map(map_id).routes[route_id]
    a, b = route.ends
    return cc._("the {route} {a}–{b}", route=cc.route_text(route.kind), a=cc.city_name(a), b=cc.city_name(b))


def city_with_good(state: cc.GameState, city: str) -> str:
    """'COSA (brick)'."""
    return cc._("{city} ({good})", city=cc.city_name(city), good=cc.good_name(state.city_goods[city]))


def players_table(state: cc.GameState, names: Sequence[str] | None = None, *, houses: bool = True) -> str:
    """One row per player: coins, goods, free storehouse slots, colonists on the map, houses (HTML)."""
    header = [cc._("Player"), cc._("Coins"), cc._("Goods"), cc._("Free slots"), cc._("Colonists on the map")]
    if houses:
        header.append(cc._("Houses"))
    rows = []
    for p in state.players:
        if names is not None and p.name not in names:
            continue
        marks = []
        if state.to_move == p.name:
            marks.append(cc._("to move"))
        if state.praefectus_magnus == p.name:
            marks.append(cc.term("term", "Praefectus Magnus"))
        name = (cc._("{player} ({marks})", player=esc(p.name), marks=f"<small>{esc(cc.listing(marks))}</small>")
                if marks else esc(p.name))
        colonists = cc.listing([str(c) for c in p.colonists]) if p.colonists else cc._("none")
        row = [name, esc(p.coins), goods_chips(p.goods), esc(p.free_slots), esc(colonists)]
        if houses:
            row.append(esc(cc.listing([city_with_good(state, c) for c in p.houses]) if p.houses else cc._("none")))
        rows.append(row)
    return html_table(header, rows, raw=True)


def score_table(state: cc.GameState, names: Sequence[str] | None = None) -> str:
    """The score if the game ended now: one row per god, one column per player, how each was counted."""
    chosen = [p.name for p in state.players if names is None or p.name in names]
    scores = {n: cc.score(state, n) for n in chosen}
    rows = []
    for god in (*cc.GODS, "concordia"):
        cells = []
        for n in chosen:
            lines = [ln for ln in scores[n].lines if ln.god == god]
            cells.append("<br>".join(esc(cc._("{how} = {points}", how=ln.how, points=ln.points)) for ln in lines)
                         or "—")
        if any(c != "—" for c in cells):
            rows.append([esc(cc.god_name(god))] + cells)
    rows.append([f"<b>{esc(cc._('Total'))}</b>"] + [f"<b>{scores[n].total}</b>" for n in chosen])
    return html_table([cc._("God")] + chosen, rows, raw=True)


# --- a board picture ----------------------------------------------------------------------------
class Board(ipw.VBox):
    """The map (widgets.MapView) with a caption under it; `.show(state, overlay, caption)` redraws.
    `pickable` ({"city": ids, "route": ids, "province": ids}) says what a click on the board may pick."""

    def __init__(self, state: cc.GameState, overlay: Overlay | None = None, caption: str = "",
                 pickable: Mapping[str, Collection[str]] | None = None, **kwargs: Any) -> None:
        self.pickable = dict(pickable or {})
        self.view = MapView()
        self.view.layout = ipw.Layout(max_width=BOARD_WIDTH, width="100%", height="auto")
        self.caption = ipw.HTML()
        super().__init__(children=[self.view, self.caption], **kwargs)
        self.show(state, overlay, caption)

    def show(self, state: cc.GameState, overlay: Overlay | None = None, caption: str | None = None,
             pickable: Mapping[str, Collection[str]] | None = None) -> None:
        if pickable is not None:
            self.pickable = dict(pickable)
        self.view.show(state, overlay, pickable=self.pickable)
        if caption is not None:
            self.caption.value = text_html(caption, "cc-caption") if caption else ""

    def on_pick(self, callback: Callable[[Pick], None]) -> None:
        """Send clicks on the board to `callback`."""
        self.view.on_pick(callback)


# --- pick something → the result or the refusal ---------------------------------------------------
@dataclass(frozen=True)
class Outcome:
    """What a try shows: a sentence (plain text), and optionally the position after it and an overlay."""

    text: str
    state: cc.GameState | None = None
    overlay: Overlay | None = None
    extra_html: str = ""


class TryIt(ipw.VBox):
    """A control to pick one option (a city, a route, a province, a card, ...) and a button; the result
    is the lesson's sentence, or the engine's refusal in the friendly box. With a board, the board
    shows the position after the try, and a click on the board (kind `pick_kind`) picks the option."""

    def __init__(self, label: str, options: Sequence[tuple[str, Any]], attempt: Callable[[Any], Outcome], *,
                 button: str | None = None, intro: str = "", board_state: cc.GameState | None = None,
                 board_overlay: Overlay | None = None, board_caption: str = "", pick_kind: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.attempt = attempt
        self.error_log = ErrorLog()
        self.choice = menu(label, options, width="auto")
        self.button = _button(button or cc._("Try it"), "info")
        self.button.on_click(guarded(lambda _b: self.try_(), self.error_log))
        self.result = ipw.HTML()
        picks = {pick_kind: [v for _label, v in options]} if pick_kind else None
        self.board = Board(board_state, board_overlay, board_caption, picks) if board_state is not None else None
        self._start = (board_state, board_overlay, board_caption)
        self.pick_kind = pick_kind
        if self.board is not None and pick_kind:
            self.board.on_pick(guarded(self._picked, self.error_log))
        head = [ipw.HTML(text_html(intro))] if intro else []
        row = ipw.HBox([self.choice, self.button])
        self.children = [style(), *head, row, self.result, *([self.board] if self.board else []), self.error_log]

    def _picked(self, pick: Pick) -> None:
        values = [v for _label, v in self.choice.options]
        if pick.kind == self.pick_kind and pick.id in values:
            self.choice.value = pick.id
            self.try_()

    def try_(self, value: Any = None) -> bool:
        """Try the chosen option (or `value`); True if it was allowed."""
        if value is not None:
            self.choice.value = value
        if self.choice.value is None:
            self.result.value = text_html(cc._("Choose something first."))
            return False
        try:
            outcome = self.attempt(self.choice.value)
        except cc.ConcordiaError as err:
            self.result.value = explanation_html(err)
            state, overlay, caption = self._start
            if self.board is not None and state is not None:
                self.board.show(state, overlay, caption)
            return False
        self.result.value = f"<div class='cc-done'>{esc(outcome.text)}{outcome.extra_html}</div>"
        if self.board is not None and outcome.state is not None:
            self.board.show(outcome.state, outcome.overlay, "")
        return True


# --- a worked example, step by step ---------------------------------------------------------------
@dataclass(frozen=True)
class Beat:
    """One step of a worked example: the actions played (notation, never shown) and what the tutor says,
    as a function of the positions before and after. `refused` steps try an action the engine refuses;
    the box shows why and the position stays."""

    actions: tuple[str, ...]
    say: Callable[[cc.GameState, cc.GameState], str]
    refused: bool = False


def beat(actions: str | Sequence[str], say: Callable[[cc.GameState, cc.GameState], str] | str,
         refused: bool = False) -> Beat:
    acts = (actions,) if isinstance(actions, str) else tuple(actions)
    text = say if callable(say) else (lambda _b, _a, s=say: s)
    return Beat(acts, text, refused)


class Stepper(ipw.VBox):
    """A worked example replayed on the engine: Back / Next through its steps, the tutor's sentence, an
    optional facts table and an optional board. Every position is computed when the widget is made."""

    def __init__(self, start: cc.Game, beats: Sequence[Beat], *, intro: str,
                 facts: Callable[[cc.GameState], str] | None = None,
                 overlay: Callable[[cc.GameState], Overlay | None] | None = None, show_board: bool = False,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.frames: list[tuple[cc.GameState, str, str]] = [(start.state, intro, "")]
        self.errors: list[cc.ConcordiaError | None] = [None]   # the engine's refusal at each frame, if any
        game = start
        for b in beats:
            before = game.state
            refusal = ""
            error: cc.ConcordiaError | None = None
            if b.refused:
                try:
                    trial = game.state
                    for action in b.actions:     # one after another; the game itself stays where it is
                        trial = cc.apply(trial, action)
                except cc.ConcordiaError as err:
                    refusal = explanation_html(err)
                    error = err
                else:
                    raise AssertionError(f"worked example: {b.actions} should be refused")
            else:
                for action in b.actions:
                    game.play(action)
            self.frames.append((game.state, b.say(before, game.state), refusal))
            self.errors.append(error)
        self.position = 0
        self.error_log = ErrorLog()
        self.heading = ipw.HTML()
        self.caption = ipw.HTML()
        self.refusal = ipw.HTML()
        self.facts = ipw.HTML()
        self.facts_of = facts
        self.overlay_of = overlay
        self.board = Board(start.state) if show_board else None
        self.back = _button(cc._("Back"), icon="arrow-left")
        self.next = _button(cc._("Next step"), "info", icon="arrow-right")
        self.again = _button(cc._("Start again"), icon="undo")
        self.back.on_click(guarded(lambda _b: self.go(self.position - 1), self.error_log))
        self.next.on_click(guarded(lambda _b: self.go(self.position + 1), self.error_log))
        self.again.on_click(guarded(lambda _b: self.go(0), self.error_log))
        self.children = [style(), self.heading, self.caption, self.refusal, ipw.HBox([self.back, self.next, self.again]),
                         self.facts, *([self.board] if self.board else []), self.error_log]
        self.go(0)

    @property
    def state(self) -> cc.GameState:
        return self.frames[self.position][0]

    def go(self, position: int) -> None:
        self.position = max(0, min(position, len(self.frames) - 1))
        state, text, refusal = self.frames[self.position]
        last = len(self.frames) - 1
        heading = cc._("Step {n} of {total}", n=self.position, total=last) if self.position else cc._("The start")
        self.heading.value = f"<b>{esc(heading)}</b>"
        self.caption.value = text_html(text, "cc-tutor")
        self.refusal.value = refusal
        self.back.disabled = self.position == 0
        self.next.disabled = self.position == last
        if self.facts_of is not None:
            self.facts.value = self.facts_of(state)
        if self.board is not None:
            self.board.show(state, self.overlay_of(state) if self.overlay_of else None)


def prefect_overlay(province: str, player: str) -> Callable[[cc.GameState], ProduceOverlay | None]:
    """A worked example's board overlay: what `province` would produce for whom while `player` is choosing the
    province of a Prefect (R-PREF-1), nothing at other moments."""
    def overlay(state: cc.GameState) -> ProduceOverlay | None:
        if state.pending is not None and state.pending.phase == cc.Phase.PREFECT and state.actor == player:
            return ProduceOverlay(province, state.index_of(player))
        return None
    return overlay


# --- a Mercator's trades, as controls ------------------------------------------------------------
def trade_inputs(width: int = 220) -> tuple[ipw.Dropdown, ipw.ToggleButtons, ipw.BoundedIntText]:
    """A Mercator's trade as three inputs: which good, buy or sell, how many (R-MERC-2)."""
    good = ipw.Dropdown(options=[(cc.good_name(g), g) for g in cc.GOODS], value="brick", description=cc._("Good"),
                        layout=ipw.Layout(width=f"{width}px"))
    side = ipw.ToggleButtons(options=[(cc._("Buy"), "buy"), (cc._("Sell"), "sell")], value="buy",
                             style={"button_width": f"{width * 3 // 10}px"})
    amount = ipw.BoundedIntText(value=1, min=1, max=12, description=cc._("How many"),
                                layout=ipw.Layout(width=f"{width * 8 // 10}px"))
    return good, side, amount


class TradeControl(ipw.VBox):
    """Buy or sell goods with the bank during a Mercator (R-MERC-2): a good, buy/sell, an amount, Trade;
    and Done. Each press plays on `game` (refusals in the box); `on_change()` follows every change."""

    def __init__(self, game: cc.Game, on_change: Callable[[], None] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.on_change = on_change or (lambda: None)
        self.error_log = ErrorLog()
        self.good, self.side, self.amount = trade_inputs(220)
        self.trade = _button(cc._("Trade"), "info")
        self.done = _button(cc._("Done trading"))
        self.result = ipw.HTML()
        self.trade.on_click(guarded(lambda _b: self.play(f"{self.side.value} {self.amount.value} {self.good.value}"),
                                    self.error_log))
        self.done.on_click(guarded(lambda _b: self.play("done"), self.error_log))
        self.children = [ipw.HBox([self.good, self.side, self.amount, self.trade]), self.done, self.result,
                         self.error_log]

    def play(self, action: str) -> bool:
        """Play a trade (or 'done') on the game; False and the refusal box if the engine refuses."""
        try:
            self.game.play(action)
        except cc.ConcordiaError as err:
            self.result.value = explanation_html(err)
            return False
        self.result.value = ""
        self.on_change()
        return True


# --- exercises answered with numbers --------------------------------------------------------------
def number_exercise(prompt: str, description: str, check: Callable[[Any], Verdict], answer: Callable[[], int], *,
                    width: str | None = None) -> Exercise:
    """An exercise answered with one whole number: `prompt` (plain text), a number box labelled `description`,
    the chapter's checker, and as the answer shown on request the checker's sentence on `answer()`."""
    layout = {"layout": ipw.Layout(width=width)} if width else {}
    box = ipw.IntText(value=0, description=description, **layout)
    return Exercise(esc(prompt), box, check, solution=lambda: check(answer()).message)


def goods_exercise(prompt: str, check: Callable[[Any], Verdict], solution: Callable[[], str], *,
                   above: Sequence[ipw.Widget] = ()) -> Exercise:
    """An exercise answered in goods: `prompt` (plain text), one number box per good (`exercise.boxes`, good ->
    box; the answer is good -> the box's value, read back with `goods_counts`), under the widgets `above`."""
    boxes = {g: ipw.IntText(value=0, description=cc.good_name(g), layout=ipw.Layout(width="150px")) for g in cc.GOODS}
    exercise = Exercise(esc(prompt), lambda: {g: box.value for g, box in boxes.items()}, check, solution=solution,
                        controls=[*above, ipw.HBox(list(boxes.values()))])
    exercise.boxes = boxes
    return exercise


def goods_counts(answer: Mapping[str, Any] | cc.Goods) -> dict[str, int]:
    """Good -> how many, from a goods exercise's answer (or from Goods); TypeError or ValueError if a count is
    not a whole number."""
    return {g: int(answer.get(g, 0) or 0) for g in cc.GOODS}


