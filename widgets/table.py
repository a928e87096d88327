"""TableApp: a first game at one table (issue 7) - people in hot-seat and practice bots, hints, the
first-game intermediate scoring (R-MID-1..4), the final screen (R-SCORE-9) and save/resume.

The human's controls, the map, boards, score and history are a GameApp (composed, not rewritten);
this module adds what a table needs around it. Every rule question goes to the engine: whose turn
(`state.actor`), the bots' choices and reasons (`bots`), the hints (`bots.hints`), the records and
prizes (`state.mid_scores`, `state.mid_payout`), the ranking (`cc.final_ranking`).
"""
from __future__ import annotations

import html
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ipywidgets as widgets

import concordia_core as cc
from concordia_core import bots

from .app import GameApp
from .errors import ErrorLog, guarded
from .scoreview import GOD_LABELS, score_table_html

KINDS = ("human", *bots.LEVELS)
FORMAT = "concordia-tutor-table"
VERSION = 1
DEFAULT_FILE = "concordia_game.json"
BOT_STEP_LIMIT = 5000   # run_bots stops after this many steps (press again to go on)
LOG_SHOWN = 40          # bot moves listed on screen (all are kept in `bot_moves`)


def _esc(text: Any) -> str:
    return html.escape(str(text))


@dataclass(frozen=True)
class Seat:
    """A seat at the table: a player's name and who plays it ("human", "random" or "greedy").
    A bot's `seed` defaults to one derived from the table's seed."""

    name: str
    kind: str = "human"
    seed: int | None = None

    @property
    def is_bot(self) -> bool:
        return self.kind != "human"


@dataclass(frozen=True)
class BotMove:
    """One bot step as listed at the table: step number, who, the action in notation and why."""

    step: int
    player: str
    level: str
    action: str
    reason: str

    def __str__(self) -> str:
        return f"{self.step}. {self.player} ({self.level}): {self.action} - {self.reason}"


def default_map(players: int) -> str:
    """Italia where the player count allows it, else the map that does (R-SETUP-1; 3-4 may ask for Imperium)."""
    maps = cc.maps_for(players)
    return "italia" if "italia" in maps else (maps[0] if maps else "italia")


def check_seats(seats: list[Seat], seed: int) -> list[Seat]:
    """Validate the seats (2-5, known kinds) and give every bot its seed."""
    counts = cc.player_counts()
    if len(seats) not in counts:
        raise cc.SetupError(f"a table has {counts[0]} to {counts[-1]} seats, not {len(seats)}", "R-SETUP-1")
    checked = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, Seat):
            raise cc.SetupError(f"seat {i + 1} must be a Seat(name, kind), not {seat!r}")
        kind = str(seat.kind).strip().lower()
        if kind not in KINDS:
            raise cc.SetupError(f"seat {seat.name!r}: kind {seat.kind!r} is unknown; kinds are {', '.join(KINDS)}")
        bot_seed = None if kind == "human" else (seat.seed if seat.seed is not None else seed * 100 + i)
        checked.append(Seat(seat.name, kind, bot_seed))
    return checked


# --- views built from a state (no rules here: the engine supplies every number) -------------------
def mid_scoring_html(state: cc.GameState) -> str:
    """The first-game records (R-MID-2) and, once everyone has one, the prizes explained (R-MID-3/4)."""
    if not state.first_game:
        return ""
    names = [p.name for p in state.players]
    records = state.mid_scores
    rows = "".join(f"<li>{_esc(n)}: " + ("<i>first Tribune not played yet</i>" if r is None
                                         else f"recorded <b>{r}</b> points") + "</li>"
                   for n, r in zip(names, records, strict=False))
    text = ("<b>First-game intermediate scoring</b> (R-MID-1..4): right after a player's first Tribune "
            f"they are scored as in final scoring, and the result is recorded (R-MID-2).<ul>{rows}</ul>")
    if state.mid_payout is not None:
        text += prize_explanation(names, [r or 0 for r in records], list(state.mid_payout))
    return f"<div style='border:1px solid #b8860b;border-radius:6px;padding:6px;margin:4px 0'>{text}</div>"


def prize_explanation(names: list[str], records: list[int], paid: list[int]) -> str:
    """The engine's payout in words: places by standard competition ranking (R-MID-3)."""
    items = []
    for name, record, coins in sorted(zip(names, records, paid, strict=True), key=lambda x: -x[1]):
        place = 1 + sum(r > record for r in records)
        tied = [n for n, r in zip(names, records, strict=True) if r == record and n != name]
        shared = f", tied with {', '.join(tied)}" if tied else ""
        items.append(f"<li>{_esc(name)}: {record} points, place {place}{_esc(shared)} → "
                     f"<b>{coins} coin{'s' * (coins != 1)}</b></li>")
    return ("<b>Everyone has a record: the prizes are paid</b> (R-MID-3). The highest gets 2 coins, the next 1. "
            "Tied players share a place and its prize, and the place after them is skipped (standard competition "
            f"ranking, this project's reading of the rule).<ul>{''.join(items)}</ul>"
            "The records now return to 0 and are never added to the final score; the prize coins are real "
            "coins and count for Vesta (R-MID-4).")


def tie_explanation(state: cc.GameState) -> str:
    """Every tie in the final totals, broken in words (R-SCORE-9), or '' when no totals tie."""
    totals = {p.name: cc.score(state, p.name).total for p in state.players}
    order = cc.tiebreak_names(state)
    ranking = cc.final_ranking(state)
    lines = []
    for total in sorted(set(totals.values()), reverse=True):
        tied = [n for n in ranking if totals[n] == total]
        if len(tied) < 2:
            continue
        holder = order[0]
        if holder in tied:
            why = f"{holder} holds Praefectus Magnus, so {holder} ranks first among them"
        else:
            path = " → ".join(order[: order.index(tied[0]) + 1])
            why = (f"{holder} holds Praefectus Magnus but is not among them; the card passes to the right "
                   f"(to the player who played just before, against turn order): {path}, so {tied[0]} "
                   "would receive it first")
        lines.append(f"<li>{_esc(' and '.join(tied))} tie on {total} points. {_esc(why)}; "
                     f"their order: {_esc(' > '.join(tied))} (R-SCORE-9).</li>")
    return f"<p><b>Tie-break</b></p><ul>{''.join(lines)}</ul>" if lines else ""


def final_html(state: cc.GameState) -> str:
    """The final screen: ranking with totals, every player's per-god breakdown, the tie-break in words."""
    ranking = cc.final_ranking(state)
    items = "".join(f"<li><b>{_esc(n)}</b>: {cc.score(state, n).total} points</li>" for n in ranking)
    ender = state.concordia_holder
    ended = f"<p>{_esc(ender)} ended the game and took the Concordia card (R-END-1).</p>" if ender else ""
    return ("<div class='concordia-final' style='border:2px solid #2e7d32;border-radius:6px;padding:8px;margin:4px 0'>"
            f"<h3 style='margin:2px 0'>Game over: {_esc(ranking[0])} wins</h3>{ended}"
            f"<ol class='ranking'>{items}</ol>{tie_explanation(state)}{score_table_html(state)}</div>")


def hints_html(hints: list[bots.Hint]) -> str:
    """The hints as a table: step in notation, why, and the change of the score now per god."""
    if not hints:
        return "<i>No hint: nothing to choose.</i>"
    cell = "padding:2px 6px;border:1px solid #ccc;vertical-align:top"
    rows = []
    for k, h in enumerate(hints, start=1):
        gods = ", ".join(f"{GOD_LABELS.get(g, g)} {n:+d}" for g, n in h.score_change.items() if n) or "no change yet"
        rows.append(f"<tr><td style='{cell}'>{k}</td><td style='{cell}'><code>{_esc(h.action)}</code></td>"
                    f"<td style='{cell}'>{_esc(h.reason)}</td><td style='{cell}'>{_esc(gods)}</td>"
                    f"<td style='{cell};text-align:right'>{h.total_change:+d}</td></tr>")
    return ("<b>Hints</b> (best first; the score change is for the whole card play, counted as if the game "
            "ended then):<table style='border-collapse:collapse;font-size:90%'>"
            f"<tr><th style='{cell}'>#</th><th style='{cell}'>Step</th><th style='{cell}'>Why</th>"
            f"<th style='{cell}'>Score change per god</th><th style='{cell}'>Total</th></tr>{''.join(rows)}</table>")


# --- widgets -----------------------------------------------------------------------------------------
class TableApp(widgets.VBox):
    """A table of 2-5 seats (people and bots) playing one game, with hints, the first-game
    intermediate scoring, a final screen and save/resume. `run_bots()` plays until a person must act."""

    def __init__(self, seats: list[Seat], map_name: str | None = None, seed: int = 1, first_game: bool = True,
                 *, auto: bool = True, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        seats = check_seats(list(seats), seed)
        game = cc.new_game(map_name or default_map(len(seats)), [s.name for s in seats], seed, first_game=first_game)
        self.auto_play = widgets.Checkbox(value=auto, description="Bots play by themselves", indent=False)
        self.bot_button = widgets.Button(description="Let the bots play", icon="play",
                                         tooltip="the bots play until a person must act")
        self.step_button = widgets.Button(description="One bot step", tooltip="the bot to act makes one step")
        self.hint_button = widgets.Button(description="Hint", icon="lightbulb-o", tooltip="the 3 best steps now")
        self.file_name = widgets.Text(value=DEFAULT_FILE, description="File")
        self.save_button = widgets.Button(description="Save", icon="save")
        self.load_button = widgets.Button(description="Load", icon="folder-open")
        self.file_status = widgets.HTML()
        self.status = widgets.HTML()
        self.pass_message = widgets.HTML()
        self.confirm_button = widgets.Button(button_style="success")
        self.pass_screen = widgets.VBox([self.pass_message, self.confirm_button],
                                        layout=widgets.Layout(border="2px solid #ef6c00", padding="12px"))
        self.final = widgets.HTML()
        self.mid = widgets.HTML()
        self.events = widgets.HTML()
        self.hint_html = widgets.HTML()
        self.hint_buttons = widgets.HBox()
        self.bot_log = widgets.HTML()
        self.table_log = ErrorLog()
        for button, callback in ((self.bot_button, lambda _: self.run_bots()),
                                 (self.step_button, lambda _: self.bot_step()),
                                 (self.hint_button, lambda _: self.show_hints()),
                                 (self.save_button, lambda _: self.save_file()),
                                 (self.load_button, lambda _: self.load_file()),
                                 (self.confirm_button, lambda _: self.confirm())):
            button.on_click(guarded(callback, self.table_log))
        self.view: GameApp
        self._setup(game, seats)

    # --- building and rebuilding the table ------------------------------------------------------
    def _setup(self, game: cc.Game, seats: list[Seat]) -> None:
        """(Re)build the table for `game` and `seats` (used by __init__ and by Load)."""
        self._game = game
        self.seats = seats
        self.kind = {s.name: s.kind for s in seats}
        self.bots = {s.name: bots.make(s.kind, s.seed) for s in seats if s.is_bot}
        self.bot_moves: list[BotMove] = []
        self.announcements: list[str] = []
        self.last_hints: list[bots.Hint] = []
        self._hints_for: cc.GameState | None = None
        people = [s.name for s in seats if not s.is_bot]
        # one person at the table holds the device from the start: there is nobody to hide a hand from
        self.viewer: str | None = people[0] if len(people) == 1 else None
        self._running = False
        self._seen = game.state
        self.view = GameApp(game, hand_visible=self.may_see_hand, on_refresh=self.after_change)
        toolbar = widgets.HBox([self.bot_button, self.step_button, self.auto_play, self.hint_button],
                               layout=widgets.Layout(flex_flow="row wrap"))
        files = widgets.HBox([self.file_name, self.save_button, self.load_button, self.file_status],
                             layout=widgets.Layout(flex_flow="row wrap"))
        self.children = [self.status, toolbar, self.pass_screen, self.final, self.mid, self.events,
                         widgets.VBox([self.hint_html, self.hint_buttons]), self.view, self.bot_log, files,
                         self.table_log]
        self.after_change()   # brings the table screens up to date and lets the bots play in auto mode

    @property
    def game(self) -> cc.Game:
        return self._game

    @property
    def state(self) -> cc.GameState:
        return self._game.state

    # --- who acts, who sees ---------------------------------------------------------------------
    def humans(self) -> list[str]:
        return [s.name for s in self.seats if not s.is_bot]

    def bot_to_act(self) -> bool:
        """True when the player who must act now (state.actor) is a bot."""
        actor = self.state.actor
        return actor is not None and self.kind[actor] != "human"

    def waiting_for_pass(self) -> bool:
        """True when a person must act who is not the one holding the device (hot-seat)."""
        actor = self.state.actor
        return actor is not None and self.kind[actor] == "human" and actor != self.viewer

    def may_see_hand(self, name: str) -> bool:
        """A hand is shown to its owner holding the device; with no person at the table, all are shown."""
        return not self.humans() or (name == self.viewer and not self.waiting_for_pass())

    def confirm(self) -> None:
        """'I am NAME - show my hand': the person who must act now takes the device."""
        if self.waiting_for_pass():
            self.viewer = self.state.actor
        self.view.refresh()

    # --- playing --------------------------------------------------------------------------------
    def play(self, action: cc.Action | str) -> bool:
        """Play a person's step through the same path as the controls' Apply button."""
        if self.bot_to_act() or self.waiting_for_pass():
            who = self.state.actor or "nobody"
            self.view.controls.message.value = f"It is {_esc(who)}'s turn to act, not the person at the screen."
            return False
        return self.view.controls.attempt(action)

    def _bot_move(self) -> None:
        state = self.state
        name = state.actor
        choice = self.bots[name].choose(state)
        self.game.play(choice.action)
        self.bot_moves.append(BotMove(len(self.game.history), name, self.kind[name], str(choice.action), choice.reason))

    def bot_step(self) -> int:
        """The bot that must act makes one step; returns the number of steps made (0 or 1)."""
        return self.run_bots(max_steps=1)

    def run_bots(self, max_steps: int = BOT_STEP_LIMIT) -> int:
        """Let the bots play until a person must act or the game is over (at most `max_steps` steps)."""
        if self._running:
            return 0
        self._running = True
        made = 0
        try:
            while made < max_steps and self.bot_to_act():
                self._bot_move()
                made += 1
            if made:
                self.view.refresh()
        finally:
            self._running = False
        if made == max_steps and self.bot_to_act() and max_steps > 1:
            self.table_log.note(f"The bots made {made} steps without a person to act; press "
                                     "'Let the bots play' to go on.")
        return made

    # --- hints ----------------------------------------------------------------------------------
    def show_hints(self, top: int = 3) -> list[bots.Hint]:
        """The engine's best `top` steps for the person who must act, shown with a Play button each."""
        if self.state.over or self.bot_to_act() or self.waiting_for_pass():
            self.last_hints, self._hints_for = [], None
            self.hint_html.value = "<i>Hints are for the person holding the device, on their turn.</i>"
            self.hint_buttons.children = ()
            return []
        self.last_hints = bots.hints(self.state, top)
        self._hints_for = self.state
        self.hint_html.value = hints_html(self.last_hints)
        buttons = []
        for k in range(len(self.last_hints)):
            b = widgets.Button(description=f"Play hint {k + 1}")
            b.on_click(guarded(lambda _b, k=k: self.play_hint(k), self.table_log))
            buttons.append(b)
        self.hint_buttons.children = buttons
        return self.last_hints

    def play_hint(self, k: int = 0) -> bool:
        """Play the first step of hint `k` (from the last Hint press, for this very position)."""
        if self._hints_for is not self.state or not 0 <= k < len(self.last_hints):
            self.hint_html.value = "<i>Press Hint first: the hints were for another position.</i>"
            return False
        return self.play(self.last_hints[k].action)

    # --- screens --------------------------------------------------------------------------------
    def after_change(self) -> None:
        """Bring every table screen up to date with the game (called after each refresh of the view)."""
        state = self.state
        self._announce(self._seen, state)
        self._seen = state
        if self._hints_for is not None and self._hints_for is not state:
            self.last_hints, self._hints_for = [], None
            self.hint_html.value = ""
            self.hint_buttons.children = ()
        passing = self.waiting_for_pass()
        if passing:
            self.pass_message.value = (f"<h3 style='margin:2px 0'>Pass the device to {_esc(state.actor)}</h3>"
                                       f"{_esc(state.actor)} must act now. Everyone else, look away: the next "
                                       "screen shows their hand.")
            self.confirm_button.description = f"I am {state.actor} — show my hand"
        self.pass_screen.layout.display = None if passing else "none"
        self.view.layout.display = "none" if passing else None
        person_acts = not passing and not self.bot_to_act() and not state.over
        self.view.controls.layout.display = None if person_acts else "none"
        self.hint_button.disabled = not person_acts
        self.bot_button.disabled = self.step_button.disabled = not self.bot_to_act()
        self.final.value = final_html(state) if state.over else ""
        self.mid.value = mid_scoring_html(state)
        self.events.value = "".join(f"<div style='color:#6a1b9a'>{a}</div>" for a in self.announcements[-3:])
        self.status.value = self._status_html(state)
        self.bot_log.value = self._bot_log_html()
        if self.auto_play.value and not self._running and self.bot_to_act():
            self.run_bots()

    def _announce(self, before: cc.GameState, after: cc.GameState) -> None:
        """Note the intermediate-scoring events that happened between two states (R-MID-2/3)."""
        if not after.first_game:
            return
        for i, p in enumerate(after.players):
            old = before.mid_scores[i] if i < len(before.mid_scores) else None
            new = after.mid_scores[i] if i < len(after.mid_scores) else None
            if old is None and new is not None:
                self.announcements.append(f"R-MID-2: {_esc(p.name)} played their first Tribune and is scored as in "
                                          f"final scoring: <b>{new}</b> points recorded.")
        if before.mid_payout is None and after.mid_payout is not None:
            paid = ", ".join(f"{_esc(p.name)} +{c}" for p, c in zip(after.players, after.mid_payout, strict=True))
            self.announcements.append(f"R-MID-3: everyone has a record; prize coins paid: {paid}.")

    def _status_html(self, state: cc.GameState) -> str:
        seats = " · ".join(f"{_esc(s.name)} ({s.kind})" for s in self.seats)
        if state.over:
            now = "the game is over"
        else:
            actor = state.actor
            doing = "must choose what to keep" if actor != state.to_move else "to move"
            now = f"<b>{_esc(actor)}</b> ({self.kind[actor]}) {doing}"
        mode = "first game: intermediate scoring on (R-MID-1)" if state.first_game else "standard game"
        return (f"<b>Concordia table</b> · {_esc(self.game.map.name)} · {mode} · seed {self.game.seed}<br>"
                f"Seats: {seats}<br>Step {len(self.game.history)} · {now}")

    def _bot_log_html(self) -> str:
        if not self.bot_moves:
            return ""
        rows = "".join(f"<li value='{m.step}'><b>{_esc(m.player)}</b>: <code>{_esc(m.action)}</code> — "
                       f"{_esc(m.reason)}</li>" for m in self.bot_moves[-LOG_SHOWN:])
        return (f"<b>Bot moves</b> ({len(self.bot_moves)} in all, the last {min(LOG_SHOWN, len(self.bot_moves))} "
                f"shown)<ol style='max-height:220px;overflow:auto;font-size:90%'>{rows}</ol>")

    # --- save and resume ------------------------------------------------------------------------
    def save(self) -> str:
        """The table as JSON text: the seats (kinds and bot seeds) and the game record (Game.to_json)."""
        return json.dumps({"format": FORMAT, "version": VERSION,
                           "seats": [{"name": s.name, "kind": s.kind, "seed": s.seed} for s in self.seats],
                           "viewer": self.viewer, "game": json.loads(self.game.to_json())}, indent=1,
                          ensure_ascii=False)

    @staticmethod
    def read(text: str | bytes) -> tuple[cc.Game, list[Seat], str | None]:
        """Parse a saved table: the replayed game, the seats and who held the device (cc.RecordError if bad)."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as exc:
            raise cc.RecordError(f"the file is not a saved table (not valid JSON: {exc})") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise cc.RecordError("the file is not a saved Concordia table (its 'format' is not "
                              f"{FORMAT!r}); a plain game record can be opened with cc.Game.from_json")
        if data.get("version") != VERSION:
            raise cc.RecordError(f"unknown saved-table version {data.get('version')!r}; this tutor reads {VERSION}")
        seats_data = data.get("seats")
        if not isinstance(seats_data, list) or not all(isinstance(s, dict) for s in seats_data):
            raise cc.RecordError("the saved table has no list of seats")
        try:
            seats = [Seat(str(s["name"]), str(s["kind"]), s.get("seed")) for s in seats_data]
            seats = check_seats(seats, 0)
        except (KeyError, cc.ConcordiaError) as exc:
            raise cc.RecordError(f"the saved seats are invalid: {exc}") from None
        game = cc.Game.from_json(json.dumps(data.get("game")))
        names = [p.name for p in game.initial.players]
        if sorted(names) != sorted(s.name for s in seats):
            raise cc.RecordError(f"the seats {[s.name for s in seats]} do not match the game's players {names}")
        viewer = data.get("viewer")
        return game, seats, viewer if viewer in names else None

    @classmethod
    def load(cls, text: str | bytes, *, auto: bool = False) -> TableApp:
        """A table resumed from `save()` text: same game, same seats (cc.RecordError, a clear sentence, if bad)."""
        game, seats, viewer = cls.read(text)
        table = cls(seats, game.map_name, game.seed, game.first_game, auto=False)
        table.auto_play.value = auto
        table._resume(game, seats, viewer)
        return table

    def _resume(self, game: cc.Game, seats: list[Seat], viewer: str | None) -> None:
        auto = self.auto_play.value
        self.auto_play.value = False
        self._setup(game, seats)
        self.viewer = viewer
        self.auto_play.value = auto
        self.view.refresh()

    def save_file(self, path: str | None = None) -> Path:
        """Write `save()` to `path` (default: the file name box) and say where."""
        target = Path(path or self.file_name.value or DEFAULT_FILE)
        target.write_text(self.save(), encoding="utf-8")
        self.file_status.value = f"Saved step {len(self.game.history)} to <code>{_esc(target)}</code>."
        return target

    def load_file(self, path: str | None = None) -> bool:
        """Resume the table saved in `path` (default: the file name box); a bad file is explained."""
        target = Path(path or self.file_name.value or DEFAULT_FILE)
        try:
            game, seats, viewer = self.read(target.read_bytes())
        except OSError as exc:
            self.file_status.value = f"<span style='color:#c62828'>Cannot read {_esc(target)}: {_esc(exc.strerror)}</span>"
            return False
        except cc.ConcordiaError as exc:
            self.file_status.value = f"<span style='color:#c62828'>Cannot load {_esc(target)}: {_esc(exc)}</span>"
            return False
        self._resume(game, seats, viewer)
        self.file_status.value = f"Loaded <code>{_esc(target)}</code> at step {len(game.history)}."
        return True


__all__ = ["BotMove", "Seat", "TableApp", "check_seats", "default_map", "final_html",
           "hints_html", "mid_scoring_html", "prize_explanation", "tie_explanation"]
