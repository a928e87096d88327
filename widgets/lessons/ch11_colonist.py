"""Chapter 11, the Colonist card and the specialists (R-COLO-1, R-COLO-2, R-SPEC-1): widgets and checkers."""
from __future__ import annotations

from typing import Any

import ipywidgets as ipw

import concordia_core as cc

from ..render.goods import goods_chips
from ..render.markup import esc
from .kit import Outcome, Stepper, TryIt, beat, city_with_good, html_table, number_exercise
from .kit.exercise import Exercise, Verdict, right, whole_number, wrong

PLAYERS = ["Aiko", "Ben"]
SEED = 7


def colonist_game() -> cc.Game:
    """Italia, seed 7: Aiko holds a Colonist and a Farmer; houses in MVTINA and RAVENNA (food) and ANCONA
    (wine); a land colonist on land:MVTINA-RAVENNA and a sea colonist on sea:ANCONA-RAVENNA; 2 land and 2 sea
    colonists wait in her storehouse. Ben has a house in LVCERIA (food)."""
    sc = cc.Scenario("italia", PLAYERS, seed=SEED)
    sc.player("Aiko", hand=["COLONIST-I", "FARMER-I", *cc.starting_hand()], houses=["MVTINA", "RAVENNA", "ANCONA"],
              colonists=[("land", "land:MVTINA-RAVENNA"), ("sea", "sea:ANCONA-RAVENNA")],
              goods={"food": 3, "tools": 3}, coins=7)
    sc.player("Ben", houses=["LVCERIA"])
    sc.to_move("Aiko")
    return sc.game()


def aiko_facts(state: cc.GameState) -> str:
    rows = []
    for p in state.players:
        colonists = cc.listing([str(c) for c in p.colonists])
        rows.append([esc(p.name), esc(p.coins), goods_chips(p.goods), esc(colonists),
                     esc(cc._("{land} land, {sea} sea", land=p.waiting["land"], sea=p.waiting["sea"]))])
    return html_table([cc._("Player"), cc._("Coins"), cc._("Goods"), cc._("Colonists on the map"),
                       cc._("Waiting in the storehouse")], rows, raw=True)


# --- option (a): placing colonists ---------------------------------------------------------------
def worked_example() -> Stepper:
    beats = [
        beat("play COLONIST-I", cc._("Aiko plays her Colonist card. She may place colonists from her storehouse "
                                     "in ROMA or in a city with one of her houses (MVTINA, RAVENNA, ANCONA), 1 food "
                                     "+ 1 tools each.")),
        beat("place land COSA", cc._("Not in COSA: she has no house there (R-COLO-1)."), refused=True),
        beat(["place land ROMA", "place land MVTINA"], cc._(
            "She places her two waiting land colonists, one in ROMA and one in MVTINA, paying 2 food + 2 tools. A "
            "placed colonist stands in a city; her next Architect moves it out onto a route.")),
        beat("place land RAVENNA", cc._("All 3 of her land colonists are on the map now: a fourth is not possible "
                                        "(R-COLO-2)."), refused=True),
        beat("income", cc._("And having placed colonists, she cannot switch to the income: one option or the other "
                            "(R-COLO-1)."), refused=True),
        beat("done", cc._("She ends her turn. The board shows her new colonists in ROMA and MVTINA.")),
    ]
    intro = cc._("A position set up by hand: Aiko has houses in MVTINA and RAVENNA (food) and ANCONA (wine), a land "
                 "and a sea colonist on the map, and 4 colonists waiting in her storehouse. Press Next step.")
    return Stepper(colonist_game(), beats, intro=intro, facts=aiko_facts, show_board=True)


# --- try it: place or take the income -------------------------------------------------------------------
def choice_picker() -> TryIt:
    game = colonist_game()
    game.play("play COLONIST-I")
    state = game.state

    def attempt(action: str) -> Outcome:
        after = cc.apply(state, action)
        if action == "income":
            return Outcome(cc._("Allowed: Aiko takes {coins}: 5, and 1 for each of her 2 colonists on the map; the 4 "
                                "waiting in her storehouse do not count (R-COLO-1).",
                                coins=cc.coins_text(after.player("Aiko").coins - state.player("Aiko").coins)))
        return Outcome(cc._("Allowed: Aiko pays 1 food + 1 tools and the colonist stands in the city (R-COLO-1). She "
                            "may place more, as long as she can pay."))
    options = [(cc._("a land colonist in ROMA"), "place land ROMA"), (cc._("a sea colonist in ANCONA"), "place sea ANCONA"),
               (cc._("a land colonist in COSA"), "place land COSA"), (cc._("no colonist: take the income"), "income")]
    return TryIt(cc._("Aiko's choice"), options, attempt, button=cc._("Do it"),
                 intro=cc._("Aiko has played her Colonist card. What does she do?"))


# --- the specialists (R-SPEC-1) -------------------------------------------------------------------------
def specialists_table() -> ipw.HTML:
    rows = [[c.display_name, cc.good_name(c.good or ""), cc.goods_text(c.cost),
             cc.n_("{n} point per house in a {good} city", "{n} points per house in a {good} city", c.points_per_house,
                   good=cc.good_name(c.good or ""))]
            for c in cc.all_cards().values() if c.kind == "SPECIALIST"]
    return ipw.HTML(html_table([cc._("Specialist"), cc._("Makes"), cc._("Cost on the card"),
                                cc._("Minerva at the end")], rows))


def farmer_example() -> Stepper:
    beats = [beat("play FARMER-I", cc._(
        "Aiko plays her Farmer: her two food houses, in MVTINA and RAVENNA, make 1 food each. Ben's food house in "
        "LVCERIA makes nothing, and no bonus tile is taken or turned (R-SPEC-1)."))]
    intro = cc._("The same position; this time Aiko plays her Farmer. Press Next step.")
    return Stepper(colonist_game(), beats, intro=intro, facts=aiko_facts)


# --- exercise 1: the income option --------------------------------------------------------------------
def income_state() -> cc.GameState:
    """Aiko has 4 colonists on the map (2 land, 2 sea) and 2 waiting; she plays a Colonist card."""
    sc = cc.Scenario("italia", PLAYERS, seed=SEED)
    sc.player("Aiko", hand=["COLONIST-II", *cc.starting_hand()], houses=["COSA", "FLORENTIA"],
              colonists=[("land", "land:COSA-ROMA"), ("land", "land:COSA-FLORENTIA"),
                         ("sea", "sea:NEAPOLIS-ROMA"), ("sea", "sea:COSA-ROMA")])
    sc.to_move("Aiko")
    return cc.apply(sc.build(), "play COLONIST-II")


def check_income(answer: Any) -> Verdict:
    """How many coins does the Colonist card's income option give Aiko? (R-COLO-1 b)"""
    state = income_state()
    aiko = state.player("Aiko")
    on_map, waiting = len(aiko.colonists), aiko.waiting_total
    coins = cc.colonist_income(state, "Aiko")
    base = coins - on_map
    value = whole_number(answer, cc._("coins"))
    if isinstance(value, Verdict):
        return value
    if value == coins:
        return right(cc._("{base} + 1 for each of her {n} colonists on the map = {coins} (R-COLO-1). The colonists "
                          "waiting in the storehouse do not count.", base=cc.coins_text(base), n=on_map,
                          coins=cc.coins_text(coins)))
    if value == base + on_map + waiting:
        return wrong(cc._("You counted the {n} colonists waiting in the storehouse too. The income pays 1 coin per "
                          "colonist on the map only (R-COLO-1).", n=waiting))
    if value == on_map:
        return wrong(cc._("You forgot the fixed part: the income gives {base} plus 1 coin per colonist on the map "
                          "(R-COLO-1).", base=cc.coins_text(base)))
    if value == base:
        return wrong(cc._("You forgot the colonists: besides the fixed coins, the income pays 1 coin for each of your "
                          "colonists on the map (R-COLO-1)."))
    return wrong(cc._("The income gives {base} plus 1 coin per colonist of yours on the map, on routes or in cities, "
                      "not the ones in the storehouse (R-COLO-1).", base=cc.coins_text(base)))


def make_income_exercise() -> Exercise:
    state = income_state()
    aiko = state.player("Aiko")
    prompt = cc._("Aiko plays a Colonist card. She has {n} colonists on the map ({where}) and {waiting} waiting in her "
                  "storehouse. She takes the income instead of placing colonists. How many coins does she take?",
                  n=len(aiko.colonists), where=cc.listing([str(c) for c in aiko.colonists]),
                  waiting=aiko.waiting_total)
    coins = cc.colonist_income(state, "Aiko")
    return number_exercise(prompt, cc._("Coins"), check_income, lambda: coins)


# --- exercise 2: a Vintner ---------------------------------------------------------------------------
def vintner_state() -> cc.GameState:
    """Aiko is about to play a Vintner. Her houses: ANCONA and CROTON (wine), HADRIA (tools); Ben has houses in
    ANCONA and BAVZANVM (wine). VMBRIA's bonus tile (wine) shows its goods side."""
    sc = cc.Scenario("italia", PLAYERS, seed=SEED)
    sc.player("Aiko", hand=["VINTNER-II", *cc.starting_hand()], houses=["ANCONA", "CROTON", "HADRIA"],
              goods={"food": 1, "cloth": 1})
    sc.player("Ben", houses=["ANCONA", "BAVZANVM"])
    sc.to_move("Aiko")
    return sc.build()


def vintner_gain(state: cc.GameState) -> int:
    after = cc.apply(state, "play VINTNER-II")
    return after.player("Aiko").goods["wine"] - state.player("Aiko").goods["wine"]


def check_vintner(answer: Any) -> Verdict:
    """How many wine does Aiko's Vintner give her? (R-SPEC-1)"""
    state = vintner_state()
    gained = vintner_gain(state)
    others = sum(state.city_goods[c] == "wine" for p in state.players if p.name != "Aiko" for c in p.houses)
    value = whole_number(answer, cc.good_name("wine"))
    if isinstance(value, Verdict):
        return value
    if value == gained:
        return right(cc._("One wine for each of Aiko's {n} houses in wine cities (R-SPEC-1). Ben's houses give nothing, "
                          "and no bonus tile is involved or turned.", n=gained))
    if value == gained + others:
        return wrong(cc._("You counted Ben's houses in wine cities. A specialist makes goods only for its player's own "
                          "houses (R-SPEC-1)."))
    if value in (gained + 1, gained + 2):
        return wrong(cc._("A specialist is not a Prefect: there is no bonus, and no bonus tile is turned (R-SPEC-1). "
                          "Count only Aiko's houses in wine cities."))
    return wrong(cc._("A Vintner makes each of Aiko's houses in a wine city yield 1 wine; houses in other cities and "
                      "other players' houses yield nothing (R-SPEC-1)."))


def make_vintner_exercise() -> Exercise:
    state = vintner_state()
    lines = cc._("; ").join(cc._("{name}: {houses}", name=p.name,
                           houses=cc.listing([city_with_good(state, c) for c in p.houses])) for p in state.players)
    prompt = cc._("Houses: {houses}. Aiko plays a Vintner. How much wine does she receive? (She has room.)",
                  houses=lines)
    gained = vintner_gain(state)
    return number_exercise(prompt, cc.good_name("wine"), check_vintner, lambda: gained)
