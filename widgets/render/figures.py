"""Charts as SVG, drawn in pure Python (the score chart, a player's points per god, chapter 16's box plots), so
they show wherever the tutor runs, the browser-only site among them (docs/architecture.md, principle 11).

A chart is one `<svg role="img">` named by its title and described by a sentence (`aria-labelledby`,
`aria-describedby`); the numbers it shows are in a table beside it (the score table, chapter 16's table) and in
each bar's or box's tooltip. Words are SVG text in the page's own fonts (DejaVu Sans, then a Japanese font
the browser has), so Japanese needs no font file; text is measured with the board's width table. Colour is
never the only signal: a bar carries its series' letter, and series keep one order in every group and in the
legend.
"""
from __future__ import annotations

import itertools
import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from . import palette as pal
from .layout import PX, text_width

FONT = "DejaVu Sans, Noto Sans CJK JP, Noto Sans JP, sans-serif"
INK, GRID = pal.INK, pal.LIGHT_GREY
_ids = itertools.count(1)          # ids of titles and descriptions, unique within a page's kernel


@dataclass(frozen=True)
class Series:
    """One series of a chart: its legend text, its colour, and the letter on each of its bars ('' for none)."""

    name: str
    colour: str
    letter: str = ""


@dataclass(frozen=True)
class Chart:
    """What every chart has: a title (its accessible name), a sentence saying what it shows (its description),
    the categories along the x axis, the y axis' label, and its size in pixels."""

    title: str
    description: str
    categories: Sequence[str]
    y_label: str
    width: int = 800
    height: int = 320


@dataclass(frozen=True)
class BoxStats:
    """A box plot's numbers (as matplotlib's boxplot draws them): whiskers at the farthest values within 1.5 times
    the box's height of it, the values beyond them drawn as points."""

    low: float
    q1: float
    median: float
    q3: float
    high: float
    outliers: tuple[float, ...]

    @property
    def span(self) -> tuple[float, float]:
        """The lowest and the highest value, outliers included."""
        return min((self.low, *self.outliers)), max((self.high, *self.outliers))


def box_stats(values: Sequence[float]) -> BoxStats | None:
    """The box of `values` (quartiles with linear interpolation, numpy's default), or None for no values."""
    if not values:
        return None
    data = sorted(values)
    q1, median, q3 = statistics.quantiles(data, n=4, method="inclusive") if len(data) > 1 else (data[0],) * 3
    reach = 1.5 * (q3 - q1)
    inside = [v for v in data if q1 - reach <= v <= q3 + reach]
    return BoxStats(inside[0], q1, median, q3, inside[-1], tuple(v for v in data if v not in inside))


def number(value: float) -> str:
    """A number as a label: whole numbers without a decimal point, others to one decimal."""
    return f"{value:g}" if value == int(value) else f"{value:.1f}"


def _text(x: float, y: float, text: str, size: float, anchor: str = "middle", **attrs: str) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:g}" text-anchor="{anchor}"{extra}>{escape(text)}</text>'


def _width(text: str, size: float) -> float:
    """Width in pixels of `text` at a font size of `size` pixels."""
    return text_width(text, size * 72 / PX)


def _ticks(top: float) -> list[float]:
    """Whole, round steps (1, 2 or 5 times a power of ten) from 0 to at least `top`, at most seven of them."""
    top = max(top, 1.0)
    power = 10 ** math.floor(math.log10(top / 6))
    step = max(1, next(s * power for s in (1, 2, 5, 10) if top / (s * power) <= 6))
    return [i * step for i in range(math.ceil(top / step - 1e-9) + 1)]


class _Frame:
    """A chart's frame: title, legend, y axis with its grid, category labels; maps values to pixels."""

    def __init__(self, chart: Chart, series: Sequence[Series], top: float) -> None:
        self.chart, self.series = chart, series
        self.ticks = _ticks(top)
        self.parts: list[str] = []
        rows = self._legend()
        self.left, self.right = 58.0, chart.width - 12.0
        self.top, self.bottom = 34.0 + 18 * rows, chart.height - 34.0
        self.slot = (self.right - self.left) / max(1, len(chart.categories))

    def _legend(self) -> int:
        """The legend in rows under the title (a swatch with the series' letter, then its name): how many rows."""
        x, row, items = 12.0, 0, []
        for s in self.series:
            width = 22 + _width(s.name, 12) + 18
            if x + width > self.chart.width - 12 and x > 12:
                x, row = 12.0, row + 1
            y = 40 + 18 * row
            letter = _text(x + 7, y, s.letter, 10, font_weight="bold", fill=pal.text_colour_on(s.colour)) if s.letter else ""
            items.append(f'<rect x="{x:.1f}" y="{y - 11:.1f}" width="14" height="14" fill="{s.colour}" stroke="{INK}" '
                         f'stroke-width="0.8"/>' + letter + _text(x + 22, y, s.name, 12, "start", fill=INK))
            x += width
        self.parts.append('<g class="cc-legend">' + "".join(items) + "</g>")
        return row + 1

    def y(self, value: float) -> float:
        return self.bottom - (self.bottom - self.top) * value / self.ticks[-1]

    def x(self, category: int, k: int, width: float) -> float:
        """The centre of series k's mark in a category, marks `width` pixels wide side by side."""
        return self.left + self.slot * (category + 0.5) + (k - (len(self.series) - 1) / 2) * width

    def axes(self) -> str:
        """The grid, the y axis' numbers and label, the x axis and the category labels."""
        c = self.chart
        out = [_text(12, 22, c.title, 15, "start", font_weight="bold", fill=INK)]
        for t in self.ticks:
            y = self.y(t)
            out.append(f'<path d="M{self.left:.1f} {y:.1f} H{self.right:.1f}" stroke="{GRID}" stroke-width="1"/>'
                       + _text(self.left - 6, y + 4, number(t), 11, "end", fill=INK))
        middle = (self.top + self.bottom) / 2
        out.append(_text(16, middle, c.y_label, 12, transform=f"rotate(-90 16 {middle:.1f})", fill=INK))
        out.append(f'<path d="M{self.left:.1f} {self.bottom:.1f} H{self.right:.1f}" stroke="{INK}" stroke-width="1"/>')
        for i, name in enumerate(c.categories):
            size = min(12.0, 12 * (self.slot - 6) / max(1.0, _width(name, 12)))
            out.append(_text(self.left + self.slot * (i + 0.5), self.bottom + 18, name, round(size, 1), fill=INK))
        return "".join(out)

    def svg(self, marks: list[str]) -> str:
        """The whole chart: named by its title, described by its sentence."""
        c, n = self.chart, next(_ids)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {c.width} {c.height}" width="{c.width}" '
                f'height="{c.height}" role="img" aria-labelledby="cc-chart-{n}-title" aria-describedby="cc-chart-{n}-desc" '
                f'class="cc-chart" font-family="{FONT}" style="max-width:100%;height:auto;background:white">'
                f'<title id="cc-chart-{n}-title">{escape(c.title)}</title><desc id="cc-chart-{n}-desc">'
                f'{escape(c.description)}</desc>{self.axes()}{"".join(self.parts)}{"".join(marks)}</svg>')


def bar_chart(chart: Chart, series: Sequence[Series], values: Sequence[Sequence[float]],
              tips: Sequence[Sequence[str]]) -> str:
    """Grouped bars: `values[k][i]` is series k's bar in category i, `tips[k][i]` its tooltip."""
    frame = _Frame(chart, series, max((v for row in values for v in row), default=1.0))
    width = min(40.0, frame.slot * 0.8 / max(1, len(series)))
    marks = []
    for k, s in enumerate(series):
        for i, value in enumerate(values[k]):
            x, y = frame.x(i, k, width), frame.y(value)
            bar = (f'<rect x="{x - width / 2:.1f}" y="{y:.1f}" width="{width:.1f}" height="{frame.bottom - y:.1f}" '
                   f'fill="{s.colour}" stroke="{INK}" stroke-width="0.6"><title>{escape(tips[k][i])}</title></rect>')
            letter = _text(x, y - 3, s.letter, min(10.0, width), font_weight="bold", fill=INK) if s.letter else ""
            marks.append(bar + letter)
    return frame.svg(marks)


def box_chart(chart: Chart, series: Sequence[Series], boxes: Sequence[Sequence[BoxStats | None]],
              tips: Sequence[Sequence[str]]) -> str:
    """Grouped box plots: `boxes[k][i]` is series k's box in category i (None: no box), `tips[k][i]` its tooltip."""
    found = [b for row in boxes for b in row if b is not None]
    frame = _Frame(chart, series, max((b.span[1] for b in found), default=1.0))
    width = min(44.0, frame.slot * 0.8 / max(1, len(series)))
    marks = []
    for k, s in enumerate(series):
        for i, b in enumerate(boxes[k]):
            if b is None:
                continue
            x, half = frame.x(i, k, width), width * 0.45
            y1, ym, y3 = frame.y(b.q1), frame.y(b.median), frame.y(b.q3)
            whiskers = (f'M{x:.1f} {frame.y(b.low):.1f} V{y1:.1f} M{x:.1f} {y3:.1f} V{frame.y(b.high):.1f} '
                        f'M{x - half / 2:.1f} {frame.y(b.low):.1f} h{half:.1f} M{x - half / 2:.1f} {frame.y(b.high):.1f} '
                        f'h{half:.1f}')
            dots = "".join(f'<circle cx="{x:.1f}" cy="{frame.y(v):.1f}" r="3" fill="none" stroke="{INK}"/>'
                           for v in b.outliers)
            marks.append(f'<g><title>{escape(tips[k][i])}</title><path d="{whiskers}" stroke="{INK}" fill="none"/>'
                         f'<rect x="{x - half:.1f}" y="{y3:.1f}" width="{2 * half:.1f}" height="{max(1.0, y1 - y3):.1f}" '
                         f'fill="{s.colour}" stroke="{INK}"/><path d="M{x - half:.1f} {ym:.1f} h{2 * half:.1f}" '
                         f'stroke="{INK}" stroke-width="2.5"/>{dots}</g>')
    return frame.svg(marks)
