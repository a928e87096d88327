"""What the README and docs/notation.md show runs as written: their `>>>` examples are doctests, and
every line of the notation examples parses."""
from __future__ import annotations

import doctest
import io
import re
from pathlib import Path

import pytest

import concordia_core as cc

ROOT = Path(__file__).resolve().parents[2]
DOCS_WITH_EXAMPLES = ["README.md", "docs/notation.md"]


@pytest.mark.parametrize("doc", DOCS_WITH_EXAMPLES)
def test_doc_examples_run_as_written(doc: str) -> None:
    markdown = (ROOT / doc).read_text(encoding="utf-8")
    blocks = re.findall(r"^```pycon\n(.*?)^```", markdown, flags=re.S | re.M)  # the fenced doctest blocks
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, doc, doc, 0)
    assert len(test.examples) >= 3, f"{doc} should show at least three runnable examples"
    out = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    result = runner.run(test, out=out.write)
    assert result.failed == 0, out.getvalue()


def _notation_block() -> list[str]:
    text = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    section = text.split("## One example per card kind", 1)[1]
    block = section.split("```", 2)[1]
    return [re.split(r"\s{2,}", line.strip())[0] for line in block.splitlines() if line.strip()]


def test_every_notation_example_line_parses_and_round_trips() -> None:
    lines = _notation_block()
    assert len(lines) >= 25
    for line in lines:
        action = cc.parse_action(line)
        assert cc.parse_action(str(action)) == action, line
