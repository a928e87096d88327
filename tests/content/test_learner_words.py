"""A test reads what a learner reads, in English and in Japanese, and checks the Japanese reads as Japanese.

What is read, each in both languages: every chapter executed (every code cell of notebooks/ and notebooks/ja/, run
as tests/content/test_pure_python_path.py runs them, each language in a fresh interpreter as a kernel of its own) and the
text of every widget it shows, through containers (an HTML or Label widget's value, a description, a tooltip, a
placeholder, a menu's options, an anywidget's text traits; markup and code removed, a tooltip or screen-reader name
in markup kept); the Markdown of every chapter; docs/rules.md and docs/rules.ja.md; the message catalog and the box
guide's printable sheet (tests/content/test_learner_text.py's texts); and a few seeded games of practice bots: their log and
reasons, and at some positions the game screen (before and after its controls are set to the bot's choice), the
refusal boxes of illegal actions and the hints (`concordia_core.bots.hints`: reasons, what a play prepares, where
the difference comes from).

What is checked (docs/translating.md, the style sheet):
- no half-width colon, semicolon, comma or bracket beside a Japanese character (spaces aside), and no space after
  a full-width colon or comma (「コイン： 14」);
- no English word in Japanese text but the short list `ALLOWED_LATIN` (the players' names, the move notation, the
  board's Latin names) and the board's place names; rule ids and a card's deck (I to V) are not words;
- a number's minus sign is −, U+2212, in both languages: never a hyphen;
- the start page's chapter titles are the chapters' own first headings, in both languages;
- a Japanese chapter gives a place's reading beside its Latin board name the first time the name is in its prose
  (「コサ（COSA）」 or 「COSA（コサ）」).
"""
from __future__ import annotations

import html
import json
import os
import random
import re
import subprocess
import sys
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as ipw
import mistune
import pytest
from helpers import candidate_actions
from test_learner_text import NAMES, PRINTED, catalog, first_heading, sheets

import concordia_core as cc
from concordia_core import bots
from widgets.render.refusal import explanation_html
from widgets.screen.game_screen import GameApp
from widgets.support import saves

pytestmark = pytest.mark.slow  # every chapter run in both languages, once for the module (about 20 s)

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("en", "ja")
FOLDERS = {"en": ROOT / "notebooks", "ja": ROOT / "notebooks" / "ja"}
Text = tuple[str, str, str]                  # (where, language, text)


# --- markup to words -------------------------------------------------------------------------------------------
MARKDOWN = mistune.create_markdown(escape=False, plugins=["table"])
HIDDEN = re.compile(r"<(style|script|code|pre)\b[^>]*>.*?</\1>", re.S | re.I)
ATTRIBUTE = re.compile(r"""\b(?:title|aria-label|alt)\s*=\s*(?:"([^"]*)"|'([^']*)')""", re.I)
INLINE = re.compile(r"</?(?:a|abbr|b|bdi|code|em|i|kbd|label|mark|q|s|small|span|strong|sub|sup|time|u|tspan)\b[^>]*>",
                    re.I)                   # inside a line of text: taken out without a space
TAG = re.compile(r"<[^>]*>")


def words(markup: str) -> list[str]:
    """What a person reads of some HTML or SVG: its text, and the tooltips and screen-reader names in its tags; code,
    styles and scripts left out."""
    markup = HIDDEN.sub(" ", markup)
    said = [html.unescape(a or b) for a, b in ATTRIBUTE.findall(markup)]
    text = html.unescape(TAG.sub("\n", INLINE.sub("", markup)))
    return [t for t in (text, *said) if t.strip()]


def markdown_words(source: str) -> str:
    """A Markdown text as its reader reads it (rendered, code and markup left out; a table's column headed 英語 or
    英語名, English by design, left out too)."""
    return "\n".join(words(str(MARKDOWN(without_english_column(source)))))


def without_english_column(source: str) -> str:
    """The Markdown with every table's column headed 英語 or 英語名 (English, English name) taken out."""
    lines, column = source.splitlines(), None
    for i, line in enumerate(lines):
        if not line.startswith("|"):
            column = None
            continue
        cells = line.strip().strip("|").split("|")
        if column is None:
            column = next((k for k, cell in enumerate(cells) if cell.strip() in ("英語", "英語名")), -1)
        if column >= 0:
            lines[i] = "|" + "|".join(c for k, c in enumerate(cells) if k != column) + "|"
    return "\n".join(lines)


# --- the widgets of an executed chapter --------------------------------------------------------------------------
VALUE_READ = (ipw.HTML, ipw.HTMLMath, ipw.Label)
TEXT_KEYS = ("description", "tooltip", "placeholder", "_options_labels", "titles")
NOT_TEXT = {"pickable", "selected", "answers", "scope", "targets", "query", "role", "politeness", "key", "colour"}


def _strings(value: Any) -> Iterator[str]:
    """The strings in a trait's value (lists and dicts walked; a dict's keys are ids, and some of its values too)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in NOT_TEXT:
                yield from _strings(item)


def widget_texts(obj: Any, seen: set[int] | None = None) -> Iterator[tuple[str, str]]:
    """(where, text) for every text a widget tree shows, through children and widget-valued traits; a lesson's
    object that holds its widget (`widget`, `box`, `view`) is read through it."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return
    seen.add(id(obj))
    if not isinstance(obj, ipw.Widget):
        for attr in ("widget", "box", "view"):
            if isinstance(getattr(obj, attr, None), ipw.Widget):
                yield from widget_texts(getattr(obj, attr), seen)
        return
    name = type(obj).__name__
    if isinstance(obj, anywidget.AnyWidget):
        keys = [k for k in obj.trait_names(sync=True) if not k.startswith("_") and k not in NOT_TEXT]
    else:
        keys = [*(("value",) if isinstance(obj, VALUE_READ) else ()), *(k for k in TEXT_KEYS if obj.has_trait(k))]
    for key in keys:
        for text in _strings(getattr(obj, key)):
            yield from ((f"{name}.{key}", t) for t in words(text))
    for key in obj.keys:
        value = getattr(obj, key, None)
        for item in value if isinstance(value, list | tuple) else [value]:
            if isinstance(item, ipw.Widget):
                yield from widget_texts(item, seen)


def run_chapters(language: str) -> dict[str, list[Any]]:
    """Every code cell of every chapter in `language` run as a notebook runs it: {"texts": what its widgets show,
    "failed": the cells that raised}."""
    found: list[Text] = []
    failed: list[str] = []
    for path in sorted(FOLDERS[language].glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for index, cell in enumerate(cells):
            if cell["cell_type"] != "code":
                continue
            lines = "".join(cell["source"]).strip().splitlines()
            where = f"{language} chapter {path.name} cell {index}"
            try:
                scope: dict[str, Any] = {}
                exec("\n".join(lines[:-1]), scope)
                shown = eval(lines[-1], scope)
                found += [(f"{where} {what}", language, text) for what, text in widget_texts(shown)]
            except Exception:
                failed.append(f"{where}: {traceback.format_exc(limit=-3)}")
    return {"texts": found, "failed": failed}


def chapters_in_a_kernel(language: str, saves_folder: Path) -> subprocess.Popen[str]:
    """The chapters of `language` run in a fresh interpreter, as a kernel of `make tutor` or `make app` runs them
    (the tutor's language from the start, a saves folder of their own); it prints run_chapters' JSON."""
    env = {**os.environ, cc.i18n.ENVIRONMENT_VARIABLE: language, saves.ENVIRONMENT_VARIABLE: str(saves_folder),
           "PYTHONPATH": os.pathsep.join([str(Path(__file__).resolve().parents[1]), os.environ.get("PYTHONPATH", "")])}
    return subprocess.Popen([sys.executable, __file__, language], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


# --- documents ---------------------------------------------------------------------------------------------------
def chapter_markdown() -> Iterator[Text]:
    for language, folder in FOLDERS.items():
        for path in sorted(folder.glob("*.ipynb")):
            for index, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
                if cell["cell_type"] == "markdown":
                    yield (f"{language} chapter {path.name} cell {index}", language,
                           markdown_words("".join(cell["source"])))


def rule_texts() -> Iterator[Text]:
    for name, language in (("rules.md", "en"), ("rules.ja.md", "ja")):
        yield f"docs/{name}", language, markdown_words((ROOT / "docs" / name).read_text(encoding="utf-8"))


# --- seeded games ------------------------------------------------------------------------------------------------
GAMES = (("italia", ("easy", "greedy", "random"), 3), ("imperium", ("greedy", "easy", "greedy", "random"), 8))
POSITIONS = 8                     # about how many positions of each game where illegal actions are tried, hints asked
REFUSALS = 12                     # illegal actions tried at each of them


def game_texts(language: str) -> Iterator[Text]:
    """The log, the bots' reasons, refusals and hints of a few seeded games of practice bots, in `language`."""
    cc.set_language(language)
    try:
        for map_name, levels, seed in GAMES:
            names = ["Aiko", "Ben", "Chloe", "Dario"][:len(levels)]
            game = cc.new_game(map_name, names, seed=seed, first_player="Aiko")
            players = {name: bots.make(level, seed) for name, level in zip(names, levels, strict=True)}
            rng = random.Random(seed)
            where = f"{language} game {map_name} seed {seed}"
            while not game.state.over and game.state.actor is not None:
                state = game.state
                choice = players[game.state.actor].choose(state)
                yield f"{where} step {len(game.history)} reason", language, choice.reason
                if rng.random() < POSITIONS / 250:
                    yield from position_texts(game, choice.action, rng, f"{where} step {len(game.history)}", language)
                game.play(choice.action)
            for entry in cc.narrate.entries(game.initial, [(s.action, s.state) for s in game.history]):
                yield f"{where} log", language, entry.text
    finally:
        cc.set_language("en")


def position_texts(game: cc.Game, chosen: cc.Action, rng: random.Random, where: str, language: str) -> Iterator[Text]:
    """The game screen at the game's position, before and after its controls are set to the bot's choice (the
    preview of it), the refusal boxes of some illegal actions there (as the screen shows them), and its hints."""
    app = GameApp(game)
    yield from ((f"{where} screen {what}", language, text) for what, text in widget_texts(app))
    panel = app.controls.panel
    for control, value in panel.settings(chosen) if panel is not None else ():
        control.value = value
    yield from ((f"{where} screen set to {chosen} {what}", language, text) for what, text in widget_texts(app))
    state = game.state
    listed = set(cc.legal_actions(state))
    illegal = [a for a in candidate_actions(state) if a not in listed]
    for action in rng.sample(illegal, min(REFUSALS, len(illegal))):
        try:
            cc.apply(state, action)
        except cc.ConcordiaError as refused:
            yield from ((f"{where} refusal of {action}", language, t) for t in words(explanation_html(refused)))
    for hint in bots.hints(state, budget=bots.FIRST):
        yield f"{where} hint {hint.action} reason", language, hint.reason
        if hint.prepares:
            yield f"{where} hint {hint.action} prepares", language, hint.prepares
        if parts := bots.parts_text(hint.gain, hint.others_gain):
            yield f"{where} hint {hint.action} parts", language, parts


# --- everything --------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def chapters_run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Any]]:
    """The chapters' widgets in both languages, each language in its own interpreter (the two at once)."""
    runs = [chapters_in_a_kernel(language, tmp_path_factory.mktemp(f"saves-{language}")) for language in LANGUAGES]
    result: dict[str, list[Any]] = {"texts": [], "failed": []}
    for run in runs:
        out, err = run.communicate(timeout=900)
        assert run.returncode == 0, err[-4000:]
        for key, items in json.loads(out.strip().splitlines()[-1]).items():
            result[key] += [tuple(item) if key == "texts" else item for item in items]
    return result


@pytest.fixture(scope="module")
def read(chapters_run: dict[str, list[Any]]) -> list[Text]:
    """Everything a learner reads, in both languages."""
    return [*chapters_run["texts"], *chapter_markdown(), *rule_texts(), *catalog(), *sheets(),
            *game_texts("en"), *game_texts("ja")]


def test_learner_words_every_chapter_cell_was_read(chapters_run: dict[str, list[Any]]) -> None:
    """Every cell ran, in both languages, and the chapters showed words in both (else the checks read nothing)."""
    assert not chapters_run["failed"], "\n".join(chapters_run["failed"])
    for language in LANGUAGES:
        shown = {where.split(" cell ")[0] for where, lang, _t in chapters_run["texts"] if lang == language}
        assert len(shown) == len(list(FOLDERS[language].glob("*.ipynb"))), (language, sorted(shown))


# --- the checks --------------------------------------------------------------------------------------------------
LIMIT = 60                                     # findings shown by a failing check
JA_CHAR = r"[\u3040-\u30ff\u4e00-\u9fff\u3000-\u303f\uff01-\uff5e]"
MARK = r"[ \t]*[:;,()\[\]][ \t]*"
HALF_WIDTH = {"ja": re.compile(f"{JA_CHAR}{MARK}|{MARK}{JA_CHAR}|[：、][ \t]+(?=\\S)"),   # beside Japanese, in Japanese
              "en": re.compile(f"{JA_CHAR}{MARK}{JA_CHAR}")}              # between Japanese words in an English one
PLACEHOLDER = re.compile(r"\{[^}]*\}")           # a message's placeholder: read as a word, X
QUOTED = re.compile(r"\[(?:'[^']*',?\s*)+\]|'[^'\n]*'")  # notation quoted in a sentence, or a list of names in code


def around(text: str, start: int, end: int, width: int = 25) -> str:
    return " ".join(text[max(0, start - width):end + width].split())


def test_learner_words_no_half_width_punctuation_beside_japanese(read: list[Text]) -> None:
    """A colon, semicolon, comma or bracket beside a Japanese character (spaces aside) is a Japanese sentence's, and
    full-width there (：；、（）［］), with no space after it: in the Japanese texts, and between the Japanese words
    of an English one. Notation in quotes and placeholders are left out."""
    bad = set()
    for where, language, text in read:
        plain = QUOTED.sub("X", PLACEHOLDER.sub("X", text))
        bad |= {f"{where}: …{around(plain, m.start(), m.end())}…" for m in HALF_WIDTH[language].finditer(plain)}
    assert not bad, f"{len(bad)} found:\n" + "\n".join(sorted(bad)[:LIMIT])


ALLOWED_LATIN = {
    *("Aiko", "Ben", "Chloe", "Cara", "Dario", "Dan", "Eve", "Livia", "Marcus", "Julia"),     # the players' names
    *("play", "move", "build", "produce", "collect", "income", "done", "buy", "sell", "copy", "purchase", "paying",
      "place", "recruit", "keep", "nothing", "land", "sea", *cc.GOODS, *cc.glossary()["card"]),   # the notation
    "Praefectus", "Magnus",                                                # the board's Latin name of a card
    "Ctrl", "Cmd", "ID", "QR", "JupyterLab",                               # keys, and words Japanese writes so
}
LATIN_WORD = re.compile(r"(?<![A-Za-zÆ])[A-Za-zÆ][A-Za-zÆ']+")
RULE_ID = re.compile(r"(?<![A-Za-z])R-[A-Z]+(?:-\d+)?")
ROMAN = re.compile(r"[IVX]+")          # a card's deck (I to V)


def test_learner_words_no_english_in_japanese_text(read: list[Text]) -> None:
    """A Japanese text a learner reads has no English word but the short list ALLOWED_LATIN and the board's Latin
    place names (ROMA, ETRVRIA); rule ids and a card's deck (I to V) are not words. The catalog's texts for
    programmers (a malformed argument) are left out: a learner reads the catalog through the screens."""
    allowed = ALLOWED_LATIN | {word for name in [*NAMES.values(), *PRINTED] for word in re.findall(r"[A-ZÆ]+", name)}
    bad = set()
    for where, language, text in read:
        if language != "ja" or where.startswith("catalog"):
            continue
        plain = RULE_ID.sub(" ", PLACEHOLDER.sub(" ", text))
        for m in LATIN_WORD.finditer(plain):
            word = m.group(0).strip("'")
            if len(word) > 1 and word not in allowed and not ROMAN.fullmatch(word):
                bad.add(f"{where}: {word!r} in …{around(plain, m.start(), m.end())}…")
    assert not bad, f"{len(bad)} found:\n" + "\n".join(sorted(bad)[:LIMIT])


HYPHEN_MINUS = re.compile(r"(?<![A-Za-z0-9_\-./:=#&])[-‐–](?=\d)")


def test_learner_words_one_minus_sign(read: list[Text]) -> None:
    """A number's minus sign is −, U+2212, in both languages (as `widgets.render.words.signed` and the hints write
    it): never a hyphen or a dash, which would stand beside the true sign elsewhere (「ウェスタ -2」, 「約−10.5点」)."""
    bad = set()
    for where, _language, text in read:
        plain = PLACEHOLDER.sub("X", text)
        bad |= {f"{where}: …{around(plain, m.start(), m.end())}…" for m in HYPHEN_MINUS.finditer(plain)}
    assert not bad, f"{len(bad)} found:\n" + "\n".join(sorted(bad)[:LIMIT])


@pytest.mark.parametrize("language", LANGUAGES)
def test_learner_words_start_page_titles_each_chapter_by_its_heading(language: str) -> None:
    """Every `[NN · title](NN_….ipynb)` of the start page is the chapter's own first heading, and every chapter has
    one."""
    folder = FOLDERS[language]
    start = "".join("".join(c["source"]) for c in json.loads((folder / "00_start_here.ipynb").read_text(
        encoding="utf-8"))["cells"] if c["cell_type"] == "markdown")
    links = re.findall(r"\[(\d\d · [^\]]+)\]\((\d\d_\w+\.ipynb)\)", start)
    wrong = sorted({f"[{title}] for {target}: its heading is {first_heading(folder / target)!r}"
                    for title, target in links if title != first_heading(folder / target)})
    assert not wrong, "\n".join(wrong)
    assert {target for _t, target in links} == {p.name for p in folder.glob("[0-9][0-9]_*.ipynb")} - {"00_start_here.ipynb"}


def place_names() -> dict[str, str]:
    """A place's board name in plain Latin letters -> its Japanese reading (cities and provinces)."""
    glossary = cc.glossary()
    return {NAMES[pid]: glossary[kind][pid]["ja"] for kind in ("city", "province") for pid in glossary[kind]}


def test_learner_words_a_japanese_chapter_reads_each_place_name_the_first_time() -> None:
    """The first time a Japanese chapter's prose names a place by its Latin board name, the glossary's reading is
    beside it: 「コサ（COSA）」 or 「COSA（コサ）」."""
    bad = []
    for path in sorted(FOLDERS["ja"].glob("*.ipynb")):
        prose = "\n".join(markdown_words("".join(c["source"])) for c in json.loads(path.read_text(encoding="utf-8"))[
            "cells"] if c["cell_type"] == "markdown")
        for latin, reading in place_names().items():
            first = re.search(r"(?<![A-Za-z])" + re.escape(latin) + r"(?![A-Za-z])", prose)
            if first is None:
                continue
            before, after = prose[:first.start()], prose[first.end():]
            if not (before.endswith(f"{reading}（") and after.startswith("）")) and not after.startswith(f"（{reading}）"):
                bad.append(f"{path.name}: {latin} without {reading}: …{around(prose, first.start(), first.end())}…")
    assert not bad, "\n".join(bad)


if __name__ == "__main__":                 # the chapters of one language, for chapters_in_a_kernel
    print(json.dumps(run_chapters(sys.argv[1]), ensure_ascii=False))
