"""Scoring by the gods (R-SCORE-1..9): a breakdown that shows how each god was counted, the ranking
with its tie-break, and the competition places of the first-game intermediate scoring (R-MID-3)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import CONCORDIA_POINTS, GODS, card
from .i18n import _, n_, term
from .maps import load_map
from .state import GameState
from .text import coins_text, god_name, good_name, listing


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
        rows = [_("Score of {player}:", player=self.player)] + [f"  {line}" for line in self.lines]
        return "\n".join(rows + ["  " + _("Total: {total}", total=self.total)])



def counts(state: GameState, player: str | int) -> dict[str, int]:
    """What the gods count for a player: value in coins, houses, provinces, kinds of good, colonists."""
    p = state.players[player] if isinstance(player, int) else state.player(player)
    m = load_map(state.map_id)
    goods_of_houses = [state.city_goods[c] for c in p.houses]
    return {
        "value": p.coins + p.goods.value(),
        "non_brick_houses": sum(g != "brick" for g in goods_of_houses),
        "provinces": len({m.province_of(c) for c in p.houses}),
        "kinds": len(set(goods_of_houses)),
        "colonists": len(p.colonists),
    }


def per_card(c: dict[str, int]) -> dict[str, int]:
    """What one card of each god but Minerva counts, from the counts (R-SCORE-2..6)."""
    return {"vesta": c["value"] // 10, "jupiter": c["non_brick_houses"], "saturnus": c["provinces"],
            "mercurius": 2 * c["kinds"], "mars": 2 * c["colonists"]}


def points(state: GameState, player: str | int) -> tuple[dict[str, int], dict[str, int]]:
    """The score as numbers only, without the texts saying how (what a bot's look-ahead asks thousands of
    times): points by god (GODS and "concordia", as ScoreBreakdown.by_god()) and what one more card of
    each god but Minerva would count (R-SCORE-1..8)."""
    p = state.players[player] if isinstance(player, int) else state.player(player)
    each = per_card(counts(state, player))
    by_god = dict.fromkeys(GODS, 0)
    for cid in p.cards:  # R-SCORE-1: hand and discard together
        c = card(cid)
        if c.god == "minerva":  # R-SCORE-7
            by_god["minerva"] += c.points_per_house * sum(state.city_goods[h] == c.good for h in p.houses)
        else:
            by_god[c.god] += each[c.god]
    by_god["concordia"] = CONCORDIA_POINTS if p.concordia else 0
    return by_god, each


def score(state: GameState, player: str) -> ScoreBreakdown:
    """The player's score if the game ended now, counted as in final scoring (R-SCORE-1..8)."""
    p = state.player(player)
    c = counts(state, player)
    each = per_card(c)
    by_god = Counter(card(cid).god for cid in p.cards)  # R-SCORE-1: hand and discard together
    lines: list[ScoreLine] = []

    def god_line(god: str, what: str) -> None:
        n = by_god.get(god, 0)
        how = n_("{n} card x {per_card} ({what})", "{n} cards x {per_card} ({what})", n, per_card=each[god], what=what)
        lines.append(ScoreLine(god, god_name(god), n, each[god], n * each[god], how))

    god_line("vesta", _("{coins} + goods worth {worth} = {value}, per full 10",                # R-SCORE-2
                        coins=coins_text(p.coins), worth=p.goods.value(), value=c["value"]))
    god_line("jupiter",                                                                         # R-SCORE-3
             n_("{n} house in non-brick cities", "{n} houses in non-brick cities", c["non_brick_houses"]))
    god_line("saturnus",                                                                        # R-SCORE-4
             n_("{n} province with a house", "{n} provinces with a house", c["provinces"]))
    god_line("mercurius",                                                                       # R-SCORE-5
             n_("2 x {n} kind of good produced by the houses", "2 x {n} kinds of good produced by the houses",
                c["kinds"]))
    god_line("mars",                                                                            # R-SCORE-6
             n_("2 x {n} colonist on the map", "2 x {n} colonists on the map", c["colonists"]))
    for cid in sorted(cid for cid in p.cards if card(cid).god == "minerva"):                    # R-SCORE-7
        spec = card(cid)
        assert spec.good is not None
        houses = sum(state.city_goods[h] == spec.good for h in p.houses)
        label = _("{god} ({card})", god=god_name("minerva"), card=term("card", spec.name.upper()))
        how = n_("{per_house} x {n} house in {good} cities", "{per_house} x {n} houses in {good} cities", houses,
                 per_house=spec.points_per_house, good=good_name(spec.good))
        lines.append(ScoreLine("minerva", label, 1, spec.points_per_house * houses, spec.points_per_house * houses,
                               how))
    if p.concordia:
        lines.append(ScoreLine("concordia", god_name("concordia"), 1, CONCORDIA_POINTS, CONCORDIA_POINTS,
                               _("ended the game")))
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


def tiebreak_sentences(state: GameState) -> list[str]:
    """For each group of tied totals, best first, why the tied players rank as they do (R-SCORE-9)."""
    totals = {p.name: score(state, p.name).total for p in state.players}
    ranking = final_ranking(state)
    order = " → ".join(state.players[i].name for i in tiebreak_order(state))
    holder = state.praefectus_magnus
    sentences = []
    for points in sorted({t for t in totals.values() if list(totals.values()).count(t) > 1}, reverse=True):
        group = [name for name in ranking if totals[name] == points]
        tied = listing(group)
        if group[0] == holder:
            sentences.append(_("{tied} tie with {points} points; {first} holds the Praefectus Magnus, so {first} "
                               "ranks first among them (R-SCORE-9)", tied=tied, points=points, first=group[0]))
        else:
            sentences.append(_("{tied} tie with {points} points; the Praefectus Magnus passes to the right ({order}), "
                               "so {first} would receive it first and ranks first among them (R-SCORE-9)",
                               tied=tied, points=points, order=order, first=group[0]))
    return sentences


def competition_places(values: Sequence[int]) -> list[int]:
    """Standard competition ranking, 1 = best: equal values share a place and the next place skips
    the tied ones (R-MID-3: 10, 10, 7 -> 1, 1, 3)."""
    return [1 + sum(other > v for other in values) for v in values]


def competition_prizes(totals: Sequence[int], prizes: Sequence[int]) -> list[int]:
    """Prizes by competition place (R-MID-3: two tied highest both get 2 coins and nobody is next)."""
    return [prizes[place - 1] if place <= len(prizes) else 0 for place in competition_places(totals)]
