"""Charts are SVG drawn in pure Python (widgets/render/figures.py): box plots with the numbers matplotlib's would
show, round axis steps, bars and boxes where their values put them, named and described for a screen reader,
in the tutor's language (the browser's fonts draw Japanese: no font file, no picture of text)."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import concordia_core as cc
from concordia_core.bots import POINT_KEYS
from widgets.lessons import ch16_strategy
from widgets.render import figures
from widgets.render.figures import BoxStats, Chart, Series, box_chart, box_stats
from widgets.render.formatters import breakdown_svg
from widgets.render.score import score_chart_svg

SVG = "{http://www.w3.org/2000/svg}"


def test_box_stats_are_the_quartiles_and_whiskers_of_a_box_plot() -> None:
    # numpy's linear percentiles of 1..6: 25% at 2.25, 50% at 3.5, 75% at 4.75
    assert box_stats([6, 1, 5, 2, 4, 3]) == BoxStats(1, 2.25, 3.5, 4.75, 6, ())
    # 1, 2, 3, 4, 100: quartiles 2 and 4, whiskers reach 1.5 x 2 beyond them: 100 is drawn apart
    assert box_stats([100, 1, 2, 3, 4]) == BoxStats(1, 2, 3, 4, 4, (100,))
    assert box_stats([7]) == BoxStats(7, 7, 7, 7, 7, ())
    assert box_stats([]) is None


@pytest.mark.parametrize(("top", "ticks"), [(0, [0, 1]), (3, [0, 1, 2, 3]), (23, [0, 5, 10, 15, 20, 25]),
                                            (72, [0, 20, 40, 60, 80]), (130, [0, 50, 100, 150])])
def test_the_axis_counts_in_whole_round_steps(top: float, ticks: list[int]) -> None:
    assert figures._ticks(top) == ticks


def test_a_box_and_its_whiskers_stand_at_their_values() -> None:
    # a 320 px high chart with one legend row: the plot runs from y 52 (10 points) down to y 286 (0 points)
    chart = Chart("t", "d", ["Vesta"], "points", width=400, height=320)
    svg = box_chart(chart, [Series("greedy", "#0072B2")], [[BoxStats(1, 2, 5, 8, 10, ())]], [["tip"]])
    root = ET.fromstring(svg)
    box = next(r for r in root.iter(f"{SVG}rect") if r.get("fill") == "#0072B2" and r.get("width") != "14")
    assert (box.get("y"), box.get("height")) == ("98.8", "140.4")          # 8 points at y 98.8, 2 points at y 239.2
    whiskers = next(p for p in root.iter(f"{SVG}path") if p.get("fill") == "none").get("d", "")
    assert whiskers.startswith("M") and " 262.6 V239.2 " in whiskers and " V52.0 " in whiskers   # 1 and 10 points


def test_a_chart_is_named_and_described_by_ids_of_its_own() -> None:
    state = cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko").state
    first, second = score_chart_svg(state), score_chart_svg(state)
    for svg in (first, second):
        root = ET.fromstring(svg)
        assert root.get("role") == "img"
        title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
        assert title is not None and desc is not None
        assert root.get("aria-labelledby") == title.get("id") and root.get("aria-describedby") == desc.get("id")
    assert set(re.findall(r'id="([^"]+)"', first)).isdisjoint(re.findall(r'id="([^"]+)"', second))


def test_a_bar_carries_its_players_letter_so_colour_is_not_the_only_signal() -> None:
    state = cc.new_game("italia", ["Aiko", "Ben", "Chloe"], seed=7, first_player="Aiko").state
    root = ET.fromstring(score_chart_svg(state))
    letters = [t.text for t in root.iter(f"{SVG}text") if t.text in ("A", "B", "C")]
    assert letters.count("A") == letters.count("B") == letters.count("C") == 7 + 1     # a bar per god, and the legend


@pytest.mark.usefixtures("japanese")
def test_japanese_charts_are_words_not_pictures() -> None:
    state = cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko").state
    results = ch16_strategy.study(ch16_strategy.GREEDY_STUDY, 2)
    charts = [score_chart_svg(state), breakdown_svg(cc.score(state, "Aiko")), ch16_strategy.box_plot("x", results)]
    assert cc.god_name("vesta") == "ウェスタ"
    for svg in charts:
        assert "<image" not in svg and "base64" not in svg
        assert "Noto Sans CJK JP" in svg                          # the browser picks a Japanese font it has
    assert ">ウェスタ</text>" in charts[0] and ">ウェスタ</text>" in charts[2]
    assert ET.fromstring(charts[0]).find(f"{SVG}title").text == cc._("Score if the game ended now")  # type: ignore[union-attr]


def test_the_study_plots_numbers_are_in_a_table_beside_them() -> None:
    results = ch16_strategy.study(ch16_strategy.GREEDY_STUDY, 2)
    html = ch16_strategy.box_plots({"four greedy bots": results})
    assert html.count('class="cc-chart"') == 1 and html.count("<table") == 1
    points = sorted(ch16_strategy.points_by(results, "greedy")["saturnus"])
    middle = (points[len(points) // 2 - 1] + points[len(points) // 2]) / 2 if len(points) % 2 == 0 else points[len(points) // 2]
    row = re.search(r">Saturnus</th><td[^>]*>([^<]*)<", html)
    assert row and row.group(1).startswith(f"median {middle:g} ")
    assert all(f">{cc.god_name(g)}</text>" in html for g in POINT_KEYS)
