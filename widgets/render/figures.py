"""Matplotlib figures (the score charts, the strategy plots) as PNG bytes, drawn without pyplot, in a
font that has every glyph they show.

Japanese words need a CJK font. The tutor uses one the system has (Noto Sans CJK JP from Debian's
fonts-noto-cjk, which .ci/run installs, or IPA/Takao/Source Han fonts) as a fallback behind DejaVu
Sans; where none is found, figures keep their words in English (`figure_words`), so a figure never
shows empty boxes.
"""
from __future__ import annotations

import base64
import glob
import io
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from html import escape

import matplotlib
from matplotlib import font_manager
from matplotlib.figure import Figure

import concordia_core as cc

CJK_FAMILIES = ("Noto Sans CJK JP", "Noto Sans JP", "Source Han Sans JP", "IPAexGothic", "IPAGothic", "TakaoGothic",
                "Hiragino Sans", "Yu Gothic", "MS Gothic")
FONT_FILES = ("/usr/share/fonts/opentype/noto/NotoSansCJK-*.ttc", "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf",
              "/usr/share/fonts/opentype/ipaexfont-gothic/*.ttf", "/usr/share/fonts/truetype/takao-gothic/*.ttf")


def _known() -> set[str]:
    return {entry.name for entry in font_manager.fontManager.ttflist}


@cache
def cjk_family() -> str | None:
    """A font family matplotlib can use for Japanese, or None. Matplotlib's font list is made once and
    may predate a font installed later: the usual font files are added to it when it has none."""
    for family in CJK_FAMILIES:
        if family in _known():
            return family
    for pattern in FONT_FILES:
        for path in sorted(glob.glob(pattern)):
            try:
                font_manager.fontManager.addfont(path)
            except (OSError, RuntimeError, ValueError):
                continue
    return next((family for family in CJK_FAMILIES if family in _known()), None)


def use_fonts() -> None:
    """DejaVu Sans first, the CJK font (if any) behind it: matplotlib falls back glyph by glyph."""
    family = cjk_family()
    matplotlib.rcParams["font.family"] = ["DejaVu Sans", family] if family else ["DejaVu Sans"]


@contextmanager
def figure_words() -> Iterator[None]:
    """Draw a figure's words in the tutor's language if a font has its glyphs; else in English."""
    language = cc.get_language()
    if language == "en" or cjk_family() is not None:
        yield
        return
    cc.set_language("en")
    try:
        yield
    finally:
        cc.set_language(language)


def figure_png(fig: Figure) -> bytes:
    """PNG bytes of a figure at its own dpi (light compression: redraw speed matters more than size)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi="figure", facecolor=fig.get_facecolor(), pil_kwargs={"compress_level": 2})
    return buf.getvalue()


def png_html(png: bytes, alt: str) -> str:
    """A PNG as an <img> with its text alternative `alt` (ipywidgets' Image widget takes none), as wide as it
    was drawn and never wider than its box."""
    data = base64.b64encode(png).decode("ascii")
    return f"<img src='data:image/png;base64,{data}' alt='{escape(alt)}' style='max-width:100%;height:auto'>"


use_fonts()

