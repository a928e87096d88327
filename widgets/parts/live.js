// An ARIA live region (widgets/parts/live.py): the sentences `said` are read out as they come, the older ones dropped.
function render({ model, el }) {
  const region = document.createElement("div");
  region.className = "cc-live";
  region.setAttribute("role", model.get("role"));
  region.setAttribute("aria-live", model.get("politeness"));
  region.setAttribute("aria-label", model.get("label"));
  el.append(region);
  let shown = model.get("count");
  for (const text of model.get("said")) { const p = document.createElement("p"); p.textContent = text; region.append(p); }
  model.on("change:count", () => {
    const said = model.get("said"), fresh = Math.min(model.get("count") - shown, said.length);
    for (const text of fresh > 0 ? said.slice(said.length - fresh) : []) {
      const p = document.createElement("p"); p.textContent = text; region.append(p);
    }
    while (region.children.length > said.length) region.firstChild.remove();
    shown = model.get("count");
  });
}
export default { render };
