"""What each element of the board is, in words, keyed by its pick key: the tooltip of every city, Rome, route,
province and colonist (the board widget shows it on hover or keyboard focus, and a screen reader reads it as
the element's description), and a short name for a screen reader ("land route COSA–ROMA, 1 step"). Every
word comes from the engine's text helpers, through the catalog."""
from __future__ import annotations

import concordia_core as cc

from .board import BuildOverlay, Overlay, ReachOverlay
from .last_play import Changes
from .picks import colonist_pick
from .words import steps_text


def colonist_words(state: cc.GameState, player: int, colonist: cc.Colonist) -> str:
    """"Aiko's land colonist on the land route COSA–ROMA", "… in ROMA"."""
    words = cc._("{whose} {colonist}", whose=cc.possessive(state.players[player].name),
                 colonist=cc.colonist_text(colonist.kind))
    if colonist.on_route:
        return cc._("{colonist} on the {route}", colonist=words, route=cc.route_name(colonist.where))
    return cc._("{colonist} in {city}", colonist=words, city=cc.city_name(colonist.where))


def names(state: cc.GameState, overlay: Overlay | None = None) -> dict[str, str]:
    """The accessible name of each element: a colonist as `colonist_words`, a route with its cost in steps
    when the chosen colonist may stop there, a city with its price when a house may be built there, a
    province by its name."""
    m = cc.load_map(state.map_id)
    result = {colonist_pick(state, i, c).key: colonist_words(state, i, c)
              for i, p in enumerate(state.players) for c in p.colonists}
    reach = overlay.items(state) if isinstance(overlay, ReachOverlay) else {}
    prices = overlay.labels(state) if isinstance(overlay, BuildOverlay) else {}
    for city in [*m.cities, m.rome]:
        result[f"city:{city}"] = (cc._("{city}, {price}", city=cc.city_name(city), price=prices[city]) if city in prices
                                  else cc.city_name(city))
    for rid in m.routes:
        result[f"route:{rid}"] = (cc._("{route}, {steps}", route=cc.route_name(rid), steps=steps_text(reach[rid]))
                                  if rid in reach else cc.route_name(rid))
    for pid in m.provinces:
        result[f"province:{pid}"] = cc.province_name(pid)
    return result


def tips(state: cc.GameState, overlay: Overlay | None = None, changed: Changes | None = None) -> dict[str, str]:
    """What each element of the board is, in words: cities, Rome, routes, provinces and colonists (and, for
    what `changed` names, that the last card play changed it)."""
    m = cc.load_map(state.map_id)
    actor = state.actor_index
    owners: dict[str, list[str]] = {}
    for p in state.players:
        for city in p.houses:
            owners.setdefault(city, []).append(p.name)
    standing: dict[str, list[str]] = {}
    result: dict[str, str] = {}
    for i, p in enumerate(state.players):
        for c in p.colonists:
            words = cc._("{whose} {colonist}", whose=cc.possessive(p.name), colonist=cc.colonist_text(c.kind))
            standing.setdefault(c.where, []).append(words)
            result[colonist_pick(state, i, c).key] = colonist_words(state, i, c)
    reach = overlay.items(state) if isinstance(overlay, ReachOverlay) else {}
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
                                    rome=cc.city_name(m.rome)) + ("\n" + cc.listing(waiting) if waiting else "")
    for rid in m.routes:
        line = cc.route_name(rid)
        here = standing.get(rid)
        line += "\n" + (cc._("holds {colonist}", colonist=cc.listing(here)) if here else cc._("free"))
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
    for key in changed.keys() if changed is not None else ():
        if key in result:
            result[key] += "\n" + cc._("changed in the last card play")
    return result
