"""Write chapter 19's sample review (widgets/lessons/data/ch19_sample_review.json): the review of the chapter's
sample game, so the chapter shows it at once instead of working it out at every page load (a review judges
every decision with the hints' budget). tests/views/test_review_chapter.py checks the file against a fresh review;
run this again when the judge or the sample game changes, and review the diff:

    .venv/bin/python scripts/make_sample_review.py
"""
from __future__ import annotations

import json
import sys

from concordia_core import bots
from widgets.lessons import ch19_review


def main() -> int:
    game = ch19_review.sample_game()
    review = bots.review(game)
    data = {"about": "the review of chapter 19's sample game (scripts/make_sample_review.py)",
            "actions": game.actions, **review.to_dict()}
    ch19_review.SAMPLE_REVIEW.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {ch19_review.SAMPLE_REVIEW.name}: {len(review.decisions)} decisions\n{review}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
