"""The judge's value of a position: every player's expected final score, fitted to self-play games.

A player's expected final score is the score if the game ended now (`points`, R-SCORE-1..8) plus a
linear sum of what the position still promises (`features`): the cards per god and how their counts
may grow, coins and goods, houses, colonists, the hand, the estimates of `Outlook` (evaluation.py),
each scaled by the share of the game left. The weights are fitted (least squares) to the final
scores of greedy self-play games by `scripts/fit_value.py`, one set per number of players, and ship
as data (`concordia_core/data/value.json`, with the games they came from and the fit's error on
games it never saw): the engine reads them, it never fits. A finished game counts its final scores.
"""
from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ..cards import GODS
from ..goods import PRICE
from ..state import GameState
from .base import card_of
from .evaluation import OWNED, Outlook, Points, points, remaining

FEATURES: tuple[str, ...] = (
    "r", "r2",
    *(f"cards_{g}_r" for g in GODS),
    *(f"cards_{g}_r2" for g in GODS),
    *(f"each_{g}_r" for g in GODS if g != "minerva"),
    "minerva_houses_r",
    "econ", "coins", "goods_value", "coins_r",
    "growth", "owned", "production", "later_jupiter", "later_saturnus", "later_mercurius",
    "colonists_r", "waiting_r", "site", "hand", "hand_size_r", "houses_r", "houses_r2",
    "turn_distance", "praefectus_r",
)
"""The names of the features, in the order of `features()` and of the fitted weights."""


def features(state: GameState, index: int, r: float | None = None, now: Points | None = None) -> list[float]:
    """What player `index`'s position still promises, as numbers (FEATURES, in order)."""
    r = remaining(state) if r is None else r
    now = now if now is not None else points(state, index)
    p = state.players[index]
    o = Outlook(state, index, r, now=now)
    r2 = r * r
    cards = [card_of(c) for c in p.cards]
    per_god = {g: 0 for g in GODS}
    for c in cards:
        per_god[c.god] += 1
    goods_of_houses = [state.city_goods[h] for h in p.houses]
    minerva = sum(c.points_per_house * sum(g == c.good for g in goods_of_houses) for c in cards if c.god == "minerva")
    near = sorted((max(0.0, o.desire(c)) for c in o.near(1)), reverse=True)
    ready = sorted((HAND_WEIGHT.get(card_of(c).kind, 0.0) for c in p.hand), reverse=True)
    n = len(state.players)
    values = [
        r, r2,
        *(per_god[g] * r for g in GODS),
        *(per_god[g] * r2 for g in GODS),
        *(now.per_card.get(g, 0) * r for g in GODS if g != "minerva"),
        minerva * r,
        o.econ(p.goods, p.coins), float(p.coins), float(p.goods.value()), p.coins * r,
        sum(o.growth(c.god) * (c.points_per_house if c.kind == "SPECIALIST" else 1) for c in cards),
        r * sum(OWNED[c.kind] for c in cards),
        r * sum(PRICE[g] for g in goods_of_houses),
        r * sum(g != "brick" for g in goods_of_houses),
        r * len(o.provinces),
        r * len(o.kinds),
        r * len(p.colonists), r * p.waiting_total,
        sum(v * 0.7 ** i for i, v in enumerate(near)),
        sum(v * 0.6 ** i for i, v in enumerate(ready)),
        r * len(p.hand), r * len(p.houses), r2 * len(p.houses),
        ((index - state.turn) % n) / n,
        r * (state.praefectus == index),
    ]
    return values


HAND_WEIGHT: Mapping[str, float] = {"ARCHITECT": 4.0, "PREFECT": 3.0, "SENATOR": 3.0, "COLONIST": 2.5, "MERCATOR": 2.0,
                                    "DIPLOMAT": 2.0, "CONSUL": 2.0, "SPECIALIST": 1.5, "TRIBUNE": 0.0}


@dataclass(frozen=True)
class Fit:
    """Fitted weights for one number of players: intercept and one weight per feature (FEATURES)."""

    intercept: float
    weights: tuple[float, ...]
    error: float          # the standard deviation of (final score - predicted) on held-out games


@cache
def _data() -> Mapping[str, Any]:
    data: dict[str, Any] = json.loads(resources.files("concordia_core").joinpath("data/value.json")
                                      .read_text(encoding="utf-8"))
    if tuple(data["features"]) != FEATURES:
        raise ValueError("concordia_core/data/value.json was fitted for other features; rerun scripts/fit_value.py")
    return data


@dataclass(frozen=True)
class MarginFit:
    """Fitted weights of a player's final margin: intercept, and weights of the player's own features, of the
    rival's (the other player expected to finish best) and of the mean of the others' (3 players or more)."""

    intercept: float
    me: tuple[float, ...]
    rival: tuple[float, ...]
    others: tuple[float, ...]
    error: float


@cache
def margin_fits() -> Mapping[int, MarginFit]:
    """The shipped margin weights, by number of players (concordia_core/data/value.json)."""
    return {int(n): MarginFit(f["intercept"], tuple(f["me"]), tuple(f["rival"]), tuple(f["others"]), f["error"])
            for n, f in _data()["margins"].items()}


@cache
def fits() -> Mapping[int, Fit]:
    """The shipped weights, by number of players (concordia_core/data/value.json)."""
    return {int(n): Fit(f["intercept"], tuple(f["weights"]), f["error"]) for n, f in _data()["fits"].items()}


@dataclass(frozen=True)
class Claim:
    """How the judge turns what it measured of a line at one stage of its look-ahead into the line's
    expected final-score margin (`intercept` + the weights times the measurements: see judge.py), and how
    far such claims were from play-outs to the end on calibration positions, beyond the play-outs' own
    noise: of a value (`error`) and of the difference of two lines of one position (`gap_error`)."""

    intercept: float
    weights: tuple[float, ...]
    error: float
    gap_error: float
    bias: float | None = None       # of a line's mean claim over several deck samples: the error beyond their spread
    gap_bias: float | None = None   # the same of a difference between two lines, beyond their paired spread

    def __call__(self, measured: Sequence[float]) -> float:
        return self.intercept + _dot(self.weights, measured)


@cache
def claims() -> Mapping[str, Mapping[str, Claim]]:
    """The shipped claims per table ("2" players, "3" or more) and stage (judge.STAGES), fitted by
    scripts/measure_hints.py --calibrate (concordia_core/data/value.json, "judge")."""
    return {table: {stage: Claim(c["intercept"], tuple(c["weights"]), c["error"], c["gap_error"], c.get("bias"),
                                 c.get("gap_bias"))
                    for stage, c in stages.items()}
            for table, stages in _data()["judge"].items() if table != "sources"}


def claim(players: int, stage: str) -> Claim:
    """The claim of a line looked at to `stage` at a table of `players` (see Claim)."""
    return claims()["2" if players <= 2 else "3"][stage]


def expected_finals(state: GameState) -> list[float]:
    """Every player's expected final score, in turn order (points now plus the fitted promise)."""
    if state.over:
        return [float(points(state, i).total) for i in range(len(state.players))]
    return _expected(state)[0]


def _expected(state: GameState) -> tuple[list[float], list[list[float]], list[int]]:
    """Every player's expected final score, features and points now."""
    fit = fits()[len(state.players)]
    r = remaining(state)
    finals, feats, nows = [], [], []
    for i in range(len(state.players)):
        now = points(state, i)
        f = features(state, i, r, now)
        finals.append(now.total + fit.intercept + _dot(fit.weights, f))
        feats.append(f)
        nows.append(now.total)
    return finals, feats, nows


def _dot(weights: Sequence[float], values: Sequence[float]) -> float:
    return sum(w * x for w, x in zip(weights, values, strict=True))


def expected_margin(state: GameState, me: int) -> float:
    """Player `me`'s expected final score less the best other player's (points): the fitted margin, from the
    player's own position, the rival's (the other expected to finish best) and the others'; exact once over."""
    if state.over:
        return margin([float(points(state, i).total) for i in range(len(state.players))], me)
    finals, feats, nows = _expected(state)
    fit = margin_fits()[len(state.players)]
    others = [j for j in range(len(state.players)) if j != me]
    rival = max(others, key=lambda j: finals[j])
    rest = [j for j in others if j != rival]
    value = nows[me] - nows[rival] + fit.intercept + _dot(fit.me, feats[me]) + _dot(fit.rival, feats[rival])
    if rest:
        value += _dot(fit.others, [sum(feats[j][k] for j in rest) / len(rest) for k in range(len(FEATURES))])
    return value


POINT_KEYS = (*GODS, "concordia")
GOD_OF: Mapping[str, str] = {
    **{f"cards_{g}_{t}": g for g in GODS for t in ("r", "r2")}, **{f"each_{g}_r": g for g in GODS},
    "minerva_houses_r": "minerva", "econ": "vesta", "coins": "vesta", "goods_value": "vesta", "coins_r": "vesta",
    "production": "vesta", "later_jupiter": "jupiter", "later_saturnus": "saturnus", "later_mercurius": "mercurius",
    "colonists_r": "mars", "waiting_r": "mars",
}
"""The god each feature's points are credited to (by_god); the others are spread over the player's cards."""


PART_KEYS = (*POINT_KEYS, "coins", "hand")
"""What a player's expected final score is made of, in the game's terms: the points per god and the Concordia card
(now and still to come), what coins and goods will buy ('coins'), and the cards in hand ('hand')."""
PART_OF: Mapping[str, str] = {**GOD_OF, **dict.fromkeys(("econ", "coins", "goods_value", "coins_r", "production"), "coins"),
                              "hand": "hand", "hand_size_r": "hand"}
"""The part each feature's fitted points are credited to (parts); the others are spread over the player's gods."""


def parts(state: GameState, me: int) -> dict[str, float]:
    """Player `me`'s expected final score split into PART_KEYS: the points now per god, each feature's fitted part
    credited to its part (PART_OF), the rest spread over the gods in proportion to the player's cards of each. The
    values sum to `expected_finals(state)[me]`."""
    now = points(state, me)
    result = dict.fromkeys(PART_KEYS, 0.0)
    result.update({key: float(v) for key, v in now.by_god.items()})
    if state.over:
        return result
    fit = fits()[len(state.players)]
    spread = fit.intercept
    for name, w, x in zip(FEATURES, fit.weights, features(state, me, None, now), strict=True):
        if name in PART_OF:
            result[PART_OF[name]] += w * x
        else:
            spread += w * x
    cards = [card_of(c).god for c in state.players[me].cards]
    for god in GODS:
        result[god] += spread * cards.count(god) / len(cards) if cards else spread / len(GODS)
    return result


def by_god(state: GameState, me: int) -> dict[str, float]:
    """Player `me`'s expected final score split by god (and 'concordia'): `parts` with what coins and goods will
    buy credited to Vesta and the hand spread over the gods like the rest. The values sum to
    `expected_finals(state)[me]`."""
    split = parts(state, me)
    result = {key: split[key] for key in POINT_KEYS}
    result["vesta"] += split["coins"]
    if not state.over:
        cards = [card_of(c).god for c in state.players[me].cards]
        for god in GODS:
            result[god] += split["hand"] * cards.count(god) / len(cards) if cards else split["hand"] / len(GODS)
    return result


def margin(values: Sequence[float], me: int) -> float:
    """Player `me`'s value less the best other player's."""
    others = [v for i, v in enumerate(values) if i != me]
    return values[me] - max(others) if others else values[me]
