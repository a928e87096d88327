"""Write the golden boards: the SVG the board (`render.board`) and the small map pictures (`render.map_picture`)
draw for a few fixed positions, with those positions, into tests/golden/boards/. tests/views/test_board_geometry.py
draws the same positions again and compares: the drawing code may change how it computes, never what it draws.

The positions: the setup of each player count on both maps, a mid-game position of each map (with the last play's
rings), overlays (reach from Rome, from a route and from a city, a chosen route; build with a chosen city and with
none; produce), a note, Japanese words, and map pictures (whole, cropped, with pieces, labels and outlines).
They are stored as `GameState.to_dict()`, so a change of the engine's play does not move them.

Run it again only when the drawing changes on purpose, and look at the pictures before and after:

    .venv/bin/python scripts/make_golden_boards.py
"""
from __future__ import annotations

import gzip
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import concordia_core as cc  # noqa: E402
from widgets.render import board  # noqa: E402
from widgets.render.last_play import Changes, last_play  # noqa: E402
from widgets.render.map_picture import Piece, map_picture  # noqa: E402

GOLDEN = ROOT / "tests" / "golden" / "boards"
NAMES = ["Aiko", "Ben", "Chloe", "Dario", "Emil"]
Case = dict[str, Any]


def midgame(map_id: str, players: int, steps: int) -> cc.Game:
    """A position reached by seeded random legal play."""
    game = cc.new_game(map_id, NAMES[:players], seed=11, first_player="Aiko")
    rng = random.Random(5)
    for _ in range(steps):
        game.play(rng.choice(game.legal_actions()))
    return game


def _changes(found: Changes) -> dict[str, list[str]]:
    return {"cities": sorted(found.cities), "colonists": sorted(found.colonists), "provinces": sorted(found.provinces)}


def board_cases() -> list[Case]:
    """Setups, mid-game positions, overlays, a note and Japanese words (see the module's docstring)."""
    cases: list[Case] = []
    for map_id, counts in (("italia", (2, 3, 4)), ("imperium", (3, 4, 5))):
        for n in counts:
            state = cc.new_game(map_id, NAMES[:n], seed=3, first_player="Aiko").state
            cases.append({"name": f"setup-{map_id}-{n}", "draw": "board", "state": state.to_dict()})
    games = {"italia": midgame("italia", 3, 220), "imperium": midgame("imperium", 4, 300)}
    for map_id, game in games.items():
        cases.append({"name": f"midgame-{map_id}", "draw": "board", "state": game.state.to_dict(),
                      "changed": _changes(last_play(game))})
    state = games["imperium"].state
    aiko = state.players[0]
    on_route = next(c for c in aiko.colonists if c.on_route)
    routes = sorted(cc.reachable_routes(state, on_route.kind, on_route.where, 3))
    sites = sorted(cc.build_sites(state, 0))
    setup = cc.new_game("italia", NAMES[:2], seed=7, first_player="Aiko").state
    cases += [
        {"name": "reach-from-route", "draw": "pieces", "state": state.to_dict(),
         "overlay": ["reach", on_route.where, on_route.kind, 3, 0, routes[0]]},
        {"name": "reach-from-rome", "draw": "pieces", "state": setup.to_dict(),
         "overlay": ["reach", "ROMA", "land", 2, 0, "land:COSA-ROMA"]},
        {"name": "reach-from-city", "draw": "pieces", "state": setup.to_dict(), "overlay": ["reach", "COSA", "sea", 2, 1, None]},
        {"name": "build", "draw": "pieces", "state": state.to_dict(), "overlay": ["build", 0, sites[0]]},
        {"name": "build-nowhere", "draw": "pieces", "state": setup.to_dict(), "overlay": ["build", 0, None]},
        {"name": "produce", "draw": "pieces", "state": state.to_dict(), "overlay": ["produce", "HISPANIA", 1]},
        {"name": "note-and-rings", "draw": "pieces", "state": state.to_dict(), "note": "A note in a light box " * 6,
         "changed": _changes(last_play(games["imperium"]))},
        {"name": "japanese-italia", "draw": "board", "state": games["italia"].state.to_dict(), "language": "ja"},
        {"name": "japanese-imperium-reach", "draw": "pieces", "state": state.to_dict(), "language": "ja",
         "overlay": ["reach", on_route.where, on_route.kind, 2, 0, None]},
    ]
    return cases


def picture_cases() -> list[Case]:
    """Small map pictures, as the set-up guide and the scoring pad draw them."""
    tiles = dict(cc.new_game("imperium", NAMES[:4], seed=3).state.city_goods)
    pieces = {"MASSILIA": [["house", "#DE6300", "A"], ["land", "#0072B2", "B"]], "ROMA": [["sea", "#009E73", "C"]]}
    return [
        {"name": "picture-italia", "draw": "picture", "map": "italia", "args": {}},
        {"name": "picture-imperium-tiles", "draw": "picture", "map": "imperium",
         "args": {"tiles": tiles, "highlight": ["ROMA", "MASSILIA"], "provinces": ["GALLIA"], "width": 600}},
        {"name": "picture-imperium-focus", "draw": "picture", "map": "imperium",
         "args": {"tiles": tiles, "focus": ["MASSILIA", "ROMA", "NOVARIA"], "pieces": pieces,
                  "labels": {"MASSILIA": "3", "GALLIA": "+1 cloth"}, "caption": "Gallia and Italia"}},
        {"name": "picture-italia-ja", "draw": "picture", "map": "italia", "language": "ja",
         "args": {"highlight": ["COSA"], "labels": {"ETRVRIA": "2"}}},
    ]


def _overlay(spec: list[Any] | None) -> board.Overlay | None:
    if spec is None:
        return None
    kind, *args = spec
    return {"reach": board.ReachOverlay, "build": board.BuildOverlay, "produce": board.ProduceOverlay}[kind](*args)


def draw(case: Case) -> str:
    """The SVG the render code draws now for a stored case."""
    language = cc.get_language()
    cc.set_language(case.get("language", "en"))
    try:
        if case["draw"] == "picture":
            args = dict(case["args"])
            if "pieces" in args:
                args["pieces"] = {city: [Piece(*p) for p in stack] for city, stack in args["pieces"].items()}
            return map_picture(case["map"], **args)
        state = cc.GameState.from_dict(case["state"])
        changed = Changes(*(frozenset(case["changed"][k]) for k in ("cities", "colonists", "provinces"))) \
            if "changed" in case else None
        overlay = _overlay(case.get("overlay"))
        if case["draw"] == "board":
            return board.board_svg(state, overlay, changed)
        return board.pieces_layer(state, overlay, note=case.get("note"), changed=changed)
    finally:
        cc.set_language(language)


def main() -> int:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "widgets/render"], cwd=ROOT, capture_output=True,
                           text=True).stdout.strip()
    made = f"made by scripts/make_golden_boards.py from the drawing code of commit {commit}" + \
        (" with uncommitted changes in widgets/render" if dirty else "")
    cases = board_cases() + picture_cases()
    for case in cases:
        svg = f"<!-- {made} -->\n{draw(case)}\n"
        (GOLDEN / f"{case['name']}.svg.gz").write_bytes(gzip.compress(svg.encode("utf-8"), mtime=0))
    (GOLDEN / "cases.json").write_text(json.dumps({"made": made, "cases": cases}, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(cases)} cases to {GOLDEN.relative_to(ROOT)} ({made})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
