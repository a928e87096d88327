"""Chapter 13: the end of the game (R-END-1/2), the tie-break (R-SCORE-9) and the first-game
intermediate scoring (R-MID-1..4): the chapter's widgets and the exercises' checkers.

Positions set up by hand on the Italia map (seed 7); games in them are played on the real engine.
Right answers come from `cc.final_ranking` and the engine's competition ranking.
"""
from __future__ import annotations

import ipywidgets as ipw

import concordia_core as cc

from ..render.markup import esc
from . import replay
from .kit import Outcome, Stepper, TryIt, beat, html_table, score_table, style, text_html
from .kit.exercise import Exercise, Verdict, right, wrong

MAP = "italia"
SEED = 7
THREE = ["Aiko", "Ben", "Chloe"]
FOUR = ["Aiko", "Ben", "Chloe", "Dario"]

# Aiko's 14 houses: every city but Rome, COSA and the last ten in the map's order.
FOURTEEN_HOUSES = ["ALERIA", "ANCONA", "AQVILEIA", "BAVZANVM", "BRVNDISIVM", "CASINVM", "COMVM", "CROTON",
                   "FLORENTIA", "GENVA", "HADRIA", "LVCERIA", "MESSANA", "MVTINA"]
FIRST_GAME_OPENING = ["play ARCHITECT", "move ROMA > land:ROMA-SPOLETVM", "move ROMA > sea:NEAPOLIS-ROMA",
                      "build NEAPOLIS", "build SPOLETVM"]

# R-MID-3 exercise: the records after everyone's first Tribune (the learner hands out the coins).
MID_RECORDS = {"Aiko": 14, "Ben": 17, "Chloe": 14, "Dario": 11}


def status(state: cc.GameState) -> str:
    """Who holds the Concordia card, whether the game is over, who is to move (HTML)."""
    holder = state.concordia_holder
    if state.over:
        line = cc._("The game is over; final scoring. Concordia card: {holder}.", holder=holder)
    elif holder is not None:
        line = cc._("Concordia card: {holder}. The others play one last turn each; {name} is to move.",
                    holder=holder, name=state.to_move)
    else:
        line = cc._("{name} is to move.", name=state.to_move)
    return text_html(line) + (score_table(state) if state.over else "")


# --- R-END-1: the 15th house ----------------------------------------------------------------------
def fifteenth_house_game() -> cc.Game:
    """Aiko (to move) has 14 houses and a land colonist on land:COSA-ROMA: an Architect can build her
    15th house in COSA (a brick city: 1 food + 1 coin), which sets off the end (R-END-1)."""
    sc = cc.Scenario(MAP, THREE, seed=SEED)
    sc.player("Aiko", houses=FOURTEEN_HOUSES, colonists=[("land", "land:COSA-ROMA"), ("sea", "ROMA")], coins=10)
    return sc.game()


def fifteenth_house() -> Stepper:
    beats = [
        beat(["play ARCHITECT", "build COSA"], cc._(
            "Aiko plays her Architect and builds her 15th house, in COSA. That sets off the end: she takes the "
            "Concordia card, 7 points (R-END-1). With no house left, her turn ends by itself.")),
        beat(["play MERCATOR", "done"], cc._("Ben plays his last turn: a Mercator.")),
        beat(["play PREFECT", "collect"], cc._("Chloe plays her last turn: a Prefect. Play would come back to Aiko, "
                                               "who ended the game, so the game is over: final scoring.")),
        beat("play TRIBUNE", cc._("From now on every move is refused (R-END-1)."), refused=True),
    ]
    intro = cc._("Three players, a position set up by hand: Aiko already has 14 houses, and her land colonist stands "
                 "on the land route COSA–ROMA. Press Next step.")
    return Stepper(fifteenth_house_game(), beats, intro=intro, facts=status, show_board=True)


# --- R-END-1: the last card of the display -----------------------------------------------------------
def last_card_game() -> cc.Game:
    """Ben (to move) faces a display with one card left and an empty deck: buying it ends the game."""
    sc = cc.Scenario(MAP, THREE, seed=SEED).display(["MERCATOR-I"], deck=[]).to_move("Ben")
    return sc.game()


def last_card() -> Stepper:
    beats = [
        beat(["play SENATOR", "purchase 1"], cc._("Ben plays his Senator and buys the last card of the display, a "
                                                  "Mercator; the deck is empty. He takes the Concordia card.")),
        beat(["play MERCATOR", "done"], cc._("Chloe plays her last turn.")),
        beat(["play MERCATOR", "done"], cc._("Aiko plays her last turn, and the game is over before play comes "
                                             "back to Ben.")),
    ]
    intro = cc._("The other way to end: the display holds only one card, and the deck is empty. It is Ben's turn. "
                 "Press Next step.")
    return Stepper(last_card_game(), beats, intro=intro, facts=status)


# --- R-SCORE-9: ties -------------------------------------------------------------------------------------
def tie_scenario(holder: str = "Dario") -> cc.Scenario:
    """Four players; Aiko and Chloe tie for the highest total; `holder` holds Praefectus Magnus."""
    sc = cc.Scenario(MAP, FOUR, seed=SEED)
    sc.player("Aiko", houses=["COSA"], coins=21)        # brick city: Saturnus and Mercurius, no Jupiter
    sc.player("Ben", coins=11)
    sc.player("Chloe", houses=["NEAPOLIS"], coins=1)    # tools city: Jupiter, Saturnus, Mercurius
    sc.player("Dario", coins=31)
    return sc.praefectus_magnus(holder)


def tie_state() -> cc.GameState:
    """The tie shown in the chapter: Dario, not tied, holds Praefectus Magnus (Chloe wins)."""
    return tie_scenario().build()


EXERCISE_HOLDER = "Ben"


def tie_exercise_state() -> cc.GameState:
    """The exercise: the same totals, but Ben (not tied) holds the card; it passes Ben -> Aiko."""
    return tie_scenario(EXERCISE_HOLDER).build()


def totals(state: cc.GameState) -> dict[str, int]:
    return {p.name: cc.score(state, p.name).total for p in state.players}


def tie_scores() -> ipw.VBox:
    return ipw.VBox([style(), ipw.HTML(score_table(tie_state()))])


def tie_picker() -> TryIt:
    """Pick who holds the Praefectus Magnus card: the tutor says who wins, and why."""
    def attempt(holder: str) -> Outcome:
        state = tie_scenario(holder).build()
        ranking = cc.final_ranking(state)
        why = " ".join(cc.tiebreak_sentences(state))
        return Outcome(cc._("{winner} wins. {why}.", winner=ranking[0], why=why))
    holders = [n for n in FOUR if n != EXERCISE_HOLDER]
    return TryIt(cc._("Praefectus Magnus with"), [(n, n) for n in holders], attempt, button=cc._("Who wins?"))


def check_tie_winner(answer: object, state: cc.GameState | None = None) -> Verdict:
    """Who wins (R-SCORE-9)? The highest total; among tied players the Praefectus Magnus holder, else
    the tied player who would receive the card next (it passes right, against the order of play)."""
    state = state or tie_exercise_state()
    ranking = cc.final_ranking(state)
    winner = ranking[0]
    total = totals(state)
    best = max(total.values())
    tied = cc.listing([p.name for p in state.players if total[p.name] == best])
    holder = state.praefectus_magnus
    order = cc.tiebreak_names(state)
    path = " → ".join(order[: order.index(winner) + 1])
    names = [p.name for p in state.players]
    if answer not in names:
        return wrong(cc._("Choose one of the players."))
    fields = {"winner": winner, "tied": tied, "best": best, "holder": holder, "path": path, "name": answer,
              "points": total.get(str(answer), 0)}
    if answer == winner:
        if winner == holder:
            return right(cc._("{winner} wins: {tied} tie on {best} points, and {winner} holds the Praefectus Magnus "
                              "card (R-SCORE-9).", **fields))
        return right(cc._("{winner} wins: {tied} tie on {best} points, and {winner} would receive the Praefectus "
                          "Magnus card first among them; it passes to the right: {path} (R-SCORE-9).", **fields))
    if total[str(answer)] < best:
        if answer == holder:
            return wrong(cc._("{name} holds the Praefectus Magnus card but has {points} points, not the highest "
                              "{best}. The card only breaks a tie among the players tied for the highest total: "
                              "{tied} (R-SCORE-9).", **fields))
        return wrong(cc._("{name} has {points} points; the highest total is {best} ({tied}). Only they can win "
                          "(R-SCORE-9).", **fields))
    return wrong(cc._("{name} is tied on {best}, but {holder} holds the Praefectus Magnus card and it passes to the "
                      "right, to the player who plays just before: {path}. {winner} would receive it before {name} "
                      "(R-SCORE-9).", **fields))


# --- R-MID-1..4: the first-game intermediate scoring ------------------------------------------------
def records(state: cc.GameState) -> str:
    rows = []
    for i, p in enumerate(state.players):
        record = state.mid_scores[i]
        prize = state.mid_payout[i] if state.mid_payout is not None else None
        rows.append([p.name, cc._("not yet") if record is None else str(record),
                     "—" if prize is None else cc.coins_text(prize), str(p.coins), str(cc.score(state, p.name).total)])
    return html_table([cc._("Player"), cc._("Record"), cc._("Prize"), cc._("Coins"), cc._("Score if the game ended "
                                                                                          "now")], rows)


def first_game() -> Stepper:
    game = replay(MAP, THREE, SEED, FIRST_GAME_OPENING, first_game=True)
    beats = [
        beat(["play TRIBUNE", "done"], cc._("Ben plays his first Tribune: he is scored at once, as at the end of the "
                                            "game, and his record is kept (R-MID-2).")),
        beat(["play TRIBUNE", "done"], cc._("Chloe plays her first Tribune: her record too.")),
        beat("play TRIBUNE", cc._("Aiko plays hers, the last of the three. All records are in: the highest gets 2 "
                                  "coins, the next 1 coin, tied players the same prize (R-MID-3). Then the records "
                                  "are only records: they are never added to the final score (R-MID-4). The prize "
                                  "coins are real coins, though, and count for Vesta.")),
    ]
    intro = cc._("A first game for three. Aiko has built two houses on her first turn (as in chapter 12). Press "
                 "Next step.")
    return Stepper(game, beats, intro=intro, facts=records)


def expected_prizes(given: dict[str, int] | None = None) -> dict[str, int]:
    """R-MID-3 coins for each record, by the engine's competition ranking (2 and 1 coins)."""
    given = given or MID_RECORDS
    prizes = cc.intermediate_prizes(list(given.values()))
    return dict(zip(given, prizes, strict=True))


def check_prizes(answer: dict[str, int], given: dict[str, int] | None = None) -> Verdict:
    """The coins the learner hands out after everyone's first Tribune (R-MID-3)."""
    given = given or MID_RECORDS
    expected = expected_prizes(given)
    answered = {name: int(answer.get(name, 0)) for name in given}
    if answered == expected:
        listed = cc.listing([cc._("{name} ({record} points) {coins}", name=n, record=given[n],
                                  coins=cc.coins_text(c)) for n, c in expected.items()])
        return right(cc._("{listed}. Tied players share a place and its prize (R-MID-3).", listed=listed))
    for name, coins in answered.items():
        tied = [n for n in given if given[n] == given[name] and n != name]
        if tied and any(answered[t] != coins for t in tied):
            return wrong(cc._("{name} and {others} recorded the same {record} points, so they share a place and "
                              "receive the same prize (R-MID-3).", name=name, others=cc.listing(tied),
                              record=given[name]))
    for name, coins in answered.items():
        if coins == expected[name]:
            continue
        above = sum(r > given[name] for r in given.values())
        if expected[name] == 0:
            return wrong(cc.n_("{name} recorded {record} points and {n} player scored more, so {name} is in place "
                               "{place}: only the first two places are paid. Tied players fill the places they share, "
                               "and the next place skips them (this tutor's reading of R-MID-3).",
                               "{name} recorded {record} points and {n} players scored more, so {name} is in place "
                               "{place}: only the first two places are paid. Tied players fill the places they share, "
                               "and the next place skips them (this tutor's reading of R-MID-3).", above, name=name,
                               record=given[name], place=above + 1))
        return wrong(cc.n_("{name} recorded {record} points with {n} player ahead: place {place}, which pays {prize}, "
                           "not {coins} (R-MID-3).",
                           "{name} recorded {record} points with {n} players ahead: place {place}, which pays {prize}, "
                           "not {coins} (R-MID-3).", above, name=name, record=given[name], place=above + 1,
                           prize=cc.coins_text(expected[name]), coins=cc.coins_text(coins)))
    return wrong(cc._("Compare the records again (R-MID-3)."))  # pragma: no cover - every difference is named above


class PrizeAnswer(ipw.HBox):
    """One 0/1/2 dropdown per player; `.value` is {player: coins}."""

    def __init__(self, names: list[str]) -> None:
        self.boxes = {n: ipw.Dropdown(options=[0, 1, 2], value=0, description=n,
                                      layout=ipw.Layout(width="150px"), style={"description_width": "50px"})
                      for n in names}
        super().__init__(children=list(self.boxes.values()))

    @property
    def value(self) -> dict[str, int]:
        return {n: b.value for n, b in self.boxes.items()}

    @value.setter
    def value(self, coins: dict[str, int]) -> None:
        for n, c in coins.items():
            self.boxes[n].value = c


def make_tie_exercise() -> Exercise:
    state = tie_exercise_state()
    totals_text = cc.listing([cc._("{name} {points}", name=n, points=t) for n, t in totals(state).items()])
    pick = ipw.ToggleButtons(options=[p.name for p in state.players], value=None, description=cc._("Winner"))
    prompt = cc._("The order of play is {order}. The game ends with the totals {totals}, and {holder} holds the "
                  "Praefectus Magnus card. Who wins?", order=" → ".join(p.name for p in state.players),
                  totals=totals_text, holder=state.praefectus_magnus)
    return Exercise(esc(prompt), pick, check_tie_winner,
                    solution=lambda: check_tie_winner(cc.final_ranking(state)[0], state).message)


def make_prize_exercise() -> Exercise:
    answer = PrizeAnswer(list(MID_RECORDS))
    given = cc.listing([cc._("{name} {points}", name=n, points=r) for n, r in MID_RECORDS.items()])
    prompt = cc._("A first game for four. After everyone's first Tribune the records are: {records}. How many coins "
                  "does each player receive?", records=given)
    return Exercise(esc(prompt), answer, check_prizes, solution=lambda: check_prizes(expected_prizes()).message)
