"""docs/architecture.md principle 1: the engine is pure and UI-free. Proven in a fresh interpreter, since the test
process itself may already have imported widget libraries."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FORBIDDEN = ("ipywidgets", "matplotlib", "IPython")

SCRIPT = f"""
import json, sys
import concordia_core as cc

for name in ("italia", "imperium"):
    m = cc.load_map(name)
    m.reachable_routes("land", "ROMA", 3)
    m.view("sea")
g = cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko")
g.play("play ARCHITECT")
g.legal_actions()
g.play("move ROMA > land:COSA-ROMA")
g.play("done")
g.play("play MERCATOR")
g.play("sell 1 cloth")
g.play("done")
cc.score(g.state, "Aiko")
cc.final_ranking(g.state)
cc.GameState.from_dict(g.state.to_dict())
g.undo()
cc.new_game("imperium", ["A", "B", "C", "D", "E"], seed=1).legal_actions()
print(json.dumps({{"loaded": sorted(m for m in {FORBIDDEN!r} if m in sys.modules),
                   "engine": cc.__file__}}))
"""


def run_engine_in_subprocess() -> dict:
    proc = subprocess.run([sys.executable, "-c", SCRIPT], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_engine_never_imports_ui_libraries() -> None:
    result = run_engine_in_subprocess()
    assert result["loaded"] == [], f"concordia_core pulled in {result['loaded']}"


def test_subprocess_uses_this_repositorys_engine() -> None:
    result = run_engine_in_subprocess()
    assert Path(result["engine"]).resolve().is_relative_to(REPO / "concordia_core")


def test_the_check_can_see_a_ui_import() -> None:
    """The probe itself works: importing a forbidden module is detected."""
    code = f"import sys, json, matplotlib; print(json.dumps(sorted(m for m in {FORBIDDEN!r} if m in sys.modules)))"
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == ["matplotlib"]
