"""A game at one table as a model, no widgets: the seats (people and practice bots), the bots themselves,
who holds the device, whether the bots wait (after an undo, until a person acts or asks them), the bots'
moves with their reasons, and how far Undo goes. The table screen (`table_screen.TableApp`) shows it and
asks it; every rule question still goes to the engine (whose turn: `state.actor`; the bots' choices:
`bots`)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from threading import Thread

import concordia_core as cc
from concordia_core import bots

from ..support.background import in_background
from . import saved
from .seats import HUMAN, Seat


@dataclass(frozen=True)
class BotMove:
    """One bot step as told at the table: step number, who, the step in words and why."""

    step: int
    player: str
    level: str
    action: str
    reason: str

    def __str__(self) -> str:
        return cc._("{step}. {player} ({level}): {action} - {reason}", step=self.step, player=self.player,
                    level=bots.level_name(self.level), action=self.action, reason=self.reason)


class TableModel:
    """The table's state around its game: `seats`, `bots`, `viewer` (the person holding the device, or None),
    `hold` (the bots wait), `bot_moves` and `reasons` (step -> the bot's reason)."""

    def __init__(self, game: cc.Game, seats: list[Seat]) -> None:
        self.game = game
        self.seats = seats
        self.kind = {s.name: s.kind for s in seats}
        self.bots = {s.name: bots.make(s.kind, s.seed or 0) for s in seats if s.is_bot}
        self.bot_moves: list[BotMove] = []
        self.reasons: dict[int, str] = {}
        people = self.humans()
        # one person at the table holds the device from the start: there is nobody to hide a hand from
        self.viewer: str | None = people[0] if len(people) == 1 else None
        self.hold = False                 # after an undo or a jump the bots wait until a person acts (or is asked)
        self.seen = len(game.history)

    @property
    def state(self) -> cc.GameState:
        return self.game.state

    # --- who acts, who sees ---------------------------------------------------------------------
    def humans(self) -> list[str]:
        return [s.name for s in self.seats if not s.is_bot]

    def is_person(self, name: str | None) -> bool:
        return name is not None and self.kind.get(name) == HUMAN

    def bot_to_act(self) -> bool:
        """True when the player who must act now (state.actor) is a bot."""
        actor = self.state.actor
        return actor is not None and not self.is_person(actor)

    def waiting_for_pass(self) -> bool:
        """True when a person must act who is not the one holding the device (hot-seat)."""
        actor = self.state.actor
        return self.is_person(actor) and actor != self.viewer

    def person_may_act(self, state: cc.GameState) -> bool:
        """The controls are for the person holding the device, on their turn."""
        return not state.over and self.is_person(state.actor) and state.actor == self.viewer

    def waiting_text(self, state: cc.GameState) -> str:
        actor = state.actor or ""
        if self.is_person(actor):
            return cc._("Waiting for {player} to take the device.", player=actor)
        if self.hold:
            return cc._("{player} (practice bot) waits: press “Let the bots play” or “One bot step”.", player=actor)
        return cc._("{player} (practice bot) is choosing…", player=actor)

    def may_see_hand(self, name: str) -> bool:
        """A hand is shown to its owner holding the device; with no person at the table, all are shown."""
        return not self.humans() or (name == self.viewer and not self.waiting_for_pass())

    def take_device(self) -> None:
        """'I am NAME - show my hand': the person who must act now takes the device."""
        if self.waiting_for_pass():
            self.viewer = self.state.actor

    # --- the moves: one path, whoever makes them ----------------------------------------------------
    def play(self, action: cc.Action | str) -> None:
        """Make a move at this table (a person's, from the controls or a hint): the engine checks it (a refusal
        raises, and nothing changes)."""
        self.game.play(action)

    def run_bots(self, max_steps: int, on_step: Callable[[], None] = lambda: None) -> int:
        """The bots play until a person must act or the game is over (at most `max_steps` steps); `on_step` after
        each step but the last. How many steps were made."""
        made = 0
        while made < max_steps and self.bot_to_act():
            self.bot_move()
            made += 1
            if self.bot_to_act():
                on_step()
        return made

    def think(self, state: cc.GameState, top: int, answer: Callable[[list[bots.Hint]], None],
              failed: Callable[[BaseException], None]) -> Thread | None:
        """The judge's final hints for `state`, worked out in the background (`think`)."""
        return think(state, top, answer, failed)

    # --- the bots -------------------------------------------------------------------------------
    def bot_move(self) -> BotMove:
        """The bot that must act makes one step (told with its reason)."""
        state = self.state
        name = state.actor
        assert name is not None
        choice = self.bots[name].choose(state)
        self.game.play(choice.action)
        step = len(self.game.history)
        self.reasons[step] = choice.reason
        move = BotMove(step, name, self.kind[name], cc.narrate.done_words(state, choice.action), choice.reason)
        self.bot_moves.append(move)
        return move

    def heard_change(self) -> None:
        """After any change of the game: once a person has acted, the bots may go on."""
        count = len(self.game.history)
        if count > self.seen and self.is_person(self.game.state_at(count - 1).actor):
            self.hold = False
        self.seen = count

    # --- undo -----------------------------------------------------------------------------------
    def undo_point(self) -> int:
        """How many steps Undo keeps: back to the last decision of a person at the table (one step at a table
        of bots only)."""
        history = self.game.history
        for k in range(len(history) - 1, -1, -1):
            if self.is_person(self.game.state_at(k).actor):
                return k
        return max(0, len(history) - 1)

    def rewound(self) -> None:
        """After an undo or a jump: the bots wait, the bot log forgets what was undone."""
        self.hold = True
        count = len(self.game.history)
        self.bot_moves = [m for m in self.bot_moves if m.step <= count]
        self.reasons = {k: v for k, v in self.reasons.items() if k <= count}
        self.seen = count
        actor = self.state.actor
        if self.is_person(actor) and len(self.humans()) > 1:
            self.viewer = actor      # the person who undid holds the device and decides again

    def reason_for(self, entry: cc.narrate.Entry) -> str | None:
        """The bot's reason for a card play it made (shown under its line in the log)."""
        reason = self.reasons.get(entry.first) if entry.turn and not self.is_person(entry.player) else None
        return cc._("Why: {player} {reason}", player=entry.player, reason=reason) if reason else None

    # --- save and resume ------------------------------------------------------------------------
    def save(self) -> str:
        """The table as JSON text (`saved.dump`)."""
        return saved.dump(self.seats, self.viewer, self.game)


def think(state: cc.GameState, top: int, answer: Callable[[list[bots.Hint]], None],
          failed: Callable[[BaseException], None]) -> Thread | None:
    """The judge's final hints for `state`, worked out in the background; `answer(hints)` when done (or
    `failed(error)`). The thread, already started; in the browser (Pyodide, which has no threads: the static
    site) the work is put on the kernel's own loop instead, after the first answer has been shown, and None."""
    def work() -> None:
        try:
            hints = bots.hints(state, top)
        except Exception as err:  # noqa: BLE001 - handed to `failed`, which shows it: never lost
            failed(err)
            return
        answer(hints)
    return in_background(work)
