"""The engine (concordia_core, its bots and judge): small Italia games and positions the rule tests start from."""
from __future__ import annotations

import pytest

import concordia_core as cc


@pytest.fixture
def italia2() -> cc.Game:
    """A 2-player Italia game with Aiko first."""
    return cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko")


@pytest.fixture
def s2() -> cc.GameState:
    """The state after setup of a 2-player Italia game (seed 7, Aiko first)."""
    return cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko").state


@pytest.fixture
def s3() -> cc.GameState:
    """The state after setup of a 3-player Italia game (seed 7, Aiko first)."""
    return cc.new_game("italia", ["Aiko", "Ben", "Chloe"], seed=7, first_player="Aiko").state
