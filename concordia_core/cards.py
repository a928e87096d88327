"""Cards as data: the 7 starting cards, the 30 cards for sale, their gods and costs (R-SETUP-5/6)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .data import read_json
from .errors import InvalidAction
from .goods import Goods
from .i18n import _, term

GODS = ("vesta", "jupiter", "saturnus", "mercurius", "mars", "minerva")
KINDS = ("TRIBUNE", "ARCHITECT", "PREFECT", "MERCATOR", "DIPLOMAT", "SENATOR", "CONSUL",
         "COLONIST", "SPECIALIST")


@dataclass(frozen=True)
class Card:
    """A card type. Starting cards have deck None; cards for sale carry their deck numeral."""

    id: str
    kind: str
    name: str
    god: str
    deck: str | None
    cost: Goods
    good: str | None = None          # specialists: the good they produce
    points_per_house: int = 0        # specialists: Minerva points per house (R-SCORE-7)
    coins: int = 0                   # Mercator: coins taken first (R-MERC-1)

    @property
    def purchased(self) -> bool:
        return self.deck is not None

    @property
    def display_name(self) -> str:
        """The card's name in the current language ('Architect', '建築家'); cards for sale add their deck
        numeral ('Architect (II)')."""
        name = term("card", self.name.upper())
        return name if self.deck is None else _("{card} ({deck})", card=name, deck=self.deck)

    def __str__(self) -> str:
        return self.display_name


@cache
def _catalogue() -> tuple[dict[str, Card], tuple[str, ...], tuple[Card, ...], dict[int, tuple[str, ...]], int]:
    data = read_json("cards.json")
    cards: dict[str, Card] = {}
    hand: list[str] = []
    for entry in data["starting_cards"] + data["cards_for_sale"]:
        card = Card(entry["id"], entry["kind"], entry["name"], entry["god"], entry["deck"],
                    Goods(entry.get("cost", {})), entry.get("good"), entry.get("points_per_house", 0),
                    entry.get("coins", 0))
        if card.kind not in KINDS or card.god not in GODS:
            raise ValueError(f"data/cards.json: card {card.id} has unknown kind or god")
        cards[card.id] = card
        hand.extend([card.id] * entry.get("copies", 0))
    sale = tuple(cards[e["id"]] for e in data["cards_for_sale"])
    decks = {int(n): tuple(v) for n, v in data["decks_by_player_count"].items()}
    return cards, tuple(hand), sale, decks, data["concordia_card"]["points"]


def card(card_id: str | None) -> Card:
    """The card with this id (e.g. 'PREFECT', 'MERCATOR-II'); InvalidAction if unknown, or None (an empty
    display slot, an empty pile's top card)."""
    cards = _catalogue()[0]
    if card_id in cards:  # the ids the engine itself passes (a look-ahead asks this very often)
        return cards[card_id]
    key = str(card_id).strip().upper()
    if key not in cards:
        raise InvalidAction(_("unknown card {card!r}; starting cards are named like ARCHITECT, cards for sale like "
                              "ARCHITECT-II", card=card_id))
    return cards[key]


def all_cards() -> dict[str, Card]:
    return dict(_catalogue()[0])


def starting_hand() -> tuple[str, ...]:
    """The 7 starting cards of every player (R-SETUP-6)."""
    return _catalogue()[1]


def cards_for_sale() -> tuple[Card, ...]:
    """All 30 cards for sale, deck by deck."""
    return _catalogue()[2]


def decks_for(players: int) -> tuple[str, ...]:
    """Deck numerals kept for a player count: those not greater than it (R-SETUP-5)."""
    return _catalogue()[3][players]


CONCORDIA_POINTS = _catalogue()[4]
