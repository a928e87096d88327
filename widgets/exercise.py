"""Exercises: a task, a widget the learner answers through, a Check button and the tutor's verdict.

The checking is a plain function `check(answer) -> Verdict` (kept in widgets/lessons/, one module
per chapter) so tests can feed it right and wrong answers without a browser. A `GameExercise`
lets the learner play on a real game through the action controls; its checker inspects the game.
"""
from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

import concordia_core as cc

from .errors import ErrorLog, guarded


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
        return wrong(f"Answer with a whole number of {unit}, not {answer!r}.")


def verdict_html(verdict: Verdict) -> str:
    colour, mark = ("#1b7837", "✔ Right") if verdict.correct else ("#b2182b", "✘ Not yet")
    return (f"<div style='border-left:4px solid {colour};padding:4px 8px;margin:4px 0'>"
            f"<b style='color:{colour}'>{mark}.</b> {html.escape(verdict.message)}</div>")


class Exercise(widgets.VBox):
    """A task answered through `answer` (any widget with a `.value`, or a callable giving the answer)."""

    def __init__(self, prompt: str, answer: widgets.Widget | Callable[[], Any], check: Callable[[Any], Verdict],
                 *, controls: list[widgets.Widget] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.checker = check
        self.answer = answer
        self.verdict: Verdict | None = None
        self.error_log = ErrorLog()
        self.prompt = widgets.HTML(f"<div style='background:#f4f1ea;padding:6px 10px;border-radius:4px'>"
                                   f"<b>Exercise.</b> {prompt}</div>")
        self.check_button = widgets.Button(description="Check my answer", button_style="primary", icon="check")
        self.check_button.on_click(guarded(lambda _: self.check(), self.error_log))
        self.feedback = widgets.HTML()
        shown = controls if controls is not None else ([answer] if isinstance(answer, widgets.Widget) else [])
        self.children = [self.prompt, *shown, self.check_button, self.feedback, self.error_log]

    def current_answer(self) -> Any:
        return self.answer() if callable(self.answer) and not isinstance(self.answer, widgets.Widget) \
            else self.answer.value

    def check(self) -> Verdict:
        """Ask the checker about the current answer and show its verdict."""
        self.verdict = self.checker(self.current_answer())
        self.feedback.value = verdict_html(self.verdict)
        return self.verdict


class GameExercise(Exercise):
    """The learner plays on `game` through the tutor's controls; `check(game)` judges the result.
    A Reset button puts the game back where the exercise started."""

    def __init__(self, prompt: str, game: cc.Game, check: Callable[[cc.Game], Verdict], **kwargs: Any) -> None:
        from .app import GameApp  # the full screen: map, controls, boards, history

        self.game = game
        self._start = len(game.history)
        self.app = GameApp(game)
        reset = widgets.Button(description="Reset the exercise", icon="undo")
        reset.on_click(guarded(lambda _: self.reset(), self.app.error_log))
        super().__init__(prompt, lambda: self.game, check, controls=[self.app, reset], **kwargs)

    def reset(self) -> None:
        self.game.rewind_to(self._start)
        self.app.refresh()
        self.feedback.value = ""
