"""Words for game things in the current language: goods and prices, coins, places, lists, ordinals.

Every function goes through the message catalog (i18n.py), so "1 brick + 1 wine + 4 coins" reads
「レンガ1個 + ワイン1個 + 4コイン」 in Japanese. Lists are joined with the catalog's own separators;
no sentence is built by gluing translated pieces together.
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from .goods import Goods
from .i18n import _, get_language, n_, term


def good_name(good: str) -> str:
    """'brick' / 'レンガ'."""
    return term("good", good)


def god_name(god: str) -> str:
    """'Vesta' / 'ウェスタ' ('Concordia card' for the Concordia card's line)."""
    if god == "concordia":
        return term("term", "Concordia card")
    return term("god", god)


def goods_count(good: str, n: int) -> str:
    """'2 brick' / 'レンガ2個'."""
    return _("{count} {good}", count=n, good=good_name(good))


def goods_text(goods: Goods) -> str:
    """'1 brick + 2 food', or 'nothing': a price without coins."""
    return price_text(goods)


def coins_text(n: int) -> str:
    """'1 coin', '4 coins' / '4コイン'."""
    return n_("{n} coin", "{n} coins", n)


def price_text(goods: Goods, coins: int = 0) -> str:
    """'1 brick + 1 wine + 4 coins': goods and coins as the rules write a price."""
    parts = [goods_count(g, n) for g, n in goods.items_nonzero()]
    if coins:
        parts.append(coins_text(coins))
    return _(" + ").join(parts) if parts else _("nothing")


def steps_text(n: int) -> str:
    """'1 step', '2 steps' / '1歩'."""
    return n_("{n} step", "{n} steps", n)


def cards_text(n: int) -> str:
    """'1 card', '3 cards' / '3枚'."""
    return n_("{n} card", "{n} cards", n)


def brief(text: object, limit: int = 40) -> str:
    """Text from a file or a box, cut to `limit` characters with "…" so a message quoting it fits its screen."""
    words = str(text)
    return words if len(words) <= limit else words[: limit - 1] + "…"


def listing(items: Iterable[str]) -> str:
    """'A', 'A and B', 'A, B and C' (「A、B、C」)."""
    items = list(items)
    if not items:
        return _("nothing")
    if len(items) == 1:
        return items[0]
    return _("{items} and {last}", items=_(", ").join(items[:-1]), last=items[-1])


def ordinal(n: int) -> str:
    """'1st', '2nd', '3rd', '4th' (the nth house in a city); in Japanese 「1軒目」."""
    if get_language() != "en":
        return _("{n}th", n=n)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@cache
def _labels() -> dict[str, str]:
    """Every city's and province's board name in plain Latin letters, by id, over all maps."""
    from .maps import available_maps, load_map  # the maps name their places with these texts' words
    found: dict[str, str] = {}
    for name in available_maps():
        board = load_map(name)
        found[board.capital.id] = board.capital.label
        found.update({c.id: c.label for c in board.cities.values()})
        found.update({p.id: p.label for p in board.provinces.values()})
    return found


def place_label(place: str) -> str:
    """A city's or province's board name in plain Latin letters (ISCA_D -> ISCA D.); an unknown id as it is."""
    return _labels().get(place, place)


def city_name(city: str) -> str:
    """A city as the tutor names it: its board name (COSA, NICAEA) in English, its reading with the board name
    in Japanese (コサ（COSA）)."""
    label = place_label(city)
    return label if get_language() == "en" else _("{name} ({printed})", name=term("city", city), printed=label)


def province_name(province: str) -> str:
    """A province as the tutor names it: ETRVRIA in English, its reading with the board name in Japanese."""
    label = place_label(province)
    return label if get_language() == "en" else _("{name} ({printed})", name=term("province", province),
                                                  printed=label)


def learner_name() -> str:
    """The name the tutor gives the person at the screen in its chapters: "You" (あなた in Japanese)."""
    return _("You")


def possessive(name: str) -> str:
    """"Ben's", and "your" for a player called "You" (the tutor's default name for the person at the screen)."""
    if get_language() == "en" and name == "You":
        return "your"
    return _("{name}'s", name=name)


def colonist_text(kind: str) -> str:
    """'land colonist' / '陸の入植者'."""
    return term("term", f"{kind} colonist")


def route_text(kind: str) -> str:
    """'land route' / '陸路'."""
    return term("term", f"{kind} route")


def route_name(route: str) -> str:
    """'land route COSA–ROMA', from a route id ('land:COSA-ROMA': its kind and its two cities)."""
    kind, _colon, ends = route.partition(":")
    a, _dash, b = ends.partition("-")
    return _("{route_kind} {a}–{b}", route_kind=route_text(kind), a=city_name(a), b=city_name(b))


def place_name(where: str) -> str:
    """Where a colonist stands, in words: a city's name, or a route ('land route COSA–ROMA')."""
    return route_name(where) if ":" in where else city_name(where)
