"""Chapter 06, the Prefect and Praefectus Magnus (R-PREF-1..5): the chapter's widgets and the collect exercise.

Worked example R-PREF-5 by real play: Italia, Aiko and Ben, seed 20, Aiko first. ETRVRIA's bonus
tile is cloth and COSA in it is a food city. Ben builds the first house in COSA, Aiko the second.
Then it is Ben's turn, and Ben (the last player) holds Praefectus Magnus.

The exercise: a position set up by hand on the same tiles where four bonus tiles show their coin
side (one of them cloth, worth 1 coin) and Aiko, holding Praefectus Magnus, collects.
"""
from __future__ import annotations

import concordia_core as cc

from ..render.goods import goods_chips
from ..render.markup import esc
from . import replay
from .kit import Outcome, Stepper, TryIt, beat, html_table, number_exercise, prefect_overlay
from .kit.exercise import Exercise, Verdict, right, whole_number, wrong

MAP = "italia"
PLAYERS = ["Aiko", "Ben"]
SEED = 20
OPENING = ["play MERCATOR", "done",                                          # Aiko
           "play ARCHITECT", "move ROMA > land:COSA-ROMA", "build COSA",     # Ben: 1st house in COSA
           "play ARCHITECT", "move ROMA > sea:COSA-ROMA", "build COSA"]      # Aiko: 2nd house in COSA
PROVINCE = "ETRVRIA"
COIN_SIDE = ["ETRVRIA", "VMBRIA", "CAMPANIA", "CORSICA"]   # the exercise's turned tiles


def position() -> cc.Game:
    """Ben to move, holding Praefectus Magnus; Aiko and Ben each have a house in COSA (food, ETRVRIA)."""
    return replay(MAP, PLAYERS, SEED, OPENING)


def received(before: cc.GameState, after: cc.GameState) -> str:
    """'Ben receives 2 cloth + 1 food; Aiko receives 1 food' (players who received nothing left out)."""
    parts = [cc._("{name} receives {goods}", name=p.name, goods=cc.goods_text(after.player(p.name).goods - p.goods))
             for p in before.players if (after.player(p.name).goods - p.goods).total()]
    return cc._("; ").join(parts) if parts else cc._("nobody receives anything")


def coin_side(state: cc.GameState) -> list[tuple[str, cc.BonusTile]]:
    """(province, tile) for each bonus tile showing its coin side, by province."""
    return [(p, t) for p, t in sorted(state.bonus_tiles.items()) if t.side == "coins"]


def facts(state: cc.GameState) -> str:
    turned = [p for p, _tile in coin_side(state)]
    rows = [[esc(p.name), goods_chips(p.goods), esc(p.coins)] for p in state.players]
    table_ = html_table([cc._("Player"), cc._("Goods"), cc._("Coins")], rows, raw=True)
    line = cc._("Praefectus Magnus: {holder}. Bonus tiles on their coin side: {tiles}.",
                holder=state.praefectus_magnus,
                tiles=cc.listing([cc.province_name(p) for p in turned]) if turned else cc._("none"))
    return table_ + f"<div>{esc(line)}</div>"


# --- the worked example R-PREF-5, then R-PREF-2 and R-PREF-4 ---------------------------------------
def worked_example() -> Stepper:
    beats = [
        beat("play PREFECT", cc._("Ben plays a Prefect. He chooses ETRVRIA, whose bonus tile shows cloth; the board "
                                  "shows what the production would give to whom.")),
        beat("produce ETRVRIA", lambda b, a: cc._(
            "ETRVRIA produces: {got}. Ben's bonus is 2 cloth instead of 1, because he holds the Praefectus Magnus "
            "card; the houses' food is not doubled (R-PREF-3). Exactly the rule text's numbers (R-PREF-5). The tile "
            "turns to its coin side, and the Praefectus Magnus card passes to Ben's right-hand neighbour, the "
            "player who plays just before him: with two players, Aiko.", got=received(b, a))),
        beat("play PREFECT", cc._("Aiko's turn: she plays a Prefect too, and would like ETRVRIA again.")),
        beat("produce ETRVRIA", cc._("Refused: ETRVRIA shows its coin side and cannot produce until someone collects "
                                     "(R-PREF-2)."), refused=True),
        beat("collect", lambda b, a: cc._(
            "So she collects: the coins printed on every tile showing its coin side, here only ETRVRIA's cloth tile "
            "with {coins}, and every tile turns back to its goods side (R-PREF-4). Her Praefectus Magnus card "
            "neither doubles this nor passes on.",
            coins=cc.coins_text(a.player("Aiko").coins - b.player("Aiko").coins))),
    ]
    intro = cc._("Aiko and Ben each have a house in COSA, a food city in ETRVRIA. It is Ben's turn, and Ben holds "
                 "the Praefectus Magnus card. Press Next step.")
    return Stepper(position(), beats, intro=intro, facts=facts, overlay=prefect_overlay(PROVINCE, "Ben"),
                   show_board=True)


# --- the live example: Aiko's Prefect without Praefectus Magnus -----------------------------------
def plain_position() -> cc.Game:
    """Ben spends his turn on a Mercator; Aiko, without Praefectus Magnus, is to play a Prefect."""
    return replay(MAP, PLAYERS, SEED, [*OPENING, "play MERCATOR", "done", "play PREFECT"])


def province_picker() -> TryIt:
    state = plain_position().state
    board = cc.load_map(MAP)

    def attempt(province: str) -> Outcome:
        after = cc.apply(state, f"produce {province}")
        return Outcome(cc._("{province} produces: {got}. Aiko takes 1 {good} as her bonus (she does not hold the "
                            "Praefectus Magnus card), and each house in the province makes 1 good for its owner.",
                            province=cc.province_name(province), got=received(state, after),
                            good=cc.good_name(state.bonus_goods[province])), after)
    provinces = [(cc.province_name(p), p) for p in sorted(board.provinces)]
    return TryIt(cc._("Province for Aiko's Prefect"), provinces, attempt, button=cc._("Produce"), board_state=state,
                 board_caption=cc._("Aiko and Ben each have a house in COSA (ETRVRIA). Aiko has played a Prefect."),
                 pick_kind="province")


# --- the exercise: collecting (R-PREF-4) ------------------------------------------------------------
def collect_scenario() -> cc.Scenario:
    """Four bonus tiles on their coin side; Aiko to move, holding Praefectus Magnus."""
    sc = cc.Scenario(MAP, PLAYERS, seed=SEED)
    for province in COIN_SIDE:
        sc.bonus_side(province, "coins")
    return sc.praefectus_magnus("Aiko").to_move("Aiko")


def _turned(state: cc.GameState) -> str:
    return cc.listing([cc._("{province} ({good}: {coins})", province=cc.province_name(p), good=cc.good_name(t.good),
                            coins=cc.coins_text(t.coins)) for p, t in coin_side(state)])


def check_collect(answer: object, state: cc.GameState | None = None) -> Verdict:
    """Coins a Prefect's collect gives now: the coins printed on all coin-side tiles (R-PREF-4)."""
    state = state if state is not None else collect_scenario().build()
    value = whole_number(answer, cc._("coins"))
    if isinstance(value, Verdict):
        return value
    turned = coin_side(state)
    coins = cc.collect_value(state)
    listed = _turned(state)
    if value == coins:
        return right(cc._("{coins}: {tiles}. Collecting takes the coins printed on every tile showing its coin side "
                          "and turns them all back; the Praefectus Magnus card does not double it (R-PREF-4).",
                          coins=cc.coins_text(coins), tiles=listed))
    if value == len(turned):
        return wrong(cc._("That is the number of turned tiles. Count the coins printed on them instead: {tiles} "
                          "(R-PREF-4).", tiles=listed))
    if value == 2 * coins:
        return wrong(cc._("The Praefectus Magnus card doubles only a producing player's bonus good (R-PREF-3), never "
                          "a collect (R-PREF-4)."))
    if value == 2 * len(turned):
        return wrong(cc._("Not every tile shows 2 coins: a cloth tile shows 1. {tiles} (R-PREF-4).", tiles=listed))
    return wrong(cc._("Add the coins printed on the tiles showing their coin side: {tiles} (R-PREF-4).",
                      tiles=listed))


def make_collect_exercise() -> Exercise:
    state = collect_scenario().build()
    turned = cc.listing([cc._("{province} ({good})", province=cc.province_name(p), good=cc.good_name(t.good))
                         for p, t in coin_side(state)])
    prompt = cc._("Four bonus tiles show their coin side: {tiles}. A brick, food, tools or wine tile shows 2 coins "
                  "on that side, a cloth tile 1. Aiko holds the Praefectus Magnus card and plays a Prefect to "
                  "collect. How many coins does she take?", tiles=turned)
    return number_exercise(prompt, cc._("Coins"), check_collect, lambda: cc.collect_value(state))
