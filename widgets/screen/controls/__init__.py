"""Action controls: one panel per choice that builds an action (docs/architecture.md principle 5), kept in step with the
board and the cards, which are controls too.

`ActionControls(game, on_change)` asks the engine which phase the play is in and shows that phase's
panel: the hand at turn start (click a card, or choose it in the menu), then the card's sub-steps one at
a time, each with a preview of its effect in words (computed by the engine on a copy of the state)
before it is applied. A click on the board (`picked`) chooses or plays what was clicked: a colonist, then
one of its highlighted routes; a city to build in or to place a colonist; a province to produce; a
display card to buy. The menus stay as the keyboard path and follow the clicks. Options the engine
would refuse are marked ✗: choosing one shows the engine's explanation and the game is unchanged. A
refusal box clears as soon as a legal choice is made. Cancel undoes the card play; a notation box
(folded away) accepts typed moves.

One module per card, as in `concordia_core/rules/`: `hand` (turn start), `architect`, `prefect`,
`mercator`, `diplomat`, `senator` (Senator and Consul), `colonist`, `tribune`, `storehouse` (a full
storehouse's choice), `game_over` and `waiting`; `panel` is their base, `dispatch` picks one by
`cc.Phase`, `action_controls` holds the panel of the moment.
"""
from __future__ import annotations

from .action_controls import ActionControls
from .architect import ArchitectPanel
from .colonist import ColonistPanel
from .diplomat import DiplomatPanel
from .dispatch import PHASE_PANELS, panel_class
from .game_over import GameOverPanel
from .hand import CardPicker
from .mercator import MercatorPanel
from .panel import BAD, Panel
from .prefect import PrefectPanel
from .request import CARD_PICKS, OverlayRequest
from .senator import SenatorPanel
from .storehouse import KeepPanel
from .tribune import TribunePanel
from .waiting import WaitPanel

__all__ = ["BAD", "CARD_PICKS", "PHASE_PANELS", "ActionControls", "ArchitectPanel", "CardPicker", "ColonistPanel",
           "DiplomatPanel", "GameOverPanel", "KeepPanel", "MercatorPanel", "OverlayRequest", "Panel", "PrefectPanel",
           "SenatorPanel", "TribunePanel", "WaitPanel", "panel_class"]
