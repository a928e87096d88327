"""Overlays, score and static views, tested without a browser: overlay data, score tables, formatters.
The board's drawing and clicks are tested in tests/views/test_board.py."""
from __future__ import annotations

import random
import re
import statistics
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable

import pytest

import concordia_core as cc
from concordia_core.rules.architect import build_sites, house_price
from concordia_core.rules.prefect import production
from widgets.render import palette
from widgets.render.board import BuildOverlay, ProduceOverlay, ReachOverlay, board_svg
from widgets.render.formatters import register_formatters, state_html, state_svg
from widgets.render.score import score_chart_svg, score_table_html
from widgets.screen.score_view import ScoreView

SVG_NS = "{http://www.w3.org/2000/svg}"
PLAYERS = {"italia": ["Aiko", "Ben", "Chloe"], "imperium": ["Aiko", "Ben", "Chloe", "Dario"]}


def new(map_id: str) -> cc.Game:
    return cc.new_game(map_id, PLAYERS[map_id], seed=11, first_player="Aiko")


def play_until(game: cc.Game, wanted: Callable[[cc.Action], bool], seed: int = 1, limit: int = 2000) -> cc.Action:
    """Random legal play until an action matching `wanted` is legal; returns that action (not played)."""
    rng = random.Random(seed)
    for _ in range(limit):
        actions = list(game.legal_actions())
        hits = [a for a in actions if wanted(a)]
        if hits:
            return hits[0]
        game.play(rng.choice(actions))
    raise AssertionError("no such action came up")


def midgame(map_id: str, steps: int = 200, seed: int = 5) -> cc.GameState:
    game = new(map_id)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        game.play(rng.choice(list(game.legal_actions())))
    return game.state


def test_widget_reach_overlay_lists_the_engine_routes_and_costs() -> None:
    game = new("imperium")
    move = play_until(game, lambda a: isinstance(a, cc.Move), seed=3)
    state = game.state
    index = state.turn
    m = cc.load_map("imperium")
    kind = m.routes[move.route].kind
    steps = state.pending.steps_left
    overlay = ReachOverlay(move.start, kind, steps, index)
    items = overlay.items(state)
    assert items == m.reachable_routes(kind, move.start, steps, state.occupied_routes())
    legal = {a.route for a in game.legal_actions() if isinstance(a, cc.Move) and a.start == move.start
             and m.routes[a.route].kind == kind}
    assert set(items) == legal
    assert all(1 <= cost <= steps for cost in items.values())
    assert overlay.labels(state) == {r: str(c) for r, c in items.items()}
    assert board_svg(state, overlay) != board_svg(state)


def test_widget_reach_overlay_from_rome_at_setup() -> None:
    state = new("italia").state
    items = ReachOverlay("ROMA", "land", 1, 0).items(state)
    m = cc.load_map("italia")
    assert set(items) == set(m.routes_at("ROMA", "land"))
    assert set(items.values()) == {1}


@pytest.mark.parametrize("map_id", ["italia", "imperium"])
def test_widget_build_overlay_lists_sites_with_full_price(map_id: str) -> None:
    state = midgame(map_id)
    for index, player in enumerate(state.players):
        overlay = BuildOverlay(index)
        items = overlay.items(state)
        assert set(items) == build_sites(state, index) - set(player.houses)
        for city, price in items.items():
            assert price == house_price(state, city)
            goods, coins = price
            label = overlay.labels(state)[city]
            assert f"{coins} coins" in label or coins == 1 and "1 coin" in label
            assert all(g in label for g, _ in goods.items_nonzero())
    busy = max(range(len(state.players)), key=lambda i: len(BuildOverlay(i).items(state)))
    assert BuildOverlay(busy).items(state)
    assert board_svg(state, BuildOverlay(busy)) != board_svg(state)


def test_widget_build_overlay_agrees_with_legal_builds() -> None:
    game = new("italia")
    play_until(game, lambda a: isinstance(a, cc.Build), seed=2)
    state = game.state
    legal = {a.city for a in game.legal_actions() if isinstance(a, cc.Build)}
    assert legal <= set(BuildOverlay(state.turn).items(state))


def test_widget_price_text_reads_like_the_rules() -> None:
    assert cc.price_text(cc.Goods({"brick": 1, "wine": 1}), 8) == "1 brick + 1 wine + 8 coins"
    assert cc.price_text(cc.Goods({"food": 1}), 1) == "1 food + 1 coin"
    assert cc.price_text(cc.Goods(), 0) == "nothing"


@pytest.mark.parametrize("map_id", ["italia", "imperium"])
def test_widget_produce_overlay_lists_who_receives_what(map_id: str) -> None:
    state = midgame(map_id)
    province = max(state.bonus_goods, key=lambda p: sum(state.houses_in(c)
                                                        for c in cc.load_map(map_id).provinces[p].cities))
    overlay = ProduceOverlay(province, state.turn)
    items = overlay.items(state)
    expected = {state.players[i].name: g for i, g in production(state, province, state.turn) if g.total()}
    assert items == expected
    assert state.players[state.turn].name in items  # the bonus good at least
    labels = overlay.labels(state)
    assert set(labels) == set(items)
    assert board_svg(state, overlay) != board_svg(state)


def test_widget_palette_letters_and_colours() -> None:
    assert palette.player_letters(["Aiko", "Ben", "Chloe"]) == ["A", "B", "C"]
    assert palette.player_letters(["Ann", "Alf", "Bo"]) == ["A", "B", "C"]
    assert len(set(palette.PLAYER_COLOURS)) == 5
    assert set(palette.GOOD_COLOURS) == set(cc.GOODS)


@pytest.mark.parametrize("map_id", ["italia", "imperium"])
def test_widget_score_table_shows_every_player_god_and_engine_totals(map_id: str) -> None:
    state = midgame(map_id)
    html = score_table_html(state)
    for p in state.players:
        assert p.name in html
    for god in ("Vesta", "Jupiter", "Saturnus", "Mercurius", "Mars", "Minerva", "Concordia card", "Total"):
        assert god in html
    assert "if the game ended now" in html
    total_row = html[html.index(">Total<"):]
    totals = [int(t) for t in re.findall(r">(\d+)</th>", total_row)]
    assert totals == [cc.score(state, p.name).total for p in state.players]
    for p in state.players:
        for line in cc.score(state, p.name).lines:
            assert line.how.split(" (")[0] in html


def test_widget_score_chart_and_view() -> None:
    state = midgame("imperium")
    svg = score_chart_svg(state)
    root = ET.fromstring(svg)
    bars = [el for el in root.iter(f"{SVG_NS}rect") if el.find(f"{SVG_NS}title") is not None]
    assert len(bars) == len(state.players) * 7
    tips = [b.find(f"{SVG_NS}title").text or "" for b in bars]  # type: ignore[union-attr]
    assert f"Aiko · Vesta: {cc.score(state, 'Aiko').by_god()['vesta']} points" in tips
    tallest = max(max(cc.score(state, p.name).by_god().values()) for p in state.players)
    highest_bar = max(bars, key=lambda b: float(b.get("height", "0")))
    assert (highest_bar.find(f"{SVG_NS}title").text or "").endswith(f": {tallest} points")  # type: ignore[union-attr]
    fills = {b.get("fill") for b in bars}
    assert fills == {palette.player_colour(i) for i in range(len(state.players))}
    assert root.get("role") == "img" and root.find(f"{SVG_NS}title").text == "Score if the game ended now"  # type: ignore[union-attr]
    assert "The table above as a bar chart" in (root.find(f"{SVG_NS}desc").text or "")  # type: ignore[union-attr]
    view = ScoreView(state)
    assert "Aiko" in view.table.value
    assert view.chart.value.startswith("<svg") and 'role="img"' in view.chart.value
    old = view.table.value
    view.show(new("imperium").state)
    assert view.table.value != old


def test_widget_state_html_and_svg() -> None:
    state = midgame("italia")
    html = state_html(state)
    for p in state.players:
        assert p.name in html
        assert f">{p.coins}<" in html
    assert "to act" in html or "Game over" in html
    assert state_svg(state).startswith("<svg")


def test_widget_formatters_register_with_an_ipython_shell() -> None:
    from IPython.core.interactiveshell import InteractiveShell
    shell = InteractiveShell.instance()
    assert register_formatters(shell) is True
    state = midgame("imperium")
    data, _ = shell.display_formatter.format(state)
    assert data["image/svg+xml"].startswith("<svg")
    assert "Aiko" in data["text/html"]
    assert "<svg" in data["text/html"]
    data, _ = shell.display_formatter.format(cc.score(state, "Aiko"))
    assert "Score of Aiko" in data["text/html"] and "How it was counted" in data["text/html"]   # the score's table
    assert data["image/svg+xml"].startswith("<svg") and "Aiko: " in data["image/svg+xml"]
    game = new("italia")
    data, _ = shell.display_formatter.format(game)
    assert "image/svg+xml" in data
    assert "<svg" in data["text/html"]


def test_widget_register_formatters_is_a_no_op_outside_ipython() -> None:
    code = "import widgets.render.formatters as r; print(r.register_formatters())"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.benchmark
@pytest.mark.parametrize("map_id", ["italia", "imperium"])
def test_widget_benchmark_apply_to_updated_map(map_id: str) -> None:
    """Median time from an Apply in the game screen to every visible view (map included) updated; printed only."""
    import random

    from widgets.screen.game_screen import GameApp
    game = new(map_id)
    t0 = time.perf_counter()
    app = GameApp(game)
    first = time.perf_counter() - t0
    rng = random.Random(1)
    times = []
    for _ in range(40):
        action = rng.choice(game.legal_actions())
        t0 = time.perf_counter()
        app.controls.attempt(action)
        times.append(time.perf_counter() - t0)
    print(f"\n{map_id}: game screen built in {first * 1000:.0f} ms; Apply -> updated map and views: "
          f"median {statistics.median(times) * 1000:.0f} ms over {len(times)} applies")
