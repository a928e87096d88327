"""ControlAccess: ipywidgets' own controls made whole for the keyboard and a screen reader, inside the box
whose CSS selector is `scope`. A fold's header (`inputs.fold`) answers only clicks: it becomes a button, a Tab
stop that Enter or Space toggles and that says whether it is open. A slider's handle gets its label as its
name, and a row of toggle buttons becomes a group named by its label, each button saying whether it is the
one chosen."""
from __future__ import annotations

from typing import Any

import anywidget
import traitlets

ESM = """
function labelOf(widget) {
  const label = widget && widget.querySelector(":scope > .widget-label, :scope > label");
  return label ? label.textContent.trim() : "";
}
function header(node) {
  const open = !!node.parentElement && node.parentElement.classList.contains("jupyter-widget-Collapse-open");
  if (node.getAttribute("role") !== "button") {
    node.setAttribute("role", "button");
    node.tabIndex = 0;
    node.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      event.stopPropagation();
      node.click();
    });
  }
  if (node.getAttribute("aria-expanded") !== String(open)) node.setAttribute("aria-expanded", String(open));
}
function slider(handle) {
  const name = labelOf(handle.closest(".widget-slider"));
  if (name && handle.getAttribute("aria-label") !== name) handle.setAttribute("aria-label", name);
}
function toggles(box) {
  const name = labelOf(box);
  if (box.getAttribute("role") !== "group") box.setAttribute("role", "group");
  if (name && box.getAttribute("aria-label") !== name) box.setAttribute("aria-label", name);
  for (const b of box.querySelectorAll(".widget-toggle-button")) {
    const on = String(b.classList.contains("mod-active"));
    if (b.getAttribute("aria-pressed") !== on) b.setAttribute("aria-pressed", on);
  }
}
function render({ model, el }) {
  const scope = () => el.closest(model.get("scope"));
  function mark(root) {
    root.querySelectorAll(".jupyter-widget-Collapse-header").forEach(header);
    root.querySelectorAll(".widget-slider .noUi-handle").forEach(slider);
    root.querySelectorAll(".widget-toggle-buttons").forEach(toggles);
  }
  const watch = new MutationObserver(() => { const root = scope(); if (root) mark(root); });
  const start = () => {
    const root = scope();
    if (!root) { setTimeout(start, 200); return; }
    mark(root);
    watch.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });
  };
  start();
  return () => watch.disconnect();
}
export default { render };
"""


class ControlAccess(anywidget.AnyWidget):
    """Put one inside the box whose CSS selector is `scope`: its folds, sliders and toggle buttons then work
    with the keyboard and say what they are."""

    _esm = ESM
    scope = traitlets.Unicode().tag(sync=True)

    def __init__(self, scope: str, **kwargs: Any) -> None:
        super().__init__(scope=scope, **kwargs)
        self.layout.height = "0px"
        self.layout.margin = "0"
