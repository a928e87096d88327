"""Chapter 19: review your game — where points were lost, and a better move to try from there.

`concordia_core.bots.review` judges every decision of a game with the measure of the hints (the expected
final-score difference to the best other player, in points): the best line it found, the points given away
against it, and where they went in the game's terms (the gods, coins and goods, the hand, another player's
score). The panel reviews a table the learner saved in chapter 15 (by name, through the saves folder) or a
sample game; it shows each player's summary with one sentence on what a total means, every charged decision
(the costliest first, the rest folded) with the board at that moment, and a button that starts a game from
there to try the better line. `ReviewPanel.extras` is the place for more about the reviewed game (another
chapter's entry, such as puzzles from this review). The sample game's review is kept, so running the
chapter's cells again is quick.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as ipw

import concordia_core as cc
from concordia_core.bots import Decision, Review

from ..parts.error_log import ErrorLog, guarded
from ..parts.inputs import fold
from ..parts.style import page_style
from ..puzzles.entry import review_puzzles
from ..puzzles.screen import PuzzleScreen
from ..render import palette as pal
from ..screen.game_screen import SIDE_WIDTH
from ..screen.map_view import MapView
from ..support import saves
from ..support.background import review_game
from ..table import saved
from .kit.exercise import Exercise, Verdict, right, wrong

SAMPLE_PLAYERS = (cc.learner_name(), "Livia")
SAMPLE_LEVELS = ("random", "greedy")   # a sample with plain mistakes to find: the random bot sits as You
SAMPLE_SEED = 4
SAMPLE_STEPS = 90          # the first part of a game: enough decisions to learn from, reviewed in seconds
SHOW_EVERY = 10            # steps judged at least between two updates of the summary while a review goes on
SHOWN = 5                  # charged decisions listed at once, the costliest; the rest are folded under them
SAMPLE = cc.N_("a sample game (You, played by the random bot, against Livia)")


@cache
def sample_game() -> cc.Game:
    """The opening of a game between the random bot (sitting as You) and the greedy bot, same every time."""
    game = cc.new_game("italia", list(SAMPLE_PLAYERS), SAMPLE_SEED, first_player=SAMPLE_PLAYERS[0])
    bots = {name: cc.bots.make(level, SAMPLE_SEED * 10 + i) for i, (name, level) in
            enumerate(zip(SAMPLE_PLAYERS, SAMPLE_LEVELS, strict=True))}
    for _ in range(SAMPLE_STEPS):
        if game.over:
            break
        game.play(bots[game.state.actor or ""].choose(game.state).action)
    return game


SAMPLE_REVIEW = Path(__file__).resolve().parent / "data" / "ch19_sample_review.json"
"""The sample game's review, worked out once by scripts/make_sample_review.py (a review takes a while)."""


@cache
def _sample_review() -> Review:
    """The sample game's review: the stored one while it is of this very game, else worked out afresh."""
    game = sample_game()
    if SAMPLE_REVIEW.exists():
        data = json.loads(SAMPLE_REVIEW.read_text(encoding="utf-8"))
        if data.get("actions") == game.actions:
            return Review.from_dict(data, game)
    return cc.bots.review(game)


def review_of(game: cc.Game, progress: Callable[[int, int, Review], None] | None = None) -> Review:
    """The review of a game, with the judge's own budget (the sample's is computed once), its turns judged on
    every core of the machine (support.background)."""
    if game is sample_game():
        return _sample_review()
    return review_game(game, progress)


def saved_game(name: str) -> cc.Game:
    """The game of a table saved by name in chapter 15 (a plain sentence if it cannot be read)."""
    game, _seats, _viewer = saved.read(saves.read(name))
    return game


def key_name(key: str) -> str:
    """A part of a loss in the game's terms: a god, 'coins and goods', 'cards in hand', "Livia's score"."""
    return cc.bots.key_name(key)


def honest_total() -> str:
    """What a player's total means, in one sentence a learner understands."""
    return cc._("A total is the points a player gave away, decision by decision: at each decision where the best "
                "play found was clearly better (by more than twice the judge's uncertainty), how much it would have "
                "added to their final lead over their best opponent, with the rest of the game played on as the "
                "practice bots would. It is not a score: it can be more than the player's final score, and it "
                "cannot be compared with another player's total.")


def summary_html(result: Review) -> str:
    """One row per player: decisions judged and charged, points given away, and what they were given away on."""
    cell = f"padding:3px 8px;border:1px solid {pal.RULE}"
    rows = []
    for p in result.players:
        parts = [(k, v) for k, v in sorted(p.by_god.items(), key=lambda kv: -kv[1]) if v >= 0.5]
        where = cc.listing(cc._("{god} {points}", god=key_name(k), points=round(v, 1)) for k, v in parts[:4]) \
            if parts else cc._("nothing worth counting")
        rows.append(f"<tr><th style='{cell};text-align:left'>{escape(p.name)}</th><td style='{cell};text-align:right'>"
                    f"{p.decisions}</td><td style='{cell};text-align:right'>{len(p.charged)}</td>"
                    f"<td style='{cell};text-align:right'><b>{round(p.lost, 1)}</b></td>"
                    f"<td style='{cell}'>{escape(where)}</td></tr>")
    head = "".join(f"<th style='{cell}'>{escape(t)}</th>" for t in
                   (cc._("Player"), cc._("Decisions judged"), cc._("Decisions charged"), cc._("Points given away"),
                    cc._("Given away mostly on")))
    return (f"<div style='margin:2px 0 4px 0'>{escape(honest_total())}</div>"
            f"<table style='border-collapse:collapse;font-size:92%'><tr>{head}</tr>{''.join(rows)}</table>")


def charged(result: Review) -> list[Decision]:
    """Every charged decision of the review, the costliest first."""
    return sorted((d for p in result.players for d in p.charged), key=lambda d: (-d.loss, d.step))


def decision_label(decision: Decision) -> str:
    return cc._("step {step}: {player}, {points} points", step=decision.step, player=decision.player,
                points=round(decision.loss, 1))


def decision_html(game: cc.Game, decision: Decision) -> str:
    """What was played at a decision, what the review found better, and the points in between."""
    state = game.state_at(decision.step)
    played = cc.narrate.done_words(state, decision.played)
    lines = [cc._("Step {step}, {player}: {played}.", step=decision.step, player=decision.player, played=played)]
    if decision.loss > 0:
        lines.append(cc._("Better, by about {points} points: {advice}", points=round(decision.loss, 1),
                          advice=decision.advice))
        parts = cc.bots.parts_text({k: -v for k, v in decision.by_god.items() if not k.startswith(cc.bots.OTHER)},
                                   {k[len(cc.bots.OTHER):]: v for k, v in decision.by_god.items()
                                    if k.startswith(cc.bots.OTHER)})
        if parts:
            lines.append(cc._("Against the better play, by the end of the game: {parts}.", parts=parts))
    else:
        lines.append(cc._("The review found nothing better here."))
    return "<br>".join(escape(line) for line in lines)


class ReviewPanel(ipw.VBox):
    """Choose a game (a saved table or the sample), review it, look at the costliest decisions on the board,
    and try the better line from there."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.error_log = ErrorLog()
        self.source = ipw.Dropdown(description=cc._("Game"), style={"description_width": "initial"},
                                   layout=ipw.Layout(width="auto"))
        self.go = ipw.Button(description=cc._("Review this game"), button_style="primary", icon="search",
                             layout=ipw.Layout(width="auto"))
        self.go.on_click(guarded(lambda _b: self.run(), self.error_log))
        self.status = ipw.HTML()
        self.summary = ipw.HTML()
        self.choices = ipw.ToggleButtons(style={"button_width": "auto"})
        self.more = ipw.ToggleButtons(style={"button_width": "auto"})     # the other charged decisions, folded
        self.choices.observe(guarded(lambda c: self._chosen(c, self.more), self.error_log), names="value")
        self.more.observe(guarded(lambda c: self._chosen(c, self.choices), self.error_log), names="value")
        self.more_fold = fold("", self.more, open_=False)
        self.more_fold.layout.display = "none"
        self.extras = ipw.VBox()   # more about the reviewed game, from another chapter (puzzles from this review)
        self.detail = ipw.HTML()
        self.board = MapView(log=self.error_log)
        self.try_it = ipw.Button(description=cc._("Puzzles from your mistakes"), icon="puzzle-piece",
                                 layout=ipw.Layout(width="auto", display="none"))
        self.try_it.on_click(guarded(lambda _b: self.branch(), self.error_log))
        self.play_area = ipw.VBox()
        self.game: cc.Game | None = None
        self.result: Review | None = None
        self._shown = 0                     # steps judged when the summary was last updated
        self.detail.add_class("cc-review-verdict")
        self.children = [page_style(),
                         ipw.HBox([self.source, self.go], layout=ipw.Layout(flex_flow="row wrap")), self.status,
                         self.summary, self._beside_board(), self.play_area, self.extras, self.error_log]
        self.add_class("cc-review")
        self.refresh_sources()

    def _beside_board(self) -> ipw.HBox:
        """The board with the decisions and the verdict in a column beside it, laid out as the game screen's
        (its classes and CSS: the board as tall as the window, the column beside it, under it when narrow), so
        the board and what the review says of it are seen together."""
        self.board.layout = ipw.Layout(flex="1 1 480px", min_width="300px", height="auto")
        side = ipw.VBox([self.choices, self.more_fold, self.detail, self.try_it],
                        layout=ipw.Layout(flex=f"0.3 1 {SIDE_WIDTH}px", min_width="300px", max_width="560px"))
        side.add_class("cc-side")
        row = ipw.HBox([self.board, side], layout=ipw.Layout(flex_flow="row wrap", width="100%"))
        row.add_class("cc-game-row")
        return row

    def refresh_sources(self) -> None:
        names = saves.names()
        self.source.options = [(cc._(SAMPLE), "")] + [(cc._("saved table: {name}", name=n), n) for n in names]
        self.source.value = ""

    def run(self) -> None:
        """Review the chosen game (a plain sentence if a saved table cannot be read)."""
        self.status.value = escape(cc._("Reviewing every decision…"))
        self._shown = 0
        try:
            game = saved_game(self.source.value) if self.source.value else sample_game()
        except cc.ConcordiaError as err:
            self.status.value = f"<span style='color:{pal.DANGER}'>{escape(str(err))}</span>"
            return
        self.game, self.result = game, review_of(game, self._progress)
        self.status.value = escape(cc.n_("{n} decision judged.", "{n} decisions judged.", len(self.result.decisions)))
        self.summary.value = summary_html(self.result)
        costly = charged(self.result)
        self.more.options = [(decision_label(d), d.step) for d in costly[SHOWN:]]
        self.more.value = None
        self.more_fold.set_title(0, cc.n_("{n} more charged decision", "{n} more charged decisions",
                                          len(costly[SHOWN:])))
        self.more_fold.layout.display = None if costly[SHOWN:] else "none"
        self.choices.options = [(decision_label(d), d.step) for d in costly[:SHOWN]]
        self.choices.value = costly[0].step if costly else None
        self.show()

    def _chosen(self, change: dict[str, Any], other: ipw.ToggleButtons) -> None:
        """A decision chosen in one list: the other list lets go of its choice, and the decision is shown."""
        if change["new"] is not None and other.value is not None:
            other.value = None
        self.show()

    def _progress(self, done: int, total: int, so_far: Review) -> None:
        """While the review goes on: how far it is, and the summary of the steps judged so far."""
        if self._shown and done - self._shown < SHOW_EVERY and done != total:
            return   # the first verdicts at once, then every SHOW_EVERY steps
        self._shown = done
        self.status.value = escape(cc._("Reviewing every decision… {done} of {total} steps judged so far.", done=done,
                                        total=total))
        self.summary.value = summary_html(so_far)

    def decision(self) -> Decision | None:
        step = self.choices.value if self.choices.value is not None else self.more.value
        if self.result is None or step is None:
            return None
        return next(d for d in self.result.decisions if d.step == step)

    def show(self) -> None:
        """The chosen decision: the board as it was, what was played and what was better."""
        chosen = self.decision()
        if chosen is None or self.game is None:
            self.detail.value = ""
            self.try_it.layout.display = "none"
            return
        state = self.game.state_at(chosen.step)
        self.board.show(state, note=cc._("step {step}: {player} to choose", step=chosen.step, player=chosen.player))
        self.detail.value = decision_html(self.game, chosen)
        self.try_it.layout.display = None if chosen.loss > 0 else "none"
        self.play_area.children = []

    def branch(self) -> PuzzleScreen | None:
        """Every decision of yours the review charged, a puzzle to solve on the board (widgets/puzzles: kept with your
        saves, listed in chapter 21), opened at the chosen decision."""
        chosen = self.decision()
        if chosen is None or self.game is None or self.result is None:
            return None
        screen = review_puzzles(self.game, self.result, self.source.value, chosen.step)
        self.detail.value = f"<p>{escape(cc._('The better play is hidden while you solve the puzzle below.'))}</p>"
        self.play_area.children = [screen]
        screen.bring_into_view()     # the puzzle opens under the review's board: brought up to where the learner looks
        return screen


def review_panel() -> ReviewPanel:
    """The chapter's panel, already showing the sample game's review."""
    panel = ReviewPanel()
    panel.run()
    return panel


def gods_lost(result: Review, player: str) -> dict[str, float]:
    """The points the player gave away on each god (coins and goods, the hand and another player's score left out:
    the exercise asks about gods)."""
    split = result.player(player).by_god
    return {god: split.get(god, 0.0) for god in cc.GODS}


def worst_key(result: Review, player: str) -> str:
    """The god the player lost most points on."""
    by_god = gods_lost(result, player)
    return max(by_god, key=lambda k: by_god[k])


def check_worst_god(answer: object, game: cc.Game | None = None, player: str = SAMPLE_PLAYERS[0]) -> Verdict:
    """On which god did `player` lose the most points in the review of the sample game?"""
    result = review_of(game or sample_game())
    by_god = gods_lost(result, player)
    best = worst_key(result, player)
    if not isinstance(answer, str) or answer not in by_god:
        return wrong(cc._("Choose one of the gods."))
    if answer == best:
        return right(cc._("Yes: {player} lost {points} points on {god}, more than on any other.", player=player,
                          points=round(by_god[best], 1), god=key_name(best)))
    return wrong(cc._("{player} lost {points} points on {god}; look again at the review's row for {player}: one god "
                      "cost more.", player=player, points=round(by_god[answer], 1), god=key_name(answer)))


def worst_god_exercise() -> Exercise:
    """Read the review of the sample game: where did You lose most?"""
    game = sample_game()
    keys = list(gods_lost(review_of(game), SAMPLE_PLAYERS[0]))
    pick = ipw.ToggleButtons(options=[(key_name(k), k) for k in keys], value=None, style={"button_width": "auto"})
    prompt = escape(cc._("In the review of the sample game above, on which god did You lose the most points?"))

    def solution() -> str:
        result = review_of(game)
        by_god = gods_lost(result, SAMPLE_PLAYERS[0])
        return cc.listing(cc._("{god} {points}", god=key_name(k), points=round(v, 1))
                          for k, v in sorted(by_god.items(), key=lambda kv: -kv[1]))

    return Exercise(prompt, pick, lambda answer: check_worst_god(answer, game), solution=solution)
