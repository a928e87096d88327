// A row of cards (card_row.py's `_esm`): hover, focus or tap shows a card's text (in the top layer, whole);
// the cards that may be picked now take one Tab stop, arrow keys move among them, Enter or Space picks. The tooltip
// and the tab stop are pickables.js's, shared with the board: imported from the address the widget sends
// (`_pickables`, frontend.py).
async function render({ model, el }) {
  const { makeTip, makeRoving, keepingFocus } = await import(model.get("_pickables"));
  el.classList.add("cc-cardrow");
  el.setAttribute("data-lm-suppress-shortcuts", "true");
  const head = document.createElement("div"); head.className = "cc-cardrow-title";
  const row = document.createElement("div"); row.className = "cc-cards"; row.setAttribute("role", "group");
  el.append(head, row);
  const tip = makeTip(el, "cc-cardtip");
  const picked = () => new Set(model.get("pickable"));
  const primary = (key) => row.querySelector(`[data-pick="${CSS.escape(key)}"]`);
  const roving = makeRoving(row, () => model.get("pickable"), primary, send);
  function draw() {
    head.textContent = model.get("title");
    head.style.display = model.get("title") ? "block" : "none";
    el.classList.toggle("cc-compact", model.get("compact"));
    row.setAttribute("aria-label", model.get("title") || model.get("label"));
    const can = picked();
    const chosen = new Set(model.get("selected"));
    const tips = model.get("tips");
    row.innerHTML = "";
    for (const item of model.get("items")) {
      const card = document.createElement("div");
      card.className = "cc-card";
      card.dataset.pick = item.key;
      card.style.borderTopColor = item.colour;
      const name = document.createElement("b"); name.textContent = item.name;
      const god = document.createElement("div"); god.className = "cc-card-god"; god.textContent = item.god;
      god.style.color = item.colour;
      const cost = document.createElement("div"); cost.className = "cc-card-cost"; cost.textContent = item.cost;
      card.append(name, god, cost);
      if (item.note) {
        const n = document.createElement("div"); n.className = "cc-card-note"; n.textContent = item.note;
        card.append(n);
      }
      card.classList.toggle("cc-refused", !!item.refused);
      card.classList.toggle("cc-pickable", can.has(item.key));
      card.classList.toggle("cc-selected", chosen.has(item.key));
      if (can.has(item.key)) {
        card.setAttribute("role", "button");
        card.setAttribute("aria-pressed", chosen.has(item.key) ? "true" : "false");
      }
      if (tips[item.key]) card.setAttribute("aria-description", tips[item.key]);
      row.append(card);
    }
    tip.hide();
    roving.mark();
  }
  for (const name of ["items", "pickable", "selected", "tips", "title", "label", "compact"]) {
    model.on("change:" + name, () => keepingFocus(row, roving, draw));
  }
  draw();
  function target(event) { return event.target.closest ? event.target.closest(".cc-card") : null; }
  function send(node) { if (picked().has(node.dataset.pick)) model.send({ pick: node.dataset.pick }); }
  const showTip = (node, x, y) => tip.show(model.get("tips")[node.dataset.pick], x, y);
  row.addEventListener("click", (e) => { const n = target(e); if (n) { send(n); showTip(n, e.clientX, e.clientY); } });
  row.addEventListener("mousemove", (e) => {
    const n = target(e);
    if (n) showTip(n, e.clientX, e.clientY); else tip.hide();
  });
  row.addEventListener("mouseleave", () => tip.hide());
  row.addEventListener("focusin", (e) => {
    const n = target(e);
    if (n && n.matches(":focus-visible")) tip.showBeside(model.get("tips")[n.dataset.pick], n.getBoundingClientRect());
  });
  row.addEventListener("focusout", () => tip.hide());
  return () => tip.node.remove();
}
export default { render };
