"""The learner's own working copy of the chapters, which `make tutor` and `make tutor-ja` serve in JupyterLab.

    .venv/bin/python scripts/tutor_copy.py WORKDIR [--fresh notebooks/01_setup.ipynb ...] [--command "make tutor"]

JupyterLab saves what a learner does (autosave, outputs included) into the files it serves, so it serves a copy
outside what git tracks: WORKDIR (`tutor/` in the repository, git-ignored, unless `make tutor WORKDIR=...`) holds
notebooks/ (and notebooks/ja/), docs/ and README.md as in the repository, so the chapters' relative links
(`../docs/rules.md#R-...`, `../../docs/rules.ja.md#R-...`) open inside the server's root.

Each run (every `make tutor`):
* a file missing from WORKDIR is copied; one the learner left untouched is brought in step with the repository;
  one the learner changed is kept as it is (and listed, with the command that replaces it by a fresh copy, the
  learner's version kept beside it as NAME-yours.ipynb). "Changed" means the cells' types and texts (a
  notebook) or the bytes (any other file) differ from what was copied, as recorded in WORKDIR/.tutor-copy.json;
  running a chapter, which only adds outputs, changes nothing.
* every chapter starts again without outputs: a widget's output names a model of the kernel that made it, and
  after a restart that kernel is gone ("Error displaying widget: model not found"). A chapter runs itself when
  opened (the tutor's JupyterLab plugin, lab/labextensions/, runs notebooks marked `run_on_open` in their
  metadata and never run); in other notebooks of WORKDIR only the widget outputs are dropped.
* a chapter's kernelspec and language_info are those of the installed kernel, which JupyterLab writes into a
  notebook as soon as its kernel starts: equal, they leave the chapter unmodified on opening.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
RECORD = ".tutor-copy.json"       # in WORKDIR: {relative path: {"repository": sha256, "copy": learner digest}}
COPIED = ("notebooks", "docs", "README.md")
MARK = "concordia"                # notebook metadata {"run_on_open": true}: a chapter of the tutor
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
KERNEL = "python3"
Notebook = dict[str, Any]


def repository_files(repo: Path = REPO) -> list[str]:
    """The files copied, as paths relative to the repository (and to WORKDIR)."""
    found: list[str] = []
    for name in COPIED:
        top = repo / name
        paths = [top] if top.is_file() else sorted(p for p in top.rglob("*") if p.is_file())
        found += [p.relative_to(repo).as_posix() for p in paths
                  if not {".ipynb_checkpoints", "__pycache__"} & set(p.parts)]
    return found


def kernel_metadata(name: str = KERNEL) -> dict[str, Any]:
    """The notebook metadata JupyterLab writes once the installed kernel `name` has started (kernelspec from its
    kernel.json, language_info from ipykernel); {} where either is missing."""
    try:
        from ipykernel.ipkernel import IPythonKernel
        from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel
    except ImportError:
        return {}
    try:
        spec = KernelSpecManager().get_kernel_spec(name)
    except NoSuchKernel:
        return {}
    return {"kernelspec": {"display_name": spec.display_name, "language": spec.language, "name": name},
            "language_info": dict(IPythonKernel.language_info)}


def _parse(data: bytes) -> Notebook | None:
    """A notebook's JSON, or None when it is not one (a learner may have broken it)."""
    try:
        nb = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    return nb if isinstance(nb, dict) and isinstance(nb.get("cells"), list) and isinstance(nb.get("metadata"), dict) else None


def _text(nb: Notebook) -> bytes:
    """A notebook as JupyterLab (nbformat) writes it."""
    return (json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")


def is_chapter(nb: Notebook) -> bool:
    """A chapter of the tutor (marked by chapter_copy), not a notebook of the learner's own."""
    mark = nb["metadata"].get(MARK)
    return isinstance(mark, dict) and bool(mark.get("run_on_open"))


def tidy(nb: Notebook, kernel: dict[str, Any]) -> Notebook:
    """What a notebook of WORKDIR looks like at a start: a chapter without outputs, with the installed kernel's
    metadata; any other notebook without its widget outputs; none with saved widget state."""
    chapter = is_chapter(nb)
    nb["metadata"].pop("widgets", None)
    if chapter:
        nb["metadata"].update(kernel)
    for cell in nb["cells"]:
        if cell.get("cell_type") != "code":
            continue
        if chapter:
            cell["outputs"], cell["execution_count"] = [], None
        else:
            cell["outputs"] = [o for o in cell.get("outputs", []) if WIDGET_VIEW not in o.get("data", {})]
    return nb


def chapter_copy(nb: Notebook, kernel: dict[str, Any]) -> Notebook:
    """The working copy of a committed chapter: marked to run when opened, tidied."""
    nb["metadata"][MARK] = {"run_on_open": True}
    return tidy(nb, kernel)


def learner_digest(data: bytes, notebook: bool) -> str:
    """What the learner wrote: the cells' types and texts of a notebook, the bytes of any other file."""
    nb = _parse(data) if notebook else None
    if nb is not None:
        data = json.dumps([[c.get("cell_type"), "".join(c.get("source", ""))] for c in nb["cells"]],
                          ensure_ascii=False).encode("utf-8")
    return hashlib.sha256(data).hexdigest()


@dataclass
class Report:
    """What a run did (relative paths)."""

    workdir: Path
    copied: list[str] = field(default_factory=list)     # new in WORKDIR, or refreshed from the repository
    changed: list[str] = field(default_factory=list)    # the learner's changes, kept
    newer: list[str] = field(default_factory=list)      # of those, the ones whose repository file changed since
    fresh: dict[str, str] = field(default_factory=dict)  # replaced on request: path -> where the learner's went

    def lines(self, command: str) -> Iterator[str]:
        yield (f"Your copy of the chapters: {self.workdir} (yours: JupyterLab saves your work there; "
               "the repository's notebooks/ stay as they are).")
        if self.copied:
            yield f"Copied from the repository: {len(self.copied)} files."
        for path, kept in self.fresh.items():
            yield f"Fresh copy of {path}; your version is kept as {kept}."
        if self.changed:
            yield "You changed these; they are kept as you left them:"
            yield from (f"  {path}" + (" (the tutor's version has changed since)" if path in self.newer else "")
                        for path in self.changed)
            yield (f"For a fresh copy of one (yours is kept beside it, renamed NAME-yours): "
                   f"{command} FRESH={self.changed[0]}")


def _kept_name(path: Path) -> Path:
    """A free name beside `path` for the learner's version: NAME-yours.ipynb, NAME-yours-2.ipynb, ..."""
    number = 1
    while True:
        kept = path.with_name(f"{path.stem}-yours{'' if number == 1 else f'-{number}'}{path.suffix}")
        if not kept.exists():
            return kept
        number += 1


def _fresh_names(wanted: Sequence[str], known: Sequence[str]) -> list[str]:
    """The paths of `wanted` (as printed, or a chapter's name alone: 01_setup, ja/01_setup.ipynb)."""
    found = []
    for name in wanted:
        candidates = [name, f"{name}.ipynb", f"notebooks/{name}", f"notebooks/{name}.ipynb"]
        match = next((c for c in candidates if c in known), None)
        if match is None:
            raise SystemExit(f"tutor_copy: no chapter {name!r} to refresh (say it as listed, e.g. notebooks/01_setup.ipynb)")
        found.append(match)
    return found


def _write(path: Path, data: bytes) -> None:
    """Write `data` to `path` unless it holds them already (a file JupyterLab serves is rewritten only on change)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.is_file() or path.read_bytes() != data:
        path.write_bytes(data)


def prepare(workdir: Path, repo: Path = REPO, fresh: Sequence[str] = (),
            kernel: dict[str, Any] | None = None) -> Report:
    """Bring WORKDIR in step with the repository without touching the learner's changes (module docstring)."""
    kernel = kernel_metadata() if kernel is None else kernel
    workdir.mkdir(parents=True, exist_ok=True)
    record_path = workdir / RECORD
    record: dict[str, dict[str, str]] = json.loads(record_path.read_text(encoding="utf-8")) if record_path.is_file() else {}
    report = Report(workdir)
    files = repository_files(repo)
    for rel in _fresh_names(fresh, files):
        if (workdir / rel).is_file():
            kept = _kept_name(workdir / rel)
            (workdir / rel).rename(kept)
            report.fresh[rel] = kept.relative_to(workdir).as_posix()
    for rel in files:
        target, raw, notebook = workdir / rel, (repo / rel).read_bytes(), rel.endswith(".ipynb")
        origin = hashlib.sha256(raw).hexdigest()
        chapter = _parse(raw) if notebook else None
        new = raw if chapter is None else _text(chapter_copy(chapter, kernel))
        copy = learner_digest(new, notebook)
        entry = record.get(rel, {})
        if target.is_file() and learner_digest(target.read_bytes(), notebook) not in (entry.get("copy"), copy):
            report.changed.append(rel)
            if entry.get("repository") != origin:
                report.newer.append(rel)
            continue
        if not target.is_file() or entry.get("repository") != origin:
            report.copied.append(rel)
        _write(target, new)
        record[rel] = {"repository": origin, "copy": copy}
    for path in sorted(workdir.rglob("*.ipynb")):
        nb = None if ".ipynb_checkpoints" in path.parts else _parse(path.read_bytes())
        if nb is not None:
            _write(path, _text(tidy(nb, kernel)))
    _write(record_path, (json.dumps(record, indent=1, sort_keys=True) + "\n").encode("utf-8"))
    return report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("workdir", type=Path)
    parser.add_argument("--fresh", nargs="*", default=[], help="chapters to replace by a fresh copy")
    parser.add_argument("--command", default="make tutor", help="the command the learner runs, for the message")
    args = parser.parse_args(argv)
    report = prepare(args.workdir.resolve(), fresh=args.fresh)
    print("\n".join(report.lines(args.command)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
