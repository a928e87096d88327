"""The views without a browser (widgets/): every test fails when a guarded widget callback raised, which
ipywidgets would only log."""
from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def fail_on_callback_errors() -> Iterator[None]:
    """Fail the test when any guarded widget callback raised during it."""
    from widgets.parts.error_log import CALLBACK_ERRORS
    CALLBACK_ERRORS.clear()
    yield
    errors = list(CALLBACK_ERRORS)
    CALLBACK_ERRORS.clear()
    if errors:
        pytest.fail(f"widget callbacks raised: {errors!r}")
