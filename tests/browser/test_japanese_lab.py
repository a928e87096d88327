"""The Japanese tutor in a real browser: JupyterLab with its Japanese language pack, a Japanese chapter
and the first-game table in Japanese, and no missing-glyph boxes in the board's text (each character is
drawn with the board's fonts and compared with the box a font draws for a character it lacks)."""
from __future__ import annotations

from typing import Any

import pytest
from browser_support import LAB_SETTINGS, Lab, assert_board_visible, assert_clean, full_screenshot, open_and_run

JS_MISSING_GLYPHS = """(extra) => {
  const texts = [...document.querySelectorAll('.cc-board svg text')];
  const sample = texts.length ? getComputedStyle(texts[0]).fontFamily : 'sans-serif';
  const chars = [...new Set([...(texts.map(t => t.textContent).join('') + extra)].filter(c => c.codePointAt(0) > 0x2000))];
  const canvas = document.createElement('canvas');
  canvas.width = 80; canvas.height = 80;
  const ctx = canvas.getContext('2d', {willReadFrequently: true});
  ctx.font = '48px ' + sample;
  const draw = (ch) => {
    ctx.clearRect(0, 0, 80, 80);
    ctx.fillText(ch, 8, 60);
    return ctx.getImageData(0, 0, 80, 80).data.join(',');
  };
  const boxes = new Set(['\\uE000', '\\uE001', '\\uFFFF'].map(draw));   // what a missing glyph looks like
  return {font: sample, texts: texts.length, chars: chars.length, missing: chars.filter(c => boxes.has(draw(c)))};
}"""
JAPANESE = "の商品コイン属州"


@pytest.fixture(scope="module")
def lab_settings() -> dict[str, dict[str, object]]:
    return {**LAB_SETTINGS, "@jupyterlab/translation-extension/plugin.jupyterlab-settings": {"locale": "ja_JP"}}


def missing_glyphs(page: Any, extra: str = "") -> dict[str, Any]:
    return page.evaluate(JS_MISSING_GLYPHS, extra)


@pytest.mark.parametrize("path", ["notebooks/ja/01_setup.ipynb", "notebooks/ja/15_first_game.ipynb"])
def test_browser_japanese_chapter_and_table_show_every_glyph(lab: Lab, page: Any, path: str) -> None:
    report = open_and_run(page, lab, path)
    full_screenshot(page, "japanese_" + path.rsplit("/", 1)[-1].removesuffix(".ipynb"))
    assert_clean(page, path, report)
    assert_board_visible(page, path)
    menus = page.locator(".lm-MenuBar-itemLabel").all_inner_texts()
    assert "ファイル" in menus, f"JupyterLab's menus are not in Japanese: {menus}"
    found = missing_glyphs(page)
    assert found["texts"] > 0
    assert found["chars"] >= 5, f"the board shows no Japanese text: {found}"
    assert found["missing"] == [], f"missing glyphs on the board ({found['font']}): {found['missing']}"
    text = page.evaluate("() => window.jupyterapp.shell.currentWidget.content.node.innerText")
    assert any(ch in text for ch in JAPANESE)


def test_browser_japanese_glyph_check_sees_a_missing_glyph(lab: Lab, page: Any) -> None:
    open_and_run(page, lab, "notebooks/ja/01_setup.ipynb")
    found = missing_glyphs(page, extra="\ue002")   # a private-use character no font draws
    assert "\ue002" in found["missing"]
