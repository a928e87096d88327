"""The words layer (docs/translating.md, docs/architecture.md): sentences are made whole in the catalog, the views
only lay them out. Read from the code itself (its syntax trees):
- no view glues sentence punctuation (a comma, colon, full stop...) in an f-string around a catalog message's result:
  the punctuation belongs to the message, whose translation may put it elsewhere (「コイン：3」);
- no view joins a list with a hard-coded ", ", "; " or "、": lists are `cc.listing` or the catalog's ", ";
- the engine holds no HTML: markup is the views' (widgets/render)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VIEWS, ENGINE = ROOT / "widgets", ROOT / "concordia_core"
CATALOG = {"_", "n_", "N_", "listing", "term"}        # calls whose result is a catalog's text
KEEPS_TEXT = {"esc", "escape", "str", "capital"}       # calls that hand their argument's text on
MARKUP = re.compile(r"<style>.*?</style>|<[^>]*>|&[a-z#0-9]+;", re.S)
PUNCTUATION = re.compile(r"[,.;:!?、。：；！？]")
GLUE = {",", ";", "、", "，"}
HTML_TAG = re.compile(r"<(table|div|span|b|i|p|tr|td|th|ul|ol|li|br|a|h\d|small|code|svg)\b[^>]*>", re.I)


def _name(func: ast.expr) -> str | None:
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None


def _catalog_text(node: ast.expr, names: set[str]) -> bool:
    """Whether `node` is a catalog message's result (a call, a text-keeping call around one, or a name bound to one)."""
    if isinstance(node, ast.Call):
        called = _name(node.func)
        return called in CATALOG or (called in KEEPS_TEXT and bool(node.args) and _catalog_text(node.args[0], names))
    return isinstance(node, ast.Name) and node.id in names


def _glued_sentences(path: Path) -> list[str]:
    """Each place of `path` where an f-string puts punctuation around a catalog result, or a list is joined by hand."""
    found = []
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
    for function in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        names = {target.id for node in ast.walk(function) if isinstance(node, ast.Assign)
                 and isinstance(node.value, ast.Call) and _name(node.value.func) in CATALOG
                 for target in node.targets if isinstance(target, ast.Name)}
        for node in ast.walk(function):
            if isinstance(node, ast.JoinedStr) and any(
                    isinstance(v, ast.FormattedValue) and _catalog_text(v.value, names) for v in node.values):
                text = MARKUP.sub("", "".join(v.value for v in node.values if isinstance(v, ast.Constant)))
                if PUNCTUATION.search(text):
                    found.append(f"{where}:{node.lineno}: {text.strip()[:40]!r} around a message")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "join" \
                    and isinstance(node.func.value, ast.Constant) and str(node.func.value.value).strip() in GLUE:
                found.append(f"{where}:{node.lineno}: a list joined by {node.func.value.value!r}")
    return found


@pytest.mark.parametrize("path", sorted(VIEWS.rglob("*.py")), ids=lambda p: str(p.relative_to(VIEWS)))
def test_words_no_view_glues_a_sentence_around_a_catalog_message(path: Path) -> None:
    assert not _glued_sentences(path)


def test_words_the_reading_of_the_code_finds_a_glued_sentence(tmp_path: Path) -> None:
    """The check itself finds what it is for (so a view passing it says something)."""
    view = tmp_path / "glued_example.py"
    view_text = ("def f(cc, esc, name, who, kinds):\n"
                 "    said = cc._('free')\n"
                 "    a = f'<b>{esc(name)}</b>: {esc(cc._(\"a friend\"))}'\n"
                 "    b = f'{said}.'\n"
                 "    c = f'<b>{cc._(\"Hints\")}</b>'\n"
                 "    return a, b, c, ', '.join(kinds)\n")
    view.write_text(view_text, encoding="utf-8")
    found = _glued_sentences(view)
    assert [line.split(":")[1] for line in found] == ["3", "4", "6"], found    # line 5 is markup alone


def test_words_the_engine_holds_no_html() -> None:
    found = [f"{path.relative_to(ROOT)}:{node.lineno}: {node.value[:40]!r}"
             for path in sorted(ENGINE.rglob("*.py"))
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Constant) and isinstance(node.value, str) and HTML_TAG.search(node.value)]
    assert not found, found
