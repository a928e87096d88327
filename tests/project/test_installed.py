"""The tutor installed, not only checked out: a wheel built from the checkout (no network) and installed
into a fresh virtual environment carries everything read at run time (the rule text of every refusal box
among it); run from a folder outside the checkout, the imported packages are the installed ones; saves go
to the user's data folder there, to the checkout's saves/ here, and $CONCORDIA_SAVES overrides both."""
from __future__ import annotations

import json
import os
import shutil
import site
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from widgets.render.refusal import explanation_html
from widgets.support import rulebook, saves

ROOT = Path(__file__).resolve().parents[2]
LEFT_OUT = (".git", ".venv", "build", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis", "saves", "screenshots")

INSTALLED = textwrap.dedent("""
    import json
    import concordia_core as cc
    import widgets
    from widgets.render.board import board_svg
    from widgets.render.refusal import explanation_html
    from widgets.screen.map_view import MapView
    from widgets.support import rulebook, saves
    game = cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_game=True, first_player="Aiko")
    for step in ["play MERCATOR", "sell 1 cloth", "buy 2 brick", "done", "play ARCHITECT"]:
        game.play(step)
    try:
        game.play("build ROMA")
    except cc.IllegalAction as refusal:
        box = explanation_html(refusal)
        rule = refusal.rule
    print(json.dumps({"widgets": widgets.__file__, "engine": cc.__file__, "rule": rule, "box": box,
                      "rule_file": str(rulebook.rule_file("en")), "ja": rulebook.rule(rule, "ja").title,
                      "saves": str(saves.saves_dir()), "board": len(board_svg(game.state)),
                      "script": MapView._esm.is_file() if hasattr(MapView._esm, "is_file") else bool(MapView._esm)}))
""")


def _run(command: list[str], cwd: Path | None = None, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=cwd, env=env)
    assert done.returncode == 0, f"{command}: {done.stdout}\n{done.stderr}"
    return done


@pytest.mark.slow
def test_an_installed_wheel_shows_a_refusal_with_its_rule_text(tmp_path: Path) -> None:
    source = tmp_path / "source"       # built from a copy: a build leaves nothing in the checkout, takes nothing stale
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*LEFT_OUT))
    wheels = tmp_path / "wheels"
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index", "--quiet",
          "--wheel-dir", str(wheels), str(source)])
    wheel = next(wheels.glob("concordia_tutor-*.whl"))
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", str(venv)])
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    purelib = _run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.strip()
    # the dependencies come from the test environment's site-packages (a plain path: its .pth files, the
    # checkout's editable install among them, are not run)
    (Path(purelib) / "test-environment.pth").write_text("\n".join(site.getsitepackages()) + "\n", encoding="utf-8")
    _run([str(python), "-m", "pip", "install", "--no-deps", "--no-index", "--quiet", str(wheel)])
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    env = {k: v for k, v in os.environ.items() if k != saves.ENVIRONMENT_VARIABLE}
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    found = json.loads(_run([str(python), "-I", "-c", INSTALLED], cwd=outside, env=env).stdout)
    for name in ("widgets", "engine", "rule_file"):
        assert Path(found[name]).is_relative_to(Path(purelib)), f"{name} from {found[name]}, not the install"
        assert not Path(found[name]).is_relative_to(ROOT)
    assert found["rule"] == "R-ARCH-6"
    assert "cc-refusal" in found["box"]
    assert rulebook.rule("R-ARCH-6").html() in found["box"]         # docs/rules.md's text, from the package
    assert found["ja"] == rulebook.rule("R-ARCH-6", "ja").title      # the Japanese rule text too
    assert found["saves"] == str(tmp_path / "data" / "concordia-tutor" / "saves")
    assert found["board"] > 10_000 and found["script"]


def test_the_rule_text_is_read_from_docs_in_a_checkout_and_from_the_package_when_installed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert rulebook.rule_file("en") == ROOT / "docs" / "rules.md"
    assert rulebook.rule_file("ja") == ROOT / "docs" / "rules.ja.md"
    (tmp_path / "rules.md").write_text("packaged", encoding="utf-8")
    monkeypatch.setattr(rulebook, "PACKAGED", tmp_path)
    assert rulebook.rule_file("en") == tmp_path / "rules.md"
    assert rulebook.rule_file("ja") == ROOT / "docs" / "rules.ja.md"   # no packaged copy of it: docs/


def test_the_refusal_box_shows_the_text_of_docs_rules_md() -> None:
    import concordia_core as cc
    box = explanation_html(cc.IllegalAction("R-ARCH-6", "no houses may be built in ROMA"))
    assert rulebook.rule("R-ARCH-6").html() in box


def test_saves_go_to_the_checkout_here_to_the_user_data_folder_when_installed_and_the_variable_wins(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(saves.ENVIRONMENT_VARIABLE, raising=False)
    assert saves.in_checkout()
    assert saves.default_dir() == ROOT / "saves"
    assert not saves.in_checkout(tmp_path)                             # an installed package has no pyproject beside it
    monkeypatch.setattr(saves, "in_checkout", lambda repo=saves.REPO: False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert saves.default_dir() == tmp_path / "xdg" / "concordia-tutor" / "saves"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    if os.name != "nt":
        assert saves.default_dir() == tmp_path / "home" / ".local" / "share" / "concordia-tutor" / "saves"
    monkeypatch.setenv(saves.ENVIRONMENT_VARIABLE, str(tmp_path / "mine"))
    assert saves.saves_dir() == (tmp_path / "mine").resolve()
