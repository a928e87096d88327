"""The levels a practice opponent can have, weakest first, and `make(level, seed)`.

- "random": any legal step (random_bot.py);
- "greedy": the best completed card play by the evaluation (greedy.py);
- "easy": greedy's look-ahead with human slips, for children and first games (easy.py);
- "strong": a seeded Monte Carlo look-ahead over sampled deck orders, greedy roll-outs and the
  evaluation at the cut-off (strong.py).

(The tuple lists random and greedy first, as they were the first levels; `by_strength` orders them.)
"""
from __future__ import annotations

from ..errors import InvalidAction
from ..i18n import _, term
from .base import Bot
from .easy import EasyBot
from .greedy import GreedyBot
from .random_bot import RandomBot
from .strong import StrongBot

_BOTS: dict[str, type[Bot]] = {cls.level: cls for cls in (RandomBot, GreedyBot, EasyBot, StrongBot)}
LEVELS: tuple[str, ...] = tuple(_BOTS)
BY_STRENGTH: tuple[str, ...] = ("random", "easy", "greedy", "strong")


def level_name(level: str) -> str:
    """A level as the learner reads it, in the current language ('greedy', '欲ばり'); the glossary has the words."""
    return term("bot", level)


def make(level: str, seed: int = 0, **options: object) -> Bot:
    """A bot of the given level with its own seeded random generator. Options go to the level's class,
    e.g. make("strong", 7, budget=64, time_limit=1.0)."""
    key = str(level).strip().lower()
    if key not in _BOTS:
        raise InvalidAction(_("unknown bot level {level!r}; levels are {levels}", level=level, levels=", ".join(LEVELS)))
    try:
        return _BOTS[key](seed, **options)
    except TypeError:
        raise InvalidAction(_("the {level} level does not take the options {options}", level=key,
                              options=", ".join(sorted(options)))) from None
