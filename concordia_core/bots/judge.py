"""The strong evaluation: every player's expected final score, and a player's expected final-score
difference to the best other player (`advantage`, in points). Hints, the game review and the strong
level's look-ahead all judge by this one measure.

A player's expected final score is the score if the game ended now (`score()`, R-SCORE-1..8) plus
FUTURE times what the position still promises (`Outlook.future()`, evaluation.py). Once the end is
triggered (R-END-1) nothing more is expected beyond the last turns, which a look-ahead plays out; a
finished game counts its final scores exactly.

`expected_by_god` splits the same estimate by god (and the Concordia card): the score now per god
plus the promise of the position, each part credited to the god it would score for (coins and goods
to Vesta, cards to their god, houses to Jupiter, Saturnus and Mercurius, colonists to Mars, a card in
hand to its god). The review uses it to say where points were lost.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..cards import GODS
from ..goods import PRICE
from ..state import GameState
from .base import card_of
from .evaluation import (
    COIN,
    HAND,
    HAND_DECAY,
    LATER,
    OWNED,
    PRODUCTION,
    SITE,
    SITE_DECAY,
    Outlook,
    points,
    remaining,
)

FUTURE = 1.0
"""Share of Outlook.future() counted as points still to come. In seeded greedy games the points a player
still made averaged 1.0 to 1.3 times the estimate at the same stage, so its level is about right; but
between players it predicts the final difference poorly (no better than the score now), which is why the
strong level plays the next turns out (search.py) rather than trusting it alone."""
POINT_KEYS = (*GODS, "concordia")


def expected_scores(state: GameState) -> list[float]:
    """Every player's expected final score, in turn order."""
    if state.over or state.end_trigger is not None:
        return [float(points(state, i).total) for i in range(len(state.players))]
    r = remaining(state)
    result = []
    for i in range(len(state.players)):
        now = points(state, i)
        result.append(now.total + FUTURE * Outlook(state, i, r, now=now).future())
    return result


def advantage_of(values: Sequence[float], me: int) -> float:
    """The difference between player `me`'s value and the best other player's."""
    others = [v for i, v in enumerate(values) if i != me]
    return values[me] - max(others) if others else values[me]


def advantage(state: GameState, me: int) -> float:
    """Player `me`'s expected final score minus the best other player's (points)."""
    return advantage_of(expected_scores(state), me)


def expected_by_god(state: GameState, me: int) -> dict[str, float]:
    """Player `me`'s expected final score split by god (and 'concordia'); the values sum to
    `expected_scores(state)[me]`."""
    p = state.players[me]
    result: dict[str, float] = {key: float(v) for key, v in points(state, me).by_god.items()}
    if state.over or state.end_trigger is not None:
        return result
    r = remaining(state)
    o = Outlook(state, me, r)
    parts: dict[str, float] = dict.fromkeys(POINT_KEYS, 0.0)
    parts["vesta"] += o.econ(p.goods, p.coins)
    for cid in p.cards:
        c = card_of(cid)
        parts[c.god] += o.growth(c.god) * (c.points_per_house if c.kind == "SPECIALIST" else 1)
        parts[c.god] += r * OWNED[c.kind]
    goods = [state.city_goods[h] for h in p.houses]
    parts["vesta"] += r * PRODUCTION * COIN * sum(PRICE[g] for g in goods)
    parts["jupiter"] += r * LATER["jupiter"] * sum(g != "brick" for g in goods)
    parts["saturnus"] += r * LATER["saturnus"] * len(o.provinces)
    parts["mercurius"] += r * LATER["mercurius"] * len(o.kinds)
    parts["mars"] += r * 1.5 * len(p.colonists)
    near = sorted((max(0.0, o.desire(c)) for c in o.near(1)), reverse=True)
    site = SITE * sum(v * SITE_DECAY ** i for i, v in enumerate(near))
    for god in ("jupiter", "saturnus", "mercurius"):
        parts[god] += site / 3
    ready = sorted(((HAND[card_of(c).kind], card_of(c).god) for c in p.hand), reverse=True)
    weight = min(1.0, 0.2 + 2 * r)
    for i, (v, god) in enumerate(ready):
        parts[god] += weight * v * HAND_DECAY ** i
    for key, v in parts.items():
        result[key] += FUTURE * v
    return result
