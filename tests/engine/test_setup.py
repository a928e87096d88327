"""Game setup, one test (or a few) per rule R-SETUP-1..8, plus determinism and bad arguments."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import concordia_core as cc
from concordia_core.cards import cards_for_sale

NAMES = ["Aiko", "Ben", "Chloe", "Dario", "Emma"]
PRICE = {"brick": 3, "food": 4, "tools": 5, "wine": 6, "cloth": 7}
DECK_OF = {c.id: c.deck for c in cards_for_sale()}
NUMERALS = ["I", "II", "III", "IV", "V"]
GAME_JSON = json.loads((Path(cc.__file__).resolve().parent / "data" / "game.json").read_text(encoding="utf-8"))

TABLES = [("italia", 2), ("italia", 3), ("italia", 4), ("imperium", 3), ("imperium", 4), ("imperium", 5)]


def game(map_name: str = "italia", n: int = 2, seed: int = 7, **kw) -> cc.Game:
    return cc.new_game(map_name, NAMES[:n], seed, **kw)


# --- R-SETUP-1: map by player count ----------------------------------------------------------------
@pytest.mark.parametrize(("map_name", "n"), TABLES)
def test_R_SETUP_1_allowed_player_counts(map_name: str, n: int) -> None:
    s = game(map_name, n).state
    assert s.map_id == map_name
    assert len(s.players) == n


@pytest.mark.parametrize(("map_name", "n", "allowed"), [
    ("italia", 1, "2, 3, 4"), ("italia", 5, "2, 3, 4"), ("italia", 6, "2, 3, 4"),
    ("imperium", 1, "3, 4, 5"), ("imperium", 2, "3, 4, 5"), ("imperium", 6, "3, 4, 5"),
])
def test_R_SETUP_1_refused_player_counts(map_name: str, n: int, allowed: str) -> None:
    players = [f"P{i}" for i in range(n)]
    with pytest.raises(cc.SetupError) as info:
        cc.new_game(map_name, players, seed=1)
    err = info.value
    assert isinstance(err, ValueError)
    assert err.rule == "R-SETUP-1"
    assert allowed in str(err)
    assert str(n) in str(err)


def test_R_SETUP_1_province_counts() -> None:
    assert len(game("italia", 2).state.bonus_goods) == 11
    assert len(game("imperium", 3).state.bonus_goods) == 12


# --- R-SETUP-2: city tiles ---------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 1, 7, 42])
@pytest.mark.parametrize("map_name", ["italia", "imperium"])
def test_R_SETUP_2_one_tile_of_the_matching_letter_per_city(map_name: str, seed: int) -> None:
    s = game(map_name, 3, seed).state
    m = cc.load_map(map_name)
    assert set(s.city_goods) == set(m.cities)  # every city, never Rome
    for letter in m.city_tile_letters:
        laid = Counter(s.city_goods[c.id] for c in m.cities.values() if c.letter == letter)
        box = {g: n for g, n in GAME_JSON["city_tiles"][letter].items() if n}
        assert dict(laid) == box, letter


def test_R_SETUP_2_italia_uses_no_D_tiles() -> None:
    m = cc.load_map("italia")
    assert "D" not in m.city_tile_letters
    assert not [c for c in m.cities.values() if c.letter == "D"]
    s = game("italia", 2).state
    assert len(s.city_goods) == 25
    # 25 tiles = all of A, B and C; none of the 5 D tiles
    per_good = Counter(s.city_goods.values())
    no_d = Counter()
    for letter in "ABC":
        no_d.update(GAME_JSON["city_tiles"][letter])
    assert per_good == no_d


def test_R_SETUP_2_imperium_uses_all_30_tiles() -> None:
    s = game("imperium", 5).state
    assert len(s.city_goods) == 30
    box = Counter()
    for letter in "ABCD":
        box.update(GAME_JSON["city_tiles"][letter])
    assert Counter(s.city_goods.values()) == box
    assert sum(box.values()) == 30


def test_R_SETUP_2_tiles_are_shuffled_by_the_seed() -> None:
    layouts = {tuple(sorted(game("italia", 2, seed).state.city_goods.items())) for seed in range(10)}
    assert len(layouts) > 1


# --- R-SETUP-3: bonus tiles ----------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("map_name", ["italia", "imperium"])
def test_R_SETUP_3_bonus_tile_is_most_expensive_good(map_name: str, seed: int) -> None:
    s = game(map_name, 3, seed).state
    m = cc.load_map(map_name)
    assert set(s.bonus_tiles) == set(m.provinces)
    for pid, province in m.provinces.items():
        best = max((s.city_goods[c] for c in province.cities), key=PRICE.__getitem__)
        tile = s.bonus_tiles[pid]
        assert tile.good == best, pid
        assert s.bonus_goods[pid] == best
        assert tile.side == "goods", pid
        assert tile.coins == GAME_JSON["bonus_tile_coins"][best]
    assert not s.coin_side


def test_R_SETUP_3_prices() -> None:
    assert cc.PRICE == PRICE
    assert list(cc.GOODS) == ["brick", "food", "tools", "wine", "cloth"]


# --- R-SETUP-4: the bank is unlimited -------------------------------------------------------------------
def test_R_SETUP_4_no_bank_counters_in_the_state() -> None:
    s = game("imperium", 5).state
    assert not [k for k in s.to_dict() if "bank" in k or "supply" in k]


def test_R_SETUP_4_mercator_buys_are_limited_only_by_coins_and_slots() -> None:
    g = game("italia", 2, first_player="Aiko")
    g.play("play MERCATOR")  # 5 + 3 = 8 coins, 2 free slots
    aiko = g.state.player("Aiko")
    assert (aiko.coins, aiko.free_slots) == (8, 2)
    buys = {(a.good, a.amount) for a in g.legal_actions() if isinstance(a, cc.Trade) and a.amount > 0}
    assert buys == {("brick", 1), ("brick", 2), ("food", 1), ("food", 2), ("tools", 1), ("wine", 1), ("cloth", 1)}
    g.play("sell 1 cloth")  # 15 coins, 3 free slots
    buys = {(a.good, a.amount) for a in g.legal_actions() if isinstance(a, cc.Trade) and a.amount > 0}
    # up to min(15 // price, 3 free slots) of each good; the bank never runs short; the cloth just sold is not
    # bought back in the same play (reading 9 of docs/rules.md: each kind trades one way)
    assert buys == {(good, n) for good, top in (("brick", 3), ("food", 3), ("tools", 3), ("wine", 2))
                    for n in range(1, top + 1)}
    g.play("buy 3 brick")
    assert g.state.player("Aiko").goods["brick"] == 4
    assert g.state.player("Aiko").coins == 6


# --- R-SETUP-5: the card decks and the display ---------------------------------------------------------
@pytest.mark.parametrize(("map_name", "n", "size"), [("italia", 2, 15), ("italia", 3, 21), ("imperium", 3, 21),
                                                     ("italia", 4, 26), ("imperium", 4, 26), ("imperium", 5, 30)])
def test_R_SETUP_5_deck_composition_by_player_count(map_name: str, n: int, size: int) -> None:
    s = game(map_name, n).state
    on_sale = list(s.display) + list(s.deck)
    assert len(on_sale) == size
    assert len(set(on_sale)) == size
    kept = NUMERALS[:n]
    assert {DECK_OF[c] for c in on_sale} == set(kept)
    assert sorted(on_sale) == sorted(cid for cid, deck in DECK_OF.items() if deck in kept)
    assert s.deck_size == size - 7


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize(("map_name", "n"), [("italia", 2), ("italia", 4), ("imperium", 5)])
def test_R_SETUP_5_display_is_deck_I_and_decks_are_stacked_in_numeral_order(map_name: str, n: int, seed: int) -> None:
    s = game(map_name, n, seed).state
    deck_one = [cid for cid, deck in DECK_OF.items() if deck == "I"]
    assert len(deck_one) == 8
    assert len(s.display) == 7
    assert all(DECK_OF[c] == "I" for c in s.display)
    assert DECK_OF[s.deck[0]] == "I"  # the 8th deck-I card is on top
    assert set(s.display) | {s.deck[0]} == set(deck_one)
    numerals = [NUMERALS.index(DECK_OF[c]) for c in s.deck]
    assert numerals == sorted(numerals)  # II below I, III below II, ...
    assert Counter(DECK_OF[c] for c in s.deck[1:]) == Counter(
        deck for deck in DECK_OF.values() if deck in NUMERALS[1:n])


def test_R_SETUP_5_each_deck_is_shuffled() -> None:
    orders_one = {game("italia", 2, seed).state.display for seed in range(10)}
    orders_two = {game("italia", 2, seed).state.deck[1:] for seed in range(10)}
    assert len(orders_one) > 1
    assert len(orders_two) > 1


def test_R_SETUP_5_concordia_card_and_starting_cards_are_not_for_sale() -> None:
    s = game("imperium", 5).state
    for cid in list(s.display) + list(s.deck):
        assert cc.card(cid).deck is not None
        assert "CONCORDIA" not in cid
    assert not any(p.concordia for p in s.players)
    assert s.concordia_holder is None


# --- R-SETUP-6: what each player takes -------------------------------------------------------------------
@pytest.mark.parametrize(("map_name", "n"), [("italia", 2), ("imperium", 5)])
def test_R_SETUP_6_starting_cards_houses_and_colonists(map_name: str, n: int) -> None:
    s = game(map_name, n).state
    for p in s.players:
        assert Counter(p.hand) == Counter(
            {"TRIBUNE": 1, "ARCHITECT": 1, "PREFECT": 2, "MERCATOR": 1, "DIPLOMAT": 1, "SENATOR": 1})
        assert len(p.hand) == 7
        assert p.discard == ()
        assert p.top_card is None
        assert p.houses == ()
        assert p.houses_left == 15
        for kind in ("land", "sea"):
            assert len(p.colonists_of(kind)) + p.waiting[kind] == 3
        assert all(cc.card(c).deck is None for c in p.hand)


# --- R-SETUP-7: the storehouse and Rome -----------------------------------------------------------------
@pytest.mark.parametrize(("map_name", "n"), [("italia", 2), ("italia", 4), ("imperium", 5)])
def test_R_SETUP_7_colonists_in_rome_and_storehouse_goods(map_name: str, n: int) -> None:
    s = game(map_name, n).state
    for p in s.players:
        assert sorted(p.colonists) == [cc.Colonist("land", "ROMA"), cc.Colonist("sea", "ROMA")]
        assert dict(p.waiting) == {"land": 2, "sea": 2}
        assert dict(p.goods) == {"brick": 1, "food": 2, "tools": 1, "wine": 1, "cloth": 1}
        assert p.goods.total() == 6
        assert p.storehouse_used == 10
        assert p.free_slots == 2
    assert s.occupied_routes() == set()


# --- R-SETUP-8: first player, coins, Praefectus Magnus ---------------------------------------------------
@pytest.mark.parametrize(("map_name", "n"), [("italia", 2), ("italia", 3), ("imperium", 4), ("imperium", 5)])
def test_R_SETUP_8_coins_in_turn_order_and_praefectus_magnus(map_name: str, n: int) -> None:
    s = game(map_name, n).state
    assert [p.coins for p in s.players] == [5, 6, 7, 8, 9][:n]
    assert s.praefectus_magnus == s.players[-1].name
    assert s.to_move == s.players[0].name


@pytest.mark.parametrize("first", ["Aiko", "Ben", "Chloe", "Dario", "Emma"])
def test_R_SETUP_8_first_player_respected_and_seating_kept(first: str) -> None:
    s = cc.new_game("imperium", NAMES, seed=3, first_player=first).state
    order = [p.name for p in s.players]
    start = NAMES.index(first)
    assert order == NAMES[start:] + NAMES[:start]  # clockwise from the first player
    assert s.to_move == first
    assert s.player(first).coins == 5
    # the last in turn order is the first player's right-hand neighbour (seated just before them)
    assert s.praefectus_magnus == NAMES[start - 1]


def test_R_SETUP_8_random_first_player_varies_with_seed() -> None:
    firsts = Counter(game("italia", 3, seed).state.to_move for seed in range(40))
    assert set(firsts) == {"Aiko", "Ben", "Chloe"}
    for seed in range(40):
        s = game("italia", 3, seed).state
        order = [p.name for p in s.players]
        start = NAMES.index(order[0])
        assert order == (NAMES[:3] * 2)[start:start + 3]


# --- determinism -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("map_name", "n"), TABLES)
def test_same_seed_same_table(map_name: str, n: int) -> None:
    a = game(map_name, n, 123).state.to_dict()
    b = game(map_name, n, 123).state.to_dict()
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def test_state_json_round_trip() -> None:
    s = game("imperium", 4, 9).state
    assert cc.GameState.from_dict(json.loads(json.dumps(s.to_dict()))) == s


def test_different_seeds_give_different_tables() -> None:
    tables = {json.dumps(game("imperium", 4, seed).state.to_dict(), sort_keys=True) for seed in range(6)}
    assert len(tables) == 6
    decks = {game("italia", 2, seed).state.deck for seed in range(6)}
    tiles = {tuple(sorted(game("italia", 2, seed).state.city_goods.items())) for seed in range(6)}
    assert len(decks) > 1
    assert len(tiles) > 1


def test_setup_does_not_use_the_global_random() -> None:
    import random
    random.seed(1)
    a = game("italia", 3, 5).state.to_dict()
    random.seed(2)
    random.random()
    b = game("italia", 3, 5).state.to_dict()
    assert a == b


def test_first_game_flag_is_kept() -> None:
    assert game(first_game=True).state.first_game is True
    assert game().state.first_game is False


# --- bad arguments -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("kwargs", "words"), [
    ({"players": ["Aiko", "Aiko"]}, ["differ", "Aiko"]),
    ({"players": ["Aiko", ""]}, ["non-empty"]),
    ({"players": ["Aiko", "  "]}, ["non-empty"]),
    ({"players": ["Aiko", 3]}, ["3"]),
    ({"players": "Aiko Ben"}, ["list of names"]),
    ({"players": None}, ["list of names"]),
    ({"players": 2}, ["list of names"]),
    ({"map_name": "atlantis"}, ["atlantis", "italia", "imperium"]),
    ({"map_name": None}, ["unknown map"]),
    ({"seed": "7"}, ["seed", "whole number"]),
    ({"seed": 1.5}, ["seed", "whole number"]),
    ({"seed": None}, ["seed", "whole number"]),
    ({"first_player": "Zed"}, ["Zed", "Aiko", "Ben"]),
])
def test_bad_arguments_give_clear_setup_errors(kwargs: dict, words: list[str]) -> None:
    args = {"map_name": "italia", "players": ["Aiko", "Ben"], "seed": 7, **kwargs}
    with pytest.raises(cc.SetupError) as info:
        cc.new_game(**args)
    assert isinstance(info.value, ValueError)
    for word in words:
        assert word in str(info.value)


def test_unknown_first_player_cites_R_SETUP_8() -> None:
    with pytest.raises(cc.SetupError) as info:
        cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Zed")
    assert info.value.rule == "R-SETUP-8"


def test_a_setup_error_takes_the_rule_first_like_an_illegal_action() -> None:
    with pytest.raises(cc.SetupError) as info:
        cc.new_game("italia", ["A", "B", "C", "D", "E"], seed=1)
    err = info.value
    assert err.rule == "R-SETUP-1"
    assert err.explanation.startswith("the Italia map is for 2, 3, 4 players, not 5")
    assert str(err) == f"{err.explanation} (R-SETUP-1)"
    refusal = cc.IllegalAction("R-ARCH-6", "no houses may be built in ROMA")
    assert (refusal.rule, refusal.explanation, str(refusal)) == ("R-ARCH-6", "no houses may be built in ROMA",
                                                                 "no houses may be built in ROMA (R-ARCH-6)")


def test_a_setup_error_without_a_rule_is_its_sentence_alone() -> None:
    with pytest.raises(cc.SetupError) as info:
        cc.new_game("italia", ["Aiko", "Ben"], seed="seven")
    assert info.value.rule is None
    assert str(info.value) == info.value.explanation == "seed must be a whole number, not 'seven'"
