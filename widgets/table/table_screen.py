"""TableApp: a game at one table - people taking turns at one screen (hot-seat) and practice bots - with
the game told in words, hints, undo that works with bots, the first-game intermediate scoring (R-MID-1 to
R-MID-4), the final screen (R-SCORE-9) beside the board, save/resume by name, and (for a learner's own table) a
save made on its own after every move, offered back when the table is opened again (autosave.py).

The map, the controls, the boards, the score and the log are a GameApp (composed, not rewritten); this
module adds what a table needs around it. Every rule question goes to the engine: whose turn
(`state.actor`), the bots' choices and reasons (`bots`), the hints (`bots.hints`), the log
(`cc.narrate`), the records and prizes (`state.mid_scores`, `state.mid_payout`).
"""
from __future__ import annotations

import time
from threading import Thread
from typing import Any

import ipywidgets as widgets

import concordia_core as cc
from concordia_core import bots

from ..parts.access import ControlAccess
from ..parts.error_log import ErrorLog, guarded
from ..parts.focus import FocusKeeper
from ..parts.inputs import button, fold
from ..parts.save_box import SavesBox, ok_html, problem_html
from ..parts.scroll import ScrollAnchor
from ..render.end_near import end_warnings
from ..render.last_play import Changes, changes
from ..render.markup import esc
from ..render.refusal import os_reason
from ..render.words import capital, progress_words
from ..screen.game_screen import GameApp
from ..screen.hooks import ScreenHooks
from ..support import saves, visitor
from . import saved
from .autosave import Autosave
from .hints import TOP, HintBox
from .model import BotMove, TableModel
from .pass_screen import PassScreen
from .resume import ResumeOffer
from .screens import final_html, final_words, mid_scoring_html
from .seats import Seat, check_seats, default_map, who_label

BOT_STEP_LIMIT = 5000   # run_bots stops after this many steps (press again to go on)
REFRESH_EVERY = 0.25    # seconds: while bots play, the screen is redrawn after a bot step at most this often
IN_PROGRESS = "cc-game-in-progress"   # the class of a table a person is playing: leaving its page asks first
# where the focus goes after a move, the first shown of: the pass screen's button, the end of the game, the hand,
# the board's first pickable piece, the step's controls, the table's buttons (Hint)
NEXT_TO_DO = [".cc-pass", ".cc-final-box", ".cc-controls .cc-cardrow .cc-pickable", ".cc-board .cc-pickable",
              ".cc-controls", ".cc-table-tools"]


class TableApp(widgets.VBox):
    """A table of 2-5 seats (people and bots) playing one game. `run_bots()` plays until a person must act;
    `undo()` goes back to the last decision of a person; `show_hints()` / `play_hint(k)`; `save()`/`load()`
    and, by name, `save_file(name)` / `load_file(name)`. With `autosave` (a save name), the table saves itself
    under that name after every move once a person has played, and (unless not `offer_saved`) offers to go on
    with a game in progress saved there."""

    def __init__(self, seats: list[Seat], map_name: str | None = None, seed: int = 1, first_game: bool = True,
                 *, auto: bool = True, game: cc.Game | None = None, autosave: str | None = None,
                 offer_saved: bool = True, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("cc-table")
        self.autosave = Autosave(autosave) if autosave else None
        self.saved_note = widgets.HTML()
        self._moved_here = False        # a person has played at this table on this page
        self._saving_when_known = False  # a save waits for the page to learn its visitor (app mode, preheated)
        seats = check_seats(list(seats), seed)
        if game is None:   # a new game; `load` passes the game it read (its players are the seats)
            game = cc.Game(cc.Setup(map_name or default_map(len(seats)), [s.name for s in seats], seed, first_game))
        self.table_log = ErrorLog()
        self.status = widgets.HTML()
        self.auto_play = widgets.Checkbox(value=auto, description=cc._("Bots play by themselves"), indent=False,
                                          layout=widgets.Layout(width="auto"))
        self.bot_button = button(cc._("Let the bots play"), icon="play")
        self.step_button = button(cc._("One bot step"), icon="step-forward")
        self.hint_button = button(cc._("Hint"), "info", icon="lightbulb-o", tooltip=cc._("the best card plays for you now"))
        self.undo_button = button(cc._("Undo my last move"), icon="undo",
                                  tooltip=cc._("back to the last decision of a person at this table"))
        self.pass_screen = PassScreen()
        self.pass_anchor = ScrollAnchor()
        self._passing = False
        self.confirm_button = self.pass_screen.confirm_button
        self.pass_message = self.pass_screen.message
        self.final = widgets.HTML()
        self.mid = widgets.HTML()
        self.notice = widgets.HTML()
        self.hints = HintBox(self.play_hint, log=self.table_log)
        self.hint_html = self.hints.html
        self.files = SavesBox(self.save, self._load_text, log=self.table_log)
        self.file_name, self.save_button = self.files.name, self.files.save_button        # the Save box: a NAME
        self.load_button = self.files.load_button
        for b, callback in ((self.bot_button, lambda _: self.run_bots()), (self.step_button, lambda _: self.bot_step()),
                            (self.hint_button, lambda _: self.show_hints()), (self.undo_button, lambda _: self.undo()),
                            (self.confirm_button, lambda _: self.confirm())):
            b.on_click(guarded(callback, self.table_log))
        self.auto_play.observe(guarded(lambda _c: self.after_change(), self.table_log), names="value")
        self.view: GameApp
        self.offer = ResumeOffer(self.autosave, self._load_text, self.table_log) \
            if self.autosave and offer_saved else None
        self.focus = FocusKeeper(".cc-table", NEXT_TO_DO)
        self._followed: cc.GameState | None = None    # the position the focus last went to the next thing in
        self._setup(game, seats)

    # --- building and rebuilding the table ------------------------------------------------------
    def _setup(self, game: cc.Game, seats: list[Seat]) -> None:
        """(Re)build the table for `game` and `seats` (used by __init__ and by Load)."""
        self.model = TableModel(game, seats)
        model = self.model
        self.last_hints: list[bots.Hint] = []
        self.hint_lines: list[list[cc.Action]] = []
        self._hints_for: cc.GameState | None = None
        self.thinking: Thread | None = None     # the judge's final answer, worked out in the background
        self._running = False
        self._drawn_at = 0.0
        old = getattr(self, "view", None)
        self.hint_fold = fold(cc._("Hints"), self.hints, open_=False)
        hooks = ScreenHooks(hand_visible=model.may_see_hand, may_act=model.person_may_act, waiting_text=model.waiting_text,
                            undo_point=model.undo_point, undo_label=cc._("Undo my last move"), on_rewind=self._rewound,
                            note_for=model.reason_for, on_refresh=self.after_change, play=model.play)
        self.view = GameApp(game, hooks=hooks)
        if old is not None:
            old.close()
        # the table's buttons head the column beside the map, so they stay in view with the decision
        toolbar = widgets.VBox([widgets.HBox([self.hint_button, self.undo_button],
                                             layout=widgets.Layout(flex_flow="row wrap")),
                                widgets.HBox([self.auto_play, self.bot_button, self.step_button],
                                             layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
                                self.notice])
        toolbar.add_class("cc-table-tools")
        self.view.add_to_side(toolbar, 0)
        # the hints right under the decision they are for: opening them moves neither the board nor the hand
        self.view.add_to_side(self.hint_fold, self.view.side.children.index(self.view.controls) + 1)
        # the end of the game (the final score, god by god) and Save beside the board, where the eyes are
        self.final.add_class("cc-final-box")
        self.view.add_to_side(self.final, 1)
        self.files_fold = fold(cc._("Save or load this table"), self.files, open_=False)
        self.files_fold.add_class("cc-save-box")
        self.view.add_to_side(self.files_fold, self.view.side.children.index(self.hint_fold) + 1)
        self.children = [*([self.offer] if self.offer else []), self.status, self.saved_note, self.pass_anchor,
                         self.pass_screen, self.view, self.mid, self.table_log, self.focus, ControlAccess(".cc-table")]
        self.view.refresh()   # brings the table screens up to date and lets the bots play in auto mode

    @property
    def game(self) -> cc.Game:
        return self.model.game

    @property
    def state(self) -> cc.GameState:
        return self.model.game.state

    def save(self) -> str:
        """The table as JSON text: the seats (kinds and bot seeds), who holds the device, the game record."""
        return self.model.save()

    def confirm(self) -> None:
        """'I am NAME - show my hand': the person who must act now takes the device."""
        self.model.take_device()
        self.view.refresh()
        self.bring_into_view()

    def bring_into_view(self) -> None:
        """Scroll the page to what the person at the screen needs now: the pass screen, or the board and the
        controls (nothing moves when it is all in view)."""
        if self.model.waiting_for_pass():
            self.pass_anchor.bring()
        else:
            self.view.bring_into_view()

    # --- playing --------------------------------------------------------------------------------
    def play(self, action: cc.Action | str) -> bool:
        """Play a person's step through the same path as the controls' buttons."""
        if not self.model.person_may_act(self.state):
            who = self.state.actor or cc._("nobody")
            self.view.controls.message.value = esc(cc._("It is {player}'s turn to act, not the person at the "
                                                         "screen.", player=who))
            return False
        return self.view.controls.attempt(action)

    def bot_step(self) -> int:
        """The bot that must act makes one step; returns the number of steps made (0 or 1)."""
        return self.run_bots(max_steps=1)

    def run_bots(self, max_steps: int = BOT_STEP_LIMIT) -> int:
        """Let the bots play until a person must act or the game is over (at most `max_steps` steps). The
        screen follows each bot step (redrawn at most every REFRESH_EVERY seconds)."""
        self.model.hold = False
        return self._run(max_steps)

    def _run(self, max_steps: int) -> int:
        if self._running:
            return 0
        self._running = True
        try:
            made = self.model.run_bots(max_steps, on_step=self._bot_stepped)
        finally:
            self._running = False
        if made:
            self.view.refresh()
        if made == max_steps and self.model.bot_to_act() and max_steps > 1:
            self.table_log.note(cc._("The bots made {n} steps without a person to act; press “Let the bots play” "
                                     "to go on.", n=made))
        return made

    def _bot_stepped(self) -> None:
        """While the bots play, the screen follows them (redrawn at most every REFRESH_EVERY seconds)."""
        if time.monotonic() - self._drawn_at >= REFRESH_EVERY:
            self._drawn_at = time.monotonic()
            self.view.refresh()

    # --- undo -----------------------------------------------------------------------------------
    def undo(self) -> None:
        """Back to the last decision of a person; the bots wait until that person acts again."""
        self.view.history.undo()

    def _rewound(self) -> None:
        """After an undo or a jump: the bots wait and forget what was undone (the hints go with the refresh)."""
        self.model.rewound()

    # --- hints ----------------------------------------------------------------------------------
    def show_hints(self, top: int = TOP, *, final: bool = True) -> list[bots.Hint]:
        """The best `top` card plays for the person who must act, each with a Play button: the judge's first
        answer at once, then (unless not `final`) its final one, worked out in the background while the table
        stays usable."""
        self.hint_fold.selected_index = 0
        if not self.model.person_may_act(self.state):
            self.last_hints, self.hint_lines, self._hints_for = [], [], None
            self.hints.clear(cc._("Hints are for the person holding the device, on their turn."))
            return []
        state = self.state
        first = bots.hints(state, top, budget=bots.FIRST)
        self._present(state, first, thinking=final)
        if not final:
            return self.last_hints
        self.thinking = self.model.think(state, top, lambda final: self._final_hints(state, final),
                                         self.table_log.report)
        return self.last_hints

    def _final_hints(self, state: cc.GameState, final: list[bots.Hint]) -> None:
        """The judge's final answer for `state`, shown if the table is still at that position."""
        if self._hints_for is state:
            self._present(state, final, thinking=False)

    def _present(self, state: cc.GameState, hints: list[bots.Hint], thinking: bool) -> None:
        self.last_hints = list(hints)
        self.hint_lines = [list(h.line) for h in self.last_hints]
        self._hints_for = state
        self.hints.show(state, self.last_hints, self.hint_lines, thinking=thinking)
        if hints:       # said to a screen reader: the box itself opens beside the controls
            self.view.live.say([cc._("Hint 1, a first answer (still thinking): {reason}", reason=hints[0].reason)
                                if thinking else cc._("Hint 1: {reason}", reason=hints[0].reason)])

    def final_hints(self, timeout: float = 60.0) -> list[bots.Hint]:
        """The hints once the judge's final answer is shown (waits for the background work, at most `timeout`)."""
        if self.thinking is not None:
            self.thinking.join(timeout)
        return self.last_hints

    def play_hint(self, k: int = 0) -> bool:
        """Play the whole card play of hint `k` (from the last Hint press, for this very position)."""
        if self._hints_for is not self.state or not 0 <= k < len(self.last_hints):
            self.hints.clear(cc._("Press Hint first: the hints were for another position."))
            return False
        me = self.state.actor
        self.view.controls.clear_message()
        for action in self.hint_lines[k]:      # through the controls, as a move made by hand: one path
            if self.state.over or self.state.actor != me or not self.view.controls.attempt(action):
                break
        self.view.refresh()
        return True

    def _forget_hints(self) -> None:
        """The hints shown were for another position: away with them."""
        self.last_hints, self.hint_lines, self._hints_for = [], [], None
        self.hints.clear()
        self.hint_fold.selected_index = None

    # --- screens --------------------------------------------------------------------------------
    def after_change(self) -> None:
        """Bring every table screen up to date with the game (called after each refresh of the view)."""
        state = self.state
        count = len(self.game.history)
        if count > self.model.seen and self.model.is_person(self.game.state_at(count - 1).actor):
            self._moved_here = True
        self.model.heard_change()           # a person acted: the bots may go on
        self._keep_saved()
        if self._hints_for is not None and self._hints_for is not state:
            self._forget_hints()
        passing = self.model.waiting_for_pass()
        if passing:
            entries = self.view.history.entries
            self.pass_screen.show(state, state.actor or "", entries, self._changes_since_turn(entries, state.actor or ""))
        self.pass_screen.layout.display = None if passing else "none"
        self.view.layout.display = "none" if passing else None
        if passing and not self._passing:
            self.pass_anchor.bring()       # the device goes round: the pass screen where the board was
        self._passing = passing
        person_acts = self.model.person_may_act(state)
        self.hint_button.disabled = not person_acts
        self.undo_button.disabled = not self.game.history
        self.bot_button.disabled = self.step_button.disabled = not self.model.bot_to_act()
        by_hand = not self.auto_play.value or self.model.hold      # the bot buttons matter only then
        self.bot_button.layout.display = self.step_button.layout.display = None if by_hand else "none"
        was_over = bool(self.final.value)
        self.final.value = final_html(state) if state.over else ""
        if state.over and not was_over:
            self.view.live.say([final_words(state)])
        self._place_save(state.over)
        if self._moved_here and not state.over:
            self.add_class(IN_PROGRESS)
        else:
            self.remove_class(IN_PROGRESS)
        self.mid.value = mid_scoring_html(state)
        self.status.value = self._status_html(state)
        self.notice.value = (f"<div class='cc-notice'>{esc(self.model.waiting_text(state))}</div>"
                             if self.model.hold and self.model.bot_to_act() else "")
        if self.auto_play.value and not self._running and not self.model.hold and self.model.bot_to_act():
            self._run(BOT_STEP_LIMIT)
        self._follow(state)

    def _place_save(self, over: bool) -> None:
        """Save under the hints while the game goes on; once it is over, open right under the final score (the
        buttons for playing put away), so both are in view beside the board."""
        side = list(self.view.side.children)
        side.remove(self.files_fold)
        side.insert(side.index(self.final if over else self.hint_fold) + 1, self.files_fold)
        if side != list(self.view.side.children):
            self.view.side.children = side
            self.files_fold.selected_index = 0 if over else self.files_fold.selected_index
        for part in (self.auto_play, self.hint_button):
            part.layout.display = "none" if over else None

    def _follow(self, state: cc.GameState) -> None:
        """After a move, the focus goes to the next thing to do at this screen: the pass screen, the end of the
        game, or the person's step (not while a bot plays: it goes there when the person's turn comes)."""
        if state is self._followed or self.state is not state or self._running:
            return
        if state.over or self.model.waiting_for_pass() or self.model.person_may_act(state):
            self._followed = state
            self.focus.follow()

    def _changes_since_turn(self, entries: list[cc.narrate.Entry], player: str) -> Changes:
        """What changed on the board since `player`'s last turn (marked on the pass screen's board)."""
        since = cc.narrate.since_last_turn(entries, player)
        return changes(self.game.state_at(since[0].first - 1), self.state) if since else Changes()

    def _status_html(self, state: cc.GameState) -> str:
        seats = " · ".join(esc(cc._("{player} ({who})", player=s.name, who=who_label(s))) for s in self.model.seats)
        if state.over:
            now = cc._("the game is over")
        else:
            actor = state.actor or ""
            now = (cc._("{player} must choose what to keep", player=actor) if actor != state.to_move
                   else cc._("{player} to move", player=actor))
        mode = cc._("first game: intermediate scoring on (R-MID-1)") if state.first_game else cc._("standard game")
        head = cc._("Concordia table · {map} · {mode} · seed {seed}", map=self.game.map.display_name, mode=mode,
                    seed=self.game.seed)
        near = "".join(f"<br><span class='cc-end-near' role='status'>{esc(w)}</span>" for w in end_warnings(state))
        progress = progress_words(state)
        return (f"<b>{esc(head)}</b><br>{cc._('Seats: {seats}', seats=seats)}<br>"
                f"<span class='cc-progress' data-steps='{len(self.game.history)}'>{esc(capital(progress))}</span>"
                f" · <b>{esc(now)}</b>{near}")

    def _keep_saved(self) -> None:
        """Save the table on its own after a move (a learner's own table, once a person has played in it); say so,
        or why it could not be saved."""
        if self.autosave is None:
            return
        if visitor.preheated():      # a page made ahead of its visitor: saved once it knows whose saves to use
            if not self._saving_when_known:
                self._saving_when_known = True
                visitor.when_known(self._keep_saved)
            return
        try:
            if self.autosave.keep(self.model):
                self.saved_note.value = ok_html(cc._("Saved on its own after every move, as “{name}”.",
                                                     name=self.autosave.name))
        except (saves.SaveNameError, OSError) as err:
            reason = os_reason(err) if isinstance(err, OSError) else str(err)
            self.saved_note.value = problem_html(cc._("This game could not be saved on its own: {reason}",
                                                      reason=reason))

    # --- save and resume ------------------------------------------------------------------------
    @classmethod
    def load(cls, text: str | bytes, *, auto: bool = False, autosave: str | None = None) -> TableApp:
        """A table resumed from `save()` text: same game, same seats (cc.RecordError, a clear sentence, if bad)."""
        game, seats, viewer = saved.read(text)
        table = cls(seats, auto=False, game=game, autosave=autosave, offer_saved=False)
        table._wait(viewer, auto)
        return table

    def _resume(self, game: cc.Game, seats: list[Seat], viewer: str | None) -> None:
        auto = self.auto_play.value
        self.auto_play.value = False
        self._setup(game, seats)
        self._wait(viewer, auto)

    def _wait(self, viewer: str | None, auto: bool) -> None:
        """A resumed table: `viewer` holds the device and the bots wait for its people (or a press of the bot
        button), whether or not they play by themselves."""
        self.model.viewer = viewer
        self.model.hold = True
        self.auto_play.value = auto
        self.view.refresh()

    def _load_text(self, text: str) -> str:
        game, seats, viewer = saved.read(text)
        self._resume(game, seats, viewer)
        return cc._("Loaded: {progress}, {player} to act.", progress=progress_words(game.state),
                    player=game.state.actor or "—")

    def save_file(self, name: str) -> bool:
        """Save the table under a name in the saves folder (a plain sentence in the box either way)."""
        return self.files.save_as(name)

    def load_file(self, name: str) -> bool:
        """Resume the table saved under a name; a bad name or file is explained and nothing changes."""
        return self.files.load_named(name)


__all__ = ["BotMove", "TableApp"]
