"""Helpers for the rule tests: build hand-made positions, drive them, play seeded random games,
check the invariants that hold after every action, and list candidate actions (legal or not); and for the lesson
tests, a wrong answer's verdict."""
from __future__ import annotations

import importlib.util
import json
import random
import types
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from itertools import combinations_with_replacement
from pathlib import Path

import concordia_core as cc
from concordia_core.cards import all_cards
from concordia_core.state import GameState

ROOT = Path(__file__).resolve().parents[1]
"""The repository's root folder."""
NAMES = ["Aiko", "Ben", "Chloe", "Dario", "Emil"]
STOREHOUSE = 12
HOUSES = 15
PER_KIND = 3


def load_script(name: str) -> types.ModuleType:
    """A script of scripts/ as a module (the scripts are not a package): load_script("catalog")."""
    path = ROOT / "scripts" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"script_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- positions -------------------------------------------------------------------------------------
def new_state(map_name: str = "italia", players: Iterable[str] = ("Aiko", "Ben"), seed: int = 7,
              first_player: str | None = "Aiko", first_game: bool = False) -> GameState:
    """The state right after setup; players in turn order from `first_player`."""
    return cc.new_game(map_name, list(players), seed=seed, first_player=first_player,
                       first_game=first_game).state


def idx(state: GameState, who: int | str) -> int:
    return who if isinstance(who, int) else state.index_of(who)


def setp(state: GameState, who: int | str, **changes) -> GameState:
    """Change one player's fields. Accepts plain dicts/lists: goods {good: n}, houses [cities],
    colonists [(kind, where)], waiting {"land": n, "sea": n}, hand/discard [card ids]."""
    if "goods" in changes and not isinstance(changes["goods"], cc.Goods):
        changes["goods"] = cc.Goods(changes["goods"])
    if "houses" in changes:
        changes["houses"] = tuple(sorted(changes["houses"]))
    if "colonists" in changes:
        changes["colonists"] = tuple(sorted(c if isinstance(c, cc.Colonist) else cc.Colonist(*c)
                                            for c in changes["colonists"]))
    if "waiting" in changes:
        waiting = {"land": 0, "sea": 0}
        waiting.update(changes["waiting"])
        changes["waiting"] = types.MappingProxyType(waiting)
    for key in ("hand", "discard"):
        if key in changes:
            changes[key] = tuple(changes[key])
    return state.with_player(idx(state, who), **changes)


def set_city_goods(state: GameState, changes: Mapping[str, str]) -> GameState:
    goods = dict(state.city_goods)
    goods.update(changes)
    return replace(state, city_goods=types.MappingProxyType(goods))


def run(state: GameState, *actions: str | cc.Action) -> GameState:
    """Apply actions one after the other."""
    for action in actions:
        state = cc.apply(state, action)
    return state


def legal(state: GameState) -> list[str]:
    return [str(a) for a in cc.legal_actions(state)]


def player(state: GameState, who: int | str):
    return state.players[idx(state, who)]


def snapshot(state: GameState) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


def board(state: GameState) -> cc.ConcordiaMap:
    return cc.load_map(state.map_id)


def game_at(state: GameState) -> cc.Game:
    """A Game whose starting position is `state` (a hand-made position)."""
    return cc.Game.from_state(state)


# --- invariants ------------------------------------------------------------------------------------
def check_invariants(state: GameState, cards_at_setup: Counter) -> None:
    """Everything that must hold after every action (R-STORE-1, R-END-2, R-ARCH-4/6, R-COLO-2, ...)."""
    m = board(state)
    n = len(state.players)
    assert 0 <= state.praefectus < n, "exactly one Praefectus Magnus holder"
    on_routes: Counter = Counter()
    for p in state.players:
        assert p.coins >= 0, f"{p.name} has negative coins"
        assert min(p.goods.values()) >= 0, f"{p.name} has negative goods {p.goods!r}"
        assert p.waiting["land"] >= 0
        assert p.waiting["sea"] >= 0
        assert p.goods.total() + p.waiting_total <= STOREHOUSE, f"{p.name}'s storehouse overflows"
        assert len(p.houses) <= HOUSES
        assert len(set(p.houses)) == len(p.houses), f"{p.name} has two houses in one city"
        assert m.rome not in p.houses
        assert all(h in m.cities for h in p.houses)
        for kind in ("land", "sea"):
            on_map = len(p.colonists_of(kind))
            assert on_map + p.waiting[kind] == PER_KIND, f"{p.name} has {on_map}+{p.waiting[kind]} {kind} colonists"
        for c in p.colonists:
            if c.on_route:
                assert c.where in m.routes
                assert m.routes[c.where].kind == c.kind
                on_routes[c.where] += 1
            else:
                assert c.where == m.rome or c.where in m.cities
    crowded = [r for r, k in on_routes.items() if k > 1]
    assert not crowded, f"two colonists end on {crowded}"
    cards = Counter(state.deck)
    cards.update(c for c in state.display if c)
    for p in state.players:
        cards.update(p.hand)
        cards.update(p.discard)
    assert cards == cards_at_setup, "cards are not conserved (hands + discards + display + deck)"
    assert sum(p.concordia for p in state.players) == (0 if state.end_trigger is None else 1)
    if state.over:
        assert state.end_trigger is not None
        assert not state.choices
        assert state.pending is None


# --- random games ----------------------------------------------------------------------------------
TABLES = [("italia", 2), ("italia", 3), ("italia", 4), ("imperium", 3), ("imperium", 4), ("imperium", 5)]


def random_game(map_name: str, n: int, seed: int, *, first_game: bool = False, max_steps: int = 20000,
                on_step: Callable[[GameState, GameState, cc.Action], None] | None = None) -> cc.Game:
    """Play a seeded random game to its end through Game.legal_actions() and Game.play()."""
    rng = random.Random(seed * 7919 + n)
    g = cc.new_game(map_name, NAMES[:n], seed=seed, first_game=first_game)
    for _ in range(max_steps):
        if g.state.over:
            return g
        options = g.legal_actions()
        assert options, "a game that is not over always has a legal action"
        before = g.state
        action = rng.choice(options)
        g.play(action)
        if on_step is not None:
            on_step(before, g.state, action)
    raise AssertionError(f"{map_name} {n}p seed {seed}: not over after {max_steps} steps")


# --- candidate actions (legal or not) -----------------------------------------------------------------
def keep_multisets(max_total: int = 3) -> list[cc.Goods]:
    result = [cc.Goods()]
    for total in range(1, max_total + 1):
        for combo in combinations_with_replacement(cc.GOODS, total):
            result.append(cc.Goods.of(combo))
    return result


_KEEPS = keep_multisets(3)


def candidate_actions(state: GameState) -> list[cc.Action]:
    """A broad set of actions, most of them illegal in any given position."""
    m = board(state)
    cities = sorted(m.cities) + [m.rome]
    out: list[cc.Action] = [cc.PlayCard(cid) for cid in sorted(all_cards())]
    starts = sorted({c.where for p in state.players for c in p.colonists} | {m.rome})
    for start in starts:
        out.extend(cc.Move(start, r) for r in sorted(m.routes))
    out.extend(cc.Build(c) for c in cities)
    out.extend(cc.Produce(p) for p in sorted(m.provinces))
    for good in cc.GOODS:
        for amount in (1, 2, 3):
            out.append(cc.Trade(good, amount))
            out.append(cc.Trade(good, -amount))
    out.extend(cc.Copy(p.name) for p in state.players)
    for slot in range(1, 8):
        out.append(cc.Purchase(slot))
        out.extend(cc.Purchase(slot, g) for g in cc.GOODS)
    for kind in ("land", "sea"):
        out.extend(cc.Place(kind, c) for c in cities)
        out.append(cc.Recruit(kind))
    out.extend(cc.Keep(k) for k in _KEEPS)
    out.extend([cc.Done(), cc.Collect(), cc.Income()])
    return out


def refused(state: GameState, action, rule: str) -> str:
    """Assert the action is refused with `rule` and the state is unchanged; return the message."""
    import pytest
    before = snapshot(state)
    with pytest.raises(cc.IllegalAction) as info:
        cc.apply(state, action)
    assert info.value.rule == rule, str(info.value)
    assert snapshot(state) == before
    return str(info.value)


def judge_claims(players: int) -> dict:
    """How the judge turns what it measured into claims at a table of `players`, per stage, as
    concordia_core/data/value.json ships them (read here, not through the judge)."""
    data = json.loads((ROOT / "concordia_core" / "data" / "value.json")
                      .read_text(encoding="utf-8"))
    return data["judge"]["2" if players <= 2 else "3"]


def horizon_claim(state: GameState, line: Iterable[cc.Action], deck: GameState, me: int, horizon: int,
                  spread: str | None = None) -> float:
    """One deck sample's claim of a line the judge played out to its horizon: the shipped weights times the
    fitted value at the line's end (as the player knows it), after 8 turns of every seat's greedy play and
    after `horizon` turns; with `spread`, every seat plays with the greedy level's random spread drawn from a
    generator seeded by it."""
    import random

    from concordia_core.bots.hidden import seen_by
    from concordia_core.bots.search import greedy_turns, replay
    from concordia_core.bots.value import expected_margin

    start = replay(deck, [(a, None) for a in line])
    own = expected_margin(replay(seen_by(state, me), [(a, None) for a in line]), me)
    if spread is None:
        midway, far = (expected_margin(greedy_turns(start, turns), me) for turns in (8, horizon))
    else:
        draws = random.Random(spread)
        after = greedy_turns(start, 8, spread=draws)
        midway, far = expected_margin(after, me), expected_margin(greedy_turns(after, horizon - 8, spread=draws), me)
    fitted = judge_claims(len(state.players))["horizon"]
    w = fitted["weights"]
    return float(fitted["intercept"] + w[0] * own + w[1] * midway + w[2] * far)


def screen_claim(state: GameState, line: Iterable[cc.Action], deck: GameState, me: int, turns: int) -> float:
    """One deck sample's claim of a line the judge only screened: the shipped weights times the fitted value
    after `turns` turns of every seat's greedy play from the line's end."""
    from concordia_core.bots.search import greedy_turns, replay
    from concordia_core.bots.value import expected_margin

    after = expected_margin(greedy_turns(replay(deck, [(a, None) for a in line]), turns), me)
    fitted = judge_claims(len(state.players))["screen"]
    return float(fitted["intercept"] + fitted["weights"][0] * after)


def assert_best_first(hints: list) -> None:
    """Hints come best first: in the middle of a play hint 1 goes on with the play the turn's first hint began
    unless another step is better beyond noise, so a later hint valued higher is within noise of it (about as
    good); the others are in order of value."""
    assert [h.value for h in hints[1:]] == sorted((h.value for h in hints[1:]), reverse=True)
    assert all(h.about_equal for h in hints[1:] if h.value > hints[0].value)


# --- lesson exercises ------------------------------------------------------------------------------
def assert_wrong(verdict, *words: str) -> None:
    """An exercise checker's verdict rejects the answer, and its message names each of `words` (the mistake, its
    rule)."""
    assert not verdict, verdict.message
    for word in words:
        assert word in verdict.message, f"{word!r} not in {verdict.message!r}"
