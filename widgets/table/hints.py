"""Hints a learner can trust: the judge's best card plays for the person asking, worded for them ("you"),
each with its reason, the whole play in words, its expected final-score margin with how sure the judge is
("about +6 points (± 8)"), plays within noise of the first said to be about as good instead of ranked, and
a button that plays the whole hinted play (not just its first step).

From the bots package each Hint brings `.action`, `.reason` (addressed to "you"), `.value` and `.se` (the
measure and its standard error), `.about_equal` (within noise of the first hint) and `.line` (every action
of the recommended play), and why in the game's terms: `.next_gap` ± `.next_se` against the next best play
(`.next_about_equal` within noise), `.gain` and `.others_gain` (where that gap comes from, as the judge's
look-ahead projects the final score: "Saturnus +2, coins and goods −4, Livia's score −1") and `.prepares` (what
a play that changes nothing now makes ready). The box shows the judge's first answer at once and says it is
still thinking until the table gives it the final one (TableApp works it out in the background); the final
answer's figures replace the first's in the same rows, and a hint whose place changed says so ("moved up from
hint 3"), with a line over the list.
"""
from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

import concordia_core as cc
from concordia_core import bots

from ..parts.error_log import ErrorLog, guarded
from ..render.palette import DARK_GREY
from ..render.words import signed, value_text

TOP = 3


def measure_text() -> str:
    """The one measure the hints are ordered by, as shown above them."""
    return cc._("Each number is your expected final score less your best opponent's once the play is done, "
                "with how sure the judge is (±); plays within noise of the first are about as good.")


def measure_line(value: float, se: float) -> str:
    """'About +1.3 points (± 4.0)'."""
    return cc._("About {value} (± {se})", value=value_text(value), se=round(se, 1))


def against_first(hint: bots.Hint, first: bots.Hint) -> str:
    """How a hint compares with the first: about as good (within noise), or how far behind."""
    if hint.about_equal:
        return cc._("about as good as hint 1")
    return cc._("{diff} against hint 1", diff=value_text(hint.value - first.value))


def next_text(hint: bots.Hint, k: int, last: bool) -> str:
    """Hint `k` (from 1) against the next best play: about equal within noise, or the gap and where it comes from
    in the game's terms ('' when there is no other play)."""
    if hint.next_gap is None:
        return ""
    other = cc._("the next best play") if last else cc._("hint {n}", n=k + 1)
    if hint.next_about_equal:
        return cc._("Against {other}: about equal ({diff} is within the judge's noise, ± {se}).", other=other,
                    diff=value_text(hint.next_gap), se=round(2 * hint.next_se, 1))
    gap = cc._("{diff} (± {se})", diff=value_text(hint.next_gap), se=round(hint.next_se, 1))
    parts = bots.parts_text(hint.gain, hint.others_gain)
    if not parts:
        return cc._("Against {other}: {gap}.", other=other, gap=gap)
    return cc._("Against {other}: {gap}, by the end of the game as the judge's look-ahead projects it: {parts}.",
                other=other, gap=gap, parts=parts)


def moved_text(now: int, before: int | None) -> str:
    """How a hint's place changed from the first answer to the final one ('' when it did not)."""
    if before is None:
        return cc._("new: not among the first answer's hints")
    if before > now:
        return cc._("moved up from hint {n}", n=before)
    if before < now:
        return cc._("moved down from hint {n}", n=before)
    return ""


def score_now_text(change: Mapping[str, int]) -> str:
    """The change of the 'if the game ended now' score per god ('Jupiter +1, Saturnus +1'), or 'no change yet'."""
    parts = [cc._("{god} {n}", god=cc.god_name(g), n=signed(n)) for g, n in change.items() if n]
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
        self._first: tuple[cc.GameState, list[tuple[cc.Action, ...]]] | None = None   # the first answer shown

    def clear(self, text: str = "") -> None:
        self.html.value = f"<i>{html.escape(text)}</i>" if text else ""
        self.buttons.children = ()

    def show(self, state: cc.GameState, hints: Sequence[bots.Hint], lines: Sequence[Sequence[cc.Action]],
             thinking: bool = False) -> None:
        """The hints of `state`; with `thinking`, a mark that a better answer is still being worked out."""
        if not hints:
            self.clear(cc._("No hint: there is nothing to choose."))
            return
        before = self._before(state, hints, thinking)
        rows = []
        for k, (h, line) in enumerate(zip(hints, lines, strict=True), start=1):
            plan = cc.narrate.plan_words(state, list(line))
            now = cc._("score now: {change}", change=score_now_text(h.score_change))
            compared = "" if k == 1 else " · " + against_first(h, hints[0])
            moved = moved_text(k, before[k - 1]) if before else ""
            moved_html = (f" <span class='concordia-moved cc-notice'>({html.escape(moved)})</span>"
                          if moved else "")
            why = next_text(h, k, k == len(hints))
            extra = "".join(f"<br><span style='color:{DARK_GREY}'>{html.escape(t)}</span>" for t in (why, h.prepares) if t)
            rows.append(f"<li style='margin:4px 0'><b>{html.escape(h.reason)}</b>{moved_html}<br>"
                        f"<span style='color:{DARK_GREY}'>{html.escape(plan)}</span><br>"
                        f"<span class='cc-muted'>{html.escape(measure_line(h.value, h.se))}"
                        f"{html.escape(compared)} · {html.escape(now)}"
                        f"</span>{extra}</li>")
        mark = (f"<div class='concordia-thinking cc-notice' role='status'>"
                f"{html.escape(cc._('Still thinking: a first answer, a deeper one follows in a few seconds…'))}</div>"
                if thinking else "")
        if before and any(moved_text(k, b) for k, b in enumerate(before, start=1)):
            mark = (f"<div class='concordia-reordered cc-notice' role='status'>"
                    f"{html.escape(cc._('The deeper answer changed the order of the hints (marked).'))}</div>")
        self.html.value = (f"<b>{html.escape(cc._('Hints'))}</b> <span class='cc-muted'>"
                           f"{html.escape(measure_text())}</span>{mark}<ol style='padding-left:20px;margin:2px 0'>"
                           f"{''.join(rows)}</ol>")
        buttons = []
        for k in range(len(hints)):
            b = widgets.Button(description=cc._("Play hint {n}", n=k + 1), button_style="info" if k == 0 else "",
                               tooltip=cc._("plays the whole hinted card play"),
                               layout=widgets.Layout(width="auto", min_width="fit-content"))
            b.on_click(guarded(lambda _b, k=k: self._play(k), self.error_log))
            buttons.append(b)
        self.buttons.children = [widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap"))]

    def _before(self, state: cc.GameState, hints: Sequence[bots.Hint], thinking: bool) -> list[int | None]:
        """For a final answer after a first one of the same position, each hint's place in the first (None: not
        there); [] otherwise. A first answer is remembered for that."""
        first, self._first = self._first, ((state, [h.line for h in hints]) if thinking else None)
        if thinking or first is None or first[0] is not state:
            return []
        return [first[1].index(h.line) + 1 if h.line in first[1] else None for h in hints]

    @property
    def play_buttons(self) -> list[widgets.Button]:
        return [b for box in self.buttons.children for b in box.children]
