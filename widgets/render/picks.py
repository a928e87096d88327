"""What a click on the board or a card picks: `Pick(kind, id)`, a small frozen value every pick callback
receives (the board, the card rows, the lessons' boards), and its key, the `data-pick` mark the board's
SVG carries (city:COSA, route:land:COSA-ROMA, colonist:0:land:ROMA, card:ARCHITECT, slot:3)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import concordia_core as cc

PickKind = Literal["city", "route", "province", "colonist", "card", "slot"]
KINDS: tuple[PickKind, ...] = ("city", "route", "province", "colonist")
"""The kinds of board elements (cards in hand are `card`, display slots `slot`)."""


@dataclass(frozen=True)
class Pick:
    """A click: `kind` (city, route, province or colonist on the board; card in a hand, slot of the display) and
    the `id` of what was clicked (a city, a route, a province, a card, a slot's number, or for a colonist where
    it stands). A colonist pick also names its `player` (turn-order index) and `colonist` kind (land or sea)."""

    kind: PickKind
    id: str
    player: int | None = None
    colonist: str | None = None

    @property
    def key(self) -> str:
        """The element's mark on the board: city:COSA, route:land:COSA-ROMA, colonist:0:land:ROMA."""
        if self.kind == "colonist":
            return f"colonist:{self.player}:{self.colonist}:{self.id}"
        return f"{self.kind}:{self.id}"

    @classmethod
    def parse(cls, key: str) -> Pick:
        """The pick a key stands for (a board element, a card of a hand or a display slot)."""
        kind, _, rest = key.partition(":")
        if kind == "colonist":
            player, colonist, where = rest.split(":", 2)
            return cls("colonist", where, int(player), colonist)
        if kind == "card" and rest:
            return cls("card", rest)
        if kind == "slot" and rest:
            return cls("slot", rest)
        if kind not in KINDS or not rest:
            raise cc.InvalidAction(cc._("{key!r} is not something on the board", key=key))
        return cls(kind, rest)


def colonist_pick(state: cc.GameState, player: int, colonist: cc.Colonist) -> Pick:
    """The pick that stands for one of a player's colonists."""
    return Pick("colonist", colonist.where, player, colonist.kind)
