"""Every chapter is a document for a learner (docs/architecture.md principle 6), for every notebook under notebooks/:

- committed without outputs, every code cell collapsed (`"jupyter": {"source_hidden": true}`) with a blank
  first line (JupyterLab shows a collapsed cell's first line), no cell tagged `raises-exception`;
- it runs top to bottom, then again in the same kernel, then bottom to top, without an error (every
  example builds its own position: no state shared between cells);
- nothing a learner sees is a Python repr, a traceback or a move in notation: plain-text outputs,
  printed text, and the texts of the widgets (HTML, labels, buttons, menus) are checked.
"""
from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest
from jupyter_client.manager import AsyncKernelManager
from nbclient import NotebookClient

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").rglob("*.ipynb"))
NOTEBOOKS = [p for p in NOTEBOOKS if ".ipynb_checkpoints" not in p.parts]

# What a Python value looks like when it is shown as text instead of as prose, a table or a widget.
REPR_PATTERNS = {
    "a container (list, dict, tuple, set)": re.compile(r"^\s*[\[{(]", re.M),
    "a quoted item of a list or dict": re.compile(r"[\[{(,:]\s*'[^']*'\s*[,:\]})]"),
    "an object repr <...>": re.compile(r"<[\w.]+(?: object)?(?: at 0x[0-9a-f]+|[ :][^>]*)>"),
    "a constructor call Name(...)": re.compile(r"\b[A-Z]\w*(?:\.\w+)?\((?:\w+=|['\"{\[(\d])"),
    "a traceback": re.compile(r"Traceback \(most recent call last\)"
                              r"|^(?:\w+\.)*[A-Z]\w*(?:Error|Exception|Warning|Action): ", re.M),
}
# A move or a route in the engine's notation (chapters teach in words, not notation).
NOTATION = re.compile(r"\b(?:land|sea):[A-Z_]+-[A-Z_]+\b|\bmove [A-Z_]+ > |\bplay [A-Z]+(?:-[IV]+)?\b"
                      r"|\bproduce [A-Z]+\b")
# Widget models whose text a learner reads, and the state keys holding it.
TEXT_MODELS = {"HTMLModel", "HTMLMathModel", "LabelModel", "ButtonModel", "DropdownModel", "ToggleButtonsModel",
               "SelectMultipleModel", "SelectModel", "RadioButtonsModel", "CheckboxModel", "ToggleButtonModel",
               "IntTextModel", "BoundedIntTextModel", "TextModel", "TabModel", "AccordionModel"}
TEXT_KEYS = ("value", "description", "_options_labels", "placeholder", "tooltip", "_titles", "titles")
HTML_TAG = re.compile(r"<style.*?</style>|<[^>]+>", re.S)


def reprs_in(text: str) -> list[str]:
    """The kinds of Python repr found in a text a learner would read (empty if it reads as prose)."""
    return [kind for kind, pattern in REPR_PATTERNS.items() if pattern.search(text)]


def test_there_are_notebooks() -> None:
    assert any(p.name.startswith("00_start_here") for p in NOTEBOOKS)


def test_repr_patterns_catch_reprs_and_pass_prose() -> None:
    for shown in ["{'land:ANCONA-SPOLETVM': '2'}", "so far: ['play MERCATOR', 'done']", "(9, 3, 0)",
                  "<ConcordiaMap italia: 25 cities, 60 routes>", "<widgets.x.Y object at 0x7f3a>",
                  "Goods({'brick': 2})", "Verdict(correct=True, message='x')", "Action.parse('done')",
                  "Traceback (most recent call last):\n  File", "IllegalAction: no"]:
        assert reprs_in(shown), shown
    for prose in ["Aiko has 9 coins and 3 brick (R-MERC-3).", "1 brick + 1 food + 4 coins", "Step 2 of 4",
                  "With 3 players you play on Italia or Imperium (R-SETUP-1).", "5 → 8 → 15 → 9 coins"]:
        assert not reprs_in(prose), prose
    for notation in ["move ROMA > land:COSA-ROMA", "land:COSA-ROMA", "play MERCATOR"]:
        assert NOTATION.search(notation), notation
    assert not NOTATION.search("the land route COSA–ROMA; Aiko plays her Mercator and buys 2 brick")


def _nb(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_committed_without_outputs(path: Path) -> None:
    nb = _nb(path)
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert not cell.get("outputs"), f"{path.name}: a code cell has saved outputs"
            assert cell.get("execution_count") is None, f"{path.name}: a code cell has an execution count"
    assert "widgets" not in nb.get("metadata", {}), f"{path.name}: saved widget state in metadata"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_code_cell_is_collapsed_and_none_expects_an_error(path: Path) -> None:
    for index, cell in enumerate(_nb(path)["cells"]):
        if cell["cell_type"] != "code":
            continue
        meta = cell.get("metadata", {})
        assert meta.get("jupyter", {}).get("source_hidden") is True, \
            f"{path.name} cell {index}: code is not collapsed (metadata jupyter.source_hidden)"
        assert "raises-exception" not in meta.get("tags", []), f"{path.name} cell {index}: tagged raises-exception"
        source = "".join(cell["source"])
        assert not source.split("\n")[0].strip(), \
            f"{path.name} cell {index}: a collapsed cell still shows its first line; start the code on line 2"


ENGLISH = [p for p in NOTEBOOKS if p.parent.name == "notebooks"]   # notebooks/ja/: tests/content/test_japanese_chapters.py
LESSON_IMPORT = re.compile(r"from widgets\.lessons import (ch(\d\d)_\w+) as lesson")


@pytest.mark.parametrize("path", ENGLISH, ids=lambda p: p.name)
def test_every_code_cell_is_one_call_of_the_chapters_lesson_module(path: Path) -> None:
    """A learner who opens a collapsed cell sees two lines: the chapter's lesson module, one call."""
    for index, cell in enumerate(_nb(path)["cells"]):
        if cell["cell_type"] != "code":
            continue
        lines = [line for line in "".join(cell["source"]).splitlines() if line.strip()]
        assert len(lines) == 2, f"{path.name} cell {index}: {len(lines)} lines of code, not an import and one call"
        found = LESSON_IMPORT.fullmatch(lines[0])
        assert found and found.group(2) == path.name[:2], f"{path.name} cell {index}: {lines[0]!r}"
        assert lines[1].startswith("lesson."), f"{path.name} cell {index}: {lines[1]!r}"


# --- executed ---------------------------------------------------------------------------------------
def _seen_outputs(cell: Any) -> Iterator[tuple[str, str]]:
    """(what, text) for each output a learner reads as text: printed streams, plain-text-only results,
    and errors."""
    for out in cell.get("outputs", []):
        kind = out.get("output_type")
        if kind == "stream":
            yield f"printed ({out.get('name')})", "".join(out.get("text", ""))
        elif kind == "error":
            yield "an error", f"Traceback (most recent call last): {out.get('ename')}: {out.get('evalue')}"
        elif kind in ("execute_result", "display_data"):
            data = out.get("data", {})
            if set(data) == {"text/plain"}:
                yield "a plain-text result", "".join(data["text/plain"])


def _widget_texts(nb: Any) -> Iterator[tuple[str, str]]:
    """(model, text) for every text a widget shows (HTML without its tags)."""
    state = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    for model in state.values():
        name = model.get("model_name", "")
        if name not in TEXT_MODELS:
            continue
        for key in TEXT_KEYS:
            value = model.get("state", {}).get(key)
            for text in (value if isinstance(value, list) else [value]):
                if isinstance(text, str) and text:
                    yield f"{name}.{key}", HTML_TAG.sub(" ", text)


def _problems(nb: Any, label: str) -> list[str]:
    found = []
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        for what, text in _seen_outputs(cell):
            if what.startswith("printed") or what == "an error":
                found.append(f"{label} cell {index}: {what}: {text[:200]!r}")
            elif kinds := reprs_in(text):
                found.append(f"{label} cell {index}: {what} shows {', '.join(kinds)}: {text[:200]!r}")
    return found


def _run_three_ways(client: NotebookClient, nb: Any, path: Path) -> list[str]:
    """Every code cell run twice top to bottom, then bottom to top, in one kernel: what each run shows wrong."""
    code = [(i, c) for i, c in enumerate(nb.cells) if c.cell_type == "code"]
    problems: list[str] = []
    with client.setup_kernel():
        for label, order in (("run 1", code), ("run 2", code), ("bottom to top", code[::-1])):
            for index, cell in order:
                client.execute_cell(cell, index)   # raises CellExecutionError on an error
            problems += _problems(nb, f"{path.name} {label}")
        client.set_widgets_metadata()
    return problems


@pytest.mark.slow  # executes every notebook three times in one kernel
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs_twice_and_backwards_and_shows_no_code_values(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    with tempfile.TemporaryDirectory(prefix="nbk-") as sockets:
        # the kernel talks over Unix sockets of its own: TCP ports picked free and bound later may be taken
        # meanwhile by another test's kernel or server ("Address already in use"). An async manager, as nbclient's
        # own: with a blocking one, its wait for a cell's output blocks the loop, and a lost message hangs forever
        km = AsyncKernelManager(kernel_name="python3", transport="ipc", ip=str(Path(sockets) / "kernel"))
        client = NotebookClient(nb, km=km, timeout=300, resources={"metadata": {"path": str(path.parent)}})
        problems = _run_three_ways(client, nb, path)
    for model, text in _widget_texts(nb):
        if kinds := reprs_in(text):
            problems.append(f"{path.name}: a widget ({model}) shows {', '.join(kinds)}: {text[:200]!r}")
        if found := NOTATION.search(text):
            problems.append(f"{path.name}: a widget ({model}) shows notation {found.group(0)!r}: {text[:200]!r}")
    assert not problems, "\n".join(problems)
