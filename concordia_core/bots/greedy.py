"""The greedy level: for every card it could play it completes the play step by step, each step the
best by the evaluation (evaluation.py), and plays the card whose finished play evaluates best.

`Planner` is that look-ahead within one player's card play; the strong level uses it to complete
candidate plays and as the policy of its roll-outs.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action, Build, Done, Keep, Move, PlayCard, Produce, Trade
from ..engine import apply_planned, legal_actions
from ..goods import GOODS, PRICE, Goods
from ..maps import ConcordiaMap, load_map
from ..rules import architect, prefect
from ..state import STOREHOUSE_SLOTS, Colonist, GameState
from .base import Bot, Choice, Line, card_of, options
from .evaluation import Geo, Outlook, Points, coin_worth, crowding, points, remaining, remembered_house_price
from .reasons import describe

BUY_LIMIT = 4          # the Mercator buys at most this many of one good in a play
IDLE_ARCHITECT = 3.0   # an Architect that builds nothing is lost until the next Tribune


class PlanningBot(Bot):
    """A bot that plans a whole card play at once (`line`) from the position it sees (`seen`) and then
    plays it step by step, each step with its reason, as long as the game follows the plan."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._plan: list[tuple[GameState, Action, str]] = []

    def choose(self, state: GameState) -> Choice:
        found = options(state)  # raises if the game is over
        me = state.actor_index
        assert me is not None
        view = self.seen(state, me)
        for planned, action, reason in self._plan:
            if planned is view or planned == view:
                return Choice(action, reason)
        line = self.line(view, Planner(view, me), found)
        befores = [view] + [after for _a, after in line[:-1]]
        self._plan = [(before, action, describe(before, me, line[i:]))
                      for i, (before, (action, _s)) in enumerate(zip(befores, line, strict=True))]
        return Choice(line[0][0], self._plan[0][2])

    def seen(self, state: GameState, me: int) -> GameState:
        """The position the bot plans from: the state itself (the strong level: what its seat knows)."""
        return state

    def line(self, state: GameState, planner: Planner, found: list[Action]) -> Line:
        """The steps to play from `state` on (the rest of a card play, or a whole one at a turn's start)."""
        raise NotImplementedError


class GreedyBot(PlanningBot):
    """Looks ahead within its own card play and plays the card whose completed play evaluates best."""

    level = "greedy"
    NOISE = 0.3   # random spread added to each card's value, so seeds give different games

    def line(self, state: GameState, planner: Planner, found: list[Action]) -> Line:
        if state.pending is None and not state.choices:
            plays = [(value + self.NOISE * self._rng.random(), line) for value, line in planner.plays(state)]
            return max(plays, key=lambda p: p[0])[1]
        return planner.finish(state)


def evaluate(state: GameState, me: int) -> float:
    """The greedy level's worth of a position for player `me` (see Planner.evaluate)."""
    return Planner(state, me).evaluate(state)


# --- the look-ahead within one card play ----------------------------------------------------------
class Planner:
    """The greedy look-ahead of one player from one position. Every position it reaches is judged
    with the clock (`remaining`) and the wanted goods of the position it started from, so a step is
    never judged by how it moves the estimate of the game's end. Ending the game (R-END-1) also ends
    what the others still hoped for: until the end is triggered, the best other player's prospects
    at the start are counted against the player."""

    def __init__(self, root: GameState, me: int) -> None:
        self.me = me
        self.r = remaining(root)
        self.wants = Outlook(root, me, self.r).wants
        others = [Outlook(root, i, self.r).future() for i in range(len(root.players)) if i != me]
        self.rivals = max(others, default=0.0)

    def outlook(self, state: GameState, now: Points | None = None) -> Outlook:
        """The player's prospects in `state`, judged with this look-ahead's clock and wanted goods."""
        return Outlook(state, self.me, self.r, self.wants, now)

    def evaluate(self, state: GameState) -> float:
        """The "if the game ended now" score, plus (until the end is triggered) what the position
        promises for the rest of the game."""
        now = points(state, self.me)
        if state.end_trigger is not None:
            return float(now.total)
        return now.total + self.outlook(state, now).future() - self.rivals

    def plays(self, state: GameState) -> list[tuple[float, Line]]:
        """Each card of the hand that plays differently, its greedily completed play and its value."""
        seen: set[tuple[str, int, str | None]] = set()
        result = []
        for play in legal_actions(state):
            assert isinstance(play, PlayCard)
            c = card_of(play.card)
            key = (c.kind, c.coins, c.good)
            if key not in seen:
                seen.add(key)
                after = apply_planned(state, play)
                line = [(play, after)] + self.finish(after)
                idle = c.kind == "ARCHITECT" and not any(isinstance(a, Build) for a, _ in line)
                result.append((self.evaluate(line[-1][1]) - IDLE_ARCHITECT * idle, line))
        return result

    def finish(self, state: GameState) -> Line:
        """Complete the player's current play (and their storehouse choices) greedily."""
        line: Line = []
        while not state.over and state.actor_index == self.me and (state.pending is not None or state.choices):
            line.extend(self._next_steps(state))
            state = line[-1][1]
        return line

    def _next_steps(self, state: GameState) -> Line:
        if state.choices:
            return self._own_choices(state)
        assert state.pending is not None
        if state.pending.phase == "diplomat":
            return self._best_of(state, legal_actions(state), deep=True)
        kind = card_of(state.pending.action).kind
        if kind == "ARCHITECT":
            return self._architect(state)
        if kind == "MERCATOR":
            return self._mercator(state)
        if kind == "PREFECT":
            return self._best_of(state, self._distinct_productions(state))
        return self._best_of(state, legal_actions(state))

    def _distinct_productions(self, state: GameState) -> list[Action]:
        """The Prefect's steps, one of each set of provinces that would give the player the same goods (the
        first): the evaluation counts only the player's own holdings and everyone's houses, so those provinces
        evaluate alike and `_best_of` would keep the first of them anyway."""
        kept: list[Action] = []
        seen: set[Goods] = set()
        for action in legal_actions(state):
            if isinstance(action, Produce):
                mine = prefect.own_production(state, action.province, self.me)
                if mine in seen:
                    continue
                seen.add(mine)
            kept.append(action)
        return kept

    def _best_of(self, state: GameState, options: list[Action], deep: bool = False) -> Line:
        """The option whose resulting position evaluates best, after the player's own storehouse
        choices (with `deep`: after completing the rest of the play)."""
        best: tuple[float, Line] | None = None
        for action in options:
            after = apply_planned(state, action)
            line = [(action, after)] + (self.finish(after) if deep else self._own_choices(after))
            value = self.evaluate(line[-1][1])
            if best is None or value > best[0] + 1e-9:
                best = (value, line)
        assert best is not None, "a play in progress always has a legal step"
        return best[1]

    def _own_choices(self, state: GameState) -> Line:
        """Keep the incoming goods that leave the most valuable, balanced storehouse (R-STORE-2)."""
        line: Line = []
        while state.choices and state.actor_index == self.me:
            p = state.players[self.me]
            outlook = self.outlook(state)
            keeps = [k for k in legal_actions(state) if isinstance(k, Keep)]
            action = max(keeps, key=lambda k: outlook.econ(p.goods + k.goods, p.coins))
            state = apply_planned(state, action)
            line.append((action, state))
        return line

    def _mercator(self, state: GameState) -> Line:
        """The best trade in at most two kinds (R-MERC-2), found by trying every pair of kinds and
        amounts: sell a surplus, buy what reachable houses and a wanted card need. Buy and sell
        prices are equal, so trading never changes the score; it only readies the storehouse."""
        p = state.players[self.me]
        outlook = self.outlook(state)
        assert state.pending is not None
        traded = state.pending.kinds
        pairs: list[tuple[str, str]]
        if len(traded) >= 2:
            pairs = [(traded[0], traded[1])]
        elif traded:
            pairs = [(traded[0], g) for g in GOODS if g != traded[0]]
        else:
            pairs = [(a, b) for i, a in enumerate(GOODS) for b in GOODS[i + 1:]]
        held, coins, waiting = p.goods, p.coins, p.waiting_total
        sold = state.pending.sold

        def amounts(good: str) -> range:
            """What may still be traded of `good`: a kind already traded goes on one way only (R-MERC-2)."""
            low = 0 if good in traded and good not in sold else -held[good]
            high = 0 if good in sold else BUY_LIMIT
            return range(low, high + 1)

        best_value, best = outlook.econ(held, coins) + 0.05, ((0, 0), pairs[0])
        worth = _coin_worths(coins + held.value())
        crowded = CROWDED
        coin = outlook.coin
        table = outlook.table
        for a, b in pairs:
            rest = outlook.goods_worth(held, skip=(a, b))
            others = held.total() - held[a] - held[b] + waiting
            ta, tb = table[a], table[b]
            price_a, price_b, held_a, held_b = PRICE[a], PRICE[b], held[a], held[b]
            steps_b = [(db, db * price_b, tb[held_b + db]) for db in amounts(b)   # beyond the storehouse:
                       if held_b + db <= STOREHOUSE_SLOTS]                         # never (used > its slots)
            for da in amounts(a):
                if held_a + da > STOREHOUSE_SLOTS:   # more than the storehouse holds, whatever else is traded
                    continue
                left_a = coins - da * price_a
                used_a = others + held_a + da + held_b
                partial = rest + ta[held_a + da]
                for db, cost_b, worth_b in steps_b:
                    left = left_a - cost_b
                    used = used_a + db
                    if left < 0 or used > STOREHOUSE_SLOTS:   # and so for every larger db: fewer coins, more goods
                        break
                    value = coin * (partial + worth_b + worth[left] - crowded[used])
                    if value > best_value:
                        best_value, best = value, ((da, db), (a, b))
        trades = sorted((Trade(g, d) for g, d in zip(best[1], best[0], strict=True) if d), key=lambda t: t.amount)
        line: Line = []
        for action in trades + ([Done()] if not trades else []):
            state = apply_planned(state, action)
            line.append((action, state))
        if state.pending is not None and state.actor_index == self.me and not state.pending.finished:
            state = apply_planned(state, Done())
            line.append((Done(), state))
        return line

    def _architect(self, state: GameState) -> Line:
        """Move colonists (plan_moves), then build house by house while a house improves the
        evaluation (R-ARCH-5..10)."""
        line: Line = []
        if state.pending is not None and state.pending.phase == "move":
            for move in self.plan_moves(state):
                state = apply_planned(state, move)
                line.append((move, state))
        while state.pending is not None and state.actor_index == self.me and not state.pending.finished:
            best: tuple[float, Action] = (self.evaluate(state), Done())
            for action in architect.builds(state):
                value = self.evaluate(apply_planned(state, action))
                if value > best[0] + 1e-9:
                    best = (value, action)
            state = apply_planned(state, best[1])
            line.append((best[1], state))
        return line

    def plan_moves(self, state: GameState) -> list[Move]:
        """Architect moves (R-ARCH-1..4): first bring colonists next to the most valuable cities the
        player can afford now, then walk idle colonists toward good cities for later turns."""
        outlook = self.outlook(state)
        geo = outlook.geo
        m = load_map(state.map_id)
        p = state.players[self.me]
        assert state.pending is not None
        steps = state.pending.steps_left
        positions = list(p.colonists)
        occupied = state.occupied_routes()
        goods, coins = p.goods, p.coins
        planned: set[str] = set()
        serving: set[int] = set()           # colonists that stay to serve a planned house
        moves: list[Move] = []

        def move(i: int, route: str, cost: int) -> None:
            nonlocal steps
            col = positions[i]
            moves.append(Move(col.where, route))
            occupied.discard(col.where)
            occupied.add(route)
            positions[i] = Colonist(col.kind, route)
            steps -= cost

        while True:  # houses now: the best affordable city that a colonist stands next to or can reach
            best = None
            for city in outlook.candidates:
                need, price = remembered_house_price(state, city)
                if city in planned or not goods.covers(need) or coins < price:
                    continue
                net = outlook.house_gain(city) - outlook.econ(goods, coins) + outlook.econ(goods - need, coins - price)
                reach = _reach(m, geo, positions, serving, occupied, city, steps) if net > 0 else None
                if reach is not None and (best is None or net - 0.05 * reach[2] > best[0]):
                    best = (net - 0.05 * reach[2], city, reach, need, price)
            if best is None:
                break
            _, city, (i, route, cost), need, price = best
            if route is not None:
                move(i, route, cost)
            serving.add(i)
            planned.add(city)
            goods, coins = goods - need, coins - price

        def site_value(where: str) -> float:
            return sum(max(0.0, outlook.desire(c)) for c in geo.ends.get(where, ())
                       if c in outlook.candidate_set and c not in planned)

        while steps > 0:  # then walk idle colonists toward good cities for later turns
            walk: tuple[float, int, str, int] | None = None
            for i, col in enumerate(positions):
                if i in serving:
                    continue
                here = site_value(col.where)
                for route, cost in sorted(m.reachable_routes(col.kind, col.where, steps, occupied).items()):
                    gain = site_value(route) - here - 0.05 * cost
                    if gain > 0.25 and (walk is None or gain > walk[0]):
                        walk = (gain, i, route, cost)
            if walk is None:
                break
            move(*walk[1:])
            serving.add(walk[1])
        return moves


CROWDED = tuple(crowding(STOREHOUSE_SLOTS - used) for used in range(STOREHOUSE_SLOTS + 1))
"""What a storehouse with 0..12 slots used loses (evaluation.crowding), by slots used."""
COIN_WORTHS = tuple(coin_worth(coins) for coins in range(401))
"""evaluation.coin_worth of 0..400 coins, made once (read only: a judge thinking in the background reads it too)."""


def _coin_worths(most: int) -> Sequence[float]:
    """evaluation.coin_worth of 0..`most` coins (or more)."""
    return COIN_WORTHS if most < len(COIN_WORTHS) else [coin_worth(coins) for coins in range(most + 1)]


def _reach(m: ConcordiaMap, geo: Geo, positions: list[Colonist], serving: set[int], occupied: set[str],
           city: str, steps: int) -> tuple[int, str | None, int] | None:
    """The cheapest way to have a colonist next to `city`: (colonist, route to move to or None if
    one already stands there, steps), or None when no free colonist gets there with the steps left."""
    for i, col in enumerate(positions):
        if col.on_route and city in geo.ends[col.where]:
            return (i, None, 0)
    best = None
    for i, col in enumerate(positions):
        if i in serving:
            continue
        costs = m.step_costs(col.kind, col.where)
        for route in geo.adjacent.get((col.kind, city), ()):
            cost = costs.get(route)
            if cost is not None and cost <= steps and route not in occupied and (best is None or cost < best[2]):
                best = (i, route, cost)
    return best
