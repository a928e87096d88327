"""The project's rule reference (docs/rules.md and docs/rules.ja.md) by rule id, for the refusal box and
the rules panel: a refusal cites R-ARCH-4, and the learner reads R-ARCH-4's text right there.

A rule's text runs from its anchor `<a id="R-ARCH-4" ...></a>` to the next anchor or heading; the
paragraph starts with `**R-ARCH-4 — title.**`. The files are the repository's docs/rules.md and
docs/rules.ja.md: read in place in a checkout, and from the copy an installed wheel carries as package
data (widgets/support/rules/, made at build time by setup.py), so the rule text is there either way.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import mistune

import concordia_core as cc

PACKAGED = Path(__file__).resolve().with_name("rules")     # in an installed wheel
DOCS = Path(__file__).resolve().parents[2] / "docs"         # in a checkout
FILES = {"en": "rules.md", "ja": "rules.ja.md"}
APP_VARIABLE = "CONCORDIA_APP"   # set by the app mode (app/voila.py)
_ANCHOR = re.compile(r'^<a id="(R-[A-Z]+(?:-[0-9]+)?)" name="\1"></a>\n', re.M)
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

    def link(self, from_folder: str = "notebooks") -> str | None:
        """A relative link to the rule in the docs, from a notebook folder (notebooks/ or notebooks/ja/);
        None in the app mode, which serves no files outside the chapters (the text is shown instead)."""
        if os.environ.get(APP_VARIABLE):
            return None
        up = "../" * (from_folder.count("/") + 1)
        return f"{up}docs/{FILES.get(cc.get_language(), FILES['en'])}#{self.id}"


def rule_file(language: str) -> Path:
    """The rule text of a language: the wheel's copy if the package carries one, else docs/ in the checkout."""
    name = FILES.get(language, FILES["en"])
    packaged = PACKAGED / name
    return packaged if packaged.is_file() else DOCS / name


@cache
def _rules(language: str) -> dict[str, RuleText]:
    text = rule_file(language).read_text(encoding="utf-8")
    rules: dict[str, RuleText] = {}
    section = ""
    pieces = _ANCHOR.split(text)
    heading = re.compile(r"^## (.+)$", re.M)
    for before, rule_id, body in zip(pieces[:-1:2], pieces[1::2], pieces[2::2], strict=True):
        headings = heading.findall(before)
        if headings:
            section = headings[-1].strip()
        body = re.split(r"^#", body, maxsplit=1, flags=re.M)[0].strip()
        match = _TITLE.match(body)
        title = match.group(2) if match else rule_id
        rules[rule_id] = RuleText(rule_id, title, body[match.end():] if match else body, section)
    return rules


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
