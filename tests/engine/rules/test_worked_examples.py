"""Every worked example of docs/rules.md, reproduced exactly on the engine: R-MERC-3, R-ARCH-9, R-PREF-5,
R-TRIB-2, R-SCORE-8. Where possible the position is reached by real play from a seeded setup.

Italia, seed 20, Aiko first: ETRVRIA's bonus tile is cloth; COSA (next to ROMA) is a food city.
"""
from __future__ import annotations

from dataclasses import replace

import pytest
from helpers import legal, player, run, setp, snapshot

import concordia_core as cc
from concordia_core.cards import starting_hand


@pytest.fixture
def cosa_houses() -> cc.Game:
    """Seed 20: Ben builds the first house in COSA, then Aiko the second (R-ARCH-9)."""
    g = cc.new_game("italia", ["Aiko", "Ben"], seed=20, first_player="Aiko")
    assert g.state.city_goods["COSA"] == "food"
    assert g.state.bonus_goods["ETRVRIA"] == "cloth"
    g.play("play MERCATOR")              # Aiko: 5 + 3 = 8 coins
    g.play("done")
    g.play("play ARCHITECT")             # Ben: 1st house in COSA = 1 brick + 1 food + 2 coins
    g.play("move ROMA > land:COSA-ROMA")
    g.play("build COSA")
    assert g.state.to_move == "Aiko"
    return g


def test_R_MERC_3_worked_example_sell_cloth_buy_brick():
    g = cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko")

    def aiko():
        return player(g.state, "Aiko")

    assert aiko().coins == 5
    assert aiko().free_slots == 2
    g.play("play MERCATOR")
    assert aiko().coins == 8
    g.play("sell 1 cloth")
    assert aiko().coins == 15
    assert aiko().free_slots == 3
    assert aiko().goods["cloth"] == 0
    g.play("buy 2 brick")
    assert aiko().coins == 9
    assert aiko().goods["brick"] == 3
    # cloth and brick were the two kinds: no food may be bought this turn
    assert not any(a.startswith(("buy 1 food", "sell 1 food")) for a in legal(g.state))
    before, steps = snapshot(g.state), len(g.history)
    with pytest.raises(cc.IllegalAction) as info:
        g.play("buy 1 food")
    assert info.value.rule == "R-MERC-2"
    assert snapshot(g.state) == before
    assert len(g.history) == steps
    g.play("buy 1 brick")  # more units of a kind already traded are fine
    assert aiko().goods["brick"] == 4
    assert aiko().coins == 6


def test_R_ARCH_9_worked_example_second_house_in_food_city(cosa_houses):
    g = cosa_houses
    ben = player(g.state, "Ben")
    assert ben.houses == ("COSA",)
    assert ben.coins == 6 - 2
    a = player(g.state, "Aiko")
    g.play("play ARCHITECT")
    g.play("move ROMA > sea:COSA-ROMA")
    assert "build COSA" in legal(g.state)
    g.play("build COSA")
    after = player(g.state, "Aiko")
    assert a.coins - after.coins == 4                          # 2 coins x 2 houses
    assert a.goods - after.goods == cc.Goods({"brick": 1, "food": 1})  # goods are not multiplied
    assert after.houses == ("COSA",)


def test_R_ARCH_9_worked_example_price_named_when_short(cosa_houses):
    s = setp(cosa_houses.state, "Aiko", coins=3)
    s = run(s, "play ARCHITECT", "move ROMA > sea:COSA-ROMA")
    with pytest.raises(cc.IllegalAction) as info:
        cc.apply(s, "build COSA")
    msg = str(info.value)
    assert "COSA" in msg
    assert "2nd house" in msg
    assert "1 brick + 1 food + 4 coins" in msg
    assert "3 coins" in msg


@pytest.fixture
def both_in_cosa(cosa_houses) -> cc.GameState:
    g = cosa_houses
    g.play("play ARCHITECT")
    g.play("move ROMA > sea:COSA-ROMA")
    g.play("build COSA")
    assert g.state.to_move == "Ben"
    assert g.state.praefectus_magnus == "Ben"
    return g.state


def test_R_PREF_5_worked_example_without_praefectus_magnus(both_in_cosa):
    s = run(both_in_cosa, "play MERCATOR", "done")  # Ben's turn passes
    a, b = player(s, "Aiko"), player(s, "Ben")
    s = run(s, "play PREFECT", "produce ETRVRIA")   # Aiko produces; Ben holds Praefectus Magnus
    assert player(s, "Aiko").goods - a.goods == cc.Goods({"cloth": 1, "food": 1})
    assert player(s, "Ben").goods - b.goods == cc.Goods({"food": 1})
    assert s.praefectus_magnus == "Ben"


def test_R_PREF_5_worked_example_with_praefectus_magnus(both_in_cosa):
    s = both_in_cosa
    a, b = player(s, "Aiko"), player(s, "Ben")
    s = run(s, "play PREFECT", "produce ETRVRIA")   # Ben produces holding Praefectus Magnus
    assert player(s, "Ben").goods - b.goods == cc.Goods({"cloth": 2, "food": 1})
    assert player(s, "Aiko").goods - a.goods == cc.Goods({"food": 1})
    assert s.praefectus_magnus == "Aiko"             # passed to Ben's right


def test_R_PREF_5_worked_example_aiko_holding_the_card(both_in_cosa):
    s = replace(run(both_in_cosa, "play MERCATOR", "done"), praefectus=0)
    a = player(s, "Aiko")
    s = run(s, "play PREFECT", "produce ETRVRIA")
    assert player(s, "Aiko").goods - a.goods == cc.Goods({"cloth": 2, "food": 1})
    assert s.praefectus_magnus == "Ben"


def test_R_TRIB_2_worked_example_four_cards_then_tribune():
    g = cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko")
    for aiko_play, ben_play in [(("play MERCATOR", "done"), ("play MERCATOR", "done")),
                                (("play PREFECT", "collect"), ("play PREFECT", "collect")),
                                (("play PREFECT", "collect"), ("play PREFECT", "collect")),
                                (("play SENATOR", "done"), ("play SENATOR", "done"))]:
        for action in aiko_play + ben_play:
            g.play(action)
    a = player(g.state, "Aiko")
    assert len(a.discard) == 4
    assert g.state.to_move == "Aiko"
    g.play("play TRIBUNE")
    after = player(g.state, "Aiko")
    assert after.coins - a.coins == 2                 # 5 cards return: 2 beyond 3
    assert after.discard == ()
    assert sorted(after.hand) == sorted(starting_hand())


def test_R_SCORE_8_worked_example():
    s = cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko").state
    houses = ["FLORENTIA", "AQVILEIA", "VERONA", "CASINVM", "ANCONA"]  # cloth, cloth, tools, tools, wine
    assert {s.city_goods[h] for h in houses} == {"cloth", "tools", "wine"}
    # 4 provinces: ETRVRIA, VENETIA (2 houses), CAMPANIA, VMBRIA
    s = setp(s, "Aiko", houses=houses,
             colonists=[("land", "land:COSA-FLORENTIA"), ("land", "land:ANCONA-HADRIA"), ("sea", "sea:COSA-ROMA")],
             waiting={"land": 1, "sea": 2},
             hand=["ARCHITECT", "DIPLOMAT", "PREFECT", "PREFECT", "MERCATOR", "TRIBUNE"], discard=[])
    sb = cc.score(s, "Aiko")
    by_god = sb.by_god()
    assert by_god["jupiter"] == 2 * 5
    assert by_god["saturnus"] == 2 * 4
    assert by_god["mercurius"] == 1 * 2 * 3
    assert by_god["mars"] == 1 * 2 * 3
    assert by_god["jupiter"] + by_god["saturnus"] + by_god["mercurius"] + by_god["mars"] == 30
    assert sb.total == 30
    # plus Vesta, Minerva and the Concordia card
    s = setp(s, "Aiko", discard=["SENATOR", "WEAVER-II"], concordia=True, coins=21, goods={"cloth": 1})
    sb = cc.score(s, "Aiko")
    assert sb.by_god()["vesta"] == (21 + 7) // 10
    assert sb.by_god()["minerva"] == 5 * 2   # Weaver: 5 per own cloth house
    assert sb.by_god()["concordia"] == 7
    assert sb.total == 30 + 2 + 10 + 7
