"""One message catalog for every text a person reads (docs/architecture.md principle 7), in English and Japanese:
every text of the engine and the widgets is in the Japanese catalog and translated, with exactly its
placeholders and the glossary's words for the game terms; the compiled catalog is up to date; and
with the language set to Japanese, the engine speaks Japanese while rule ids and notation stay."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import load_script

import concordia_core as cc

ROOT = Path(__file__).resolve().parents[2]


TOOL = load_script("catalog")
JA = TOOL.read(TOOL.po_path("ja"), "ja")
ENTRIES = {TOOL._key(m.id): m for m in JA if m.id}


def _strings(message: object) -> list[str]:
    string = message.string  # type: ignore[attr-defined]
    return list(string) if isinstance(string, tuple) else [string]


def test_every_text_of_the_code_is_in_the_japanese_catalog() -> None:
    extracted = [TOOL._key(m.id) for m in TOOL.extract() if m.id]
    assert len(extracted) > 1000   # the extraction really sees the engine's and the widgets' texts
    missing = [text for text in extracted if text not in ENTRIES]
    assert not missing, f"{len(missing)} texts are not in the catalog (run scripts/catalog.py update): {missing[:5]}"


def test_every_catalog_entry_has_a_japanese_translation() -> None:
    untranslated = TOOL.untranslated(JA)
    assert not untranslated, f"{len(untranslated)} entries have no Japanese translation, e.g. {untranslated[:5]}"


def test_translations_keep_exactly_the_placeholders() -> None:
    assert TOOL.placeholder_problems(JA) == []


def test_the_compiled_catalog_is_the_catalog() -> None:
    assert TOOL.mo_path("ja").read_bytes() == TOOL.compiled("ja")


def test_placeholder_check_sees_a_dropped_placeholder() -> None:
    from babel.messages.catalog import Catalog
    broken = Catalog(locale="ja")
    broken.add("you have {coins}", "コインがあります")
    assert TOOL.placeholder_problems(broken)


GLOSSARY = cc.glossary()
CORE_TERMS = ("storehouse", "Praefectus Magnus", "Concordia card", "province", "colonist", "bonus tile",
              "card display", "discard pile", "deck", "specialist")


def _terms() -> list[tuple[str, str, str]]:
    """(kind, English, Japanese) of the cards, gods, goods and core terms the catalog must use."""
    found = [(kind, names["en"], names["ja"]) for kind in ("card", "god", "good")
             for names in GLOSSARY[kind].values()]
    found += [("term", term, GLOSSARY["term"][term]["ja"]) for term in CORE_TERMS]
    return found


@pytest.mark.parametrize("kind, english, japanese", _terms(), ids=lambda v: str(v))
def test_the_catalog_uses_the_glossarys_word_for_each_game_term(kind: str, english: str, japanese: str) -> None:
    word = re.compile(rf"(?<![\w-]){re.escape(english)}(?![\w-])", re.IGNORECASE if kind != "card" else 0)
    offenders = []
    for text, message in ENTRIES.items():
        words = re.sub(r"{[^}]*}|'[^']*'|`[^`]*`", " ", text)   # placeholders and quoted notation are not words
        if not word.search(words):
            continue
        for translated in _strings(message):
            if translated and japanese not in translated:
                offenders.append(f"{text!r} -> {translated!r}")
    assert not offenders, f"{english} should read {japanese}: {offenders[:5]}"


@pytest.mark.usefixtures("japanese")
def test_an_illegal_move_is_refused_in_japanese_with_its_rule_id() -> None:
    game = cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko")
    game.play("play ARCHITECT")
    with pytest.raises(cc.IllegalAction) as info:
        game.play("build ROMA")
    assert info.value.rule == "R-ARCH-6"
    assert "R-ARCH-6" in str(info.value)
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", info.value.explanation), info.value.explanation
    assert "ローマ" in info.value.explanation


@pytest.mark.usefixtures("japanese")
def test_counters_and_names_come_out_in_japanese() -> None:
    assert cc.coins_text(3) == "3コイン"
    assert cc.goods_text(cc.Goods({"brick": 2})) == "レンガ2個"
    assert cc.card("PREFECT").display_name == "長官"
    assert str(cc.parse_action("play PREFECT")) == "play PREFECT"   # notation is language-neutral


def test_the_language_comes_from_the_environment_for_the_app_mode() -> None:
    code = "import concordia_core as cc; print(cc.get_language(), cc.coins_text(2))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                         env={"CONCORDIA_LANG": "ja", "PATH": "/usr/bin:/bin"})
    assert out.stdout.strip() == "ja 2コイン"


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(cc.InvalidAction, match="unknown language 'fr'"):
        cc.set_language("fr")
    assert cc.get_language() == "en"
