"""Chapter 02, a guided first game: the tutor plays a short scripted game with the learner, one decision
at a time (Board Game Arena tutorial style).

The script is data (SCRIPT): the learner's steps, each with what the tutor says, the control to use
(outlined on screen) and the one action it accepts, and the practice opponent's turns, each told in a
sentence. Any other choice is tried on the engine: a refusal shows the game screen's box with its
rule; a legal but different move gets a note saying what this lesson asks for instead. The game ends
with the score of the position, god by god.

Italia, "You" against Livia, seed 7, you first: the table of the rule text's Mercator example.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as ipw

import concordia_core as cc
from concordia_core import N_

from ..parts.error_log import ErrorLog, guarded
from ..parts.inputs import button, choices, menu
from ..render.board import BuildOverlay, ProduceOverlay, ReachOverlay
from ..render.goods import storehouse_html
from ..render.markup import esc
from ..render.refusal import explanation_html
from ..render.words import steps_text
from .kit import FOCUS_CLASS, Board, players_table, route_label, score_table, style, text_html, trade_inputs

MAP = "italia"
YOU, OPPONENT = cc.learner_name(), "Livia"
PLAYERS = [YOU, OPPONENT]
SEED = 7

Words = Mapping[str, tuple[str, str]]   # placeholder -> (kind of game word, its id)


@dataclass(frozen=True)
class Step:
    """A decision of the learner: what the tutor says and why (`say`), the control to use, the one action
    accepted (notation, never shown) and what to do in a few words (`do`, used when another move is tried)."""

    say: str
    control: str            # "card", "trade", "done", "move", "build" or "province"
    expect: str
    do: str
    words: Words = field(default_factory=dict)


@dataclass(frozen=True)
class Told:
    """A turn of the practice opponent: its actions and the sentence that tells it."""

    actions: tuple[str, ...]
    tell: str
    words: Words = field(default_factory=dict)


SCRIPT: tuple[Step | Told, ...] = (
    Step(N_("Your first turn. Houses are what score in Concordia, and a house needs bricks. Play your {card}: "
            "it gives you 3 coins, then lets you trade goods with the bank. Pick the {card} in the menu of your "
            "hand and press Play."),
         "card", "play MERCATOR", N_("play your {card}"), {"card": ("card", "MERCATOR")}),
    Step(N_("You have {coins} now. Sell your {good} to the bank: it is the dearest good (7 coins) and you will "
            "not need it soon. Choose {good}, Sell, 1, and press Trade."),
         "trade", "sell 1 cloth", N_("sell 1 {good}"), {"good": ("good", "cloth")}),
    Step(N_("{coins} now, and {free} in your storehouse. Buy 2 {good} at 3 coins each: choose {good}, Buy, 2, and "
            "press Trade. A Mercator trades at most 2 kinds of goods; cloth and brick are your two."),
         "trade", "buy 2 brick", N_("buy 2 {good}"), {"good": ("good", "brick")}),
    Step(N_("That is all for this Mercator. Press Done trading: your turn ends, and the card stays on your "
            "discard pile until a Tribune brings it back."),
         "done", "done", N_("press Done trading")),
    Told(("play ARCHITECT", "move ROMA > land:ROMA-SPOLETVM", "build SPOLETVM"),
         N_("Livia plays her {card}: her land colonist walks from ROMA onto {route}, and she builds a house in "
            "{city}, a brick city (1 food + 1 coin)."),
         {"card": ("card", "ARCHITECT"), "route": ("route", "land:ROMA-SPOLETVM"), "city": ("city", "SPOLETVM")}),
    Step(N_("Your turn again. Play your {card}. It first moves your colonists, then builds houses next to them. "
            "You get one step for each of your colonists on the map: you have {colonists} there, both in ROMA."),
         "card", "play ARCHITECT", N_("play your {card}"), {"card": ("card", "ARCHITECT")}),
    Step(N_("Move your sea colonist out of ROMA onto {route} (1 step). The map marks every route where it may "
            "stop, with its cost in steps. Choose the sea colonist and the route, then press Move."),
         "move", "move ROMA > sea:NEAPOLIS-ROMA", N_("move your sea colonist onto {route}"),
         {"route": ("route", "sea:NEAPOLIS-ROMA")}),
    Step(N_("{steps} left. Move your land colonist onto {route}. Livia's colonist stands on the route to "
            "SPOLETVM: a colonist may pass a taken route but never stop on it."),
         "move", "move ROMA > land:COSA-ROMA", N_("move your land colonist onto {route}"),
         {"route": ("route", "land:COSA-ROMA")}),
    Step(N_("Moving is over; now build. A house may go in a city at either end of a route where your colonist "
            "stands, but never in ROMA. Build in {city}, a tools city: 1 brick + 1 tools + 3 coins. The map "
            "shows each city's price."),
         "build", "build NEAPOLIS", N_("build in {city}"), {"city": ("city", "NEAPOLIS")}),
    Step(N_("And a second house, in {city}, a brick city: a house there costs only 1 food + 1 coin."),
         "build", "build COSA", N_("build in {city}"), {"city": ("city", "COSA")}),
    Told(("play PREFECT", "produce VMBRIA"),
         N_("Livia plays a {card} and makes {province} produce. Its bonus tile is wine: she takes 2 wine, because "
            "her Praefectus Magnus card doubles that bonus, and her house in SPOLETVM makes 1 brick. The bonus "
            "tile turns to its coin side, and the Praefectus Magnus card passes to you."),
         {"card": ("card", "PREFECT"), "province": ("province", "VMBRIA")}),
    Step(N_("Your turn. Play a {card}: you choose a province, every house there makes 1 good of its city for its "
            "owner, and you take the province's bonus good. You have two Prefects; either will do."),
         "card", "play PREFECT", N_("play a {card}"), {"card": ("card", "PREFECT")}),
    Step(N_("Make {province} produce. Its bonus tile is tools and you now hold the Praefectus Magnus card, so you "
            "take 2 tools, and your house in NEAPOLIS makes 1 more. VMBRIA shows its coin side: it cannot produce "
            "again until someone collects."),
         "province", "produce CAMPANIA", N_("make {province} produce"), {"province": ("province", "CAMPANIA")}),
)

INTRO = N_("A real game on the Italia map: you against Livia, a practice opponent. You play first, with 5 coins; "
           "Livia has 6 and holds the Praefectus Magnus card. On each turn one player plays one card from their "
           "hand and carries out its action. The tutor says what to do and why; the control to use has an orange "
           "outline.")
FINISH = N_("Well played: five turns, and you have used the Mercator, the Architect and the Prefect. In Concordia "
            "nobody scores during play; points are counted once, at the end, by the gods on your cards. Here is "
            "the score if the game ended now:")
NOT_TAUGHT = N_("In a real game you could do that, but this lesson follows one plan. Now: {do}.")


def words(kind: str, key: str) -> str:
    """A game word by kind and id, in the current language."""
    if kind == "card":
        return cc.card(key).display_name
    if kind == "good":
        return cc.good_name(key)
    if kind == "city":
        return cc.city_name(key)
    if kind == "province":
        return cc.province_name(key)
    if kind == "route":
        return route_label(key, MAP)
    raise ValueError(kind)


def fields(state: cc.GameState, named: Words) -> dict[str, str]:
    """The placeholders a step's text may use: your coins, free slots, colonists, steps, and its game words."""
    me = state.player(YOU)
    steps = state.steps_left if state.pending is not None and state.actor == YOU else len(me.colonists)
    found = {"coins": cc.coins_text(me.coins), "free": cc.n_("{n} free slot", "{n} free slots", me.free_slots),
             "colonists": str(len(me.colonists)), "steps": steps_text(steps)}
    found.update({k: words(kind, key) for k, (kind, key) in named.items()})
    return found


def learner_steps() -> list[Step]:
    return [s for s in SCRIPT if isinstance(s, Step)]


def new_game() -> cc.Game:
    return cc.new_game(MAP, PLAYERS, seed=SEED, first_player=YOU)


class GuidedGame(ipw.VBox):
    """The guided game: tutor box, the map, the controls of the current card (the one to use outlined),
    both players' boards and a log; at the end the score of the position."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.error_log = ErrorLog()
        g = guarded
        self.tutor = ipw.HTML()
        self.feedback = ipw.HTML()
        self.board = Board(new_game().state)
        self.board.layout = ipw.Layout(flex="1 1 560px", min_width="420px", max_width="820px")
        self.board.on_pick(g(self._picked, self.error_log))
        # the hand
        self.card = menu(cc._("Your hand"), [])
        self.play_button = button(cc._("Play"), "info")
        self.card_row = ipw.HBox([self.card, self.play_button])
        # a Mercator's trades
        self.good, self.side, self.amount = trade_inputs(200)
        self.trade_button = button(cc._("Trade"), "info")
        self.trade_row = ipw.VBox([ipw.HBox([self.good, self.side]), ipw.HBox([self.amount, self.trade_button])])
        self.done_button = button(cc._("Done trading"))
        # an Architect's moves and builds
        self.colonist = menu(cc._("Which colonist"), [])
        self.route = menu(cc._("To route"), [])
        self.move_button = button(cc._("Move"), "info")
        self.move_row = ipw.VBox([self.colonist, self.route, self.move_button])
        self.city = menu(cc._("Build in"), [], width="auto")
        self.build_button = button(cc._("Build"), "info")
        self.build_row = ipw.HBox([self.city, self.build_button])
        # a Prefect's province
        self.province = menu(cc._("Province"), [], width="auto")
        self.produce_button = button(cc._("Produce"), "info")
        self.province_row = ipw.HBox([self.province, self.produce_button])
        self.controls = ipw.VBox([self.card_row, self.trade_row, self.done_button, self.move_row, self.build_row,
                                  self.province_row], layout=ipw.Layout(flex="0 1 380px", min_width="340px", padding="4px"))
        self.focusable = {"card": self.card_row, "trade": self.trade_row, "done": self.done_button,
                          "move": self.move_row, "build": self.build_row, "province": self.province_row}
        self.boards = ipw.HTML()
        self.story = ipw.HTML()
        self.score = ipw.HTML()
        self.again = button(cc._("Start again"), icon="undo")
        for pressed, handler in ((self.play_button, self._play_card), (self.trade_button, self._trade),
                                 (self.done_button, lambda: self.attempt("done")), (self.move_button, self._move),
                                 (self.build_button, self._build), (self.produce_button, self._produce),
                                 (self.again, self.restart)):
            pressed.on_click(g(lambda _b, h=handler: h(), self.error_log))
        self.colonist.observe(g(lambda _c: self._fill_routes(), self.error_log), names="value")
        self.children = [style(), self.tutor, self.score, self.feedback,
                         ipw.HBox([self.board, self.controls], layout=ipw.Layout(flex_flow="row wrap")),
                         self.boards, self.story, self.again, self.error_log]
        self.restart()

    # --- the script ---------------------------------------------------------------------------
    def restart(self) -> None:
        self.game = new_game()
        self.position = 0          # index into SCRIPT of the next item
        self.told: list[str] = []  # the opponent's turns told since the learner's last step
        self.history: list[str] = []
        self.feedback.value = ""
        self.score.value = ""
        self._advance()

    @property
    def step(self) -> Step | None:
        """The learner's current step (None once the script is over)."""
        return SCRIPT[self.position] if self.position < len(SCRIPT) else None  # type: ignore[return-value]

    @property
    def step_index(self) -> int:
        """How many of the learner's steps are done."""
        return sum(isinstance(s, Step) for s in SCRIPT[:self.position])

    @property
    def finished(self) -> bool:
        return self.position >= len(SCRIPT)

    def _advance(self) -> None:
        """Play the opponent's turns that come next, then show the learner's next step (or the end)."""
        self.told = []
        while self.position < len(SCRIPT) and isinstance(SCRIPT[self.position], Told):
            told = SCRIPT[self.position]
            assert isinstance(told, Told)
            sentence = cc._(told.tell, **fields(self.game.state, told.words))
            for action in told.actions:
                self.game.play(action)
            self.told.append(sentence)
            self.history.append(sentence)
            self.position += 1
        self.refresh()

    def attempt(self, action: str) -> bool:
        """The learner's move: the taught one is played and the game goes on; anything else is explained
        (the engine's refusal box, or a note saying what to do instead) and nothing changes."""
        step = self.step
        if step is None:
            return False
        if action == step.expect:
            said = cc._(step.do, **fields(self.game.state, step.words))
            self.game.play(action)
            self.history.append(cc._("You: {what}.", what=said))
            self.feedback.value = ""
            self.position += 1
            self._advance()
            return True
        try:
            cc.apply(self.game.state, action)
        except cc.ConcordiaError as err:
            self.feedback.value = explanation_html(err)
            return False
        do = cc._(step.do, **fields(self.game.state, step.words))
        self.feedback.value = (f"<div class='cc-note' style='border:1px solid #1f6fb2;background:#eef5fb;"
                               f"padding:4px 8px;border-radius:4px'>{esc(cc._(NOT_TAUGHT, do=do))}</div>")
        return False

    # --- the controls -------------------------------------------------------------------------
    def _play_card(self) -> None:
        if self.card.value:
            self.attempt(f"play {self.card.value}")

    def _trade(self) -> None:
        self.attempt(f"{self.side.value} {self.amount.value} {self.good.value}")

    def _move(self) -> None:
        if self.colonist.value and self.route.value:
            self.attempt(f"move {self.colonist.value[1]} > {self.route.value}")

    def _build(self) -> None:
        if self.city.value:
            self.attempt(f"build {self.city.value}")

    def _produce(self) -> None:
        if self.province.value:
            self.attempt(f"produce {self.province.value}")

    def _picked(self, pick: Any) -> None:
        """A click on the board: a route sets the move control, a city the build control, a province the
        Prefect's."""
        kind, ident = getattr(pick, "kind", None), getattr(pick, "id", None)
        if kind == "route" and isinstance(ident, str) and self.move_row.layout.display != "none":
            route_kind = cc.load_map(MAP).routes[ident].kind
            own = [v for _l, v in self.colonist.options if v is not None and v[0] == route_kind]
            if own and (self.colonist.value is None or self.colonist.value[0] != route_kind):
                self.colonist.value = own[0]
            if ident in [v for _l, v in self.route.options]:
                self.route.value = ident
        elif kind == "city" and ident in [v for _l, v in self.city.options]:
            self.city.value = ident
        elif kind == "province" and ident in [v for _l, v in self.province.options]:
            self.province.value = ident

    @staticmethod
    def _options(dropdown: ipw.Dropdown, options: list[tuple[str, Any]]) -> None:
        """New options after a 'choose…' entry, which is selected."""
        dropdown.options = choices(options)
        dropdown.index = 0

    def _reach(self, kind: str, start: str) -> dict[str, int]:
        """Routes of `kind` within one step more than the colonist has (so a refusal can be seen), with cost."""
        state = self.game.state
        if state.pending is None:
            return {}
        costs = cc.load_map(MAP).step_costs(kind, start)
        return {r: c for r, c in sorted(costs.items(), key=lambda rc: (rc[1], rc[0]))
                if c <= state.steps_left + 1}

    def _fill_routes(self) -> None:
        choice = self.colonist.value
        reach = self._reach(*choice) if choice else {}
        self._options(self.route, [(cc._("{route} ({steps})", route=cc.route_name(r),
                                          steps=steps_text(c)), r) for r, c in reach.items()])

    def refresh(self) -> None:
        state = self.game.state
        me = state.player(YOU)
        board = cc.load_map(MAP)
        phase = state.pending.phase if state.pending is not None and state.actor == YOU else None
        shown = {"card": phase is None, "trade": phase == cc.Phase.MERCATOR, "done": phase == cc.Phase.MERCATOR,
                 "move": phase == cc.Phase.MOVE, "build": phase in (cc.Phase.MOVE, cc.Phase.BUILD),
                 "province": phase == cc.Phase.PREFECT}
        step = self.step
        for name, widget in self.focusable.items():
            widget.layout.display = None if shown[name] and step is not None else "none"
            widget.remove_class(FOCUS_CLASS)
        if step is not None:
            self.focusable[step.control].add_class(FOCUS_CLASS)
        self._options(self.card, [(cc.card(c).display_name, c) for c in dict.fromkeys(me.hand)])
        self._options(self.colonist, [(str(c), (c.kind, c.where)) for c in me.colonists])
        self._fill_routes()
        ends = {city for c in me.colonists if c.on_route for city in board.routes[c.where].ends}
        self._options(self.city, [(cc.city_name(c), c) for c in sorted(ends)])
        self._options(self.province, [(cc.province_name(p), p) for p in sorted(board.provinces)])
        # the map, with the overlay of the current decision
        you = state.index_of(YOU)
        overlay: Any = None
        if phase == cc.Phase.MOVE and step is not None and step.control == "move":
            start = step.expect.split()[1]
            kind = board.routes[step.expect.split("> ")[1]].kind
            overlay = ReachOverlay(start, kind, state.steps_left, you)
        elif phase in (cc.Phase.MOVE, cc.Phase.BUILD) and step is not None and step.control == "build":
            overlay = BuildOverlay(you)
        elif phase == cc.Phase.PREFECT and step is not None:
            overlay = ProduceOverlay(step.expect.split()[1], you)
        routes = {r for c in me.colonists for r in self._reach(c.kind, c.where)} if shown["move"] else set()
        picks = {"route": sorted(routes),
                 "city": [v for _l, v in self.city.options] if shown["build"] else [],
                 "province": [v for _l, v in self.province.options] if shown["province"] else []}
        self.board.show(state, overlay, pickable=picks)
        # what the tutor says
        whose = cc._("{whose} turn:", whose=cc.possessive(OPPONENT))
        told = "".join(f"<div style='margin-bottom:4px'><b>{esc(whose)}</b> {esc(t)}</div>" for t in self.told)
        if step is not None:
            heading = cc._("Step {n} of {total}.", n=self.step_index + 1, total=len(learner_steps()))
            intro = text_html(cc._(INTRO)) if self.step_index == 0 else ""
            self.tutor.value = (f"<div class='cc-tutor'>{intro}{told}<b>{esc(heading)}</b> "
                                f"{esc(cc._(step.say, **fields(state, step.words)))}</div>")
        else:
            self.tutor.value = f"<div class='cc-done'>{told}{esc(cc._(FINISH))}</div>"
            self.score.value = score_table(state)
        self.boards.value = (players_table(state) + f"<div><b>{esc(cc._('Your storehouse'))}</b></div>"
                             + storehouse_html(me))
        self.story.value = ("<details><summary>" + esc(cc._("What has happened so far")) + "</summary><ol>"
                          + "".join(f"<li>{esc(h)}</li>" for h in self.history) + "</ol></details>")


def guided_game() -> GuidedGame:
    """The chapter's widget: a new guided game each time it is called."""
    return GuidedGame()
