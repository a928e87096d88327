"""`CardRow`: a row of cards a learner can hover (or tap) for what each does and click to choose (the hand
at turn start, the display for a Senator or Consul), and the items it shows (a hand, the display).

The words on and under each card come from `widgets.render.card_text`.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import anywidget
import traitlets

import concordia_core as cc

from ..parts.error_log import ErrorLog
from ..parts.listeners import Listeners, PickMessages
from ..render.card_text import GOD_COLOURS, card_cost, card_tip, slot_extra


@dataclass(frozen=True)
class CardItem:
    """One card on screen: its key (card:ID or slot:N), the card id, a small note under it and marks."""

    key: str
    card: str | None
    note: str = ""
    refused: bool = False

    def as_dict(self) -> dict[str, Any]:
        if self.card is None:
            return {"key": self.key, "name": self.note, "god": "", "colour": "#bbbbbb", "cost": "", "note": "",
                    "refused": True}
        c = cc.card(self.card)
        return {"key": self.key, "name": c.display_name, "god": cc.god_name(c.god), "colour": GOD_COLOURS[c.god],
                "cost": card_cost(self.card), "note": self.note, "refused": self.refused}


ESM = """
let described = 0;   // ids of the cards' descriptions, unique in the page
function render({ model, el }) {
  el.classList.add("cc-cardrow");
  const head = document.createElement("div"); head.className = "cc-cardrow-title";
  const row = document.createElement("div"); row.className = "cc-cards";
  const tip = document.createElement("div"); tip.className = "cc-cardtip"; tip.setAttribute("role", "tooltip");
  el.append(head, row, tip);
  function draw() {
    head.textContent = model.get("title");
    head.style.display = model.get("title") ? "block" : "none";
    const can = new Set(model.get("pickable"));
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
      if (can.has(item.key)) { card.tabIndex = 0; card.setAttribute("role", "button"); }
      if (tips[item.key]) {   // named by what it shows (as seen), described by its tooltip
        const about = document.createElement("span"); about.hidden = true; about.textContent = tips[item.key];
        about.id = "cc-cardtip-" + (++described); card.append(about); card.setAttribute("aria-describedby", about.id);
      }
      row.append(card);
    }
    tip.style.display = "none";
  }
  for (const name of ["items", "pickable", "selected", "tips", "title"]) model.on("change:" + name, draw);
  draw();
  function target(event) { return event.target.closest ? event.target.closest(".cc-card") : null; }
  function showTip(node, x, y) {
    const text = model.get("tips")[node.dataset.pick];
    if (!text) { tip.style.display = "none"; return; }
    tip.textContent = text; tip.style.display = "block";
    const box = el.getBoundingClientRect();
    tip.style.left = Math.max(0, Math.min(x - box.left + 12, box.width - tip.offsetWidth - 4)) + "px";
    tip.style.top = (y - box.top + 14) + "px";
  }
  function send(node) { if (new Set(model.get("pickable")).has(node.dataset.pick)) model.send({ pick: node.dataset.pick }); }
  row.addEventListener("click", (e) => { const n = target(e); if (n) { send(n); showTip(n, e.clientX, e.clientY); } });
  row.addEventListener("keydown", (e) => {
    const n = target(e);
    if (n && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); send(n); }
  });
  row.addEventListener("mousemove", (e) => {
    const n = target(e);
    if (n) showTip(n, e.clientX, e.clientY); else tip.style.display = "none";
  });
  row.addEventListener("mouseleave", () => { tip.style.display = "none"; });
  row.addEventListener("focusin", (e) => {
    const n = target(e);
    if (n) { const r = n.getBoundingClientRect(); showTip(n, r.left, r.bottom); }
  });
}
export default { render };
"""

CSS = """
.cc-cardrow { position: relative; width: 100%; }
.cc-cardrow-title { font-weight: bold; margin: 2px 0; }
.cc-cards { display: flex; flex-wrap: wrap; gap: 4px; }
.cc-card { box-sizing: border-box; width: 92px; min-height: 58px; padding: 3px 5px; border: 1px solid #999;
  border-top: 5px solid #999; border-radius: 5px; background: #fff; font: 12px/1.3 "DejaVu Sans", sans-serif;
  color: #222; overflow-wrap: anywhere; }
.cc-card b { display: block; }
.cc-card-god { font-size: 11px; }
.cc-card-cost, .cc-card-note { font-size: 10.5px; color: #555; }
.cc-card.cc-refused { background: #f3f3f3; border-style: dashed; border-top-style: solid; color: #555; }
.cc-card.cc-pickable { cursor: pointer; box-shadow: 0 0 0 2px #ffb000; }
.cc-card.cc-pickable:hover, .cc-card.cc-pickable:focus { box-shadow: 0 0 0 3px #d14900; outline: none; }
.cc-card.cc-selected { box-shadow: 0 0 0 3px #d14900; background: #fff3e0; }
.cc-cardtip { position: absolute; display: none; z-index: 20; max-width: 300px; padding: 5px 8px;
  background: #fffdf5; border: 1px solid #8a6d00; border-radius: 5px; box-shadow: 0 2px 6px rgba(0,0,0,0.2);
  font: 12px/1.35 "DejaVu Sans", sans-serif; color: #222; pointer-events: none; white-space: pre-line; }
"""


class CardRow(PickMessages, anywidget.AnyWidget):
    """Cards side by side; hover, focus or tap shows what a card does. `show(items, pickable, selected)`;
    `on_pick(callback)` hears a click on a pickable card (its key); `pick(key)` is what a click does."""

    _esm = ESM
    _css = CSS
    items = traitlets.List(traitlets.Dict()).tag(sync=True)
    pickable = traitlets.List(traitlets.Unicode()).tag(sync=True)
    selected = traitlets.List(traitlets.Unicode()).tag(sync=True)
    tips = traitlets.Dict().tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)

    def __init__(self, *, log: ErrorLog | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.error_log = log
        self._listeners: Listeners[str] = Listeners(log)
        self.on_msg(self._message)

    def show(self, items: Iterable[CardItem], pickable: Iterable[str] = (), selected: Iterable[str] = (),
             tips: dict[str, str] | None = None, title: str | None = None) -> None:
        listed = list(items)
        self.items = [i.as_dict() for i in listed]
        self.tips = tips if tips is not None else {i.key: card_tip(i.card) for i in listed if i.card}
        self.pickable = sorted(pickable)
        self.selected = sorted(selected)
        if title is not None:
            self.title = title

    def mark(self, pickable: Iterable[str] = (), selected: Iterable[str] = ()) -> None:
        """Change only what may be clicked and what is chosen."""
        self.pickable = sorted(pickable)
        self.selected = sorted(selected)

    def on_pick(self, callback: Callable[[str], None]) -> None:
        self._listeners.add(callback)

    def pick(self, key: str) -> bool:
        """What a click does: tell the listeners, if the card may be clicked now."""
        return self._listeners.offer(key, self.pickable, key)

    def _heard(self, key: str) -> None:
        self.pick(key)

    @property
    def text(self) -> str:
        """What the row says, as plain text (for tests and screen readers): each card with its note."""
        return "\n".join(" · ".join(x for x in (i["name"], i["god"], i["cost"], i["note"]) if x) for i in self.items)


def hand_items(state: cc.GameState, player: int, refused: Callable[[str], bool] = lambda _c: False) -> list[CardItem]:
    """A player's hand, one item per card (key card:ID), then the discard pile's cards marked."""
    p = state.players[player]
    items = [CardItem(f"card:{cid}", cid, refused=refused(cid)) for cid in dict.fromkeys(p.hand)]
    items += [CardItem(f"card:{cid}", cid, cc._("on your discard pile"), refused=True)
              for cid in dict.fromkeys(p.discard) if cid not in p.hand]
    return items


def display_items(state: cc.GameState) -> list[CardItem]:
    """The display, one item per slot (key slot:N) with the slot's extra."""
    items = []
    for slot, cid in enumerate(state.display, start=1):
        note = cc._("slot {slot} · + {extra}", slot=slot, extra=slot_extra(slot))
        items.append(CardItem(f"slot:{slot}", cid, note) if cid else CardItem(f"slot:{slot}", None, cc._("bought")))
    return items


def display_tips(state: cc.GameState) -> dict[str, str]:
    """Tooltips of the display: the card's text and the Senator's price in that slot."""
    tips = {}
    for slot, cid in enumerate(state.display, start=1):
        if cid:
            price = cc.card_price(state, slot) if "?" not in cc.CONSTANTS.display_slot_extra[slot - 1] else None
            line = (cc._("A Senator pays {price} in slot {slot}", price=cc.goods_text(price), slot=slot) if price
                    is not None else cc._("A Senator pays its cost + {extra} in slot {slot}", extra=slot_extra(slot),
                                          slot=slot))
            tips[f"slot:{slot}"] = card_tip(cid, [line])
    return tips


__all__ = ["CardItem", "CardRow", "display_items", "display_tips", "hand_items"]
