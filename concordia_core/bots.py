"""Practice opponents and hints (issue 7): bots that choose a legal step with a one-line reason, and
the best candidate steps for the player who must act, with their effect on the score.

Levels (`make(level, seed)`):
- "random" picks any legal step (a baseline, and a patient sparring partner);
- "greedy" looks ahead within its own card play: for every card it could play it completes the
  play step by step, each step the best by an evaluation, and plays the card whose finished play
  evaluates best. The evaluation is the "if the game ended now" score (`score()`) plus estimates of
  what the position is still worth for the rest of the game: coins and goods toward building (a
  balanced storehouse), cards for the gods, houses that will produce, colonists standing next to
  cities worth building, and the cards still in hand (so the Tribune is played when the hand runs low).

Bots act for whoever must act now (`state.actor`), storehouse choices (`keep`) included.
Pure Python: the standard library and concordia_core only; the only randomness is the bot's own
`random.Random(seed)` (DESIGN.md 2), so a bot with the same seed makes the same choices.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from .actions import Action, Build, Collect, Copy, Done, Income, Keep, Move, Place, PlayCard, Produce, Purchase, Recruit, Trade
from .cards import card, cards_for_sale, decks_for
from .data import game_constants
from .engine import apply, legal_actions
from .errors import InvalidAction
from .goods import GOODS, PRICE, Goods
from .maps import ConcordiaMap, load_map
from .rules import architect, senator
from .rules.tribune import COLONIST_COST
from .scoring import ScoreBreakdown, counts, score
from .state import HOUSES_PER_PLAYER, STOREHOUSE_SLOTS, Colonist, GameState
from .text import goods_text as describe

Line = list[tuple[Action, GameState]]   # steps of a card play: each action and the state it produced

# --- evaluation weights (tuned on seeded games against the random level and against itself) ---------
COIN = 0.33            # points a coin (or a good's worth of coins) is worth early on, as building material
WANTED = 2.0           # extra coins a good is worth when a reachable house or a wanted card needs it
RICH = 30              # coins beyond this count half: a hoard builds nothing without goods
BUY_LIMIT = 4          # the Mercator buys at most this many of one good in a play
LATER = {"jupiter": 2.5, "saturnus": 2.5, "mercurius": 3.0}   # cards expected later count what is built now
IDLE_ARCHITECT = 3.0   # an Architect that builds nothing is lost until the next Tribune
HOUSES_AHEAD = 12      # houses a player still builds in a whole game, roughly (cards' expected growth)
PRODUCTION = 1.5       # future productions expected from a house, in units of its good
SITE = 0.15            # share of a reachable city's worth already counted while a colonist stands next to it
SITE_DECAY = 0.7       # each further city next to a colonist counts for less (one play builds only so much)
HAND_DECAY = 0.6       # each further card in hand counts for less (one card is played per turn)
HAND = {"ARCHITECT": 4.0, "PREFECT": 3.0, "SENATOR": 3.0, "COLONIST": 2.5, "MERCATOR": 2.0,
        "DIPLOMAT": 2.0, "CONSUL": 2.0, "SPECIALIST": 1.5, "TRIBUNE": 0.0}
OWNED = {"ARCHITECT": 1.5, "PREFECT": 1.25, "COLONIST": 1.0, "MERCATOR": 1.0, "CONSUL": 0.75,
         "DIPLOMAT": 0.75, "SENATOR": 0.5, "SPECIALIST": 0.5, "TRIBUNE": 0.0}
NEW_COLONIST = describe(COLONIST_COST)   # '1 food + 1 tools' (R-TRIB-3, R-COLO-1)
DONE_REASONS = {
    "ARCHITECT": "ends the Architect: no other house is worth its price now",
    "MERCATOR": "ends the Mercator: no other trade makes the storehouse better",
    "SENATOR": "ends the Senator: no other card is worth its price now",
    "CONSUL": "ends the Consul: no card is worth its price now",
    "TRIBUNE": f"ends the Tribune without a new colonist: not worth {NEW_COLONIST} now",
    "COLONIST": f"ends the Colonist: no other colonist is worth {NEW_COLONIST} now",
}


# --- public values -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Choice:
    """A bot's decision: a legal action for `state.actor` and a sentence saying why."""

    action: Action
    reason: str

    def __str__(self) -> str:
        return f"{self.action}  ({self.reason})"


@dataclass(frozen=True)
class Hint:
    """A candidate step for the player who must act: the step, why, the position once the card play
    is completed greedily (`result`), and its change to the "if the game ended now" score per god."""

    action: Action
    reason: str
    score_change: Mapping[str, int]
    total_change: int
    result: GameState
    value: float            # how much better the greedy level judges `result` than the current position

    def __str__(self) -> str:
        gods = ", ".join(f"{n:+d} {g.capitalize()}" for g, n in self.score_change.items() if n)
        return f"{self.action}: {self.reason} ({self.total_change:+d} points now{': ' + gods if gods else ''})"


class Bot:
    """A practice opponent: `choose(state)` returns a Choice for whoever must act in `state`."""

    level = "bot"

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, state: GameState) -> Choice:
        """A legal action for `state.actor` with a one-line reason; InvalidAction once the game is over."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} level={self.level!r} seed={self.seed}>"


def play_game(state: GameState, bots: Mapping[str, Bot] | list[Bot], max_steps: int = 50_000) -> GameState:
    """Let bots play from `state` to the end (a bot per player name, or a list in turn order)."""
    if not isinstance(bots, Mapping):
        bots = {p.name: b for p, b in zip(state.players, bots, strict=True)}
    for _ in range(max_steps):
        if state.over:
            return state
        state = apply(state, bots[state.actor].choose(state).action)
    raise RuntimeError(f"the game did not end within {max_steps} steps")


class RandomBot(Bot):
    """Picks any legal step, uniformly at random."""

    level = "random"

    def choose(self, state: GameState) -> Choice:
        options = _options(state)
        action = self._rng.choice(options)
        return Choice(action, f"picks one of {len(options)} legal steps at random: {_verb(action)}")


class GreedyBot(Bot):
    """Looks ahead within its own card play and plays the card whose completed play evaluates best."""

    level = "greedy"
    NOISE = 0.3   # random spread added to each card's value, so seeds give different games

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self._plan: list[tuple[GameState, Action, str]] = []

    def choose(self, state: GameState) -> Choice:
        _options(state)  # raises if the game is over
        for planned, action, reason in self._plan:
            if planned is state or planned == state:
                return Choice(action, reason)
        me = state.actor_index
        planner = Planner(state, me)
        if state.pending is None and not state.choices:
            plays = [(value + self.NOISE * self._rng.random(), line) for value, line in planner.plays(state)]
            line = max(plays, key=lambda p: p[0])[1]
        else:
            line = planner.finish(state)
        befores = [state] + [after for _, after in line[:-1]]
        self._plan = [(before, action, _describe(before, me, line[i:]))
                      for i, (before, (action, _)) in enumerate(zip(befores, line, strict=True))]
        return Choice(line[0][0], self._plan[0][2])


_BOTS: dict[str, type[Bot]] = {cls.level: cls for cls in (RandomBot, GreedyBot)}
LEVELS: tuple[str, ...] = tuple(_BOTS)


def make(level: str, seed: int = 0) -> Bot:
    """A bot of the given level ("random" or "greedy") with its own seeded random generator."""
    key = str(level).strip().lower()
    if key not in _BOTS:
        raise InvalidAction(f"unknown bot level {level!r}; levels are {', '.join(LEVELS)}")
    return _BOTS[key](seed)


# --- hints ---------------------------------------------------------------------------------------
def hints(state: GameState, top: int = 3) -> list[Hint]:
    """The `top` best candidate steps for the player who must act, best first by the greedy
    evaluation. A card play (or a sub-step) is completed greedily; its change to the "if the game
    ended now" score per god is the difference of score().by_god() between now and that completed
    position, kept as `Hint.result`."""
    options = _options(state)
    me = state.actor_index
    name = state.players[me].name
    planner = Planner(state, me)
    base = planner.evaluate(state)
    before = score(state, name).by_god()
    if state.pending is None and not state.choices:
        lines = planner.plays(state)
    else:
        lines = []
        for action in options:
            after = apply(state, action)
            line = [(action, after)] + planner.finish(after)
            lines.append((planner.evaluate(line[-1][1]), line))
    result: list[Hint] = []
    for value, line in lines:
        final = line[-1][1]
        after = score(final, name).by_god()
        change = MappingProxyType({god: after[god] - before[god] for god in before})
        result.append(Hint(line[0][0], _describe(state, me, line), change, sum(change.values()), final, value - base))
    result.sort(key=lambda h: -h.value)
    return result[:max(0, top)]


def _options(state: GameState) -> list[Action]:
    options = legal_actions(state)
    if not options:
        raise InvalidAction("the game is over: there is nothing left to choose")
    return options


# --- the greedy look-ahead -------------------------------------------------------------------------
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

    def outlook(self, state: GameState, breakdown: ScoreBreakdown | None = None) -> Outlook:
        """The player's prospects in `state`, judged with this look-ahead's clock and wanted goods."""
        return Outlook(state, self.me, self.r, self.wants, breakdown)

    def evaluate(self, state: GameState) -> float:
        """The "if the game ended now" score, plus (until the end is triggered) what the position
        promises for the rest of the game."""
        breakdown = score(state, state.players[self.me].name)
        if state.end_trigger is not None:
            return float(breakdown.total)
        return breakdown.total + self.outlook(state, breakdown).future() - self.rivals

    def plays(self, state: GameState) -> list[tuple[float, Line]]:
        """Each card of the hand that plays differently, its greedily completed play and its value."""
        seen: set[tuple] = set()
        result = []
        for play in legal_actions(state):
            c = _card(play.card)
            key = (c.kind, c.coins, c.good)
            if key not in seen:
                seen.add(key)
                after = apply(state, play)
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
        if state.pending.phase == "diplomat":
            return self._best_of(state, legal_actions(state), deep=True)
        kind = _card(state.pending.action).kind
        if kind == "ARCHITECT":
            return self._architect(state)
        if kind == "MERCATOR":
            return self._mercator(state)
        return self._best_of(state, legal_actions(state))

    def _best_of(self, state: GameState, options: list[Action], deep: bool = False) -> Line:
        """The option whose resulting position evaluates best, after the player's own storehouse
        choices (with `deep`: after completing the rest of the play)."""
        best: tuple[float, Line] | None = None
        for action in options:
            after = apply(state, action)
            line = [(action, after)] + (self.finish(after) if deep else self._own_choices(after))
            value = self.evaluate(line[-1][1])
            if best is None or value > best[0] + 1e-9:
                best = (value, line)
        return best[1]

    def _own_choices(self, state: GameState) -> Line:
        """Keep the incoming goods that leave the most valuable, balanced storehouse (R-STORE-2)."""
        line: Line = []
        while state.choices and state.actor_index == self.me:
            p = state.players[self.me]
            outlook = self.outlook(state)
            action = max(legal_actions(state), key=lambda k: outlook.econ(p.goods + k.goods, p.coins))
            state = apply(state, action)
            line.append((action, state))
        return line

    def _mercator(self, state: GameState) -> Line:
        """The best trade in at most two kinds (R-MERC-2), found by trying every pair of kinds and
        amounts: sell a surplus, buy what reachable houses and a wanted card need. Buy and sell
        prices are equal, so trading never changes the score; it only readies the storehouse."""
        p = state.players[self.me]
        outlook = self.outlook(state)
        traded = state.pending.kinds
        if len(traded) >= 2:
            pairs = [tuple(traded)]
        elif traded:
            pairs = [(traded[0], g) for g in GOODS if g != traded[0]]
        else:
            pairs = [(a, b) for i, a in enumerate(GOODS) for b in GOODS[i + 1:]]
        held, coins, waiting = p.goods, p.coins, p.waiting_total
        best: tuple[float, tuple[int, int], tuple[str, str]] = (outlook.econ(held, coins) + 0.05, (0, 0), pairs[0])
        for a, b in pairs:
            rest = outlook.goods_worth(held, skip=(a, b))
            others = held.total() - held[a] - held[b] + waiting
            ta, tb = outlook.table[a], outlook.table[b]
            for da in range(-held[a], BUY_LIMIT + 1):
                for db in range(-held[b], BUY_LIMIT + 1):
                    left = coins - da * PRICE[a] - db * PRICE[b]
                    used = others + held[a] + da + held[b] + db
                    if left < 0 or used > STOREHOUSE_SLOTS:
                        continue
                    value = outlook.coin * (rest + ta[held[a] + da] + tb[held[b] + db]
                                            + _coin_worth(left) - _crowding(STOREHOUSE_SLOTS - used))
                    if value > best[0]:
                        best = (value, (da, db), (a, b))
        trades = sorted((Trade(g, d) for g, d in zip(best[2], best[1], strict=True) if d), key=lambda t: t.amount)
        line: Line = []
        for action in trades + ([Done()] if not trades else []):
            state = apply(state, action)
            line.append((action, state))
        if state.pending is not None and state.actor_index == self.me and not state.pending.finished:
            state = apply(state, Done())
            line.append((Done(), state))
        return line

    def _architect(self, state: GameState) -> Line:
        """Move colonists (plan_moves), then build house by house while a house improves the
        evaluation (R-ARCH-5..10)."""
        line: Line = []
        if state.pending.phase == "move":
            for action in self.plan_moves(state):
                state = apply(state, action)
                line.append((action, state))
        while state.pending is not None and state.actor_index == self.me and not state.pending.finished:
            best: tuple[float, Action] = (self.evaluate(state), Done())
            for action in legal_actions(state):
                if isinstance(action, Build):
                    value = self.evaluate(apply(state, action))
                    if value > best[0] + 1e-9:
                        best = (value, action)
            state = apply(state, best[1])
            line.append((best[1], state))
        return line

    def plan_moves(self, state: GameState) -> list[Move]:
        """Architect moves (R-ARCH-1..4): first bring colonists next to the most valuable cities the
        player can afford now, then walk idle colonists toward good cities for later turns."""
        outlook = self.outlook(state)
        geo = outlook.geo
        m = load_map(state.map_id)
        p = state.players[self.me]
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
                need, price = architect.house_price(state, city)
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
                       if c in outlook.candidates and c not in planned)

        while steps > 0:  # then walk idle colonists toward good cities for later turns
            best = None
            for i, col in enumerate(positions):
                if i in serving:
                    continue
                here = site_value(col.where)
                for route, cost in sorted(m.reachable_routes(col.kind, col.where, steps, occupied).items()):
                    gain = site_value(route) - here - 0.05 * cost
                    if gain > 0.25 and (best is None or gain > best[0]):
                        best = (gain, i, route, cost)
            if best is None:
                break
            move(*best[1:])
            serving.add(best[1])
        return moves


def _reach(m: ConcordiaMap, geo: _Geo, positions: list[Colonist], serving: set[int], occupied: set[str],
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


# --- the evaluation ------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Geo:
    """Map facts the bot looks up often: route ends, city provinces, routes touching a city."""

    rome: str
    ends: Mapping[str, tuple[str, str]]
    province: Mapping[str, str]
    adjacent: Mapping[tuple[str, str], tuple[str, ...]]      # (kind, city) -> routes ending there
    provinces: int


@cache
def _geo(map_id: str) -> _Geo:
    m = load_map(map_id)
    adjacent: dict[tuple[str, str], list[str]] = {}
    for rid, route in m.routes.items():
        for end in route.ends:
            adjacent.setdefault((route.kind, end), []).append(rid)
    return _Geo(m.rome, {rid: r.ends for rid, r in m.routes.items()},
                {cid: c.province for cid, c in m.cities.items()},
                {k: tuple(v) for k, v in adjacent.items()}, len(m.provinces))


_card = cache(card)   # card facts by id, looked up often during the look-ahead


@cache
def _cards_for_sale(players: int) -> int:
    decks = decks_for(players)
    return sum(1 for c in cards_for_sale() if c.deck in decks)


def remaining(state: GameState) -> float:
    """How much of the game is left, from 1 (start) to 0 (the end is triggered): the smaller of the
    share of cards left for sale and the share of houses the furthest player has left (R-END-1)."""
    if state.end_trigger is not None or state.over:
        return 0.0
    cards = (sum(c is not None for c in state.display) + len(state.deck)) / _cards_for_sale(len(state.players))
    houses = 1 - max(len(p.houses) for p in state.players) / HOUSES_PER_PLAYER
    return max(0.0, min(cards, houses))


def _coin_worth(coins: int) -> float:
    return min(coins, RICH) + 0.5 * max(0, coins - RICH)


def _crowding(free: int) -> float:
    """Coins' worth lost when fewer than 2 storehouse slots are free for production (R-STORE-1)."""
    return 3.0 * max(0, 2 - free)


@cache
def _goods_table(wants: tuple[tuple[str, int], ...]) -> Mapping[str, tuple[float, ...]]:
    """Worth in coins of holding n units of each good: its price, plus WANTED for each unit wanted,
    and a little less for each unit beyond the wanted ones (a balanced storehouse)."""
    want = dict(wants)
    table = {}
    for good in GOODS:
        worth, row = 0.0, [0.0]
        for k in range(STOREHOUSE_SLOTS):
            extra = k - want.get(good, 0)
            worth += WANTED if extra < 0 else 0.0
            worth += PRICE[good] * max(0.5, 1.0 - 0.12 * max(0, extra))
            row.append(worth)
        table[good] = tuple(row)
    return MappingProxyType(table)


def evaluate(state: GameState, me: int) -> float:
    """The greedy level's worth of a position for player `me` (see Planner.evaluate)."""
    return Planner(state, me).evaluate(state)


class Outlook:
    """What a position promises one player for the rest of the game (the evaluation's estimates),
    given the share `r` of the game still to come and the goods the player wants."""

    def __init__(self, state: GameState, me: int, r: float, wants: Mapping[str, int] | None = None,
                 breakdown: ScoreBreakdown | None = None) -> None:
        self.state = state
        self.player = p = state.players[me]
        self.geo = _geo(state.map_id)
        self.r = r
        self.coin = COIN * min(1.0, 2.0 * r)
        breakdown = breakdown or score(state, p.name)
        self.per_card = {line.god: line.per_card for line in breakdown.lines if line.god != "minerva"}
        self.gods = Counter(_card(c).god for c in p.cards)
        self.minerva: Counter[str] = Counter()
        for cid in p.cards:
            c = _card(cid)
            if c.kind == "SPECIALIST":
                self.minerva[c.good] += c.points_per_house
        self.provinces = {self.geo.province[h] for h in p.houses}
        self.kinds = {state.city_goods[h] for h in p.houses}
        self.candidates = [c for c in self.geo.province if c not in p.houses]
        self._wants = wants
        self._table: Mapping[str, tuple[float, ...]] | None = None
        self._growth: dict[str, float] | None = None

    # -- houses and cities --
    def house_gain(self, city: str) -> float:
        """Points a house in `city` adds now (R-SCORE-3..7), what it will count for cards bought
        later, and its future production."""
        good = self.state.city_goods[city]
        new_province = self.geo.province[city] not in self.provinces
        new_kind = good not in self.kinds
        now = (self.gods["jupiter"] * (good != "brick") + self.gods["saturnus"] * new_province
               + 2 * self.gods["mercurius"] * new_kind + self.minerva[good])
        later = (LATER["jupiter"] * (good != "brick") + LATER["saturnus"] * new_province
                 + LATER["mercurius"] * new_kind + PRODUCTION * PRICE[good] * COIN)
        return now + self.r * later

    def desire(self, city: str) -> float:
        """How much the player would like a house in `city`: its gain less its price."""
        need, price = architect.house_price(self.state, city)
        return self.house_gain(city) - self.coin * (need.value() + price)

    def _near(self, depth: int) -> list[str]:
        """Cities (not Rome, without an own house) one route from where the colonists stand (next to
        their route, or one step from their city), and `depth - 1` routes further; sorted."""
        geo, houses = self.geo, set(self.player.houses)
        frontier: set[str] = set()
        for col in self.player.colonists:
            if col.on_route:
                frontier.update(geo.ends[col.where])
            else:
                frontier.update(end for r in geo.adjacent.get((col.kind, col.where), ()) for end in geo.ends[r])
        cities: set[str] = set()
        for _ in range(depth):
            cities |= frontier
            frontier = {end for city in frontier for kind in ("land", "sea")
                        for r in geo.adjacent.get((kind, city), ()) for end in geo.ends[r]} - cities
        return sorted(cities - houses - {geo.rome})

    # -- goods and coins --
    @property
    def wants(self) -> Mapping[str, int]:
        """Goods worth holding: brick and food for any house, the goods of the best cities near the
        colonists, 1 food + 1 tools while a colonist waits, and the price of the best display card."""
        if self._wants is None:
            wants = Counter({"brick": 2, "food": 1})
            if self.player.waiting_total:
                wants.update(dict(COLONIST_COST))
            for city in sorted(self._near(2), key=lambda c: (-self.desire(c), c))[:3]:
                wants.update(dict(architect.house_price(self.state, city)[0]))
            price = self._wanted_card()
            if price is not None:
                wants.update(dict(price))
            self._wants = MappingProxyType({g: min(n, 3) for g, n in wants.items()})
        return self._wants

    def _wanted_card(self) -> Goods | None:
        """The price of the display card most worth its price, if any is."""
        best = None
        for slot, cid in enumerate(self.state.display, start=1):
            if cid is not None:
                price = senator.price(self.state, slot, "brick", False)
                value = self.card_worth(cid) - self.coin * price.value()
                if value > 0 and (best is None or value > best[0]):
                    best = (value, price)
        return None if best is None else best[1]

    @property
    def table(self) -> Mapping[str, tuple[float, ...]]:
        """Worth in coins of holding 0..12 units of each good (see econ)."""
        if self._table is None:
            self._table = _goods_table(tuple(sorted(self.wants.items())))
        return self._table

    def goods_worth(self, goods: Goods, skip: tuple[str, ...] = ()) -> float:
        """Worth in coins of the goods (those of the `skip` kinds left out)."""
        table = self.table
        return sum(table[g][goods[g]] for g in GOODS if g not in skip)

    def econ(self, goods: Goods, coins: int) -> float:
        """Coins and goods as building material, in points: wanted goods above their price, a
        surplus of one kind below it, a hoard of coins at half, and a penalty for a storehouse too
        full to take in production (R-STORE-1)."""
        free = STOREHOUSE_SLOTS - goods.total() - self.player.waiting_total
        return self.coin * (_coin_worth(coins) + self.goods_worth(goods) - _crowding(free))

    # -- cards --
    def growth(self, god: str) -> float:
        """Points one card of `god` is expected to gain by the end, beyond what it counts now."""
        if self._growth is None:
            built = HOUSES_AHEAD * self.r
            self._growth = {
                "vesta": 1.5 * self.r,
                "jupiter": 0.7 * built,
                "saturnus": min(self.geo.provinces - len(self.provinces), 0.5 * built),
                "mercurius": 2 * min(len(GOODS) - len(self.kinds), 0.35 * built),
                "mars": 2 * min(self.player.waiting_total, 2 * self.r),
                "minerva": 0.2 * built,
            }
        return self._growth[god]

    def card_worth(self, cid: str) -> float:
        """What owning a card would add: its god's points now and expected, and its action."""
        c = _card(cid)
        if c.kind == "SPECIALIST":
            houses = sum(self.state.city_goods[h] == c.good for h in self.player.houses)
            points = c.points_per_house * (houses + self.growth("minerva"))
        else:
            points = self.per_card.get(c.god, 0) + self.growth(c.god)
        return points + self.r * (OWNED[c.kind] + HAND[c.kind])

    # -- the whole estimate --
    def future(self) -> float:
        """Everything beyond the current score that the position is worth."""
        p, r, state = self.player, self.r, self.state
        kinds = [_card(c) for c in p.cards]
        value = self.econ(p.goods, p.coins)
        value += sum(self.growth(c.god) * (c.points_per_house if c.kind == "SPECIALIST" else 1) for c in kinds)
        value += r * sum(OWNED[c.kind] for c in kinds)
        goods_of_houses = [state.city_goods[h] for h in p.houses]
        value += r * (PRODUCTION * COIN * sum(PRICE[g] for g in goods_of_houses)
                      + LATER["jupiter"] * sum(g != "brick" for g in goods_of_houses)
                      + LATER["saturnus"] * len(self.provinces) + LATER["mercurius"] * len(self.kinds))
        value += r * 1.5 * len(p.colonists)
        near = sorted((max(0.0, self.desire(c)) for c in self._near(1)), reverse=True)
        value += SITE * sum(v * SITE_DECAY ** i for i, v in enumerate(near))
        ready = sorted((HAND[_card(c).kind] for c in p.hand), reverse=True)
        value += min(1.0, 0.2 + 2 * r) * sum(v * HAND_DECAY ** i for i, v in enumerate(ready))
        return value


# --- reasons -------------------------------------------------------------------------------------
def _card_name(cid: str) -> str:
    return str(_card(cid))


def _listing(items: list[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _gains(before: GameState, after: GameState, me: int) -> str:
    """What the player received between two positions: goods and coins, as text."""
    p0, p1 = before.players[me], after.players[me]
    goods = p1.goods - p0.goods
    parts = [describe(Goods({g: max(0, n) for g, n in goods.items()}))] if any(n > 0 for n in goods.values()) else []
    if p1.coins > p0.coins:
        parts.append(_plural(p1.coins - p0.coins, "coin"))
    return " and ".join(parts) or "nothing"


def _points(before: GameState, after: GameState, me: int) -> str:
    name = before.players[me].name
    diff = score(after, name).total - score(before, name).total
    return f" ({diff:+d} point{'s' * (abs(diff) != 1)} now)" if diff else ""


def _houses_reason(before: GameState, after: GameState, me: int) -> str:
    """What the houses built between two positions bring the player's gods, read off the scoring
    counts (R-SCORE-3..7), e.g. '+1 province for Saturnus, tools for Mercurius'."""
    name = before.players[me].name
    c0, c1 = counts(before, name), counts(after, name)
    gods = Counter(_card(c).god for c in after.players[me].cards)
    kinds = {after.city_goods[h] for h in after.players[me].houses} - {before.city_goods[h] for h in before.players[me].houses}
    minerva = score(after, name).by_god()["minerva"] - score(before, name).by_god()["minerva"]
    non_brick = c1["non_brick_houses"] - c0["non_brick_houses"]
    provinces = c1["provinces"] - c0["provinces"]
    parts = []
    if non_brick and gods["jupiter"]:
        parts.append(("a non-brick house" if non_brick == 1 else f"{non_brick} non-brick houses") + " for Jupiter")
    if provinces:
        parts.append(f"+{_plural(provinces, 'province')} for Saturnus")
    if kinds:
        parts.append(f"{_listing(sorted(kinds, key=GOODS.index))} for Mercurius")
    if minerva:
        parts.append(f"+{minerva} for Minerva")
    return ", ".join(parts) or "houses for the gods bought later"


def _trade_text(action: Trade) -> str:
    verb = "buys" if action.amount > 0 else "sells"
    return f"{verb} {abs(action.amount)} {action.good} for {abs(action.amount) * PRICE[action.good]} coins"


def _verb(action: Action) -> str:
    """A short plain description of one action (for the random level)."""
    if isinstance(action, PlayCard):
        return f"plays the {_card_name(action.card)}"
    if isinstance(action, Trade):
        return _trade_text(action)
    if isinstance(action, Keep):
        return f"keeps {describe(action.goods)}"
    return str(action)


def _describe(state: GameState, me: int, line: Line) -> str:
    """One line for the first step of `line` (the rest of the planned play): a card play is summed
    up with what its steps achieve; a sub-step says what it does and what for."""
    action, after = line[0]
    if isinstance(action, PlayCard):
        return f"plays the {_card_name(action.card)} {_effect(state, me, line)}{_points(state, line[-1][1], me)}"
    return _describe_step(state, me, action, after, line)


def _effect(state: GameState, me: int, line: Line) -> str:
    """What the steps of a play do, as a phrase ('to build in X: ...')."""
    first = line[0][0]
    c = _card(first.card) if isinstance(first, PlayCard) else None
    actions = [a for a, _ in line]
    final = line[-1][1]
    p = state.players[me]
    if c is not None and c.kind == "TRIBUNE":
        returned = len(p.discard) + 1
        bonus = max(0, returned - game_constants()["tribune_free_cards"])  # R-TRIB-2
        text = f"to take back {returned} cards" + (f" and {_plural(bonus, 'coin')}" if bonus else "")
        recruits = [a.kind for a in actions if isinstance(a, Recruit)]
        return text + (f", paying {NEW_COLONIST} for a {recruits[0]} colonist in Rome" if recruits else "")
    if c is not None and c.kind == "SPECIALIST":
        return f"so its {c.good} houses produce {_gains(state, final, me)}"
    copies = [a for a in actions if isinstance(a, Copy)]
    if copies:
        target = state.player(copies[0].player).top_card
        rest = [(a, s) for a, s in line if not isinstance(a, (PlayCard, Copy))]
        return f"to copy {copies[0].player}'s {_card_name(target)}" + (f", {_effect(state, me, rest)}" if rest else "")
    builds = [a.city for a in actions if isinstance(a, Build)]
    moves = sum(isinstance(a, Move) for a in actions)
    if builds:
        moved = f"move {_plural(moves, 'colonist')} and " if moves else ""
        return f"to {moved}build in {_listing(builds)}: {_houses_reason(state, final, me)}"
    if moves:
        return f"to move {_plural(moves, 'colonist')} next to cities for later turns"
    produce = [a for a in actions if isinstance(a, Produce)]
    if produce:
        return f"to produce in {produce[0].province}: {_gains(state, final, me)} for itself"
    if any(isinstance(a, Collect) for a in actions):
        return f"to collect {_plural(final.players[me].coins - p.coins, 'coin')} from the bonus tiles"
    trades = [_trade_text(a) for a in actions if isinstance(a, Trade)]
    if c is not None and c.kind == "MERCATOR":
        return f"for {c.coins} coins" + (f", then {_listing(trades)}" if trades else "")
    if trades:
        return _listing(trades)
    bought = [_card_name(state.display[a.slot - 1]) for a in actions if isinstance(a, Purchase)]
    if bought:
        return f"to buy the {' and the '.join(bought)}"
    places = [f"a {a.kind} colonist in {a.city}" for a in actions if isinstance(a, Place)]
    if places:
        return f"to place {_listing(places)}"
    if any(isinstance(a, Income) for a in actions):
        return f"for {_plural(final.players[me].coins - p.coins, 'coin')} of income"
    return "as nothing better can be done"


def _describe_step(state: GameState, me: int, action: Action, after: GameState, line: Line) -> str:
    """One line for a single sub-step of a play (`line` is the rest of the play, from this step)."""
    p = state.players[me]
    if isinstance(action, Move):
        ends = _geo(state.map_id).ends[action.route]
        later = [a.city for a, _ in line if isinstance(a, Build) and a.city in ends]
        goal = f"to build in {_listing(later)}" if later else f"next to {' and '.join(ends)} for later turns"
        return f"moves its colonist from {action.start} to {action.route} {goal}"
    if isinstance(action, Build):
        need, coins = architect.house_price(state, action.city)
        return (f"builds in {action.city} for {describe(need)} + {coins} coins: "
                f"{_houses_reason(state, after, me)}{_points(state, after, me)}")
    if isinstance(action, Done):
        return DONE_REASONS.get(_card(state.pending.action).kind, "ends the play: nothing more is worth doing now")
    if isinstance(action, Keep):
        return f"keeps {describe(action.goods)}: the goods most worth the free storehouse slots"
    if isinstance(action, Trade):
        why = "goods that houses and cards need" if action.amount > 0 else "a surplus turned into coins"
        return f"{_trade_text(action)}: {why}"
    if isinstance(action, Purchase):
        cid = state.display[action.slot - 1]
        price = senator.price(state, action.slot, action.wild, _card(state.pending.action).kind == "CONSUL")
        return (f"buys the {_card_name(cid)} from slot {action.slot} for {describe(price)}: "
                f"one more card for {_card(cid).god.capitalize()}{_points(state, after, me)}")
    if isinstance(action, Produce):
        return f"produces in {action.province}: {_gains(state, after, me)} for itself"
    if isinstance(action, Collect):
        return f"collects {_plural(after.players[me].coins - p.coins, 'coin')} from the bonus tiles on their coin side"
    if isinstance(action, Copy):
        target = state.player(action.player).top_card
        rest = line[1:]
        return f"copies {action.player}'s {_card_name(target)}" + (f" {_effect(state, me, rest)}" if rest else "")
    if isinstance(action, Place):
        return f"pays {NEW_COLONIST} to place a {action.kind} colonist in {action.city}: 2 points per Mars card"
    if isinstance(action, Recruit):
        return f"pays {NEW_COLONIST} to bring a {action.kind} colonist to Rome: more steps and Mars points"
    if isinstance(action, Income):
        return f"takes {_plural(after.players[me].coins - p.coins, 'coin')} of income"
    return str(action)


__all__ = ["Bot", "Choice", "GreedyBot", "Hint", "LEVELS", "Outlook", "RandomBot", "evaluate", "hints", "make",
           "play_game", "remaining"]
