"""GameApp: the whole tutor screen for one Game, re-rendered from `game.state` after every change.

Map and score views come from sibling modules imported lazily, so this module (and the controls)
work even where matplotlib drawing is unavailable; a missing view shows a note instead.
"""
from __future__ import annotations

import inspect
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

import concordia_core as cc

from .controls import ActionControls, OverlayRequest
from .errors import ErrorLog, guarded
from .history import HistoryView
from .panels import CardDisplay, PlayerBoard


def _construct(cls: type, game: cc.Game) -> Any:
    """Instantiate a view class, passing the game's map (or its name) if the constructor wants one."""
    params = [p for p in inspect.signature(cls).parameters.values()
              if p.default is inspect.Parameter.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    if not params:
        return cls()
    name = params[0].name.lower()
    annotation = str(params[0].annotation)
    if "state" in name or "GameState" in annotation:
        return cls(game.state)
    if "game" in name or "Game" in annotation:
        return cls(game)
    if "str" in annotation or name.endswith("name") or name in ("map_id", "map_name"):
        return cls(game.map_name)
    return cls(game.map)


class GameApp(widgets.VBox):
    """Map, player boards, card display, action controls, score view, history and error log."""

    def __init__(self, game: cc.Game, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.error_log = ErrorLog()
        self._drawn: tuple[int, OverlayRequest | None] | None = None
        self.boards = [PlayerBoard(p.name) for p in game.state.players]
        self.card_display = CardDisplay()
        self.map_view = self._view("mapview", "MapView")
        self.score_view = self._view("scoreview", "ScoreView")
        self.controls = ActionControls(game, guarded(self.refresh, self.error_log), log=self.error_log)
        self.history = HistoryView(game, guarded(self.refresh, self.error_log), log=self.error_log)
        self.controls.on_overlay = guarded(self._draw_map, self.error_log)
        tabs = widgets.Tab(children=[widgets.VBox(self.boards), self.score_view or widgets.HTML("no score view"),
                                     self.history])
        for i, title in enumerate(("Players", "Score", "History")):
            tabs.set_title(i, title)
        left = self.map_view if isinstance(self.map_view, widgets.Widget) else widgets.HTML("(map view unavailable)")
        self.children = [widgets.HBox([left, widgets.VBox([self.controls, self.card_display])]), tabs, self.error_log]
        self.refresh()

    def _view(self, module: str, name: str) -> Any:
        """A view from a sibling module, or None (reported in the log) if it cannot be made."""
        try:
            mod = __import__(f"widgets.{module}", fromlist=[name])
            return _construct(getattr(mod, name), self.game)
        except ImportError as exc:  # a view not installed: say so, the rest of the app works
            self.error_log.note(f"{name} unavailable: {exc}")
            return None
        except Exception as exc:  # noqa: BLE001 - the rest of the app still works
            self.error_log.report(exc)
            return None

    def overlay(self, request: OverlayRequest | None) -> Any:
        """The map overlay object for a control's request (ReachOverlay, BuildOverlay or ProduceOverlay)."""
        if request is None:
            return None
        from .mapview import BuildOverlay, ProduceOverlay, ReachOverlay
        if request.kind == "reach":
            return ReachOverlay(request.start, request.colonist_kind, request.steps, request.player)
        if request.kind == "build":
            return BuildOverlay(request.player)
        return ProduceOverlay(request.province, request.player)

    def _draw_map(self, request: OverlayRequest | None = None) -> None:
        if self.map_view is None:
            return
        key = (id(self.game.state), request)
        if key == self._drawn:
            return
        self._drawn = key
        self.map_view.show(self.game.state, overlay=self.overlay(request))

    def refresh(self) -> None:
        """Re-render every view from `game.state` (controls too when the change came from elsewhere)."""
        state = self.game.state
        if self.controls.panel.state is not state:
            self.controls.refresh()
        for board in self.boards:
            board.show(state)
        self.card_display.show(state)
        self.history.show(state)
        if self.score_view is not None:
            self.score_view.show(state)
        self._draw_map(self.controls.overlay_request)


def play_tutor(map: str = "italia", players: Sequence[str] = ("You", "Practice"), seed: int = 1) -> GameApp:
    """A new game on `map` for `players` (seeded), shown as a GameApp."""
    return GameApp(cc.new_game(map, list(players), seed))
