"""The numbers the bots judge by: the look-ahead's own score counting equals score() in every
position of seeded games on both maps; house prices are the rules' own; the fitted value's parts by god
add up; what a seat sees hides exactly the deck's order, and sampled decks are consistent with it."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

import concordia_core as cc
from concordia_core import bots
from concordia_core.bots.evaluation import points, remembered_house_price
from concordia_core.bots.value import by_god, expected_margin, margin

GAMES = [("italia", ["greedy", "random"], 1, False), ("imperium", ["random", "greedy", "easy"], 2, True),
         ("italia", ["greedy", "greedy", "random", "random"], 3, False),
         ("imperium", ["random", "greedy", "random", "greedy", "random"], 4, False)]


def _positions(map_name: str, levels: list[str], seed: int, first_game: bool) -> list[cc.GameState]:
    names = [f"P{i}" for i in range(len(levels))]
    state = cc.new_game(map_name, names, seed=seed, first_game=first_game).state
    seated = {n: bots.make(level, seed * 10 + i) for i, (n, level) in enumerate(zip(names, levels, strict=True))}
    found = [state]
    while not state.over:
        state = cc.apply(state, seated[state.actor].choose(state).action)
        found.append(state)
    return found


@pytest.fixture(scope="module")
def positions() -> list[cc.GameState]:
    return [s for game in GAMES for s in _positions(*game)[::3]]


def test_points_count_as_score_does(positions: list[cc.GameState]) -> None:
    assert any(s.over for s in positions) or any(s.end_trigger is not None for s in positions)
    assert any(p.concordia for s in positions for p in s.players)
    assert any(cc.card(c).kind == "SPECIALIST" for s in positions for p in s.players for c in p.cards)
    for state in positions:
        for i, p in enumerate(state.players):
            expected = cc.score(state, p.name)
            found = points(state, i)
            assert found.total == expected.total
            assert dict(found.by_god) == expected.by_god()
            counted = cc.score_counts(state, p.name)
            assert found.per_card == {"vesta": counted["value"] // 10, "jupiter": counted["non_brick_houses"],
                                      "saturnus": counted["provinces"], "mercurius": 2 * counted["kinds"],
                                      "mars": 2 * counted["colonists"]}


def test_house_prices_are_the_rules_own(positions: list[cc.GameState]) -> None:
    for state in positions[::5]:
        for city in cc.load_map(state.map_id).cities:
            assert remembered_house_price(state, city) == cc.house_price(state, city)


def test_expected_scores_add_up_by_god_and_are_exact_once_over(positions: list[cc.GameState]) -> None:
    for state in positions[::4]:
        expected = bots.expected_scores(state)
        for i, p in enumerate(state.players):
            split = by_god(state, i)
            assert set(split) == set(bots.POINT_KEYS)
            assert sum(split.values()) == pytest.approx(expected[i])
            if state.over:
                assert expected[i] == cc.score(state, p.name).total
        others = [v for j, v in enumerate(expected) if j != 0]
        assert bots.advantage(state, 0) == pytest.approx(expected_margin(state, 0))  # the fitted margin itself
        if state.over:
            assert bots.advantage(state, 0) == expected[0] - max(others)


def test_advantage_is_to_the_best_other_player() -> None:
    assert margin([10.0, 4.0, 12.0], 0) == -2.0
    assert margin([10.0, 4.0, 12.0], 2) == 2.0
    assert margin([7.5], 0) == 7.5


# --- what a seat sees --------------------------------------------------------------------------------
def _hidden_twin(state: cc.GameState, viewer: int, seed: int) -> cc.GameState:
    """The same position with another deck order (within each deck, as setup shuffles them) and the other
    players' hands in another order: the same for `viewer`."""
    players = tuple(p if i == viewer else replace(p, hand=tuple(reversed(p.hand))) for i, p in enumerate(state.players))
    return replace(state, deck=bots.sample(state, random.Random(seed)).deck, players=players)


def test_a_seat_sees_everything_but_the_deck_order(positions: list[cc.GameState]) -> None:
    for k, state in enumerate(positions[::7]):
        if state.over:
            continue
        viewer = state.actor_index
        twin = _hidden_twin(state, viewer, k)
        assert sorted(twin.deck) == sorted(state.deck)
        assert bots.seen_by(twin, viewer) == bots.seen_by(state, viewer)
        view = bots.seen_by(state, viewer)
        assert view.players[viewer] == state.players[viewer]          # its own hand, in its own order
        assert view.display == state.display                          # the display is public
        for i, p in enumerate(view.players):
            assert sorted(p.hand) == sorted(state.players[i].hand)   # other hands are known as sets


def test_a_seat_tells_apart_what_it_can_see() -> None:
    state = cc.new_game("italia", ["Aiko", "Ben"], seed=4).state
    other = state.with_player(0, coins=state.players[0].coins + 1)
    assert bots.seen_by(other, 1) != bots.seen_by(state, 1)
    swapped = list(state.display)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    assert bots.seen_by(replace(state, display=tuple(swapped)), 1) != bots.seen_by(state, 1)


@pytest.mark.parametrize("map_name,players", [("italia", 2), ("imperium", 5)])
def test_sampled_decks_keep_each_deck_in_its_place(map_name: str, players: int) -> None:
    state = cc.new_game(map_name, [f"P{i}" for i in range(players)], seed=9).state
    view = bots.seen_by(state, 0)
    numerals = cc.decks_for(players)
    order = [numerals.index(cc.card(c).deck) for c in state.deck]
    assert order == sorted(order)  # setup: deck I on top, then II, ...
    decks = {bots.sample(view, random.Random(seed)).deck for seed in range(20)}
    assert len(decks) > 1
    for deck in decks:
        assert sorted(deck) == sorted(state.deck)
        assert [numerals.index(cc.card(c).deck) for c in deck] == order
        assert cc.position_problems(replace(state, deck=deck)) == []
