"""The rule reference as the tutor shows it: every rule by id in both languages, searchable, and the
refusal box carrying the cited rule's own text (with a link to docs/rules.md, or in the app mode to the app's rules page)."""
from __future__ import annotations

import pytest

import concordia_core as cc
from widgets.render.refusal import explanation_html
from widgets.support import rulebook, visitor


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_rule_is_read_with_a_title_and_text(language: str) -> None:
    rules = rulebook.rules(language)
    assert len(rules) == 61
    assert list(rules)[0] == "R-SCOPE"
    for item in rules.values():
        assert item.title
        assert item.title != item.id
        assert len(item.text) > 20, item.id
        assert not item.text.startswith(f"**{item.id}"), item.id   # the title line is taken off the text
    assert rules["R-ARCH-4"].section == ("Architect" if language == "en" else rules["R-ARCH-4"].section)


def test_search_finds_rules_by_word_and_by_id() -> None:
    assert [r.id for r in rulebook.search("R-TRIB-2")] == ["R-TRIB-2"]
    found = [r.id for r in rulebook.search("Praefectus right")]
    assert "R-PREF-3" in found
    assert "R-SCORE-9" in found
    assert rulebook.search("no such words anywhere") == []


def test_a_refusal_box_shows_the_rule_text_and_links_to_it(monkeypatch: pytest.MonkeyPatch) -> None:
    game = cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko")
    game.play("play ARCHITECT")
    with pytest.raises(cc.IllegalAction) as info:
        game.play("build ROMA")
    box = explanation_html(info.value)
    assert "R-ARCH-6" in box
    assert rulebook.rule("R-ARCH-6").title in box
    assert "href='../docs/rules.md#R-ARCH-6'" in box
    monkeypatch.setenv(visitor.APP_VARIABLE, "1")   # the app mode serves no docs: the text alone
    box = explanation_html(info.value)
    assert "href='/voila/templates/concordia/static/rules.en.html#R-ARCH-6'" in box
    assert rulebook.rule("R-ARCH-6").title in box
