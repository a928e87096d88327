"""Callback errors made visible: an Output-based log and a `guarded` wrapper.

ipywidgets only logs exceptions raised inside callbacks, so a broken button would fail silently.
Every widget callback is wrapped with `guarded`: an engine refusal (IllegalAction) shows as a
friendly box with the rule it cites, that rule's text and a link to it in docs/rules.md; a file
problem (OSError) as a plain sentence; anything else as a plain sentence too, with the traceback
sent to the log (never shown to a learner) and appended to `CALLBACK_ERRORS`, which the widget tests
check after each test.
"""
from __future__ import annotations

import functools
import html
import logging
from collections.abc import Callable
from typing import Any, TypeVar

import ipywidgets as widgets

from concordia_core import ConcordiaError

from ..render.palette import DANGER, ERROR_FILL
from ..render.refusal import explanation_html, problem_sentence

CALLBACK_ERRORS: list[BaseException] = []
"""Unexpected exceptions raised by any guarded callback (tests fail when this is not empty)."""

EXPLAINED: list[ConcordiaError] = []
"""Engine refusals shown to the learner by a guarded callback (expected, not failures)."""

F = TypeVar("F", bound=Callable[..., Any])


LOG = logging.getLogger("widgets")


class ErrorLog(widgets.Output):
    """Shows callback problems in the UI; `messages` keeps their plain text for tests."""

    outputs: tuple[dict[str, Any], ...]     # the Output widget's records (a traitlet)

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
        self._append_html(f"<div class='cc-muted'>{html.escape(text)}</div>", text)

    def report(self, exc: BaseException) -> None:
        """Show an unexpected exception as a plain sentence (the traceback goes to the log) and record it
        for the tests."""
        CALLBACK_ERRORS.append(exc)
        LOG.error("widget callback failed", exc_info=exc)
        text = problem_sentence(exc)
        markup = (f"<div class='cc-problem' style='border:1px solid {DANGER};background:{ERROR_FILL};padding:4px 8px'>"
                  f"{html.escape(text)}</div>")
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
