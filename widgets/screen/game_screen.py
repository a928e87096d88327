"""GameApp: the whole tutor screen for one Game, re-rendered from `game.state` after every change.

Layout (docs/architecture.md principle 9): the board on the left, as tall as the window allows, and beside
it a column of the same height that stays in view while the page scrolls (and scrolls on its own): the
controls of the current decision first (the hand among them), then the card display (opened while a
Senator or Consul buys), the game log in sentences (with Undo) and the rules, each box folding away. Nothing
above the board changes height while a player acts, so nothing moves the board under the pointer; a narrow
window (or a page zoomed in) puts the column under the board. Player boards and the score sit below in tabs.
The rules that lay this out (classes cc-game, cc-game-row, cc-side) are the page stylesheet's (widgets/parts/page.css).

For the keyboard and a screen reader: when the controls are replaced under the focus, the focus goes to
the new controls (`FocusKeeper`); each new move of the log is read out (`LiveRegion`); the last card play is
marked on the board.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

import concordia_core as cc

from ..parts.access import ControlAccess
from ..parts.error_log import ErrorLog, guarded
from ..parts.focus import FocusKeeper
from ..parts.inputs import fold
from ..parts.live import LiveRegion
from ..parts.scroll import ScrollAnchor
from ..parts.style import page_style
from ..render.board import BuildOverlay, Overlay, ProduceOverlay, ReachOverlay
from ..render.last_play import last_play
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
        self.controls.add_class("cc-controls")
        self.map_view.on_pick(self.controls.picked)
        self.card_display.row.on_pick(self.controls.picked)
        for board in self.boards:
            board.layout = widgets.Layout(flex="1 1 360px", max_width="560px")
        boards = widgets.HBox(self.boards, layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))
        tabs = self.tabs = widgets.Tab(children=[boards, self.score_view])
        self._scored: cc.GameState | None = None
        # the score table and chart are drawn when their tab is open: an Apply redraws only what is seen
        tabs.observe(guarded(lambda _change: self._show_score(), self.error_log), names="selected_index")
        for i, title in enumerate((cc._("Players"), cc._("Score"))):
            tabs.set_title(i, title)
        self.map_view.layout = widgets.Layout(flex="1 1 480px", min_width="360px", height="auto")
        self.display_box = fold(cc._("Card display"), self.card_display, open_=False)
        self._display_opened = False            # opened by the screen for a purchase (closed again after it)
        self.log_box = fold(cc._("Game log"), self.history, open_=True)
        self.rules_box = fold(cc._("Rules"), self.rules, open_=False)
        self.side = widgets.VBox([self.controls, self.display_box, self.log_box, self.rules_box, self.controls.typed],
                                 layout=widgets.Layout(flex=f"0.3 1 {SIDE_WIDTH}px", width=f"{SIDE_WIDTH}px",
                                                       min_width="320px", max_width="560px"))
        self.side.add_class("cc-side")
        row = widgets.HBox([self.map_view, self.side], layout=widgets.Layout(flex_flow="row wrap", width="100%"))
        row.add_class("cc-game-row")
        self.anchor = ScrollAnchor()
        self.live = LiveRegion(cc._("Game log"))
        self._told = [e.text for e in self.history.entries]   # the log as last read out (not what came before)
        self.children = [page_style(), self.anchor, row, self.live, FocusKeeper(".cc-game", [".cc-controls"]),
                         ControlAccess(".cc-game"), tabs, self.error_log]
        self.refresh()
        self._refreshed = self.hooks.on_refresh

    def add_to_side(self, box: widgets.Widget, position: int = 1) -> None:
        """Put another box in the side column at `position` (a table's buttons head it, its hints come right
        after the controls, so opening them moves neither the board nor the hand)."""
        children = list(self.side.children)
        children.insert(position, box)
        self.side.children = children

    def bring_into_view(self) -> None:
        """Scroll the page to the board and the controls if they are not all in view (after a table starts)."""
        self.anchor.bring()

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
        tries = panel.tries() if panel is not None else []
        board = [p for p in picks if p.kind not in CARD_PICKS]
        board_chosen = [p for p in chosen if p.kind not in CARD_PICKS]
        slots = [p.key for p in picks if p.kind == "slot"]
        self.card_display.row.mark(slots, [p.key for p in chosen if p.kind == "slot"])
        key = (id(self.game.state), request, tuple(p.key for p in board), tuple(p.key for p in board_chosen),
               tuple(p.key for p in tries))
        if key == self._drawn:
            return
        self._drawn = key
        self.map_view.show(self.game.state, overlay=self.overlay(request), pickable=board, selected=board_chosen,
                           answers=tries, changed=last_play(self.game))

    def refresh(self) -> None:
        """Re-render every view from `game.state` (controls too when the change came from elsewhere)."""
        state = self.game.state
        panel = self.controls.panel
        waiting = isinstance(panel, WaitPanel)
        if panel is None or panel.state is not state or waiting == (state.over or self.controls.hooks.may_act(state)):
            self.controls.refresh()
        self._show_display()
        for board in self.boards:
            board.show(state)
        self.card_display.show(state)
        self.history.show(state)
        self._tell()
        self._show_score()
        self._draw_map(self.controls.overlay_request)
        self._refreshed()

    def _show_display(self) -> None:
        """The card display open while a Senator or Consul buys (the cards to click, beside the controls),
        folded again after the purchase if the screen opened it."""
        buying = isinstance(self.controls.panel, SenatorPanel)
        if buying and self.display_box.selected_index is None:
            self.display_box.selected_index = 0
            self._display_opened = True
        elif not buying and self._display_opened:
            self.display_box.selected_index = None
            self._display_opened = False

    def _tell(self) -> None:
        """Read out each move of the log that is new or has grown since it was last read (a card play is told
        again as its steps come); after an undo, nothing."""
        texts = [e.text for e in self.history.entries]
        if len(texts) >= len(self._told):
            self.live.say(t for i, t in enumerate(texts) if i >= len(self._told) or t != self._told[i])
        self._told = texts

    def _show_score(self) -> None:
        state = self.game.state
        if self.tabs.selected_index == SCORE_TAB and self._scored is not state:
            self.score_view.show(state)
            self._scored = state


def play_tutor(map: str = "italia", players: Sequence[str] = ("You", "Practice"), seed: int = 1) -> GameApp:
    """A new game on `map` for `players` (seeded), shown as a GameApp."""
    return GameApp(cc.new_game(map, list(players), seed))
