"""`CardRow`: a row of cards a learner can hover (or tap) for what each does and click to choose (the hand
at turn start, the display for a Senator or Consul), and the items it shows (a hand, the display). The
front end (card_row.js) gives the cards that may be chosen one Tab stop, with arrow keys among them.

The words on and under each card come from `widgets.render.card_text`.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import traitlets

import concordia_core as cc

from ..parts.error_log import ErrorLog
from ..parts.listeners import Listeners, PickMessages
from ..render.card_text import GOD_COLOURS, card_cost, card_tip, slot_extra
from ..render.palette import SILVER, stylesheet
from ..render.picks import Pick
from .frontend import HERE, Pickables

COPY = "#"
"""Between a card's key and the number of a second copy in the same row (card:PREFECT, card:PREFECT#2)."""


def same_card(key: str) -> str:
    """The key a copy stands for (card:PREFECT#2 → card:PREFECT): what a click on it picks."""
    return key.partition(COPY)[0]


@dataclass(frozen=True)
class CardItem:
    """One card on screen: its key (card:ID or slot:N), the card id, a small note under it and marks."""

    key: str
    card: str | None
    note: str = ""
    refused: bool = False

    def as_dict(self) -> dict[str, Any]:
        if self.card is None:
            return {"key": self.key, "name": self.note, "god": "", "colour": SILVER, "cost": "", "note": "",
                    "refused": True}
        c = cc.card(self.card)
        return {"key": self.key, "name": c.display_name, "god": cc.god_name(c.god), "colour": GOD_COLOURS[c.god],
                "cost": card_cost(self.card), "note": self.note, "refused": self.refused}


class CardRow(PickMessages, Pickables):
    """Cards side by side; hover, focus or tap shows what a card does. `show(items, pickable, selected)`;
    `on_pick(callback)` hears a click on a pickable card (a Pick); `pick(key)` is what a click does."""

    _esm = HERE / "card_row.js"
    _css = stylesheet(HERE / "card_row.css")
    items = traitlets.List(traitlets.Dict()).tag(sync=True)
    pickable = traitlets.List(traitlets.Unicode()).tag(sync=True)
    selected = traitlets.List(traitlets.Unicode()).tag(sync=True)
    tips = traitlets.Dict().tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)      # the row's name for a screen reader when it has no title
    compact = traitlets.Bool(False).tag(sync=True)    # names only (the text on hover or focus): a hand kept in sight

    def __init__(self, *, log: ErrorLog | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.error_log = log
        self._listeners: Listeners[Pick] = Listeners(log)
        self._clicked = ""          # the tile clicked last: of two copies of a chosen card, the one drawn chosen
        self.on_msg(self._message)

    def show(self, items: Iterable[CardItem], pickable: Iterable[str] = (), selected: Iterable[str] = (),
             tips: dict[str, str] | None = None, title: str | None = None) -> None:
        listed = list(items)
        with self.hold_sync():          # one message: the row is drawn once
            self.items = [i.as_dict() for i in listed]
            self.tips = tips if tips is not None else {i.key: card_tip(i.card) for i in listed if i.card}
            self.mark(pickable, selected)
            if title is not None:
                self.title = title

    def mark(self, pickable: Iterable[str] = (), selected: Iterable[str] = ()) -> None:
        """Change only what may be clicked (kept in the row's order, the keyboard's) and what is chosen. A key names
        every copy of its card for what may be clicked, and one tile for what is chosen: the one clicked last."""
        can = set(pickable)
        keys = [i["key"] for i in self.items]
        with self.hold_sync():
            self.pickable = [k for k in keys if same_card(k) in can]
            self.selected = sorted(self._clicked if same_card(self._clicked) == k and self._clicked in keys else k
                                   for k in selected)

    def on_pick(self, callback: Callable[[Pick], None]) -> None:
        """Call `callback(pick)` when a pickable card is clicked: a Pick of kind card or slot, as the board's."""
        self._listeners.add(callback)

    def pick(self, key: str) -> bool:
        """What a click does: tell the listeners, if the card may be clicked now (a copy picks its card)."""
        if key in self.pickable:
            self._clicked = key
        return self._listeners.offer(key, self.pickable, Pick.parse(same_card(key)))

    def _heard(self, key: str) -> None:
        self.pick(key)

    @property
    def text(self) -> str:
        """What the row says, as plain text (for tests and screen readers): each card with its note."""
        return "\n".join(" · ".join(x for x in (i["name"], i["god"], i["cost"], i["note"]) if x) for i in self.items)


def card_items(cards: Iterable[str], refused: Callable[[str], bool] = lambda _c: False) -> list[CardItem]:
    """One tile per card, a card held twice drawn twice (keys card:ID, card:ID#2), so every card can be counted."""
    items: list[CardItem] = []
    for cid in cards:
        copies = sum(item.card == cid for item in items)
        items.append(CardItem(f"card:{cid}{COPY}{copies + 1}" if copies else f"card:{cid}", cid, refused=refused(cid)))
    return items


def hand_items(state: cc.GameState, player: int, refused: Callable[[str], bool] = lambda _c: False) -> list[CardItem]:
    """A player's hand, one tile per card (card_items), then the discard pile's cards marked."""
    p = state.players[player]
    items = card_items(p.hand, refused)
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


__all__ = ["COPY", "CardItem", "CardRow", "card_items", "display_items", "display_tips", "hand_items", "same_card"]
