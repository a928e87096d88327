"""The box guide: the set-up steps of the physical box for a map and a player count, every number from the
engine's data (shown by changing the data and watching the text follow), the city tiles a group drew
checked against the box and mirrored in a game (bonus tiles by R-SETUP-3), tick boxes, the printable
sheet, saving the table by name."""
from __future__ import annotations

import base64
import dataclasses
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import concordia_core as cc
from widgets.realtable import boxguide as bg
from widgets.realtable.guideview import BoxGuide

ITALIA = {
    "BAVZANVM": "wine", "AQVILEIA": "cloth", "VERONA": "tools", "COMVM": "brick", "SEGVSIO": "food",
    "GENVA": "brick", "NICAEA": "food", "MVTINA": "food", "RAVENNA": "food", "FLORENTIA": "cloth", "COSA": "brick",
    "ALERIA": "wine", "OLBIA": "brick", "ANCONA": "wine", "SPOLETVM": "brick", "HADRIA": "tools",
    "CASINVM": "tools", "NEAPOLIS": "tools", "LVCERIA": "food", "BRVNDISIVM": "food", "POTENTIA": "brick",
    "CROTON": "wine", "MESSANA": "brick", "PANORMVS": "cloth", "SYRACVSAE": "tools",
}


@pytest.fixture(autouse=True)
def saves_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CONCORDIA_SAVES", str(tmp_path / "saves"))
    return tmp_path / "saves"


def step(steps: list[bg.Step], key: str) -> bg.Step:
    return next(s for s in steps if s.key == key)


def words(s: bg.Step) -> str:
    return " ".join(s.text + s.items)


def test_four_player_imperium_steps_by_seat() -> None:
    table = bg.Table.make("imperium", ["Aiko", "Ben", "Chloe", "Dario"], "Ben")
    steps = bg.setup_steps(table)
    assert [s.key for s in steps] == ["board", "tiles-A", "tiles-B", "tiles-C", "tiles-D", "reveal", "bonus", "decks",
                                      "display", "pieces", "storehouse", "rome", "coins", "praefectus"]
    # decks I-IV with 4 players: 8 + 7 + 6 + 5 = 26 cards; deck V stays in the box (R-SETUP-5)
    assert "Keep decks I, II, III and IV: 26 cards." in words(step(steps, "decks"))
    assert "Put deck V back in the box." in words(step(steps, "decks"))
    assert "deck I: 8 cards" in step(steps, "decks").items
    # Ben starts; clockwise Chloe, Dario, Aiko; coins 5, 6, 7, 8 (R-SETUP-8)
    assert step(steps, "coins").items == ("Ben: 5 coins", "Chloe: 6 coins", "Dario: 7 coins", "Aiko: 8 coins")
    assert "Ben starts; play goes clockwise: Ben → Chloe → Dario → Aiko." in words(step(steps, "coins"))
    # the player before the first player takes the Praefectus Magnus
    assert words(step(steps, "praefectus")).startswith("Aiko takes the Praefectus Magnus card")
    # D tiles: 5, one of each good, on Imperium's 5 D cities (R-SETUP-2)
    d = words(step(steps, "tiles-D"))
    assert "Take the 5 city tiles with the letter D (1 brick + 1 food + 1 tools + 1 wine + 1 cloth)" in d
    assert "ITALIA: NOVARIA, AQVILEIA and SYRACVSAE" in d
    assert "HELLAS: DYRRHACHIVM and ATHENAE" in d
    assert "Put the" not in words(step(steps, "reveal"))      # Imperium uses every letter


def test_italia_puts_the_d_tiles_back_and_two_players_keep_two_decks() -> None:
    steps = bg.setup_steps(bg.Table.make("italia", ["Aiko", "Ben"]))
    assert "tiles-D" not in [s.key for s in steps]
    assert "Put the D tiles back in the box: the Italia map has no city with that letter." in words(
        step(steps, "reveal"))
    assert "Keep decks I and II: 15 cards." in words(step(steps, "decks"))
    assert "Put decks III, IV and V back in the box." in words(step(steps, "decks"))
    assert "Into each storehouse: 1 brick + 2 food + 1 tools + 1 wine + 1 cloth, and the colonists not placed in Rome " \
           "(2 land, 2 sea)." in words(step(steps, "storehouse"))
    assert "That fills 10 of the 12 slots; 2 stay free." in words(step(steps, "storehouse"))
    assert "With 2 players you could also play on" not in words(step(steps, "board"))


def test_every_number_comes_from_the_game_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """Change the rule constants and the steps follow: no number is written into the guide."""
    changed = dataclasses.replace(cc.CONSTANTS, houses_per_player=14, colonists_per_kind=4, concordia_points=9,
                                  display_slot_extra=cc.CONSTANTS.display_slot_extra[:6], storehouse_slots=13)
    monkeypatch.setattr(cc, "CONSTANTS", changed)
    steps = bg.setup_steps(bg.Table.make("italia", ["Aiko", "Ben", "Chloe"]))
    assert "15 houses" not in words(step(steps, "pieces"))
    assert "14 houses, 4 land and 4 sea colonists" in words(step(steps, "pieces"))
    assert "Concordia card (9 points)" in words(step(steps, "display"))
    assert "Turn the top 6 cards face up" in words(step(steps, "display"))
    assert "of the 13 slots" in words(step(steps, "storehouse"))


def test_entered_tiles_give_the_bonus_tiles_and_a_mirrored_game() -> None:
    table = bg.Table.make("italia", ["Aiko", "Ben", "Chloe"], "Chloe", ITALIA)
    bonus = step(bg.setup_steps(table), "bonus").items
    # VMBRIA: ANCONA wine (6), SPOLETVM brick (3), HADRIA tools (5): the wine tile (R-SETUP-3)
    assert "VMBRIA: wine (its cities: ANCONA wine, SPOLETVM brick and HADRIA tools)" in bonus
    # AEMILIA: two food cities: food
    assert "AEMILIA: food (its cities: MVTINA food and RAVENNA food)" in bonus
    game = table.game()
    assert dict(game.state.city_goods) == ITALIA
    assert game.state.bonus_goods["VMBRIA"] == "wine"
    assert game.state.bonus_goods["ETRVRIA"] == "cloth"
    assert [p.name for p in game.state.players] == ["Chloe", "Aiko", "Ben"]
    assert game.state.praefectus_magnus == "Ben"


def test_guide_widget_tiles_refusal_fill_in_and_mirror() -> None:
    guide = BoxGuide()
    assert guide.choose("italia", ["Aiko", "Ben", "Chloe"], "Aiko")
    guide.tile_entry.choose("BAVZANVM", "cloth")
    before = guide.table
    guide.tile_entry.choose("AQVILEIA", "cloth")
    assert guide.table == before
    assert "R-SETUP-2" in guide.message.value
    assert "the box holds 1 cloth tile with the letter A, but 2 cities show one" in guide.message.value
    assert guide.tile_entry.buttons["AQVILEIA"].value == ""
    guide.tile_entry.choose("BAVZANVM", None)
    for city, good in ITALIA.items():
        if city not in guide.table.board_tiles:
            guide.tile_entry.choose(city, good)
    assert guide.table.board_tiles == ITALIA
    assert len(guide.table.tiles) < len(ITALIA)       # the last tile of each letter was filled in
    assert guide.mirror_box.children, "the mirrored table is shown once every tile is known"
    assert dict(guide.game().state.city_goods) == ITALIA


def test_guide_ticks_save_and_load_by_name() -> None:
    guide = BoxGuide()
    guide.choose("imperium", ["Aiko", "Ben", "Chloe", "Dario"], "Ben")
    guide.rows[0].tick.value = True
    guide.rows[7].tick.value = True
    assert guide.table.done == {"board", "decks"}
    assert "2 of 14 steps done" in guide.progress.value
    assert guide.savebox.save_as("our box")
    other = BoxGuide()
    assert other.savebox.load_named("our box")
    assert other.table == guide.table
    assert other.rows[7].tick.value is True
    assert other.map_choice.value == "imperium"
    assert other.first_choice.value == "Ben"


def test_guide_refuses_a_map_the_player_count_does_not_allow_and_keeps_the_table() -> None:
    guide = BoxGuide()
    before = guide.table
    assert not guide.choose("italia", ["A", "B", "C", "D", "E"])
    assert "R-SETUP-1" in guide.message.value
    assert guide.table == before
    guide.count_choice.value = 5                      # the form offers only the maps for 5 players
    assert guide.map_choice.options == (("Imperium", "imperium"),)
    assert guide.table.map == "imperium"
    assert len(guide.table.seating) == 5


def test_printable_sheet_is_a_whole_page_with_a_picture_for_every_step() -> None:
    guide = BoxGuide(bg.Table.make("italia", ["Aiko", "Ben"], None, ITALIA, ["board"]))
    text = guide.printable()
    assert text.startswith("<!DOCTYPE html>")
    assert "<script" not in text
    steps = re.findall(r"<div class='cc-step' data-step='([^']+)'", text)
    assert steps == [s.key for s in bg.setup_steps(guide.table)]
    for block in text.split("<div class='cc-step'")[1:]:
        svg = block[block.index("<svg"): block.index("</svg>") + 6]
        ET.fromstring(svg)                                   # each picture is well-formed inline SVG
    assert "☐ 1. The board" in text                       # printed blank, though ticked on screen
    assert "☑" not in text
    assert "☐ 2. City tiles A" in text
    href = re.search(r"href='data:text/html;charset=utf-8;base64,([^']+)'", guide.link.value)
    assert href, guide.link.value
    assert base64.b64decode(href.group(1)).decode("utf-8") == text
    assert "download='concordia-setup-italia-2.html'" in guide.link.value


def test_table_files_that_are_not_tables_are_refused_with_a_sentence() -> None:
    good = bg.Table.make("italia", ["Aiko", "Ben"], None, ITALIA).to_json()
    assert bg.Table.from_json(good).board_tiles == ITALIA
    for text, expected in [("not json", "not a saved table: the file is not valid JSON"),
                           ('{"format": "concordia-scoring-pad"}', "not a saved table"),
                           (good.replace('"AQVILEIA": "cloth"', '"AQVILEIA": "wine"'), "wine tile"),
                           (good.replace('"first_player": "Aiko"', '"first_player": "Zoe"'), "first player"),
                           (good.replace('"map": "italia",', ''), "not a saved table: it names no map$")]:
        with pytest.raises(cc.RecordError, match=expected):
            bg.Table.from_json(text)
    guide = BoxGuide()
    before = guide.table
    from widgets.support import saves
    saves.write("broken", json.dumps({"format": "concordia-table", "version": 1, "map": "italia",
                                      "seating": "Aiko"}))
    assert not guide.savebox.load_named("broken")
    assert "seating must be a list of names" in guide.savebox.status.value
    assert guide.table == before


# --- chapter 17 -------------------------------------------------------------------------------------------


def test_chapter_17_example_is_the_table_of_chapter_01_with_its_bonus_tiles() -> None:
    from widgets.lessons import ch17_box
    table = ch17_box.example_table()
    assert table.turn_order() == ["Chloe", "Aiko", "Ben"]
    shown = ch17_box.example()
    # VMBRIA shows brick, wine and brick: the wine tile, the most expensive (R-SETUP-3), as the chapter says
    assert "VMBRIA: wine (its cities: ANCONA brick, SPOLETVM wine and HADRIA brick)" in shown.children[0].value
    assert "Ben with the Praefectus Magnus" in shown.children[2].value
    guide = ch17_box.guide()
    assert guide.table.seating == ("Player 1", "Player 2", "Player 3")
    assert guide.lots.value.startswith(f"Drawn by lot: {guide.table.first} starts (R-SETUP-8).")


def test_guide_draws_the_first_player_by_lot_shows_the_draw_and_lets_the_group_choose() -> None:
    guide = BoxGuide(seed=0)
    assert guide.table.first == "Player 2"                 # seed 0 draws the second seat, not the first
    assert guide.lots.value == ("Drawn by lot: Player 2 starts (R-SETUP-8). Drew lots at the table instead? "
                                "Choose that player as the first player.")
    assert "Player 2 starts; play goes clockwise: Player 2 → Player 3 → Player 1." in words(
        step(bg.setup_steps(guide.table), "coins"))
    assert {BoxGuide(seed=s).table.first for s in range(8)} == {"Player 1", "Player 2", "Player 3"}
    guide.name_boxes[1].value = "Ben"                      # the drawn seat renamed: that seat still starts
    assert guide.table.first == "Ben"
    assert guide.lots.value.startswith("Drawn by lot: Ben starts")
    guide.first_choice.value = "Player 3"                  # their own lots at the table
    assert guide.table.first == "Player 3"
    assert guide.lots.value == "Player 3 starts, as you chose."
    assert guide.draw_lots() == guide.table.first
    assert guide.lots.value.startswith(f"Drawn by lot: {guide.table.first} starts")


@pytest.mark.parametrize("seating", [["Aiko", "Ben"], ["Aiko", "Ben", "Chloe"], ["Aiko", "Ben", "Chloe", "Dario"],
                                     ["Aiko", "Ben", "Chloe", "Dario", "Emilia"],
                                     ["Maximiliana", "Bartholomew", "Chloe"]])
def test_seat_pictures_show_every_label_whole_inside_the_picture(seating: list[str]) -> None:
    from widgets.render.layout import PX, text_width
    table = bg.Table.make("imperium" if len(seating) == 5 else "italia", seating, seating[0])
    state = table.state()
    for praefectus in (False, True):
        svg = ET.fromstring(bg.seats_svg(table, state, praefectus=praefectus))
        texts = [t for t in svg.iter("{http://www.w3.org/2000/svg}text")]
        shown = [t.text for t in texts]
        for name in seating:
            assert name in shown                             # whole names, not cut to 9 letters
        if praefectus:
            assert shown.count("Praefectus Magnus") == 1
        for t in texts:
            size = float(t.get("font-size", "0"))
            half = text_width(t.text or "", size * 72 / PX, "bold" if t.get("font-weight") else "regular") / 2
            assert 0 <= float(t.get("x", "0")) - half and float(t.get("x", "0")) + half <= 240, t.text
            assert size <= float(t.get("y", "0")) <= 240, t.text


def test_seat_picture_moves_the_praefectus_label_in_from_the_edge() -> None:
    table = bg.Table.make("italia", ["Aiko", "Ben", "Chloe"], "Chloe")   # Ben, on the left seat, plays last
    svg = bg.seats_svg(table, table.state(), praefectus=True)
    assert "<circle cx='43.8' cy='76.0' r='24'" in svg                  # Ben's seat, 43.8 from the left edge
    label = re.search(r"<text x='([0-9.]+)'[^>]*>Praefectus Magnus</text>", svg)
    assert label and label.group(1) == "51.7"                            # moved in: the label is 2 x 48.7 wide


def test_bonus_step_without_the_tiles_says_what_to_do_for_every_province() -> None:
    bonus = step(bg.setup_steps(bg.Table.make("italia", ["Aiko", "Ben", "Chloe"])), "bonus")
    assert len(bonus.items) == 11                                        # Italia's 11 provinces
    assert bonus.items[0] == "VENETIA: the tile of the dearest good among BAVZANVM, AQVILEIA and VERONA"
    assert "VMBRIA: the tile of the dearest good among ANCONA, SPOLETVM and HADRIA" in bonus.items
    assert ("A bonus tile shows a good on one side and coins on the other: lay each one goods side up (a Prefect "
            "turns it to its coin side later, R-PREF-1).") in bonus.text
    assert bonus.text[0] == ("On each province put the bonus tile of the most expensive good among its cities, "
                             "goods side up. Prices: brick 3, food 4, tools 5, wine 6 and cloth 7.")


# --- the map pictures, measured from the drawing -----------------------------------------------------------
SVG = "{http://www.w3.org/2000/svg}"
Box = tuple[float, float, float, float]
Marker = tuple[str, float, float, float]        # "disc", centre x, y, radius; or "square", left, top, side


@dataclasses.dataclass
class Label:
    kind: str           # its class: cc-city-label, cc-province-label, cc-note-label
    owner: str          # the city or province it names
    text: str
    box: Box


@dataclasses.dataclass
class Picture:
    frame: Box          # the viewBox, less what its border covers
    markers: dict[str, Marker]
    rings: dict[str, tuple[float, float, float]]
    labels: list[Label]

    def named(self, kind: str = "cc-city-label") -> set[str]:
        return {label.owner for label in self.labels if label.kind == kind}


def picture_parts(svg: str) -> Picture:
    """What a map picture draws, from its SVG alone: the frame (viewBox), each city's marker (a disc, or Rome's
    square), the highlight rings (with half their stroke) and each label's box (its text set in DejaVu Sans, the
    tutor's table of advance widths: from the cap line to below the baseline)."""
    from widgets.render.layout import PX, text_width
    root = ET.fromstring(svg)
    x0, y0, w, h = (float(v) for v in root.get("viewBox", "").split())
    edge = 1.5 * w / float(root.get("width", ""))     # 1.5 px on screen: the picture's border takes the outer one
    markers: dict[str, Marker] = {}
    for group in root.iter(f"{SVG}g"):
        if group.get("class") == "cc-city":
            disc, square = group.find(f"{SVG}circle"), group.find(f"{SVG}rect")
            if disc is not None:
                markers[group.get("data-city", "")] = ("disc", float(disc.get("cx", "")), float(disc.get("cy", "")),
                                                       float(disc.get("r", "")))
            elif square is not None:
                markers[group.get("data-city", "")] = ("square", float(square.get("x", "")), float(square.get("y", "")),
                                                       float(square.get("width", "")))
    rings = {e.get("data-city", ""): (float(e.get("cx", "")), float(e.get("cy", "")),
                                      float(e.get("r", "")) + float(e.get("stroke-width", "")) / 2)
             for e in root.iter(f"{SVG}circle") if e.get("class") == "cc-ring"}
    labels = []
    for t in root.iter(f"{SVG}text"):
        if not (t.get("class") or "").endswith("-label"):
            continue
        size, x, y = float(t.get("font-size", "")), float(t.get("x", "")), float(t.get("y", ""))
        width = text_width(t.text or "", size * 72 / PX, "bold" if t.get("font-weight") == "bold" else "regular")
        anchor = t.get("text-anchor")
        left = x - (width if anchor == "end" else width / 2 if anchor == "middle" else 0)
        labels.append(Label(t.get("class", ""), t.get("data-for", ""), t.text or "",
                            (left, y - 0.75 * size, left + width, y + 0.2 * size)))
    return Picture((x0 + edge, y0 + edge, x0 + w - edge, y0 + h - edge), markers, rings, labels)


def covers(box: Box, marker: Marker) -> bool:
    """Does a label's box cover any part of a city's disc or square?"""
    kind, a, b, size = marker
    if kind == "disc":
        dx, dy = max(box[0] - a, 0, a - box[2]), max(box[1] - b, 0, b - box[3])
        return dx * dx + dy * dy < size * size
    return box[0] < a + size and box[2] > a and box[1] < b + size and box[3] > b


def inside(box: Box, frame: Box) -> bool:
    return frame[0] <= box[0] and frame[1] <= box[1] and box[2] <= frame[2] and box[3] <= frame[3]


def guide_pictures() -> list[tuple[str, str]]:
    """Every map picture of the box guide: both maps, every player count, without and with the city tiles."""
    found = []
    for map_id, counts in (("italia", (2, 3, 4)), ("imperium", (3, 4, 5))):
        for n in counts:
            names = ["Aiko", "Ben", "Chloe", "Dario", "Emil"][:n]
            tiles = dict(cc.new_game(map_id, names, seed=3).state.city_goods)
            for entered in ({}, tiles):
                for s in bg.setup_steps(bg.Table.make(map_id, names, names[0], entered)):
                    if "class='cc-city'" in s.picture:
                        found.append((f"{map_id} {n} players{' with tiles' if entered else ''}, {s.key}", s.picture))
    return found


def test_box_guide_pictures_keep_every_highlight_ring_and_label_inside() -> None:
    pictures = guide_pictures()
    assert len(pictures) == 3 * 2 * 7 + 3 * 2 * 8   # a table's map pictures: Italia 7 (its 3 letters), Imperium 8
    for what, svg in pictures:
        parts = picture_parts(svg)
        for city, (x, y, r) in parts.rings.items():
            assert inside((x - r, y - r, x + r, y + r), parts.frame), f"{what}: {city}'s ring is cut"
        for label in parts.labels:
            assert inside(label.box, parts.frame), f"{what}: {label.text!r} is cut at the picture's edge"
    shown = dict(pictures)
    for letter, cities in (("A", {"TOMIS", "ISCA_D"}), ("B", {"CARTHAGO"}), ("C", {"ANTIOCHIA", "PETRA"})):
        parts = picture_parts(shown[f"imperium 3 players, tiles-{letter}"])
        assert cities <= set(parts.rings) & parts.named()       # ringed and named, inside (above)


def test_box_guide_bonus_step_shows_every_province_and_its_tile_whole() -> None:
    names = ["Aiko", "Ben", "Chloe"]
    table = bg.Table.make("imperium", names, "Aiko", dict(cc.new_game("imperium", names, seed=3).state.city_goods))
    parts = picture_parts(step(bg.setup_steps(table), "bonus").picture)
    shown = {label.text: label.box for label in parts.labels if label.kind == "cc-province-label"}
    board = cc.load_map("imperium")
    assert set(shown) == {f"{board.provinces[p].label}: {cc.good_name(g)}" for p, g in table.state().bonus_goods.items()}
    assert "BRITANNIA: food" in shown
    for text, box in shown.items():
        assert inside(box, parts.frame), f"{text!r} is cut"


def test_box_guide_pictures_put_no_label_over_a_city_or_another_label() -> None:
    """Every name (cities, provinces, bonus tiles) off every city's marker and ring, and off the other names: read
    from the drawing's geometry. BYCANTIVM's name once lay over DYRRHACHIVM's marker."""
    pictures = guide_pictures()
    for what, svg in pictures:
        parts = picture_parts(svg)
        for label in parts.labels:
            for city, marker in parts.markers.items():
                assert not covers(label.box, marker), f"{what}: {label.text!r} lies over {city}'s marker"
            for city, (x, y, r) in parts.rings.items():
                assert city == label.owner or not covers(label.box, ("disc", x, y, r)), \
                    f"{what}: {label.text!r} lies over {city}'s ring"
        for i, label in enumerate(parts.labels):
            for other in parts.labels[i + 1:]:
                a, b = label.box, other.box
                assert min(min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])) <= 0.5, \
                    f"{what}: {label.text!r} and {other.text!r} overlap"
    for what, svg in pictures:
        if what.endswith(", board"):     # the whole board names every city
            parts = picture_parts(svg)
            assert parts.named() == set(parts.markers), f"{what}: {set(parts.markers) ^ parts.named()} not named"
