"""Chapter 03, a turn and the Mercator (R-TURN-1/2, R-MERC-1..4): the chapter's widgets and its checker.

Italia, Aiko and Ben, seed 7, Aiko first: the table of the rule text's worked example R-MERC-3. The
exercise continues it: after Aiko's Mercator it is Ben's turn; he has played his own Mercator (9
coins, 2 free slots) and trades to end with as many bricks as he can.
"""
from __future__ import annotations

from collections.abc import Callable

import ipywidgets as ipw

import concordia_core as cc
from concordia_core import N_

from ..render.goods import goods_chips
from ..render.markup import esc
from . import replay
from .kit import Outcome, Stepper, TradeControl, TryIt, beat, html_table
from .kit.exercise import GameExercise, Verdict, right, wrong

MAP = "italia"
PLAYERS = ["Aiko", "Ben"]
SEED = 7
WORKED_EXAMPLE = ["play MERCATOR", "sell 1 cloth", "buy 2 brick", "done"]   # R-MERC-3, Aiko
TARGET_GOOD = "brick"
EXERCISE_PLAYER = "Ben"
DISPLAY_CARD = "SMITH-I"   # lies in the display of seed 7: in nobody's hand


def table() -> cc.Game:
    """The worked example's table, before any card is played (Aiko 5 coins, Ben 6)."""
    return cc.new_game(MAP, PLAYERS, seed=SEED, first_player="Aiko")


def exercise_game() -> cc.Game:
    """Aiko has played the worked example; Ben has played his Mercator and may trade."""
    return replay(MAP, PLAYERS, SEED, [*WORKED_EXAMPLE, "play MERCATOR"])


def trade_text(action: str) -> str:
    """'sell 1 cloth' in words, from a trade in notation."""
    verb, n, good = action.split()
    goods = cc.goods_count(good, int(n))
    return cc._("sell {goods}", goods=goods) if verb == "sell" else cc._("buy {goods}", goods=goods)


def trader_table(state: cc.GameState, name: str) -> str:
    """A player's coins, goods and free slots, and the kinds traded in the Mercator being played (HTML)."""
    p = state.player(name)
    kinds = state.pending.kinds if state.pending is not None and state.actor == name else ()
    traded = cc.listing([cc.good_name(k) for k in kinds]) if kinds else cc._("none yet")
    return html_table([cc._("Coins"), cc._("Goods"), cc._("Free slots"), cc._("Kinds traded")],
                      [[esc(p.coins), goods_chips(p.goods), esc(p.free_slots), esc(traded)]], raw=True)


# --- a turn: one card from your own hand (R-TURN-1, R-TURN-2) ------------------------------------
def turn_position() -> cc.Game:
    """Aiko and Ben have each played their Mercator; it is Aiko's turn again."""
    return replay(MAP, PLAYERS, SEED, ["play MERCATOR", "done", "play MERCATOR", "done"])


def card_picker() -> TryIt:
    """Pick a card for Aiko to play: any card in her hand is allowed; her played Mercator and a card of the
    display are refused."""
    state = turn_position().state
    kinds = list(dict.fromkeys(cc.starting_hand())) + [DISPLAY_CARD]

    def attempt(card: str) -> Outcome:
        cc.apply(state, f"play {card}")
        return Outcome(cc._("Allowed: Aiko lays her {card} on her discard pile and carries out its action.",
                            card=cc.card(card).display_name))
    options = [(cc.card(c).display_name, c) for c in kinds]
    return TryIt(cc._("Card for Aiko"), options, attempt, button=cc._("Play it"))


# --- the worked example R-MERC-3 ------------------------------------------------------------------
def worked_example() -> Stepper:
    def say(text: str) -> Callable[[cc.GameState, cc.GameState], str]:
        """The tutor's sentence with Aiko's coins before ({old}) and after ({new}) the step."""
        return lambda b, a: cc._(text, old=b.player("Aiko").coins, new=a.player("Aiko").coins)
    beats = [
        beat("play MERCATOR", say(N_("Aiko plays her Mercator and takes 3 coins: {old} + 3 = {new} (R-MERC-1)."))),
        beat("sell 1 cloth", say(N_("She sells 1 cloth for 7 coins: {new} coins, and one more free slot (R-MERC-2)."))),
        beat("buy 2 brick", say(N_("She buys 2 brick for 2 × 3 = 6 coins: {new} coins and 3 brick (R-MERC-3)."))),
        beat("buy 1 food", cc._("Could she buy food too? No: cloth and brick are her 2 kinds of goods this turn; "
                                "food would be a third (R-MERC-2). The move is refused and nothing changes."),
             refused=True),
        beat("done", cc._("She stops: her turn ends. The Mercator lies on her discard pile until a Tribune brings "
                          "it back (R-TURN-2). It is Ben's turn.")),
    ]
    intro = cc._("Aiko plays first, with 5 coins. Press Next step to follow her Mercator.")
    return Stepper(table(), beats, intro=intro, facts=lambda s: trader_table(s, "Aiko"))


# --- the exercise: Ben's Mercator, as many bricks as possible ------------------------------------
def best_mercator(state: cc.GameState, good: str = TARGET_GOOD) -> tuple[int, list[str]]:
    """Most units of `good` the acting player can hold after finishing the Mercator play in progress
    (state must be inside a Mercator play), and one line of trades (notation) that reaches it.

    Buying and selling at the same price, only two kinds of line can matter: buy `good` at once, or
    first sell some units of one other good, then buy `good` (the second kind, R-MERC-2). Each line
    is played on the engine, which refuses whatever is not allowed."""
    who = state.actor_index
    assert who is not None
    me = state.players[who]
    lines: list[list[str]] = [[]] + [[f"sell {n} {other}"] for other in cc.GOODS if other != good
                                     for n in range(1, me.goods[other] + 1)]
    best: tuple[int, list[str]] = (me.goods[good], [])
    for line in lines:
        try:
            position = state
            for action in line:
                position = cc.apply(position, action)
            p = position.players[who]
            buy = min(p.coins // cc.PRICE[good], p.free_slots)
            if buy:
                line = [*line, f"buy {buy} {good}"]
                position = cc.apply(position, line[-1])
        except cc.IllegalAction:
            continue
        count = position.players[who].goods[good]
        if count > best[0]:
            best = (count, line)
    return best


def check_most_bricks(game: cc.Game, start: int | None = None) -> Verdict:
    """Did Ben finish his Mercator holding the most bricks possible? (R-MERC-1/2, R-STORE-1)"""
    start = len(exercise_game().history) if start is None else start
    begin = game.state_at(start)
    trades = [str(step.action) for step in game.history[start:] if str(step.action) != "done"]
    state = game.state
    if state.actor == EXERCISE_PLAYER and state.pending is not None:
        return wrong(cc._("Ben's Mercator is not finished: trade, then press Done trading to end his turn "
                          "(R-TURN-1)."))
    best, line = best_mercator(begin)
    ben = state.player(EXERCISE_PLAYER)
    bricks = ben.goods[TARGET_GOOD]
    done = cc.listing([trade_text(t) for t in trades]) if trades else cc._("no trade")
    if bricks >= best:
        return right(cc._("Ben ends with {n} brick, the most possible ({trades}). His storehouse was the limit, not "
                          "his coins, and several pieces of one good count as one kind (R-MERC-2).", n=bricks,
                          trades=done))
    head = cc._("Ben ends with {n} brick ({trades}), {coins} and {free} free slots, but {best} brick is possible.",
                n=bricks, trades=done, coins=cc.coins_text(ben.coins), free=ben.free_slots, best=best)
    price = cc.PRICE[TARGET_GOOD]
    if ben.free_slots and ben.coins >= price:
        why = cc._("He could still pay for more brick and had room for it: buy as many as fit (R-MERC-2 allows any "
                   "amount of a kind).")
    elif not ben.free_slots:
        why = cc._("His storehouse filled up before his coins ran out (R-STORE-1): the free slots are the limit. "
                   "Sell the good that frees the most slots: selling 2 food is one kind, not two (R-MERC-2).")
    else:
        why = cc._("His coins ran out: sell a good first to pay for more brick (the bank buys at the price it "
                   "sells, R-MERC-2), and keep to two kinds in all.")
    return wrong(cc._("{head} {why}", head=head, why=why))


def solution_text() -> str:
    game = exercise_game()
    best, line = best_mercator(game.state)
    return cc._("The best line: {trades}. Ben ends with {n} brick. Selling both food frees 2 slots and pays for the bricks; food "
                "and brick are his two kinds (R-MERC-2).", trades=cc.listing([trade_text(t) for t in line]), n=best)


def make_bricks_exercise() -> GameExercise:
    def view(game: cc.Game) -> str:
        return trader_table(game.state, EXERCISE_PLAYER)

    def controls(game: cc.Game, refresh: Callable[[], None]) -> ipw.Widget:
        return TradeControl(game, refresh)
    start = len(exercise_game().history)
    prompt = cc._("It is Ben's turn. He has played his Mercator: 9 coins and 2 free slots. Trade so that he ends "
                  "his turn holding as many bricks as possible, then press Done trading and Check my answer. At "
                  "most two kinds of goods per Mercator, and every good needs a free slot.")
    return GameExercise(esc(prompt), exercise_game, lambda g: check_most_bricks(g, start), controls, view,
                        solution=solution_text)
