"""The Japanese chapters stay in step with the English ones: notebooks/ja/ has every chapter, with the
same cells in the same order, code equal but for the language switch, Markdown in Japanese, and links
to the Japanese rules and chapters that exist. (tests/content/test_notebooks.py runs every notebook, these too.)"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import load_script

ROOT = Path(__file__).resolve().parents[2]
EN = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
JA_DIR = ROOT / "notebooks" / "ja"
CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
LATIN = re.compile(r"[A-Za-z]")
LINK = re.compile(r"\]\(([^)\s]+)\)")


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


_script = load_script("ja_chapters")
english_code = _script.english_code
SWITCH = {line.strip() for line in _script.SWITCH}   # the two lines the script puts at the top of a code cell


def prose(markdown: str) -> str:
    """The words of a Markdown cell, without code, links' targets, rule ids and printed place names."""
    text = re.sub(r"```.*?```|`[^`]*`", " ", markdown, flags=re.S)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    text = re.sub(r"<[^>]+>", " ", text)
    text = re.sub(r"\bR-[A-Z]+(?:-\d+)?\b|\b[A-Z][A-Z_·Æ]{2,}\b", " ", text)
    return text


def test_every_chapter_has_its_japanese_edition() -> None:
    assert len(EN) >= 20
    assert [p.name for p in EN] == sorted(p.name for p in JA_DIR.glob("[0-9][0-9]_*.ipynb"))


@pytest.mark.parametrize("english", EN, ids=lambda p: p.name)
def test_same_cells_same_code_but_the_language_switch(english: Path) -> None:
    en, ja = cells(english), cells(JA_DIR / english.name)
    assert [c["cell_type"] for c in ja] == [c["cell_type"] for c in en]
    for index, (a, b) in enumerate(zip(en, ja, strict=True)):
        if a["cell_type"] != "code":
            continue
        assert english_code(b["source"]) == english_code(a["source"]), f"{english.name} cell {index}"
        assert SWITCH <= {line.strip() for line in "".join(b["source"]).splitlines()}, f"cell {index}: no switch"
        assert b["metadata"].get("jupyter", {}).get("source_hidden") is True


@pytest.mark.parametrize("english", EN, ids=lambda p: p.name)
def test_the_markdown_is_japanese(english: Path) -> None:
    for index, cell in enumerate(cells(JA_DIR / english.name)):
        if cell["cell_type"] != "markdown":
            continue
        words = prose("".join(cell["source"]))
        japanese, latin = len(CJK.findall(words)), len(LATIN.findall(words))
        assert japanese > 0, f"{english.name} cell {index} has no Japanese"
        assert japanese >= latin, f"{english.name} cell {index} reads mostly in Latin letters ({latin} vs {japanese})"


@pytest.mark.parametrize("english", EN, ids=lambda p: p.name)
def test_links_reach_the_japanese_rules_and_chapters(english: Path) -> None:
    for cell in cells(JA_DIR / english.name):
        if cell["cell_type"] != "markdown":
            continue
        for target in LINK.findall("".join(cell["source"])):
            if target.startswith(("http://", "https://", "#")):
                continue
            path, _, anchor = target.partition("#")
            assert (JA_DIR / path).resolve().exists(), f"{english.name}: link to {target} leads nowhere"
            if path.endswith("rules.md"):
                pytest.fail(f"{english.name}: links to the English rules ({target}); use rules.ja.md")
            if anchor and path.endswith("rules.ja.md"):
                assert f'<a id="{anchor}"' in (JA_DIR / path).read_text(encoding="utf-8"), target
