"""JupyterLab as `make tutor` gives it to a new learner, in headless Chromium at 1280x800: the real recipe (a free
port, NO_BROWSER=1, the working copy in a temporary WORKDIR, JupyterLab's own folders new), the start chapter
opened at the address make prints, chapters 01, 02 and 15 through its list of chapters. Each chapter runs by
itself on opening (nobody presses Run All) and is not left marked modified; the file browser is folded and no
news pop-up shows; a rule link opens the rule text in JupyterLab; a click on a card of the hand in 02 and at
15's table answers. Then JupyterLab is stopped and started again, and the same chapters (restored as tabs) run
again: no "Error displaying widget: model not found" where a screen was, none marked modified; at chapter 15's
table the board, the hand and the controls are in the window together. All the while the repository is left
as it was (git status of the chapters, the rule text and any notebook, ignored files included; the chapters'
bytes): JupyterLab writes only into the working copy.

Screenshots go to screenshots/jupyterlab_tutor_*.png for a person to look at."""
from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from browser_support import REPO, SCREENSHOTS, chromium_path, launched_chromium
from table_page import assert_in_view
from test_make_tutor import make_tutor
from widget_page import wait_for

pytestmark = [pytest.mark.browser, pytest.mark.slow]

VIEWPORT = {"width": 1280, "height": 800}
START = "00_start_here.ipynb"
CHAPTERS = [START, "01_setup.ipynb", "02_first_game_guided.ipynb", "15_first_game.ipynb"]
RUN_TIMEOUT_MS = 240_000      # a chapter's run on opening, its kernel's start included (2 loaded cores)
BROKEN = ("Error displaying widget", "model not found", "Loading widget")
CURRENT = ".jp-NotebookPanel:not(.lm-mod-hidden)"

# The current notebook has run by itself: every code cell shows something (each of a chapter's shows a
# screen), its kernel is idle, every widget rendered, and its tab (the chapter's) is current and not marked
# modified (the plugin saved it after the run).
JS_RAN = """(name) => {
  const tab = document.querySelector('.lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current');
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  if (!tab || !panel || tab.innerText.trim() !== name || tab.classList.contains('jp-mod-dirty')) return false;
  const code = [...panel.querySelectorAll('.jp-CodeCell')];
  const shown = code.every(c => c.querySelector('.jp-OutputArea-output'));
  const idle = panel.querySelector('.jp-Notebook-ExecutionIndicator')?.dataset.status === 'idle';
  return code.length > 0 && shown && idle && !panel.innerText.includes('Loading widget');
}"""
JS_DIRTY_TABS = "() => [...document.querySelectorAll('.lm-TabBar-tab.jp-mod-dirty')].map(t => t.innerText.trim())"
JS_LEFT_FOLDED = "() => document.querySelector('#jp-left-stack').classList.contains('lm-mod-hidden')"
JS_SCROLL_TO_TOP = """el => { const outer = el.closest('.jp-WindowedPanel-outer');
  outer.scrollTop += el.getBoundingClientRect().top - outer.getBoundingClientRect().top; }"""


# What JupyterLab and the tutor could write into if they served the repository: the chapters and the rule text
# (autosave, checkpoints), any notebook; git status is asked about these only (other work in a shared checkout
# may change other files meanwhile), ignored files included (.ipynb_checkpoints/ is git-ignored).
WATCHED = ["notebooks", "docs", "README.md", ":(glob)**/*.ipynb", ":(glob)**/.ipynb_checkpoints/**"]


def repository_state() -> tuple[str, dict[str, str]]:
    """`git status --porcelain` of what the tutor could write in the repository, and the digest of every file
    of notebooks/ and docs/."""
    status = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all", "--ignored", "--", *WATCHED],
                            cwd=REPO, check=True, capture_output=True, text=True).stdout
    files = {p.relative_to(REPO).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
             for folder in ("notebooks", "docs") for p in sorted((REPO / folder).rglob("*")) if p.is_file()}
    return status, files


def kernel_metadata(workdir: Path) -> dict[str, Any]:
    """Each chapter's kernelspec and language_info in the working copy, as on disk now."""
    found = {}
    for name in CHAPTERS:
        metadata = json.loads((workdir / "notebooks" / name).read_text(encoding="utf-8"))["metadata"]
        found[name] = {key: metadata.get(key) for key in ("kernelspec", "language_info")}
    return found


def shot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"jupyterlab_tutor_{name}.png"))


def wait_until_ran(page: Any, name: str) -> None:
    """Until chapter `name`, the current tab, has run by itself and settled; then nothing shows broken."""
    page.wait_for_function(JS_RAN, arg=name, timeout=RUN_TIMEOUT_MS, polling=500)
    text = page.locator(CURRENT).inner_text()
    for broken in BROKEN:
        assert broken not in text, f"{name} shows {broken!r}"
    assert page.evaluate(JS_DIRTY_TABS) == [], f"after opening {name}: tabs marked modified"


def open_from_start_chapter(page: Any, name: str) -> None:
    """Back to the start chapter's tab, then its link to chapter `name`, as a learner opens a chapter."""
    page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab", has_text=START).click()
    page.locator(CURRENT).locator(f".jp-RenderedMarkdown a[href*='{name}']").first.click()


def no_news(page: Any) -> None:
    assert page.get_by_text("Jupyter news").count() == 0, "the news pop-up shows"
    assert page.locator(".jp-toast-message, .Toastify__toast").count() == 0, "a notification pops up"


def click_a_card(page: Any, scope: Any, where: str) -> None:
    """A click on the first card the hand offers in `scope`: it is chosen (marked selected)."""
    card = scope.locator(".cc-controls .cc-cardrow .cc-pickable").first
    card.wait_for(state="visible", timeout=90_000)
    card.scroll_into_view_if_needed()
    card.click()
    wait_for(f"the card chosen in {where}", lambda: scope.locator(".cc-controls .cc-cardrow .cc-selected").count() > 0)


def the_table(page: Any) -> Any:
    """Chapter 15's first table where the person's hand is offered (the bots before them have played)."""
    tables = page.locator(CURRENT).locator(".cc-table").filter(has=page.locator(".cc-controls .cc-cardrow .cc-pickable"))
    wait_for("a table offering the hand", lambda: tables.count() > 0, timeout=90)
    return tables.first


def first_session(page: Any, address: str) -> None:
    """Open the four chapters as a learner does; follow a rule link; play a card in 02 and at 15's table."""
    page.goto(address, wait_until="domcontentloaded")
    wait_until_ran(page, START)
    assert page.evaluate(JS_LEFT_FOLDED), "the file browser is open over the chapter"
    no_news(page)
    shot(page, "1_start")
    for name in CHAPTERS[1:]:
        open_from_start_chapter(page, name)
        wait_until_ran(page, name)
        if name == "01_setup.ipynb":
            follow_a_rule_link(page)
        else:
            scope = page.locator(CURRENT) if name.startswith("02") else the_table(page)
            click_a_card(page, scope, name)
            assert page.evaluate(JS_DIRTY_TABS) == [], f"playing in {name} marked a tab modified"
    shot(page, "2_chapter15_played")


def follow_a_rule_link(page: Any) -> None:
    """The chapter's first rule link opens docs/rules.md of the working copy in JupyterLab, at that rule."""
    link = page.locator(CURRENT).locator(".jp-RenderedMarkdown a[href*='docs/rules.md'][href*='#R-']").first
    rule = link.get_attribute("href").split("#")[1]
    link.click()
    tab = page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current")
    wait_for("the rule text's tab", lambda: tab.inner_text().strip() == "rules.md")
    shown = page.locator(".jp-RenderedMarkdown:visible strong", has_text=f"{rule} —").first
    shown.wait_for(state="visible", timeout=30_000)
    box = shown.bounding_box()
    assert box and 0 <= box["y"] <= VIEWPORT["height"] - box["height"], f"{rule} is not in the window: {box}"
    shot(page, "rule_link")
    tab.locator(".lm-TabBar-tabCloseIcon").click()


def scroll_to_the_top(page: Any, part: Any) -> None:
    """Scroll `part` to the top of the notebook, again until it stays there (the screens above it still grow
    for a while: the practice bots of the tables above play by themselves)."""
    def settled() -> bool:
        part.evaluate(JS_SCROLL_TO_TOP)
        before = part.bounding_box()
        page.wait_for_timeout(1000)
        return before == part.bounding_box()
    wait_for("the table to stay in place", settled, timeout=60)


def second_session(page: Any, address: str) -> None:
    """After a restart: the start chapter and the restored tabs of the others run again, nothing broken; chapter
    15's table has its board, hand and controls in the window together."""
    page.goto(address, wait_until="domcontentloaded")
    wait_until_ran(page, START)
    assert page.evaluate(JS_LEFT_FOLDED), "the file browser is open over the chapter"
    no_news(page)
    for name in CHAPTERS[1:]:
        page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab", has_text=name).click()
        wait_until_ran(page, name)
    root = the_table(page)

    def scrolled_to_the_map() -> bool:
        """The learner scrolls to the map (again if the chapter's screens above it were still growing)."""
        scroll_to_the_top(page, root.locator(".cc-board").first)
        try:
            assert_in_view(page, root, ["board", "controls", "hand"], "chapter 15's table at 1280x800")
        except AssertionError:
            return False
        return True
    try:
        wait_for("the map scrolled to", scrolled_to_the_map, timeout=60)
    except AssertionError:     # say what is out of view
        assert_in_view(page, root, ["board", "controls", "hand"], "chapter 15's table at 1280x800")
    shot(page, "3_chapter15_table_after_restart")
    text = page.locator("#jp-main-dock-panel").inner_text()
    assert not any(broken in text for broken in BROKEN[:2]), "a chapter shows a dead widget"


def test_jupyterlab_tutor_chapters_run_on_opening_and_come_back_whole_after_a_restart(tmp_path: Path) -> None:
    chromium_path()   # skip (or fail under CI) before starting anything
    before = repository_state()
    workdir, home = tmp_path / "chapters", tmp_path / "home"
    with launched_chromium() as chromium:
        context = chromium.new_context(viewport=VIEWPORT)
        page = context.new_page()
        problems: list[str] = []
        page.on("pageerror", lambda exc: problems.append(str(exc)))
        try:
            with make_tutor("tutor", workdir, home) as (_, address):
                copied = kernel_metadata(workdir)
                first_session(page, address.group(0))
            assert kernel_metadata(workdir) == copied, "JupyterLab rewrote a chapter's kernel metadata"
            with make_tutor("tutor", workdir, home) as (printed, address):
                assert "You changed" not in printed   # running and playing changed no chapter
                second_session(page, address.group(0))
        finally:
            context.close()
    assert not problems, f"JavaScript errors in the page: {problems}"
    after = repository_state()
    assert after[0] == before[0], f"git status changed:\n{before[0]}\n---\n{after[0]}"
    assert after[1] == before[1], "a file of notebooks/ or docs/ changed"
