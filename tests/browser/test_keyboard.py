"""Everyone can play (docs/architecture.md principle 9), in the app mode (`make app`, Voilà) in headless
Chromium: a whole 2-player game at the table (Aiko against Ben, a random practice bot) played with keyboard
events only, every card kind of the starting hand played through the board and the controls (never the hint
button nor the typed notation), with a visible focus mark; and what a screen reader gets: every element of
the board and every card named (in the engine's words), every control labelled, the moves said in a polite
live region, a refusal in an alert.

The test follows the game on its own copy (the same seats and seeds, so Ben's moves are the ones the page
plays) and chooses Aiko's moves itself: each starting card kind once, first, then a greedy practice bot's
choices. Run with CI=true (a missing browser is then a failure)."""
from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from browser_support import SCREENSHOTS
from keyboard_play import KeyboardPlayer
from voila_support import VoilaApp

import concordia_core as cc
from concordia_core import bots
from widgets.table.model import TableModel
from widgets.table.seats import Seat, check_seats

VIEWPORT = {"width": 1280, "height": 800}
SEED = 5
SEATS = [Seat("Aiko"), Seat("Ben", "random")]
NOTEBOOK = "table_keyboard.ipynb"
SOURCE = f'from widgets.table import Seat, TableApp\nTableApp({SEATS!r}, "italia", seed={SEED})'
STARTING_KINDS = ("ARCHITECT", "PREFECT", "MERCATOR", "SENATOR", "DIPLOMAT", "TRIBUNE")
GAME_LIMIT = 10 * 60        # seconds for the whole game (it takes about 2 minutes)
INTERACTIVE = {"button", "checkbox", "combobox", "slider", "textbox", "tab", "link", "radio", "spinbutton", "switch"}

JS_OUTLINE = """() => { const s = getComputedStyle(document.activeElement);
  return {style: s.outlineStyle, width: parseFloat(s.outlineWidth), shadow: s.boxShadow}; }"""


@pytest.fixture(scope="module")
def app_notebooks() -> dict[str, str]:
    return {NOTEBOOK: SOURCE}


@pytest.fixture
def table(app_browser: Any, voila_app: VoilaApp) -> Iterator[tuple[Any, Any]]:
    """The page of the table notebook and the table on it."""
    context = app_browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.problems = []
    page.on("pageerror", lambda exc: page.problems.append(f"page error: {exc}"))
    page.goto(voila_app.url(f"/voila/render/{NOTEBOOK}"), wait_until="domcontentloaded", timeout=180_000)
    root = page.locator(".cc-table").first
    root.wait_for(timeout=180_000)
    try:
        yield page, root
    finally:
        context.close()


def wait_step(root: Any, step: int, timeout: float = 120_000) -> None:
    """Until the table's status line stands at step `step` (every step of the game so far, the bot's included: its
    data-steps, beside the round and turn a learner reads)."""
    root.locator(f".cc-progress[data-steps='{step}']").first.wait_for(timeout=timeout)


JS_NEXT = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return {where: 'body'};
  const r = a.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  const seen = x >= 0 && y >= 0 && x <= innerWidth && y <= innerHeight;
  const top = seen ? document.elementFromPoint(x, y) : null;
  const where = a.closest('.cc-pass') ? 'pass' : a.closest('.cc-final-box') ? 'final'
    : a.closest('.cc-controls .cc-cardrow') ? 'hand' : a.closest('.cc-board') ? 'board'
    : a.closest('.cc-controls') ? 'controls' : a.closest('.cc-table-tools') ? 'tools' : 'elsewhere';
  // a piece of the board may lie under the board's own drawing (a route across a province's middle): that hides
  // nothing; anything else over the middle (a tooltip, a panel) hides the focus
  const board = a.closest('.cc-board');
  const mine = top && (top === a || a.contains(top) || top.contains(a) || (!!board && board.contains(top)));
  return {where, visible: seen && !!mine,
          what: a.tagName + ' ' + (a.getAttribute('data-pick') || (a.innerText || '').trim().slice(0, 40)),
          over: top ? top.tagName + '.' + [...top.classList].join('.') : null,
          middle: [Math.round(x), Math.round(y)], window: [innerWidth, innerHeight]};
}"""


def assert_focus_on_next(page: Any, when: str, allowed: tuple[str, ...] = ("hand", "board", "controls", "tools")) -> None:
    """The focus is on the next thing to do (the hand, the board, the step's controls or the table's buttons) and
    visible in the window: never the page's body or a control out of sight (it may take a moment to settle)."""
    deadline = time.monotonic() + 10
    while True:
        focus = page.evaluate(JS_NEXT)
        if focus["where"] in allowed and focus.get("visible"):
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"{when}: the focus is not on a visible next thing to do: {focus}")
        page.wait_for_timeout(200)


def learner(state_kinds: set[str]) -> Callable[[cc.GameState], cc.Action]:
    """Aiko's choices: at a turn's start the first starting card kind not played yet, else a greedy bot's."""
    greedy = bots.make("greedy", 1)

    def choose(state: cc.GameState) -> cc.Action:
        if state.pending is None and not state.choices:
            for kind in STARTING_KINDS:
                card = next((a for a in cc.legal_actions(state) if isinstance(a, cc.PlayCard)
                             and cc.card(a.card).kind == kind), None)
                if kind not in state_kinds and card is not None:
                    return card
        return greedy.choose(state).action
    return choose


def assert_focus_visible(page: Any, what: str) -> None:
    outline = page.evaluate(JS_OUTLINE)
    # an outline, or (menus and text boxes, whose outline ipywidgets removes) a ring drawn as a box shadow
    ring = re.findall(r"(\d+(?:\.\d+)?)px", outline["shadow"] or "")
    shown = (outline["style"] != "none" and outline["width"] >= 2) or any(float(px) >= 2 for px in ring)
    assert shown, f"no visible focus mark on {what}: {outline}"


def test_browser_keyboard_whole_game_against_a_bot(table: tuple[Any, Any]) -> None:
    page, root = table
    seats = check_seats(list(SEATS), SEED)
    game = cc.Game(cc.Setup("italia", [s.name for s in seats], SEED, True))
    model = TableModel(game, seats)           # the same seats and bot seeds as the page's table
    played: set[str] = set()
    choose = learner(played)
    keys = KeyboardPlayer(page, root, [p.name for p in game.state.players].index("Aiko"))
    deadline = time.monotonic() + GAME_LIMIT
    seen = {"board": False, "card": False, "button": False}
    while not game.state.over:
        assert time.monotonic() < deadline, f"the game took longer than {GAME_LIMIT} s (step {len(game.history)})"
        if model.bot_to_act():
            model.bot_move()
            continue
        wait_step(root, len(game.history))
        if keys.presses:      # after every move since Aiko's first (hers or the bot's), the focus is on what she does next
            assert_focus_on_next(page, f"step {len(game.history)}, Aiko to act")
        state = game.state
        action = choose(state)
        try:
            keys.play(state, action)
        except AssertionError as exc:    # say whether the page's game went another way than this copy
            told = [e.text for e in cc.narrate.entries(game.state_at(0), list(game.history), first=1)[-2:]]
            live = root.locator("[role='log'][aria-live='polite']").first.inner_text()
            raise AssertionError(f"{exc}\nat step {len(game.history) + 1} ({action}); here the last moves were "
                                 f"{told}; the page said {live!r}") from exc
        focus = keys.focus() or {}
        kind = "board" if focus.get("board") else "card" if focus.get("pick") else "button"
        if not seen[kind] and focus:
            assert_focus_visible(page, kind)
            seen[kind] = True
        game.play(action)
        if isinstance(action, cc.PlayCard):
            played.add(cc.card(action.card).kind)
    final = root.locator(".concordia-final").first
    final.wait_for(timeout=120_000)
    assert_focus_on_next(page, "the end of the game", ("final",))     # the final score, beside the board
    assert "Game over" in root.locator(".cc-live").first.inner_text()  # and said to a screen reader
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "keyboard_game_over.png"))
    winner = cc.final_ranking(game.state)[0]
    assert f"Game over: {winner} wins" in final.inner_text()
    assert set(STARTING_KINDS) <= played, f"card kinds never played: {set(STARTING_KINDS) - played}"
    assert keys.presses > 100
    assert not page.problems, page.problems


def unnamed(snapshot: str) -> list[str]:
    """The interactive nodes of an ARIA snapshot that have no name."""
    found = []
    for line in snapshot.splitlines():
        match = re.match(r'\s*- (\w+)( "[^"]*"| \'[^\']*\'|:|$)', line)
        if match and match.group(1) in INTERACTIVE and match.group(2) in (":", ""):
            found.append(line.strip())
    return found


def mirror() -> tuple[cc.Game, TableModel]:
    """The page's game followed here: the same seats and bot seeds, the bots' steps played until Aiko acts."""
    seats = check_seats(list(SEATS), SEED)
    game = cc.Game(cc.Setup("italia", [s.name for s in seats], SEED, True))
    model = TableModel(game, seats)
    while model.bot_to_act():
        model.bot_move()
    return game, model


def test_browser_keyboard_screen_reader_names_labels_live_log_and_alerts(table: tuple[Any, Any]) -> None:
    page, root = table
    game, _model = mirror()
    wait_step(root, len(game.history))
    aiko = [p.name for p in game.state.players].index("Aiko")
    board = root.locator(".cc-board")
    # the board's elements and the cards are named in the engine's words
    route = "land:COSA-ROMA"
    assert board.locator(f"[data-pick='route:{route}']").first.get_attribute("aria-label") == cc.route_name(route)
    assert board.locator("[data-pick='city:COSA']").first.get_attribute("role") == "img"
    whose = cc._("{whose} {colonist}", whose=cc.possessive("Aiko"), colonist=cc.colonist_text("land"))
    assert board.locator(f"[data-pick='colonist:{aiko}:land:ROMA']").first.get_attribute("aria-label") == \
        cc._("{colonist} in {city}", colonist=whose, city=cc.city_name("ROMA"))
    cards = root.locator(".cc-controls .cc-cardrow [role='button']")
    assert cards.count() == len(game.state.players[aiko].hand)      # every card: two Prefects are two
    assert all(cards.nth(i).get_attribute("aria-description") for i in range(cards.count()))
    assert not unnamed(root.aria_snapshot()), unnamed(root.aria_snapshot())
    # the moves so far are said in the polite live region, as the engine tells them
    told = cc.narrate.entries(game.state_at(0), list(game.history), first=1)[-1].text
    live = root.locator("[role='log'][aria-live='polite']").first
    assert told in live.inner_text(), (told, live.inner_text())
    # an Architect by keyboard: with a colonist chosen, each route offered is named with its cost in steps
    keys = KeyboardPlayer(page, root, aiko)
    keys.pick_card("card:ARCHITECT", display=False)
    game.play("play ARCHITECT")
    keys.pick_on_board(f"colonist:{aiko}:land:ROMA")
    costs = cc.reachable_routes(game.state, "land", "ROMA", game.state.pending.steps_left)
    keys.wait_pickable(f"route:{route}")
    assert board.locator(f"[data-pick='route:{route}'][role='button']").first.get_attribute("aria-label") == \
        cc._("{route}, {steps}", route=cc.route_name(route), steps=cc.n_("{n} step", "{n} steps", costs[route]))
    assert not unnamed(root.aria_snapshot()), unnamed(root.aria_snapshot())
    keys.button(cc._("Cancel card play"))
    # a refusal is an alert, and it goes with the next choice: a Mercator buying more food than Aiko can pay
    keys.pick_card("card:MERCATOR", display=False)
    keys.menu(cc._("Good"), cc.good_name("food"))
    keys.toggle(cc._("Buy"))
    keys.slider(cc._("Amount"), cc.CONSTANTS.storehouse_slots)
    keys.wait_says("✗ " + cc._("not allowed: {why}", why="").strip())   # the preview has heard the amount
    keys.button(cc._("Buy"))
    alert = root.locator(".cc-controls [role='alert']").first
    alert.wait_for(timeout=30_000)
    assert "R-MERC-" in alert.inner_text(), alert.inner_text()
    assert not unnamed(root.aria_snapshot()), unnamed(root.aria_snapshot())
    keys.slider(cc._("Amount"), 1)
    root.locator(".cc-controls [role='alert']").first.wait_for(state="detached", timeout=30_000)
    assert not page.problems, page.problems
