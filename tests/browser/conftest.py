"""Pages in headless Chromium, JupyterLab's and the app mode's (each module starts its server): every test here
is a browser test and slow. Their fixtures (lab, page, voila_app, app_browser) are in tests/browser_support.py and
tests/app_page.py, registered by tests/conftest.py."""
from __future__ import annotations

from pathlib import Path

import pytest
from layers import mark_below


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    mark_below(Path(__file__).parent, items, pytest.mark.browser, pytest.mark.slow)
