"""Scoring by the gods (R-SCORE-1..9): a breakdown that shows how each god was counted."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .cards import CONCORDIA_POINTS, GODS, card
from .goods import plural
from .maps import load_map
from .state import GameState


@dataclass(frozen=True)
class ScoreLine:
    """One god (or one specialist card, or the Concordia card): how it was counted and its points."""

    god: str
    label: str
    cards: int
    per_card: int
    points: int
    how: str

    def __str__(self) -> str:
        return f"{self.label}: {self.how} = {self.points}"


@dataclass(frozen=True)
class ScoreBreakdown:
    """A player's score: one line per god with cards, specialists apart, the Concordia card, the total."""

    player: str
    lines: tuple[ScoreLine, ...]

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)

    def by_god(self) -> dict[str, int]:
        """Points per god (specialists summed under minerva; the Concordia card under 'concordia')."""
        result = {god: 0 for god in GODS}
        result["concordia"] = 0
        for line in self.lines:
            result[line.god] += line.points
        return result

    def __str__(self) -> str:
        rows = [f"Score of {self.player}:"] + [f"  {line}" for line in self.lines] + [f"  Total: {self.total}"]
        return "\n".join(rows)

    def _repr_html_(self) -> str:
        from html import escape
        rows = "".join(f"<tr><td>{escape(line.label)}</td><td>{escape(line.how)}</td>"
                       f"<td style='text-align:right'>{line.points}</td></tr>" for line in self.lines)
        return (f"<table><caption>Score of {escape(self.player)}</caption>"
                "<tr><th>God</th><th>How it was counted</th><th>Points</th></tr>"
                f"{rows}<tr><th colspan='2'>Total</th><th style='text-align:right'>{self.total}</th></tr></table>")


def counts(state: GameState, player: str) -> dict[str, int]:
    """What the gods count for a player: value in coins, houses, provinces, kinds of good, colonists."""
    p = state.player(player)
    m = load_map(state.map_id)
    goods_of_houses = [state.city_goods[c] for c in p.houses]
    return {
        "value": p.coins + p.goods.value(),
        "non_brick_houses": sum(g != "brick" for g in goods_of_houses),
        "provinces": len({m.province_of(c) for c in p.houses}),
        "kinds": len(set(goods_of_houses)),
        "colonists": len(p.colonists),
    }


def score(state: GameState, player: str) -> ScoreBreakdown:
    """The player's score if the game ended now, counted as in final scoring (R-SCORE-1..8)."""
    p = state.player(player)
    c = counts(state, player)
    by_god = Counter(card(cid).god for cid in p.cards)  # R-SCORE-1: hand and discard together
    lines: list[ScoreLine] = []

    def god_line(god: str, label: str, per_card: int, what: str) -> None:
        n = by_god.get(god, 0)
        lines.append(ScoreLine(god, label, n, per_card, n * per_card,
                               f"{plural(n, 'card')} x {per_card} ({what})"))

    god_line("vesta", "Vesta", c["value"] // 10,
             f"{plural(p.coins, 'coin')} + goods worth {p.goods.value()} = {c['value']}, per full 10")          # R-SCORE-2
    god_line("jupiter", "Jupiter", c["non_brick_houses"],
             f"{plural(c['non_brick_houses'], 'house')} in non-brick cities")                        # R-SCORE-3
    god_line("saturnus", "Saturnus", c["provinces"], f"{plural(c['provinces'], 'province')} with a house")  # R-SCORE-4
    god_line("mercurius", "Mercurius", 2 * c["kinds"],
             f"2 x {plural(c['kinds'], 'kind')} of good produced by your houses")                   # R-SCORE-5
    god_line("mars", "Mars", 2 * c["colonists"], f"2 x {plural(c['colonists'], 'colonist')} on the map")  # R-SCORE-6
    for cid in sorted(cid for cid in p.cards if card(cid).god == "minerva"):                           # R-SCORE-7
        spec = card(cid)
        houses = sum(state.city_goods[h] == spec.good for h in p.houses)
        lines.append(ScoreLine("minerva", f"Minerva ({spec.name})", 1, spec.points_per_house * houses,
                               spec.points_per_house * houses,
                               f"{spec.points_per_house} x {plural(houses, 'house')} in {spec.good} cities"))
    if p.concordia:
        lines.append(ScoreLine("concordia", "Concordia card", 1, CONCORDIA_POINTS, CONCORDIA_POINTS,
                               "ended the game"))
    return ScoreBreakdown(player, tuple(lines))


def tiebreak_order(state: GameState) -> list[int]:
    """Player indices in the order they hold or would next receive Praefectus Magnus (R-SCORE-9):
    the holder, then their right-hand neighbour (the previous player in turn order), and so on."""
    n = len(state.players)
    return [(state.praefectus - k) % n for k in range(n)]


def final_ranking(state: GameState) -> list[str]:
    """Player names, best first; ties go to the Praefectus Magnus holder or the next to receive it."""
    rank_of = {i: k for k, i in enumerate(tiebreak_order(state))}
    totals = [score(state, p.name).total for p in state.players]
    order = sorted(range(len(state.players)), key=lambda i: (-totals[i], rank_of[i]))
    return [state.players[i].name for i in order]


def competition_prizes(totals: list[int], prizes: list[int]) -> list[int]:
    """Standard competition ranking prizes: equal totals share a rank and its prize; the next rank
    skips the tied places (R-MID-3: two tied highest both get 2 and nobody is next)."""
    result = []
    for t in totals:
        place = sum(other > t for other in totals)
        result.append(prizes[place] if place < len(prizes) else 0)
    return result
