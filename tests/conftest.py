"""Shared fixtures: small Italia games and positions, and the widget callback guard."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

import concordia_core as cc

# the browser fixtures, for the browser test modules: JupyterLab (lab, browser, page) and the app (voila_app, app_browser)
pytest_plugins = ["browser_support", "app_page"]


@pytest.fixture
def italia2() -> cc.Game:
    """A 2-player Italia game with Aiko first."""
    return cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko")


@pytest.fixture
def s2() -> cc.GameState:
    """The state after setup of a 2-player Italia game (seed 7, Aiko first)."""
    return cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko").state


@pytest.fixture
def s3() -> cc.GameState:
    """The state after setup of a 3-player Italia game (seed 7, Aiko first)."""
    return cc.new_game("italia", ["Aiko", "Ben", "Chloe"], seed=7, first_player="Aiko").state


@pytest.fixture
def fail_on_callback_errors():
    """Fail the test when any guarded widget callback raised (ipywidgets would only log it).
    Widget test modules use it for every test: pytestmark = pytest.mark.usefixtures(...)."""
    from widgets.parts.error_log import CALLBACK_ERRORS
    CALLBACK_ERRORS.clear()
    yield
    errors = list(CALLBACK_ERRORS)
    CALLBACK_ERRORS.clear()
    if errors:
        pytest.fail(f"widget callbacks raised: {errors!r}")


@pytest.fixture
def japanese() -> Iterator[None]:
    """The tutor's texts in Japanese for one test, English again afterwards."""
    cc.set_language("ja")
    try:
        yield
    finally:
        cc.set_language("en")
