"""Chapter 13: a scoring explorer. Build a position from controls, watch every god's points follow.

A `Plan` is what the learner sets: houses (cities), colonists on the map, how many cards of each god,
the specialists, coins, goods and the Concordia card. `plan_scenario(plan)` turns it into a
`cc.Scenario` on the Italia map (seed 7); every number shown comes from `cc.score` of that position.
`ScoreExplorer` is the widget for one plan; `PlanComparison` puts two side by side.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from html import escape
from types import MappingProxyType
from typing import Any

import ipywidgets as ipw

import concordia_core as cc

from ..exercise import Exercise, Verdict, right, wrong

MAP = "italia"
SEED = 7
PLAYER = "Aiko"
PLAYERS = [PLAYER, "Ben"]            # a Scenario needs two players; the rival keeps the setup position
GOD_LABELS = {"vesta": "Vesta", "jupiter": "Jupiter", "saturnus": "Saturnus", "mercurius": "Mercurius",
              "mars": "Mars", "minerva": "Minerva", "concordia": "Concordia card"}
CARD_GODS = ("vesta", "jupiter", "saturnus", "mercurius", "mars")   # counted per god; Minerva per specialist


def _pool() -> dict[str, tuple[str, ...]]:
    """For each god (but Minerva), the card ids a player could hold: starting cards first, then cards for sale."""
    pool: dict[str, list[str]] = {g: [] for g in CARD_GODS}
    for cid in list(cc.starting_hand()) + [c.id for c in cc.cards_for_sale()]:
        god = cc.card(cid).god
        if god in pool:
            pool[god].append(cid)
    return {g: tuple(v) for g, v in pool.items()}


CARD_POOL = _pool()
SPECIALISTS = tuple(c.id for c in cc.cards_for_sale() if c.god == "minerva")
STARTING_COUNT = {g: sum(cc.card(c).god == g for c in cc.starting_hand()) for g in CARD_GODS}
STARTING_GOODS = MappingProxyType({"brick": 1, "food": 2, "tools": 1, "wine": 1, "cloth": 1})


@dataclass(frozen=True)
class Plan:
    """A position to score. `cards` counts cards per god (starting cards included); default: setup."""

    houses: tuple[str, ...] = ()
    colonists: int = 2
    cards: Mapping[str, int] = field(default_factory=lambda: dict(STARTING_COUNT))
    specialists: tuple[str, ...] = ()
    coins: int = 5
    goods: Mapping[str, int] = field(default_factory=lambda: dict(STARTING_GOODS))
    concordia: bool = False

    def card_ids(self) -> list[str]:
        """The cards held: for each god, the first `n` cards of its pool; then the specialists."""
        ids: list[str] = []
        for god in CARD_GODS:
            n = int(self.cards.get(god, 0))
            if n > len(CARD_POOL[god]):
                raise cc.InvalidAction(f"there are only {len(CARD_POOL[god])} {GOD_LABELS[god]} cards in the "
                                       f"base game, not {n}")
            ids.extend(CARD_POOL[god][:n])
        return ids + list(self.specialists)

    def bought(self) -> int:
        """Cards beyond the 7 starting cards (every card for sale held)."""
        return sum(cc.all_cards()[c].purchased for c in self.card_ids())


def plan_from_state(state: cc.GameState, player: str) -> Plan:
    """The plan of a player in a real position: the same houses, colonists on the map, cards per god,
    specialists, coins, goods and Concordia card, so it scores exactly as the player does there."""
    p = state.player(player)
    gods = [cc.card(c).god for c in p.cards]
    return Plan(houses=tuple(p.houses), colonists=len(p.colonists),
                cards={g: gods.count(g) for g in CARD_GODS},
                specialists=tuple(sorted(c for c in p.cards if cc.card(c).god == "minerva")),
                coins=p.coins, goods={g: p.goods[g] for g in cc.GOODS}, concordia=p.concordia)


def colonist_spots(n: int) -> list[tuple[str, str]]:
    """n colonists on the map, land and sea alternately, standing in Rome (Mars counts colonists on the
    map wherever they stand, R-SCORE-6); at most 3 of each kind (R-COLO-2)."""
    if not 2 <= n <= 6:
        raise cc.InvalidAction(f"a player has 2 to 6 colonists on the map: at least the land and the sea colonist "
                               f"placed in Rome at setup (R-SETUP-7), at most 6 (R-COLO-2); not {n}")
    return [("land" if k % 2 == 0 else "sea", "ROMA") for k in range(n)]


def plan_scenario(plan: Plan) -> cc.Scenario:
    """The plan as a Scenario (the colonists not on the map wait in the storehouse, R-SETUP-7)."""
    sc = cc.Scenario(MAP, PLAYERS, seed=SEED)
    cards = plan.card_ids()
    sc.player(PLAYER, houses=list(plan.houses), colonists=colonist_spots(plan.colonists), hand=cards, discard=[],
              coins=plan.coins, goods={g: int(plan.goods.get(g, 0)) for g in cc.GOODS}, concordia=plan.concordia)
    return sc


def plan_score(plan: Plan) -> cc.ScoreBreakdown:
    """cc.score of the plan's position (InvalidAction if the position is impossible)."""
    return cc.score(plan_scenario(plan).build(), PLAYER)


def city_options() -> list[tuple[str, str]]:
    """(label, city) for every city but Rome, labelled with its good and province."""
    m = cc.load_map(MAP)
    goods = cc.Scenario(MAP, PLAYERS, seed=SEED).build().city_goods
    cities = sorted((c for c in m.cities if c != m.rome), key=lambda c: (m.province_of(c), c))
    return [(f"{c.title()} · {goods[c]} · {m.province_of(c).title()}", c) for c in cities]


def breakdown_html(breakdown: cc.ScoreBreakdown, title: str) -> str:
    """Points per god with how they were counted (all from cc.score)."""
    cell = "padding:2px 6px;border:1px solid #ccc"
    rows = "".join(f"<tr><td style='{cell}'>{escape(ln.label)}</td><td style='{cell}'>{escape(ln.how)}</td>"
                   f"<td style='{cell};text-align:right'><b>{ln.points}</b></td></tr>" for ln in breakdown.lines)
    return (f"<table style='border-collapse:collapse;font-size:90%'><caption style='text-align:left'>"
            f"<b>{escape(title)}</b></caption>{rows}<tr><th style='{cell}' colspan='2'>Total</th>"
            f"<th style='{cell};text-align:right;font-size:115%'>{breakdown.total}</th></tr></table>")


class ScoreExplorer(ipw.VBox):
    """Controls for a Plan and its live score. `.plan`, `.state`, `.breakdown` read the current position;
    `.error` holds the reason if the controls describe an impossible position (then `.breakdown` is None)."""

    def __init__(self, title: str = "Plan", plan: Plan | None = None, **kwargs: Any) -> None:
        plan = plan or Plan()
        self.title = title
        small = ipw.Layout(width="160px")
        style = {"description_width": "75px"}
        self.houses = ipw.SelectMultiple(options=city_options(), value=tuple(plan.houses), rows=9,
                                         description="Houses", layout=ipw.Layout(width="310px"), style=style)
        self.colonists = ipw.BoundedIntText(value=plan.colonists, min=2, max=6, description="Colonists",
                                            layout=small, style=style)
        self.cards = {g: ipw.BoundedIntText(value=int(plan.cards.get(g, 0)), min=STARTING_COUNT[g],
                                            max=len(CARD_POOL[g]),
                                            description=GOD_LABELS[g], layout=small, style=style)
                      for g in CARD_GODS}
        self.specialists = ipw.SelectMultiple(
            options=[(f"{cc.card(s).name} · {cc.card(s).points_per_house} per {cc.card(s).good} house", s)
                     for s in SPECIALISTS],
            value=tuple(plan.specialists), rows=5, description="Minerva", layout=ipw.Layout(width="310px"),
            style=style)
        self.coins = ipw.BoundedIntText(value=plan.coins, min=0, max=999, description="Coins", layout=small,
                                        style=style)
        self.goods = {g: ipw.BoundedIntText(value=int(plan.goods.get(g, 0)), min=0, max=12,
                                            description=g.title(), layout=small, style=style) for g in cc.GOODS}
        self.concordia = ipw.Checkbox(value=plan.concordia, indent=False,
                                      description=f"Concordia card ({cc.CONSTANTS.concordia_points})")
        self.view = ipw.HTML()
        self._listeners: list[Callable[[ScoreExplorer], None]] = []
        self.state: cc.GameState | None = None
        self.breakdown: cc.ScoreBreakdown | None = None
        self.error: str | None = None
        for w in self.controls():
            w.observe(lambda _change: self.refresh(), names="value")
        column = ipw.Layout(margin="0 8px 0 0")
        left = ipw.VBox([ipw.HTML(f"<b>{escape(title)}</b>"), self.houses, self.specialists, self.concordia],
                        layout=column)
        middle = ipw.VBox([ipw.HTML("<i>cards per god</i>"), *self.cards.values(), self.colonists],
                          layout=column)
        right_col = ipw.VBox([ipw.HTML("<i>wealth</i>"), self.coins, *self.goods.values()])
        super().__init__(children=[ipw.HBox([left, middle, right_col], layout=ipw.Layout(flex_flow="row wrap")),
                                   self.view], **kwargs)
        self.refresh()

    def controls(self) -> list[ipw.Widget]:
        return [self.houses, self.colonists, *self.cards.values(), self.specialists, self.coins,
                *self.goods.values(), self.concordia]

    @property
    def plan(self) -> Plan:
        return Plan(houses=tuple(self.houses.value), colonists=self.colonists.value,
                    cards={g: w.value for g, w in self.cards.items()}, specialists=tuple(self.specialists.value),
                    coins=self.coins.value, goods={g: w.value for g, w in self.goods.items()},
                    concordia=self.concordia.value)

    @plan.setter
    def plan(self, plan: Plan) -> None:
        with self.hold_trait_notifications():
            self.houses.value = tuple(plan.houses)
            self.colonists.value = plan.colonists
            for g, w in self.cards.items():
                w.value = int(plan.cards.get(g, 0))
            self.specialists.value = tuple(plan.specialists)
            self.coins.value = plan.coins
            for g, w in self.goods.items():
                w.value = int(plan.goods.get(g, 0))
            self.concordia.value = plan.concordia
        self.refresh()

    def on_change(self, callback: Callable[[ScoreExplorer], None]) -> None:
        self._listeners.append(callback)

    def refresh(self) -> None:
        """Rebuild the position from the controls and show its score (or why it is impossible)."""
        try:
            self.state = plan_scenario(self.plan).build()
        except cc.ConcordiaError as err:
            self.state, self.breakdown, self.error = None, None, str(err)
            self.view.value = (f"<div style='color:#b2182b'><b>{escape(self.title)}: not a possible position.</b> "
                               f"{escape(str(err))}</div>")
        else:
            self.breakdown, self.error = cc.score(self.state, PLAYER), None
            self.view.value = breakdown_html(self.breakdown, f"{self.title}: {self.breakdown.total} points")
        for callback in self._listeners:
            callback(self)

    @property
    def total(self) -> int | None:
        return None if self.breakdown is None else self.breakdown.total


def compare_html(a: ScoreExplorer, b: ScoreExplorer) -> str:
    """Points per god of two plans side by side, with the difference."""
    if a.breakdown is None or b.breakdown is None:
        return "<i>Fix the impossible plan to compare.</i>"
    ga, gb = a.breakdown.by_god(), b.breakdown.by_god()
    cell = "padding:2px 8px;border:1px solid #ccc;text-align:right"
    rows = "".join(f"<tr><th style='{cell};text-align:left'>{GOD_LABELS[g]}</th><td style='{cell}'>{ga[g]}</td>"
                   f"<td style='{cell}'>{gb[g]}</td><td style='{cell}'>{gb[g] - ga[g]:+d}</td></tr>"
                   for g in [*cc.GODS, "concordia"])
    ta, tb = a.breakdown.total, b.breakdown.total
    verdict = ("the two plans score the same" if ta == tb else
               f"{escape(a.title if ta > tb else b.title)} scores {abs(ta - tb)} more")
    return (f"<table style='border-collapse:collapse'><tr><th style='{cell}'>God</th>"
            f"<th style='{cell}'>{escape(a.title)}</th><th style='{cell}'>{escape(b.title)}</th>"
            f"<th style='{cell}'>B − A</th></tr>{rows}<tr><th style='{cell};text-align:left'>Total</th>"
            f"<th style='{cell}'>{ta}</th><th style='{cell}'>{tb}</th><th style='{cell}'>{tb - ta:+d}</th></tr>"
            f"</table><p>{verdict}.</p>")


class PlanComparison(ipw.VBox):
    """Two explorers side by side and a table comparing their points god by god."""

    def __init__(self, a: Plan | None = None, b: Plan | None = None, **kwargs: Any) -> None:
        self.a = ScoreExplorer("Plan A", a, layout=ipw.Layout(margin="0 16px 8px 0"))
        self.b = ScoreExplorer("Plan B", b, layout=ipw.Layout(margin="0 16px 8px 0"))
        self.summary = ipw.HTML()
        for side in (self.a, self.b):
            side.on_change(lambda _e: self.refresh())
        wrap = ipw.Layout(flex_flow="row wrap")
        super().__init__(children=[self.summary, ipw.HBox([self.a, self.b], layout=wrap)], **kwargs)
        self.refresh()

    def refresh(self) -> None:
        self.summary.value = compare_html(self.a, self.b)


# --- the exercise: reach a target within limits ------------------------------------------------------
TARGET = 45
LIMITS = {"houses": 5, "colonists": 2, "bought": 1, "coins": 10}


def limits_text() -> str:
    return (f"at most {LIMITS['houses']} houses, {LIMITS['colonists']} colonists on the map, the 7 starting cards "
            f"plus at most {LIMITS['bought']} bought card (a specialist counts as one), at most {LIMITS['coins']} "
            "coins, goods worth no more than the setup storehouse (29 coins), and no Concordia card")


def check_plan(plan: Plan) -> Verdict:
    """Does the plan reach TARGET points within LIMITS? Points come from cc.score of its position."""
    try:
        breakdown = plan_score(plan)
    except cc.ConcordiaError as err:
        return wrong(f"that is not a possible position: {err}")
    goods_value = sum(cc.PRICE[g] * int(n) for g, n in plan.goods.items())
    setup_value = sum(cc.PRICE[g] * n for g, n in STARTING_GOODS.items())
    if len(plan.houses) > LIMITS["houses"]:
        return wrong(f"{len(plan.houses)} houses: the limit here is {LIMITS['houses']}.")
    if plan.colonists > LIMITS["colonists"]:
        return wrong(f"{plan.colonists} colonists on the map: the limit here is {LIMITS['colonists']}.")
    if plan.bought() > LIMITS["bought"]:
        return wrong(f"your cards include {plan.bought()} cards for sale beyond the 7 starting cards; the limit "
                     f"is {LIMITS['bought']}.")
    if plan.coins > LIMITS["coins"]:
        return wrong(f"{plan.coins} coins: the limit here is {LIMITS['coins']}.")
    if goods_value > setup_value:
        return wrong(f"your goods are worth {goods_value} coins; the limit is the setup storehouse, {setup_value}.")
    if plan.concordia:
        return wrong("no Concordia card in this exercise: reach the target with the gods alone.")
    by_god = breakdown.by_god()
    if breakdown.total < TARGET:
        best = max((g for g in cc.GODS), key=lambda g: by_god[g])
        return wrong(f"{breakdown.total} points, {TARGET - breakdown.total} short of {TARGET} (best god: "
                     f"{GOD_LABELS[best]} {by_god[best]}). Hints: a house in a brick city scores no Jupiter "
                     "(R-SCORE-3); houses in new provinces feed Saturnus (R-SCORE-4) and new kinds of good "
                     "Mercurius (R-SCORE-5); a bought card repeats its god (R-SCORE-1), and a specialist pays "
                     "per house of its good (R-SCORE-7).")
    parts = ", ".join(f"{GOD_LABELS[g]} {by_god[g]}" for g in cc.GODS if by_god[g])
    return right(f"{breakdown.total} points within the limits ({parts}).")


def make_plan_exercise(explorer: ScoreExplorer | None = None) -> Exercise:
    """The explorer is the answer: the Check button judges its current plan."""
    explorer = explorer or ScoreExplorer("Your plan")
    exercise = Exercise(f"Make a plan that scores <b>at least {TARGET} points</b> with {limits_text()}. "
                        "Change the controls, watch the score, then check.",
                        lambda: explorer.plan, check_plan, controls=[explorer])
    exercise.explorer = explorer  # type: ignore[attr-defined]
    return exercise
