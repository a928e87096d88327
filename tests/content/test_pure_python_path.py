"""The learner's path is pure Python (docs/architecture.md, principle 11): in a fresh interpreter where numpy and
matplotlib cannot be imported (as in the browser on Pyodide), every chapter's cells run as the notebooks run them,
in English and in Japanese, and show what they should: boards with every city, the score chart with every god,
chapter 16's box plots, chapter 14's explorer, chapter 18's pad, chapter 19's review; and neither library is
loaded at the end."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import concordia_core as cc
from widgets.support import saves

pytestmark = pytest.mark.slow  # every chapter run once in a fresh interpreter, for the module (about 5 s)

REPO = Path(__file__).resolve().parents[2]

SCRIPT = r'''
import importlib.abc, sys

class Refuse(importlib.abc.MetaPathFinder):
    """numpy and matplotlib are not there, as in the browser."""
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in ("numpy", "matplotlib"):
            raise ModuleNotFoundError(f"No module named {name!r} (refused by the test)", name=name)
        return None

sys.meta_path.insert(0, Refuse())

import glob, json, os, random, re, traceback
import ipywidgets as ipw
import concordia_core as cc

def texts(obj, seen):
    """Every text a widget tree holds (HTML, SVG, labels), through children and widget-valued traits."""
    if id(obj) in seen:
        return []
    seen.add(id(obj))
    if not isinstance(obj, ipw.Widget):
        return [w for attr in ("widget", "box", "view") if isinstance(getattr(obj, attr, None), ipw.Widget)
                for w in texts(getattr(obj, attr), seen)]
    out = []
    for key in obj.keys:
        value = getattr(obj, key, None)
        for item in value if isinstance(value, (list, tuple)) else [value]:
            if isinstance(item, str):
                out.append(item)
            elif isinstance(item, ipw.Widget):
                out += texts(item, seen)
    return out

def full_maps(text):
    """The maps whose every city is drawn (and pickable) in `text`."""
    picks = set(re.findall(r'data-pick="city:([A-Z_0-9]+)"', text))
    return [m for m in cc.available_maps() if {*cc.load_map(m).cities, cc.load_map(m).rome} <= picks]

report = {"cells": [], "lessons": []}
try:
    import numpy
    report["numpy_refused"] = False
except ModuleNotFoundError:
    report["numpy_refused"] = True
for path in sorted(glob.glob("widgets/lessons/ch*.py")):
    name = "widgets.lessons." + os.path.basename(path)[:-3]
    __import__(name)
    report["lessons"].append(name)
for notebook in sorted(glob.glob("notebooks/*.ipynb")) + sorted(glob.glob("notebooks/ja/*.ipynb")):
    for cell in json.load(open(notebook, encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "code":
            continue
        lines = "".join(cell["source"]).strip().splitlines()
        entry = {"notebook": notebook, "call": lines[-1]}
        try:
            scope = {}
            exec("\n".join(lines[:-1]), scope)
            value = eval(lines[-1], scope)
            text = " ".join(texts(value, set()))
            entry.update(shown=value is not None, chars=len(text), maps=full_maps(text),
                         charts=re.findall(r'<svg[^>]*class="cc-chart".*?</svg>', text),
                         text=text if "study_panel" in lines[-1] else "")
        except Exception:
            entry["error"] = traceback.format_exc()
        report["cells"].append(entry)
        cc.set_language("en")

from widgets.render.board import board_svg
from widgets.render.score import score_chart_svg
game = cc.new_game("imperium", ["Aiko", "Ben", "Chloe", "Dario"], seed=11, first_player="Aiko")
rng = random.Random(5)
for _ in range(300):
    game.play(rng.choice(game.legal_actions()))
report["boards"] = {m: full_maps(board_svg(cc.new_game(m, ["Aiko", "Ben", "Chloe"], seed=3).state))
                    for m in cc.available_maps()}
report["score_chart"] = {}
for language in ("en", "ja"):
    cc.set_language(language)
    report["score_chart"][language] = score_chart_svg(game.state)
cc.set_language("en")
report["scores"] = [cc.score(game.state, p.name).by_god() for p in game.state.players]
report["loaded"] = sorted(m for m in sys.modules if m.partition(".")[0] in ("numpy", "matplotlib"))
print(json.dumps(report))
'''


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """What the chapters showed in a fresh interpreter without numpy and matplotlib (saves in a folder of its own)."""
    env = {**os.environ, saves.ENVIRONMENT_VARIABLE: str(tmp_path_factory.mktemp("saves"))}
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-4000:]
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _cells(report: dict[str, Any], chapter: str, call: str = "") -> list[dict[str, Any]]:
    found = [c for c in report["cells"] if Path(c["notebook"]).name.startswith(chapter) and call in c["call"]]
    assert found, f"no cell of chapter {chapter} calls {call!r}"
    return found


def test_pure_python_the_libraries_are_refused_and_never_loaded(report: dict[str, Any]) -> None:
    assert report["numpy_refused"] is True            # the probe itself works: numpy cannot be imported there
    assert report["loaded"] == []


def test_pure_python_every_lesson_module_imports(report: dict[str, Any]) -> None:
    lessons = sorted(f"widgets.lessons.{p.stem}" for p in (REPO / "widgets" / "lessons").glob("ch*.py"))
    assert report["lessons"] == lessons and len(lessons) >= 20


def test_pure_python_every_chapter_cell_runs_and_shows_something(report: dict[str, Any]) -> None:
    notebooks = {c["notebook"] for c in report["cells"]}
    assert len(notebooks) == len([*(REPO / "notebooks").glob("*.ipynb"), *(REPO / "notebooks" / "ja").glob("*.ipynb")])
    failed = [f"{c['notebook']}: {c['call']}\n{c['error']}" for c in report["cells"] if "error" in c]
    assert not failed, "\n".join(failed)
    empty = [f"{c['notebook']}: {c['call']}" for c in report["cells"] if not (c["shown"] and c["chars"])]
    assert not empty, f"cells that showed nothing: {empty}"


def test_pure_python_boards_of_both_maps_with_every_city(report: dict[str, Any]) -> None:
    assert report["boards"] == {"italia": ["italia"], "imperium": ["imperium"]}
    shown = [c for c in report["cells"] if "italia" in c.get("maps", [])]    # the chapters' positions are on Italia
    assert len(shown) >= 20, f"only {len(shown)} cells showed a whole board"


def test_pure_python_score_chart_has_a_bar_per_player_and_god(report: dict[str, Any]) -> None:
    gods = [*cc.GODS, "concordia"]
    for language, svg in report["score_chart"].items():
        cc.set_language(language)
        try:
            names = [cc.god_name(g) for g in gods]
        finally:
            cc.set_language("en")
        assert svg.startswith("<svg") and 'role="img"' in svg
        for name in names:
            assert f">{name}</text>" in svg, f"{language}: no label {name}"
        assert svg.count("</title></rect>") == len(report["scores"]) * len(gods)    # a bar, with its tooltip
    assert "Aiko · Vesta: " + str(report["scores"][0]["vesta"]) in report["score_chart"]["en"]


@pytest.mark.parametrize(("chapter", "call"), [("14", "explorer"), ("18", "worked_example"), ("18", "practice"),
                                              ("19", "review_panel")])
def test_pure_python_explorer_pad_and_review_show_a_board(report: dict[str, Any], chapter: str, call: str) -> None:
    for cell in _cells(report, chapter, call):
        assert cell["maps"] == ["italia"], f"{cell['notebook']}: {cell['call']} showed no whole board"


def test_pure_python_the_pad_shows_its_form(report: dict[str, Any]) -> None:
    for cell in _cells(report, "18", "lesson.pad"):
        assert cell["chars"] > 10_000


def test_pure_python_study_page_draws_a_box_plot_per_study_with_every_god(report: dict[str, Any]) -> None:
    from concordia_core.bots import POINT_KEYS
    from widgets.lessons import ch16_strategy
    for cell in _cells(report, "16", "study_panel"):
        language = "ja" if "/ja/" in cell["notebook"] else "en"
        cc.set_language(language)
        try:
            names = [cc.god_name(g) for g in POINT_KEYS]
            titles = [cc._(t) for t in ch16_strategy.STUDIES]
        finally:
            cc.set_language("en")
        assert len(cell["charts"]) == len(titles)
        for chart, title in zip(cell["charts"], titles, strict=True):
            assert title in chart and all(f">{n}</text>" in chart for n in names)
        assert cell["text"].count("<table") == len(titles)        # the plots' numbers beside them
