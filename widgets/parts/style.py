"""The page style every tool of the tutor brings along (the game screen, the table, the real-table tools, the
lessons): what makes ipywidgets' stock controls pass an accessibility audit and work on a phone.

* colours: ipywidgets' coloured buttons and folding-box titles darkened until their text reads (WCAG AA, 4.5:1);
* links in the tutor's texts underlined, so they are told apart without their colour;
* `HIDDEN_LABEL`: a widget class whose description is read by screen readers but not shown;
* narrow windows (a phone, or 200% text size): long labels wrap, rows of buttons wrap, menus shrink;
* touch screens (`pointer: coarse`): every control at least 44 × 44 CSS px (WCAG 2.5.5); the paragraphs,
  lists and tables of an HTML text keep their line spacing (ipywidgets spaces an HTML widget's lines by the
  controls' height, 44 px there); a slider's handle answers touches 44 × 44 px around it (drawn as before);
* a slider's handle named after the slider's description (ipywidgets leaves it without a name).

`page_style()` is a widget (anywidget) taking no room: its CSS and script apply to the whole page once it is
shown, in JupyterLab and in the app mode alike, and showing it twice changes nothing. `STYLE_HTML` is the
CSS alone, for an HTML text that carries its own <style>.
"""
from __future__ import annotations

import anywidget

HIDDEN_LABEL = "cc-label-hidden"
"""Class of a widget whose description names it for screen readers without being shown."""

TOUCH = "44px"          # the smallest touch target (WCAG 2.5.5, Apple's and Google's guidelines)
NARROW = "700px"        # a phone, or a 1280 px wide window at 200% text size

CSS = f"""
.jupyter-button.mod-primary {{ background-color: #1565c0; }}
.jupyter-button.mod-success {{ background-color: #2e7d32; }}
.jupyter-button.mod-info {{ background-color: #00727f; }}
.jupyter-button.mod-warning {{ background-color: #b45309; }}
.jupyter-button.mod-danger {{ background-color: #c62828; }}
.jupyter-widget-Collapse-header {{ color: var(--jp-ui-font-color1, #212121); }}
.jupyter-widgets.jupyter-widget-tab > .lm-TabBar .lm-TabBar-tab.lm-TabBar-tab {{ color: var(--jp-ui-font-color1, #212121); }}
.widget-html-content a[href] {{ text-decoration: underline; }}
.{HIDDEN_LABEL} > .widget-label {{ position: absolute !important; width: 1px !important; height: 1px !important;
  overflow: hidden !important; clip-path: inset(50%); white-space: nowrap; }}
@media (max-width: {NARROW}) {{
  .widget-inline-hbox, .widget-hbox {{ max-width: 100%; }}
  .widget-html > .widget-html-content {{ min-width: 0; }}
  .widget-checkbox {{ height: auto !important; min-height: var(--jp-widgets-inline-height); }}
  .widget-checkbox .widget-label-basic {{ white-space: normal; line-height: 1.3; }}
  .widget-toggle-buttons {{ flex-wrap: wrap; height: auto !important; row-gap: 4px; }}
  .widget-inline-hbox > .widget-label {{ flex-shrink: 1; }}
  .widget-dropdown, .widget-text {{ max-width: 100%; min-width: 0; }}
}}
@media (pointer: coarse) {{
  body {{ --jp-widgets-inline-height: {TOUCH}; --jp-widgets-horizontal-tab-height: {TOUCH}; }}
  .jupyter-button, .widget-toggle-button {{ min-height: {TOUCH} !important; min-width: {TOUCH} !important; }}
  .widget-dropdown > select, .widget-text input, .widget-textarea textarea {{ min-height: {TOUCH} !important; }}
  .widget-dropdown, .widget-text {{ height: auto !important; }}
  .widget-checkbox .widget-label-basic {{ display: flex; align-items: center; min-height: {TOUCH}; gap: 8px; }}
  .widget-checkbox input[type="checkbox"] {{ width: 22px; height: 22px; }}
  .jupyter-widget-Collapse-header {{ min-height: {TOUCH}; display: flex; align-items: center; box-sizing: border-box; }}
  .widget-html-content a.cc-download {{ display: inline-flex; align-items: center; min-height: {TOUCH}; }}
  .widget-html > .widget-html-content :is(p, ul, ol, dl, table, div) {{ line-height: 1.4; }}
  .widget-slider .noUi-touch-area {{ position: absolute; width: {TOUCH}; height: {TOUCH}; left: 50%; top: 50%;
    transform: translate(-50%, -50%); }}
}}
"""

STYLE_HTML = f"<style>{CSS}</style>"
"""The style as HTML, for a widget that carries its own <style> already."""

# Names every slider handle on the page after its slider's description, now and whenever widgets are drawn.
NAMES_JS = """
function nameSliders() {
  for (const handle of document.querySelectorAll(".widget-slider .noUi-handle:not([aria-label])")) {
    const label = handle.closest(".widget-slider")?.querySelector(":scope > .widget-label");
    if (label && label.textContent.trim()) handle.setAttribute("aria-label", label.textContent.trim());
  }
}
function render({ el }) {
  el.style.display = "none";
  if (!window.ccSliderNames) {
    let queued = false;
    window.ccSliderNames = new MutationObserver(() => {
      if (!queued) { queued = true; requestAnimationFrame(() => { queued = false; nameSliders(); }); }
    });
    window.ccSliderNames.observe(document.body, { childList: true, subtree: true });
  }
  nameSliders();
}
export default { render };
"""


class PageStyle(anywidget.AnyWidget):
    """The page style and the slider names, as a widget that shows nothing."""

    _css = CSS
    _esm = NAMES_JS


def page_style() -> PageStyle:
    """The tutor's page style (a widget taking no room); put it among a tool's children."""
    return PageStyle()
