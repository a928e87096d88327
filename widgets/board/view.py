"""MapView: the board as a widget a learner can click (anywidget, a well-kept library for custom
Jupyter widgets; it runs in JupyterLab 4 and Voilà without a build step).

Python draws two SVG layers (svg.py); a small ES module (board.js) stacks them, sends a click on a
pickable element back as a pick, and shows the tooltip of whatever is under the pointer (or focused
with the keyboard). `pick(kind, id)` is what a click does, so tests drive the board without a browser.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anywidget
import traitlets

import concordia_core as cc

from ..errors import ErrorLog, guarded
from . import svg
from .svg import Overlay

KINDS = ("city", "route", "province", "colonist")


@dataclass(frozen=True)
class Pick:
    """A click on the board: `kind` in city/route/province/colonist and the `id` of what was clicked
    (a city, a route, a province, or for a colonist where it stands). A colonist pick also names its
    `player` (turn-order index) and `colonist` kind (land or sea)."""

    kind: str
    id: str
    player: int | None = None
    colonist: str | None = None

    @property
    def key(self) -> str:
        """The element's mark on the board: city:COSA, route:land:COSA-ROMA, colonist:0:land:ROMA."""
        if self.kind == "colonist":
            return f"colonist:{self.player}:{self.colonist}:{self.id}"
        return f"{self.kind}:{self.id}"

    @classmethod
    def parse(cls, key: str) -> Pick:
        kind, _, rest = key.partition(":")
        if kind == "colonist":
            player, colonist, where = rest.split(":", 2)
            return cls(kind, where, int(player), colonist)
        if kind not in KINDS or not rest:
            raise cc.InvalidAction(cc._("{key!r} is not something on the board", key=key))
        return cls(kind, rest)


def colonist_pick(state: cc.GameState, player: int, colonist: cc.Colonist) -> Pick:
    """The pick that stands for one of a player's colonists."""
    return Pick("colonist", colonist.where, player, colonist.kind)


class MapView(anywidget.AnyWidget):
    """The board: `show(state, overlay, pickable=..., selected=...)` redraws it; `on_pick(callback)`
    hears clicks on pickable elements; hovering shows what is there (good, price, who stands there,
    what a Prefect would give)."""

    _esm = Path(__file__).with_name("board.js")
    _css = Path(__file__).with_name("board.css")
    base_svg = traitlets.Unicode("").tag(sync=True)
    pieces_svg = traitlets.Unicode("").tag(sync=True)
    pickable = traitlets.List(traitlets.Unicode()).tag(sync=True)
    selected = traitlets.List(traitlets.Unicode()).tag(sync=True)
    tips = traitlets.Dict().tag(sync=True)

    def __init__(self, state: cc.GameState | None = None, overlay: Overlay | None = None, *,
                 log: ErrorLog | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.state: cc.GameState | None = None
        self.overlay: Overlay | None = None
        self.error_log = log
        self._base_key: tuple[Any, ...] | None = None
        self._listeners: list[Callable[[Pick], None]] = []
        self.on_msg(self._message)
        if state is not None:
            self.show(state, overlay)

    # --- drawing ---------------------------------------------------------------------------------
    def show(self, state: cc.GameState, overlay: Overlay | None = None, *,
             pickable: Iterable[Pick] | Mapping[str, Collection[str]] | None = None,
             selected: Iterable[Pick] = (), note: str | None = None) -> None:
        """Draw `state` with an optional overlay; `pickable` says what may be clicked now (Picks, or
        {"city": {...ids}, ...}); `selected` is what is chosen so far (drawn apart)."""
        self.state, self.overlay = state, overlay
        players = tuple(p.name for p in state.players)
        key = (state.map_id, tuple(sorted(state.city_goods.items())), players, cc.get_language())
        if key != self._base_key:
            self.base_svg = svg.map_layer(state.map_id, state.city_goods, players)
            self._base_key = key
        keys = _keys(pickable)
        self.pieces_svg = svg.pieces_layer(state, overlay, note=note,
                                           pickable_colonists=frozenset(k for k in keys if k.startswith("colonist:")))
        self.tips = tips(state, overlay)
        self.pickable = sorted(keys)
        self.selected = sorted(p.key for p in selected)

    # --- picking ---------------------------------------------------------------------------------
    def on_pick(self, callback: Callable[[Pick], None]) -> None:
        """Call `callback(pick)` when a learner clicks a pickable element (errors shown, never lost)."""
        self._listeners.append(guarded(callback, self.error_log))

    def pick(self, kind: str, id: str, player: int | None = None, colonist: str | None = None) -> bool:
        """What a click does: tell the listeners, if the element is pickable now. False if it is not."""
        chosen = Pick(kind, id, player, colonist)
        if chosen.key not in self.pickable:
            return False
        for listener in list(self._listeners):
            listener(chosen)
        return True

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        key = content.get("pick") if isinstance(content, dict) else None
        if isinstance(key, str):
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


def _keys(pickable: Iterable[Pick] | Mapping[str, Collection[str]] | None) -> set[str]:
    if pickable is None:
        return set()
    if isinstance(pickable, Mapping):
        return {f"{kind}:{i}" for kind, ids in pickable.items() for i in ids}
    return {p.key for p in pickable}


# --- tooltips ---------------------------------------------------------------------------------------
def tips(state: cc.GameState, overlay: Overlay | None = None) -> dict[str, str]:
    """What each element of the board is, in words: cities, Rome, routes, provinces and colonists."""
    m = cc.load_map(state.map_id)
    actor = state.actor_index
    owners: dict[str, list[str]] = {}
    for p in state.players:
        for city in p.houses:
            owners.setdefault(city, []).append(p.name)
    standing: dict[str, str] = {}
    result: dict[str, str] = {}
    for i, p in enumerate(state.players):
        for c in p.colonists:
            words = cc._("{whose} {colonist}", whose=cc.possessive(p.name), colonist=cc.colonist_text(c.kind))
            standing[c.where] = words if c.where not in standing else f"{standing[c.where]}; {words}"
            result[colonist_pick(state, i, c).key] = cc._("{colonist} on the {route}", colonist=words,
                                                          route=cc.route_name(c.where)) \
                if c.on_route else cc._("{colonist} in {city}", colonist=words, city=cc.city_name(c.where))
    reach = overlay.items(state) if isinstance(overlay, svg.ReachOverlay) else {}
    for city, info in m.cities.items():
        good = state.city_goods.get(city)
        lines = [cc._("{city}: {good} city (tile {letter}) in {province}", city=cc.city_name(city),
                      good=cc.good_name(good) if good else "?", letter=info.letter,
                      province=cc.province_name(info.province or ""))]
        lines.append(cc._("houses: {owners}", owners=cc.listing(owners[city])) if city in owners
                     else cc._("no houses yet"))
        if actor is not None and good is not None:
            goods, coins = cc.house_price(state, city)
            lines.append(cc._("{whose} price for a house here: {price}", whose=cc.possessive(state.players[actor].name),
                              price=cc.price_text(goods, coins)))
        result[f"city:{city}"] = "\n".join(lines)
    waiting = standing.get(m.rome)
    result[f"city:{m.rome}"] = cc._("{rome}: the capital. Every colonist starts here; no houses are built here.",
                                    rome=cc.city_name(m.rome)) + ("\n" + waiting if waiting else "")
    for rid in m.routes:
        line = cc.route_name(rid)
        here = standing.get(rid)
        line += "\n" + (cc._("holds {colonist}", colonist=here) if here else cc._("free"))
        if rid in reach:
            line += "\n" + cc.n_("{n} step from the chosen colonist", "{n} steps from the chosen colonist", reach[rid])
        result[f"route:{rid}"] = line
    for pid, prov in m.provinces.items():
        tile = state.bonus_tiles[pid]
        cities = cc.listing(cc._("{city} ({good})", city=cc.city_name(c), good=cc.good_name(state.city_goods[c]))
                            for c in prov.cities)
        lines = [cc._("{province} ({numeral}): {cities}", province=cc.province_name(pid), numeral=prov.numeral,
                      cities=cities)]
        if tile.side == "goods":
            lines.append(cc._("bonus tile: {good}, goods side up", good=cc.good_name(tile.good)))
            if actor is not None:
                gains = cc.production(state, pid, actor)
                lines.append(cc._("{whose} Prefect here would give {gains}", whose=cc.possessive(state.players[actor].name),
                                  gains=cc.listing(cc._("{player} {goods}", player=name, goods=cc.goods_text(g))
                                                   for name, g in gains.items())))
        else:
            lines.append(cc._("bonus tile: coin side up ({coins}); no production here until a Prefect collects",
                              coins=cc.coins_text(tile.coins)))
        result[f"province:{pid}"] = "\n".join(lines)
    return result
