"""GameApp: the whole tutor screen for one Game, re-rendered from `game.state` after every change."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

import concordia_core as cc

from .board import BuildOverlay, MapView, ProduceOverlay, ReachOverlay
from .controls import ActionControls, OverlayRequest
from .errors import ErrorLog, guarded
from .history import HistoryView
from .panels import CardDisplay, PlayerBoard
from .scoreview import ScoreView

SCORE_TAB = 1


class GameApp(widgets.VBox):
    """Map, player boards, card display, action controls, score view, history and error log.

    `hand_visible(name)` hides hands on the boards (a hot-seat table); `on_refresh()` is called after
    every refresh once the app is built, so a table can follow the game."""

    def __init__(self, game: cc.Game, *, hand_visible: Callable[[str], bool] | None = None,
                 on_refresh: Callable[[], None] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.error_log = ErrorLog()
        self.on_refresh: Callable[[], None] = lambda: None
        self._drawn: tuple[object, ...] | None = None
        self.boards = [PlayerBoard(p.name, hand_visible) for p in game.state.players]
        self.card_display = CardDisplay()
        self.map_view = MapView(log=self.error_log)
        self.score_view = ScoreView()
        self.controls = ActionControls(game, guarded(self.refresh, self.error_log), log=self.error_log)
        self.history = HistoryView(game, guarded(self.refresh, self.error_log), log=self.error_log)
        self.controls.on_overlay = guarded(self._draw_map, self.error_log)
        self.map_view.on_pick(self.controls.picked)
        tabs = self.tabs = widgets.Tab(children=[widgets.VBox(self.boards), self.score_view, self.history])
        self._scored: cc.GameState | None = None
        # the score table and chart are drawn when their tab is open: an Apply redraws only what is seen
        tabs.observe(guarded(lambda _change: self._show_score(), self.error_log), names="selected_index")
        for i, title in enumerate(("Players", "Score", "History")):
            tabs.set_title(i, title)
        # the map takes what room there is; the controls keep a readable column and wrap below when narrow
        self.map_view.layout = widgets.Layout(flex="1 1 560px", min_width="420px", max_width="1000px", height="auto")
        side = widgets.VBox([self.controls, self.card_display],
                            layout=widgets.Layout(flex="0 1 420px", min_width="380px", overflow="auto"))
        self.children = [widgets.HBox([self.map_view, side], layout=widgets.Layout(flex_flow="row wrap")), tabs,
                         self.error_log]
        self.refresh()
        if on_refresh is not None:
            self.on_refresh = on_refresh

    def overlay(self, request: OverlayRequest | None) -> Any:
        """The map overlay object for a control's request (ReachOverlay, BuildOverlay or ProduceOverlay)."""
        if request is None:
            return None
        if request.kind == "reach":
            return ReachOverlay(request.start, request.colonist_kind, request.steps, request.player)
        if request.kind == "build":
            return BuildOverlay(request.player)
        return ProduceOverlay(request.province, request.player)

    def _draw_map(self, request: OverlayRequest | None = None) -> None:
        panel = self.controls.panel
        picks, chosen = panel.picks(), panel.selected()
        key = (id(self.game.state), request, tuple(p.key for p in picks), tuple(p.key for p in chosen))
        if key == self._drawn:
            return
        self._drawn = key
        self.map_view.show(self.game.state, overlay=self.overlay(request), pickable=picks, selected=chosen)

    def refresh(self) -> None:
        """Re-render every view from `game.state` (controls too when the change came from elsewhere)."""
        state = self.game.state
        if self.controls.panel.state is not state:
            self.controls.refresh()
        for board in self.boards:
            board.show(state)
        self.card_display.show(state)
        self.history.show(state)
        self._show_score()
        self._draw_map(self.controls.overlay_request)
        self.on_refresh()

    def _show_score(self) -> None:
        state = self.game.state
        if self.tabs.selected_index == SCORE_TAB and self._scored is not state:
            self.score_view.show(state)
            self._scored = state


def play_tutor(map: str = "italia", players: Sequence[str] = ("You", "Practice"), seed: int = 1) -> GameApp:
    """A new game on `map` for `players` (seeded), shown as a GameApp."""
    return GameApp(cc.new_game(map, list(players), seed))
