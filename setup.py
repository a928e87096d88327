"""The build's one addition to pyproject.toml: the rule text (docs/rules.md, docs/rules.ja.md) goes into
the wheel as package data of `widgets.support` (under rules/), so an installed tutor shows every refusal's
rule text. docs/ stays the only copy in the repository: a checkout (and an editable install) reads it in
place, a wheel carries the copy made here at build time (widgets/support/rulebook.py looks in both)."""
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
RULE_FILES = ("rules.md", "rules.ja.md")


class BuildWithRules(build_py):
    """build_py, then the rule files copied into the built package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return          # an editable install reads docs/ in place
        target = Path(self.build_lib) / "widgets" / "support" / "rules"
        target.mkdir(parents=True, exist_ok=True)
        for name in RULE_FILES:
            self.copy_file(str(ROOT / "docs" / name), str(target / name))


setup(cmdclass={"build_py": BuildWithRules})
