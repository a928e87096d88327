"""The learner's working copy that `make tutor` serves (scripts/tutor_copy.py), on small repositories written
here and on the real one: what is copied, what a run of a chapter leaves and a start clears, what happens to a
chapter the learner changed (kept, listed, replaced only when asked), and that the chapters' rule links open
inside the copy. Fast: no JupyterLab, no browser (tests/app/test_jupyterlab_tutor.py drives the real thing)."""
from __future__ import annotations

import hashlib
import json
import platform
import re
from pathlib import Path
from typing import Any

import pytest
from browser_support import REPO, load_script

tutor_copy = load_script("tutor_copy")
KERNEL = {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
          "language_info": {"name": "python", "version": "3.11.0"}}
WIDGET = {"output_type": "display_data", "metadata": {},
          "data": {"text/plain": "GameApp(...)", "application/vnd.jupyter.widget-view+json":
                   {"model_id": "0123abcd", "version_major": 2, "version_minor": 0}}}
PRINTED = {"output_type": "stream", "name": "stdout", "text": "42\n"}


def chapter(*texts: str) -> dict[str, Any]:
    """A committed chapter: Markdown, then a hidden code cell per text after the first."""
    cells: list[dict[str, Any]] = [{"cell_type": "markdown", "id": "md", "metadata": {}, "source": texts[0]}]
    cells += [{"cell_type": "code", "id": f"c{i}", "metadata": {"jupyter": {"source_hidden": True}},
               "execution_count": None, "outputs": [], "source": text} for i, text in enumerate(texts[1:])]
    return {"cells": cells, "nbformat": 4, "nbformat_minor": 5,
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                         "language_info": {"name": "python"}}}


def write(path: Path, nb: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb, indent=1), encoding="utf-8")


def read(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A repository of two chapters (one Japanese), a rule text and a README."""
    root = tmp_path / "repo"
    write(root / "notebooks" / "01_setup.ipynb", chapter("# Setup [R-1](../docs/rules.md#R-1)", "lesson.board()"))
    write(root / "notebooks" / "ja" / "01_setup.ipynb", chapter("# 準備", "lesson.board()"))
    (root / "docs").mkdir()
    (root / "docs" / "rules.md").write_text('<a id="R-1"></a>\n**R-1 — a rule.**\n', encoding="utf-8")
    (root / "README.md").write_text("# readme\n", encoding="utf-8")
    return root


def prepare(repo: Path, work: Path, fresh: tuple[str, ...] = ()) -> Any:
    return tutor_copy.prepare(work, repo=repo, fresh=fresh, kernel=KERNEL)


def run_in_jupyterlab(path: Path) -> None:
    """What a learner's run and JupyterLab's autosave leave in a chapter: outputs (a widget's among them),
    execution counts, saved widget state."""
    nb = read(path)
    for count, cell in enumerate(c for c in nb["cells"] if c["cell_type"] == "code"):
        cell["execution_count"], cell["outputs"] = count + 1, [WIDGET, PRINTED]
    nb["metadata"]["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    write(path, nb)


def edit_first_cell(path: Path, text: str) -> None:
    nb = read(path)
    nb["cells"][0]["source"] = text
    write(path, nb)


def test_jupyterlab_working_copy_holds_the_chapters_docs_and_readme_marked_to_run(repo: Path, tmp_path: Path) -> None:
    before = {p: p.read_bytes() for p in repo.rglob("*") if p.is_file()}
    work = tmp_path / "work"
    report = prepare(repo, work)
    assert sorted(report.copied) == ["README.md", "docs/rules.md", "notebooks/01_setup.ipynb",
                                     "notebooks/ja/01_setup.ipynb"]
    assert (work / "docs" / "rules.md").read_bytes() == (repo / "docs" / "rules.md").read_bytes()
    copy = read(work / "notebooks" / "01_setup.ipynb")
    assert copy["metadata"] == {**KERNEL, "concordia": {"run_on_open": True}}
    assert [c["source"] for c in copy["cells"]] == ["# Setup [R-1](../docs/rules.md#R-1)", "lesson.board()"]
    assert copy["cells"][1]["metadata"] == {"jupyter": {"source_hidden": True}}
    assert {p: p.read_bytes() for p in repo.rglob("*") if p.is_file()} == before, "the repository was written to"
    assert not report.changed and report.workdir == work


def test_jupyterlab_working_copy_start_clears_a_run_chapter_and_keeps_it_the_tutors(repo: Path, tmp_path: Path) -> None:
    work = tmp_path / "work"
    prepare(repo, work)
    first = (work / "notebooks" / "01_setup.ipynb").read_bytes()
    run_in_jupyterlab(work / "notebooks" / "01_setup.ipynb")
    report = prepare(repo, work)
    assert (work / "notebooks" / "01_setup.ipynb").read_bytes() == first   # no dead widget, no count, no state
    assert not report.changed and not report.copied


def test_jupyterlab_working_copy_brings_untouched_chapters_in_step(repo: Path, tmp_path: Path) -> None:
    work = tmp_path / "work"
    prepare(repo, work)
    run_in_jupyterlab(work / "notebooks" / "01_setup.ipynb")
    write(repo / "notebooks" / "01_setup.ipynb", chapter("# Setup, rewritten", "lesson.board()", "lesson.more()"))
    (repo / "docs" / "rules.md").write_text('<a id="R-1"></a>\n**R-1 — a rule, clearer.**\n', encoding="utf-8")
    report = prepare(repo, work)
    assert sorted(report.copied) == ["docs/rules.md", "notebooks/01_setup.ipynb"]
    copy = read(work / "notebooks" / "01_setup.ipynb")
    assert [c["source"] for c in copy["cells"]] == ["# Setup, rewritten", "lesson.board()", "lesson.more()"]
    assert "clearer" in (work / "docs" / "rules.md").read_text(encoding="utf-8")


def test_jupyterlab_working_copy_never_overwrites_the_learners_changes(repo: Path, tmp_path: Path) -> None:
    work = tmp_path / "work"
    prepare(repo, work)
    mine = work / "notebooks" / "ja" / "01_setup.ipynb"
    edit_first_cell(mine, "# 準備 (my notes)")
    run_in_jupyterlab(mine)
    (work / "docs" / "rules.md").write_text("my own rules\n", encoding="utf-8")
    report = prepare(repo, work)
    assert report.changed == ["notebooks/ja/01_setup.ipynb", "docs/rules.md"] and report.newer == []
    assert read(mine)["cells"][0]["source"] == "# 準備 (my notes)"
    assert all(c.get("outputs", []) == [] and c.get("execution_count") is None for c in read(mine)["cells"]), \
        "a changed chapter keeps no outputs of a dead kernel"
    assert (work / "docs" / "rules.md").read_text(encoding="utf-8") == "my own rules\n"

    write(repo / "notebooks" / "ja" / "01_setup.ipynb", chapter("# 準備 (新版)", "lesson.board()"))
    report = prepare(repo, work)
    assert report.newer == ["notebooks/ja/01_setup.ipynb"]
    assert read(mine)["cells"][0]["source"] == "# 準備 (my notes)"
    lines = "\n".join(report.lines("make tutor-ja"))
    assert "notebooks/ja/01_setup.ipynb (the tutor's version has changed since)" in lines
    assert "make tutor-ja FRESH=notebooks/ja/01_setup.ipynb" in lines


def test_jupyterlab_working_copy_fresh_replaces_a_chapter_and_keeps_the_learners_beside(repo: Path, tmp_path: Path) -> None:
    work = tmp_path / "work"
    prepare(repo, work)
    mine = work / "notebooks" / "01_setup.ipynb"
    edit_first_cell(mine, "# my version")
    report = prepare(repo, work, fresh=("01_setup",))
    assert report.fresh == {"notebooks/01_setup.ipynb": "notebooks/01_setup-yours.ipynb"}
    assert read(mine)["cells"][0]["source"].startswith("# Setup")
    assert read(work / "notebooks" / "01_setup-yours.ipynb")["cells"][0]["source"] == "# my version"
    edit_first_cell(mine, "# my second version")
    report = prepare(repo, work, fresh=("notebooks/01_setup.ipynb",))
    assert report.fresh == {"notebooks/01_setup.ipynb": "notebooks/01_setup-yours-2.ipynb"}
    assert not report.changed
    with pytest.raises(SystemExit, match="no chapter '99_none'"):
        prepare(repo, work, fresh=("99_none",))


def test_jupyterlab_working_copy_drops_only_widget_outputs_of_the_learners_own_notebooks(repo: Path,
                                                                                      tmp_path: Path) -> None:
    work = tmp_path / "work"
    prepare(repo, work)
    own = chapter("# my notebook", "lesson.board()\nprint(42)")
    own["cells"][1].update(execution_count=1, outputs=[WIDGET, PRINTED])
    write(work / "scratch.ipynb", own)
    (work / "broken.ipynb").write_text("{ not json", encoding="utf-8")
    prepare(repo, work)
    assert read(work / "scratch.ipynb")["cells"][1]["outputs"] == [PRINTED]
    assert read(work / "scratch.ipynb")["cells"][1]["execution_count"] == 1
    assert (work / "broken.ipynb").read_text(encoding="utf-8") == "{ not json"


def test_jupyterlab_working_copy_metadata_is_the_installed_kernels() -> None:
    """What JupyterLab writes into a notebook once its kernel runs: the installed python3 kernel's kernel.json
    and the running Python's version."""
    metadata = tutor_copy.kernel_metadata()
    from jupyter_client.kernelspec import KernelSpecManager
    spec = json.loads((Path(KernelSpecManager().find_kernel_specs()["python3"]) / "kernel.json").read_text())
    assert metadata["kernelspec"] == {"display_name": spec["display_name"], "language": "python", "name": "python3"}
    assert metadata["language_info"]["name"] == "python"
    assert metadata["language_info"]["version"] == platform.python_version()
    assert metadata["language_info"]["file_extension"] == ".py"


def test_jupyterlab_working_copy_rule_links_of_every_chapter_open_inside_it(tmp_path: Path) -> None:
    """Every relative link of every chapter (rules, other chapters, the README) leads to a file of the working
    copy, and a rule link's #R-... to that rule's anchor."""
    work = tmp_path / "work"
    tutor_copy.prepare(work, kernel=KERNEL)
    links = 0
    for path in sorted((work / "notebooks").rglob("*.ipynb")):
        text = "".join("".join(c["source"]) for c in read(path)["cells"] if c["cell_type"] == "markdown")
        for target in re.findall(r"\]\((?!https?:|#)([^)\s]+)\)", text):
            file, _, anchor = target.partition("#")
            resolved = (path.parent / file).resolve()
            assert resolved.is_relative_to(work.resolve()) and resolved.is_file(), f"{path.name}: {target}"
            if anchor:
                assert f'<a id="{anchor}"' in resolved.read_text(encoding="utf-8"), f"{path.name}: {target}"
            links += 1
    assert links > 100


def test_jupyterlab_working_copy_of_the_repository_says_where_it_is(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    work = tmp_path / "work"
    assert tutor_copy.main([str(work), "--command", "make tutor"]) == 0
    said = capsys.readouterr().out
    assert f"Your copy of the chapters: {work}" in said
    chapters = sorted(p.relative_to(REPO).as_posix() for p in (REPO / "notebooks").rglob("*.ipynb")
                      if ".ipynb_checkpoints" not in p.parts)
    record = json.loads((work / tutor_copy.RECORD).read_text(encoding="utf-8"))
    assert set(chapters) <= set(record) and "docs/rules.md" in record and "docs/rules.ja.md" in record
    digest = hashlib.sha256((REPO / chapters[0]).read_bytes()).hexdigest()
    assert record[chapters[0]]["repository"] == digest
