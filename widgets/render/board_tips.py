"""What each element of the board is, in words: the tooltip of every city, Rome, route, province and
colonist, keyed by its pick key (the board widget shows it on hover or keyboard focus)."""
from __future__ import annotations

import concordia_core as cc

from .board import Overlay, ReachOverlay
from .picks import colonist_pick


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
