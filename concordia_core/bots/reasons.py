"""The sentences that explain a step: a bot's reason (third person without a subject, "plays the
Architect to build in COSA: ..."; a table puts the bot's name before it) and a hint's reason (second
person, imperative: "Play the Architect to build in COSA: ...").

Every sentence is a whole message of the catalog (i18n.py) with named placeholders, filled with the
names of text.py (goods, prices, coins, cities, provinces, gods, lists) and `card.display_name`. Each
kind of sentence has its two forms side by side in `SENTENCES`; `describe(state, me, line)` says why the
first step of a planned line is played, `advise(...)` the same for the person asking for a hint.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from types import MappingProxyType

from ..actions import (
    Action,
    Build,
    Collect,
    Copy,
    Done,
    Income,
    Keep,
    Move,
    Place,
    PlayCard,
    Produce,
    Purchase,
    Recruit,
    Trade,
)
from ..constants import CONSTANTS
from ..goods import GOODS, PRICE, Goods
from ..i18n import N_, _, n_
from ..narrate import card_name
from ..queries import card_price, consul_in_play, house_price, tribune_income
from ..scoring import counts, score
from ..state import GameState
from ..text import (
    cards_text,
    city_name,
    coins_text,
    colonist_text,
    god_name,
    good_name,
    goods_count,
    goods_text,
    listing,
    place_name,
    possessive,
    price_text,
    province_name,
    route_name,
)
from .base import Line, card_of
from .evaluation import geo

# Each sentence: (the bot's form, the hint's form). The bot's form has no subject; the hint's is an imperative.
SENTENCES: dict[str, tuple[str, str]] = {
    # a whole card play, said when the card is played
    "play": (N_("plays the {card} {purpose}"), N_("Play the {card} {purpose}")),
    "play_points": (N_("plays the {card} {purpose} ({points})"), N_("Play the {card} {purpose} ({points})")),
    # single steps of a play
    "move_build": (N_("moves its colonist from {start} to {route} to build in {cities}"),
                   N_("Move your colonist from {start} to {route} to build in {cities}")),
    "move_later": (N_("moves its colonist from {start} to {route}, next to {cities} for later turns"),
                   N_("Move your colonist from {start} to {route}, next to {cities} for later turns")),
    "build": (N_("builds in {city} for {price}: {gains}"), N_("Build in {city} for {price}: {gains}")),
    "build_points": (N_("builds in {city} for {price}: {gains} ({points})"),
                     N_("Build in {city} for {price}: {gains} ({points})")),
    "keep": (N_("keeps {goods}: the goods most worth the free storehouse slots"),
             N_("Keep {goods}: the goods most worth your free storehouse slots")),
    "buy": (N_("buys {goods} for {coins}: goods that houses and cards need"),
            N_("Buy {goods} for {coins}: goods that houses and cards need")),
    "sell": (N_("sells {goods} for {coins}: a surplus turned into coins"),
             N_("Sell {goods} for {coins}: a surplus turned into coins")),
    "purchase": (N_("buys the {card} from slot {slot} for {price}: one more card for {god}"),
                 N_("Buy the {card} from slot {slot} for {price}: one more card for {god}")),
    "purchase_points": (N_("buys the {card} from slot {slot} for {price}: one more card for {god} ({points})"),
                        N_("Buy the {card} from slot {slot} for {price}: one more card for {god} ({points})")),
    "produce": (N_("produces in {province}: {gains} for itself"), N_("Produce in {province}: {gains} for you")),
    "collect": (N_("collects {coins} from the bonus tiles on their coin side"),
                N_("Collect {coins} from the bonus tiles on their coin side")),
    "copy": (N_("copies {whose} {card} {purpose}"), N_("Copy {whose} {card} {purpose}")),
    "place": (N_("pays {cost} to place a {colonist} in {city}: 2 points per Mars card"),
              N_("Pay {cost} to place a {colonist} in {city}: 2 points per Mars card")),
    "recruit": (N_("pays {cost} to bring a {colonist} to {rome}: more steps and Mars points"),
                N_("Pay {cost} to bring a {colonist} to {rome}: more steps and Mars points")),
    "income": (N_("takes {coins} of income"), N_("Take {coins} of income")),
    "other": (N_("plays {step}"), N_("Play {step}")),
    # ending a play early
    "done_ARCHITECT": (N_("ends the Architect: no other house is worth its price now"),
                       N_("End the Architect: no other house is worth its price now")),
    "done_MERCATOR": (N_("ends the Mercator: no other trade makes the storehouse better"),
                      N_("End the Mercator: no other trade makes your storehouse better")),
    "done_SENATOR": (N_("ends the Senator: no other card is worth its price now"),
                     N_("End the Senator: no other card is worth its price now")),
    "done_CONSUL": (N_("ends the Consul: no card is worth its price now"),
                    N_("End the Consul: no card is worth its price now")),
    "done_TRIBUNE": (N_("ends the Tribune without a new colonist: not worth {cost} now"),
                     N_("End the Tribune without a new colonist: not worth {cost} now")),
    "done_COLONIST": (N_("ends the Colonist: no other colonist is worth {cost} now"),
                      N_("End the Colonist: no other colonist is worth {cost} now")),
    "done": (N_("ends the play: nothing more is worth doing now"), N_("End the play: nothing more is worth doing now")),
}


def sentence(key: str, you: bool = False, **fields: object) -> str:
    """The sentence `key` in the bot's form (or, with `you`, the hint's form), its placeholders filled."""
    return _(SENTENCES[key][1 if you else 0], **fields)


# --- names and amounts ------------------------------------------------------------------------------
def points_text(diff: int) -> str:
    """'+3 points now', '−1 point now'."""
    return n_("{sign}{n} point now", "{sign}{n} points now", abs(diff), sign="+" if diff > 0 else "−")


def _points(before: GameState, after: GameState, me: int) -> int:
    name = before.players[me].name
    return score(after, name).total - score(before, name).total


def gains_text(before: GameState, after: GameState, me: int) -> str:
    """What the player received between two positions: goods and coins."""
    p0, p1 = before.players[me], after.players[me]
    goods = p1.goods - p0.goods
    parts = []
    if any(n > 0 for n in goods.values()):
        parts.append(goods_text(Goods({g: max(0, n) for g, n in goods.items()})))
    if p1.coins > p0.coins:
        parts.append(coins_text(p1.coins - p0.coins))
    return listing(parts)


def houses_text(before: GameState, after: GameState, me: int) -> str:
    """What the houses built between two positions bring the player's gods, read off the scoring
    counts (R-SCORE-3..7), e.g. '+1 province for Saturnus, tools for Mercurius'."""
    name = before.players[me].name
    c0, c1 = counts(before, name), counts(after, name)
    gods = Counter(card_of(c).god for c in after.players[me].cards)
    kinds = ({after.city_goods[h] for h in after.players[me].houses}
             - {before.city_goods[h] for h in before.players[me].houses})
    minerva = score(after, name).by_god()["minerva"] - score(before, name).by_god()["minerva"]
    non_brick = c1["non_brick_houses"] - c0["non_brick_houses"]
    provinces = c1["provinces"] - c0["provinces"]
    parts = []
    if non_brick and gods["jupiter"]:
        parts.append(n_("a non-brick house for {god}", "{n} non-brick houses for {god}", non_brick,
                        god=god_name("jupiter")))
    if provinces:
        parts.append(n_("+{n} province for {god}", "+{n} provinces for {god}", provinces, god=god_name("saturnus")))
    if kinds:
        parts.append(_("{goods} for {god}", goods=listing(good_name(g) for g in sorted(kinds, key=GOODS.index)),
                       god=god_name("mercurius")))
    if minerva:
        parts.append(_("+{n} for {god}", n=minerva, god=god_name("minerva")))
    return _(", ").join(parts) if parts else _("houses for the gods of cards bought later")


def _trade(action: Trade, you: bool) -> str:
    n = abs(action.amount)
    return sentence("buy" if action.amount > 0 else "sell", you, goods=goods_count(action.good, n),
                    coins=coins_text(n * PRICE[action.good]))


def trade_text(action: Trade) -> str:
    """'buy 2 wine for 12 coins' as a phrase inside a purpose."""
    n = abs(action.amount)
    template = N_("buy {goods} for {coins}") if action.amount > 0 else N_("sell {goods} for {coins}")
    return _(template, goods=goods_count(action.good, n), coins=coins_text(n * PRICE[action.good]))


def step_text(action: Action) -> str:
    """A short plain phrase for one action (the random level)."""
    if isinstance(action, PlayCard):
        return _("the {card}", card=card_name(action.card))
    if isinstance(action, Trade):
        return trade_text(action)
    if isinstance(action, Keep):
        return _("keep {goods}", goods=goods_text(action.goods))
    return str(action)  # the move notation, language-neutral


# --- whole plays and single steps -----------------------------------------------------------------
def describe(state: GameState, me: int, line: Line, you: bool = False) -> str:
    """One sentence for the first step of `line` (the rest of the planned play): a card play is summed up
    with what its steps achieve; a sub-step says what it does and what for. `you`: the hint's form."""
    action, after = line[0]
    if isinstance(action, PlayCard):
        purpose = purpose_text(state, me, line)
        diff = _points(state, line[-1][1], me)
        if diff:
            return sentence("play_points", you, card=card_name(action.card), purpose=purpose, points=points_text(diff))
        return sentence("play", you, card=card_name(action.card), purpose=purpose)
    return _step(state, me, action, after, line, you)


def advise(state: GameState, me: int, line: Line) -> str:
    """The hint's sentence for the first step of `line`, addressed to the person asking."""
    return describe(state, me, line, you=True)


def purpose_text(state: GameState, me: int, line: Line, copied: str | None = None) -> str:
    """What the steps of a play achieve, as a phrase ('to build in COSA: +1 province for Saturnus');
    `copied`: the card a Diplomat carries out, when `line` holds the steps after the copy."""
    first = line[0][0]
    c = card_of(first.card) if isinstance(first, PlayCard) else card_of(copied) if copied else None
    actions = [a for a, _s in line]
    final = line[-1][1]
    if c is not None and c.kind == "TRIBUNE":
        returned = len(state.players[me].discard) + 1
        bonus = tribune_income(state, me)
        taken = _("{cards} and {coins}", cards=cards_text(returned), coins=coins_text(bonus)) if bonus \
            else cards_text(returned)
        recruits = [a.kind for a in actions if isinstance(a, Recruit)]
        if recruits:
            return _("to take back {taken}, paying {cost} for a {colonist} in {rome}", taken=taken,
                     cost=goods_text(CONSTANTS.new_colonist_cost), colonist=colonist_text(recruits[0]),
                     rome=city_name(geo(state.map_id).rome))
        return _("to take back {taken}", taken=taken)
    if c is not None and c.kind == "SPECIALIST" and c.good is not None:
        return _("so its {good} houses produce {gains}", good=good_name(c.good), gains=gains_text(state, final, me))
    copies = [a for a in actions if isinstance(a, Copy)]
    if copies:
        target = state.player(copies[0].player).top_card
        assert target is not None
        rest = [(a, s) for a, s in line if not isinstance(a, (PlayCard, Copy))]
        what = _("{whose} {card}", whose=possessive(copies[0].player), card=card_name(target))
        if rest:
            return _("to copy {what}, {purpose}", what=what, purpose=purpose_text(state, me, rest, target))
        return _("to copy {what}: {gains}", what=what, gains=gains_text(state, final, me))
    builds = [a.city for a in actions if isinstance(a, Build)]
    moves = sum(isinstance(a, Move) for a in actions)
    if builds:
        cities = listing(city_name(b) for b in builds)
        if moves:
            return n_("to move {n} colonist and build in {cities}: {gains}",
                      "to move {n} colonists and build in {cities}: {gains}", moves, cities=cities,
                      gains=houses_text(state, final, me))
        return _("to build in {cities}: {gains}", cities=cities, gains=houses_text(state, final, me))
    if moves:
        return n_("to move {n} colonist next to cities for later turns",
                  "to move {n} colonists next to cities for later turns", moves)
    produce = [a for a in actions if isinstance(a, Produce)]
    if produce:
        return _("to produce in {province}: {gains}", province=province_name(produce[0].province),
                 gains=gains_text(state, final, me))
    if any(isinstance(a, Collect) for a in actions):
        return _("to collect {coins} from the bonus tiles", coins=coins_text(final.players[me].coins
                                                                             - state.players[me].coins))
    trades = [trade_text(a) for a in actions if isinstance(a, Trade)]
    if c is not None and c.kind == "MERCATOR":
        if trades:
            return _("to take {coins}, then {trades}", coins=coins_text(c.coins), trades=listing(trades))
        return _("to take {coins}", coins=coins_text(c.coins))
    if trades:
        return _("to {trades}", trades=listing(trades))
    bought = [card_name(state.display[a.slot - 1] or "") for a in actions if isinstance(a, Purchase)]
    if bought:
        return _("to buy {cards}", cards=listing(_("the {card}", card=b) for b in bought))
    places = [_("a {colonist} in {city}", colonist=colonist_text(a.kind), city=city_name(a.city))
              for a in actions if isinstance(a, Place)]
    if places:
        return _("to place {colonists}", colonists=listing(places))
    if any(isinstance(a, Income) for a in actions):
        return _("for {coins} of income", coins=coins_text(final.players[me].coins - state.players[me].coins))
    return _("as nothing better can be done")


def _with_points(key: str, you: bool, diff: int, **fields: object) -> str:
    if diff:
        return sentence(f"{key}_points", you, points=points_text(diff), **fields)
    return sentence(key, you, **fields)


def _step(state: GameState, me: int, action: Action, after: GameState, line: Line, you: bool) -> str:
    """One sentence for a single sub-step of a play (`line` is the rest of the play, from this step)."""
    p = state.players[me]
    if isinstance(action, Move):
        ends = geo(state.map_id).ends[action.route]
        later = [a.city for a, _s in line if isinstance(a, Build) and a.city in ends]
        key, cities = ("move_build", later) if later else ("move_later", [c for c in ends if c != geo(state.map_id).rome])
        return sentence(key, you, start=place_name(action.start), route=route_name(action.route),
                        cities=listing(city_name(c) for c in cities))
    if isinstance(action, Build):
        need, coins = house_price(state, action.city)
        return _with_points("build", you, _points(state, after, me), city=city_name(action.city),
                            price=price_text(need, coins), gains=houses_text(state, after, me))
    if isinstance(action, Done):
        pending = state.pending
        kind = card_of(pending.action).kind if pending is not None else ""
        key = f"done_{kind}" if f"done_{kind}" in SENTENCES else "done"
        return sentence(key, you, cost=goods_text(CONSTANTS.new_colonist_cost))
    if isinstance(action, Keep):
        return sentence("keep", you, goods=goods_text(action.goods))
    if isinstance(action, Trade):
        return _trade(action, you)
    if isinstance(action, Purchase):
        cid = state.display[action.slot - 1] or ""
        price = card_price(state, action.slot, action.wild, consul_in_play(state))
        return _with_points("purchase", you, _points(state, after, me), card=card_name(cid), slot=action.slot,
                            price=goods_text(price), god=god_name(card_of(cid).god))
    if isinstance(action, Produce):
        return sentence("produce", you, province=province_name(action.province), gains=gains_text(state, after, me))
    if isinstance(action, Collect):
        return sentence("collect", you, coins=coins_text(after.players[me].coins - p.coins))
    if isinstance(action, Copy):
        target = state.player(action.player).top_card
        assert target is not None
        rest = line[1:]
        if rest:
            purpose = purpose_text(state, me, rest, target)
        else:  # a specialist produces at once
            purpose = _("so that it brings {gains}", gains=gains_text(state, after, me))
        return sentence("copy", you, whose=possessive(action.player), card=card_name(target), purpose=purpose)
    if isinstance(action, Place):
        return sentence("place", you, cost=goods_text(CONSTANTS.new_colonist_cost), colonist=colonist_text(action.kind),
                        city=city_name(action.city))
    if isinstance(action, Recruit):
        return sentence("recruit", you, cost=goods_text(CONSTANTS.new_colonist_cost),
                        colonist=colonist_text(action.kind), rome=city_name(geo(state.map_id).rome))
    if isinstance(action, Income):
        return sentence("income", you, coins=coins_text(after.players[me].coins - p.coins))
    return sentence("other", you, step=str(action))


def next_plays_text(plays: list[tuple[GameState, Line]]) -> str:
    """What a play that changes nothing now prepares: 'It makes ready your next plays, as the judge's look-ahead
    plays them: the Tribune to take back 5 cards and 2 coins, then the Architect to build in COSA: ...' ('' for none)."""
    me_plays = []
    for state, line in plays:
        first = line[0][0]
        if not isinstance(first, PlayCard):
            continue
        me = state.actor_index
        assert me is not None
        me_plays.append(_("the {card} {purpose}", card=card_name(first.card), purpose=purpose_text(state, me, line)))
    if not me_plays:
        return ""
    return _("It makes ready your next plays, as the judge's look-ahead plays them: {plays}.",
             plays=_(", then ").join(me_plays))


PART_NAMES = {"coins": N_("coins and goods"), "hand": N_("cards in hand")}


def part_name(key: str) -> str:
    """A part of an expected final score (value.PART_KEYS) in the game's terms: a god, the Concordia card, 'coins
    and goods', 'cards in hand'."""
    return _(PART_NAMES[key]) if key in PART_NAMES else god_name(key)


def parts_text(mine: Mapping[str, float], others: Mapping[str, float] = MappingProxyType({}), most: int = 4) -> str:
    """The parts of a gain in the game's terms, largest first, whole points ('Saturnus +2, Mercurius +3, coins and
    goods −4, Livia's score −1'); parts under half a point left out ('' when none is left)."""
    shown = [(abs(v), part_name(k), v) for k, v in mine.items() if abs(v) >= 0.5]
    shown += [(abs(v), _("{name}'s score", name=name), v) for name, v in others.items() if abs(v) >= 0.5]
    shown.sort(key=lambda x: -x[0])
    return _(", ").join(_("{part} {points}", part=name, points=signed(v)) for _a, name, v in shown[:most])


def signed(value: float) -> str:
    """'+2', '−4' (a true minus sign), '0'."""
    n = round(value)
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def random_reason(n: int, action: Action) -> str:
    """The random level's reason: how many legal steps it picked from, and which."""
    return n_("picks the only legal step: {step}", "picks one of {n} legal steps at random: {step}", n,
              step=step_text(action))


__all__ = ["SENTENCES", "advise", "card_name", "describe", "gains_text", "houses_text", "next_plays_text", "part_name",
           "parts_text", "points_text", "purpose_text", "random_reason", "sentence", "signed", "step_text", "trade_text"]
