// The board widget's front end (map_view.py's `_esm`): two stacked SVG layers (the map, the pieces), clicks on
// marked elements sent to Python as picks, tooltips from the `tips` table, every marked element named for a
// screen reader (`names`), and the pickable ones reached with the keyboard (one Tab stop, arrow keys). The
// tooltip and the keyboard's tab stop are pickables.js's, shared with the card rows: imported from the address the
// widget sends (`_pickables`, frontend.py).
async function render({ model, el }) {
  const { makeTip, pointTarget, makeRoving, keepingFocus } = await import(model.get("_pickables"));
  el.classList.add("cc-board");
  el.setAttribute("data-lm-suppress-shortcuts", "true");
  const stack = document.createElement("div");
  stack.className = "cc-board-stack";
  stack.setAttribute("role", "group");
  const base = document.createElement("div");
  base.className = "cc-board-base";
  const top = document.createElement("div");
  top.className = "cc-board-top";
  stack.append(base, top);
  el.append(stack);
  const tip = makeTip(el, "cc-tip");

  const picked = () => new Set(model.get("pickable"));
  const answering = () => new Set(model.get("answers"));
  // the element standing for a key: the last drawn (a route's cost badge lies over the route)
  let primaries = new Map();
  const primary = (key) => primaries.get(key);
  const roving = makeRoving(stack, () => model.get("pickable"), primary, send);

  function mark() {
    const can = picked(), answers = answering(), chosen = new Set(model.get("selected"));
    const names = model.get("names"), tips = model.get("tips");
    primaries = new Map();
    for (const node of stack.querySelectorAll("[data-pick]")) primaries.set(node.getAttribute("data-pick"), node);
    for (const node of stack.querySelectorAll("[data-pick]")) {
      const key = node.getAttribute("data-pick");
      const on = can.has(key);
      node.classList.toggle("cc-pickable", on);
      node.classList.toggle("cc-answers", !on && answers.has(key));
      node.classList.toggle("cc-selected", chosen.has(key));
      if (primaries.get(key) !== node) {      // drawn twice: one name, one Tab stop
        node.setAttribute("aria-hidden", "true");
        for (const a of ["role", "tabindex", "aria-label", "aria-description", "aria-pressed"]) node.removeAttribute(a);
        continue;
      }
      node.removeAttribute("aria-hidden");
      node.setAttribute("role", on ? "button" : "img");
      if (on) node.setAttribute("aria-pressed", chosen.has(key) ? "true" : "false");
      else { node.removeAttribute("tabindex"); node.removeAttribute("aria-pressed"); }
      const name = names[key] || (tips[key] || "").split("\n")[0];
      if (name) node.setAttribute("aria-label", name); else node.removeAttribute("aria-label");
      const more = (tips[key] || "").split("\n").slice(1).join("\n");
      if (more) node.setAttribute("aria-description", more); else node.removeAttribute("aria-description");
    }
    stack.setAttribute("aria-label", model.get("label"));
    roving.mark();
  }
  const redraw = (draw) => keepingFocus(stack, roving, () => { draw(); mark(); });
  // for a screen reader the board is its named elements: the pictures' own words (the names printed on the
  // map, the key, the title, which is the board's name) are not read a second time
  function quiet(layer) {
    for (const svg of layer.querySelectorAll("svg")) svg.setAttribute("role", "none");
    for (const text of layer.querySelectorAll("text")) text.setAttribute("aria-hidden", "true");
  }
  const drawBase = () => { base.innerHTML = model.get("base_svg"); quiet(base); };
  const drawTop = () => { top.innerHTML = model.get("pieces_svg"); quiet(top); tip.hide(); };
  model.on("change:base_svg", () => redraw(drawBase));
  model.on("change:pieces_svg", () => redraw(drawTop));
  for (const name of ["pickable", "answers", "selected", "tips", "names", "label"]) {
    model.on("change:" + name, () => redraw(() => {}));
  }
  drawBase();
  drawTop();
  mark();

  // In the game screen's row the board is as tall as the box that scrolls the page (or the window), less a
  // margin, so it is seen whole; the controls beside it get the same height (--cc-view-h).
  function fit() {
    const row = el.closest(".cc-game-row");
    if (!row) return;
    let box = row.parentElement;
    while (box && box !== document.body) {
      const scrolls = ["auto", "scroll"].includes(getComputedStyle(box).overflowY);
      if (scrolls && box.clientHeight > 0) break;
      box = box.parentElement;
    }
    const room = box && box !== document.body ? Math.min(box.clientHeight, window.innerHeight) : window.innerHeight;
    const height = Math.max(280, room - 12);
    const view = base.querySelector("svg") && base.querySelector("svg").viewBox.baseVal;
    const aspect = view && view.height ? view.width / view.height : 1.1;
    el.style.maxWidth = Math.floor(height * aspect) + "px";
    row.style.setProperty("--cc-view-h", height + "px");
  }
  const sizes = new ResizeObserver(() => fit());
  sizes.observe(el);
  window.addEventListener("resize", fit);

  function send(node) {
    const key = node.getAttribute("data-pick");
    if (picked().has(key) || answering().has(key)) model.send({ pick: key });
  }
  function showTip(node, x, y) { tip.show(node && model.get("tips")[node.getAttribute("data-pick")], x, y); }
  stack.addEventListener("click", (event) => {
    const node = pointTarget(stack, event, picked(), answering());
    if (node) { send(node); showTip(node, event.clientX, event.clientY); }
  });
  stack.addEventListener("mousemove", (event) => {
    const node = pointTarget(stack, event, picked(), answering());
    if (node) showTip(node, event.clientX, event.clientY); else tip.hide();
  });
  stack.addEventListener("mouseleave", () => tip.hide());
  stack.addEventListener("focusin", (event) => {
    const node = event.target.closest ? event.target.closest("[data-pick]") : null;
    // the tooltip follows the keyboard's focus, not a focus the screen moved after a click
    if (node && stack.contains(node) && node.matches(":focus-visible")) {
      tip.showBeside(model.get("tips")[node.getAttribute("data-pick")], node.getBoundingClientRect());
    }
  });
  stack.addEventListener("focusout", () => tip.hide());
  return () => { tip.node.remove(); sizes.disconnect(); window.removeEventListener("resize", fit); };
}
export default { render };
