"""The errors the engine raises: all derive from ConcordiaError, itself a ValueError (DESIGN.md 4)."""
from __future__ import annotations


class ConcordiaError(ValueError):
    """Base of every error the engine raises on bad input; `except ValueError` catches them all."""


class IllegalAction(ConcordiaError):
    """A well-formed action the rules forbid here. Carries the RULES.md id and a learner's sentence."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.explanation = message
        super().__init__(f"{message} ({rule})")


class InvalidAction(ConcordiaError):
    """Malformed input: notation that does not parse, an unknown city, card, good or player."""


class RecordError(ConcordiaError):
    """A saved game that cannot be loaded: truncated, edited, unknown version, or an illegal step."""


class MapDataError(ConcordiaError):
    """Map data that breaks the map format; the message names the file and the problem."""


class SetupError(ConcordiaError):
    """Bad arguments to new_game, such as a player count the chosen map does not allow."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        self.rule = rule
        super().__init__(f"{message} ({rule})" if rule else message)
