"""Exercises: a task, a widget the learner answers through, a Check button, the tutor's verdict, and a
"Show the answer" button that appears only after a first try (no spoilers).

The checking is a plain function `check(answer) -> Verdict` (kept in widgets/lessons/, one module
per chapter) so tests can feed it right and wrong answers without a browser. The answer shown on
request (`solution`) is computed only when the button is pressed. Every text goes through the
message catalog.
"""
from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

import concordia_core as cc

from ...parts.error_log import ErrorLog, guarded
from ...parts.style import page_style
from ...render import palette as pal


@dataclass(frozen=True)
class Verdict:
    """The tutor's answer: right or not, and a sentence explaining why (the mistake, named)."""

    correct: bool
    message: str

    def __bool__(self) -> bool:
        return self.correct


def right(message: str) -> Verdict:
    return Verdict(True, message)


def wrong(message: str) -> Verdict:
    return Verdict(False, message)


def whole_number(answer: Any, unit: str) -> int | Verdict:
    """The answer as a whole number, or the wrong() verdict asking for a whole number of `unit`."""
    try:
        return int(answer)
    except (TypeError, ValueError):
        return wrong(cc._("Answer with a whole number of {unit}.", unit=unit))


def verdict_html(verdict: Verdict) -> str:
    colour = pal.RIGHT if verdict.correct else pal.WRONG
    mark = cc._("✔ Right.") if verdict.correct else cc._("✘ Not yet.")
    return (f"<div class='cc-verdict' style='border-left:4px solid {colour};padding:4px 8px;margin:4px 0'>"
            f"<b style='color:{colour}'>{html.escape(mark)}</b> {html.escape(verdict.message)}</div>")


def solution_html(text: str) -> str:
    return (f"<div class='cc-solution' style='border-left:4px solid {pal.NOTE_EDGE};padding:4px 8px;margin:4px 0'>"
            f"<b>{html.escape(cc._('The answer:'))}</b> {html.escape(text)}</div>")


class Exercise(widgets.VBox):
    """A task answered through `answer` (any widget with a `.value`, or a callable giving the answer).

    `prompt` is HTML (escape plain text with `html.escape`). `solution()` gives the answer in a sentence; the "Show the
    answer" button that shows it is hidden until the learner has checked at least once; `on_reveal()` is
    called after the answer is shown."""

    def __init__(self, prompt: str, answer: widgets.Widget | Callable[[], Any], check: Callable[[Any], Verdict],
                 *, solution: Callable[[], str] | None = None, controls: list[widgets.Widget] | None = None,
                 on_reveal: Callable[[], None] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._revealed = on_reveal or (lambda: None)
        self.checker = check
        self.answer = answer
        self.solution = solution
        self.verdict: Verdict | None = None
        self.tries = 0
        self.error_log = ErrorLog()
        self.prompt = widgets.HTML(
            f"<div style='background:{pal.EXAMPLE_FILL};padding:6px 10px;border-radius:4px'>"
            + cc._("{exercise} {prompt}", exercise=f"<b>{html.escape(cc._('Exercise.'))}</b>", prompt=prompt) + "</div>")
        wide = widgets.Layout(width="auto", min_width="120px")
        self.check_button = widgets.Button(description=cc._("Check my answer"), button_style="primary", icon="check",
                                           layout=wide)
        self.check_button.on_click(guarded(lambda _: self.check(), self.error_log))
        self.reveal_button = widgets.Button(description=cc._("Show the answer"), icon="eye",
                                            layout=widgets.Layout(display="none", width="auto", min_width="120px"))
        self.reveal_button.on_click(guarded(lambda _: self.reveal(), self.error_log))
        self.feedback = widgets.HTML()
        self.solution_box = widgets.HTML()
        shown = controls if controls is not None else ([answer] if isinstance(answer, widgets.Widget) else [])
        buttons = widgets.HBox([self.check_button, self.reveal_button])
        self.children = [self.prompt, *shown, buttons, self.feedback, self.solution_box, self.error_log]

    def current_answer(self) -> Any:
        return self.answer() if callable(self.answer) and not isinstance(self.answer, widgets.Widget) \
            else self.answer.value

    def check(self) -> Verdict:
        """Ask the checker about the current answer and show its verdict; after a first try the
        "Show the answer" button appears."""
        self.verdict = self.checker(self.current_answer())
        self.tries += 1
        self.feedback.value = verdict_html(self.verdict)
        if self.solution is not None:
            self.reveal_button.layout.display = None
        return self.verdict

    @property
    def can_reveal(self) -> bool:
        return self.solution is not None and self.tries > 0

    def reveal(self) -> str:
        """Show the answer (only after at least one try); returns the text shown ('' if not yet)."""
        if not self.can_reveal:
            return ""
        assert self.solution is not None
        text = self.solution()
        self.solution_box.value = solution_html(text)
        self._revealed()          # an exercise may show more with the answer (a map overlay, say)
        return text


class GameExercise(Exercise):
    """The learner plays on a game through lesson controls (`controls_for(game, refresh)` builds them);
    `check(game)` judges the result. A Reset button puts the game back where the exercise started."""

    def __init__(self, prompt: str, make_game: Callable[[], cc.Game], check: Callable[[cc.Game], Verdict],
                 controls_for: Callable[[cc.Game, Callable[[], None]], widgets.Widget],
                 view: Callable[[cc.Game], str] | None = None, *, solution: Callable[[], str] | None = None,
                 **kwargs: Any) -> None:
        self.make_game = make_game
        self.game = make_game()
        self._start = len(self.game.history)
        self.view_of = view
        self.view = widgets.HTML()
        self.controls_for = controls_for
        self.play_area = widgets.VBox()
        self._log = ErrorLog()
        reset = widgets.Button(description=cc._("Reset the exercise"), icon="undo",
                               layout=widgets.Layout(width="auto", align_self="flex-start"))
        reset.on_click(guarded(lambda _: self.reset(), self._log))
        super().__init__(prompt, lambda: self.game, check, solution=solution,
                         controls=[page_style(), self.view, self.play_area, reset, self._log], **kwargs)
        self._build()

    def _build(self) -> None:
        self.play_area.children = [self.controls_for(self.game, self.refresh)]
        self.refresh()

    def refresh(self) -> None:
        if self.view_of is not None:
            self.view.value = self.view_of(self.game)

    def reset(self) -> None:
        self.game.rewind_to(self._start)
        self.feedback.value = ""
        self._build()
