"""The rule reference ships with the project: docs/rules.md (and rules.ja.md) hold an anchor for every
rule id, every id the engine, widgets and chapters cite has its anchor, and every anchor is cited by
at least one test (so each rule can be traced to what proves it)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import concordia_core as cc

ROOT = Path(__file__).resolve().parents[2]
ANCHOR = re.compile(r'^<a id="(R-[A-Z]+(?:-[0-9]+)?)" name="\1"></a>$', re.M)
CITED = re.compile(r"(?<![A-Za-z0-9])R[-_](SCOPE|[A-Z]+[-_][0-9]+)(?![0-9])")


def anchors(doc: str) -> list[str]:
    return ANCHOR.findall((ROOT / "docs" / doc).read_text(encoding="utf-8"))


def cited_in(*folders: str, suffixes: tuple[str, ...] = (".py", ".json", ".ipynb", ".md")) -> dict[str, set[str]]:
    """Rule id -> files citing it (R-ARCH-4 or, in test names, R_ARCH_4)."""
    found: dict[str, set[str]] = {}
    for folder in folders:
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in suffixes and path.is_file():
                for match in CITED.finditer(path.read_text(encoding="utf-8")):
                    found.setdefault("R-" + match.group(1).replace("_", "-"), set()).add(str(path.relative_to(ROOT)))
    return found


def test_every_rule_has_exactly_one_anchor_in_order() -> None:
    ids = anchors("rules.md")
    assert len(ids) == len(set(ids)), "an id is anchored twice"
    assert len(ids) == 61  # R-SCOPE and the 60 numbered rules
    assert ids[0] == "R-SCOPE"
    assert ids[-1] == "R-MID-4"


def test_the_japanese_reference_has_the_same_anchors_in_the_same_order() -> None:
    assert anchors("rules.ja.md") == anchors("rules.md")


def test_every_rule_id_cited_by_the_tutor_is_anchored() -> None:
    known = set(anchors("rules.md"))
    cited = cited_in("concordia_core", "widgets", "notebooks")
    unknown = {rule: sorted(files) for rule, files in cited.items() if rule not in known}
    assert not unknown, f"rule ids cited but not in docs/rules.md: {unknown}"
    assert len(cited) >= 55  # the engine and chapters really cite rules (guards against a broken regex)


def test_every_anchor_is_cited_by_a_test() -> None:
    cited = cited_in("tests", suffixes=(".py",))
    untested = [rule for rule in anchors("rules.md") if not cited.get(rule, set()) - {"tests/content/test_rules_doc.py"}]
    assert not untested, f"rules no test cites: {untested}"


@pytest.mark.parametrize("doc", ["rules.md", "rules.ja.md"])
def test_every_rule_paragraph_starts_with_its_id_and_links_resolve(doc: str) -> None:
    text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
    for rule in anchors(doc):
        after = text.split(f'<a id="{rule}" name="{rule}"></a>\n', 1)[1]
        assert after.startswith(f"**{rule} — "), f"{doc}: the paragraph after {rule}'s anchor starts {after[:30]!r}"
    for target in re.findall(r"\]\(#(R-[A-Z0-9-]+)\)", text):
        assert target in anchors(doc), f"{doc} links to #{target}, which is not an anchor"


def test_R_SCOPE_base_game_only() -> None:
    assert cc.available_maps() == ["imperium", "italia"]
    from concordia_core.cards import all_cards
    assert {c.god for c in all_cards().values()} == {"vesta", "jupiter", "saturnus", "mercurius", "mars", "minerva"}
    assert len([c for c in all_cards().values() if c.purchased]) == 30
