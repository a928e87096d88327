"""Rule tests for R-SEN and R-CONS-1. Positions are built from a fresh Italia game (seed 7):

ETRVRIA: FLORENTIA cloth, COSA brick (bonus cloth)   AEMILIA: MVTINA food, RAVENNA food (bonus food)
CAMPANIA: CASINVM tools, NEAPOLIS tools (bonus tools) VMBRIA: ANCONA wine, SPOLETVM brick, HADRIA tools
Aiko moves first (5 coins), Ben second (6 coins) and holds Praefectus Magnus.
"""
from __future__ import annotations

from helpers import legal, player, refused, run, setp

import concordia_core as cc


# --- R-SEN -------------------------------------------------------------------------------------------
def test_R_SEN_1_up_to_two_cards_go_to_hand_and_are_played_later(s2):
    s = setp(s2, "Aiko", goods={"brick": 2, "tools": 2, "wine": 2, "food": 2})
    s = run(s, "play SENATOR", "purchase 1", "purchase 2 paying food")  # SMITH-I, PREFECT-I
    p = player(s, "Aiko")
    assert "SMITH-I" in p.hand
    assert "PREFECT-I" in p.hand
    assert p.discard == ("SENATOR",)
    assert s.to_move == "Ben"
    assert s.pending is None  # two cards: the play is over
    s = run(s, "play MERCATOR", "done")
    assert "play PREFECT-I" in legal(s)
    assert "play SMITH-I" in legal(s)


def test_R_SEN_1_one_card_then_done(s2):
    s = setp(s2, "Aiko", goods={"brick": 1, "tools": 1, "wine": 2})
    s = run(s, "play SENATOR", "purchase 1")
    assert s.to_move == "Aiko"
    assert "done" in legal(s)
    s = run(s, "done")
    assert s.to_move == "Ben"
    assert "SMITH-I" in player(s, "Aiko").hand


def test_R_SEN_2_price_is_card_cost_plus_slot_extra_wild_paid_with_chosen_good(s2):
    # slot 3 holds MERCATOR-I (cost: wine) and asks for '?'
    s = setp(s2, "Aiko", goods={"wine": 1, "cloth": 1, "food": 1})
    s = run(s, "play SENATOR")
    assert "purchase 3 paying cloth" in legal(s)
    assert "purchase 3 paying food" in legal(s)
    assert "purchase 3" not in legal(s)
    msg = refused(s, "purchase 3", "R-SEN-2")
    assert "paying" in msg
    after = run(s, "purchase 3 paying cloth")
    assert player(after, "Aiko").goods == cc.Goods({"food": 1})
    # slot 1 has no extra cost; naming a good there is refused
    refused(s, "purchase 1 paying food", "R-SEN-2")


def test_R_SEN_2_slot_extra_cloth_and_shortfall_message(s2):
    # slot 7: MASON-I costs 1 food, plus cloth + cloth for the slot
    s = setp(s2, "Aiko", goods={"food": 1, "cloth": 1, "wine": 1})
    s = run(s, "play SENATOR")
    msg = refused(s, "purchase 7", "R-SEN-2")
    assert "MASON" in msg.upper()
    assert "1 food + 2 cloth" in msg
    assert "1 cloth" in msg
    assert "purchase 7" not in legal(s)
    s = setp(s, "Aiko", goods={"food": 1, "cloth": 2})
    s = run(s, "purchase 7")
    assert player(s, "Aiko").goods == cc.Goods()


def test_R_SEN_3_two_cards_priced_at_their_slots_before_shifting(s2):
    s = setp(s2, "Aiko", goods={"brick": 1, "tools": 1, "wine": 1, "food": 1})
    s = run(s, "play SENATOR", "purchase 1")
    # PREFECT-I is still priced at slot 2 ('?'), not at slot 1 where it would shift
    assert "purchase 2" not in legal(s)
    assert "purchase 2 paying food" in legal(s)
    refused(s, "purchase 2", "R-SEN-2")
    refused(s, "purchase 1", "R-SEN-1")  # the bought slot stays empty during the play
    s = run(s, "purchase 2 paying food")
    assert player(s, "Aiko").goods == cc.Goods()


def test_R_SEN_3_slot_seven_card_still_costs_two_cloth_after_slot_six_bought(s2):
    s = setp(s2, "Aiko", goods={"brick": 1, "food": 3, "cloth": 3, "wine": 1})
    s = run(s, "play SENATOR", "purchase 6 paying wine")  # FARMER-I: brick + food, + ? + cloth
    assert player(s, "Aiko").goods == cc.Goods({"food": 2, "cloth": 2})
    s = run(s, "purchase 7")  # MASON-I: food + cloth + cloth
    assert player(s, "Aiko").goods == cc.Goods({"food": 1})


def test_R_SEN_4_remaining_cards_shift_left_and_refill_from_deck(s2):
    display, deck = s2.display, s2.deck
    s = setp(s2, "Aiko", goods={"wine": 1, "food": 1, "tools": 1, "cloth": 1})
    s = run(s, "play SENATOR", "purchase 2 paying food", "purchase 5")
    assert s.display == (display[0], display[2], display[3], display[5], display[6], deck[0], deck[1])
    assert s.deck == deck[2:]
    assert None not in s.display


# --- R-CONS-1 ----------------------------------------------------------------------------------------
def test_R_CONS_1_consul_pays_only_the_card_cost(s2):
    s = setp(s2, "Aiko", hand=["CONSUL-II"], goods={"food": 1})
    deck = s.deck
    s = run(s, "play CONSUL-II")
    assert "purchase 7" in legal(s)  # MASON-I: 1 food, the slot's 2 cloth ignored
    assert all(a.wild is None for a in cc.legal_actions(s) if isinstance(a, cc.Purchase))
    msg = refused(s, "purchase 2 paying food", "R-CONS-1")
    assert "Consul" in msg
    s = run(s, "purchase 7")
    p = player(s, "Aiko")
    assert "MASON-I" in p.hand
    assert p.goods == cc.Goods()
    assert s.display[-1] == deck[0]
    assert s.deck == deck[1:]
    assert s.to_move == "Ben"  # a Consul buys one card


def test_R_CONS_1_consul_shifts_left(s2):
    display = s2.display
    s = setp(s2, "Aiko", hand=["CONSUL-II"], goods={"wine": 1})
    s = run(s, "play CONSUL-II", "purchase 2")  # PREFECT-I: wine only, no '?'
    assert s.display[:6] == display[:1] + display[2:]
