"""Playing a table with the keyboard alone, as a person who uses no mouse would (not a test module): Tab and
Shift-Tab to reach a control, arrow keys within the board's pickable pieces and the rows of cards, Enter or
Space to pick or press, arrow keys in a menu and on a slider. Where the focus is comes from the page
(`document.activeElement`), as a screen reader tells its user; no element is clicked or focused by the test.

`KeyboardPlayer.play(state, action)` enters one engine action through the board and the controls: a card
from the hand, a colonist then its route, a city, a province, a display card, a menu, toggle buttons, a
slider, the step's button."""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import concordia_core as cc
from widgets.render.words import capital

JS_FOCUS = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return null;
  const pick = a.closest ? a.closest('[data-pick]') : null;
  const widget = a.closest('.widget-dropdown, .widget-slider, .widget-toggle-buttons');
  const label = widget ? (widget.querySelector(':scope > label, :scope > .widget-label')?.textContent || '').trim() : '';
  return {tag: a.tagName, text: (a.innerText || '').trim(), pick: pick ? pick.getAttribute('data-pick') : null,
          board: !!a.closest('.cc-board'), display: !!a.closest('.cc-card-display'),
          hand: !!a.closest('.cc-controls .cc-cardrow'), toggle: a.classList.contains('widget-toggle-button'),
          active: a.classList.contains('mod-active'), slider: a.classList.contains('noUi-handle'), label,
          index: a.tagName === 'SELECT' ? a.selectedIndex : null,
          options: a.tagName === 'SELECT' ? [...a.options].map(o => o.textContent.replace(/\\s+/g, ' ')) : null,
          value: a.getAttribute('aria-valuenow')};
}"""

JS_SAYS = r"""([root, want]) => { const box = root.querySelector('.cc-controls');
  return !!box && box.innerText.replace(/\s+/g, ' ').includes(want); }"""

Focus = dict[str, Any]
TAB_LIMIT = 120          # Tab presses to reach any control of the page (it has a few dozen)


class KeyboardPlayer:
    """One person at the table, with a keyboard only; `player` is their index in turn order."""

    def __init__(self, page: Any, root: Any, player: int) -> None:
        self.page, self.root, self.player = page, root, player
        self.presses = 0

    # --- where the focus is, and moving it --------------------------------------------------------
    def focus(self) -> Focus | None:
        found: Focus | None = self.page.evaluate(JS_FOCUS)
        return found

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.presses += 1

    def tab_to(self, wanted: Callable[[Focus], bool], what: str, backwards: bool = False) -> Focus:
        """Tab (or Shift-Tab) until the focus is on what `wanted` accepts."""
        for _ in range(TAB_LIMIT):
            now = self.focus()
            if now and wanted(now):
                return now
            self.press("Shift+Tab" if backwards else "Tab")
        raise AssertionError(f"Tab never reached {what} (the focus is on {self.focus()})")

    def arrow_to(self, key: str) -> None:
        """Within the board or a row of cards (focused), the arrow key until `key` has the focus."""
        for _ in range(400):
            now = self.focus()
            if now and now["pick"] == key:
                return
            assert now and now["pick"], f"the focus left the pieces while looking for {key}: {now}"
            self.press("ArrowRight")
        raise AssertionError(f"the arrow keys never reached {key}")

    def wait_pickable(self, key: str, where: str = ".cc-board") -> None:
        try:
            self.root.locator(f"{where} [data-pick='{key}'].cc-pickable").first.wait_for(state="attached",
                                                                                        timeout=30_000)
        except Exception as exc:
            offered = self.root.locator(f"{where} .cc-pickable").evaluate_all(
                "nodes => nodes.map(n => n.getAttribute('data-pick'))")
            controls = self.root.locator(".cc-controls").first.inner_text()
            raise AssertionError(f"{key} is not offered in {where}: {sorted(set(offered))}; the controls say "
                                 f"{controls!r}") from exc

    # --- the parts of the screen ---------------------------------------------------------------------
    def pick_on_board(self, key: str) -> None:
        """Reach the board (one Tab stop, before the controls), go to `key` with the arrows, press Enter."""
        self.wait_pickable(key)
        self.tab_to(lambda f: f["board"] and f["pick"] is not None, "the board", backwards=True)
        self.arrow_to(key)
        self.press("Enter")

    def pick_card(self, key: str, display: bool, twice: bool = True) -> None:
        """A card of the hand (or the display): reach its row, arrow to it, Enter (chosen), Enter (played)."""
        where = ".cc-card-display" if display else ".cc-controls .cc-cardrow"
        self.wait_pickable(key, where)
        self.tab_to(lambda f: f["pick"] is not None and (f["display"] if display else f["hand"]), f"the card {key}")
        self.arrow_to(key)
        self.press("Enter")
        self.root.locator(f"{where} [data-pick='{key}'].cc-selected").first.wait_for(state="attached", timeout=30_000)
        if twice:
            self.press("Enter")

    def button(self, label: str) -> None:
        """Reach the step's button showing exactly `label` and press it."""
        self.tab_to(lambda f: f["tag"] == "BUTTON" and not f["toggle"] and f["text"] == label, f"the button {label!r}")
        self.press("Enter")

    def toggle(self, starts: str) -> None:
        """Reach the toggle button whose words start with `starts` and choose it (Space)."""
        now = self.tab_to(lambda f: f["toggle"] and f["text"].startswith(starts), f"the toggle {starts!r}")
        if not now["active"]:
            self.press("Space")
            self.root.locator(".widget-toggle-button.mod-active").filter(has_text=starts).first.wait_for(timeout=90_000)

    def menu(self, label: str, starts: str) -> None:
        """Reach the menu `label` and move to its option starting with `starts` with the arrow keys."""
        now = self.tab_to(lambda f: f["tag"] == "SELECT" and f["label"] == label, f"the menu {label!r}")
        target = next(i for i, text in enumerate(now["options"]) if text.startswith(starts))
        for _ in range(abs(target - now["index"])):
            self.press("ArrowDown" if target > now["index"] else "ArrowUp")

    def slider(self, label: str, value: int) -> None:
        """Reach the slider `label` and set it to `value` (Home, then the right arrow until it says `value`)."""
        self.tab_to(lambda f: f["slider"] and f["label"] == label, f"the slider {label!r}")
        self.press("Home")
        for _ in range(50):
            now = int(float((self.focus() or {}).get("value") or 0))
            if now >= value:
                break
            self.press("ArrowRight")
        assert int(float((self.focus() or {}).get("value") or 0)) == value, f"the slider {label!r} is not at {value}"

    def confirm(self, state: cc.GameState, action: cc.Action) -> None:
        """Before pressing the step's button, read the controls' preview until it says this step ('✓ Buy 3
        food'), as a person checks it: the menus, toggles and sliders reach Python after the keys (ipywidgets
        holds a model's changes back while the kernel is busy, a button's press is not held), so a button
        pressed at once could play the choice before the last one."""
        self.wait_says("✓ " + capital(cc.narrate.step_words(state, action)))

    def wait_says(self, words: str) -> None:
        """Read the controls until they say `words` (their preview of the choice made so far)."""
        want = re.sub(r"\s+", " ", words)
        try:
            self.page.wait_for_function(JS_SAYS, arg=[self.root.element_handle(), want], timeout=30_000)
        except Exception as exc:
            controls = self.root.locator(".cc-controls").first.inner_text()
            raise AssertionError(f"the controls never said {want!r}: {controls!r}") from exc

    # --- one engine action -----------------------------------------------------------------------------
    def play(self, state: cc.GameState, action: cc.Action) -> None:
        """Enter `action` (legal in `state`) through the board and the controls, by keyboard."""
        if isinstance(action, cc.PlayCard):
            self.pick_card(f"card:{action.card}", display=False)
        elif isinstance(action, cc.Move):
            kind = cc.load_map(state.map_id).routes[action.route].kind
            self.pick_on_board(f"colonist:{self.player}:{kind}:{action.start}")
            self.pick_on_board(f"route:{action.route}")
        elif isinstance(action, cc.Build):
            self.pick_on_board(f"city:{action.city}")
        elif isinstance(action, cc.Produce):
            self.pick_on_board(f"province:{action.province}")
        elif isinstance(action, cc.Place):
            self.toggle(cc.colonist_text(action.kind))
            self.page.wait_for_timeout(500)   # the kind reaches Python before the city is picked (see confirm)
            self.pick_on_board(f"city:{action.city}")
        elif isinstance(action, cc.Purchase):
            self.pick_card(f"slot:{action.slot}", display=True, twice=action.wild is None)
            if action.wild is not None:
                self.toggle(cc.good_name(action.wild))
                self.confirm(state, action)
                self.button(cc._("Buy"))
        else:
            self.controls(state, action)

    def controls(self, state: cc.GameState, action: cc.Action) -> None:
        """The actions entered with the controls only: menus, toggles, sliders and the step's buttons."""
        if isinstance(action, cc.Done):
            phase = state.pending.phase if state.pending is not None else None
            self.button(cc._("No new colonist") if phase is cc.Phase.TRIBUNE else cc._("Done"))
        elif isinstance(action, cc.Trade):
            self.menu(cc._("Good"), cc.good_name(action.good))
            buying = action.amount > 0
            self.toggle(cc._("Buy") if buying else cc._("Sell"))
            self.slider(cc._("Amount"), abs(action.amount))
            self.confirm(state, action)
            self.button(cc._("Buy") if buying else cc._("Sell"))
        elif isinstance(action, cc.Collect):
            self.toggle(cc._("Collect {coins}", coins=cc.coins_text(cc.collect_value(state))))
            self.confirm(state, action)
            self.button(cc._("Collect"))
        elif isinstance(action, cc.Copy):
            self.menu(cc._("Copy"), action.player)
            self.confirm(state, action)
            self.button(cc._("Copy"))
        elif isinstance(action, cc.Recruit):
            self.toggle(cc.colonist_text(action.kind))
            self.confirm(state, action)
            self.button(cc._("Recruit"))
        elif isinstance(action, cc.Income):
            self.toggle(cc._("Income: {coins}", coins=""))
            self.confirm(state, action)
            self.button(cc._("Take the income"))
        elif isinstance(action, cc.Keep):
            for good, n in action.goods.items_nonzero():
                self.slider(cc.good_name(good), n)
            self.confirm(state, action)
            self.button(cc._("Keep"))
        else:
            raise AssertionError(f"no keyboard path for {action}")
