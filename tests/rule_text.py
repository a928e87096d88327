"""The rule text of docs/rules.md and docs/rules.ja.md as a reader sees it (not a test module): the rules pages'
test (tests/content/test_rule_pages.py) and the rule dialogs' (tests/browser/test_rule_links.py) compare with it."""
from __future__ import annotations

import html
import re

from helpers import ROOT

DOCS = {"en": ROOT / "docs" / "rules.md", "ja": ROOT / "docs" / "rules.ja.md"}
TITLE = re.compile(r"\*\*(R-[A-Z0-9-]+) — (.+?)[.。]\*\*\s*(.*)", re.S)
ANCHOR = re.compile(r'^<a id="(R-[A-Z0-9-]+)" name="\1"></a>$', re.M)


def markdown_rules(language: str) -> dict[str, tuple[str, list[str]]]:
    """Every rule of docs/rules*.md read from the Markdown itself: id -> (title, its paragraphs as a reader sees them).
    (The rules pages and the rule dialogs are compared with it.)"""
    markdown = DOCS[language].read_text(encoding="utf-8")
    rules = {}
    for rule_id, after in zip(ANCHOR.findall(markdown), ANCHOR.split(markdown)[2::2], strict=True):
        head = TITLE.match(after.strip())
        assert head is not None and head.group(1) == rule_id, after[:80]
        rules[rule_id] = (words(head.group(2)), paragraphs(head.group(3).split("\n#")[0]))
    return rules


def paragraphs(markdown: str) -> list[str]:
    """The Markdown's paragraphs and lists as a reader sees them (tables apart)."""
    return [words(block) for block in markdown.split("\n\n") if block.strip() and not block.startswith("|")]


def words(text: str) -> str:
    """Text as a reader sees it: Markdown's marks and links taken off, spaces made one."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"\*\*|\*|`|^\s*(?:[-*]|\d+\.)\s+|^#+\s*", "", text, flags=re.M)
    return " ".join(html.unescape(text).split())
