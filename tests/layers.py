"""The test folders are the project's layers (docs/architecture.md, "Tests by layer"): a folder's conftest.py marks
every test below it with `mark_below` (not a test module)."""
from __future__ import annotations

from pathlib import Path

import pytest


def mark_below(folder: Path, items: list[pytest.Item], *marks: pytest.MarkDecorator) -> None:
    """Add `marks` to the collected tests that live in `folder` (pytest hands every conftest all the items)."""
    for item in items:
        if folder in item.path.parents:
            for mark in marks:
                item.add_marker(mark)
