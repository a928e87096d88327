"""The style layer of the views (docs/architecture.md): every colour comes from the palette, the style lives in files.
Read from the code itself (its text and syntax trees):
- no colour is written as #RGB or #RRGGBB in widgets/ outside widgets/render/palette.py: Python code names the
  palette's colours, the stylesheets read them as custom properties (var(--cc-ink)), which the palette defines;
- every custom property a stylesheet reads is defined: by the palette, by a stylesheet, or by the board's script;
- no stylesheet marks a declaration important (it would win over JupyterLab's and ipywidgets' rules by force: the
  tutor's rules win by a more specific selector, scoped under its own classes);
- no Python string of the views holds a CSS rule or a <style> element: the CSS is in .css files;
- the board and the card rows load their scripts as files (anywidget loads and watches a `_esm` that is a path),
  and the code they share is written once, in pickables.js, an ES module both import."""
from __future__ import annotations

import ast
import base64
import re
from pathlib import Path

import pytest

from widgets.render import palette
from widgets.screen.card_row import CardRow
from widgets.screen.map_view import MapView

ROOT = Path(__file__).resolve().parents[2]
VIEWS = ROOT / "widgets"
PALETTE = VIEWS / "render" / "palette.py"
SCREEN = VIEWS / "screen"
TEXT = {".py", ".css", ".js", ".json", ".html"}
HEX = re.compile(r"(?<![&\w])#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b")        # not an HTML entity (&#123;)
IMPORTANT = re.compile(r"!\s*important", re.I)
COMMENT = re.compile(r"/\*.*?\*/", re.S)
CSS_RULE = re.compile(r"\{\s*[-\w]+\s*:\s*[^;{}'\"]+;")                   # { name: value; (a JS object's values are quoted)
STYLE_ELEMENT = re.compile(r"<style[^>]*>\s*[^\s<]", re.I)                   # a <style> with CSS in it (not one a file fills)
USED = re.compile(r"var\(\s*(--cc-[-\w]+)")
DEFINED = re.compile(r"(--cc-[-\w]+)\s*:")
SET_BY_SCRIPT = re.compile(r"setProperty\(\s*[\"'](--cc-[-\w]+)")
SHARED = ("makeTip", "pointTarget", "makeRoving", "keepingFocus")


def _files(*suffixes: str) -> list[Path]:
    return sorted(p for p in VIEWS.rglob("*") if p.suffix in suffixes and "__pycache__" not in p.parts)


def _hex_colours(path: Path) -> list[str]:
    """Each #RGB or #RRGGBB colour written in `path`, as file:line: colour."""
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
    return [f"{where}:{n}: {m.group()}" for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            for m in HEX.finditer(line)]


def _strings(path: Path) -> list[tuple[int, str]]:
    """The string constants of a Python file (an f-string's literal parts among them), with their lines."""
    return [(node.lineno, node.value) for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)]


def _css_in_strings(path: Path) -> list[str]:
    """Each string of `path` holding a <style> element or a CSS rule, as file:line."""
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
    return [f"{where}:{line}: {text.strip()[:50]!r}" for line, text in sorted(_strings(path))
            if STYLE_ELEMENT.search(text) or CSS_RULE.search(text)]


def _stylesheets() -> dict[Path, str]:
    """Every stylesheet of the views, without its comments."""
    return {path: COMMENT.sub("", path.read_text(encoding="utf-8")) for path in _files(".css")}


@pytest.mark.parametrize("path", [p for p in _files(*TEXT) if p != PALETTE], ids=lambda p: str(p.relative_to(VIEWS)))
def test_style_no_colour_is_written_outside_the_palette(path: Path) -> None:
    assert not _hex_colours(path), "name the palette's colour (widgets/render/palette.py) instead"


def test_style_the_reading_of_the_code_finds_a_colour_and_a_css_rule(tmp_path: Path) -> None:
    """The checks themselves find what they are for (so a view passing them says something)."""
    view = tmp_path / "styled_example.py"
    view.write_text("A = \"<span style='color:#555'>\"\n"               # line 1: a colour
                    "B = '&#123; and #cc-good-brick'\n"                # line 2: an entity and an id, no colour
                    "C = f'.{x} .widget-label {{ flex-shrink: 0; }}'\n"  # line 3: a CSS rule
                    "D = '<STYLE>p {}</STYLE>' + f'<style>{css}</style>'\n"   # line 4: a style element; one a file fills
                    "E = 'send({ pick: key }); watch({ margin: \"1px\" })'\n"   # line 5: JavaScript, no rule
                    "F = 'color:#AbCdEf'\n", encoding="utf-8")         # line 6: a colour
    assert [found.split(":")[1] for found in _hex_colours(view)] == ["1", "6"]
    assert [found.split(":")[1] for found in _css_in_strings(view)] == ["3", "4"]


@pytest.mark.parametrize("path", _files(".py"), ids=lambda p: str(p.relative_to(VIEWS)))
def test_style_no_css_rule_is_written_in_a_python_string(path: Path) -> None:
    assert not _css_in_strings(path), "put the CSS in a .css file beside the module (widgets/parts/page.css for a view)"


def test_style_no_stylesheet_marks_a_declaration_important() -> None:
    found = [f"{path.relative_to(ROOT)}" for path, css in _stylesheets().items() if IMPORTANT.search(css)]
    found += [f"{path.relative_to(ROOT)}:{line}" for path in _files(".py") for line, text in _strings(path)
              if IMPORTANT.search(text)]
    found += [f"{path.relative_to(ROOT)}" for path in _files(".js") if IMPORTANT.search(path.read_text(encoding="utf-8"))]
    assert not found, "win by a more specific selector under the tutor's own classes instead"


def test_style_every_custom_property_a_stylesheet_reads_is_defined() -> None:
    defined = set(DEFINED.findall(palette.css_properties()))
    defined |= {name for css in _stylesheets().values() for name in DEFINED.findall(css)}
    defined |= {name for path in _files(".js") for name in SET_BY_SCRIPT.findall(path.read_text(encoding="utf-8"))}
    used = {f"{path.relative_to(VIEWS)}: {name}" for path, css in _stylesheets().items() for name in USED.findall(css)
            if name not in defined}
    assert not used, sorted(used)


def test_style_the_palette_defines_its_colours_for_the_stylesheets() -> None:
    properties = palette.css_properties()
    assert f"--cc-ink: {palette.INK};" in properties and f"--cc-note-edge: {palette.SEA_COLOUR};" in properties
    assert palette.stylesheet(SCREEN / "board.css").startswith(properties)


@pytest.mark.parametrize(("widget", "script"), [(MapView, "board.js"), (CardRow, "card_row.js")])
def test_style_the_board_and_the_card_rows_load_their_script_files(widget: type, script: str) -> None:
    """anywidget turns a `_esm` that is a path into the file's watched contents; text made in Python stays a str."""
    declared = widget.__dict__["_esm"]
    assert not isinstance(declared, str), f"{widget.__name__}._esm is text made in Python, not the file {script}"
    source = (SCREEN / script).read_text(encoding="utf-8")
    assert str(declared) == source
    assert 'import(model.get("_pickables"))' in source
    assert not any(f"function {name}" in source for name in SHARED), "the shared helpers are pickables.js's"


def test_style_the_shared_script_is_one_module_both_widgets_import() -> None:
    shared = (SCREEN / "pickables.js").read_text(encoding="utf-8")
    assert all(f"export function {name}(" in shared for name in SHARED)
    for widget in (MapView, CardRow):
        address = widget()._pickables
        assert address.startswith("data:text/javascript;base64,")
        assert base64.b64decode(address.partition(",")[2]).decode("utf-8") == shared
