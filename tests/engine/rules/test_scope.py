"""Rule tests for R-SCOPE. Positions are built from a fresh Italia game (seed 7):
VMBRIA = ANCONA wine, SPOLETVM brick, HADRIA tools (bonus wine); AEMILIA = MVTINA food, RAVENNA food
(bonus food); ETRVRIA = FLORENTIA cloth, COSA brick."""
from __future__ import annotations

import pytest

import concordia_core as cc
from concordia_core.cards import all_cards, cards_for_sale


# --- R-SCOPE -----------------------------------------------------------------------------------------
def test_R_SCOPE_base_game_only():
    cards = all_cards()
    assert {c.god for c in cards.values()} == {"vesta", "jupiter", "saturnus", "mercurius", "mars", "minerva"}
    assert len(cards_for_sale()) == 30
    assert not any("VENUS" in cid or c.god == "venus" for cid, c in cards.items())
    assert {"imperium", "italia"} <= set(cc.available_maps())
    assert {len(cc.load_map(m).provinces) for m in ("italia", "imperium")} == {11, 12}
    with pytest.raises(TypeError):
        cc.new_game("italia", ["Aiko", "Ben", "Chloe", "Dario"], seed=1, teams=True)  # no team play
