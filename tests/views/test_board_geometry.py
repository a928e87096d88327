"""The board's geometry is data made ahead of time (scripts/board_geometry.py, with numpy) and read in pure Python
(widgets/render/layout.py): the shipped file is what the script makes from the maps now, and the board and the
map pictures draw exactly the SVG they drew before the geometry became data (tests/golden/boards/, made by
scripts/make_golden_boards.py from the drawing code of the commit its files name)."""
from __future__ import annotations

import copy
import gzip
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from widgets.render import layout

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "boards"
CASES: list[dict[str, Any]] = json.loads((GOLDEN / "cases.json").read_text(encoding="utf-8"))["cases"]


def _script(name: str) -> ModuleType:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        return __import__(name)
    finally:
        sys.path.remove(str(ROOT / "scripts"))


@pytest.fixture(scope="module")
def geometry_script() -> ModuleType:
    pytest.importorskip("numpy", reason="scripts/board_geometry.py computes with numpy (pip install -e '.[dev]')")
    return _script("board_geometry")


@pytest.fixture
def fresh_layouts() -> Iterator[None]:
    layout.layout_for.cache_clear()
    layout._stored.cache_clear()
    yield
    layout.layout_for.cache_clear()
    layout._stored.cache_clear()


def test_the_shipped_geometry_is_what_the_script_makes_from_the_maps_now(geometry_script: ModuleType) -> None:
    shipped = json.loads(layout.GEOMETRY.read_text(encoding="utf-8"))
    found = geometry_script.differences(shipped, geometry_script.geometry_data())
    assert not found, (f"{layout.GEOMETRY.name} is stale (a map, a layout parameter or the text widths changed): run "
                       f"`{geometry_script.COMMAND}` and commit the file.\n" + "\n".join(found[:10]))


def test_the_comparison_sees_a_moved_city_and_a_missing_route(geometry_script: ModuleType) -> None:
    shipped = json.loads(layout.GEOMETRY.read_text(encoding="utf-8"))
    moved = copy.deepcopy(shipped)
    moved["maps"]["italia"]["xy"]["COSA"][0] += 0.01
    was, now = shipped["maps"]["italia"]["xy"]["COSA"][0], moved["maps"]["italia"]["xy"]["COSA"][0]
    assert geometry_script.differences(shipped, moved) == [f"/maps/italia/xy/COSA[0]: {was!r}, now {now!r}"]
    nudged = copy.deepcopy(shipped)
    nudged["maps"]["italia"]["xy"]["COSA"][0] += 1e-9        # another machine's last bits: the same geometry
    assert geometry_script.differences(shipped, nudged) == []
    del moved["maps"]["italia"]["route_path"]["land:COSA-ROMA"]
    assert "/maps/italia/route_path: keys ['land:COSA-ROMA'] only in one" in geometry_script.differences(shipped, moved)


@pytest.mark.usefixtures("fresh_layouts")
def test_a_map_whose_routes_changed_since_its_geometry_is_refused_with_the_command(
        monkeypatch: pytest.MonkeyPatch) -> None:
    stored = json.loads(layout.GEOMETRY.read_text(encoding="utf-8"))["maps"]
    del stored["italia"]["route_path"]["land:COSA-ROMA"]
    monkeypatch.setattr(layout, "_stored", lambda: stored)
    with pytest.raises(LookupError, match="scripts/board_geometry.py"):
        layout.layout_for("italia")
    assert layout.layout_for("imperium").xy["ROMA"] == tuple(stored["imperium"]["xy"]["ROMA"])


def _first_difference(golden: str, drawn: str) -> str:
    at = next((i for i, (a, b) in enumerate(zip(golden, drawn, strict=False)) if a != b), min(len(golden), len(drawn)))
    start = max(0, at - 120)
    return f"first difference at character {at}:\n  golden: …{golden[start:at + 80]}\n  drawn:  …{drawn[start:at + 80]}"


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_the_board_draws_the_same_svg_as_before_the_geometry_became_data(case: dict[str, Any]) -> None:
    made, svg = gzip.decompress((GOLDEN / f"{case['name']}.svg.gz").read_bytes()).decode("utf-8").split("\n", 1)
    assert made.startswith("<!-- made by scripts/make_golden_boards.py")
    drawn = _script("make_golden_boards").draw(case) + "\n"
    assert drawn == svg, _first_difference(svg, drawn)


def test_the_golden_cases_cover_both_maps_every_player_count_overlays_and_pictures() -> None:
    names = {c["name"] for c in CASES}
    assert {f"setup-italia-{n}" for n in (2, 3, 4)} | {f"setup-imperium-{n}" for n in (3, 4, 5)} <= names
    assert {"midgame-italia", "midgame-imperium", "reach-from-route", "build", "produce", "japanese-italia"} <= names
    overlays = {c["overlay"][0] for c in CASES if c.get("overlay")}
    assert overlays == {"reach", "build", "produce"}
    assert {c["map"] for c in CASES if c["draw"] == "picture"} == {"italia", "imperium"}
