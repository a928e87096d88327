"""Accessibility audit support (not a test module): axe-core, the npm package pinned in tests/axe/package.json
(`make install` runs `npm ci` there), injected into a Playwright page and run on the whole page or on a
scope of it. A page passes when axe finds no serious or critical violation; every rule axe runs by
default stays on (findings are fixed, never excluded).

Without the package (no npm on the machine) the audit skips, except under CI, where it fails.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_support import _unavailable

AXE_JS = Path(__file__).resolve().parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"
AXE_VERSION = "4.14.1"                      # as pinned in tests/axe/package.json
BLOCKING = ("serious", "critical")          # impacts that fail an audit
WHOLE_PAGE = "document"                     # the scope of an app-mode page
JUPYTERLAB_OUTPUTS = ".jp-Notebook .jp-OutputArea"   # the tutor's own output in JupyterLab (not JupyterLab's interface)

JS_RUN = """async (scope) => {
  const context = scope === 'document' ? document : {include: [...document.querySelectorAll(scope)]};
  const result = await axe.run(context, {resultTypes: ['violations']});
  return {version: axe.version, violations: result.violations};
}"""


def axe_source() -> str:
    """The text of axe.min.js, or skip (fail under CI) saying how to install it."""
    if not AXE_JS.is_file():
        _unavailable(f"the accessibility audit needs axe-core at {AXE_JS} (make install runs npm ci in tests/axe)")
    return AXE_JS.read_text(encoding="utf-8")


def audit(page: Any, scope: str = WHOLE_PAGE) -> list[dict[str, Any]]:
    """Every serious or critical violation axe finds in `scope` (a CSS selector, or the whole page)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_source())
    if scope != WHOLE_PAGE:
        assert page.locator(scope).count(), f"the audit's scope {scope!r} is not on the page"
    result = page.evaluate(JS_RUN, scope)
    assert result["version"] == AXE_VERSION, f"axe-core {result['version']} was injected, {AXE_VERSION} expected"
    return [v for v in result["violations"] if v["impact"] in BLOCKING]


def report(violations: list[dict[str, Any]], nodes: int = 4) -> str:
    """The violations as a person reads them: rule, impact, help, and the first few elements with the fix."""
    lines = []
    for v in violations:
        lines.append(f"{v['impact']} {v['id']} ({len(v['nodes'])} elements): {v['help']} [{v['helpUrl']}]")
        for node in v["nodes"][:nodes]:
            summary = " / ".join(s.strip() for s in (node.get("failureSummary") or "").splitlines()[1:] if s.strip())
            lines.append(f"    {' > '.join(map(str, node['target']))}: {node['html'][:160]}")
            lines.append(f"        {summary[:300]}")
    return "\n".join(lines)


def assert_accessible(page: Any, where: str, scope: str = WHOLE_PAGE) -> None:
    """No serious or critical axe-core violation in `scope` of the page (`where` names it in the message)."""
    found = audit(page, scope)
    assert not found, f"{where}: axe-core {AXE_VERSION} finds serious or critical violations in {scope}:\n{report(found)}"
