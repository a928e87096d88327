"""Callback errors made visible: an Output-based log and a `guarded` wrapper (DESIGN.md "Widgets").

ipywidgets only logs exceptions raised inside callbacks, so a broken button would fail silently.
Every widget callback is wrapped with `guarded`: an engine explanation (IllegalAction) shows as a
friendly box with its rule id; anything else shows its traceback and is appended to
`CALLBACK_ERRORS`, which the widget tests check after each test.
"""
from __future__ import annotations

import functools
import html
import traceback
from collections.abc import Callable
from typing import Any, TypeVar

import ipywidgets as widgets

from concordia_core import ConcordiaError, IllegalAction

CALLBACK_ERRORS: list[BaseException] = []
"""Unexpected exceptions raised by any guarded callback (tests fail when this is not empty)."""

EXPLAINED: list[ConcordiaError] = []
"""Engine refusals shown to the learner by a guarded callback (expected, not failures)."""

F = TypeVar("F", bound=Callable[..., Any])


def explanation_html(err: ConcordiaError) -> str:
    """A friendly box with the engine's sentence and, for an IllegalAction, its rule id."""
    if isinstance(err, IllegalAction):
        text, rule = err.explanation, err.rule
        title = f"Not allowed <span style='font-family:monospace'>({html.escape(rule)})</span>"
    else:
        text, title = str(err), "Cannot read that"
    return ("<div style='border:1px solid #d9a400;background:#fff8e1;padding:4px 8px;border-radius:4px'>"
            f"<b>{title}</b>: {html.escape(text)}</div>")


class ErrorLog(widgets.Output):
    """Shows callback problems in the UI; `messages` keeps their plain text for tests."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.messages: list[str] = []

    def _append_html(self, markup: str, plain: str) -> None:
        # Written as output records so it works with or without a running kernel.
        record = {"output_type": "display_data", "metadata": {},
                  "data": {"text/html": markup, "text/plain": plain}}
        self.outputs = self.outputs + (record,)
        self.messages.append(plain)

    def explain(self, err: ConcordiaError) -> None:
        """Show an engine refusal (expected: the learner tried something not allowed)."""
        EXPLAINED.append(err)
        self._append_html(explanation_html(err), str(err))

    def note(self, text: str) -> None:
        """Show a plain notice (not an error: e.g. an optional view that is not available)."""
        self._append_html(f"<div style='color:#555'>{html.escape(text)}</div>", text)

    def report(self, exc: BaseException) -> None:
        """Show an unexpected exception with its traceback and record it for the tests."""
        CALLBACK_ERRORS.append(exc)
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        markup = ("<div style='border:1px solid #c62828;background:#ffebee;padding:4px 8px'>"
                  f"<b>Internal error in a widget callback</b><pre>{html.escape(text)}</pre></div>")
        self._append_html(markup, text)

    def clear(self) -> None:
        """Empty the visible log (the module-level records stay)."""
        self.outputs = ()
        self.messages.clear()


def guarded(callback: F, log: ErrorLog | None) -> F:
    """Wrap a widget callback so no exception is lost: explain engine refusals, report the rest."""

    @functools.wraps(callback)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return callback(*args, **kwargs)
        except ConcordiaError as err:
            if log is not None:
                log.explain(err)
            else:
                EXPLAINED.append(err)
        except Exception as exc:  # noqa: BLE001 - shown in the UI and recorded for tests
            if log is not None:
                log.report(exc)
            else:
                CALLBACK_ERRORS.append(exc)
        return None

    return wrapper  # type: ignore[return-value]
