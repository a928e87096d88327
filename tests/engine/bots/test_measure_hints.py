"""scripts/measure_hints.py's yardsticks of the judge: what a judge playing every line to the end would reach
(`ceiling`) and how often the play-outs themselves tell hint 1 from hint 3, on play-outs written out by hand."""
from __future__ import annotations

import math
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

SCRIPTS = Path(__file__).resolve().parents[3] / "scripts"


@pytest.fixture(scope="module")
def measure() -> Iterator[ModuleType]:
    sys.path.insert(0, str(SCRIPTS))
    try:
        import measure_hints
        yield measure_hints
    finally:
        sys.path.remove(str(SCRIPTS))


# Three card lines of a position, four play-outs each: the first two play-outs choose, the last two measure
# (and the other way round).
APART_AND_WORSE = [[10, 10, 0, 2], [5, 5, 5, 5], [0, 0, 3, 4]]
# First half: hint 1 is line 0, hint 3 line 2; on the second half line 0 - line 2 = -3, -2: -2.5 ± 0.5, worse
# and apart. Second half: hint 1 line 1 (5), hint 3 line 0 (1); on the first half 5 - 10 twice: -5 ± 0, apart.
AT_LEAST_NOT_APART = [[3, -1, 3, -1], [5, 5, 5, 5], [0, 0, 0, 8]]
# First half: hint 1 line 1, hint 3 line 2 (means 5, 1, 0); 5 - 0, 5 - 8 = 1 ± 4: at least as good, not apart.
# Second half: hint 1 line 1, hint 3 line 0 (means 5, 4, 1); 5 - 3, 5 + 1 = 4 ± 2: at least as good, not apart.
WORSE_THAN_THE_OTHER = [[9, 9, 9, 9], [5, 5, 5, 5], [4, 4, 4, 4], [0, 0, 12, 12]]
# First half: lines 0, 1, 2 the hints, line 3 the other; on the second half 9 - 4 twice (at least as good,
# apart) and 9 - 12 twice (worse). Second half: line 3 first, line 1 third (0 - 5 twice: worse, apart), line 2
# the other (0 - 4 twice: worse).


def test_the_ceiling_chooses_on_one_half_and_measures_on_the_other(measure: ModuleType) -> None:
    results = [{"seed": 1, "players": 2, "measured": APART_AND_WORSE},
               {"seed": 2, "players": 2, "measured": AT_LEAST_NOT_APART},
               {"seed": 3, "players": 3, "measured": AT_LEAST_NOT_APART},
               {"seed": 4, "players": 3, "measured": WORSE_THAN_THE_OTHER}]
    assert measure.ceiling(results) == {
        "2": {"top_at_least_third": 0.5, "separated_1_from_3": 0.5, "top_worse_than_other_beyond_2_se": 0, "of": 0},
        "3": {"top_at_least_third": 0.75, "separated_1_from_3": 0.5, "top_worse_than_other_beyond_2_se": 2, "of": 2}}


def test_the_figures_count_how_often_the_play_outs_tell_hint_1_from_hint_3(measure: ModuleType) -> None:
    def position(measured: list[list[float]], claims: list[float]) -> dict[str, object]:
        return {"claims": claims, "measured": measured, "gap_ses": [0.0, 5.0, 5.0], "other": False,
                "separated": False, "judge_seconds": 0.1}
    results = [position([[9, 11, 9, 11], [0, 0, 0, 0], [1, 1, 1, 1]], [3.0, 1.0, 0.0]),   # 9 ± 0.58: apart
               position([[0, 4, 0, 4], [0, 0, 0, 0], [1, 1, 1, 1]], [2.0, 0.0, 1.0]),     # 1 ± 1.15: not
               position([[0, 0, 0, 0], [5, 5, 5, 4], [2, 4, 2, 3]], [1.0, 2.0, 0.5])]     # -2.75 ± 0.48: apart
    figures = measure.figures(results)
    assert figures["playouts_separate_1_from_3"] == pytest.approx(2 / 3)
    assert figures["separated_1_from_3"] == 0.0
    assert figures["top_at_least_third"] == pytest.approx(2 / 3)


# Three card lines of a position, four play-outs each (as APART_AND_WORSE): halves (10, 5, 0) and (1, 5, 3.5).
def _position(seed: int, truth: list[list[float]]) -> dict[str, object]:
    return {"seed": seed, "players": 2, "lines": [f"line {k}" for k in range(len(truth))], "truth": truth,
            "greedy": 1}


def test_every_judge_is_measured_like_the_ceiling_on_halves_of_the_play_outs(measure: ModuleType) -> None:
    position = _position(1, APART_AND_WORSE)
    # A judge ordering the lines 0, 1, 2: on the first half hint 1 (10) is the best line and beats hint 3 (0);
    # on the second it is 1 against the best 5 (cost 4) and under hint 3 (3.5).
    assert measure.on_halves([position], [[0, 1, 2]]) == {
        "top_at_least_third": 0.5, "top_worse_than_other_share": 0.0, "cost_of_following_hint_1": 2.0}
    # The ceiling chooses on one half, measured on the other: line 0 (first half's best) costs 5 - 1 = 4 on the
    # second; line 1 (the second half's best) costs 10 - 5 = 5 on the first; hint 1 under hint 3 both times.
    assert measure.on_halves([position], [None]) == {
        "top_at_least_third": 0.0, "top_worse_than_other_share": 0.0, "cost_of_following_hint_1": 4.5}
    assert measure.greedy_order(position) == [1, 0, 2]
    worse = _position(4, WORSE_THAN_THE_OTHER)   # the other line (3) beats hint 1 (0) on the second half: 0 - 12
    assert measure.on_halves([worse], [[0, 1, 2, 3]])["top_worse_than_other_share"] == 0.5


def test_a_judges_cost_is_the_best_measured_line_less_its_hint_1(measure: ModuleType) -> None:
    position = _position(1, APART_AND_WORSE)    # means over all four play-outs: 5.5, 5, 1.75
    judgement = {"lines": ["line 1", "line 0", "line 2"], "claims": [3.0, 2.0, 1.0], "ses": [1.0] * 3,
                 "gap_ses": [0.0, 1.0, 1.0], "separated": False, "judge_seconds": 0.1, "first_seconds": 0.01}
    chosen = measure.chosen(position, judgement)
    assert chosen["cost"] == 0.5 and chosen["measured"][0] == APART_AND_WORSE[1] and not chosen["other"]


def test_the_errors_of_several_samples_are_what_the_play_outs_leave_beyond_their_spread(measure: ModuleType) -> None:
    from helpers import judge_claims

    shipped = judge_claims(2)["horizon"]
    position = _position(1, [[8, 12], [0, 4]])   # means 10 and 2, each ± 2; their gap 8 ± 0
    judgement = {"lines": ["line 0", "line 1"], "claims": [30.0, 1.0], "stages": ["horizon", "horizon"],
                 "samples": [4, 4]}
    values = [(30 - 10) ** 2 - 4 - shipped["error"] ** 2 / 4, (1 - 2) ** 2 - 4 - shipped["error"] ** 2 / 4]
    gap = (29 - 8) ** 2 - shipped["gap_error"] ** 2 / 4
    found = measure.fit_errors([position], [judgement])
    assert found == {"2": {"horizon": {"bias": round(math.sqrt(sum(values) / 2), 2),
                                       "gap_bias": round(math.sqrt(gap), 2), "lines": 2}}}
