"""Benchmarks: figures printed, never asserted (`make bench`); `make test` and `make quick` leave them out."""
from __future__ import annotations

from pathlib import Path

import pytest
from layers import mark_below


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    mark_below(Path(__file__).parent, items, pytest.mark.benchmark)
