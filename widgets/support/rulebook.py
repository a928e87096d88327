"""The project's rule reference (docs/rules.md and docs/rules.ja.md) by rule id, for the refusal box and
the rules panel: a refusal cites R-ARCH-4, and the learner reads R-ARCH-4's text right there.

A rule's text runs from its anchor `<a id="R-ARCH-4" ...></a>` to the next anchor or heading; the
paragraph starts with `**R-ARCH-4 — title.**`. The files are the repository's docs/rules.md and
docs/rules.ja.md: read in place in a checkout, and from the copy an installed wheel carries as package
data (widgets/support/rules/, made at build time by setup.py), so the rule text is there either way.
`document()` gives the whole text in order, rules and the prose between them: scripts/rule_pages.py makes the app
mode's rules pages of it, which `RuleText.link` points to there.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import mistune

import concordia_core as cc

from . import visitor

PACKAGED = Path(__file__).resolve().with_name("rules")     # in an installed wheel
DOCS = Path(__file__).resolve().parents[2] / "docs"         # in a checkout
FILES = {"en": "rules.md", "ja": "rules.ja.md"}
APP_PAGES = "/voila/templates/concordia/static/"   # where the app serves the rule text's pages (scripts/rule_pages.py)
_ANCHOR = re.compile(r'^<a id="(R-[A-Z]+(?:-[0-9]+)?)" name="\1"></a>\n', re.M)
_SECTION = re.compile(r"^## (.+)$", re.M)
_TITLE = re.compile(r"^\*\*(R-[A-Z0-9-]+) — (.+?)[.。]\*\*\s*", re.S)
_markdown = mistune.create_markdown(escape=True, plugins=["table"])


@dataclass(frozen=True)
class RuleText:
    """One rule of the reference: its id, short title and text (Markdown), in one language."""

    id: str
    title: str
    text: str
    section: str

    def html(self) -> str:
        """The rule's text as HTML (links to other rules stay fragment links)."""
        return str(_markdown(self.text))

    def link(self, from_folder: str = "notebooks") -> str:
        """Where the learner reads the rule in the whole rule text: a relative link into docs/ from a notebook
        folder (notebooks/ or notebooks/ja/); in the app mode, which serves no docs/, the app's own rules page
        (scripts/rule_pages.py), opened beside the page (the refusal box's link opens a new tab)."""
        if visitor.in_app():
            return f"{APP_PAGES}rules.{cc.get_language()}.html#{self.id}"
        up = "../" * (from_folder.count("/") + 1)
        return f"{up}docs/{FILES.get(cc.get_language(), FILES['en'])}#{self.id}"


def rule_file(language: str) -> Path:
    """The rule text of a language: the wheel's copy if the package carries one, else docs/ in the checkout."""
    name = FILES.get(language, FILES["en"])
    packaged = PACKAGED / name
    return packaged if packaged.is_file() else DOCS / name


@cache
def _document(language: str) -> tuple[str | RuleText, ...]:
    text = rule_file(language).read_text(encoding="utf-8")
    pieces = _ANCHOR.split(text)
    parts: list[str | RuleText] = []
    section = ""
    prose = pieces[0]
    for rule_id, body in zip(pieces[1::2], pieces[2::2], strict=True):
        parts.append(prose)
        headings = _SECTION.findall(prose)
        if headings:
            section = headings[-1].strip()
        heading = re.search(r"^#", body, re.M)          # a rule's text ends at the next heading
        cut = heading.start() if heading else len(body)
        body, prose = body[:cut].strip(), body[cut:]
        match = _TITLE.match(body)
        title = match.group(2) if match else rule_id
        parts.append(RuleText(rule_id, title, body[match.end():] if match else body, section))
    parts.append(prose)
    return tuple(part for part in parts if not isinstance(part, str) or part.strip())


def document(language: str | None = None) -> tuple[str | RuleText, ...]:
    """The whole rule text in its order: the Markdown between the rules (the headings, the introduction, the
    readings at the end) as strings, and every rule as a RuleText (scripts/rule_pages.py makes a page of it)."""
    return _document(language or cc.get_language())


@cache
def _rules(language: str) -> dict[str, RuleText]:
    return {part.id: part for part in _document(language) if isinstance(part, RuleText)}


def rules(language: str | None = None) -> dict[str, RuleText]:
    """Every rule by id, in the given language (default: the tutor's current language)."""
    return _rules(language or cc.get_language())


def rule(rule_id: str, language: str | None = None) -> RuleText | None:
    """The rule with this id (None if the reference has no such rule)."""
    return rules(language).get(rule_id)


def search(query: str, language: str | None = None) -> list[RuleText]:
    """Rules whose id, title or text contain every word of the query (case-insensitive), in order."""
    words = [w.casefold() for w in query.split()]
    found = []
    for item in rules(language).values():
        haystack = f"{item.id} {item.title} {item.text}".casefold()
        if all(w in haystack for w in words):
            found.append(item)
    return found
