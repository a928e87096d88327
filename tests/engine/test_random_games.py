"""Seeded random complete games: invariants after every action, legal actions always playable,
illegal candidates always refused, and every game reaching its end with a full ranking."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import TABLES, candidate_actions, check_invariants, random_game
from hypothesis import given, settings
from hypothesis import strategies as st

import concordia_core as cc

pytestmark = pytest.mark.slow  # random whole games (see the markers in pyproject.toml)

SEEDS_PER_TABLE = 34          # 6 tables x 34 seeds = 204 complete games checked step by step
FULL_CHECK_SEEDS = 1          # of which these also play every listed action at every position
GAMES = [(m, n, seed) for m, n in TABLES for seed in range(SEEDS_PER_TABLE)]


def _ids(game: tuple[str, int, int]) -> str:
    m, n, seed = game
    return f"{m}-{n}p-seed{seed}"


def _checked_game(map_name: str, n: int, seed: int, every_legal: bool, first_game: bool = False) -> cc.Game:
    g0 = cc.new_game(map_name, ["Aiko", "Ben", "Chloe", "Dario", "Emil"][:n], seed=seed, first_game=first_game)
    cards = Counter(g0.state.all_cards_in_play())
    check_invariants(g0.state, cards)
    sample = random.Random(seed)

    def on_step(before, after, action) -> None:
        check_invariants(after, cards)
        if after.over:
            return
        options = cc.legal_actions(after)
        assert options
        if every_legal:
            for option in options:
                check_invariants(cc.apply(after, option), cards)
        elif sample.random() < 0.25:
            cc.apply(after, sample.choice(options))

    g = random_game(map_name, n, seed, first_game=first_game, on_step=on_step)
    assert g.state.over
    return g


@pytest.mark.parametrize("game", GAMES, ids=_ids)
def test_random_game_invariants_after_every_action(game):
    map_name, n, seed = game
    g = _checked_game(map_name, n, seed, every_legal=seed < FULL_CHECK_SEEDS)
    s = g.state
    ranking = cc.final_ranking(s)
    assert sorted(ranking) == sorted(p.name for p in s.players)
    assert len(ranking) == n
    # R-END-1: the Concordia card went to exactly the player who ended the game
    assert s.end_trigger is not None
    assert s.players[s.end_trigger].concordia
    # after the end nothing is legal and everything is refused
    assert g.legal_actions() == []
    with pytest.raises(cc.IllegalAction):
        g.play(cc.Done())
    totals = [cc.score(s, p.name).total for p in s.players]
    assert [cc.score(s, name).total for name in ranking] == sorted(totals, reverse=True)


@pytest.mark.parametrize("map_name,n", [("italia", 3), ("imperium", 4)])
@pytest.mark.parametrize("seed", [101, 202])
def test_random_first_game_pays_intermediate_prizes_at_most_once(map_name, n, seed):
    g = _checked_game(map_name, n, seed, every_legal=False, first_game=True)
    payouts = {str(step.state.mid_payout) for step in g.history if step.state.mid_payout is not None}
    assert len(payouts) <= 1  # R-MID-3: paid once, the records never change afterwards


def _sampled_positions(map_name: str, n: int, seed: int, count: int) -> list:
    g = random_game(map_name, n, seed)
    states = [g.initial] + [step.state for step in g.history if not step.state.over]
    rng = random.Random(seed * 31 + n)
    return rng.sample(states, min(count, len(states)))


@pytest.mark.parametrize("map_name,n", TABLES)
@pytest.mark.parametrize("seed", [3, 17])
def test_candidates_outside_legal_actions_are_refused_and_inside_accepted(map_name, n, seed):
    for state in _sampled_positions(map_name, n, seed, 8):
        listed = set(cc.legal_actions(state))
        for action in candidate_actions(state):
            if action in listed:
                cc.apply(state, action)  # must not raise
            else:
                with pytest.raises(cc.ConcordiaError):
                    cc.apply(state, action)
        for action in listed:  # legal actions not among the candidates are accepted too
            cc.apply(state, action)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31 - 1), table=st.sampled_from(TABLES))
def test_hypothesis_random_games_keep_invariants(seed, table):
    map_name, n = table
    g = _checked_game(map_name, n, seed, every_legal=False)
    assert len(cc.final_ranking(g.state)) == n


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**6), pick=st.integers(min_value=0, max_value=10**6))
def test_hypothesis_illegal_candidates_refused(seed, pick):
    g = random_game("italia", 3, seed)
    states = [g.initial] + [step.state for step in g.history if not step.state.over]
    state = states[pick % len(states)]
    listed = set(cc.legal_actions(state))
    for action in candidate_actions(state):
        if action not in listed:
            with pytest.raises(cc.ConcordiaError):
                cc.apply(state, action)


def test_same_seed_same_game():
    a = random_game("imperium", 4, 5)
    b = random_game("imperium", 4, 5)
    assert [str(s.action) for s in a.history] == [str(s.action) for s in b.history]
    assert a.state == b.state


def _oracle(before, after, action) -> None:
    """Re-derive the effect of one action on the acting player from the rule text (docs/rules.md) and compare."""
    from concordia_core.cards import card

    if before.choices:
        return
    i = before.turn
    n = len(before.players)
    p, q = before.players[i], after.players[i]
    m = cc.load_map(before.map_id)
    if isinstance(action, cc.PlayCard):
        kind = card(action.card).kind
        if kind == "TRIBUNE":  # R-TRIB-1/2 (no first-game prizes in these games)
            assert q.coins == p.coins + max(0, len(p.discard) + 1 - 3)
            assert sorted(q.hand) == sorted(p.hand + p.discard)
        elif kind == "MERCATOR":  # R-MERC-1
            assert q.coins == p.coins + (5 if card(action.card).purchased else 3)
    elif isinstance(action, cc.Copy):  # R-DIPL-1
        top = before.player(action.player).top_card
        assert card(top).kind not in ("DIPLOMAT", "TRIBUNE")
        assert action.player != p.name
        if card(top).kind == "MERCATOR":
            assert q.coins == p.coins + (5 if card(top).purchased else 3)
    elif isinstance(action, cc.Trade):  # R-MERC-2: buy price = sell price
        assert q.coins == p.coins - action.amount * cc.PRICE[action.good]
        assert q.goods[action.good] == p.goods[action.good] + action.amount
    elif isinstance(action, cc.Build):  # R-ARCH-7/8
        good = before.city_goods[action.city]
        coins = {"brick": 1, "food": 2, "tools": 3, "wine": 4, "cloth": 5}[good] * (before.houses_in(action.city) + 1)
        goods = cc.Goods({"food": 1}) if good == "brick" else cc.Goods({"brick": 1, good: 1})
        assert q.coins == p.coins - coins
        assert q.goods == p.goods - goods
        assert action.city in q.houses
        assert len(q.houses) == len(p.houses) + 1
    elif isinstance(action, cc.Produce):  # R-PREF-1/3
        holder = before.praefectus == i
        assert after.praefectus == ((i - 1) % n if holder else before.praefectus)
        assert action.province in after.coin_side
        if not after.choices:
            own = sum(1 for c in m.provinces[action.province].cities if c in p.houses)
            gained = (2 if holder else 1) + own
            assert q.goods.total() == min(p.goods.total() + gained, 12 - p.waiting_total)
    elif isinstance(action, cc.Collect):  # R-PREF-4
        assert q.coins == p.coins + sum(before.bonus_tiles[x].coins for x in before.coin_side)
        assert after.coin_side == frozenset()
        assert after.praefectus == before.praefectus
    elif isinstance(action, cc.Recruit):  # R-TRIB-3
        assert q.goods == p.goods - cc.Goods({"food": 1, "tools": 1})
        assert q.waiting[action.kind] == p.waiting[action.kind] - 1
        assert cc.Colonist(action.kind, m.rome) in q.colonists
    elif isinstance(action, cc.Income):  # R-COLO-1b
        assert q.coins == p.coins + 5 + len(p.colonists)


@pytest.mark.parametrize("map_name,n", TABLES)
@pytest.mark.parametrize("seed", [41, 42, 43])
def test_random_game_effects_match_the_rules(map_name, n, seed):
    g = random_game(map_name, n, seed, on_step=_oracle)
    assert g.state.over
