"""The shipped game data agrees with the reference data it was made from, kept in the repository.

`concordia_core/data/sources/` holds copies of the reference data (maps, cards, misc.md). Here the
shipped `cards.json` and `game.json` are checked against `sources/cards.json` and the tables of
`sources/misc.md` (the maps are checked in tests/engine/test_maps.py). Expected values are read from the reference
files by this test, never from the engine; where misc.md states a fact in prose, the value is pinned
here with the misc.md section named. The shipped files must name the reference copy in their
`sources` field, and nothing in the repository may reach outside it for data.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "concordia_core" / "data"
SOURCES = DATA / "sources"
GOODS = ("brick", "food", "tools", "wine", "cloth")


def _json(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def shipped_cards() -> dict:
    return _json(DATA / "cards.json")


def shipped_game() -> dict:
    return _json(DATA / "game.json")


def reference_cards() -> dict:
    return _json(SOURCES / "cards.json")


# --- reading misc.md --------------------------------------------------------------------------------
def misc_section(number: int) -> str:
    """The text of section `number` of misc.md (from its `## N.` heading to the next `## `)."""
    text = (SOURCES / "misc.md").read_text(encoding="utf-8")
    match = re.search(rf"^## {number}\. .*?(?=^## |\Z)", text, flags=re.S | re.M)
    assert match, f"misc.md has no section {number}"
    return match.group(0)


def misc_tables(number: int) -> list[list[list[str]]]:
    """The markdown tables of a misc.md section: each a list of rows (header first), each a list of
    stripped cells; the |---| separator rows are left out."""
    tables: list[list[list[str]]] = []
    current: list[list[str]] = []
    for line in misc_section(number).splitlines() + [""]:
        line = line.strip()
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            if not all(re.fullmatch(r":?-+:?", c) for c in cells):
                current.append(cells)
        elif current:
            tables.append(current)
            current = []
    return tables


def misc_bullet(number: int, starts: str) -> str:
    """The bullet of a misc.md section that starts with `starts`, joined into one line."""
    bullets = re.split(r"^\* ", misc_section(number), flags=re.M)[1:]
    found = [" ".join(b.split()) for b in bullets if b.startswith(starts)]
    assert len(found) == 1, f"misc.md section {number}: {len(found)} bullets start with {starts!r}"
    return found[0]


def goods_list(text: str) -> dict[str, int]:
    """'1 brick + 1 food' (or '1 brick, 2 food') -> {'brick': 1, 'food': 1}."""
    found = re.findall(r"(\d+) (brick|food|tools?|wine|cloth)\b", text)
    assert found, f"no goods in {text!r}"
    result: dict[str, int] = {}
    for n, good in found:
        good = "tools" if good == "tool" else good
        result[good] = result.get(good, 0) + int(n)
    return result


def slot_extra(text: str) -> list[str]:
    """A display slot's extra cost as printed in misc.md section 3: '–' nothing, 'any good' is '?'."""
    if text in ("–", "-", ""):
        return []
    items: list[str] = []
    for part in text.split("+"):
        n, what = part.strip().split(" ", 1)
        items.extend(["?" if what == "any good" else what] * int(n))
    return items


# --- the reference copies are there and complete ------------------------------------------------
@pytest.mark.parametrize("name", ["maps_italia.json", "maps_imperium.json", "cards.json", "misc.md", "README.md"])
def test_reference_copy_is_in_the_repository(name: str) -> None:
    path = SOURCES / name
    assert path.is_file(), f"{path} is missing"
    assert path.stat().st_size > 1000


def test_misc_md_names_no_path_outside_the_repository() -> None:
    text = (SOURCES / "misc.md").read_text(encoding="utf-8")
    assert "../" not in text
    assert "`docs/rules.md`" in text


# --- cards.json -----------------------------------------------------------------------------------
# The shipped `kind` of each card named in sources/cards.json: the five specialists share one kind.
KIND = {"ARCHITECT": "ARCHITECT", "PREFECT": "PREFECT", "MERCATOR": "MERCATOR", "COLONIST": "COLONIST",
        "DIPLOMAT": "DIPLOMAT", "CONSUL": "CONSUL", "MASON": "SPECIALIST", "FARMER": "SPECIALIST",
        "SMITH": "SPECIALIST", "VINTNER": "SPECIALIST", "WEAVER": "SPECIALIST"}


def test_every_card_for_sale_matches_the_reference() -> None:
    """id/kind, god, deck numeral, cost, and for a specialist its good and points per house."""
    expected = []
    for c in reference_cards()["cards_for_sale"]:
        name, deck = c["name_en"], c["deck"]
        expected.append({"id": f"{name}-{deck}", "kind": KIND[name], "god": c["god"].lower(), "deck": deck,
                         "cost": c["cost"], "good": c.get("minerva_good"),
                         "points_per_house": c.get("minerva_vp_per_house")})
    shipped = [{"id": c["id"], "kind": c["kind"], "god": c["god"], "deck": c["deck"], "cost": c["cost"],
                "good": c.get("good"), "points_per_house": c.get("points_per_house")}
               for c in shipped_cards()["cards_for_sale"]]
    assert sorted(shipped, key=lambda c: c["id"]) == sorted(expected, key=lambda c: c["id"])
    assert len(shipped) == reference_cards()["cards_for_sale_total"] == 30


def test_cards_per_deck_and_decks_per_player_count_match_the_reference() -> None:
    ref = reference_cards()
    shipped = shipped_cards()
    assert dict(Counter(c["deck"] for c in shipped["cards_for_sale"])) == ref["cards_per_deck"]
    assert shipped["decks_by_player_count"] == ref["decks_used_by_player_count"]


def test_pantheon_tables_printed_on_the_boards_count_the_shipped_cards() -> None:
    """Cards for sale per god and player count, as printed on each board (sources/cards.json)."""
    shipped = shipped_cards()
    for board, table in reference_cards()["pantheon_table"].items():
        for god, per_count in table.items():
            for players, n in per_count.items():
                decks = set(shipped["decks_by_player_count"][players])
                have = sum(c["god"] == god.lower() and c["deck"] in decks for c in shipped["cards_for_sale"])
                assert have == n, f"{board} {god} {players} players: {have} cards for sale, board prints {n}"


def test_starting_cards_match_the_reference() -> None:
    ref = reference_cards()
    expected = {c["name_en"]: (c["god"].lower(), c["copies"]) for c in ref["starting_cards_per_player"]}
    shipped = shipped_cards()["starting_cards"]
    assert {c["id"]: (c["god"], c["copies"]) for c in shipped} == expected
    for c in shipped:
        assert c["kind"] == c["id"]
        assert c["deck"] is None
    assert sum(c["copies"] for c in shipped) == ref["starting_hand_size"] == 7


def test_mercator_coins_and_concordia_card_match_the_reference() -> None:
    ref = reference_cards()
    mercator = next(c for c in ref["starting_cards_per_player"] if c["name_en"] == "MERCATOR")
    assert mercator["action"].startswith("take 3 sestertii")
    assert "bought MERCATOR: 5 sestertii instead of 3" in ref["sale_card_actions"]["others"]
    shipped = shipped_cards()
    assert next(c for c in shipped["starting_cards"] if c["id"] == "MERCATOR")["coins"] == 3
    bought = [c["coins"] for c in shipped["cards_for_sale"] if c["kind"] == "MERCATOR"]
    assert bought == [5] * len(bought)
    assert bought
    assert shipped["concordia_card"]["points"] == ref["special_cards"]["CONCORDIA"]["vp"] == 7


# --- game.json against misc.md ---------------------------------------------------------------------
def test_city_tiles_per_letter_match_misc_section_1() -> None:
    header, *rows = misc_tables(1)[0]
    assert header == ["letter", "tokens", *GOODS]
    expected = {}
    for letter, tokens, *counts in rows:
        tiles = dict(zip(GOODS, map(int, counts), strict=True))
        assert sum(tiles.values()) == int(tokens), letter
        if letter != "total":
            expected[letter] = tiles
    assert sorted(expected) == ["A", "B", "C", "D"]
    assert shipped_game()["city_tiles"] == expected


def test_bonus_tile_coins_match_misc_section_2() -> None:
    """Single source (yav), marked UNCONFIRMED in misc.md; the shipped data must still agree with it."""
    header, *rows = misc_tables(2)[0]
    assert header == ["good", "coins"]
    assert shipped_game()["bonus_tile_coins"] == {good: int(coins) for good, coins in rows}
    assert "UNCONFIRMED (single source)" in misc_section(2)


def test_display_slot_extra_costs_match_misc_section_3() -> None:
    slots, extra = misc_tables(3)[0]
    assert slots == ["slot", "1", "2", "3", "4", "5", "6", "7"]
    assert extra[0] == "extra"
    expected = [slot_extra(cell) for cell in extra[1:]]
    assert expected[5] == ["?", "cloth"]          # the parser read "1 any good + 1 cloth"
    assert shipped_game()["display_slot_extra"] == expected


def test_house_costs_match_misc_section_4() -> None:
    header, *rows = misc_tables(4)[0]
    assert header[0] == "city good"
    assert [r[0] for r in rows] == list(GOODS)
    game = shipped_game()
    assert game["house_goods"] == {good: goods_list(paid) for good, paid, _ in rows}
    assert game["house_coins"] == {good: int(coins) for good, _, coins in rows}


def test_prices_match_misc_section_4() -> None:
    bullet = misc_bullet(4, "Prices")
    prices = {good: int(n) for good, n in re.findall(r"(brick|food|tools|wine|cloth) \*\*(\d+)\*\*", bullet)}
    assert sorted(prices) == sorted(GOODS)
    assert shipped_game()["price"] == prices


def test_storehouse_pieces_start_and_new_colonist_match_misc_section_4() -> None:
    game = shipped_game()
    storehouse = misc_bullet(4, "Storehouse")
    assert "**12 slots**" in storehouse
    assert game["storehouse_slots"] == 12
    colonist = misc_bullet(4, "New colonist")
    assert goods_list(colonist.split("(")[1]) == {"food": 1, "tools": 1}  # "...card): 1 food + 1 tools"
    assert game["new_colonist_cost"] == {"food": 1, "tools": 1}
    start = misc_bullet(4, "Per player")
    assert "15 houses, 3 land + 3 sea colonists" in start
    assert game["houses_per_player"] == 15
    assert game["colonists_per_kind"] == 3
    assert "Start: 1 land + 1 sea colonist in ROMA" in start
    assert game["colonists_in_rome_at_start"] == {"land": 1, "sea": 1}
    goods_text = start.split("Starting goods:", 1)[1].split("(", 1)[0]
    assert goods_list(goods_text) == {"brick": 1, "food": 2, "tools": 1, "wine": 1, "cloth": 1}
    assert game["starting_goods"] == goods_list(goods_text)
    assert "start player 5 sestertii" in start
    assert game["starting_coins_first_player"] == 5


def test_goods_order_matches_misc() -> None:
    assert "Goods order used everywhere: brick < food < tools < wine < cloth." in (
        SOURCES / "misc.md").read_text(encoding="utf-8")
    assert shipped_game()["goods"] == list(GOODS)


# --- the maps against misc.md section 8 (the edges are checked in tests/engine/test_maps.py) --------------------
def test_map_counts_match_misc_section_8() -> None:
    header, *rows = misc_tables(8)[0]
    assert header == ["", "ITALIA", "IMPERIUM"]
    facts = {row[0]: dict(zip(("italia", "imperium"), row[1:], strict=True)) for row in rows}
    for name in ("italia", "imperium"):
        m = _json(DATA / "maps" / f"{name}.json")
        low, high = facts["players"][name].split("–")
        assert m["players"] == list(range(int(low), int(high) + 1))
        cities = facts["cities (excl. Rome)"][name]
        assert len(m["cities"]) == int(cities.split()[0])
        letters = dict(re.findall(r"([A-D]) (\d+)", cities))
        assert {k: v for k, v in letters.items() if v != "0"} == {
            k: str(v) for k, v in Counter(c["letter"] for c in m["cities"]).items()}
        assert len(m["provinces"]) == int(facts["provinces"][name])
        kinds = Counter(r["kind"] for r in m["routes"])
        assert kinds["land"] == int(facts["land routes"][name])
        assert kinds["sea"] == int(facts["sea routes"][name])
        land, sea = facts["Rome land / sea neighbours"][name].split(" / ")
        rome = m["capital"]["id"]
        for kind, listed in (("land", land), ("sea", sea)):
            neighbours = {e for r in m["routes"] if r["kind"] == kind and rome in r["ends"] for e in r["ends"]} - {rome}
            assert neighbours == {c.strip() for c in listed.split(",")}, (name, kind)


# --- provenance --------------------------------------------------------------------------------------
@pytest.mark.parametrize("shipped, reference", [
    ("game.json", "concordia_core/data/sources/misc.md"),
    ("cards.json", "concordia_core/data/sources/cards.json"),
    ("maps/italia.json", "concordia_core/data/sources/maps_italia.json"),
    ("maps/imperium.json", "concordia_core/data/sources/maps_imperium.json"),
])
def test_shipped_data_names_its_reference_copy_in_sources(shipped: str, reference: str) -> None:
    data = _json(DATA / shipped)
    assert "sources" in data, f"{shipped} has no sources field"
    assert reference in json.dumps(data["sources"], ensure_ascii=False), (
        f"{shipped}: its sources field does not name {reference}")
    assert (ROOT / reference).is_file()


# Joined at run time so that neither this file nor its compiled cache (which would fold "a" + "b") holds them.
OUTSIDE = tuple("/".join(parts) for parts in (("..", "shared"), ("", "shared", ""), ("shared", "reference")))
SCANNED = ["tests", "concordia_core", "widgets", "notebooks", "scripts", "Makefile"]
SKIP_DIRS = {"__pycache__", ".ipynb_checkpoints", ".pytest_cache"}


def _text_files() -> list[Path]:
    files: list[Path] = []
    for name in SCANNED:
        path = ROOT / name
        if path.is_file():
            files.append(path)
        elif path.is_dir():
            files.extend(p for p in sorted(path.rglob("*"))
                         if p.is_file() and not SKIP_DIRS & set(p.relative_to(ROOT).parts))
    return files


def test_nothing_reads_data_from_outside_the_repository() -> None:
    """A fresh clone must pass its tests with nothing beside it: no path into a shared folder."""
    files = _text_files()
    assert any(p.name == "Makefile" for p in files)
    assert any(p.suffix == ".ipynb" for p in files)
    offenders = []
    for path in files:
        raw = path.read_bytes()
        if b"\0" in raw:
            continue                                   # binary (images)
        text = raw.decode("utf-8", errors="replace")
        for needle in OUTSIDE:
            if needle in text:
                offenders.append(f"{path.relative_to(ROOT)}: {needle}")
    assert not offenders, offenders
