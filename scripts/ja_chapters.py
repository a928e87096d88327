"""The Japanese chapters (notebooks/ja/) are kept in step with the English ones: same chapters, same
cells in the same order, code cells equal but for the language switch at their top.

    .venv/bin/python scripts/ja_chapters.py skeleton notebooks/03_turn_and_mercator.ipynb
        writes notebooks/ja/03_turn_and_mercator.ipynb: the English Markdown (to translate) and the code
        cells with the language switch; an existing Japanese file keeps its translated Markdown
    .venv/bin/python scripts/ja_chapters.py sync
        brings every Japanese chapter's code cells in step with its English chapter (Markdown kept)
"""
from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
EN = ROOT / "notebooks"
JA = EN / "ja"
SWITCH = ["import concordia_core as cc\n", 'cc.set_language("ja")\n']


def japanese_code(source: list[str]) -> list[str]:
    """The English cell's code with the language switch after its leading blank line."""
    lines = "".join(source).splitlines(keepends=True)
    head = lines[:1] if lines and not lines[0].strip() else []
    rest = lines[len(head):]
    if rest and not rest[-1].endswith("\n"):
        rest[-1] += "\n"
    body = head + SWITCH + rest
    body[-1] = body[-1].rstrip("\n")
    return body


def english_code(source: list[str]) -> str:
    """A Japanese cell's code without the language switch (what must equal the English cell)."""
    lines = "".join(source).splitlines(keepends=True)
    switch = {s.rstrip("\n") for s in SWITCH}
    kept = [line for line in lines if line.rstrip("\n") not in switch]
    return "".join(kept).rstrip("\n")


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _save(path: Path, nb: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def skeleton(english: Path) -> Path:
    """Write (or bring in step) the Japanese chapter of an English one."""
    en = _load(english)
    target = JA / english.name
    old_markdown = [c for c in _load(target)["cells"] if c["cell_type"] == "markdown"] if target.exists() else []
    ja = copy.deepcopy(en)
    ja["metadata"] = {**en.get("metadata", {}), "language_info": {"name": "python"}}
    markdown_index = 0
    for cell in ja["cells"]:
        cell["id"] = f"ja-{cell.get('id', '')}"[:64]
        if cell["cell_type"] == "code":
            cell["source"] = japanese_code(cell["source"])
            cell["outputs"], cell["execution_count"] = [], None
        elif markdown_index < len(old_markdown):
            cell["source"] = old_markdown[markdown_index]["source"]
            markdown_index += 1
    _save(target, ja)
    return target


def main(argv: list[str]) -> int:
    if len(argv) >= 3 and argv[1] == "skeleton":
        for name in argv[2:]:
            print(f"wrote {skeleton(Path(name)).relative_to(ROOT)}")
        return 0
    if len(argv) == 2 and argv[1] == "sync":
        for target in sorted(JA.glob("*.ipynb")):
            skeleton(EN / target.name)
            print(f"in step: {target.relative_to(ROOT)}")
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
