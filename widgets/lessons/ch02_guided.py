"""Chapter 02, a guided first game: the tutor plays a short scripted game with the learner, one decision
at a time (Board Game Arena tutorial style), on the game screen itself: the learner uses the very controls
and board of every later game.

The script is data (SCRIPT): the learner's steps, each with what the tutor says, the control to use
(outlined on screen) and the one action it accepts, and the practice opponent's turns, each told in a
sentence. Any other choice goes through the screen's controls: the engine's refusal shows in the
screen's box with its rule; a legal but different move gets a note saying what this lesson asks for
instead (the screen's `vet` hook), and nothing is played. The game ends
with the score of the position, god by god.

Italia, "You" against Livia, seed 7, you first: the table of the rule text's Mercator example.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as ipw

import concordia_core as cc
from concordia_core import N_

from ..parts.error_log import ErrorLog, guarded
from ..parts.inputs import button
from ..render.markup import esc
from ..render.words import steps_text
from ..screen.controls import ActionControls, ArchitectPanel, CardPicker, MercatorPanel, PrefectPanel
from ..screen.game_screen import GameApp
from ..screen.hooks import ScreenHooks
from .kit import FOCUS_CLASS, route_label, score_table, style, text_html

MAP = "italia"
YOU, OPPONENT = cc.learner_name(), "Livia"
PLAYERS = [YOU, OPPONENT]
SEED = 7

Words = Mapping[str, tuple[str, str]]   # placeholder -> (kind of game word, its id)


@dataclass(frozen=True)
class Step:
    """A decision of the learner: what the tutor says and why (`say`), the control to use, the one action
    accepted (notation, never shown) and what to do in a few words (`do`, used when another move is tried)."""

    say: str
    control: str            # "card", "trade", "done", "move", "build" or "province"
    expect: str
    do: str
    words: Words = field(default_factory=dict)


@dataclass(frozen=True)
class Told:
    """A turn of the practice opponent: its actions and the sentence that tells it."""

    actions: tuple[str, ...]
    tell: str
    words: Words = field(default_factory=dict)


SCRIPT: tuple[Step | Told, ...] = (
    Step(N_("Your first turn. Houses are what score in Concordia, and a house needs bricks. Play your {card}: "
            "it gives you 3 coins, then lets you trade goods with the bank. Pick the {card} in the menu of your "
            "hand and press Play."),
         "card", "play MERCATOR", N_("play your {card}"), {"card": ("card", "MERCATOR")}),
    Step(N_("You have {coins} now. Sell your {good} to the bank: it is the dearest good (7 coins) and you will "
            "not need it soon. Choose {good}, Sell, 1, and press Trade."),
         "trade", "sell 1 cloth", N_("sell 1 {good}"), {"good": ("good", "cloth")}),
    Step(N_("{coins} now, and {free} in your storehouse. Buy 2 {good} at 3 coins each: choose {good}, Buy, 2, and "
            "press Trade. A Mercator trades at most 2 kinds of goods; cloth and brick are your two."),
         "trade", "buy 2 brick", N_("buy 2 {good}"), {"good": ("good", "brick")}),
    Step(N_("That is all for this Mercator. Press Done trading: your turn ends, and the card stays on your "
            "discard pile until a Tribune brings it back."),
         "done", "done", N_("press Done trading")),
    Told(("play ARCHITECT", "move ROMA > land:ROMA-SPOLETVM", "build SPOLETVM"),
         N_("Livia plays her {card}: her land colonist walks from ROMA onto {route}, and she builds a house in "
            "{city}, a brick city (1 food + 1 coin)."),
         {"card": ("card", "ARCHITECT"), "route": ("route", "land:ROMA-SPOLETVM"), "city": ("city", "SPOLETVM")}),
    Step(N_("Your turn again. Play your {card}. It first moves your colonists, then builds houses next to them. "
            "You get one step for each of your colonists on the map: you have {colonists} there, both in ROMA."),
         "card", "play ARCHITECT", N_("play your {card}"), {"card": ("card", "ARCHITECT")}),
    Step(N_("Move your sea colonist out of ROMA onto {route} (1 step). The map marks every route where it may "
            "stop, with its cost in steps. Choose the sea colonist and the route, then press Move."),
         "move", "move ROMA > sea:NEAPOLIS-ROMA", N_("move your sea colonist onto {route}"),
         {"route": ("route", "sea:NEAPOLIS-ROMA")}),
    Step(N_("{steps} left. Move your land colonist onto {route}. Livia's colonist stands on the route to "
            "SPOLETVM: a colonist may pass a taken route but never stop on it."),
         "move", "move ROMA > land:COSA-ROMA", N_("move your land colonist onto {route}"),
         {"route": ("route", "land:COSA-ROMA")}),
    Step(N_("Moving is over; now build. A house may go in a city at either end of a route where your colonist "
            "stands, but never in ROMA. Build in {city}, a tools city: 1 brick + 1 tools + 3 coins. The map "
            "shows each city's price."),
         "build", "build NEAPOLIS", N_("build in {city}"), {"city": ("city", "NEAPOLIS")}),
    Step(N_("And a second house, in {city}, a brick city: a house there costs only 1 food + 1 coin."),
         "build", "build COSA", N_("build in {city}"), {"city": ("city", "COSA")}),
    Told(("play PREFECT", "produce VMBRIA"),
         N_("Livia plays a {card} and makes {province} produce. Its bonus tile is wine: she takes 2 wine, because "
            "her Praefectus Magnus card doubles that bonus, and her house in SPOLETVM makes 1 brick. The bonus "
            "tile turns to its coin side, and the Praefectus Magnus card passes to you."),
         {"card": ("card", "PREFECT"), "province": ("province", "VMBRIA")}),
    Step(N_("Your turn. Play a {card}: you choose a province, every house there makes 1 good of its city for its "
            "owner, and you take the province's bonus good. You have two Prefects; either will do."),
         "card", "play PREFECT", N_("play a {card}"), {"card": ("card", "PREFECT")}),
    Step(N_("Make {province} produce. Its bonus tile is tools and you now hold the Praefectus Magnus card, so you "
            "take 2 tools, and your house in NEAPOLIS makes 1 more. VMBRIA shows its coin side: it cannot produce "
            "again until someone collects."),
         "province", "produce CAMPANIA", N_("make {province} produce"), {"province": ("province", "CAMPANIA")}),
)

INTRO = N_("A real game on the Italia map: you against Livia, a practice opponent. You play first, with 5 coins; "
           "Livia has 6 and holds the Praefectus Magnus card. On each turn one player plays one card from their "
           "hand and carries out its action. The tutor says what to do and why; the control to use has an orange "
           "outline.")
FINISH = N_("Well played: five turns, and you have used the Mercator, the Architect and the Prefect. In Concordia "
            "nobody scores during play; points are counted once, at the end, by the gods on your cards. Here is "
            "the score if the game ended now:")
NOT_TAUGHT = N_("In a real game you could do that, but this lesson follows one plan. Now: {do}.")


def words(kind: str, key: str) -> str:
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
        return route_label(key, MAP)
    raise ValueError(kind)


def fields(state: cc.GameState, named: Words) -> dict[str, str]:
    """The placeholders a step's text may use: your coins, free slots, colonists, steps, and its game words."""
    me = state.player(YOU)
    steps = state.steps_left if state.pending is not None and state.actor == YOU else len(me.colonists)
    found = {"coins": cc.coins_text(me.coins), "free": cc.n_("{n} free slot", "{n} free slots", me.free_slots),
             "colonists": str(len(me.colonists)), "steps": steps_text(steps)}
    found.update({k: words(kind, key) for k, (kind, key) in named.items()})
    return found


def learner_steps() -> list[Step]:
    return [s for s in SCRIPT if isinstance(s, Step)]


def new_game() -> cc.Game:
    return cc.new_game(MAP, PLAYERS, seed=SEED, first_player=YOU)


class GuidedGame(ipw.VBox):
    """The guided game: the game screen itself (`GameApp`: the map, the controls of the current card, the
    boards, the log) with the tutor's box heading the column beside the map (so its words, changing from step
    to step, never move the map), the control to use outlined, and a story of the game so far; at the end the
    score of the position. The learner acts through the screen's own controls and the map, as at a table;
    `vet` turns a legal move other than the taught one into a note, and the engine refuses the illegal ones in
    the screen's box."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.error_log = ErrorLog()
        self.tutor = ipw.HTML()
        self.score = ipw.HTML()
        self.story = ipw.HTML()
        self.holder = ipw.VBox()
        self.again = button(cc._("Start again"), icon="undo")
        self.again.on_click(guarded(lambda _b: self.restart(), self.error_log))
        self.app: GameApp
        self.children = [style(), self.holder, self.story, self.again, self.error_log]
        self.restart()

    # --- the script ---------------------------------------------------------------------------
    def restart(self) -> None:
        self.game = new_game()
        self.position = 0          # index into SCRIPT of the next item
        self.told: list[str] = []  # the opponent's turns told since the learner's last step
        self.history: list[str] = []
        self.score.value = ""
        old = getattr(self, "app", None)
        hooks = ScreenHooks(may_act=lambda state: not self.finished and state.actor == YOU,
                            waiting_text=lambda _state: cc._("{player} is choosing…", player=OPPONENT),
                            on_refresh=self._refreshed, vet=self._vet)
        self.app = GameApp(self.game, hooks=hooks)
        self.app.add_to_side(ipw.VBox([self.tutor, self.score]), 0)
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
        item = SCRIPT[self.position] if self.position < len(SCRIPT) else None
        return item if isinstance(item, Step) else None

    @property
    def step_index(self) -> int:
        """How many of the learner's steps are done."""
        return sum(isinstance(s, Step) for s in SCRIPT[:self.position])

    @property
    def finished(self) -> bool:
        return self.position >= len(SCRIPT)

    def _advance(self) -> None:
        """Play the opponent's turns that come next, then show the learner's next step (or the end)."""
        self.told = []
        while self.position < len(SCRIPT) and isinstance(SCRIPT[self.position], Told):
            told = SCRIPT[self.position]
            assert isinstance(told, Told)
            sentence = cc._(told.tell, **fields(self.game.state, told.words))
            for action in told.actions:
                self.game.play(action)
            self.told.append(sentence)
            self.history.append(sentence)
            self.position += 1
        self.app.refresh()

    def _vet(self, action: cc.Action) -> str | None:
        """The screen asks before playing a legal move: the taught one goes ahead (and is told in the story);
        any other gets a note saying what this lesson asks for instead, and nothing is played."""
        step = self.step
        if step is None:
            return cc._(FINISH)
        do = cc._(step.do, **fields(self.game.state, step.words))
        if str(action) != step.expect:
            return cc._(NOT_TAUGHT, do=do)
        self.history.append(cc._("You: {what}.", what=do))
        self.position += 1
        return None

    def _refreshed(self) -> None:
        """After every change on the screen: the opponent's turns when they come, then the tutor's words."""
        if self.step is None and not self.finished:
            self._advance()
            return
        self.show()

    def attempt(self, action: str) -> bool:
        """Play `action` (notation) through the screen's controls, as a typed move would be."""
        return self.controls.attempt(action)

    # --- what the learner sees ------------------------------------------------------------------
    def focusable(self) -> dict[str, list[ipw.Widget]]:
        """The controls of the current panel by the name a step gives them ('card', 'trade', 'done', 'move',
        'build', 'province'), the one to press first leading; only those the screen shows now."""
        panel = self.controls.panel
        if isinstance(panel, CardPicker):
            return {"card": [panel.card, panel.apply, self.controls.hand_row]}
        if isinstance(panel, MercatorPanel):
            return {"trade": [panel.good, panel.direction, panel.amount, panel.apply], "done": [panel.done]}
        if isinstance(panel, ArchitectPanel):
            build = {"build": [panel.city, panel.build]}
            return {"move": [panel.colonist, panel.route, panel.move], **build} if panel.moving else build
        if isinstance(panel, PrefectPanel):
            return {"province": [panel.mode, panel.province, panel.apply]}
        return {}

    def show(self) -> None:
        state = self.game.state
        step = self.step
        for name, group in self.focusable().items():   # the group's first control carries the outline
            if step is not None and name == step.control:
                group[0].add_class(FOCUS_CLASS)
            else:
                group[0].remove_class(FOCUS_CLASS)
        whose = cc._("{whose} turn:", whose=cc.possessive(OPPONENT))
        told = "".join(f"<div style='margin-bottom:4px'><b>{esc(whose)}</b> {esc(t)}</div>" for t in self.told)
        if step is not None:
            heading = cc._("Step {n} of {total}.", n=self.step_index + 1, total=len(learner_steps()))
            intro = text_html(cc._(INTRO)) if self.step_index == 0 else ""
            self.tutor.value = (f"<div class='cc-tutor'>{intro}{told}<b>{esc(heading)}</b> "
                                f"{esc(cc._(step.say, **fields(state, step.words)))}</div>")
        else:
            self.tutor.value = f"<div class='cc-done'>{told}{esc(cc._(FINISH))}</div>"
            self.score.value = score_table(state)
        self.story.value = ("<details><summary>" + esc(cc._("What has happened so far")) + "</summary><ol>"
                            + "".join(f"<li>{esc(h)}</li>" for h in self.history) + "</ol></details>")


def guided_game() -> GuidedGame:
    """The chapter's widget: a new guided game each time it is called."""
    return GuidedGame()
