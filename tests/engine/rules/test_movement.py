"""Architect movement (R-ARCH-1..4): step costs on both maps, worked out by hand from the route lists
in data/maps/*.json, and the engine's Move actions and their refusals."""
from __future__ import annotations

import pytest

import concordia_core as cc

ITALIA = cc.load_map("italia")
IMPERIUM = cc.load_map("imperium")


def at_cost(m: cc.ConcordiaMap, kind: str, start: str, cost: int) -> set[str]:
    return {r for r, c in m.step_costs(kind, start).items() if c == cost}


# --- hand-checked step costs: Italia ------------------------------------------------------------
# Land routes at ROMA: CASINVM-ROMA, COSA-ROMA, ROMA-SPOLETVM.
ITALIA_LAND_1 = {"land:CASINVM-ROMA", "land:COSA-ROMA", "land:ROMA-SPOLETVM"}
# One more route beyond CASINVM (HADRIA, LVCERIA, NEAPOLIS, SPOLETVM), COSA (FLORENTIA) and
# SPOLETVM (ANCONA, CASINVM, FLORENTIA, HADRIA).
ITALIA_LAND_2 = {
    "land:CASINVM-HADRIA", "land:CASINVM-LVCERIA", "land:CASINVM-NEAPOLIS", "land:CASINVM-SPOLETVM",
    "land:COSA-FLORENTIA",
    "land:ANCONA-SPOLETVM", "land:FLORENTIA-SPOLETVM", "land:HADRIA-SPOLETVM",
}
# Sea routes at ROMA: COSA, NEAPOLIS, OLBIA, PANORMVS.
ITALIA_SEA_1 = {"sea:COSA-ROMA", "sea:NEAPOLIS-ROMA", "sea:OLBIA-ROMA", "sea:PANORMVS-ROMA"}
# Beyond COSA (ALERIA, GENVA), NEAPOLIS (MESSANA, PANORMVS), OLBIA (ALERIA, PANORMVS), PANORMVS (MESSANA, ...).
ITALIA_SEA_2 = {
    "sea:ALERIA-COSA", "sea:COSA-GENVA",
    "sea:MESSANA-NEAPOLIS", "sea:NEAPOLIS-PANORMVS",
    "sea:ALERIA-OLBIA", "sea:OLBIA-PANORMVS",
    "sea:MESSANA-PANORMVS",
}

# --- hand-checked step costs: Imperium ----------------------------------------------------------
IMPERIUM_LAND_1 = {"land:AQVILEIA-ROMA", "land:NOVARIA-ROMA", "land:ROMA-SYRACVSAE"}
# Beyond AQVILEIA (NOVARIA, SIRMIVM, VINDOBONA), NOVARIA (AQVILEIA, COLONIA_A, MASSILIA);
# SYRACVSAE has no other land route.
IMPERIUM_LAND_2 = {
    "land:AQVILEIA-NOVARIA", "land:AQVILEIA-SIRMIVM", "land:AQVILEIA-VINDOBONA",
    "land:COLONIA_A-NOVARIA", "land:MASSILIA-NOVARIA",
}
IMPERIUM_SEA_1 = {"sea:CARTHAGO-ROMA", "sea:MASSILIA-ROMA", "sea:ROMA-SYRACVSAE"}
# Beyond CARTHAGO (LEPTIS MAGNA, MASSILIA, RVSADIR, SYRACVSAE, VALENTIA), MASSILIA (CARTHAGO, VALENTIA),
# SYRACVSAE (ATHENAE, CARTHAGO, CYRENE, DYRRHACHIVM, LEPTIS MAGNA).
IMPERIUM_SEA_2 = {
    "sea:CARTHAGO-LEPTIS_MAGNA", "sea:CARTHAGO-MASSILIA", "sea:CARTHAGO-RVSADIR", "sea:CARTHAGO-SYRACVSAE",
    "sea:CARTHAGO-VALENTIA", "sea:MASSILIA-VALENTIA",
    "sea:ATHENAE-SYRACVSAE", "sea:CYRENE-SYRACVSAE", "sea:DYRRHACHIVM-SYRACVSAE", "sea:LEPTIS_MAGNA-SYRACVSAE",
}

CASES = [
    pytest.param(ITALIA, "land", ITALIA_LAND_1, ITALIA_LAND_2, id="italia-land"),
    pytest.param(ITALIA, "sea", ITALIA_SEA_1, ITALIA_SEA_2, id="italia-sea"),
    pytest.param(IMPERIUM, "land", IMPERIUM_LAND_1, IMPERIUM_LAND_2, id="imperium-land"),
    pytest.param(IMPERIUM, "sea", IMPERIUM_SEA_1, IMPERIUM_SEA_2, id="imperium-sea"),
]


@pytest.mark.parametrize(("m", "kind", "one", "two"), CASES)
def test_R_ARCH_3_first_route_from_a_city_costs_1(m, kind, one, two) -> None:
    assert at_cost(m, kind, "ROMA", 1) == one


@pytest.mark.parametrize(("m", "kind", "one", "two"), CASES)
def test_R_ARCH_3_each_further_route_costs_1(m, kind, one, two) -> None:
    assert at_cost(m, kind, "ROMA", 2) == two
    assert not at_cost(m, kind, "ROMA", 0)


@pytest.mark.parametrize(("m", "kind", "one", "two"), CASES)
def test_R_ARCH_1_two_steps_reach_exactly_the_routes_within_2(m, kind, one, two) -> None:
    reach = m.reachable_routes(kind, "ROMA", 2)
    assert reach == {**{r: 1 for r in one}, **{r: 2 for r in two}}
    assert m.reachable_routes(kind, "ROMA", 1) == {r: 1 for r in one}
    assert m.reachable_routes(kind, "ROMA", 0) == {}


def test_R_ARCH_3_a_third_step_italia_land() -> None:
    costs = ITALIA.step_costs("land", "ROMA")
    # ROMA-CASINVM (1), CASINVM-LVCERIA or CASINVM-HADRIA (2), then HADRIA-LVCERIA (3)
    assert costs["land:HADRIA-LVCERIA"] == 3
    # ROMA-COSA (1), COSA-FLORENTIA (2), FLORENTIA-GENVA (3), GENVA-NICAEA (4)
    assert costs["land:FLORENTIA-GENVA"] == 3
    assert costs["land:GENVA-NICAEA"] == 4
    # the whole land network of Italia is connected to Rome: all 40 land routes have a cost
    assert len(costs) == 40


def test_R_ARCH_3_from_a_route_adjacent_routes_cost_1() -> None:
    # a colonist on land:COSA-ROMA: through COSA to FLORENTIA, through ROMA to CASINVM or SPOLETVM
    assert at_cost(ITALIA, "land", "land:COSA-ROMA", 1) == {
        "land:COSA-FLORENTIA", "land:CASINVM-ROMA", "land:ROMA-SPOLETVM"}
    # two steps: one more route beyond FLORENTIA, CASINVM or SPOLETVM
    assert at_cost(ITALIA, "land", "land:COSA-ROMA", 2) == {
        "land:FLORENTIA-GENVA", "land:FLORENTIA-MVTINA", "land:FLORENTIA-RAVENNA", "land:FLORENTIA-SPOLETVM",
        "land:CASINVM-HADRIA", "land:CASINVM-LVCERIA", "land:CASINVM-NEAPOLIS", "land:CASINVM-SPOLETVM",
        "land:ANCONA-SPOLETVM", "land:HADRIA-SPOLETVM",
    }
    # the sea route beside it: through COSA (ALERIA, GENVA), through ROMA (NEAPOLIS, OLBIA, PANORMVS)
    assert at_cost(ITALIA, "sea", "sea:COSA-ROMA", 1) == {
        "sea:ALERIA-COSA", "sea:COSA-GENVA", "sea:NEAPOLIS-ROMA", "sea:OLBIA-ROMA", "sea:PANORMVS-ROMA"}


def test_R_ARCH_3_from_a_route_imperium_sea() -> None:
    assert at_cost(IMPERIUM, "sea", "sea:ROMA-SYRACVSAE", 1) == {
        "sea:CARTHAGO-ROMA", "sea:MASSILIA-ROMA",
        "sea:ATHENAE-SYRACVSAE", "sea:CARTHAGO-SYRACVSAE", "sea:CYRENE-SYRACVSAE", "sea:DYRRHACHIVM-SYRACVSAE",
        "sea:LEPTIS_MAGNA-SYRACVSAE",
    }


@pytest.mark.parametrize("m", [ITALIA, IMPERIUM], ids=["italia", "imperium"])
def test_R_ARCH_4_start_route_is_never_a_destination(m) -> None:
    for rid, route in m.routes.items():
        reach = m.reachable_routes(route.kind, rid, 99)
        assert rid not in reach
        assert reach  # every route has a neighbour of its kind
    assert "land:COSA-ROMA" not in ITALIA.reachable_routes("land", "land:COSA-ROMA", 2)


def test_R_ARCH_4_may_pass_but_not_end_on_an_occupied_route() -> None:
    occupied = {"land:COSA-ROMA"}
    reach = ITALIA.reachable_routes("land", "ROMA", 2, occupied)
    assert "land:COSA-ROMA" not in reach
    # beyond the occupied route, at the same cost as if it were free
    assert reach["land:COSA-FLORENTIA"] == 2
    assert reach == {r: c for r, c in ITALIA.reachable_routes("land", "ROMA", 2).items() if r not in occupied}
    # step_costs ignores occupancy altogether
    assert ITALIA.step_costs("land", "ROMA")["land:COSA-ROMA"] == 1


def test_R_ARCH_4_occupied_routes_still_cost_steps() -> None:
    """Blocking every route at Rome but one does not make anything cheaper or unreachable."""
    occupied = {"land:CASINVM-ROMA", "land:ROMA-SPOLETVM", "land:CASINVM-SPOLETVM"}
    reach = ITALIA.reachable_routes("land", "ROMA", 3, occupied)
    assert reach["land:HADRIA-LVCERIA"] == 3
    assert reach["land:CASINVM-NEAPOLIS"] == 2
    assert not occupied & set(reach)


def test_R_ARCH_4_occupied_route_of_the_other_kind_does_not_matter() -> None:
    reach = ITALIA.reachable_routes("sea", "ROMA", 1, occupied={"land:COSA-ROMA"})
    assert "sea:COSA-ROMA" in reach


@pytest.mark.parametrize("m", [ITALIA, IMPERIUM], ids=["italia", "imperium"])
@pytest.mark.parametrize("kind", ["land", "sea"])
def test_R_ARCH_2_colonists_stay_on_their_kind_of_route(m, kind) -> None:
    for start in [*m.graph.nodes, *m.routes]:
        for rid in m.step_costs(kind, start):
            assert m.routes[rid].kind == kind, (start, rid)
    # from a route of the other kind there is no movement at all
    other = next(r for r, route in m.routes.items() if route.kind != kind)
    assert m.step_costs(kind, other) == {}
    assert m.reachable_routes(kind, other, 99) == {}


def test_R_ARCH_2_islands_have_no_land_movement() -> None:
    assert ITALIA.step_costs("land", "OLBIA") == {}
    assert at_cost(ITALIA, "sea", "OLBIA", 1) == {"sea:ALERIA-OLBIA", "sea:OLBIA-PANORMVS", "sea:OLBIA-ROMA"}


# --- the engine -----------------------------------------------------------------------------------
def new_italia(*actions: str) -> cc.Game:
    """A 2-player Italia game (seed 7, Aiko first) after `actions`."""
    game = cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko")
    for action in actions:
        game.play(action)
    return game


def refusal(g: cc.Game, action: str, rule: str) -> str:
    """Play `action`, which must be refused by `rule` with the game left as it was; the refusal's text."""
    before = g.state
    with pytest.raises(cc.IllegalAction) as info:
        g.play(action)
    assert info.value.rule == rule, str(info.value)
    assert g.state is before
    return str(info.value)


def move_texts(g: cc.Game) -> set[str]:
    return {str(a) for a in g.legal_actions() if isinstance(a, cc.Move)}


def test_R_ARCH_1_architect_has_as_many_steps_as_colonists_on_the_map() -> None:
    g = new_italia("play ARCHITECT")
    assert g.state.pending.steps_left == 2  # 1 land + 1 sea on the map; the 4 waiting do not count


def test_R_ARCH_1_legal_moves_after_playing_the_architect_italia() -> None:
    g = new_italia("play ARCHITECT")
    expected = {f"move ROMA > {r}" for r in ITALIA_LAND_1 | ITALIA_LAND_2 | ITALIA_SEA_1 | ITALIA_SEA_2}
    assert move_texts(g) == expected
    assert len(expected) == 22
    others = [a for a in g.legal_actions() if not isinstance(a, cc.Move)]
    assert others == [cc.Done()]  # nothing to build: no colonist stands on a route yet


def test_R_ARCH_1_legal_moves_after_playing_the_architect_imperium() -> None:
    g = cc.new_game("imperium", ["Aiko", "Ben", "Chloe"], seed=3, first_player="Aiko")
    g.play("play ARCHITECT")
    expected = {f"move ROMA > {r}" for r in IMPERIUM_LAND_1 | IMPERIUM_LAND_2 | IMPERIUM_SEA_1 | IMPERIUM_SEA_2}
    assert move_texts(g) == expected


def test_move_notation() -> None:
    assert str(cc.Move("ROMA", "land:COSA-ROMA")) == "move ROMA > land:COSA-ROMA"
    g = new_italia()
    assert cc.parse_action("move ROMA > land:COSA-ROMA", g.state) == cc.Move("ROMA", "land:COSA-ROMA")
    assert cc.parse_action("move roma > land:ROMA-COSA", g.state) == cc.Move("ROMA", "land:COSA-ROMA")


def test_R_ARCH_4_move_puts_the_land_colonist_on_the_route() -> None:
    g = new_italia("play ARCHITECT", "move ROMA > land:COSA-ROMA")
    aiko = g.state.players[0]
    assert aiko.name == "Aiko"
    assert sorted(aiko.colonists) == [cc.Colonist("land", "land:COSA-ROMA"), cc.Colonist("sea", "ROMA")]
    assert g.state.pending.steps_left == 1
    assert g.state.players[1].colonists == (cc.Colonist("land", "ROMA"), cc.Colonist("sea", "ROMA"))
    # one step left: the moved colonist's neighbours, and the sea colonist's first routes
    assert move_texts(g) == (
        {f"move land:COSA-ROMA > {r}" for r in ("land:COSA-FLORENTIA", "land:CASINVM-ROMA", "land:ROMA-SPOLETVM")}
        | {f"move ROMA > {r}" for r in ITALIA_SEA_1})


def test_R_ARCH_1_steps_may_be_split_between_colonists() -> None:
    g = new_italia("play ARCHITECT", "move ROMA > land:COSA-ROMA", "move ROMA > sea:OLBIA-ROMA")
    aiko = g.state.player("Aiko")
    assert set(aiko.colonists) == {cc.Colonist("land", "land:COSA-ROMA"), cc.Colonist("sea", "sea:OLBIA-ROMA")}
    assert not move_texts(g)


def test_R_ARCH_1_steps_may_be_left_unused() -> None:
    g = new_italia("play ARCHITECT", "move ROMA > land:COSA-ROMA", "done")
    assert g.state.to_move == "Ben"
    assert cc.Colonist("land", "land:COSA-ROMA") in g.state.player("Aiko").colonists


def test_R_ARCH_4_cannot_end_on_a_route_holding_another_players_colonist() -> None:
    g = new_italia("play ARCHITECT", "move ROMA > land:COSA-ROMA", "done")
    g.play("play ARCHITECT")  # Ben
    assert g.state.to_move == "Ben"
    moves = move_texts(g)
    assert "move ROMA > land:COSA-ROMA" not in moves
    assert "move ROMA > land:COSA-FLORENTIA" in moves  # passing through is allowed
    assert "move ROMA > sea:COSA-ROMA" in moves        # the parallel sea route is another route
    assert "the land route COSA–ROMA already holds a colonist" in refusal(g, "move ROMA > land:COSA-ROMA", "R-ARCH-4")
    g.play("move ROMA > land:COSA-FLORENTIA")
    assert cc.Colonist("land", "land:COSA-FLORENTIA") in g.state.player("Ben").colonists
    assert g.state.pending.steps_left == 0


def test_R_ARCH_4_cannot_stay_on_the_same_route() -> None:
    g = new_italia("play ARCHITECT", "move ROMA > land:COSA-ROMA")
    refusal(g, "move land:COSA-ROMA > land:COSA-ROMA", "R-ARCH-4")


def test_R_ARCH_3_too_far_is_refused() -> None:
    g = new_italia("play ARCHITECT")
    text = refusal(g, "move ROMA > land:HADRIA-LVCERIA", "R-ARCH-3")  # 3 steps, 2 available
    assert "3" in text
    assert "2" in text


def test_R_ARCH_3_steps_already_used_count() -> None:
    g = new_italia("play ARCHITECT", "move ROMA > land:COSA-ROMA")
    refusal(g, "move ROMA > sea:ALERIA-COSA", "R-ARCH-3")  # 2 steps, 1 left


def test_R_ARCH_2_land_colonist_cannot_take_a_sea_route() -> None:
    g = new_italia("play ARCHITECT", "move ROMA > land:COSA-ROMA")
    refusal(g, "move land:COSA-ROMA > sea:ALERIA-COSA", "R-ARCH-2")


def test_R_ARCH_1_no_colonist_at_the_start() -> None:
    g = new_italia("play ARCHITECT")
    with pytest.raises(cc.IllegalAction) as info:
        g.play("move COSA > land:COSA-FLORENTIA")
    assert info.value.rule in {"R-ARCH-1", "R-ARCH-2"}
    assert "COSA" in str(info.value)


def test_R_ARCH_3_imperium_engine_by_sea() -> None:
    g = cc.new_game("imperium", ["Aiko", "Ben", "Chloe"], seed=3, first_player="Aiko")
    g.play("play ARCHITECT")
    g.play("move ROMA > sea:CARTHAGO-VALENTIA")  # 2 steps through CARTHAGO
    assert cc.Colonist("sea", "sea:CARTHAGO-VALENTIA") in g.state.player("Aiko").colonists
    assert g.state.pending is None or g.state.pending.steps_left == 0


def test_R_ARCH_3_imperium_engine_too_far_by_sea() -> None:
    g = cc.new_game("imperium", ["Aiko", "Ben", "Chloe"], seed=3, first_player="Aiko")
    g.play("play ARCHITECT")
    refusal(g, "move ROMA > sea:ALEXANDRIA-ATHENAE", "R-ARCH-3")  # ROMA-SYRACVSAE, SYRACVSAE-ATHENAE, then 3


def test_R_ARCH_1_a_recruited_colonist_adds_a_step_and_own_colonists_block_too() -> None:
    g = new_italia("play ARCHITECT", "move ROMA > land:COSA-ROMA", "done")
    g.play("play MERCATOR")  # Ben
    g.play("done")
    g.play("play TRIBUNE")   # Aiko: Architect and Tribune return; pay 1 food + 1 tools for a colonist
    g.play("recruit land")
    assert g.state.player("Aiko").waiting["land"] == 1
    g.play("play SENATOR")   # Ben
    g.play("done")
    g.play("play ARCHITECT")
    assert g.state.to_move == "Aiko"
    assert g.state.pending.steps_left == 3  # 2 land + 1 sea on the map (R-ARCH-1)
    moves = move_texts(g)
    assert "move ROMA > land:HADRIA-LVCERIA" in moves  # 3 steps now suffice
    assert "move ROMA > land:COSA-ROMA" not in moves    # her own colonist stands there (R-ARCH-4)
    refusal(g, "move ROMA > land:COSA-ROMA", "R-ARCH-4")
