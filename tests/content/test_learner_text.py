"""Every text a learner reads (the message catalog in English and Japanese, the chapters in both languages, the
box guide's printable sheet) names each city and province one way: in English the board name in plain Latin
letters, in Japanese the glossary's reading with that board name in full-width brackets (コサ（COSA）); never an
internal id (ISCA_D) nor a second spelling (NICÆA). What a learner reads as the screens show it, and the Japanese
punctuation, English words, minus signs and chapter titles: tests/content/test_learner_words.py."""
from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

from babel.messages.pofile import read_po

import concordia_core as cc
from widgets.realtable import boxguide as bg

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "concordia_core" / "data"
GLOSSARY = json.loads((DATA / "glossary.json").read_text(encoding="utf-8"))["terms"]


def board_names() -> dict[str, str]:
    """Place id -> its board name in plain Latin letters, read from the map data (Æ written AE, no dots)."""
    found: dict[str, str] = {}
    for path in sorted((DATA / "maps").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for entry in [data["capital"], *data["cities"], *data["provinces"]]:
            found[entry["id"]] = entry["printed"].replace("Æ", "AE").replace("·", "")
    return found


NAMES = board_names()
IDS = {pid for pid, label in NAMES.items() if pid != label}               # ISCA_D, COLONIA_A, LEPTIS_MAGNA
PRINTED = {e["printed"] for p in (DATA / "maps").glob("*.json")
           for e in [json.loads(p.read_text(encoding="utf-8"))["capital"],
                     *json.loads(p.read_text(encoding="utf-8"))["cities"],
                     *json.loads(p.read_text(encoding="utf-8"))["provinces"]]}
SECOND = {p for p in PRINTED if p.replace("Æ", "AE").replace("·", "") != p}  # NICÆA, ÆMILIA, R·O·M·A …
READINGS = {GLOSSARY[kind][pid]["ja"]: pid for kind in ("city", "province") for pid in GLOSSARY[kind]}


def catalog() -> Iterator[tuple[str, str, str]]:
    """(where, language, text) for every entry of the catalog: the English text and its Japanese translation."""
    path = ROOT / "concordia_core" / "locale" / "ja" / "LC_MESSAGES" / "concordia.po"
    with path.open("rb") as f:
        for message in read_po(f):
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for text in ids:
                yield f"catalog {ids[0][:50]!r}", "en", text
            for text in strings:
                yield f"catalog {ids[0][:50]!r}", "ja", text


def chapters() -> Iterator[tuple[str, str, str]]:
    for folder, language in ((ROOT / "notebooks", "en"), (ROOT / "notebooks" / "ja", "ja")):
        for path in sorted(folder.glob("*.ipynb")):
            for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
                if cell["cell_type"] == "markdown":
                    text = re.sub(r"\]\([^)]*\)", "]", "".join(cell["source"]))       # link targets are not read
                    yield f"{language} chapter {path.name}", language, text


def sheets() -> Iterator[tuple[str, str, str]]:
    for language in ("en", "ja"):
        cc.set_language(language)
        try:
            for map_name, players in (("italia", 2), ("imperium", 5)):
                table = bg.Table.make(map_name, [f"P{n}" for n in range(1, players + 1)])
                text = re.sub(r"<style.*?</style>|<[^>]+>", "\n", bg.sheet_html(table), flags=re.S)
                yield f"{language} sheet {map_name}", language, text
        finally:
            cc.set_language("en")


def learner_texts() -> list[tuple[str, str, str]]:
    return [*catalog(), *chapters(), *sheets()]


def test_learner_text_names_every_place_one_way_in_both_languages() -> None:
    bad = []
    for where, language, text in learner_texts():
        words = set(re.findall(r"[A-ZÆ·]{2,}(?:_[A-Z]+)?", text))
        bad += [f"{where}: internal id {w}" for w in words & IDS]
        bad += [f"{where}: second spelling {w}" for w in SECOND if w in text]
        if language == "ja":
            for reading, pid in READINGS.items():
                for found in re.finditer(re.escape(reading) + r"\s*([(（])([^)）]*)([)）])", text):
                    if found.group(1) != "（" or found.group(3) != "）" or found.group(2) not in (NAMES[pid], "{printed}"):
                        bad.append(f"{where}: {found.group(0)} (expected {reading}（{NAMES[pid]}）)")
    assert not bad, "\n".join(sorted(set(bad))[:40])


def test_learner_text_japanese_counters_fit_what_is_counted() -> None:
    """A count that may pass nine takes the counter of what it counts (都市, 枠, 人, 枚, 軒, 個, か所), never つ:
    「都市が25つ」 and 「空き枠が{free}つ」 read wrong."""
    wrong = re.compile(r"(\{[a-z_]+\}|\d{2,})つ")
    bad = [f"{where}: {m.group(0)} in {text[:60]!r}" for where, language, text in learner_texts() if language == "ja"
           for m in wrong.finditer(text)]
    assert not bad, "\n".join(bad[:40])


def test_learner_text_japanese_follows_the_style_sheet_words() -> None:
    """docs/translating.md: 第N章 (not 09章), 局面N for a step of the record (not 0手目),
    「やってみましょう」, 採点表 (not 採点パッド), no calque 標準競技順位, 待機 only of colonists in the storehouse
    (not 「ROMAで待機」), no English mode name 「first game」 in the Japanese rules, 参加者 (not プレイヤー)."""
    wrong = re.compile(r"(?<![第\d～])\d+章|[\d}]手目|やってみよう|採点パッド|標準競技順位|\{rome\}で待機|first game|プレイヤー")
    rules = (ROOT / "docs" / "rules.ja.md").read_text(encoding="utf-8")
    texts = [(w, t) for w, language, t in learner_texts() if language == "ja"] + [("rules.ja.md", rules)]
    bad = [f"{where}: {m.group(0)}" for where, text in texts for m in wrong.finditer(text)
           if not (where.endswith("00_start_here.ipynb") and m.group(0) == "first game")]   # the glossary's English column
    assert not bad, "\n".join(bad[:40])


def test_japanese_free_slots_keep_the_number_with_its_counter() -> None:
    cc.set_language("ja")
    try:
        assert cc.n_("{n} free slot", "{n} free slots", 0) == "空き0\u2060枠"          # a word joiner: no line break
        assert cc.n_("{n} free storehouse slot", "{n} free storehouse slots", 2) == "倉庫の空き2\u2060枠"
    finally:
        cc.set_language("en")


# --- the app's list of chapters (Voilà's tree page) --------------------------------------------------------
TREE = ROOT / "app" / "share" / "jupyter" / "voila" / "templates" / "concordia" / "tree-lab.html"


def first_heading(notebook: Path) -> str:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    source = "".join(next(c for c in cells if c["cell_type"] == "markdown")["source"])
    return source.splitlines()[0].lstrip("#").strip()


def test_the_list_of_chapters_titles_each_chapter_by_its_first_heading() -> None:
    found = re.search(r"CHAPTER TITLES BEGIN -#}\s*{%- set titles = (.*?) -%}\s*{#- CHAPTER TITLES END", TREE.read_text(
        encoding="utf-8"), re.S)
    assert found, "the tree template's table of titles"
    table = json.loads(found.group(1))
    for language, folder in (("en", ROOT / "notebooks"), ("ja", ROOT / "notebooks" / "ja")):
        expected = {p.name: first_heading(p) for p in sorted(folder.glob("*.ipynb"))}
        assert table[language] == expected


def render_tree(path: str, names: list[tuple[str, str]], language: str) -> str:
    """The list of chapters as the app draws it for a folder holding `names` ((name, type) pairs, in Voilà's order)
    when `make app` serves the language `language`."""
    import jinja2

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TREE.parent)), extensions=["jinja2.ext.i18n"],
                             autoescape=True)
    env.install_null_translations()
    content = [{"name": n, "type": t, "path": f"{path}/{n}".lstrip("/")} for n, t in names]
    crumbs = [("/voila/tree", "")] + ([("/voila/tree/ja", "ja")] if path else [])
    return env.get_template("tree-lab.html").render(
        contents={"path": path, "content": iter(content)}, breadcrumbs=crumbs, base_url="/",
        page_config={"extensionConfig": {"concordia": {"language": language}}})


def test_the_list_of_chapters_is_in_the_language_of_its_chapters() -> None:
    english = [("01_setup.ipynb", "notebook"), ("04_architect_movement.ipynb", "notebook"), ("helper.py", "file"),
               ("ja", "directory")]
    page = render_tree("", english, "en")
    links = re.findall(r'<a href="([^"]+)"[^>]*>([^<]+)</a>', page)
    assert links == [("/voila/render/01_setup.ipynb", "01 · Setting up a game"),
                     ("/voila/render/04_architect_movement.ipynb", "04 · The Architect: moving colonists"),
                     ("/voila/tree/ja", "日本語 (the chapters in Japanese)")]
    assert re.findall(r'<a href="[^"]+"[^>]*>([^<]+)</a>', render_tree("", english, "ja"))[1] == \
        "04 · The Architect: moving colonists"                 # English chapters stay English (LANG=ja, APP_DIR=notebooks)
    japanese = [("04_architect_movement.ipynb", "notebook")]
    for page in (render_tree("ja", japanese, "en"), render_tree("", japanese, "ja")):   # ja/, or make app LANG=ja
        assert "04 · 建築家：入植者の移動" in page and 'lang="ja"' in page


RANGE = re.compile(r"R-[A-Z]+-\d+\s*\.\.")


def test_learner_text_writes_rule_ranges_as_a_learner_reads_them() -> None:
    """A range of rules reads "R-MID-1 to R-MID-4" (「R-MID-1～R-MID-4」), never the programmer's "R-MID-1..4", in the
    catalog, the chapters and the rule text."""
    rules = [(f"docs/{name}", (ROOT / "docs" / name).read_text(encoding="utf-8")) for name in ("rules.md", "rules.ja.md")]
    texts = [(where, text) for where, _language, text in learner_texts()] + rules
    bad = [f"{where}: {text[max(0, m.start() - 30):m.end() + 10]!r}" for where, text in texts
           for m in RANGE.finditer(text)]
    assert not bad, "\n".join(bad[:40])


def test_the_rule_of_a_card_s_price_reads_as_a_learner_s_sentence_with_an_aligned_table() -> None:
    """R-SEN-2 names no file of the program, and its table of slot extras renders with each column's cells aligned
    alike (and lines up in the Markdown source), in both languages."""
    import unicodedata

    from widgets.support import rulebook

    def width(text: str) -> int:
        return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)

    for language in ("en", "ja"):
        rule = rulebook.rule("R-SEN-2", language)
        assert rule is not None
        assert not re.search(r"\.json|\.py\b|concordia_core|`", rule.text), rule.text
        rows = [line for line in rule.text.splitlines() if line.startswith("|")]
        assert len(rows) == 3
        cells = [row.strip("|").split("|") for row in rows]
        assert [len(c) for c in cells] == [8, 8, 8]
        assert all(set(c.strip()) <= {":", "-"} and c.strip().startswith(":") for c in cells[1])   # aligned columns
        pipes = [[width(row[:i]) for i, ch in enumerate(row) if ch == "|"] for row in rows]
        assert pipes[0] == pipes[1] == pipes[2], rows
        html = rule.html()
        for column in range(8):
            styles = set(re.findall(r"<t[hd] style=\"([^\"]*)\"", html)[column::8])
            assert len(styles) == 1, (language, column, styles)


def test_widgets_show_rule_ranges_as_a_learner_reads_them() -> None:
    """Text a widget shows outside the catalog (HTML put together around catalog sentences) writes rule ranges as a
    learner reads them too; docstrings and comments, which no learner sees, are left out."""
    import ast

    bad = []
    for path in sorted((ROOT / "widgets").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                      and node.body and isinstance(node.body[0], ast.Expr)
                      and isinstance(node.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
                    and RANGE.search(node.value)):
                bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value[:80]!r}")
    assert not bad, "\n".join(bad)


def test_chapter_15_lists_the_practice_levels_as_the_set_up_form_offers_them() -> None:
    """Chapter 15 names every level of practice bot the table's set-up form offers (`concordia_core.bots`, gentlest
    first), each by its word and with the form's own description of it, in both languages."""
    from concordia_core import bots
    from widgets.table.seats import LEVEL_TEXT

    for language, folder in (("en", ROOT / "notebooks"), ("ja", ROOT / "notebooks" / "ja")):
        cc.set_language(language)
        try:
            cells = json.loads((folder / "15_first_game.ipynb").read_text(encoding="utf-8"))["cells"]
            text = " ".join(" ".join("".join(c["source"]).split()) for c in cells if c["cell_type"] == "markdown")
            places = []
            for level in bots.BY_STRENGTH:
                name = f"*{bots.level_name(level)}*"
                assert name in text, (language, name)
                place = text.index(name)
                assert cc._(LEVEL_TEXT[level]) in text[place:place + 200], (language, level)
                places.append(place)
            assert places == sorted(places), (language, "the levels in the form's order")
        finally:
            cc.set_language("en")


def test_learner_text_says_how_ties_rank_in_a_learner_s_words() -> None:
    """Tied players share a place and the next place is skipped: said so, never by the programmer's name for it
    ("standard competition ranking") nor with a note on this project's reading of the rule."""
    wrong = re.compile(r"competition rank|this project's reading|project's reading|このプロジェクト", re.I)
    rules = [(f"docs/{name}", (ROOT / "docs" / name).read_text(encoding="utf-8")) for name in ("rules.md", "rules.ja.md")]
    texts = [(where, text) for where, _language, text in learner_texts()] + rules
    bad = [f"{where}: {text[max(0, m.start() - 40):m.end() + 20]!r}" for where, text in texts
           for m in wrong.finditer(text)]
    assert not bad, "\n".join(bad[:20])
