"""Map, score and static views, tested without a browser: PNG bytes, overlay data, formatters."""
from __future__ import annotations

import io
import random
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

import numpy as np
import pytest
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from PIL import Image

import concordia_core as cc
from concordia_core.rules.architect import build_sites, house_price
from concordia_core.rules.prefect import production
from widgets import palette
from widgets.mapview import BuildOverlay, MapView, ProduceOverlay, ReachOverlay, draw_map, layout_for, map_png
from widgets.render import register_formatters, state_html, state_png
from widgets.scoreview import ScoreView, score_chart, score_table_html

pytestmark = pytest.mark.usefixtures("fail_on_callback_errors")

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


def pixels(png: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=np.int16)


def assert_png(png: bytes) -> tuple[int, int]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(png))
    img.verify()
    return Image.open(io.BytesIO(png)).size


@pytest.mark.parametrize("map_id", ["italia", "imperium"])
def test_widget_map_png_is_a_sensible_png_at_setup_and_midgame(map_id: str) -> None:
    for state in (new(map_id).state, midgame(map_id)):
        width, height = assert_png(map_png(state))
        assert 900 <= width <= 1200
        assert 700 <= height <= 1000
        assert pixels(map_png(state)).std() > 20  # not a blank canvas


@pytest.mark.parametrize("map_id", ["italia", "imperium"])
def test_widget_map_changes_when_a_house_is_built(map_id: str) -> None:
    game = new(map_id)
    build = play_until(game, lambda a: isinstance(a, cc.Build))
    before = pixels(map_png(game.state))
    game.play(build)
    after = pixels(map_png(game.state))
    changed = np.argwhere((before != after).any(axis=2))
    assert len(changed) > 50
    # the change is drawn at the city where the house went up
    lay = layout_for(map_id)
    x, y = lay.xy[build.city]
    px = (x - lay.xlim[0]) * lay.scale * 100
    py = (lay.ylim[1] - y) * lay.scale * 100
    near = np.hypot(changed[:, 1] - px, changed[:, 0] - py) < 60
    assert near.any()


@pytest.mark.parametrize("map_id", ["italia", "imperium"])
def test_widget_map_changes_when_a_colonist_moves(map_id: str) -> None:
    game = new(map_id)
    move = play_until(game, lambda a: isinstance(a, cc.Move))
    before = map_png(game.state)
    game.play(move)
    assert pixels(before).shape == pixels(map_png(game.state)).shape
    assert (pixels(before) != pixels(map_png(game.state))).any(axis=2).sum() > 50


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
    assert pixels(map_png(state, overlay)).tolist() != pixels(map_png(state)).tolist()


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
    assert map_png(state, BuildOverlay(busy)) != map_png(state)


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
    assert map_png(state, overlay) != map_png(state)


def test_widget_mapview_show_updates_value() -> None:
    game = new("italia")
    view = MapView(game.state)
    first = view.value
    assert first[:4] == b"\x89PNG"
    move = play_until(game, lambda a: isinstance(a, cc.Move))
    game.play(move)
    view.show(game.state)
    assert view.value != first
    assert view.state is game.state
    view.show(game.state, ReachOverlay(move.route, cc.load_map("italia").routes[move.route].kind, 2, 0))
    assert view.overlay is not None


def test_widget_draw_map_into_a_given_axes() -> None:
    fig = Figure(figsize=(6, 5))
    FigureCanvasAgg(fig)
    ax: Axes = fig.add_subplot()
    out = draw_map(midgame("italia"), ax=ax, overlay=BuildOverlay(0))
    assert out is fig
    assert len(ax.patches) > 30
    assert len(ax.texts) > 25


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
    fig = score_chart(state)
    ax = fig.axes[0]
    assert len(ax.patches) == len(state.players) * 7
    heights = {round(b.get_height()) for b in ax.patches}
    assert max(heights) == max(max(cc.score(state, p.name).by_god().values()) for p in state.players)
    view = ScoreView(state)
    assert "Aiko" in view.table.value
    assert view.chart.value[:4] == b"\x89PNG"
    old = view.table.value
    view.show(new("imperium").state)
    assert view.table.value != old


def test_widget_state_html_and_png() -> None:
    state = midgame("italia")
    html = state_html(state)
    for p in state.players:
        assert p.name in html
        assert f">{p.coins}<" in html
    assert "to act" in html or "Game over" in html
    assert_png(state_png(state))


def test_widget_formatters_register_with_an_ipython_shell() -> None:
    from IPython.core.interactiveshell import InteractiveShell
    shell = InteractiveShell.instance()
    assert register_formatters(shell) is True
    state = midgame("imperium")
    data, _ = shell.display_formatter.format(state)
    assert data["image/png"][:4] == b"\x89PNG" if isinstance(data["image/png"], bytes) else data["image/png"]
    assert "Aiko" in data["text/html"]
    assert "data:image/png;base64," in data["text/html"]
    data, _ = shell.display_formatter.format(cc.score(state, "Aiko"))
    assert "text/html" in data
    assert "image/png" in data
    game = new("italia")
    data, _ = shell.display_formatter.format(game)
    assert "image/png" in data
    assert "data:image/png;base64," in data["text/html"]
    data, _ = shell.display_formatter.format(score_chart(state))
    assert data["image/png"][:4] == b"\x89PNG"


def test_widget_register_formatters_is_a_no_op_outside_ipython() -> None:
    code = "import widgets.render as r; print(r.register_formatters())"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.benchmark
@pytest.mark.parametrize("map_id", ["italia", "imperium"])
def test_widget_benchmark_map_redraw(map_id: str) -> None:
    """First draw (layout + static layer) and the median redraw after an Apply-like change; printed only."""
    layout_for.cache_clear()
    from widgets import mapview
    mapview._BACKGROUNDS.clear()
    game = new(map_id)
    view = MapView()
    t0 = time.perf_counter()
    view.show(game.state)
    first = time.perf_counter() - t0
    rng = random.Random(7)
    times = []
    for _ in range(30):
        game.play(rng.choice(list(game.legal_actions())))
        t0 = time.perf_counter()
        view.show(game.state)
        times.append(time.perf_counter() - t0)
    print(f"\n{map_id}: first draw {first * 1000:.0f} ms, median redraw {statistics.median(times) * 1000:.0f} ms "
          f"(max {max(times) * 1000:.0f} ms, {len(times)} redraws)")


@pytest.mark.benchmark
@pytest.mark.parametrize("map_id", ["italia", "imperium"])
def test_widget_benchmark_apply_to_updated_map(map_id: str) -> None:
    """Median time from an Apply in the game screen to every visible view (map included) updated; printed only."""
    import random
    import statistics

    from widgets.app import GameApp
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
