"""The app mode's rules pages (app/share/jupyter/voila/templates/concordia/static/rules.en.html, rules.ja.html) are what
scripts/rule_pages.py makes from docs/rules*.md now, and hold the whole rule text: every rule of the Markdown in an
element with its id, every heading, every paragraph, links between rules as #R-... fragments, nothing fetched."""
from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote

import pytest
from helpers import load_script
from rule_text import ANCHOR, DOCS, markdown_rules, paragraphs

from widgets.support import rulebook, visitor

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "app" / "share" / "jupyter" / "voila" / "templates" / "concordia" / "static"
rule_pages = load_script("rule_pages")


class Elements(HTMLParser):
    """Every element's tag and attributes, and each section's text by its id."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.sections: dict[str, str] = {}
        self.headings: list[str] = []
        self.text: list[str] = []
        self._open: list[str] = []       # the ids of the sections the parser is inside
        self._heading: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag == "section":
            self._open.append(dict(attrs).get("id") or "")
            self.sections[self._open[-1]] = ""
        if tag in ("h1", "h2"):
            self._heading = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "section":
            self._open.pop()
        if tag in ("h1", "h2") and self._heading is not None:
            self.headings.append("".join(self._heading).strip())
            self._heading = None

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        for name in self._open:
            self.sections[name] += data
        if self._heading is not None:
            self._heading.append(data)


def parsed(language: str) -> Elements:
    parser = Elements()
    parser.feed((STATIC / f"rules.{language}.html").read_text(encoding="utf-8"))
    return parser


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_committed_rules_pages_are_what_the_script_makes_now(language: str) -> None:
    committed = STATIC / f"rules.{language}.html"
    assert committed.is_file(), f"{committed.relative_to(ROOT)} is missing: run {rule_pages.COMMAND}"
    assert committed.read_text(encoding="utf-8") == rule_pages.page(language), (
        f"{committed.relative_to(ROOT)} is not what docs/{DOCS[language].name} makes now: run {rule_pages.COMMAND}")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_rule_of_the_markdown_has_its_element_with_its_text(language: str) -> None:
    rules = markdown_rules(language)
    assert len(rules) > 50
    page = parsed(language)
    assert list(page.sections) == list(rules)
    for rule_id, (title, texts) in rules.items():
        shown = " ".join(page.sections[rule_id].split())
        assert shown.startswith(f"{rule_id} — {title} "), shown[:80]
        for paragraph in texts:
            assert paragraph in shown, f"{rule_id}: {paragraph[:80]}"


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_whole_text_is_there_headings_kept(language: str) -> None:
    markdown = DOCS[language].read_text(encoding="utf-8")
    page = parsed(language)
    assert page.headings == [line.lstrip("#").strip() for line in markdown.splitlines() if re.match(r"#{1,2} ", line)]
    text = " ".join("".join(page.text).split())
    for paragraph in paragraphs(re.sub(r"\*\*R-\S+ — .+?[.。]\*\*\s*", "", ANCHOR.sub("", markdown))):  # titles: above
        assert paragraph in text, paragraph[:80]


@pytest.mark.parametrize("language", ["en", "ja"])
def test_links_stay_on_the_pages_and_nothing_is_fetched(language: str) -> None:
    page = parsed(language)
    html_tag = next(attrs for tag, attrs in page.tags if tag == "html")
    assert html_tag["lang"] == language
    ids = {attrs["id"] for _tag, attrs in page.tags if attrs.get("id")}
    links = [attrs["href"] or "" for tag, attrs in page.tags if tag == "a" and "href" in attrs]
    rule_links = [href for href in links if href.startswith("#R-")]
    assert len(rule_links) >= 15
    for href in links:
        if href.startswith("#"):
            assert unquote(href[1:]) in ids, href
        else:
            assert href in ("rules.en.html", "rules.ja.html"), href
    assert not [tag for tag, attrs in page.tags if tag in ("script", "img", "link", "iframe")]
    assert not re.search(r"(?:https?:)?//", (STATIC / f"rules.{language}.html").read_text(encoding="utf-8"))


@pytest.mark.parametrize("language", ["en", "ja"])
def test_in_the_app_a_widget_links_a_rule_to_its_place_in_a_rules_page(
        language: str, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> None:
    """The refusal box's "Open R-ARCH-6 in the rules" (RuleText.link): in the app, the page the app serves for the
    tutor's language, at the rule's element (outside the app: docs/, relative to the chapter)."""
    if language == "ja":
        request.getfixturevalue("japanese")
    item = rulebook.rule("R-ARCH-6")
    assert item is not None
    assert item.link() == f"../docs/{DOCS[language].name}#R-ARCH-6"
    monkeypatch.setenv(visitor.APP_VARIABLE, "1")
    assert item.link() == f"/voila/templates/concordia/static/rules.{language}.html#R-ARCH-6"
    assert "R-ARCH-6" in parsed(language).sections
