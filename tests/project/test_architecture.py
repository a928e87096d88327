"""The layers of docs/architecture.md hold: code outside the engine asks only its public surface, the engine has no
import cycle (at module level or inside functions), the rules and the engine never import the bots,
no engine module grows past 500 lines, and actions read as their notation."""
from __future__ import annotations

import ast
import json
from pathlib import Path

import networkx as nx
import pytest

import concordia_core as cc

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "concordia_core"
ALLOWED_OUTSIDE = {"concordia_core", "concordia_core.bots"}
# The judge's own tools fit and measure its parts (the value's features, the candidate lines, the deck samples, the
# review's verdicts): they alone may reach inside concordia_core.bots, never inside the rules.
JUDGE_TOOLS = {"scripts/fit_value.py", "scripts/measure_hints.py", "scripts/judge_budget.py", "scripts/measure_review.py"}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(tree: ast.AST, module: str, is_package: bool) -> set[str]:
    """Every module a source imports, anywhere in it (function bodies included), resolved to full names."""
    found: set[str] = set()
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            for alias in node.names:  # `from . import rules` imports a submodule
                found.add(f"{target}.{alias.name}")
    return found


def _code_cells_source(path: Path) -> str:
    nb = json.loads(path.read_text(encoding="utf-8"))
    lines = []
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            lines.extend(line for line in "".join(cell["source"]).splitlines() if not line.lstrip().startswith(("%", "!")))
    return "\n".join(lines)


def _outside_sources() -> list[tuple[str, str]]:
    sources = [(str(p.relative_to(ROOT)), p.read_text(encoding="utf-8"))
               for folder in ("widgets", "scripts") for p in sorted((ROOT / folder).rglob("*.py"))]
    sources += [(str(p.relative_to(ROOT)), _code_cells_source(p)) for p in sorted((ROOT / "notebooks").rglob("*.ipynb"))]
    return sources


def test_outside_the_engine_only_the_public_surface_is_imported() -> None:
    engine_modules = {_module_name(p) for p in ENGINE.rglob("*.py")}
    offenders = []
    for name, source in _outside_sources():
        for target in _imports(ast.parse(source), "outside", False):
            if name in JUDGE_TOOLS and target.startswith("concordia_core.bots."):
                continue
            if target.startswith("concordia_core") and target not in ALLOWED_OUTSIDE and (
                    target in engine_modules or target.rpartition(".")[0] in engine_modules - ALLOWED_OUTSIDE):
                offenders.append(f"{name} imports {target}")
    assert not offenders, "\n".join(offenders)


def test_the_outside_check_sees_a_submodule_import() -> None:
    imported = _imports(ast.parse("from concordia_core.rules.architect import house_price\n"
                                  "def f():\n    import concordia_core.scoring\n"), "outside", False)
    assert "concordia_core.rules.architect" in imported
    assert "concordia_core.scoring" in imported


def _engine_graph() -> nx.DiGraph:
    graph = nx.DiGraph()
    modules = {_module_name(p): p for p in ENGINE.rglob("*.py")}
    for module, path in modules.items():
        graph.add_node(module)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for target in _imports(tree, module, path.name == "__init__.py"):
            while target and target not in modules:  # `from .x import name` names x, not x.name
                target = target.rpartition(".")[0]
            if target and target != module:
                graph.add_edge(module, target)
    return graph


def test_the_engine_has_no_import_cycle() -> None:
    graph = _engine_graph()
    assert graph.number_of_edges() > 40  # the graph really holds the imports
    cycles = list(nx.simple_cycles(graph))
    assert not cycles, f"import cycles: {cycles[:5]}"


def test_rules_and_engine_never_import_the_bots() -> None:
    graph = _engine_graph()
    bots = {m for m in graph if m == "concordia_core.bots" or m.startswith("concordia_core.bots.")}
    assert bots, "the bots package is part of the graph"
    users = {m for m in graph if m not in bots and m != "concordia_core" and any(t in bots for t in graph.successors(m))}
    assert not users, f"engine modules importing the bots: {sorted(users)}"


def test_the_package_init_reaches_bots_lazily() -> None:
    tree = ast.parse((ENGINE / "__init__.py").read_text(encoding="utf-8"))
    top_level = _imports(ast.Module(body=[n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))],
                                    type_ignores=[]), "concordia_core", True)
    assert not any(t.startswith("concordia_core.bots") for t in top_level)
    assert cc.bots.make("random", 1).choose(cc.new_game("italia", ["A", "B"], 1).state)


@pytest.mark.parametrize("path", sorted(p for p in ENGINE.rglob("*.py")), ids=lambda p: str(p.relative_to(ENGINE)))
def test_no_engine_module_exceeds_500_lines(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= 500, f"{path.relative_to(ROOT)} has {lines} lines"


def test_bots_are_a_package() -> None:
    assert (ENGINE / "bots" / "__init__.py").is_file()
    assert not (ENGINE / "bots.py").exists()


def test_a_legal_actions_repr_shows_its_notation() -> None:
    game = cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko")
    game.play("play ARCHITECT")
    for action in game.legal_actions():
        assert str(action) in repr(action)
        assert eval(repr(action), {"Action": cc.Action}) == action  # pastes back, python-chess style
    assert repr(cc.PlayCard("TRIBUNE")) == "Action.parse('play TRIBUNE')"


def test_phases_are_an_enum() -> None:
    game = cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko")
    game.play("play ARCHITECT")
    assert game.state.pending is not None
    assert game.state.pending.phase is cc.Phase.MOVE
