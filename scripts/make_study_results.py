"""Write chapter 16's studies (widgets/lessons/data/ch16_studies.json): the games of its two studies, so the
chapter shows their plots at once instead of playing them at every page load. tests/engine/bots/test_simulate.py checks the
file against the games played afresh; run this again when the bots or the studies change, and review the diff:

    .venv/bin/python scripts/make_study_results.py
"""
from __future__ import annotations

import json
import sys

from widgets.lessons import ch16_strategy


def main() -> int:
    studies = {title: {"settings": ch16_strategy.study_settings(title),
                       "results": [ch16_strategy.result_to(r) for r in ch16_strategy.play_study(title)]}
               for title in ch16_strategy.STUDIES}
    data = {"about": "the games of chapter 16's studies (scripts/make_study_results.py)", "studies": studies}
    ch16_strategy.STORED.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    for title, stored in studies.items():
        print(f"{title}: {len(stored['results'])} games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
