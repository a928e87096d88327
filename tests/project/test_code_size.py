"""No function runs over 80 lines in the engine (concordia_core/) or the scripts (scripts/): a longer one
holds more than one concept. A function counts from its first decorator (or `def`) to its last line,
docstring, comments and blank lines included; a nested function counts inside its parent and alone."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("concordia_core", "scripts")
MAX_LINES = 80


def long_functions(source: str, limit: int = MAX_LINES) -> list[tuple[str, int, int]]:
    """(name, first line, length) of every function in `source` longer than `limit` lines."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            length = (node.end_lineno or node.lineno) - first + 1
            if length > limit:
                found.append((node.name, first, length))
    return sorted(found, key=lambda item: item[1])


def _sources() -> list[Path]:
    return sorted(p for folder in FOLDERS for p in (ROOT / folder).rglob("*.py"))


@pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_function_over_80_lines(path: Path) -> None:
    found = long_functions(path.read_text(encoding="utf-8"))
    assert not found, "\n".join(f"{path.relative_to(ROOT)}:{line} {name} has {length} lines (at most {MAX_LINES})"
                                for name, line, length in found)


def test_the_sources_are_found() -> None:
    names = {str(p.relative_to(ROOT)) for p in _sources()}
    assert {"concordia_core/engine.py", "concordia_core/bots/strong.py", "scripts/ladder.py"} <= names


def _function(name: str, body_lines: int, decorated: bool = False, indent: str = "") -> str:
    head = [f"{indent}@staticmethod"] if decorated else []
    return "\n".join(head + [f"{indent}def {name}() -> None:"] + [f"{indent}    x = {i}" for i in range(body_lines)]) + "\n"


def test_the_count_runs_from_the_decorator_to_the_last_line() -> None:
    assert long_functions(_function("fits", MAX_LINES - 1)) == []
    assert long_functions(_function("too_long", MAX_LINES)) == [("too_long", 1, MAX_LINES + 1)]
    method = "class A:\n" + _function("decorated", MAX_LINES - 1, decorated=True, indent="    ")
    assert long_functions(method) == [("decorated", 2, MAX_LINES + 1)]


def test_a_nested_function_counts_inside_its_parent_and_alone() -> None:
    inner = _function("inner", MAX_LINES, indent="    ")
    found = long_functions("def outer() -> None:\n" + inner)
    assert found == [("outer", 1, MAX_LINES + 2), ("inner", 2, MAX_LINES + 1)]
