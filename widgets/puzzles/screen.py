"""The puzzle screen: a set of puzzles played one at a time on the game screen (a GameApp whose hooks let only the
puzzle's seat act and show only its hand; the other seats are the bots they were), grouped by theme, with Start
again, a hint, the answer, the next puzzle and a table from the position to play on against the bots. Once the
learner's play is over the judge answers beside the board: measured against the play made and the best found (the
play-outs run in the background when they must), and what the idea was. The results are kept with the learner's
saves after every answer (saved.py)."""
from __future__ import annotations

from threading import Thread
from typing import Any

import ipywidgets as widgets

import concordia_core as cc
from concordia_core import bots

from ..parts.error_log import ErrorLog, guarded
from ..parts.inputs import WIDE, button
from ..parts.save_box import ok_html, problem_html
from ..parts.scroll import ScrollAnchor
from ..render import palette as pal
from ..render.markup import esc
from ..render.words import capital
from ..screen.game_screen import GameApp
from ..screen.hooks import ScreenHooks
from ..support import visitor
from ..support.background import in_background
from ..table.table_screen import TableApp
from . import saved, words
from .model import PuzzleModel, keep

ANSWER_BOX = "cc-puzzle-answer"
BOX = ("<div class='{cls}' style='border:1px solid {border};border-radius:6px;padding:6px 8px;margin:4px 0;"
       "background:{bg};overflow-wrap:anywhere'>{body}</div>")


def box(body: str, cls: str, border: str = pal.PUZZLE_EDGE, bg: str = pal.PUZZLE_FILL) -> str:
    return BOX.format(cls=cls, border=border, bg=bg, body=body)


def _para(*texts: str) -> str:
    return "".join(f"<p style='margin:2px 0'>{esc(t)}</p>" for t in texts if t)


class PuzzleScreen(widgets.VBox):
    """Choose a set (the tutor's, or one made from your game), a theme and a puzzle; play it on the board. It opens
    `found` (the tutor's own set with the learner's results) at puzzle `index` (the first not solved yet)."""

    def __init__(self, found: saved.PuzzleSet | None = None, index: int | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("cc-puzzles")
        self.error_log = ErrorLog()
        self.sets = widgets.Dropdown(description=cc._("Puzzle set"), style=WIDE, layout=widgets.Layout(width="auto"))
        self.theme = widgets.Dropdown(description=cc._("Theme"), style=WIDE, layout=widgets.Layout(width="auto"))
        self.choice = widgets.Dropdown(description=cc._("Puzzle"), style=WIDE, layout=widgets.Layout(width="auto"))
        self.progress = widgets.HTML()
        self.own = widgets.HTML()
        self.task = widgets.HTML()
        self.answer = widgets.HTML()
        self.idea = widgets.HTML()
        self.note = widgets.HTML()
        self.retry_button = button(cc._("Start again"), icon="undo")
        self.hint_button = button(cc._("Hint"), "info", icon="lightbulb-o")
        self.show_button = button(cc._("See the answer"), icon="eye")
        self.next_button = button(cc._("Next puzzle"), "primary", icon="forward")
        self.on_button = button(cc._("Play on against the bots"), icon="play")
        for b, act in ((self.retry_button, self.retry), (self.hint_button, self.give_hint),
                       (self.show_button, self.show_answer), (self.next_button, self.next_puzzle),
                       (self.on_button, self.play_on)):
            b.on_click(guarded(lambda _b, act=act: act(), self.error_log))
        self.panel = widgets.VBox([self.task, widgets.HBox([self.retry_button, self.hint_button, self.show_button,
                                                            self.next_button, self.on_button],
                                                           layout=widgets.Layout(flex_flow="row wrap")),
                                   self.answer, self.idea, self.note])
        self.panel.add_class("cc-puzzle-panel")
        self.holder = widgets.VBox()
        self.table_holder = widgets.VBox()
        self.thinking: Thread | None = None
        self._busy = False
        self._quiet = False                 # the menus are being filled: their changes open nothing
        self.view: GameApp | None = None
        self.model = PuzzleModel(found or saved.shipped_set(), index)
        self.sets.observe(guarded(lambda _c: self._set_chosen(), self.error_log), names="value")
        self.theme.observe(guarded(lambda _c: self._theme_chosen(), self.error_log), names="value")
        self.choice.observe(guarded(lambda _c: self._puzzle_chosen(), self.error_log), names="value")
        self.children = [widgets.HBox([self.sets, self.theme, self.choice], layout=widgets.Layout(flex_flow="row wrap")),
                         self.progress, self.own, self.holder, self.table_holder, self.error_log]
        self.refresh_sets()
        self._fill_themes()
        self.open_puzzle(self.model.index)
        if visitor.preheated():      # a page made ahead of its visitor lists their sets once they are known
            visitor.when_known(self.refresh_sets)

    # --- choosing ---------------------------------------------------------------------------------------
    def refresh_sets(self) -> None:
        """The sets to choose from: the tutor's own and every set made from the learner's games."""
        options = [(cc._("the tutor's puzzle set"), saved.PROGRESS)]
        own = saved.own_names()
        options += [(cc._("from your game: {name}", name=n[len(saved.PREFIX):]), n) for n in own]
        self.own.value = _para(cc._("Your own puzzles, from your reviewed games (in the Puzzle set menu): {sets}.",
                                    sets=cc.listing(n[len(saved.PREFIX):] for n in own)) if own else
                               cc._("No puzzles of your own yet: review a game in chapter 19, or at a table whose game "
                                    "is over, and each decision the review charged becomes a puzzle here."))
        current = self.model.found.name
        if current not in [v for _l, v in options]:
            options.append((cc._("from your game: {name}", name=self.model.found.title), current))
        self._quiet = True
        try:
            self.sets.options = options
            self.sets.value = current
        finally:
            self._quiet = False

    def _set_chosen(self) -> None:
        name = self.sets.value
        if self._quiet or name is None or name == self.model.found.name:
            return
        try:
            found = saved.shipped_set() if name == saved.PROGRESS else saved.load(name)
        except (cc.RecordError, cc.ConcordiaError) as err:
            self.note.value = problem_html(str(err))
            return
        self.use(found)

    def use(self, found: saved.PuzzleSet, index: int | None = None) -> None:
        """Play another set of puzzles, from puzzle `index` (the first not solved yet)."""
        self.model = PuzzleModel(found, index)
        self.refresh_sets()
        self._fill_themes()
        self.open_puzzle(self.model.index)

    def in_theme(self) -> list[int]:
        """The puzzles of the theme chosen (all with none), by index."""
        key = self.theme.value or ""
        return [i for i, p in enumerate(self.model.found.puzzles) if not key or key in p.themes]

    def _fill_themes(self) -> None:
        listed = self.model.found.puzzles
        counts = {t: sum(t in p.themes for p in listed) for t in bots.puzzles.THEME_ORDER}
        options = [(cc._("every theme ({n})", n=len(listed)), "")]
        options += [(cc._("{theme} ({n})", theme=capital(bots.puzzles.theme_name(t)), n=n), t)
                    for t, n in counts.items() if n]
        self._quiet = True
        try:
            self.theme.options = options
            self.theme.value = ""
        finally:
            self._quiet = False

    def _theme_chosen(self) -> None:
        if not self._quiet:
            among = self.in_theme()
            self.open_puzzle(among[0] if among and self.model.index not in among else self.model.index)

    def _puzzle_chosen(self) -> None:
        if not self._quiet and self.choice.value is not None and self.choice.value != self.model.index:
            self.open_puzzle(self.choice.value)

    def _fill_choice(self) -> None:
        found = self.model.found
        options = []
        for i in self.in_theme() or [self.model.index]:
            p, r = found.puzzles[i], found.results.get(found.puzzles[i].id, saved.Result())
            mark = cc._(" · solved ✓") if r.solved else (cc._(" · answer seen") if r.shown else "")
            where = cc._("{map}, {players} players", map=cc.term("map", p.state.map_id), players=len(p.state.players))
            options.append((cc._("{n}. {where}{mark}", n=i + 1, where=where, mark=mark), i))   # no card named: no spoiler
        self._quiet = True
        try:
            self.choice.options = options
            self.choice.value = self.model.index
        finally:
            self._quiet = False
        total = len(found.puzzles)
        self.progress.value = _para(cc._("Solved {solved} of {total}. Each puzzle was measured to the end of the "
                                         "game: the best play found beats the one made by more than its uncertainty.",
                                         solved=found.solved(), total=total))      # a paragraph: its own line height

    # --- a puzzle on the board ------------------------------------------------------------------------------
    def open_puzzle(self, index: int) -> None:
        """Show puzzle `index` at its position, ready to be played."""
        self.model.open(index)
        self.table_holder.children = []
        self._show_puzzle()

    def _show_puzzle(self) -> None:
        model = self.model
        hooks = ScreenHooks(hand_visible=lambda name: name == model.learner, may_act=model.may_act,
                            waiting_text=model.waiting_text, rewind=False, play=model.play,
                            on_refresh=self.after_change)
        old = self.view
        self.view = GameApp(model.game, hooks=hooks)
        self.view.add_to_side(self.panel, 0)
        self.holder.children = [self.view]
        if old is not None:
            old.close()
        self.task.value = box(_para(words.task(model.puzzle, model.found.own), words.made(model.puzzle)),
                              "cc-puzzle-task", pal.FOCUS, pal.TASK_FILL)     # the play to beat, named
        self.answer.value = self.idea.value = self.note.value = ""
        self._fill_choice()
        self._buttons()

    def after_change(self) -> None:
        """After every refresh of the board: the bots' storehouse choices, then the judge once the play is over."""
        if self._busy or self.view is None:
            return
        self._busy = True
        try:
            if self.model.run_bots():
                self.view.refresh()
            if self.model.done() and self.model.answer is None and self.thinking is None:
                self._judge()
        finally:
            self._busy = False
        self._buttons()

    def _judge(self) -> None:
        """The judge's answer: at once when the play is one of the puzzle's lines, else measured in the background."""
        model = self.model
        if not model.needs_measuring():
            model.judge()
            self._answered()
            return
        self.answer.value = box(_para(words.measuring(bots.puzzles.ANSWER_PLAYOUTS)), ANSWER_BOX)
        state, puzzle = model.game.state, model.puzzle

        def work() -> None:
            try:
                found, measured = model.measure()
                if model.game.state is state and model.puzzle is puzzle:
                    model.record(found, measured)
                    self._answered()
            except Exception as err:  # noqa: BLE001 - shown in the screen's error log, never lost
                self.error_log.report(err)
            finally:
                self.thinking = None
                self._buttons()
        self.thinking = in_background(work)

    def wait(self, timeout: float = 300.0) -> None:
        """Until the judge's answer worked out in the background is shown (tests, scripts)."""
        thinking = self.thinking
        if thinking is not None:
            thinking.join(timeout)

    def _answered(self, shown: bool = False) -> None:
        """Show the judge's answer (and, once found or shown, the best line, why, and the idea); keep the results."""
        model, answer = self.model, self.model.answer
        if answer is None:
            return
        puzzle = model.puzzle
        solved = answer.solved or shown
        texts = [words.verdict(answer, puzzle) if not shown else words.shown(answer, puzzle),
                 words.best(puzzle) if answer.solved and answer.same != "best" else "",
                 cc._("Why: {reason}", reason=words.reason(puzzle)) if solved else ""]
        colour = (pal.SUCCESS, pal.DONE_FILL) if answer.solved else (pal.UNSOLVED_EDGE, pal.CAUTION_FILL)
        self.answer.value = box(_para(*texts), ANSWER_BOX, *colour)
        self.idea.value = box(_para(words.idea(puzzle)), "cc-puzzle-idea", pal.NOTICE, pal.IDEA_FILL) if solved else ""
        if self.view is not None:
            self.view.live.say([texts[0]])
        self._keep()
        self._fill_choice()

    def _keep(self) -> None:
        problem = keep(self.model.found)
        self.note.value = problem_html(cc._("Your results could not be kept: {reason}", reason=problem)) if problem \
            else ok_html(cc._("Your results are kept with your saves."))

    def _buttons(self) -> None:
        measuring = self.thinking is not None
        answered = bool(self.idea.value)          # solved or shown: the idea is there, nothing left to hint
        self.hint_button.disabled = self.show_button.disabled = measuring or answered
        self.retry_button.disabled = measuring or not self.model.line
        self.next_button.disabled = len(self.in_theme() or [self.model.index]) < 2

    # --- the buttons ------------------------------------------------------------------------------------
    def retry(self) -> None:
        """Back to the puzzle's position, to try again."""
        self.model.retry()
        self.answer.value = self.idea.value = ""
        if self.view is not None:
            self.view.refresh()
        self._buttons()

    def give_hint(self) -> None:
        count = self.model.hint()
        self.answer.value = box(_para(words.hint(self.model.puzzle, count)), ANSWER_BOX, pal.ANSWER_EDGE, pal.ANSWER_FILL)
        self._keep()

    def show_answer(self) -> None:
        """Play the best line on the board and say what it is, how it measured and why."""
        self.model.show_answer()
        self.model.judge(tried=False)
        if self.view is not None:
            self._busy = True
            try:
                self.view.refresh()
            finally:
                self._busy = False
        self._answered(shown=True)
        self._buttons()

    def bring_into_view(self) -> None:
        """Scroll the page to the board and the puzzle beside it (when they are not all in view)."""
        if self.view is not None:
            self.view.bring_into_view()

    def next_puzzle(self) -> None:
        self.open_puzzle(self.model.next_index(self.in_theme()))

    def play_on(self) -> TableApp:
        """A table from the position on the board: you in your seat, the bots in theirs, to the end of the game."""
        model = self.model
        table = TableApp(model.seats(), game=model.game.branch(), auto=True)
        anchor = ScrollAnchor()         # the heading at the window's top: a new game below, not the puzzle's board
        heading = widgets.HTML(f"<h3 style='margin:6px 0'>{esc(cc._('Playing on from here against the bots:'))}</h3>")
        self.table_holder.children = [anchor, heading, table]
        anchor.bring()
        return table


__all__ = ["PuzzleScreen"]
