"""The layers of the views hold (docs/architecture.md): the widget-free modules (render, support, the table's
model, the real table's models, the friends' store and shared table) import no widget library; each layer imports
only the layers below it (support, render, parts, screen, then table and realtable side by side, then friends,
then lessons); the game screen imports neither the lessons nor the table; no module of widgets/ grows past 500
lines nor a function past 80; and no file of the repository still cites the documents it never had."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from test_architecture import _imports, _module_name

ROOT = Path(__file__).resolve().parents[2]
VIEWS = ROOT / "widgets"
WIDGET_LIBRARIES = ("ipywidgets", "anywidget", "traitlets")
LAYERS = {"support": 0, "render": 1, "parts": 2, "screen": 3, "table": 4, "realtable": 4, "friends": 5, "puzzles": 5,
          "lessons": 6}
WIDGET_FREE = ("widgets.render", "widgets.support", "widgets.table.model", "widgets.table.saved", "widgets.table.seats",
               "widgets.table.screens", "widgets.realtable.tiles", "widgets.realtable.boxguide",
               "widgets.realtable.pad_player", "widgets.realtable.pad_model", "widgets.friends.store",
               "widgets.friends.shared", "widgets.puzzles.saved", "widgets.puzzles.model", "widgets.puzzles.words")
MAX_LINES = 500
MAX_FUNCTION_LINES = 80


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(VIEWS.rglob("*.py"))}


def _view_imports(module: str, path: Path) -> set[str]:
    """Every module `module` imports (function bodies included), views resolved to modules of widgets/."""
    modules = _modules()
    found = set()
    for target in _imports(ast.parse(path.read_text(encoding="utf-8")), module, path.name == "__init__.py"):
        while target.startswith("widgets.") and target not in modules:   # `from .x import name` names x
            target = target.rpartition(".")[0]
        if not module.startswith(target + "."):     # `from . import x` names the package it is in
            found.add(target)
    return found


def _layer(module: str) -> tuple[str, int] | None:
    parts = module.split(".")
    return (parts[1], LAYERS[parts[1]]) if len(parts) > 1 and parts[1] in LAYERS else None


def _widget_free(module: str) -> bool:
    return any(module == m or module.startswith(m + ".") for m in WIDGET_FREE)


def test_every_view_module_has_a_layer() -> None:
    assert {m.split(".")[1] for m in _modules() if m != "widgets"} == set(LAYERS)


@pytest.mark.parametrize("module", sorted(m for m in _modules() if _widget_free(m)))
def test_a_widget_free_module_imports_no_widget_library(module: str) -> None:
    imported = _view_imports(module, _modules()[module])
    libraries = sorted(t for t in imported if t.split(".")[0] in WIDGET_LIBRARIES)
    views = sorted(t for t in imported if t.startswith("widgets.") and not _widget_free(t))
    assert not libraries, f"{module} imports {libraries}"
    assert not views, f"{module} imports views made of widgets: {views}"


def test_the_widget_free_modules_load_no_widget_library() -> None:
    """Imported in a fresh interpreter (their packages and all), neither ipywidgets nor anywidget is loaded."""
    names = sorted(m for m in _modules() if _widget_free(m))
    code = "import sys\n" + "".join(f"import {m}\n" for m in names) + \
        f"print([m for m in sys.modules if m.split('.')[0] in {WIDGET_LIBRARIES[:2]!r}])"   # IPython brings traitlets
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", done.stdout


def test_layers_import_downwards_only() -> None:
    offenders = []
    for module, path in _modules().items():
        own = _layer(module)
        if own is None:
            continue
        for target in _view_imports(module, path):
            other = _layer(target) if target.startswith("widgets.") else None
            if other is not None and other[0] != own[0] and other[1] >= own[1]:
                offenders.append(f"{module} ({own[0]}) imports {target} ({other[0]})")
    assert not offenders, "\n".join(offenders)


def test_the_layer_check_sees_an_upward_import() -> None:
    found = _imports(ast.parse("def f():\n    from ..lessons import kit\n"), "widgets.screen.game_screen", False)
    assert "widgets.lessons.kit" in found and _layer("widgets.lessons.kit") == ("lessons", 6)


def test_the_game_screen_imports_neither_the_lessons_nor_the_table() -> None:
    for module, path in _modules().items():
        if module.startswith("widgets.screen"):
            bad = sorted(t for t in _view_imports(module, path) if t.startswith(("widgets.lessons", "widgets.table")))
            assert not bad, f"{module} imports {bad}"


@pytest.mark.parametrize("path", sorted(VIEWS.rglob("*.py")), ids=lambda p: str(p.relative_to(VIEWS)))
def test_no_view_module_exceeds_500_lines(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.relative_to(ROOT)} has {lines} lines"


def test_no_function_in_the_views_exceeds_80_lines() -> None:
    long = []
    for path in sorted(VIEWS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    long.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} has {lines} lines")
    assert not long, "\n".join(long)


def test_no_tracked_file_mentions_the_documents_the_repository_never_had() -> None:
    """The design is docs/architecture.md and the rule text docs/rules.md; no file cites another name."""
    names = ("DESIGN" + ".md", "RULES" + ".md")     # spelled apart so this file does not mention them
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    mentions = []
    for name in tracked.decode("utf-8").split("\0"):
        path = ROOT / name
        if not name or not path.is_file():
            continue
        data = path.read_bytes()
        if b"\0" in data:           # a binary file
            continue
        text = data.decode("utf-8", errors="replace")
        mentions += [f"{name}:{n}" for n, line in enumerate(text.splitlines(), 1) if any(x in line for x in names)]
    assert not mentions, "\n".join(mentions)
