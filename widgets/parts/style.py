"""The page style every tool of the tutor brings along (the game screen, the table, the real-table tools, the
lessons): one stylesheet, page.css, with what makes ipywidgets' stock controls pass an accessibility audit and work
on a phone, and the game screen's, the lessons' and the real-table tools' own rules:

* colours: ipywidgets' coloured buttons and folding-box titles darkened until their text reads (WCAG AA, 4.5:1);
* links in the tutor's texts underlined, so they are told apart without their colour;
* `HIDDEN_LABEL`: a widget class whose description is read by screen readers but not shown; `cc-muted` and
  `cc-notice`: the classes of words said in passing (a help line) and of a notice (the hints are thinking);
* narrow windows (a phone, or 200% text size): long labels wrap, rows of buttons wrap, menus shrink;
* touch screens (`pointer: coarse`): every control at least 44 × 44 CSS px (WCAG 2.5.5); the paragraphs,
  lists and tables of an HTML text keep their line spacing (ipywidgets spaces an HTML widget's lines by the
  controls' height, 44 px there); a slider's handle answers touches 44 × 44 px around it (drawn as before);
* a slider's handle named after the slider's description (ipywidgets leaves it without a name: page.js).

`page_style()` is a widget (anywidget) taking no room: its CSS (after the palette's colours as custom properties)
and its script apply to the whole page once it is shown, in JupyterLab, in the app mode and on the static site
alike, and showing it twice changes nothing.
"""
from __future__ import annotations

from pathlib import Path

import anywidget

from ..render.palette import stylesheet

HIDDEN_LABEL = "cc-label-hidden"
"""Class of a widget whose description names it for screen readers without being shown."""

HERE = Path(__file__).parent
STYLESHEET = HERE / "page.css"
"""The page stylesheet."""


class PageStyle(anywidget.AnyWidget):
    """The page style and the slider names, as a widget that shows nothing."""

    _css = stylesheet(STYLESHEET)
    _esm = HERE / "page.js"


def page_style() -> PageStyle:
    """The tutor's page style (a widget taking no room); put it among a tool's children."""
    return PageStyle()
