"""Which panel the game asks for now: game over, a storehouse choice, the hand, or the panel of the
card play's phase (`cc.Phase`)."""
from __future__ import annotations

import concordia_core as cc

from .architect import ArchitectPanel
from .colonist import ColonistPanel
from .diplomat import DiplomatPanel
from .game_over import GameOverPanel
from .hand import CardPicker
from .mercator import MercatorPanel
from .panel import Panel
from .prefect import PrefectPanel
from .senator import SenatorPanel
from .storehouse import KeepPanel
from .tribune import TribunePanel

PHASE_PANELS: dict[cc.Phase, type[Panel]] = {
    cc.Phase.MOVE: ArchitectPanel, cc.Phase.BUILD: ArchitectPanel, cc.Phase.PREFECT: PrefectPanel,
    cc.Phase.MERCATOR: MercatorPanel, cc.Phase.DIPLOMAT: DiplomatPanel, cc.Phase.SENATOR: SenatorPanel,
    cc.Phase.CONSUL: SenatorPanel, cc.Phase.COLONIST: ColonistPanel, cc.Phase.TRIBUNE: TribunePanel,
}


def panel_class(state: cc.GameState) -> type[Panel]:
    """Which panel the state asks for: game over, a storehouse choice, the card picker or a phase."""
    if state.over:
        return GameOverPanel
    if state.choices:
        return KeepPanel
    if state.pending is None:
        return CardPicker
    return PHASE_PANELS[state.pending.phase]
