"""Cards in words and on screen: what each card does, how its god scores, its cost; and `CardRow`, a row of
cards a learner can hover (or tap) for that text and click to choose (the hand at turn start, the display
for a Senator or Consul).

Every text goes through the message catalog; the numbers (coins, costs, points) come from the engine's
cards and constants.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import anywidget
import traitlets

import concordia_core as cc

from .errors import ErrorLog, guarded

GOD_COLOURS = {"vesta": "#b8860b", "jupiter": "#6a1b9a", "saturnus": "#1565c0", "mercurius": "#ef6c00",
               "mars": "#c62828", "minerva": "#2e7d32"}


def card_action(card_id: str) -> str:
    """What the card does when played, in one or two sentences."""
    c = cc.card(card_id)
    k = cc.CONSTANTS
    colonist = cc.goods_text(k.new_colonist_cost)
    if c.kind == "TRIBUNE":
        return cc._("Take your discard pile back into your hand ({coin} for every card beyond {free}); then you may "
                    "pay {cost} for a new colonist in {rome}.", coin=cc.coins_text(1), free=k.tribune_free_cards,
                    cost=colonist, rome=cc.city_name("ROMA"))
    if c.kind == "ARCHITECT":
        return cc._("Move your colonists: as many steps as you have colonists on the map. Then build houses in "
                    "cities next to your colonists, paying each city's price.")
    if c.kind == "PREFECT":
        return cc._("Make a province produce: you take its bonus good and every house there produces 1 good for "
                    "its owner. Or collect the coins of all bonus tiles showing their coin side.")
    if c.kind == "MERCATOR":
        return cc._("Take {coins}, then buy and sell goods of up to {kinds} kinds at the bank's prices.",
                    coins=cc.coins_text(c.coins), kinds=k.mercator_kinds)
    if c.kind == "DIPLOMAT":
        return cc._("Carry out the action of the top card of another player's discard pile.")
    if c.kind == "SENATOR":
        return cc._("Buy up to {n} cards from the display, paying each card's cost plus the extra of its slot.",
                    n=k.senator_cards)
    if c.kind == "CONSUL":
        return cc._("Buy 1 card from the display, paying only the card's own cost.")
    if c.kind == "COLONIST":
        base, per = k.colonist_card_income
        return cc._("Place new colonists ({cost} each) in {rome} or in cities with your house; or take {coins} "
                    "plus {per} for each of your colonists on the map.", cost=colonist, rome=cc.city_name("ROMA"),
                    coins=cc.coins_text(base), per=cc.coins_text(per))
    good = cc.good_name(c.good or "")
    return cc._("Every house of yours in a {good} city produces 1 {good}.", good=good)


def god_scoring(card_id: str) -> str:
    """How the card's god scores at the end of the game (R-SCORE-2..7)."""
    c = cc.card(card_id)
    god = cc.god_name(c.god)
    texts = {
        "vesta": cc._("{god}: 1 point per full 10 coins of your coins and goods (at selling price).", god=god),
        "jupiter": cc._("{god}: 1 point per house of yours in a city that does not produce brick.", god=god),
        "saturnus": cc._("{god}: 1 point per province with a house of yours.", god=god),
        "mercurius": cc._("{god}: 2 points per kind of good your houses produce.", god=god),
        "mars": cc._("{god}: 2 points per colonist of yours on the map.", god=god),
        "minerva": cc._("{god}: {n} points per house of yours in a {good} city.", god=god, n=c.points_per_house,
                        good=cc.good_name(c.good or "")),
    }
    return texts[c.god]


def card_cost(card_id: str) -> str:
    """'cost 1 tools' or 'a starting card'."""
    c = cc.card(card_id)
    return cc._("cost {goods}", goods=cc.goods_text(c.cost)) if c.cost.total() else cc._("a starting card")


def card_tip(card_id: str, extra: Iterable[str] = ()) -> str:
    """The card's tooltip: name, what it does, its god and how the god scores, its cost (and any extra line)."""
    c = cc.card(card_id)
    lines = [cc._("{card} · {god} · {cost}", card=c.display_name, god=cc.god_name(c.god), cost=card_cost(card_id)),
             card_action(card_id), cc._("Scores for {scoring}", scoring=god_scoring(card_id)), *extra]
    return "\n".join(lines)


def slot_extra(slot: int) -> str:
    """The extra a Senator pays for display slot `slot` (1..7): 'nothing', '1 cloth', '1 good of your choice + 1 cloth'."""
    extra = cc.CONSTANTS.display_slot_extra[slot - 1]
    parts = [cc._("1 good of your choice") if g == "?" else cc.goods_count(g, 1) for g in extra]
    return cc._(" + ").join(parts) if parts else cc._("nothing")


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
      if (tips[item.key]) card.setAttribute("aria-label", tips[item.key]);
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
.cc-card.cc-refused { opacity: 0.55; background: #f3f3f3; }
.cc-card.cc-pickable { cursor: pointer; box-shadow: 0 0 0 2px #ffb000; }
.cc-card.cc-pickable:hover, .cc-card.cc-pickable:focus { box-shadow: 0 0 0 3px #d14900; outline: none; }
.cc-card.cc-selected { box-shadow: 0 0 0 3px #d14900; background: #fff3e0; }
.cc-cardtip { position: absolute; display: none; z-index: 20; max-width: 300px; padding: 5px 8px;
  background: #fffdf5; border: 1px solid #8a6d00; border-radius: 5px; box-shadow: 0 2px 6px rgba(0,0,0,0.2);
  font: 12px/1.35 "DejaVu Sans", sans-serif; color: #222; pointer-events: none; white-space: pre-line; }
"""


class CardRow(anywidget.AnyWidget):
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
        self._listeners: list[Callable[[str], None]] = []
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
        self._listeners.append(guarded(callback, self.error_log))

    def pick(self, key: str) -> bool:
        """What a click does: tell the listeners, if the card may be clicked now."""
        if key not in self.pickable:
            return False
        for listener in list(self._listeners):
            listener(key)
        return True

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        key = content.get("pick") if isinstance(content, dict) else None
        if isinstance(key, str):
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


__all__ = ["CardItem", "CardRow", "card_action", "card_cost", "card_tip", "display_items", "display_tips",
           "god_scoring", "hand_items", "slot_extra"]
