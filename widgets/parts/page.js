// The page style's script (widgets/parts/style.py): the page's body gets the class cc-page, under which the page
// stylesheet's rules over ipywidgets' controls are scoped (page.css), and every slider handle on the page is named
// after its slider's description (ipywidgets leaves it without a name), now and whenever widgets are drawn.
function nameSliders() {
  for (const handle of document.querySelectorAll(".widget-slider .noUi-handle:not([aria-label])")) {
    const label = handle.closest(".widget-slider")?.querySelector(":scope > .widget-label");
    if (label && label.textContent.trim()) handle.setAttribute("aria-label", label.textContent.trim());
  }
}
function render({ el }) {
  el.style.display = "none";
  document.body.classList.add("cc-page");
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
