"""What every layer's tests share: the Japanese switch, the browser fixtures, and a report of slow tests left
unmarked. The tests live in folders by layer (engine, views, content, browser, app, project, benchmarks), each
folder's conftest.py applying its markers and fixtures; the support modules beside this file are shared."""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

import pytest

import concordia_core as cc

# the browser fixtures, for the browser test modules: JupyterLab (lab, browser, page) and the app (voila_app, app_browser)
pytest_plugins = ["browser_support", "app_page"]

SLOW_SECONDS = 5.0
"""A test that takes longer (setup, call and teardown together) belongs with `slow`, out of `make quick`."""


@pytest.fixture
def japanese() -> Iterator[None]:
    """The tutor's texts in Japanese for one test, English again afterwards."""
    cc.set_language("ja")
    try:
        yield
    finally:
        cc.set_language("en")


_SECONDS: defaultdict[str, float] = defaultdict(float)   # nodeid -> seconds, of the tests make quick runs


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Add up each test's time, for the tests `make quick` runs (not slow, browser or benchmark)."""
    if not {"slow", "browser", "benchmark"} & set(report.keywords):
        _SECONDS[report.nodeid] += report.duration


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Name the unmarked tests over SLOW_SECONDS: a figure to read (machines differ), never a failure."""
    over = sorted(((s, n) for n, s in _SECONDS.items() if s > SLOW_SECONDS), reverse=True)
    if over:
        terminalreporter.section(f"tests over {SLOW_SECONDS:.0f} s not marked slow")
        for seconds, nodeid in over:
            terminalreporter.line(f"{seconds:6.1f} s  {nodeid}")
