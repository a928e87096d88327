"""Figures never show empty boxes: with Japanese words they are drawn in a CJK font, and where no such
font exists their words stay in English (matplotlib's missing-glyph warnings are errors here)."""
from __future__ import annotations

import warnings
from collections.abc import Callable

import pytest

import concordia_core as cc
from widgets.lessons import ch16_strategy
from widgets.render import figures
from widgets.render.formatters import breakdown_png
from widgets.render.score import score_chart


def _draw_all() -> list[bytes]:
    state = cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko").state
    results = ch16_strategy.study(ch16_strategy.GREEDY_STUDY, 2)
    return [figures.figure_png(score_chart(state)), breakdown_png(cc.score(state, "Aiko")),
            figures.figure_png(ch16_strategy.box_plots({"x": results}))]


def _glyph_warnings(draw: Callable[[], object]) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        draw()
    return [str(w.message) for w in caught if "Glyph" in str(w.message) and "missing" in str(w.message)]


@pytest.mark.usefixtures("japanese")
def test_japanese_figures_have_every_glyph() -> None:
    if figures.cjk_family() is None:
        pytest.skip("no CJK font on this machine (.ci/run installs fonts-noto-cjk); the English fallback is tested")
    assert cc.god_name("vesta") == "ウェスタ"
    assert _glyph_warnings(_draw_all) == []


@pytest.mark.usefixtures("japanese")
def test_without_a_cjk_font_figures_keep_english_words(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(figures, "cjk_family", lambda: None)
    seen: list[str] = []
    with figures.figure_words():
        seen.append(cc.god_name("vesta"))
    assert seen == ["Vesta"]
    assert cc.get_language() == "ja"   # restored afterwards
    assert _glyph_warnings(_draw_all) == []


def test_the_ci_machine_has_a_cjk_font() -> None:
    import os
    if os.environ.get("CI", "").lower() in ("", "0", "false", "no"):
        pytest.skip("only required under CI, where .ci/run installs fonts-noto-cjk")
    assert figures.cjk_family() is not None
