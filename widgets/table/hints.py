"""Hints a learner can trust: the practice bots' best card plays for the person asking, worded for them
("you"), ordered by one measure shown on screen, each with its reason, the whole play in words, and a
button that plays the whole hinted play (not just its first step).

From the bots package each Hint brings `.action`, `.reason` (addressed to "you"), `.value` (the measure)
and `.line` (every action of the recommended play).
"""
from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

import concordia_core as cc
from concordia_core import bots

from ..parts.error_log import ErrorLog, guarded

TOP = 3


def measure_text() -> str:
    """The one measure the hints are ordered by, as shown above them."""
    return cc._("Best first by the expected final-score difference to your best opponent once the play is "
                "done (the practice bots' estimate, in points).")


def measure_line(value: float) -> str:
    """'Expected difference to your best opponent: +1.3 points'."""
    return cc._("Expected difference to your best opponent: {value}", value=value_text(value))


def value_text(value: float) -> str:
    """'+3.5 points', '−1.0 point'."""
    sign = "+" if value >= 0 else "−"
    return cc._("{sign}{n} points", sign=sign, n=round(abs(value), 1))


def score_now_text(change: Mapping[str, int]) -> str:
    """The change of the 'if the game ended now' score per god ('Jupiter +1, Saturnus +1'), or 'no change yet'."""
    parts = [cc._("{god} {n}", god=cc.god_name(g), n=format(n, "+d")) for g, n in change.items() if n]
    return cc.listing(parts) if parts else cc._("no change yet")


class HintBox(widgets.VBox):
    """The hints of one position: the measure, then for each its rank, reason, whole play, value and a Play
    button (`play(k)` is called with its index)."""

    def __init__(self, play: Callable[[int], object], log: ErrorLog | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._play = play
        self.error_log = log
        self.html = widgets.HTML()
        self.buttons = widgets.VBox()
        self.children = [self.html, self.buttons]

    def clear(self, text: str = "") -> None:
        self.html.value = f"<i>{html.escape(text)}</i>" if text else ""
        self.buttons.children = ()

    def show(self, state: cc.GameState, hints: Sequence[bots.Hint], lines: Sequence[Sequence[cc.Action]]) -> None:
        if not hints:
            self.clear(cc._("No hint: there is nothing to choose."))
            return
        best = hints[0].value
        rows = []
        for k, (h, line) in enumerate(zip(hints, lines, strict=True), start=1):
            plan = cc.narrate.plan_words(state, list(line))
            now = cc._("score now: {change}", change=score_now_text(h.score_change))
            behind = "" if k == 1 else " " + cc._("({diff} against hint 1)", diff=value_text(h.value - best))
            rows.append(f"<li style='margin:4px 0'><b>{html.escape(h.reason)}</b><br>"
                        f"<span style='color:#333'>{html.escape(plan)}</span><br>"
                        f"<span style='color:#555'>{html.escape(measure_line(h.value))}"
                        f"{html.escape(behind)} · {html.escape(now)}"
                        "</span></li>")
        self.html.value = (f"<b>{html.escape(cc._('Hints'))}</b> <span style='color:#555'>"
                           f"{html.escape(measure_text())}</span><ol style='padding-left:20px;margin:2px 0'>"
                           f"{''.join(rows)}</ol>")
        buttons = []
        for k in range(len(hints)):
            b = widgets.Button(description=cc._("Play hint {n}", n=k + 1), button_style="info" if k == 0 else "",
                               tooltip=cc._("plays the whole hinted card play"),
                               layout=widgets.Layout(width="auto", min_width="fit-content"))
            b.on_click(guarded(lambda _b, k=k: self._play(k), self.error_log))
            buttons.append(b)
        self.buttons.children = [widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap"))]

    @property
    def play_buttons(self) -> list[widgets.Button]:
        return [b for box in self.buttons.children for b in box.children]
