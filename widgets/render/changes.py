"""What a step changes, in plain sentences: the difference between two states, player by player (every
preview of the controls says it before a step is applied), and a player's coins, goods and free slots in
one line."""
from __future__ import annotations

from collections import Counter

import concordia_core as cc

from .words import signed


def describe_change(before: cc.GameState, after: cc.GameState) -> list[str]:
    """Plain sentences saying what differs between two states (used for every preview)."""
    lines: list[str] = []
    for b, a in zip(before.players, after.players, strict=True):
        parts: list[str] = []
        if a.coins != b.coins:
            parts.append(cc._("coins {before} → {after}", before=b.coins, after=a.coins))
        parts += [cc._("{change} {good}", change=signed(n), good=cc.good_name(g)) for g, n in
                  (a.goods - b.goods).items_nonzero()]
        parts += [cc._("a house in {city}", city=cc.city_name(c)) for c in sorted(set(a.houses) - set(b.houses))]
        parts += [cc._("{colonist} to {place}", colonist=cc.colonist_text(c.kind),
                       place=cc.place_name(c.where))
                  for c in sorted(Counter(a.colonists) - Counter(b.colonists))]
        parts += [cc._("the {card} into the hand", card=cc.card(c).display_name)
                  for c in sorted((Counter(a.hand) - Counter(b.hand)).elements())]
        if a.concordia and not b.concordia:
            parts.append(cc._("takes the Concordia card: the game ends soon"))
        if parts:
            lines.append(cc._("{player}: {changes}", player=a.name, changes=cc.listing(parts)))
    for choice in after.choices[len(before.choices):]:
        lines.append(cc._("{player} must choose which of {goods} to keep", player=after.players[choice.player].name,
                          goods=cc.goods_text(choice.incoming)))
    if after.praefectus != before.praefectus:
        lines.append(cc._("Praefectus Magnus passes to {player}", player=after.praefectus_magnus))
    if after.to_move != before.to_move and after.to_move is not None:
        lines.append(cc._("the turn ends; {player} is next", player=after.to_move))
    return lines


def goods_line(player: cc.PlayerState) -> str:
    """'5 coins · 1 brick + 2 food · 2 free slots' for the panels' info line."""
    return cc._("{coins} · {goods} · {free}", coins=cc.coins_text(player.coins), goods=cc.goods_text(player.goods),
                free=cc.n_("{n} free storehouse slot", "{n} free storehouse slots", player.free_slots))
