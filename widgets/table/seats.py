"""Who sits at a table: a name and who plays it (a person at the screen, or a practice bot of a level from
`concordia_core.bots.LEVELS`), and the checks a table makes before it starts (R-SETUP-1)."""
from __future__ import annotations

from dataclasses import dataclass

import concordia_core as cc
from concordia_core import bots

HUMAN = "human"
KINDS = (HUMAN, *bots.BY_STRENGTH)   # the bot levels weakest first, as the ladder measures them (docs/opponents.md)
MAX_NAME = 20

# What each level of practice bot is like, for the set-up form (a level the bots package adds later is
# still offered, with a plain description).
LEVEL_TEXT = {
    "random": cc.N_("plays any legal move at random: the gentlest, for learning the rules"),
    "easy": cc.N_("plays sensibly but makes slips now and then: for a first game"),
    "greedy": cc.N_("plays the card that helps it most this turn"),
    "strong": cc.N_("looks several turns ahead before each card: it plays what the hints would advise"),
}


@dataclass(frozen=True)
class Seat:
    """A seat at the table: a player's name and who plays it ("human" or a bot level such as "greedy").
    A bot's `seed` defaults to one derived from the table's seed."""

    name: str
    kind: str = HUMAN
    seed: int | None = None

    @property
    def is_bot(self) -> bool:
        return self.kind != HUMAN


def kind_label(kind: str) -> str:
    """'a person at this screen', 'practice bot (greedy): plays the card that helps it most right now'."""
    if kind == HUMAN:
        return cc._("a person at this screen")
    text = LEVEL_TEXT.get(kind)
    if text is None:
        return cc._("practice bot ({level})", level=bots.level_name(kind))
    return cc._("practice bot ({level}): {what}", level=bots.level_name(kind), what=cc._(text))


def who_label(seat: Seat) -> str:
    """'person' or 'bot, greedy' after a name in the status line."""
    return cc._("person") if not seat.is_bot else cc._("bot, {level}", level=bots.level_name(seat.kind))


def default_map(players: int) -> str:
    """Italia where the player count allows it, else the map that does (R-SETUP-1; 3-4 may ask for Imperium)."""
    maps = cc.maps_for(players)
    return "italia" if "italia" in maps else (maps[0] if maps else "italia")


def check_seats(seats: list[Seat], seed: int) -> list[Seat]:
    """Validate the seats (2-5, known kinds, names given and different) and give every bot its seed."""
    counts = cc.player_counts()
    if len(seats) not in counts:
        raise cc.SetupError("R-SETUP-1", cc._("a table has {low} to {high} seats, not {n}", low=counts[0], high=counts[-1],
                                              n=len(seats)))
    checked = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, Seat):
            raise cc.SetupError(None, cc._("seat {n} must be a Seat(name, kind), not {seat!r}", n=i + 1, seat=seat))
        kind = str(seat.kind).strip().lower()
        if kind not in KINDS:
            raise cc.SetupError(None, cc._("seat {name!r}: kind {kind!r} is unknown; kinds are {kinds}", name=seat.name,
                                           kind=seat.kind, kinds=cc._(", ").join(KINDS)))
        bot_seed = None if kind == HUMAN else (seat.seed if seat.seed is not None else seed * 100 + i)
        checked.append(Seat(str(seat.name).strip(), kind, bot_seed))
    names = [s.name for s in checked]
    if any(not n for n in names):
        raise cc.SetupError(None, cc._("every seat needs a name"))
    if len(set(names)) != len(names):
        raise cc.SetupError(None, cc._("two seats have the same name; each player needs their own"))
    return checked


__all__ = ["HUMAN", "KINDS", "LEVEL_TEXT", "MAX_NAME", "Seat", "check_seats", "default_map", "kind_label", "who_label"]
