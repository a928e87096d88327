"""Rule tests for R-MERC. Positions are built from a fresh Italia game (seed 7):

ETRVRIA: FLORENTIA cloth, COSA brick (bonus cloth)   AEMILIA: MVTINA food, RAVENNA food (bonus food)
CAMPANIA: CASINVM tools, NEAPOLIS tools (bonus tools) VMBRIA: ANCONA wine, SPOLETVM brick, HADRIA tools
Aiko moves first (5 coins), Ben second (6 coins) and holds Praefectus Magnus.
"""
from __future__ import annotations

import pytest
from helpers import legal, new_state, player, refused, run, setp

import concordia_core as cc


# --- R-MERC ------------------------------------------------------------------------------------------
def test_R_MERC_1_starting_mercator_takes_3_coins_purchased_5(s2):
    s = run(s2, "play MERCATOR")
    assert player(s, "Aiko").coins == 5 + 3
    s = setp(s2, "Aiko", hand=("MERCATOR-II",))
    s = run(s, "play MERCATOR-II")
    assert player(s, "Aiko").coins == 5 + 5


def test_R_MERC_2_at_most_two_kinds_any_units(s2):
    s = setp(s2, "Aiko", coins=50, goods={"food": 2, "wine": 2})
    s = run(s, "play MERCATOR", "sell 1 wine", "buy 1 brick")
    s = run(s, "buy 2 brick", "sell 1 wine")  # more units of kinds already traded
    p = player(s, "Aiko")
    assert p.goods == cc.Goods({"food": 2, "brick": 3})
    assert p.coins == 53 + 6 - 3 - 6 + 6
    msg = refused(s, "sell 1 food", "R-MERC-2")
    assert "2 kinds" in msg
    refused(s, "buy 1 cloth", "R-MERC-2")
    assert all(a.good in ("wine", "brick") for a in cc.legal_actions(s) if isinstance(a, cc.Trade))
    assert "buy 1 brick" in legal(s)


def test_R_MERC_2_buy_price_equals_sell_price_and_capacity(s2):
    s = run(s2, "play MERCATOR")
    assert player(s, "Aiko").free_slots == 2
    s1 = run(s, "sell 1 wine")
    assert player(s1, "Aiko").coins == 8 + 6
    s1 = run(s, "buy 1 wine")
    assert player(s1, "Aiko").coins == 8 - 6
    assert player(s1, "Aiko").goods["wine"] == 2
    msg = refused(setp(s, "Aiko", coins=50), "buy 3 brick", "R-STORE-1")
    assert "2 free slots" in msg
    assert "buy 3 brick" not in legal(setp(s, "Aiko", coins=50))
    msg = refused(s, "buy 2 cloth", "R-MERC-2")
    assert "14 coins" in msg
    assert "8 coins" in msg
    refused(s, "sell 2 cloth", "R-MERC-2")
    assert "buy 2 brick" in legal(s)
    assert "buy 3 brick" not in legal(s)


def test_R_MERC_2_a_kind_sold_is_not_bought_back_in_the_same_play(s2):
    # The tutor's reading 9 (docs/rules.md): at equal prices, buying back a kind sold in the same play only
    # undoes part of the sale, so each kind trades one way within a play. Aiko: 8 coins after the income,
    # 1 wine; she sells it (14 coins) and may not buy wine back, but may trade a second kind.
    s = run(s2, "play MERCATOR", "sell 1 wine")
    msg = refused(s, "buy 1 wine", "R-MERC-2")
    assert "sold wine" in msg
    assert not [a for a in legal(s) if a.startswith("buy") and a.endswith("wine")]
    assert "buy 1 brick" in legal(s)


def test_R_MERC_2_a_kind_bought_is_not_sold_again_but_bought_further(s2):
    s = setp(s2, "Aiko", coins=20)
    s = run(s, "play MERCATOR", "buy 1 brick")        # 23 - 3 = 20 coins, 1 brick more
    msg = refused(s, "sell 1 brick", "R-MERC-2")
    assert "bought brick" in msg
    assert not [a for a in legal(s) if a.startswith("sell") and a.endswith("brick")]
    s = run(s, "buy 1 brick")
    assert player(s, "Aiko").coins == 20 - 3


@pytest.mark.parametrize("seed", range(12))
def test_R_MERC_2_no_sequence_of_trades_repeats_a_position_so_every_play_ends(seed):
    # A random walk through a Mercator play: every step reaches a position not seen before in the play.
    import random
    rng = random.Random(seed)
    s = setp(new_state("italia", ["Aiko", "Ben"], seed), "Aiko", coins=rng.randrange(0, 40),
             goods={g: rng.randrange(0, 3) for g in cc.GOODS})
    s = run(s, "play MERCATOR")
    seen = [s]
    while s.pending is not None and s.to_move == "Aiko":
        s = cc.apply(s, rng.choice(cc.legal_actions(s)))
        assert all(s != before for before in seen)
        seen.append(s)
    assert len(seen) <= 1 + 2 * 12 + 1   # at most the storehouse's units of two kinds, one at a time, and done


def test_R_MERC_4_players_never_trade_with_each_other(s2):
    ben = player(s2, "Ben")
    s = run(s2, "play MERCATOR", "sell 1 cloth", "buy 2 brick")
    assert player(s, "Ben") == ben
    assert all(isinstance(a, (cc.Trade, cc.Done)) for a in cc.legal_actions(s))
    refused(s, "copy Ben", "R-MERC-2")
