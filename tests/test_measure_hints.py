"""scripts/measure_hints.py's yardsticks of the judge: what a judge playing every line to the end would reach
(`ceiling`) and how often the play-outs themselves tell hint 1 from hint 3, on play-outs written out by hand."""
from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"


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
