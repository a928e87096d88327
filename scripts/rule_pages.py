"""The rule text as two web pages for the app mode: docs/rules.md and docs/rules.ja.md rendered whole, each rule in
an element whose id is the rule id (`<section id="R-ARCH-4">`), so `rules.en.html#R-ARCH-4` shows that rule.

    .venv/bin/python scripts/rule_pages.py     # writes rules.en.html and rules.ja.html into the app template's static/

The app (Voilà) serves them at /voila/templates/concordia/static/rules.en.html (and rules.ja.html); the template's
rules.js opens a chapter's rule links in a dialog from them. The pages are committed, like the compiled catalog;
tests/content/test_rule_pages.py fails when they are not what this script makes from docs/rules*.md now. The parsing is
widgets/support/rulebook.py's: its rules and the Markdown between them.
"""
from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import mistune
from mistune.toc import add_toc_hook

from widgets.support import rulebook

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "app" / "share" / "jupyter" / "voila" / "templates" / "concordia" / "static"
LANGUAGES = ("en", "ja")
COMMAND = ".venv/bin/python scripts/rule_pages.py"
# Links from one rule file to the other become links between the pages.
_DOC_LINK = re.compile(r'href="rules(\.ja)?\.md(#[^"]*)?"')
STYLE = """
  body { margin: 0; background: #fff; color: #1b1b1b; font: 1rem/1.6 system-ui, -apple-system, "Segoe UI",
         "Hiragino Sans", "Noto Sans CJK JP", sans-serif; }
  main { max-width: 46rem; margin: 0 auto; padding: 1rem 1.25rem 4rem; overflow-wrap: break-word; }
  h1 { font-size: 1.6rem; line-height: 1.3; }
  h2 { margin-top: 2.4rem; padding-bottom: .2rem; border-bottom: 1px solid #c8c8c8; }
  h3 { font-size: 1.05rem; margin: 0 0 .3rem; }
  a { color: #0b57a4; }
  code { font-family: ui-monospace, monospace; background: #f1f1f1; padding: 0 .2em; border-radius: 3px; }
  table { display: block; overflow-x: auto; border-collapse: collapse; }
  th, td { border: 1px solid #b8b8b8; padding: .25rem .5rem; text-align: left; }
  .rule { margin: 1rem -.75rem; padding: .5rem .75rem; border-left: 4px solid transparent; scroll-margin-top: 1rem; }
  .rule:target { border-left-color: #b07d00; background: #fff8e1; }
"""


def _heading_id(token: dict[str, Any], _index: int) -> str:
    """A heading's id as GitHub makes it, so the contents' links (`#readings-the-tutor-takes`) keep working."""
    return re.sub(r"[^\w\- ]", "", str(token["text"]).strip().lower()).replace(" ", "-")


_prose = mistune.create_markdown(escape=True, plugins=["table"])
add_toc_hook(_prose, max_level=6, heading_id=_heading_id)


def rule_section(item: rulebook.RuleText) -> str:
    """One rule: its id and title as a heading, then its text, in an element with the rule id as its id."""
    return (f'<section class="rule" id="{item.id}" aria-labelledby="{item.id}-title">\n'
            f'<h3 id="{item.id}-title">{html.escape(item.id)} — {html.escape(item.title)}</h3>\n'
            f"{item.html()}</section>\n")


def page(language: str) -> str:
    """The whole rule text of a language as one page: no script, nothing fetched from elsewhere."""
    parts = rulebook.document(language)
    body = "".join(rule_section(part) if isinstance(part, rulebook.RuleText) else str(_prose(part)) for part in parts)
    body = _DOC_LINK.sub(lambda m: f'href="rules.{"ja" if m.group(1) else "en"}.html{m.group(2) or ""}"', body)
    first = parts[0]
    title = first.splitlines()[0].lstrip("# ").strip() if isinstance(first, str) else "Concordia"
    return (f'<!DOCTYPE html>\n<html lang="{language}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            """<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">\n"""
            f"<title>{html.escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n{body}</main>\n"
            "</body>\n</html>\n")


def target(language: str) -> Path:
    """Where the page of a language is committed."""
    return STATIC / f"rules.{language}.html"


def main() -> None:
    for language in LANGUAGES:
        target(language).parent.mkdir(parents=True, exist_ok=True)
        target(language).write_text(page(language), encoding="utf-8")
        print(f"wrote {target(language).relative_to(ROOT)}")


if __name__ == "__main__":
    main()
