"""The board: SVG layers with every city, route and province marked for clicks, pieces where the state
puts them, one visual language, tooltips with the engine's numbers, and picks that reach the game."""
from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import concordia_core as cc
from widgets.render.board import BuildOverlay, ProduceOverlay, ReachOverlay, board_svg, map_layer, pieces_layer
from widgets.render.board_tips import tips
from widgets.render.layout import CITY_R, MIN_REACH, PX, layout_for
from widgets.render.picks import Pick
from widgets.screen.game_screen import GameApp
from widgets.screen.map_view import MapView

SVG = "{http://www.w3.org/2000/svg}"
REPO = Path(__file__).resolve().parents[2]


def midgame(map_id: str, players: list[str], steps: int = 160, seed: int = 5) -> cc.GameState:
    game = cc.new_game(map_id, players, seed=11, first_player=players[0])
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        game.play(rng.choice(game.legal_actions()))
    return game.state


def picks_in(svg_text: str) -> list[str]:
    return [el.get("data-pick", "") for el in ET.fromstring(svg_text).iter() if el.get("data-pick")]


@pytest.mark.parametrize("map_id", ["italia", "imperium"])
def test_every_city_route_and_province_can_be_picked(map_id: str) -> None:
    state = cc.new_game(map_id, ["Aiko", "Ben", "Chloe"], seed=3).state
    m = cc.load_map(map_id)
    marks = picks_in(map_layer(map_id, state.city_goods, ("Aiko", "Ben", "Chloe")))
    assert sorted(m for m in marks if m.startswith("city:")) == sorted(f"city:{c}" for c in [*m.cities, m.rome])
    assert sorted(m for m in marks if m.startswith("route:")) == sorted(f"route:{r}" for r in m.routes)
    assert sorted(m for m in marks if m.startswith("province:")) == sorted(f"province:{p}" for p in m.provinces)


@pytest.mark.parametrize("map_id", ["italia", "imperium"])
def test_pieces_layer_draws_one_piece_per_house_and_colonist(map_id: str) -> None:
    players = ["Aiko", "Ben", "Chloe", "Dario"]
    state = midgame(map_id, players, steps=600)
    root = ET.fromstring(pieces_layer(state))
    houses = sum(len(p.houses) for p in state.players)
    colonists = sum(len(p.colonists) for p in state.players)
    assert houses > 3
    drawn_houses = [el for el in root.iter(f"{SVG}path") if el.get("stroke") == "black" and el.get("stroke-width") == "1"]
    assert len(drawn_houses) == houses
    assert len([el for el in root.iter() if el.get("stroke-width") == "2.4"]) == colonists
    tiles = [el for el in root.iter() if el.get("fill") == "#E0B100"] + [
        el for el in root.iter(f"{SVG}path") if el.get("d", "").count("L") == 3 and el.get("stroke") == "#222222"]
    assert len(tiles) == len(state.bonus_tiles)


def test_colonists_in_rome_wait_in_a_tray_off_rome_and_its_routes() -> None:
    lay = layout_for("italia")
    x0, y0, x1, y1 = lay.tray
    rx, ry = lay.xy["ROMA"]
    assert not (x0 <= rx <= x1 and y0 <= ry <= y1)
    for rid in cc.load_map("italia").routes_at("ROMA"):
        mx, my = lay.route_mid[rid]
        assert not (x0 <= mx <= x1 and y0 <= my <= y1), f"the tray covers the colonist spot of {rid}"


@pytest.mark.parametrize("map_id", ["italia", "imperium"])
def test_a_colonist_on_a_short_route_stands_clearly_off_both_cities(map_id: str) -> None:
    lay = layout_for(map_id)
    for rid, route in lay.map.routes.items():
        mid = lay.route_mid[rid]
        for end in route.ends:
            distance = ((mid[0] - lay.xy[end][0]) ** 2 + (mid[1] - lay.xy[end][1]) ** 2) ** 0.5
            assert distance >= MIN_REACH * PX - 1, f"{rid}: colonist spot {distance:.0f} px from {end}"
            assert distance > 2 * CITY_R * PX


@pytest.mark.parametrize("map_id", ["italia", "imperium"])
def test_every_city_name_sits_nearer_its_own_city_than_any_other(map_id: str) -> None:
    lay = layout_for(map_id)
    for city, (x, y, _anchor) in lay.name_pos.items():
        own = ((x - lay.xy[city][0]) ** 2 + (y - lay.xy[city][1]) ** 2) ** 0.5
        assert own < 1.2 * PX, f"{city}'s name is {own:.0f} px away"


def test_goods_are_pictures_not_letters_so_no_player_letter_repeats_them() -> None:
    state = cc.new_game("italia", ["Fabia", "Brutus"], seed=1).state
    root = ET.fromstring(map_layer("italia", state.city_goods, ("Fabia", "Brutus")))
    city_groups = [el for el in root.iter(f"{SVG}g") if el.get("data-pick", "").startswith("city:")]
    assert city_groups
    for group in city_groups:
        assert group.find(f".//{SVG}text") is None, "a city shows a letter"
        assert group.get("data-pick") == "city:ROMA" or group.find(f".//{SVG}use") is not None


def test_reach_overlay_marks_the_chosen_route_apart_and_labels_costs() -> None:
    game = cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko")
    game.play("play ARCHITECT")
    plain = pieces_layer(game.state, ReachOverlay("ROMA", "land", 2, 0))
    chosen = pieces_layer(game.state, ReachOverlay("ROMA", "land", 2, 0, selected="land:COSA-ROMA"))
    assert "#D14900" not in plain
    assert chosen.count("#D14900") == 1
    badges = [p for p in picks_in(plain) if p.startswith("route:")]
    assert sorted(badges) == sorted(f"route:{r}" for r in cc.reachable_routes(game.state, "land", "ROMA", 2))


def test_tooltips_say_what_is_there_with_the_engine_numbers() -> None:
    game = cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko")
    for step in ["play ARCHITECT", "move ROMA > land:COSA-ROMA", "build COSA"]:
        game.play(step)
    state = game.state
    text = tips(state)
    goods, coins = cc.house_price(state, "COSA")
    assert "houses: Aiko" in text["city:COSA"]
    assert f"Ben's price for a house here: {cc.price_text(goods, coins)}" in text["city:COSA"]
    assert coins == 2  # COSA is a brick city here: base 1 coin x 2 houses counting Ben's (R-ARCH-8)
    assert "Aiko's land colonist" in text["route:land:COSA-ROMA"]
    assert "free" in text["route:sea:COSA-ROMA"]
    gains = cc.production(state, "ETRVRIA", "Ben")
    assert "Ben's Prefect here would give" in text["province:ETRVRIA"]
    for name, got in gains.items():
        assert f"{name} {cc.goods_text(got)}" in text["province:ETRVRIA"]
    assert "no houses are built here" in text["city:ROMA"]


def test_only_pickable_elements_answer_a_click() -> None:
    state = cc.new_game("italia", ["Aiko", "Ben"], seed=7).state
    view = MapView(state)
    heard: list[Pick] = []
    view.on_pick(heard.append)
    assert view.pick("city", "COSA") is False
    view.show(state, pickable={"city": {"COSA"}})
    assert view.pick("city", "COSA") is True
    assert heard == [Pick("city", "COSA")]
    view._message(view, {"pick": "city:COSA"}, [])
    view._message(view, {"pick": "../../etc/passwd"}, [])  # not a board element: ignored
    view._message(view, {"code": "import os"}, [])
    assert heard == [Pick("city", "COSA"), Pick("city", "COSA")]


def test_an_architect_turn_and_a_prefect_turn_by_clicks_on_the_board() -> None:
    game = cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko")
    app = GameApp(game)
    board = app.map_view
    app.controls.attempt("play ARCHITECT")
    assert "colonist:0:land:ROMA" in board.pickable
    assert board.pick("colonist", "ROMA", 0, "land")
    assert board.selected == ["colonist:0:land:ROMA"]
    assert board.pick("route", "land:COSA-ROMA")
    assert board.pick("city", "COSA")
    assert game.actions == ["play ARCHITECT", "move ROMA > land:COSA-ROMA", "build COSA"]
    assert "COSA" in game.state.player("Aiko").houses
    app.controls.attempt("play PREFECT")          # Ben's turn
    assert "province:ETRVRIA" in board.pickable
    before = game.state.player("Aiko").goods
    assert board.pick("province", "ETRVRIA")
    assert game.actions[-1] == "produce ETRVRIA"
    assert game.state.player("Aiko").goods != before   # her house in COSA produced (R-PREF-1)


def test_the_widget_falls_back_to_a_picture_without_a_widget_manager() -> None:
    state = cc.new_game("italia", ["Aiko", "Ben"], seed=7).state
    bundle = MapView(state)._repr_mimebundle_()
    bundle = bundle[0] if isinstance(bundle, tuple) else bundle
    assert bundle["image/svg+xml"].startswith("<svg")
    ET.fromstring(bundle["image/svg+xml"])  # one well-formed document
    assert board_svg(state, BuildOverlay(0)) != board_svg(state, ProduceOverlay("ETRVRIA", 0))


COLD = """
import json, time, random
import concordia_core as cc
import widgets
from widgets.screen.map_view import MapView
state = cc.new_game({map!r}, ["Aiko", "Ben", "Chloe"], seed=3).state
t0 = time.perf_counter()
view = MapView(state)
first = time.perf_counter() - t0
game = cc.new_game({map!r}, ["Aiko", "Ben", "Chloe"], seed=3)
rng = random.Random(7)
times = []
for _ in range(40):
    game.play(rng.choice(game.legal_actions()))
    t0 = time.perf_counter()
    view.show(game.state)
    times.append(time.perf_counter() - t0)
print(json.dumps({{"first": first, "redraws": times}}))
"""


@pytest.mark.benchmark
@pytest.mark.parametrize("map_id", ["italia", "imperium"])
def test_benchmark_board_cold_first_draw_and_redraw(map_id: str) -> None:
    """First draw in a fresh process (layout + both layers) and the redraw after a change; printed only."""
    out = subprocess.run([sys.executable, "-c", COLD.format(map=map_id)], capture_output=True, text=True, check=True,
                         cwd=REPO)
    data = json.loads(out.stdout.strip().splitlines()[-1])
    print(f"\n{map_id}: cold first draw {data['first'] * 1000:.0f} ms, redraw after a change median "
          f"{statistics.median(data['redraws']) * 1000:.1f} ms (max {max(data['redraws']) * 1000:.1f} ms)")


@pytest.mark.benchmark
@pytest.mark.parametrize("map_id", ["italia", "imperium"])
def test_benchmark_click_to_redraw(map_id: str) -> None:
    """From a click on the board (a pick) to the game played and every view of the game screen redrawn."""
    players = ["Aiko", "Ben", "Chloe"]
    times = []
    for seed in range(8):
        game = cc.new_game(map_id, players, seed=seed, first_player="Aiko")
        app = GameApp(game)
        app.controls.attempt("play ARCHITECT")
        colonist = next(p for p in app.map_view.pickable if p.startswith("colonist:"))
        _kind, player, kind, where = colonist.split(":", 3)
        t0 = time.perf_counter()
        app.map_view.pick("colonist", where, int(player), kind)
        route = next(p for p in app.map_view.pickable if p.startswith("route:"))
        times.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        app.map_view.pick("route", route.split(":", 1)[1])
        times.append(time.perf_counter() - t0)
    print(f"\n{map_id}: click to redraw median {statistics.median(times) * 1000:.0f} ms (max {max(times) * 1000:.0f} ms)")
