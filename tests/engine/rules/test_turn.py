"""Rule tests for R-TURN. Positions are built from a fresh Italia game (seed 7):

ETRVRIA: FLORENTIA cloth, COSA brick (bonus cloth)   AEMILIA: MVTINA food, RAVENNA food (bonus food)
CAMPANIA: CASINVM tools, NEAPOLIS tools (bonus tools) VMBRIA: ANCONA wine, SPOLETVM brick, HADRIA tools
Aiko moves first (5 coins), Ben second (6 coins) and holds Praefectus Magnus.
"""
from __future__ import annotations

from helpers import legal, player, refused, run

import concordia_core as cc


# --- R-TURN ------------------------------------------------------------------------------------------
def test_R_TURN_1_turns_go_clockwise_and_the_card_goes_onto_own_discard(s3):
    assert s3.to_move == "Aiko"
    s = run(s3, "play MERCATOR", "done")
    a = player(s, "Aiko")
    assert a.discard == ("MERCATOR",)
    assert a.top_card == "MERCATOR"
    assert "MERCATOR" not in a.hand
    assert len(a.hand) == 6
    assert s.to_move == "Ben"
    s = run(s, "play PREFECT", "collect")
    assert s.to_move == "Chloe"
    s = run(s, "play PREFECT", "collect")
    assert s.to_move == "Aiko"
    assert player(s, "Ben").discard == ("PREFECT",)


def test_R_TURN_1_no_passing_a_turn_starts_with_a_card_from_hand(s2):
    assert all(isinstance(a, cc.PlayCard) for a in cc.legal_actions(s2))
    assert {a.card for a in cc.legal_actions(s2)} == set(player(s2, "Aiko").hand)
    refused(s2, "done", "R-TURN-1")
    refused(s2, "collect", "R-TURN-1")
    msg = refused(s2, "play CONSUL-II", "R-TURN-1")
    assert "not in your hand" in msg


def test_R_TURN_2_a_played_card_returns_only_with_the_tribune(s2):
    s = run(s2, "play MERCATOR", "done",   # Aiko
            "play MERCATOR", "done")       # Ben
    assert "play MERCATOR" not in legal(s)
    msg = refused(s, "play MERCATOR", "R-TURN-2")
    assert "Tribune" in msg
    # any order; the two Prefects may both be played, one after the other
    s = run(s, "play PREFECT", "collect",  # Aiko
            "play PREFECT", "collect",     # Ben
            "play PREFECT", "collect")     # Aiko, her second Prefect
    assert player(s, "Aiko").discard == ("MERCATOR", "PREFECT", "PREFECT")
    assert "play PREFECT" not in legal(run(s, "play ARCHITECT", "done"))
    s = run(s, "play ARCHITECT", "done",   # Ben
            "play TRIBUNE")                # Aiko
    if s.pending is not None:
        s = run(s, "done")
    assert player(s, "Aiko").hand.count("PREFECT") == 2
    assert "MERCATOR" in player(s, "Aiko").hand
