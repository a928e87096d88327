"""The game told in words: every step of every player as a phrase, every card play as a sentence, and the
log of a game as entries ("Ben played the Architect: moved a land colonist ROMA → COSA (1 step) and
built in COSA for 1 food + 1 coin.").

Pure text made from states and actions (no widget imports). Every phrase is a whole message of the
catalog with named placeholders, filled with the names of text.py; phrases are joined with
`listing`, never glued. Each kind of phrase has two forms side by side in `PHRASES`: what was done
(past, for the log) and what to do (for a hint's plan, addressed to the person asking). A player
called "You" reads right: "You played the Architect: moved your land colonist ...".

    entries(game.initial, game.history)       # the log: one Entry per card play (and per choice of
                                              # another player's storehouse), oldest first
    since_last_turn(entries, "Ben")           # what happened since Ben's last card play
    step_words(state, action)                 # "move your land colonist ROMA → COSA (1 step)"
    plan_words(state, actions)                # a whole card play to come, as one sentence
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .actions import (
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
from .cards import card
from .constants import CONSTANTS
from .engine import apply
from .goods import PRICE, Goods
from .i18n import N_, _, n_
from .maps import load_map
from .queries import (
    card_price,
    collect_value,
    colonist_income,
    consul_in_play,
    house_price,
    production,
    reachable_routes,
)
from .rules import tribune
from .scoring import final_ranking
from .state import GameState
from .text import (
    cards_text,
    city_name,
    coins_text,
    colonist_text,
    god_name,
    good_name,
    goods_count,
    goods_text,
    listing,
    possessive,
    price_text,
    province_name,
    steps_text,
)

PAST, PLAN = 0, 1

# Each phrase: (what was done, what to do). No subject: the sentence puts the player's name before it.
PHRASES: dict[str, tuple[str, str]] = {
    "tribune": (N_("took back {cards}"), N_("take back {cards}")),
    "tribune_coins": (N_("took back {cards} and {coins}"), N_("take back {cards} and {coins}")),
    "mercator": (N_("took {coins}"), N_("take {coins}")),
    "specialist": (N_("houses in {good} cities produced {goods}"), N_("your houses in {good} cities produce {goods}")),
    "move": (N_("moved {colonist} {start} → {end} ({steps})"), N_("move {colonist} {start} → {end} ({steps})")),
    "build": (N_("built in {city} for {price}"), N_("build in {city} for {price}")),
    "produce": (N_("produced in {province} ({gains})"), N_("produce in {province} ({gains})")),
    "collect": (N_("collected {coins} from the coin-side bonus tiles"),
                N_("collect {coins} from the coin-side bonus tiles")),
    "buy": (N_("bought {goods} for {coins}"), N_("buy {goods} for {coins}")),
    "sell": (N_("sold {goods} for {coins}"), N_("sell {goods} for {coins}")),
    "copy": (N_("copied {whose} {card}"), N_("copy {whose} {card}")),
    "purchase": (N_("bought the {card} ({god}) from slot {slot} for {price}"),
                 N_("buy the {card} ({god}) from slot {slot} for {price}")),
    "place": (N_("placed a new {colonist} in {city} for {price}"), N_("place a new {colonist} in {city} for {price}")),
    "recruit": (N_("recruited a {colonist} to {rome} for {price}"), N_("recruit a {colonist} to {rome} for {price}")),
    "income": (N_("took {coins} of income"), N_("take {coins} of income")),
    "keep": (N_("kept {goods} of {incoming} (storehouse full)"), N_("keep {goods} of {incoming} (storehouse full)")),
    "done": (N_("ended the play"), N_("end the play")),
}
# Whole sentences for a card play: (the log's, the plan's).
PLAY: dict[str, tuple[str, str]] = {
    "steps": (N_("{player} played the {card}: {steps}."), N_("Play the {card}: {steps}.")),
    "started": (N_("{player} played the {card}."), N_("Play the {card}.")),
    "nothing": (N_("{player} played the {card} and used none of its action."),
                N_("Play the {card} and use none of its action.")),
}


@dataclass(frozen=True)
class Entry:
    """One line of the log: steps `first`..`last` (numbered from 1, as the history counts them) by
    `player`; `text` is the sentence (with what followed, e.g. a prize, as further sentences).
    `turn` is True for a card play (a player's turn), False for a storehouse choice on another's turn."""

    first: int
    last: int
    player: str
    text: str
    turn: bool = True
    card: str | None = None

    def __str__(self) -> str:
        return self.text


# --- names ------------------------------------------------------------------------------------------
def card_name(card_id: str) -> str:
    """'Architect', 'Farmer (II)'."""
    return card(card_id).display_name


def is_you(name: str) -> bool:
    """True for the player the tutor addresses as "you" (possessive() says "your")."""
    return possessive(name) != _("{name}'s", name=name)


def route_ends(map_id: str, route: str) -> str:
    """'COSA–ROMA' for 'land:COSA-ROMA'."""
    a, b = load_map(map_id).routes[route].ends
    return _("{a}–{b}", a=city_name(a), b=city_name(b))


def in_text(name: str) -> str:
    """A player's name inside a sentence: "you" for the player the tutor addresses, else the name."""
    return _("you") if is_you(name) else name


def _gains(gains: dict[str, Goods]) -> str:
    return listing(_("{player} {goods}", player=in_text(name), goods=goods_text(g)) for name, g in gains.items())


def _move_end(map_id: str, start: str, route: str) -> str:
    """Where a move ends, in words: the city the colonist now stands next to ('COSA'), else the route."""
    routes = load_map(map_id).routes
    behind = set(routes[start].ends) if ":" in start else {start}
    ahead = [c for c in routes[route].ends if c not in behind]
    return city_name(ahead[0]) if len(ahead) == 1 else route_ends(map_id, route)


# --- one step ----------------------------------------------------------------------------------------
def _phrase(key: str, form: int, **fields: object) -> str:
    return _(PHRASES[key][form], **fields)


def _card_effect(before: GameState, after: GameState, me: int, card_id: str, form: int, played: bool) -> str | None:
    """What a card does the moment it is played (or copied, `played` False): the Tribune's cards, the
    Mercator's coins, a specialist's production."""
    c = card(card_id)
    p0, p1 = before.players[me], after.players[me]
    if c.kind == "TRIBUNE":
        back = len(p0.discard) + (1 if played else 0)   # a Tribune played goes on the pile before it is taken back
        coins = tribune.income(back)   # not tribune_income(): a copied Tribune's Diplomat is already on the pile
        if coins:
            return _phrase("tribune_coins", form, cards=cards_text(back), coins=coins_text(coins))
        return _phrase("tribune", form, cards=cards_text(back))
    if c.kind == "MERCATOR":
        return _phrase("mercator", form, coins=coins_text(c.coins))
    if c.kind == "SPECIALIST" and c.good is not None:
        got = Goods({g: max(0, n) for g, n in (p1.goods - p0.goods).items()})
        return _phrase("specialist", form, good=good_name(c.good), goods=goods_text(got))
    return None


def _step(before: GameState, action: Action, after: GameState | None, form: int) -> str | None:
    """The phrase for one step by the player who acts in `before` (None for a step that says nothing)."""
    me = before.actor_index
    assert me is not None
    name = before.players[me].name
    map_id = before.map_id
    if isinstance(action, Move):
        kind = load_map(map_id).routes[action.route].kind
        cost = reachable_routes(before, kind, action.start, max(before.steps_left, 1)).get(action.route, 0)
        colonist = (_("your {colonist}", colonist=colonist_text(kind)) if form == PLAN or is_you(name)
                    else _("a {colonist}", colonist=colonist_text(kind)))
        start = route_ends(map_id, action.start) if ":" in action.start else city_name(action.start)
        return _phrase("move", form, colonist=colonist, start=start, end=_move_end(map_id, action.start, action.route),
                       steps=steps_text(cost))
    if isinstance(action, Build):
        goods, coins = house_price(before, action.city)
        return _phrase("build", form, city=city_name(action.city), price=price_text(goods, coins))
    if isinstance(action, Produce):
        return _phrase("produce", form, province=province_name(action.province),
                       gains=_gains(production(before, action.province, me)))
    if isinstance(action, Collect):
        return _phrase("collect", form, coins=coins_text(collect_value(before)))
    if isinstance(action, Trade):
        n = abs(action.amount)
        return _phrase("buy" if action.amount > 0 else "sell", form, goods=goods_count(action.good, n),
                       coins=coins_text(n * PRICE[action.good]))
    if isinstance(action, Copy):
        top = before.player(action.player).top_card
        copied = _phrase("copy", form, whose=possessive(action.player), card=card_name(top) if top else "?")
        effect = _card_effect(before, after, me, top, form, False) if top and after is not None else None
        return f"{copied}\n{effect}" if effect else copied   # two phrases (see _phrases)
    if isinstance(action, Purchase):
        cid = before.display[action.slot - 1] or ""
        return _phrase("purchase", form, card=card_name(cid), god=god_name(card(cid).god), slot=action.slot,
                       price=goods_text(card_price(before, action.slot, action.wild, consul_in_play(before))))
    if isinstance(action, Place):
        return _phrase("place", form, colonist=colonist_text(action.kind), city=city_name(action.city),
                       price=goods_text(CONSTANTS.new_colonist_cost))
    if isinstance(action, Recruit):
        return _phrase("recruit", form, colonist=colonist_text(action.kind), rome=city_name(load_map(map_id).rome),
                       price=goods_text(CONSTANTS.new_colonist_cost))
    if isinstance(action, Income):
        income = (after.players[me].coins - before.players[me].coins) if after is not None else colonist_income(before, me)
        return _phrase("income", form, coins=coins_text(income))
    if isinstance(action, Keep):
        incoming = before.choices[0].incoming if before.choices else action.goods
        return _phrase("keep", form, goods=goods_text(action.goods), incoming=goods_text(incoming))
    if isinstance(action, PlayCard):
        return _card_effect(before, after, me, action.card, form, True) if after is not None else None
    return None  # Done: the play simply ends


def _phrases(before: GameState, action: Action, after: GameState | None, form: int) -> list[str]:
    """The phrases of one step (a Diplomat's copy is two: what was copied, and what that did at once)."""
    text = _step(before, action, after, form)
    return text.split("\n") if text else []


def step_words(state: GameState, action: Action) -> str:
    """What a step would do, addressed to the person who acts: 'move your land colonist ROMA → COSA (1 step)'.
    A card play reads 'play the Architect'."""
    if isinstance(action, PlayCard):
        return _("play the {card}", card=card_name(action.card))
    if isinstance(action, Done):
        return _phrase("done", PLAN)
    after = _try(state, action)
    return listing(_phrases(state, action, after, PLAN)) or str(action)


def done_words(state: GameState, action: Action) -> str:
    """What a step did, for the log: 'moved a land colonist ROMA → COSA (1 step)' (no subject)."""
    if isinstance(action, PlayCard):
        return _("played the {card}", card=card_name(action.card))
    said = _phrases(state, action, _try(state, action), PAST)
    return listing(said) if said else _phrase("done", PAST)


def _try(state: GameState, action: Action) -> GameState | None:
    try:
        return apply(state, action)
    except ValueError:
        return None


# --- card plays --------------------------------------------------------------------------------------
def _play_sentence(player: str, card_id: str, phrases: list[str], finished: bool, form: int) -> str:
    fields = {"player": player, "card": card_name(card_id)}
    if phrases:
        return _(PLAY["steps"][form], steps=listing(phrases), **fields)
    return _(PLAY["nothing" if finished else "started"][form], **fields)


def plan_words(state: GameState, actions: Sequence[Action]) -> str:
    """A card play still to come as one sentence addressed to the player who acts ('Play the Architect:
    move your land colonist ROMA → COSA (1 step) and build in COSA for 1 food + 1 coin.'); from the
    middle of a play, its remaining steps ('Move your ...')."""
    if not actions:
        return ""
    phrases: list[str] = []
    played = actions[0].card if isinstance(actions[0], PlayCard) else None
    me = state.actor_index
    for action in actions:
        if state.actor_index != me:
            break
        after = _try(state, action)
        if after is None:
            break
        phrases += _phrases(state, action, after, PLAN)
        state = after
    if played is not None:
        return _play_sentence("", played, phrases, True, PLAN)
    text = listing(phrases) if phrases else _phrase("done", PLAN)
    return _("{steps}.", steps=_capital(text))


# --- what follows a step -----------------------------------------------------------------------------
def events(before: GameState, after: GameState) -> list[str]:
    """Sentences for what a step brought about beyond itself: Praefectus Magnus passing on, the Concordia
    card taken, a first-game record or prize (R-MID-2/3), the end of the game."""
    found: list[str] = []
    if after.praefectus != before.praefectus:
        found.append(_("Praefectus Magnus passes to {player}.", player=in_text(after.praefectus_magnus)))
    if after.end_trigger is not None and before.end_trigger is None:
        found.append(_("{player} took the Concordia card ({points}): every other player has one last turn "
                       "(R-END-1).", player=after.players[after.end_trigger].name,
                       points=n_("{n} point", "{n} points", CONSTANTS.concordia_points)))
    for i, p in enumerate(after.players):
        old = before.mid_scores[i] if i < len(before.mid_scores) else None
        new = after.mid_scores[i] if i < len(after.mid_scores) else None
        if old is None and new is not None:
            found.append(n_("{whose} first Tribune: scored as in final scoring, {n} point recorded (R-MID-2).",
                            "{whose} first Tribune: scored as in final scoring, {n} points recorded (R-MID-2).",
                            new, whose=_capital(possessive(p.name))))
    if before.mid_payout is None and after.mid_payout is not None:
        prizes = listing(_("{player} {coins}", player=in_text(p.name), coins=coins_text(c))
                         for p, c in zip(after.players, after.mid_payout, strict=True) if c)
        found.append(_("Everyone has a record; prizes paid: {prizes} (R-MID-3).", prizes=prizes))
    if after.over and not before.over:
        winner = final_ranking(after)[0]
        found.append(_("The game is over: you win.") if is_you(winner)
                     else _("The game is over: {player} wins.", player=winner))
    return found


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# --- the log ------------------------------------------------------------------------------------------
@dataclass
class _Play:
    """A card play being told: its player, card, first step, phrases so far and what followed."""

    player: str
    card: str
    first: int
    phrases: list[str]
    notes: list[str]

    def entry(self, last: int, finished: bool) -> Entry:
        text = _play_sentence(self.player, self.card, self.phrases, finished, PAST)
        return Entry(self.first, last, self.player, " ".join([text, *self.notes]), True, self.card)


def entries(start: GameState, steps: Iterable[Iterable[object]], first: int = 1) -> list[Entry]:
    """The log of the steps played from `start` (each an (action, state after) pair, as Game.history holds
    them), oldest first: one entry per card play with its player's steps, one per storehouse choice of
    another player. `first` is the number of the first step (1 from the start of a game)."""
    result: list[Entry] = []
    play: _Play | None = None
    before = start
    number = first - 1
    for action, after in steps:
        assert isinstance(action, Action) and isinstance(after, GameState)
        number += 1
        me = before.actor_index
        name = before.players[me].name if me is not None else ""
        if isinstance(action, PlayCard):
            if play is not None:
                result.append(play.entry(number - 1, True))
            play = _Play(name, action.card, number, [], [])
        said = _phrases(before, action, after, PAST)
        if play is not None and (name == play.player or not isinstance(action, Keep)):
            play.phrases += said
            play.notes.extend(events(before, after))
        else:   # another player's storehouse choice, told on its own
            sentence = _("{player} {did}.", player=name, did=listing(said) if said else _phrase("done", PAST))
            result.append(Entry(number, number, name, " ".join([sentence, *events(before, after)]), False))
        if play is not None and after.pending is None and not after.choices:
            result.append(play.entry(number, True))
            play = None
        before = after
    if play is not None:
        result.append(play.entry(number, False))
    result.sort(key=lambda e: (e.first, e.last))
    return result


def since_last_turn(log: Sequence[Entry], player: str) -> list[Entry]:
    """The entries after `player`'s last card play (everything so far if they have not played yet)."""
    last = max((k for k, e in enumerate(log) if e.turn and e.player == player), default=-1)
    return list(log[last + 1:])


__all__ = ["PHRASES", "PLAY", "Entry", "card_name", "done_words", "entries", "events", "in_text", "is_you",
           "plan_words", "route_ends", "since_last_turn", "step_words"]
