"""Chapter 13 (notebook 14): a scoring explorer. Build a position from controls, watch every god's points follow.

A `Plan` is what the learner sets: houses (cities), colonists on the map, how many cards of each god,
the specialists, coins, goods and the Concordia card. `plan_scenario(plan)` turns it into a
`cc.Scenario` on the Italia map (seed 7); every number shown comes from `cc.score` of that position.
`ScoreExplorer` is the widget for one plan, with the same inputs as the scoring pad: houses by clicking
the cities on the board or ticking them in lists grouped by province, counts with - and + buttons.
`PlanComparison` puts two side by side.

Each function the chapter's cells call (`explorer`, `from_game`, `comparison`, ...) builds its own
position, so any cell runs again, or alone, and shows what its text describes.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from html import escape
from types import MappingProxyType
from typing import Any

import ipywidgets as ipw
import traitlets

import concordia_core as cc

from ..parts.error_log import ErrorLog, guarded
from ..parts.later import later as later  # a cell's heavy screen, built when the learner reaches it (app mode)
from ..realtable.inputs import CityChecks, Counter, connect_map, show_board
from ..render import palette as pal
from ..render.refusal import explanation_html
from ..render.words import signed
from ..screen.map_view import MapView
from . import replay
from .kit.exercise import Exercise, Verdict, right, wrong

MAP = "italia"
SEED = 7
PLAYER = "Aiko"
PLAYERS = [PLAYER, "Ben"]            # a Scenario needs two players; the rival keeps the setup position
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
STARTING_GOODS = MappingProxyType(dict(cc.CONSTANTS.starting_goods.to_dict()))
START_COINS = cc.CONSTANTS.starting_coins[0]
MIN_COLONISTS = sum(cc.CONSTANTS.colonists_in_rome_at_start.values())
MAX_COLONISTS = 2 * cc.CONSTANTS.colonists_per_kind


@dataclass(frozen=True)
class Plan:
    """A position to score. `cards` counts cards per god (starting cards included); default: setup."""

    houses: tuple[str, ...] = ()
    colonists: int = MIN_COLONISTS
    cards: Mapping[str, int] = field(default_factory=lambda: dict(STARTING_COUNT))
    specialists: tuple[str, ...] = ()
    coins: int = START_COINS
    goods: Mapping[str, int] = field(default_factory=lambda: dict(STARTING_GOODS))
    concordia: bool = False

    def card_ids(self) -> list[str]:
        """The cards held: for each god, the first `n` cards of its pool; then the specialists."""
        ids: list[str] = []
        for god in CARD_GODS:
            n = int(self.cards.get(god, 0))
            if n > len(CARD_POOL[god]):
                raise cc.InvalidAction(cc._("there are only {n} {god} cards in the base game, not {wanted}",
                                            n=len(CARD_POOL[god]), god=cc.god_name(god), wanted=n))
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
    if not MIN_COLONISTS <= n <= MAX_COLONISTS:
        raise cc.InvalidAction(cc._(
            "a player has {low} to {high} colonists on the map: at least the land and the sea colonist placed in Rome "
            "at setup (R-SETUP-7), at most {high} (R-COLO-2); not {n}", low=MIN_COLONISTS, high=MAX_COLONISTS, n=n))
    rome = cc.load_map(MAP).rome
    return [("land" if k % 2 == 0 else "sea", rome) for k in range(n)]


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


def table_goods() -> dict[str, str]:
    """The city tiles of the chapter's table (Italia, seed 7)."""
    return dict(cc.Scenario(MAP, PLAYERS, seed=SEED).build().city_goods)


def city_options() -> list[tuple[str, str]]:
    """(label, city) for every city but Rome, labelled with its good and province, by province."""
    m = cc.load_map(MAP)
    goods = table_goods()
    cities = sorted(m.cities, key=lambda c: (m.province_of(c) or "", c))
    return [(cc._("{city} · {good} · {province}", city=cc.city_name(c), good=cc.good_name(goods[c]),
                  province=cc.province_name(m.province_of(c) or "")), c) for c in cities]


def breakdown_html(breakdown: cc.ScoreBreakdown, title: str) -> str:
    """Points per god with how they were counted (all from cc.score)."""
    cell = f"padding:2px 6px;border:1px solid {pal.RULE}"
    rows = "".join(f"<tr><td style='{cell}'>{escape(ln.label)}</td><td style='{cell}'>{escape(ln.how)}</td>"
                   f"<td style='{cell};text-align:right'><b>{ln.points}</b></td></tr>" for ln in breakdown.lines)
    return (f"<table style='border-collapse:collapse;font-size:90%'><caption style='text-align:left'>"
            f"<b>{escape(title)}</b></caption>{rows}<tr><th style='{cell}' colspan='2'>{escape(cc._('Total'))}</th>"
            f"<th style='{cell};text-align:right;font-size:115%'>{breakdown.total}</th></tr></table>")


class SpecialistChecks(ipw.VBox):
    """A checkbox per specialist, with what it scores; `.value` (observable) is the tuple of ticked card ids."""

    value = traitlets.Tuple()

    def __init__(self, value: tuple[str, ...] = (), **kwargs: Any) -> None:
        self._quiet = False
        self.boxes = {}
        for sid in SPECIALISTS:
            spec = cc.card(sid)
            label = cc._("{card}: {points} per house in a {good} city", card=cc.term("card", spec.name.upper()),
                         points=spec.points_per_house, good=cc.good_name(spec.good or ""))
            box = ipw.Checkbox(value=sid in value, description=label, indent=False, layout=ipw.Layout(width="auto"))
            box.observe(self._clicked, names="value")
            self.boxes[sid] = box
        super().__init__(children=list(self.boxes.values()), **kwargs)
        self.value = tuple(value)

    def _clicked(self, _change: dict[str, Any]) -> None:
        if not self._quiet:
            self._quiet = True
            try:
                self.value = tuple(s for s, b in self.boxes.items() if b.value)
            finally:
                self._quiet = False

    @traitlets.observe("value")
    def _show(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        self._quiet = True
        try:
            for sid, box in self.boxes.items():
                box.value = sid in change["new"]
        finally:
            self._quiet = False


class ScoreExplorer(ipw.VBox):
    """Controls for a Plan and its live score. `.plan`, `.state`, `.breakdown` read the current position;
    `.error` holds the reason if the controls describe an impossible position (then `.breakdown` is None).
    With `board`, the position is drawn and a click on a city adds or removes a house there."""

    def __init__(self, title: str | None = None, plan: Plan | None = None, *, board: bool = True,
                 view_factory: Callable[[cc.GameState], MapView] | None = None, **kwargs: Any) -> None:
        plan = plan or Plan()
        self.title = title if title is not None else cc._("Plan")
        self.error_log = ErrorLog()
        self.houses = CityChecks(MAP, table_goods(), value=plan.houses)
        self.colonists = Counter(escape(cc._("Colonists on the map")), plan.colonists, MIN_COLONISTS, MAX_COLONISTS,
                                 label_width="150px")
        self.cards = {g: Counter(escape(cc.god_name(g)), int(plan.cards.get(g, 0)), STARTING_COUNT[g],
                                 len(CARD_POOL[g]), label_width="90px") for g in CARD_GODS}
        self.specialists = SpecialistChecks(tuple(plan.specialists))
        self.coins = ipw.BoundedIntText(value=plan.coins, min=0, max=999, description=cc._("Coins"),
                                        layout=ipw.Layout(width="160px"))
        self.goods = {g: Counter(escape(cc.good_name(g)), int(plan.goods.get(g, 0)), 0, cc.CONSTANTS.storehouse_slots,
                                 label_width="70px") for g in cc.GOODS}
        self.concordia = ipw.Checkbox(value=plan.concordia, indent=False, description=cc._(
            "Concordia card ({points} points)", points=cc.CONSTANTS.concordia_points))
        self.view = ipw.HTML()
        self.board: MapView | None = None
        self._listeners: list[Callable[[ScoreExplorer], None]] = []
        self.state: cc.GameState | None = None
        self.breakdown: cc.ScoreBreakdown | None = None
        self.error: str | None = None
        for w in self.controls():
            w.observe(guarded(lambda _change: self.refresh(), self.error_log), names="value")
        column = ipw.Layout(margin="0 12px 0 0")
        left = ipw.VBox([ipw.HTML(f"<i>{escape(cc._('cards per god'))}</i>"), *self.cards.values(),
                         ipw.HTML(f"<i>{escape(cc.god_name('minerva'))}</i>"), self.specialists, self.concordia],
                        layout=column)
        right_col = ipw.VBox([ipw.HTML(f"<i>{escape(cc._('wealth and colonists'))}</i>"), self.coins,
                              *self.goods.values(), self.colonists], layout=column)
        pieces: list[ipw.Widget] = [ipw.HTML(f"<b>{escape(self.title)}</b>")]
        if board:
            self.board = (view_factory or MapView)(plan_scenario(Plan()).build())
            connect_map(self.board, guarded(self.toggle_house, self.error_log))
            pieces.append(ipw.Box([self.board], layout=ipw.Layout(max_width="760px")))
        houses = ipw.VBox([ipw.HTML(f"<i>{escape(cc._('houses: click a city on the board, or tick it here'))}</i>"),
                           self.houses])
        pieces += [ipw.HBox([left, right_col, self.view], layout=ipw.Layout(flex_flow="row wrap")), houses,
                   self.error_log]
        super().__init__(children=pieces, **kwargs)
        self.add_class("cc-explorer")
        self.refresh()

    def controls(self) -> list[ipw.Widget]:
        return [self.houses, self.colonists, *self.cards.values(), self.specialists, self.coins,
                *self.goods.values(), self.concordia]

    def toggle_house(self, city: str) -> None:
        """Add a house in `city`, or take it away (a click on the board)."""
        houses = set(self.houses.value)
        houses ^= {city}
        self.houses.value = tuple(sorted(houses))

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
            title = cc._("{title}: not a possible position.", title=self.title)
            self.view.value = (f"<div style='color:{pal.WRONG}'><b>{escape(title)}</b> {escape(str(err))}</div>")
        else:
            self.breakdown, self.error = cc.score(self.state, PLAYER), None
            self.view.value = breakdown_html(self.breakdown, cc.n_("{title}: {n} point", "{title}: {n} points",
                                                                   self.breakdown.total, title=self.title))
            if self.board is not None:
                show_board(self.board, self.state, cc.load_map(MAP).cities, self.houses.value)
        for callback in self._listeners:
            callback(self)

    @property
    def total(self) -> int | None:
        return None if self.breakdown is None else self.breakdown.total


def compare_html(a: ScoreExplorer, b: ScoreExplorer) -> str:
    """Points per god of two plans side by side, with the difference."""
    if a.breakdown is None or b.breakdown is None:
        return f"<i>{escape(cc._('Fix the impossible plan to compare.'))}</i>"
    ga, gb = a.breakdown.by_god(), b.breakdown.by_god()
    cell = f"padding:2px 8px;border:1px solid {pal.RULE};text-align:right"
    rows = "".join(f"<tr><th style='{cell};text-align:left'>{escape(cc.god_name(g))}</th><td style='{cell}'>{ga[g]}</td>"
                   f"<td style='{cell}'>{gb[g]}</td><td style='{cell}'>{signed(gb[g] - ga[g])}</td></tr>"
                   for g in [*cc.GODS, "concordia"])
    ta, tb = a.breakdown.total, b.breakdown.total
    verdict = (cc._("the two plans score the same.") if ta == tb else
               cc._("{plan} scores {n} more.", plan=a.title if ta > tb else b.title, n=abs(ta - tb)))
    return (f"<table style='border-collapse:collapse'><tr><th style='{cell}'>{escape(cc._('God'))}</th>"
            f"<th style='{cell}'>{escape(a.title)}</th><th style='{cell}'>{escape(b.title)}</th>"
            f"<th style='{cell}'>{escape(cc._('B − A'))}</th></tr>{rows}<tr><th style='{cell};text-align:left'>"
            f"{escape(cc._('Total'))}</th><th style='{cell}'>{ta}</th><th style='{cell}'>{tb}</th>"
            f"<th style='{cell}'>{signed(tb - ta)}</th></tr></table><p>{escape(verdict)}</p>")


class PlanComparison(ipw.VBox):
    """Two explorers side by side and a table comparing their points god by god."""

    def __init__(self, a: Plan | None = None, b: Plan | None = None, **kwargs: Any) -> None:
        self.a = ScoreExplorer(cc._("Plan A"), a, board=False, layout=ipw.Layout(margin="0 16px 8px 0"))
        self.b = ScoreExplorer(cc._("Plan B"), b, board=False, layout=ipw.Layout(margin="0 16px 8px 0"))
        self.summary = ipw.HTML()
        for side in (self.a, self.b):
            side.on_change(lambda _e: self.refresh())
        super().__init__(children=[self.summary, self.a, self.b], **kwargs)
        self.refresh()

    def refresh(self) -> None:
        self.summary.value = compare_html(self.a, self.b)


# --- the chapter's cells: each builds its own position ----------------------------------------------------
THREE_HOUSES = Plan(houses=("COSA", "FLORENTIA", "NEAPOLIS"))
THIRD_JUPITER = Plan(houses=("COSA", "FLORENTIA", "NEAPOLIS"), cards={**STARTING_COUNT, "jupiter": 3})
TOO_MUCH_FOOD = Plan(goods={**STARTING_GOODS, "food": 12})
WORKED_EXAMPLE = Plan(houses=("ANCONA", "CROTON", "FLORENTIA", "HADRIA", "NEAPOLIS"), colonists=3)   # R-SCORE-8
SPREAD = Plan(houses=("AQVILEIA", "FLORENTIA", "LVCERIA", "NEAPOLIS", "NICAEA", "ANCONA"), colonists=3,
              cards={**STARTING_COUNT, "jupiter": 4})
CLOTH_AND_WINE = Plan(houses=("AQVILEIA", "FLORENTIA", "PANORMVS", "ALERIA", "ANCONA", "CROTON"), colonists=3,
                      specialists=("WEAVER-II", "VINTNER-II"))
GAME_STEPS = ["play ARCHITECT", "move ROMA > land:ROMA-SPOLETVM", "move ROMA > sea:NEAPOLIS-ROMA", "build NEAPOLIS",
              "build SPOLETVM", "play MERCATOR", "done"]


def explorer(plan: Plan | None = None, title: str | None = None) -> ScoreExplorer:
    """An explorer of Aiko's position, starting from `plan` (default: the setup)."""
    return ScoreExplorer(title if title is not None else PLAYER, plan)


def chapter_game() -> cc.Game:
    """The game of chapter 12: Aiko's Architect builds in NEAPOLIS and SPOLETVM, then Ben's Mercator."""
    return replay(MAP, PLAYERS, SEED, GAME_STEPS)


def from_game() -> ipw.VBox:
    """Aiko's real position in the chapter's game, and an explorer starting from it: the same score."""
    state = chapter_game().state
    box = explorer(plan_from_state(state, PLAYER), cc._("Aiko, from the game"))
    real = cc.score(state, PLAYER).total
    text = cc._("Aiko's score in the game: {real} points. The explorer starts from her position there: {shown} points.",
                real=real, shown=box.total)
    return ipw.VBox([ipw.HTML(f"<p>{escape(text)}</p>"), box])


def architect_again() -> ipw.HTML:
    """The refusal when Aiko plays her Architect a second time in the chapter's game (R-TURN-2)."""
    game = chapter_game()
    try:
        game.play("play ARCHITECT")
    except cc.IllegalAction as err:
        return ipw.HTML(explanation_html(err))
    return ipw.HTML(escape(cc._("Aiko could play her Architect again.")))


def comparison() -> PlanComparison:
    """Plan A spreads out (six provinces, four Jupiter cards); plan B specialises (Weaver and Vintner)."""
    return PlanComparison(SPREAD, CLOTH_AND_WINE)


# --- the exercise: reach a target within limits ------------------------------------------------------
TARGET = 45
LIMITS = {"houses": 5, "colonists": 2, "bought": 1, "coins": 10}


def limits_text() -> str:
    setup_value = sum(cc.PRICE[g] * n for g, n in STARTING_GOODS.items())
    return cc._("at most {houses} houses, {colonists} colonists on the map, the 7 starting cards plus at most {bought} "
                "bought card (a specialist counts as one), at most {coins} coins, goods worth no more than the setup "
                "storehouse ({value} coins), and no Concordia card", houses=LIMITS["houses"],
                colonists=LIMITS["colonists"], bought=LIMITS["bought"], coins=LIMITS["coins"], value=setup_value)


def check_plan(plan: Plan) -> Verdict:
    """Does the plan reach TARGET points within LIMITS? Points come from cc.score of its position."""
    try:
        breakdown = plan_score(plan)
    except cc.ConcordiaError as err:
        return wrong(cc._("that is not a possible position: {problem}", problem=str(err)))
    goods_value = sum(cc.PRICE[g] * int(n) for g, n in plan.goods.items())
    setup_value = sum(cc.PRICE[g] * n for g, n in STARTING_GOODS.items())
    if len(plan.houses) > LIMITS["houses"]:
        return wrong(cc._("{n} houses: the limit here is {limit}.", n=len(plan.houses), limit=LIMITS["houses"]))
    if plan.colonists > LIMITS["colonists"]:
        return wrong(cc._("{n} colonists on the map: the limit here is {limit}.", n=plan.colonists,
                          limit=LIMITS["colonists"]))
    if plan.bought() > LIMITS["bought"]:
        return wrong(cc._("your cards include {n} cards for sale beyond the 7 starting cards; the limit is {limit}.",
                          n=plan.bought(), limit=LIMITS["bought"]))
    if plan.coins > LIMITS["coins"]:
        return wrong(cc._("{n} coins: the limit here is {limit}.", n=plan.coins, limit=LIMITS["coins"]))
    if goods_value > setup_value:
        return wrong(cc._("your goods are worth {value} coins; the limit is the setup storehouse, {limit}.",
                          value=goods_value, limit=setup_value))
    if plan.concordia:
        return wrong(cc._("no Concordia card in this exercise: reach the target with the gods alone."))
    by_god = breakdown.by_god()
    if breakdown.total < TARGET:
        best = max(cc.GODS, key=lambda g: by_god[g])
        return wrong(cc._("{total} points, {short} short of {target} (best god: {god} {points}). Hints: a house in a "
                          "brick city scores no Jupiter (R-SCORE-3); houses in new provinces feed Saturnus (R-SCORE-4) "
                          "and new kinds of good Mercurius (R-SCORE-5); a bought card repeats its god (R-SCORE-1), and "
                          "a specialist pays per house of its good (R-SCORE-7).", total=breakdown.total,
                          short=TARGET - breakdown.total, target=TARGET, god=cc.god_name(best), points=by_god[best]))
    parts = cc.listing(cc._("{god} {points}", god=cc.god_name(g), points=by_god[g]) for g in cc.GODS if by_god[g])
    return right(cc._("{total} points within the limits ({parts}).", total=breakdown.total, parts=parts))


def make_plan_exercise(explorer_widget: ScoreExplorer | None = None) -> Exercise:
    """The explorer is the answer: the Check button judges its current plan."""
    box = explorer_widget or ScoreExplorer(cc._("Your plan"))
    prompt = escape(cc._("Make a plan that scores at least {target} points with {limits}. Change the controls, watch "
                         "the score, then check.", target=TARGET, limits=limits_text()))
    exercise = Exercise(prompt, lambda: box.plan, check_plan, controls=[box])
    exercise.explorer = box
    return exercise
