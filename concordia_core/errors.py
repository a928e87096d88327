"""The errors the engine raises: all derive from ConcordiaError, itself a ValueError (docs/architecture.md principle 4).

An error that cites a rule takes it first, then the sentence: `IllegalAction(rule, message)` and
`SetupError(rule, message)` (rule None when no rule is broken, e.g. a seed that is not a number).
"""
from __future__ import annotations


class ConcordiaError(ValueError):
    """Base of every error the engine raises on bad input; `except ValueError` catches them all."""


class _RuleError(ConcordiaError):
    """A refusal that may cite a docs/rules.md id: `rule`, and `explanation`, the learner's sentence alone."""

    def __init__(self, rule: str | None, message: str) -> None:
        self.rule = rule
        self.explanation = message
        super().__init__(f"{message} ({rule})" if rule else message)

    def __reduce__(self) -> tuple[type, tuple[str | None, str]]:
        """Made again from the rule and the sentence: the refusal of a game played in a process pool (a study)
        reaches the caller as itself, not as a broken pool."""
        return type(self), (self.rule, self.explanation)


class IllegalAction(_RuleError):
    """A well-formed action the rules forbid here. Carries the docs/rules.md id and a learner's sentence."""

    rule: str

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(rule, message)


class InvalidAction(ConcordiaError):
    """Malformed input: notation that does not parse, an unknown city, card, good or player."""


class RecordError(ConcordiaError):
    """A saved game that cannot be loaded: truncated, edited, unknown version, or an illegal step."""


class MapDataError(ConcordiaError):
    """Map data that breaks the map format; the message names the file and the problem."""


class SetupError(_RuleError):
    """Bad arguments to new_game, such as a player count the chosen map does not allow (rule R-SETUP-1)."""
