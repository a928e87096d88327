"""Friends at a table, each on their own device, in the app mode (not a test module): a device is a browser context
of its own (its own visitor cookie) with chapter 20's page; start a table and join it, type the moves on the device
whose seat acts, wait for every device to show them, and check that all pages show the same public things and none
another player's hand. Used by tests/browser/test_friends_devices.py and tests/app/test_friends_soak.py."""
from __future__ import annotations

import re
import time
from typing import Any

from app_page import PHONE
from voila_support import VoilaApp
from widget_page import wait_for

import concordia_core as cc
from concordia_core import bots

PAGE = "20_friends.ipynb"
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
NAMES = ["Aiko", "Ben", "Chloe"]
SEED = 3                                     # a 3-player Italia game of about 200 steps when greedy bots play it
PAGE_MS = 180_000
JS_STEPS = "() => Number(document.querySelector('.cc-friends .cc-progress')?.dataset.steps ?? -1)"
JS_PUBLIC = """() => {
  const root = document.querySelector('.cc-friends');
  const board = root.querySelector('.cc-board svg.cc-map, .cc-board svg');
  const boards = [...root.querySelectorAll('.widget-tab .widget-html-content')].map(e => e.innerText)
    .map(t => t.replace(/Hand:.*\\n/, 'Hand: …\\n'));
  const log = [...root.querySelectorAll('.cc-side .widget-html-content')].map(e => e.innerText)
    .find(t => t.includes('Game log')) || '';
  return {board: board ? board.textContent.replace(/\\s+/g, ' ') : '', boards, log,
          progress: root.querySelector('.cc-progress')?.innerText};
}"""


JS_BOARDS = "() => [...document.querySelectorAll('.cc-friends .widget-tab .widget-html-content')].map(e => e.innerText)"
JS_UNHIDE_TYPED = """() => {
  const head = [...document.querySelectorAll('.cc-friends .cc-side *')].find(e => e.textContent.trim()
    .startsWith('Type a move (notation') && e.children.length === 0);
  for (let e = head; e && !e.classList.contains('cc-side'); e = e.parentElement)
    if (getComputedStyle(e).display === 'none') e.style.display = 'flex';
}"""


class Device:
    """One friend's browser: a context of its own (its own visitor cookie) and the chapter's page in it."""

    def __init__(self, chromium: Any, app: VoilaApp, name: str, settings: dict[str, Any]) -> None:
        self.app, self.name = app, name
        self.context = chromium.new_context(**settings)
        self.problems: list[str] = []
        self.page = self.context.new_page()
        self.watch(self.page)

    def watch(self, page: Any) -> None:
        """Every JavaScript error of the page noted in `problems`; leaving the page asks nothing back."""
        page.on("dialog", lambda dialog: dialog.accept())
        page.on("pageerror", lambda exc: self.problems.append(f"{self.name}: page error: {exc}"))
        page.on("console", lambda msg: self.problems.append(f"{self.name}: console error: {msg.text}")
                if msg.type == "error" else None)

    def open(self, address: str) -> None:
        self.page.goto(address, wait_until="domcontentloaded", timeout=PAGE_MS)
        self.page.locator(".cc-friends-launcher, .cc-friends").first.wait_for(timeout=PAGE_MS)

    @property
    def root(self) -> Any:
        return self.page.locator(".cc-friends").first

    def steps(self) -> int:
        return int(self.page.evaluate(JS_STEPS))

    def take_seat(self, name: str) -> None:
        row = self.root.locator(".cc-seats .widget-hbox").filter(has_text=f"{name}:")
        take = row.locator("button").filter(has_text="Take this seat").first
        take.tap() if self.context_is_phone else take.click()
        row.get_by_text("you, on this device").wait_for(timeout=30_000)

    @property
    def context_is_phone(self) -> bool:
        return bool(self.page.viewport_size and self.page.viewport_size["width"] < 500)

    def type_move(self, action: cc.Action, forced: bool = False) -> None:
        """The step typed into the screen's box for keyboards, and played. `forced`: the box is made visible by the
        page itself first (the screen hides it when it is not this seat's turn), as a forged page would."""
        if forced:
            self.page.evaluate(JS_UNHIDE_TYPED)
        box = self.root.locator(".cc-side input[placeholder^='e.g.']").first
        if not box.is_visible():
            self.root.get_by_text("Type a move (notation, for keyboards)").first.click()
        box.fill(str(action))
        self.root.locator("button").filter(has_text="Play typed").first.click()

    def public(self) -> dict[str, Any]:
        return dict(self.page.evaluate(JS_PUBLIC))

    def html(self) -> str:
        return str(self.page.content())

    def close(self) -> None:
        self.context.close()


def wait_steps(devices: list[Device], steps: int, timeout: float = 60) -> list[float]:
    """Until every device shows `steps` steps; the seconds each took."""
    start = time.monotonic()
    took = []
    for device in devices:
        wait_for(f"{device.name}'s page at step {steps} (it shows {device.steps()})",
                 lambda d=device: d.steps() >= steps, timeout)
        took.append(time.monotonic() - start)
    return took


def assert_same_and_private(devices: list[Device], game: cc.Game) -> None:
    """Every page shows the same public things; none shows another player's hand."""
    seen = [d.public() for d in devices]
    assert all(s == seen[0] for s in seen), [(d.name, s["progress"]) for d, s in zip(devices, seen, strict=True)]
    state = game.state
    for device in devices:
        own = device.name
        boards = device.page.evaluate(JS_BOARDS)
        for other in state.players:
            board = next(b for b in boards if b.startswith(other.name))
            if other.name == own:
                assert "(hidden)" not in board or not other.hand, f"{own}'s page hides their own hand"
            else:
                assert re.search(r"Hand: \d+ cards? \(hidden\)", board), f"{own}'s page shows {other.name}'s hand"
        hand_keys = device.page.locator(".cc-friends .cc-controls .cc-cardrow [data-pick^='card:']").evaluate_all(
            "nodes => nodes.map(n => n.getAttribute('data-pick').slice(5).split('#')[0])")
        public = {c for c in state.display if c} | {c for p in state.players for c in p.discard}
        mine = (set(state.player(own).hand) if own in NAMES else set()) | public      # a watcher holds no hand
        assert set(hand_keys) <= mine, f"{own}'s page shows cards of another's hand: {set(hand_keys) - mine}"


def start_and_join(chromium: Any, app: VoilaApp) -> tuple[list[Device], str, str]:
    """Aiko starts a table of three people; Ben (desktop) and Chloe (phone) open its link and take their seats."""
    aiko = Device(chromium, app, "Aiko", DESKTOP)
    aiko.open(app.url(f"/voila/render/{PAGE}"))
    form = aiko.page.locator(".cc-friends-launcher").first
    form.get_by_label("Seat 3", exact=True).fill("Chloe")
    menu = form.locator(".widget-dropdown select").nth(2)            # seat 3 a friend too (not a practice bot)
    labels = menu.locator("option").all_inner_texts()
    menu.select_option(index=next(i for i, text in enumerate(labels) if "friend" in text))
    seed_box = form.locator(".widget-text").filter(has=aiko.page.locator("label", has_text="Seed")).locator("input")
    seed_box.fill(str(SEED))
    seed_box.press("Tab")
    form.get_by_role("button", name="Start the game").click()
    link = aiko.root.locator("a[href*='table=']").first
    link.wait_for(timeout=60_000)
    address = str(link.get_attribute("href"))
    code = address.rsplit("=", 1)[1]
    assert aiko.root.locator("svg").count() > 1, "the QR code is on the page"
    ben = Device(chromium, app, "Ben", DESKTOP)
    chloe = Device(chromium, app, "Chloe", PHONE)
    for device in (ben, chloe):
        device.open(address)
        device.take_seat(device.name)
    return [aiko, ben, chloe], code, address


def play_moves(devices: list[Device], game: cc.Game, until: int, others_saw: list[float]) -> None:
    """Each move typed on the device of the seat that must act (a greedy bot's choice), until step `until` or the
    end; after every card play all pages show the same public things and none another's hand."""
    by_name = {d.name: d for d in devices}
    while len(game.history) < until and not game.state.over:
        seat = game.state.actor
        action = bots.make("greedy", NAMES.index(seat)).choose(game.state).action
        acting = by_name[seat]
        acting.type_move(action)
        game.play(action)
        wait_steps([acting], len(game.history))
        others_saw += wait_steps([d for d in devices if d is not acting], len(game.history))
        if game.state.pending is None or game.state.over:
            assert_same_and_private(devices, game)


