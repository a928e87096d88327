"""A guided game: the tutor plays a scripted game with the learner, one decision at a time, on the game screen
itself (`GameApp`), so the learner uses the very controls and board of every later game.

A script is data: the learner's steps (`Step`: what the tutor says, the control to use, outlined on screen, and
the one action it accepts; the outline moves on, control by control, as the learner sets each one as the step
asks, to the button last) and the practice opponent's turns (`Told`: its actions and the sentence that tells
them). Any other choice goes through the screen's controls: the engine's refusal shows in the screen's box with
its rule; a legal but different move gets a note saying what the lesson asks for instead (the screen's `vet`
hook), and nothing is played. At the end the tutor shows the score of the position, god by god.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as ipw

import concordia_core as cc

from ...parts.error_log import ErrorLog, guarded
from ...parts.inputs import button
from ...render.end_near import end_warnings
from ...render.markup import esc
from ...render.words import steps_text
from ...screen.controls import ActionControls
from ...screen.game_screen import GameApp
from ...screen.hooks import ScreenHooks
from . import FOCUS_CLASS, route_label, score_table, style, text_html

Words = Mapping[str, tuple[str, str]]   # placeholder -> (kind of game word, its id)


@dataclass(frozen=True)
class Step:
    """A decision of the learner: what the tutor says and why (`say`), the control to use (a name a panel offers:
    `Panel.offers`), the one action accepted (notation, never shown) and what to do in a few words (`do`, when
    another move is tried)."""

    say: str
    control: str
    expect: str
    do: str
    words: Words = field(default_factory=dict)


@dataclass(frozen=True)
class Told:
    """A turn of the practice opponent: its actions and the sentence that tells it."""

    actions: tuple[str, ...]
    tell: str
    words: Words = field(default_factory=dict)


@dataclass(frozen=True)
class Guide:
    """A guided game: its start, the learner's and the opponent's names, the script and the tutor's first and
    last words (catalog keys)."""

    start: Callable[[], cc.Game]
    learner: str
    opponent: str
    script: tuple[Step | Told, ...]
    intro: str
    finish: str

    def learner_steps(self) -> list[Step]:
        return [s for s in self.script if isinstance(s, Step)]


NOT_TAUGHT = cc.N_("In a real game you could do that, but this lesson follows one plan. Now: {do}.")


def words(kind: str, key: str, map_id: str) -> str:
    """A game word by kind and id, in the current language."""
    if kind == "card":
        return cc.card(key).display_name
    if kind == "good":
        return cc.good_name(key)
    if kind == "city":
        return cc.city_name(key)
    if kind == "province":
        return cc.province_name(key)
    if kind == "route":
        return route_label(key, map_id)
    raise ValueError(kind)


def fields(state: cc.GameState, learner: str, named: Words) -> dict[str, str]:
    """The placeholders a step's text may use: the learner's coins, free slots, colonists, steps, the coins a
    collect, a Tribune and a Colonist card's income would bring, the cards left to buy, the intermediate records
    and prizes, and its game words."""
    me = state.player(learner)
    steps = state.steps_left if state.pending is not None and state.actor == learner else len(me.colonists)
    records = {p.name: r for p, r in zip(state.players, state.mid_scores, strict=False)}
    found = {"coins": cc.coins_text(me.coins), "free": cc.n_("{n} free slot", "{n} free slots", me.free_slots),
             "colonists": str(len(me.colonists)), "steps": steps_text(steps),
             "collect": cc.coins_text(cc.collect_value(state)),
             "tribune": cc.coins_text(cc.tribune_income(state, learner)),
             "income": cc.coins_text(cc.colonist_income(state, learner)),
             "cards_left": str(cc.end_counts(state).cards_left),
             "record": str(records.get(learner) or 0),
             "prize": cc.coins_text(state.mid_payout[state.index_of(learner)] if state.mid_payout else 0)}
    found.update({f"record_{i}": str(r or 0) for i, r in enumerate(state.mid_scores)})
    found.update({k: words(kind, key, state.map_id) for k, (kind, key) in named.items()})
    return found


class GuidedGame(ipw.VBox):
    """A guided game: the game screen itself (the map, the controls of the current card, the boards, the log)
    with the tutor's box heading the column beside the map (so its words, changing from step to step, never
    move the map), the control to use outlined, a story of the game so far; at the end the score of the
    position. The learner acts through the screen's own controls and the map, as at a table; `vet` turns a
    legal move other than the taught one into a note, and the engine refuses the illegal ones in the screen's
    box."""

    def __init__(self, guide: Guide, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.guide = guide
        self.error_log = ErrorLog()
        self.tutor = ipw.HTML()
        self.score = ipw.HTML()
        self.story = ipw.HTML()
        self.holder = ipw.VBox()
        self.again = button(cc._("Start again"), icon="undo")
        self.again.on_click(guarded(lambda _b: self.restart(), self.error_log))
        self.app: GameApp
        self._watched: object = None       # the panel whose controls move the outline on (see `_watch`)
        self.children = [style(), self.holder, self.story, self.again, self.error_log]
        self.restart()

    # --- the script ---------------------------------------------------------------------------
    def restart(self) -> None:
        self.game = self.guide.start()
        self.position = 0          # index into the script of the next item
        self._begun = 0            # how many moves the game had when the learner's current step began
        self.told: list[str] = []  # the opponent's turns told since the learner's last step
        self.history: list[str] = []
        self.score.value = ""
        old = getattr(self, "app", None)
        you = self.guide.learner
        hooks = ScreenHooks(may_act=lambda state: not self.finished and state.actor == you,
                            waiting_text=lambda _state: cc._("{player} is choosing…", player=self.guide.opponent),
                            on_refresh=self._refreshed, vet=self._vet)
        self.app = GameApp(self.game, hooks=hooks)
        self.app.add_to_side(ipw.VBox([self.tutor, self.score]), 0)   # beside the map: its words never move it
        if old is not None:
            old.close()
        self.holder.children = [self.app]
        self._advance()

    @property
    def controls(self) -> ActionControls:
        """The game screen's controls, which the learner uses."""
        return self.app.controls

    @property
    def feedback(self) -> ipw.HTML:
        """Where a refusal or the tutor's note on an untaught move shows: the controls' own message box."""
        return self.app.controls.message

    @property
    def step(self) -> Step | None:
        """The learner's current step (None once the script is over)."""
        script = self.guide.script
        item = script[self.position] if self.position < len(script) else None
        return item if isinstance(item, Step) else None

    @property
    def step_index(self) -> int:
        """How many of the learner's steps are done."""
        return sum(isinstance(s, Step) for s in self.guide.script[:self.position])

    @property
    def finished(self) -> bool:
        return self.position >= len(self.guide.script)

    def _fields(self, named: Words) -> dict[str, str]:
        return fields(self.game.state, self.guide.learner, named)

    def _advance(self) -> None:
        """Play the opponent's turns that come next, then show the learner's next step (or the end)."""
        self.told = []
        script = self.guide.script
        while self.position < len(script) and isinstance(script[self.position], Told):
            told = script[self.position]
            assert isinstance(told, Told)
            for action in told.actions:
                self.game.play(action)
            sentence = cc._(told.tell, **self._fields(told.words))    # told as it stands after the turn
            self.told.append(sentence)
            self.history.append(sentence)
            self.position += 1
        self._begun = len(self.game.history)
        self.app.refresh()

    def _vet(self, action: cc.Action) -> str | None:
        """The screen asks before playing a legal move, and this answers without changing anything: None for the
        taught move (it goes ahead), else a note saying what this lesson asks for instead (nothing is played)."""
        step = self.step
        if step is None:
            return cc._(self.guide.finish)
        if str(action) != step.expect:
            return cc._(NOT_TAUGHT, do=cc._(step.do, **self._fields(step.words)))
        return None

    def _taught(self) -> None:
        """The taught move has just been played: tell it in the story (in the words of the position it was played
        in) and go on to the script's next item."""
        step, history = self.step, self.game.history
        if step is None or len(history) != self._begun + 1 or str(history[-1].action) != step.expect:
            return
        before = self.game.state_at(len(history) - 1)
        self.history.append(cc._("You: {what}.", what=cc._(step.do, **fields(before, self.guide.learner, step.words))))
        if self.step_index == 0:
            self.app.bring_into_view()     # the game begins: the board, the tutor's words and the controls in view
        self.position += 1
        self._begun = len(history)

    def _refreshed(self) -> None:
        """After every change on the screen: the taught move told, the opponent's turns when they come, then the
        tutor's words."""
        self._taught()
        if self.step is None and not self.finished:
            self._advance()
            return
        self.show()

    def attempt(self, action: str) -> bool:
        """Play `action` (notation) through the screen's controls, as a typed move would be."""
        return self.controls.attempt(action)

    # --- what the learner sees ------------------------------------------------------------------
    def focusable(self) -> dict[str, list[ipw.Widget]]:
        """The controls of the current panel by the name a step gives them, the one to press first leading: what
        the panel offers (only those the screen shows now)."""
        panel = self.controls.panel
        return panel.offers() if panel is not None else {}

    def wanted(self) -> list[tuple[ipw.Widget, object]]:
        """The controls the current step's action sets, each with the value it must read, in the order a learner
        sets them (the expected card in the hand's menu; good, Buy or Sell, amount; colonist, then route; …)."""
        step, panel = self.step, self.controls.panel
        if step is None or panel is None:
            return []
        return panel.settings(cc.parse_action(step.expect, self.game.state))

    def outlined(self) -> ipw.Widget | None:
        """The one control to use next: the first of the step's controls not yet set as the step asks, else the
        button that plays it (None when the learner has nothing to do)."""
        step = self.step
        group = self.focusable().get(step.control, []) if step is not None else []
        if not group:
            return None
        unset = [w for w, value in self.wanted() if w.value != value]
        if unset:
            return unset[0]
        return next((w for w in group if isinstance(w, ipw.Button)), group[0])

    def _outline(self) -> None:
        """Put the outline on the control to use next, and on no other."""
        target = self.outlined()
        for group in self.focusable().values():
            for w in group:
                if target is not None and w is target:
                    w.add_class(FOCUS_CLASS)
                else:
                    w.remove_class(FOCUS_CLASS)

    def _watch(self) -> None:
        """Move the outline on whenever the learner sets one of the current panel's controls (once per panel)."""
        panel = self.controls.panel
        if panel is self._watched:
            return
        self._watched = panel
        for w, _value in self.wanted():
            w.observe(guarded(lambda _change: self._outline(), self.error_log), names="value")

    def show(self) -> None:
        state = self.game.state
        step = self.step
        self._watch()
        self._outline()
        # once the lesson is over nobody acts: the controls' "Livia is choosing…" would be untrue
        self.controls.layout.display = "none" if self.finished and not state.over else None
        whose = cc._("{whose} turn:", whose=cc.possessive(self.guide.opponent))
        told = "".join(f"<div style='margin-bottom:4px'><b>{esc(whose)}</b> {esc(t)}</div>" for t in self.told)
        near = "".join(text_html(w, "cc-end-near") for w in end_warnings(state))
        if step is not None:
            heading = cc._("Step {n} of {total}.", n=self.step_index + 1, total=len(self.guide.learner_steps()))
            intro = text_html(cc._(self.guide.intro)) if self.step_index == 0 else ""
            self.tutor.value = (f"<div class='cc-tutor'>{intro}{told}{near}<b>{esc(heading)}</b> "
                                f"{esc(cc._(step.say, **self._fields(step.words)))}</div>")
        else:
            self.tutor.value = (f"<div class='cc-done'>{told}"
                                f"{esc(cc._(self.guide.finish, **self._fields({})))}</div>")
            self.score.value = score_table(state)
        self.story.value = ("<details><summary>" + esc(cc._("What has happened so far")) + "</summary><ol>"
                            + "".join(f"<li>{esc(h)}</li>" for h in self.history) + "</ol></details>")
