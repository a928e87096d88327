"""Chapter 02, a turn and the Mercator (R-TURN-1/2, R-MERC-1..4): positions and the exercise's checker.

Italia, Aiko and Ben, seed 7, Aiko first: the table of RULES.md's worked example R-MERC-3. The
exercise continues it: after Aiko's Mercator it is Ben's turn, and Ben plays his own Mercator to end
with as many bricks as he can.
"""
from __future__ import annotations

import concordia_core as cc

from ..exercise import GameExercise, Verdict, right, wrong

MAP = "italia"
PLAYERS = ["Aiko", "Ben"]
SEED = 7
WORKED_EXAMPLE = ["play MERCATOR", "sell 1 cloth", "buy 2 brick", "done"]   # R-MERC-3, Aiko
TARGET_GOOD = "brick"
EXERCISE_PLAYER = "Ben"


def table() -> cc.Game:
    """The worked example's table, before any card is played (Aiko 5 coins, Ben 6)."""
    return cc.new_game(MAP, PLAYERS, seed=SEED, first_player="Aiko")


def exercise_game() -> cc.Game:
    """Aiko has played the worked example; Ben is to move with his starting hand."""
    game = table()
    for action in WORKED_EXAMPLE:
        game.play(action)
    return game


# --- the best a Mercator can do, searched on the engine ----------------------------------------
def best_mercator(state: cc.GameState, good: str = TARGET_GOOD) -> tuple[int, list[str]]:
    """Most units of `good` the acting player can hold after finishing the Mercator play in progress
    (state must be inside a Mercator play), and one line of trades that reaches it.

    Buying and selling at the same price, only two kinds of line can matter: buy `good` at once, or
    first sell some units of one other good, then buy `good` (the second kind, R-MERC-2). Each line
    is played on the engine, which refuses whatever is not allowed."""
    who = state.actor_index
    me = state.players[who]
    lines = [[]] + [[f"sell {n} {other}"] for other in cc.GOODS if other != good
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


def _ben_turn(game: cc.Game, start: int) -> tuple[list[str], cc.GameState | None, cc.GameState]:
    """Ben's actions since `start`, the state after his card was played (None if none was), and
    the state when his turn ended (or now, if it has not)."""
    actions: list[str] = []
    after_play = None
    end = game.state
    for step in range(start, len(game.history)):
        before = game.state_at(step)
        if before.actor != EXERCISE_PLAYER:
            end = before
            break
        action = game.history[step].action
        actions.append(str(action))
        if isinstance(action, cc.PlayCard):
            after_play = game.state_at(step + 1)
    return actions, after_play, end


def check_most_bricks(game: cc.Game, start: int | None = None) -> Verdict:
    """Did Ben play his Mercator, finish it, and end with the most bricks possible? (R-MERC-1/2)"""
    start = len(exercise_game().history) if start is None else start
    actions, after_play, end = _ben_turn(game, start)
    if not actions:
        return wrong("Ben has not played yet: choose his Mercator in the controls and play it (R-TURN-1).")
    if actions[0] != "play MERCATOR" or after_play is None:
        return wrong(f"Ben played '{actions[0]}'. The task is a Mercator turn: only the Mercator trades with "
                     "the bank (R-MERC-2). Press 'Reset the exercise' and play the Mercator.")
    if end.actor == EXERCISE_PLAYER and end.pending is not None:
        return wrong("Ben's Mercator is still in progress: finish the trading with 'done' so the turn ends "
                     "(R-TURN-1).")
    best, line = best_mercator(after_play)
    have = end.player(EXERCISE_PLAYER)
    bricks = have.goods[TARGET_GOOD]
    if bricks >= best:
        return right(f"Ben ends with {bricks} {TARGET_GOOD}, the most possible. He took 3 coins (R-MERC-1), then "
                     f"traded (R-MERC-2): {', '.join(actions[1:])}. The limit was the storehouse, not the coins, "
                     "and several units of one good still count as one kind.")
    price = cc.PRICE[TARGET_GOOD]
    slots = f"{have.free_slots} free slot" + ("" if have.free_slots == 1 else "s")
    head = (f"Ben ends with {bricks} {TARGET_GOOD}, {have.coins} coins and {slots}, but {best} is possible: "
            f"{'; '.join(line)}.")
    if have.free_slots and have.coins >= price:
        why = (f"He could still pay for another {TARGET_GOOD} ({price} coins) and had room for it: buy as many as "
               "fit (R-MERC-2 allows any quantity of a kind).")
    elif not have.free_slots:
        why = ("His storehouse filled up before his coins ran out (R-STORE-1): the slots are the limit here. Sell "
               "the good that frees the most slots first; both food go in one sale, because R-MERC-2 limits "
               "kinds, not units, leaving the second kind for bricks.")
    else:
        why = (f"His coins ran out: sell a good first to pay for more {TARGET_GOOD} (sell price = buy price, "
               "R-MERC-2), and keep to two kinds in all.")
    return wrong(f"{head} {why}")


def make_bricks_exercise() -> GameExercise:
    game = exercise_game()
    start = len(game.history)
    return GameExercise("It is Ben's turn (6 coins, 2 free slots). Play his <b>Mercator</b> through the controls "
                        "and end the turn holding <b>as many bricks as possible</b>. Remember: at most two kinds "
                        "of goods per Mercator, and every good needs a free slot.",
                        game, lambda g: check_most_bricks(g, start))
