"""Cards in words: what each card does, how its god scores, its cost, a card's tooltip and its name in
its god's colour (HTML), and the extra a Senator pays for a display slot.

Every text goes through the message catalog; the numbers (coins, costs, points) come from the engine's
cards and constants.
"""
from __future__ import annotations

from collections.abc import Iterable

import concordia_core as cc

from .markup import esc
from .palette import GOD_COLOURS


def card_action(card_id: str) -> str:
    """What the card does when played, in one or two sentences."""
    c = cc.card(card_id)
    k = cc.CONSTANTS
    colonist = cc.goods_text(k.new_colonist_cost)
    if c.kind == "TRIBUNE":
        return cc._("Take your discard pile back into your hand ({coin} for every card beyond {free}); then you may "
                    "pay {cost} for a new colonist in {rome}.", coin=cc.coins_text(1), free=k.tribune_free_cards,
                    cost=colonist, rome=cc.city_name("ROMA"))
    if c.kind == "ARCHITECT":
        return cc._("Move your colonists: as many steps as you have colonists on the map. Then build houses in "
                    "cities next to your colonists, paying each city's price.")
    if c.kind == "PREFECT":
        return cc._("Make a province produce: you take its bonus good and every house there produces 1 good for "
                    "its owner. Or collect the coins of all bonus tiles showing their coin side.")
    if c.kind == "MERCATOR":
        return cc._("Take {coins}, then buy and sell goods of up to {kinds} kinds at the bank's prices.",
                    coins=cc.coins_text(c.coins), kinds=k.mercator_kinds)
    if c.kind == "DIPLOMAT":
        return cc._("Carry out the action of the top card of another player's discard pile.")
    if c.kind == "SENATOR":
        return cc._("Buy up to {n} cards from the display, paying each card's cost plus the extra of its slot.",
                    n=k.senator_cards)
    if c.kind == "CONSUL":
        return cc._("Buy 1 card from the display, paying only the card's own cost.")
    if c.kind == "COLONIST":
        base, per = k.colonist_card_income
        return cc._("Place new colonists ({cost} each) in {rome} or in cities with your house; or take {coins} "
                    "plus {per} for each of your colonists on the map.", cost=colonist, rome=cc.city_name("ROMA"),
                    coins=cc.coins_text(base), per=cc.coins_text(per))
    good = cc.good_name(c.good or "")
    return cc._("Every house of yours in a {good} city produces 1 {good}.", good=good)


def god_scoring(card_id: str) -> str:
    """How the card's god scores at the end of the game (R-SCORE-2..7)."""
    c = cc.card(card_id)
    god = cc.god_name(c.god)
    texts = {
        "vesta": cc._("{god}: 1 point per full 10 coins of your coins and goods (at selling price).", god=god),
        "jupiter": cc._("{god}: 1 point per house of yours in a city that does not produce brick.", god=god),
        "saturnus": cc._("{god}: 1 point per province with a house of yours.", god=god),
        "mercurius": cc._("{god}: 2 points per kind of good your houses produce.", god=god),
        "mars": cc._("{god}: 2 points per colonist of yours on the map.", god=god),
        "minerva": cc._("{god}: {n} points per house of yours in a {good} city.", god=god, n=c.points_per_house,
                        good=cc.good_name(c.good or "")),
    }
    return texts[c.god]


def card_cost(card_id: str) -> str:
    """'cost 1 tools' or 'a starting card'."""
    c = cc.card(card_id)
    return cc._("cost {goods}", goods=cc.goods_text(c.cost)) if c.cost.total() else cc._("a starting card")


def card_span(card_id: str) -> str:
    """A card's name in its god's colour, with what it does as a tooltip (HTML)."""
    c = cc.card(card_id)
    return (f"<span class='cc-cardname' title='{esc(card_tip(card_id))}' style='border-bottom:2px solid "
            f"{GOD_COLOURS[c.god]};cursor:help'>{esc(c.display_name)}</span>")


def card_tip(card_id: str, extra: Iterable[str] = ()) -> str:
    """The card's tooltip: name, what it does, its god and how the god scores, its cost (and any extra line)."""
    c = cc.card(card_id)
    lines = [cc._("{card} · {god} · {cost}", card=c.display_name, god=cc.god_name(c.god), cost=card_cost(card_id)),
             card_action(card_id), cc._("Scores for {scoring}", scoring=god_scoring(card_id)), *extra]
    return "\n".join(lines)


def slot_extra(slot: int) -> str:
    """The extra a Senator pays for display slot `slot` (1..7), as printed under it: 'nothing', '1 cloth',
    '1 good of your choice + 1 cloth', '2 cloth' (R-SEN-2)."""
    extra = cc.CONSTANTS.display_slot_extra[slot - 1]
    fixed = cc.Goods.of(g for g in extra if g != "?")
    parts = [cc._("1 good of your choice")] * extra.count("?") + ([cc.goods_text(fixed)] if fixed.total() else [])
    return cc._(" + ").join(parts) if parts else cc._("nothing")


__all__ = ["GOD_COLOURS", "card_action", "card_cost", "card_span", "card_tip", "god_scoring", "slot_extra"]
