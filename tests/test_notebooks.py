"""Every notebook runs top to bottom in a fresh kernel, and is committed without outputs."""
from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))


def test_there_are_notebooks() -> None:
    assert any(p.name.startswith("00_start_here") for p in NOTEBOOKS)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_committed_without_outputs(path: Path) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert not cell.get("outputs"), f"{path.name}: a code cell has saved outputs"
            assert cell.get("execution_count") is None, f"{path.name}: a code cell has an execution count"
    assert "widgets" not in nb.get("metadata", {}), f"{path.name}: saved widget state in metadata"


@pytest.mark.slow  # executes every notebook in a fresh kernel
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs_top_to_bottom(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        allowed = "raises-exception" in cell.get("metadata", {}).get("tags", [])
        errors = [o for o in cell.get("outputs", []) if o.get("output_type") == "error"]
        if not allowed:
            assert not errors, f"{path.name} cell {index}: {errors[0].get('ename')}: {errors[0].get('evalue')}"
        streams = [o for o in cell.get("outputs", []) if o.get("output_type") == "stream" and o.get("name") == "stderr"]
        assert allowed or not any("Traceback" in o.get("text", "") for o in streams), f"{path.name} cell {index}: traceback"
