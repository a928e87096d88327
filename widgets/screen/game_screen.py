"""GameApp: the whole tutor screen for one Game, re-rendered from `game.state` after every change.

Layout: the board on the left (as large as the window's height allows), and beside it a column that stays
in view while the page scrolls: the controls of the current decision, the card display, the game log in
sentences (with Undo) and the rules, each box folding away. Player boards and the score sit below in tabs.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

import concordia_core as cc

from ..parts.error_log import ErrorLog, guarded
from ..parts.inputs import fold
from ..parts.style import page_style
from ..render.board import BuildOverlay, Overlay, ProduceOverlay, ReachOverlay
from ..render.layout import layout_for
from ..render.picks import Pick
from .card_display import CardDisplay
from .controls import CARD_PICKS, ActionControls, OverlayRequest, SenatorPanel, WaitPanel
from .history import HistoryView
from .hooks import ScreenHooks
from .map_view import MapView
from .player_board import PlayerBoard
from .rules_finder import RulesPanel
from .score_view import ScoreView

SCORE_TAB = 1
SIDE_WIDTH = 410        # px: the column of controls beside the map
TOP_OFFSET = 120        # px of window height taken by the notebook's bars (the map fits in what is left)

STYLE = """<style>
.cc-game-row { align-items: flex-start; gap: 8px; overflow: visible !important; }
.cc-side { position: sticky; top: 4px; align-self: flex-start; overflow-y: auto !important; }
.cc-side > * { flex-shrink: 0 !important; }
.cc-side .widget-html-content { line-height: 1.35; }
.cc-side .jupyter-widget-Collapse-header, .cc-side .p-Collapse-header, .cc-side .lm-Collapse-header { padding: 3px 8px; }
/* the column stays in view only if nothing between it and the page's scroller clips (scrolls) on its own */
/* (inside the output only: the page's own scroller, in JupyterLab or Voilà, must keep scrolling) */
.jp-OutputArea:has(.cc-game-row), .jp-OutputArea-child:has(.cc-game-row), .jp-OutputArea-output:has(.cc-game-row),
.jp-OutputArea-output :has(.cc-game-row), .widget-box:has(.cc-game-row) { overflow: visible !important; }
</style>"""


class GameApp(widgets.VBox):
    """Map, action controls, card display, game log, rules, player boards, score view and error log.

    `hooks` (a ScreenHooks) is what a table tells the screen: `hand_visible(name)` hides hands on the boards
    (hot-seat), `may_act(state)` and `waiting_text(state)` who may act at this screen, Undo's reach and label,
    a note under a log entry, and `on_refresh()`, called after every refresh once the app is built, so a
    table can follow the game."""

    def __init__(self, game: cc.Game, *, hooks: ScreenHooks | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("cc-game")
        self.game = game
        self.hooks = hooks or ScreenHooks()
        self.error_log = ErrorLog()
        self._refreshed: Callable[[], None] = lambda: None
        self._drawn: tuple[object, ...] | None = None
        self.boards = [PlayerBoard(p.name, self.hooks.hand_visible) for p in game.state.players]
        self.card_display = CardDisplay(log=self.error_log)
        self.map_view = MapView(log=self.error_log)
        self.score_view = ScoreView()
        self.rules = RulesPanel(log=self.error_log)
        self.controls = ActionControls(game, guarded(self.refresh, self.error_log), log=self.error_log, hooks=self.hooks,
                                       on_overlay=guarded(self._draw_map, self.error_log), on_refusal=self._refused)
        self.history = HistoryView(game, guarded(self.refresh, self.error_log), log=self.error_log, hooks=self.hooks)
        self.map_view.on_pick(self.controls.picked)
        self.card_display.row.on_pick(lambda key: self.controls.picked(Pick("slot", key.partition(":")[2])))
        for board in self.boards:
            board.layout = widgets.Layout(flex="1 1 360px", max_width="560px")
        boards = widgets.HBox(self.boards, layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))
        tabs = self.tabs = widgets.Tab(children=[boards, self.score_view])
        self._scored: cc.GameState | None = None
        # the score table and chart are drawn when their tab is open: an Apply redraws only what is seen
        tabs.observe(guarded(lambda _change: self._show_score(), self.error_log), names="selected_index")
        for i, title in enumerate((cc._("Players"), cc._("Score"))):
            tabs.set_title(i, title)
        lay = layout_for(game.state.map_id)
        # the map as large as the window's height allows, the controls in a column beside it that stays in view
        self.map_view.layout = widgets.Layout(flex="1 1 480px", min_width="360px", height="auto",
                                              max_width=f"calc((100vh - {TOP_OFFSET}px) * {lay.width / lay.height:.3f})")
        self.display_box = fold(cc._("Card display"), self.card_display, open_=False)
        self.log_box = fold(cc._("Game log"), self.history, open_=True)
        self.rules_box = fold(cc._("Rules"), self.rules, open_=False)
        self.side = widgets.VBox([self.controls, self.display_box, self.log_box, self.rules_box],
                                 layout=widgets.Layout(flex=f"0.3 1 {SIDE_WIDTH}px", width=f"{SIDE_WIDTH}px",
                                                       min_width="320px", max_width="560px",
                                                       max_height=f"calc(100vh - {TOP_OFFSET - 40}px)"))
        self.side.add_class("cc-side")
        row = widgets.HBox([self.map_view, self.side], layout=widgets.Layout(flex_flow="row wrap", width="100%"))
        row.add_class("cc-game-row")
        self.children = [widgets.HTML(STYLE, layout=widgets.Layout(height="0px", margin="0")), page_style(), row, tabs,
                         self.error_log]
        self.refresh()
        self._refreshed = self.hooks.on_refresh

    def add_to_side(self, box: widgets.Widget, position: int = 1) -> None:
        """Put another box in the side column (a table's hints go right under the controls)."""
        children = list(self.side.children)
        children.insert(position, box)
        self.side.children = children

    def _refused(self, err: cc.ConcordiaError) -> None:
        """A refusal: open the rules at the rule it cites."""
        rule = err.rule if isinstance(err, cc.IllegalAction | cc.SetupError) else None
        if rule:
            self.rules.show_rule(rule)
            self.rules_box.selected_index = 0

    def overlay(self, request: OverlayRequest | None) -> Overlay | None:
        """The map overlay object for a control's request (ReachOverlay, BuildOverlay or ProduceOverlay)."""
        if request is None:
            return None
        if request.kind == "reach" and request.start is not None and request.colonist_kind is not None:
            return ReachOverlay(request.start, request.colonist_kind, request.steps, request.player, request.selected)
        if request.kind == "build":
            return BuildOverlay(request.player, request.selected)
        if request.kind == "produce" and request.province is not None:
            return ProduceOverlay(request.province, request.player)
        return None

    def _draw_map(self, request: OverlayRequest | None = None) -> None:
        panel = self.controls.panel
        picks = panel.picks() if panel is not None else []
        chosen = panel.selected() if panel is not None else []
        board = [p for p in picks if p.kind not in CARD_PICKS]
        board_chosen = [p for p in chosen if p.kind not in CARD_PICKS]
        slots = [p.key for p in picks if p.kind == "slot"]
        self.card_display.row.mark(slots, [p.key for p in chosen if p.kind == "slot"])
        key = (id(self.game.state), request, tuple(p.key for p in board), tuple(p.key for p in board_chosen))
        if key == self._drawn:
            return
        self._drawn = key
        self.map_view.show(self.game.state, overlay=self.overlay(request), pickable=board, selected=board_chosen)

    def refresh(self) -> None:
        """Re-render every view from `game.state` (controls too when the change came from elsewhere)."""
        state = self.game.state
        panel = self.controls.panel
        waiting = isinstance(panel, WaitPanel)
        if panel is None or panel.state is not state or waiting == (state.over or self.controls.hooks.may_act(state)):
            self.controls.refresh()
            if isinstance(self.controls.panel, SenatorPanel):
                self.display_box.selected_index = 0       # the cards to buy, open beside the controls
        for board in self.boards:
            board.show(state)
        self.card_display.show(state)
        self.history.show(state)
        self._show_score()
        self._draw_map(self.controls.overlay_request)
        self._refreshed()

    def _show_score(self) -> None:
        state = self.game.state
        if self.tabs.selected_index == SCORE_TAB and self._scored is not state:
            self.score_view.show(state)
            self._scored = state


def play_tutor(map: str = "italia", players: Sequence[str] = ("You", "Practice"), seed: int = 1) -> GameApp:
    """A new game on `map` for `players` (seeded), shown as a GameApp."""
    return GameApp(cc.new_game(map, list(players), seed))
