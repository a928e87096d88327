// Shared by the board (board.js) and the card rows (card_row.js), an ES module of its own: a tooltip drawn in the
// page's top layer, so no scrolling box cuts it and nothing covers it, and a roving tab stop over the elements that
// may be picked now (one Tab stop for the whole group, arrow keys within it, Enter or Space to pick; the focus stays
// in the group when it redraws). Each widget's module imports it from the address its widget sends (frontend.py).

// A tooltip in the top layer (a manual popover), kept whole inside the window: beside the pointer (`show`), or
// beside a piece the keyboard focused (`showBeside`), below it, else above, right or left, never over the piece
// itself, so the focus mark stays in sight.
export function makeTip(owner, className) {
  const tip = document.createElement("div");
  tip.className = className;
  tip.setAttribute("role", "tooltip");
  const layered = typeof tip.showPopover === "function";
  if (layered) tip.setAttribute("popover", "manual");
  owner.append(tip);
  const EDGE = 4, GAP = 8;
  function hide() {
    if (layered) { if (tip.matches(":popover-open")) tip.hidePopover(); } else tip.style.display = "none";
  }
  function open(text) {
    if (!text || !tip.isConnected) { hide(); return null; }
    tip.textContent = text;
    if (layered) { if (!tip.matches(":popover-open")) tip.showPopover(); } else tip.style.display = "block";
    return { width: tip.offsetWidth, height: tip.offsetHeight,
             right: document.documentElement.clientWidth, bottom: document.documentElement.clientHeight };
  }
  function place(left, top) {
    tip.style.left = left + "px";
    tip.style.top = top + "px";
  }
  function show(text, x, y) {
    const box = open(text);
    if (!box) return;
    let left = x + 14, top = y + 14;
    if (left + box.width > box.right - EDGE) left = Math.max(EDGE, x - box.width - 14);
    if (top + box.height > box.bottom - EDGE) top = Math.max(EDGE, y - box.height - 14);
    place(left, top);
  }
  function showBeside(text, r) {
    const box = open(text);
    if (!box) return;
    const across = Math.max(EDGE, Math.min(r.left, box.right - box.width - EDGE));
    const down = Math.max(EDGE, Math.min(r.top, box.bottom - box.height - EDGE));
    const places = [[across, r.bottom + GAP], [across, r.top - box.height - GAP],
                    [r.right + GAP, down], [r.left - box.width - GAP, down]];
    const inside = ([left, top]) => left >= EDGE && top >= EDGE && left + box.width <= box.right - EDGE
      && top + box.height <= box.bottom - EDGE;
    const found = places.find(inside);
    if (found) place(...found); else hide();      // a piece filling the window: no room beside it
  }
  return { show, showBeside, hide, node: tip };
}

// The element of `root` a pointer event is about: the topmost one under the pointer that may be picked now,
// else the topmost that answers a click (with a refusal), else the topmost marked element (for its tooltip).
export function pointTarget(root, event, picked, answering) {
  const marked = (el) => { const n = el && el.closest ? el.closest("[data-pick]") : null; return n && root.contains(n) ? n : null; };
  if (event.clientX !== undefined && document.elementsFromPoint) {
    const under = document.elementsFromPoint(event.clientX, event.clientY).map(marked).filter((n) => n);
    const key = (n) => n.getAttribute("data-pick");
    return under.find((n) => picked.has(key(n))) || under.find((n) => answering.has(key(n))) || under[0] || null;
  }
  return marked(event.target);
}

// One Tab stop over the pickable elements of `root`, in the order `order()` gives their keys; `primary(key)`
// is the element standing for a key (a key may be drawn twice: a route and its cost badge).
export function makeRoving(root, order, primary, pick) {
  let current = null;
  const keys = () => order().filter((k) => primary(k));
  function mark() {
    const list = keys();
    if (!list.includes(current)) current = list.length ? list[0] : null;
    for (const k of list) primary(k).setAttribute("tabindex", k === current ? "0" : "-1");
  }
  function go(key, scroll) {
    const node = key && primary(key);
    if (!node) return false;
    current = key;
    mark();
    node.focus({ preventScroll: !scroll });
    return true;
  }
  // After a redraw: back to the element of the same key if it may still be picked, else the first that may;
  // with nothing left to pick the focus is let go (the game screen's focus keeper takes it to the controls).
  function restore(key) {
    const list = keys();
    const target = list.includes(key) ? key : list.includes(current) ? current : list[0];
    if (!go(target, false) && root.contains(document.activeElement)) {
      document.activeElement.blur();
    }
  }
  root.addEventListener("focusin", (event) => {
    const node = event.target.closest ? event.target.closest("[data-pick]") : null;
    const key = node && node.getAttribute("data-pick");
    if (key && keys().includes(key) && key !== current) { current = key; mark(); }
  });
  root.addEventListener("keydown", (event) => {
    const node = event.target.closest ? event.target.closest("[data-pick]") : null;
    const key = node && node.getAttribute("data-pick");
    const list = keys();
    if (!key || !list.includes(key)) return;
    const i = list.indexOf(key);
    const next = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: list.length - 1 }[event.key];
    if (event.key === "Enter" || event.key === " ") pick(node);
    else if (next !== undefined) go(list[(next + list.length) % list.length], true);
    else return;
    event.preventDefault();
    event.stopPropagation();   // the page's own shortcuts (JupyterLab's arrow keys) do not see it
  });
  return { mark, restore, focused: () => root.contains(document.activeElement) };
}

// What a redraw of `root` keeps: the key of the focused element, given back to `roving.restore` afterwards.
export function keepingFocus(root, roving, redraw) {
  const had = roving.focused();
  const active = document.activeElement;
  const key = had && active.closest && active.closest("[data-pick]") ? active.closest("[data-pick]").getAttribute("data-pick") : null;
  redraw();
  if (had) roving.restore(key);
}
