"""MapView: the board as a widget a learner can click (anywidget, a well-kept library for custom
Jupyter widgets; it runs in JupyterLab 4 and Voilà without a build step).

Python draws two SVG layers (render/board.py); a small ES module (board.js, with pickables.js) stacks them,
sends a click on a pickable element back as a pick, shows the tooltip of whatever is under the pointer (or
focused with the keyboard), names every element for a screen reader and gives the pickable ones one Tab stop
(arrow keys move among them, in the order `show` gives: colonists, routes by cost, cities, provinces).
Elements that `answers` lists are not offered but answer a click too (the controls show the engine's
refusal). `pick(kind, id)` is what a click does, so tests drive the board without a browser.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any

import traitlets

import concordia_core as cc

from ..parts.error_log import ErrorLog
from ..parts.listeners import Listeners, PickMessages
from ..render import board as svg
from ..render.board import Overlay, ReachOverlay
from ..render.board_tips import names, tips
from ..render.last_play import Changes
from ..render.palette import stylesheet
from ..render.picks import Pick, PickKind
from .frontend import HERE, Pickables

ORDER = {"colonist": 0, "route": 1, "city": 2, "province": 3}
"""The keyboard's order of the board's pickable elements, by kind."""


class MapView(PickMessages, Pickables):
    """The board: `show(state, overlay, pickable=..., selected=...)` redraws it; `on_pick(callback)`
    hears clicks on pickable elements; hovering shows what is there (good, price, who stands there,
    what a Prefect would give)."""

    _esm = HERE / "board.js"
    _css = stylesheet(HERE / "board.css")
    base_svg = traitlets.Unicode("").tag(sync=True)
    pieces_svg = traitlets.Unicode("").tag(sync=True)
    pickable = traitlets.List(traitlets.Unicode()).tag(sync=True)
    answers = traitlets.List(traitlets.Unicode()).tag(sync=True)
    selected = traitlets.List(traitlets.Unicode()).tag(sync=True)
    tips = traitlets.Dict().tag(sync=True)
    names = traitlets.Dict().tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)

    def __init__(self, state: cc.GameState | None = None, overlay: Overlay | None = None, *,
                 log: ErrorLog | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.state: cc.GameState | None = None
        self.overlay: Overlay | None = None
        self.error_log = log
        self._base_key: tuple[object, ...] | None = None
        self._listeners: Listeners[Pick] = Listeners(log)
        self.on_msg(self._message)
        if state is not None:
            self.show(state, overlay)

    # --- drawing ---------------------------------------------------------------------------------
    def show(self, state: cc.GameState, overlay: Overlay | None = None, *,
             pickable: Iterable[Pick] | Mapping[str, Collection[str]] | None = None,
             selected: Iterable[Pick] = (), note: str | None = None, answers: Iterable[Pick] = (),
             changed: Changes | None = None) -> None:
        """Draw `state` with an optional overlay; `pickable` says what may be clicked now (Picks, or
        {"city": {...ids}, ...}); `selected` is what is chosen so far (drawn apart); `answers` what is not
        offered but answers a click all the same (with a refusal); `changed` what the last card play changed."""
        self.state, self.overlay = state, overlay
        players = tuple(p.name for p in state.players)
        key = (state.map_id, tuple(sorted(state.city_goods.items())), players, cc.get_language())
        keys = _keys(pickable)
        with self.hold_sync():          # one message: the page redraws once, with everything in step
            if key != self._base_key:
                self.base_svg = svg.map_layer(state.map_id, state.city_goods, players)
                self._base_key = key
            self.pieces_svg = svg.pieces_layer(state, overlay, note=note, changed=changed)
            self.tips = tips(state, overlay, changed)
            self.names = names(state, overlay)
            self.label = svg.title_text(state)
            self.pickable = _ordered(keys, state, overlay)
            self.answers = sorted({p.key for p in answers} - keys)
            self.selected = sorted(p.key for p in selected)

    # --- picking ---------------------------------------------------------------------------------
    def on_pick(self, callback: Callable[[Pick], None]) -> None:
        """Call `callback(pick)` when a learner clicks a pickable element (errors shown, never lost)."""
        self._listeners.add(callback)

    def pick(self, kind: PickKind, id: str, player: int | None = None, colonist: str | None = None) -> bool:
        """What a click does: tell the listeners, if the element is pickable now (or answers a click). False if
        it does not."""
        chosen = Pick(kind, id, player, colonist)
        return self._listeners.offer(chosen.key, {*self.pickable, *self.answers}, chosen)

    def _heard(self, key: str) -> None:
        try:
            chosen = Pick.parse(key)
        except (cc.InvalidAction, ValueError):
            return  # not ours: ignore anything a page sends that is not a board element
        self.pick(chosen.kind, chosen.id, chosen.player, chosen.colonist)

    # --- static rendering ------------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if self.state is not None and isinstance(data, dict):  # a picture where no widget manager runs
            data.setdefault("image/svg+xml", svg.board_svg(self.state, self.overlay))
        return bundle


def _ordered(keys: set[str], state: cc.GameState, overlay: Overlay | None) -> list[str]:
    """The pickable keys in the keyboard's order: the acting player's colonists, the routes offered (cheapest
    first), the cities, the provinces (each by name)."""
    costs = overlay.items(state) if isinstance(overlay, ReachOverlay) else {}

    def rank(key: str) -> tuple[int, int, str]:
        kind, _, rest = key.partition(":")
        return ORDER.get(kind, len(ORDER)), costs.get(rest, 0), rest
    return sorted(keys, key=rank)


def _keys(pickable: Iterable[Pick] | Mapping[str, Collection[str]] | None) -> set[str]:
    if pickable is None:
        return set()
    if isinstance(pickable, Mapping):
        return {f"{kind}:{i}" for kind, ids in pickable.items() for i in ids}
    return {p.key for p in pickable}
