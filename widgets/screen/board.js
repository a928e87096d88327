// The board widget's front end: two stacked SVG layers (the map, the pieces), clicks on marked elements
// sent to Python as picks, tooltips from the `tips` table, keyboard access to pickable elements.
function render({ model, el }) {
  el.classList.add("cc-board");
  const stack = document.createElement("div");
  stack.className = "cc-board-stack";
  const base = document.createElement("div");
  base.className = "cc-board-base";
  const top = document.createElement("div");
  top.className = "cc-board-top";
  const tip = document.createElement("div");
  tip.className = "cc-tip";
  tip.setAttribute("role", "tooltip");
  stack.append(base, top, tip);
  el.append(stack);

  const pickables = () => new Set(model.get("pickable"));
  const selected = () => new Set(model.get("selected"));

  function mark() {
    const can = pickables();
    const chosen = selected();
    for (const node of stack.querySelectorAll("[data-pick]")) {
      const key = node.getAttribute("data-pick");
      const on = can.has(key);
      node.classList.toggle("cc-pickable", on);
      node.classList.toggle("cc-selected", chosen.has(key));
      const text = model.get("tips")[key];
      // a named element is a button while it may be clicked, else a picture (a name needs a role)
      if (on) { node.setAttribute("tabindex", "0"); node.setAttribute("role", "button"); }
      else { node.removeAttribute("tabindex"); if (text) node.setAttribute("role", "img"); else node.removeAttribute("role"); }
      if (text) node.setAttribute("aria-label", text); else node.removeAttribute("aria-label");
    }
  }
  function drawBase() { base.innerHTML = model.get("base_svg"); mark(); }
  function drawTop() { top.innerHTML = model.get("pieces_svg"); tip.style.display = "none"; mark(); }
  model.on("change:base_svg", drawBase);
  model.on("change:pieces_svg", drawTop);
  model.on("change:pickable", mark);
  model.on("change:selected", mark);
  model.on("change:tips", mark);
  drawBase();
  drawTop();

  function target(event) {
    const node = event.target.closest ? event.target.closest("[data-pick]") : null;
    return node && stack.contains(node) ? node : null;
  }
  // A click goes to the topmost element under the pointer that may be clicked now (a province under a
  // route that may not be clicked, say), else to the topmost marked element.
  function clickTarget(event) {
    const can = pickables();
    if (event.clientX !== undefined && document.elementsFromPoint) {
      for (const el of document.elementsFromPoint(event.clientX, event.clientY)) {
        const node = el.closest ? el.closest("[data-pick]") : null;
        if (node && stack.contains(node) && can.has(node.getAttribute("data-pick"))) return node;
      }
    }
    return target(event);
  }
  function send(node) {
    const key = node.getAttribute("data-pick");
    if (pickables().has(key)) model.send({ pick: key });
  }
  stack.addEventListener("click", (event) => {
    const node = clickTarget(event);
    if (node) { send(node); showTip(node, event); }
  });
  stack.addEventListener("keydown", (event) => {
    const node = target(event);
    if (node && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); send(node); }
  });
  function showTip(node, event) {
    const text = model.get("tips")[node.getAttribute("data-pick")];
    if (!text) { tip.style.display = "none"; return; }
    tip.textContent = text;
    tip.style.display = "block";
    const box = stack.getBoundingClientRect();
    const x = (event.clientX ?? box.left) - box.left + 14;
    const y = (event.clientY ?? box.top) - box.top + 14;
    tip.style.left = Math.min(x, box.width - tip.offsetWidth - 4) + "px";
    tip.style.top = Math.min(y, box.height - tip.offsetHeight - 4) + "px";
  }
  stack.addEventListener("mousemove", (event) => {
    const node = target(event);
    if (node) showTip(node, event); else tip.style.display = "none";
  });
  stack.addEventListener("mouseleave", () => { tip.style.display = "none"; });
  stack.addEventListener("focusin", (event) => {
    const node = target(event);
    if (node) { const r = node.getBoundingClientRect(); showTip(node, { clientX: r.right, clientY: r.bottom }); }
  });
}
export default { render };
