"""Chapter 12: the end of the game (R-END-1/2), the tie-break (R-SCORE-9) and the first-game
intermediate scoring (R-MID-1..4).

Positions are built with `cc.Scenario` on the Italia map (seed 7); games in them are played on the
real engine. Right answers come from `cc.final_ranking` and the engine's competition ranking.
"""
from __future__ import annotations

import ipywidgets as ipw

import concordia_core as cc

from ..exercise import Exercise, Verdict, right, wrong

MAP = "italia"
SEED = 7
THREE = ["Aiko", "Ben", "Chloe"]
FOUR = ["Aiko", "Ben", "Chloe", "Dario"]

# Aiko's 14 houses: every city but Rome, COSA and the last ten in the map's order.
FOURTEEN_HOUSES = ["ALERIA", "ANCONA", "AQVILEIA", "BAVZANVM", "BRVNDISIVM", "CASINVM", "COMVM", "CROTON",
                   "FLORENTIA", "GENVA", "HADRIA", "LVCERIA", "MESSANA", "MVTINA"]

# R-MID-3 exercise: the records after everyone's first Tribune (the learner hands out the coins).
MID_RECORDS = {"Aiko": 14, "Ben": 17, "Chloe": 14, "Dario": 11}


def fifteenth_house_game() -> cc.Game:
    """Aiko (to move) has 14 houses and a land colonist on land:COSA-ROMA: an Architect can build her
    15th house in COSA (a brick city: 1 food + 1 coin), which triggers the end (R-END-1)."""
    sc = cc.Scenario(MAP, THREE, seed=SEED)
    sc.player("Aiko", houses=FOURTEEN_HOUSES, colonists=[("land", "land:COSA-ROMA"), ("sea", "ROMA")], coins=10)
    return sc.game()


def last_card_game() -> cc.Game:
    """Ben (to move) faces a display with one card left and an empty deck: buying it ends the game."""
    sc = cc.Scenario(MAP, THREE, seed=SEED).display(["MERCATOR-I"], deck=[]).to_move("Ben")
    return sc.game()


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


def check_tie_winner(answer: object, state: cc.GameState | None = None) -> Verdict:
    """Who wins (R-SCORE-9)? The highest total; among tied players the Praefectus Magnus holder, else
    the tied player who would receive the card next (it passes right, against turn order)."""
    state = state or tie_exercise_state()
    ranking = cc.final_ranking(state)
    winner = ranking[0]
    total = totals(state)
    best = max(total.values())
    tied = [p.name for p in state.players if total[p.name] == best]
    holder = state.praefectus_magnus
    order = cc.tiebreak_names(state)
    path = " → ".join(order[: order.index(winner) + 1])
    names = [p.name for p in state.players]
    if answer not in names:
        return wrong(f"choose one of the players: {', '.join(names)}")
    if answer == winner:
        why = ("holds Praefectus Magnus" if winner == holder else
               f"would receive Praefectus Magnus first among the tied players (it passes right: {path})")
        return right(f"{winner} wins: {' and '.join(tied)} tie on {best} points, and {winner} {why} (R-SCORE-9).")
    if total[answer] < best:
        if answer == holder:
            return wrong(f"{answer} holds Praefectus Magnus, but has {total[answer]} points, not the highest "
                         f"{best}. The card only breaks a tie among the players tied for the highest total; "
                         f"here {' and '.join(tied)} (R-SCORE-9).")
        return wrong(f"{answer} has {total[answer]} points; the highest total is {best} "
                     f"({' and '.join(tied)}). Only they can win (R-SCORE-9).")
    return wrong(f"{answer} is tied on {best}, but {holder} holds Praefectus Magnus and the card passes to the "
                 f"right, to the player who played just before (against turn order): {path}. {winner} would "
                 f"receive it before {answer} (R-SCORE-9).")


def expected_prizes(records: dict[str, int] | None = None) -> dict[str, int]:
    """R-MID-3 coins for each record, by the engine's competition ranking (2 and 1 coins)."""
    records = records or MID_RECORDS
    prizes = cc.intermediate_prizes(list(records.values()))
    return dict(zip(records, prizes, strict=True))


def check_prizes(answer: dict[str, int], records: dict[str, int] | None = None) -> Verdict:
    """The coins the learner hands out after everyone's first Tribune (R-MID-3)."""
    records = records or MID_RECORDS
    expected = expected_prizes(records)
    given = {name: int(answer.get(name, 0)) for name in records}
    if given == expected:
        return right("right: " + ", ".join(f"{n} {records[n]} points → {c} coin{'s' * (c != 1)}"
                                           for n, c in expected.items())
                     + ". Tied players share a place and its prize (R-MID-3).")
    for name, coins in given.items():
        tied = [n for n in records if records[n] == records[name] and n != name]
        if tied and any(given[t] != coins for t in tied):
            return wrong(f"{name} and {', '.join(tied)} recorded the same {records[name]} points, so they share "
                         "a place and receive the same prize (R-MID-3: 同順位者は同じ賞金を受け取り).")
    for name, coins in given.items():
        if coins == expected[name]:
            continue
        above = sum(r > records[name] for r in records.values())
        place = above + 1
        if expected[name] == 0:
            return wrong(f"{name} recorded {records[name]} points and {above} player{'s' * (above != 1)} scored "
                         f"more, so {name} is in place {place}: only places 1 (2 coins) and 2 (1 coin) are paid. "
                         "Tied players fill the places they share; the next player's place skips them "
                         "(standard competition ranking, this project's reading of R-MID-3).")
        return wrong(f"{name} recorded {records[name]} points with {above} player{'s' * (above != 1)} ahead: "
                     f"place {place}, which pays {expected[name]} coin{'s' * (expected[name] != 1)}, "
                     f"not {coins} (R-MID-3).")
    return wrong("compare the records again (R-MID-3)")  # pragma: no cover - every difference is named above


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
    totals_text = ", ".join(f"{n} {t}" for n, t in totals(state).items())
    pick = ipw.ToggleButtons(options=[p.name for p in state.players], value=None, description="Winner:")
    return Exercise(f"Turn order {' → '.join(p.name for p in state.players)}. The game ends with the totals "
                    f"{totals_text}, and <b>{state.praefectus_magnus}</b> holds Praefectus Magnus. Who wins?",
                    pick, check_tie_winner)


def make_prize_exercise() -> Exercise:
    answer = PrizeAnswer(list(MID_RECORDS))
    records = ", ".join(f"{n} {r}" for n, r in MID_RECORDS.items())
    return Exercise(f"First game, four players. After everyone's first Tribune the records are: {records}. "
                    "How many coins does each player receive?", answer, check_prizes)
