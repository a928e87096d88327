"""Actions are values, one per decision of a card play, each with a short text form (docs/notation.md).

A turn is `play CARD` followed by the sub-steps its card asks for, ending with `done` where the
player may stop early. `str(action)` gives the notation; `parse_action(text, state)` reads it back.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .cards import card as lookup_card
from .errors import InvalidAction
from .goods import GOODS, Goods, check_good
from .i18n import _
from .maps import ConcordiaMap, load_map
from .state import GameState


@dataclass(frozen=True, repr=False)
class Action:
    """Base of all actions. `repr()` is python-chess style and pastes back: Action.parse('play TRIBUNE')."""

    @classmethod
    def parse(cls, text: str, state: GameState | None = None) -> Action:
        """Read an action from its notation (see parse_action)."""
        return parse_action(text, state)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


@dataclass(frozen=True, repr=False)
class PlayCard(Action):
    """Play a card from hand onto the discard pile (R-TURN-1)."""
    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, repr=False)
class Recruit(Action):
    """Tribune: pay 1 food + 1 tools to bring a waiting colonist to Rome (R-TRIB-3)."""
    kind: str

    def __str__(self) -> str:
        return f"recruit {self.kind}"


@dataclass(frozen=True, repr=False)
class Move(Action):
    """Architect: move the colonist standing at `start` (a city or route) to `route` (R-ARCH-1..4)."""
    start: str
    route: str

    def __str__(self) -> str:
        return f"move {self.start} > {self.route}"


@dataclass(frozen=True, repr=False)
class Build(Action):
    """Architect: build a house in a city next to an own colonist (R-ARCH-5..10)."""
    city: str

    def __str__(self) -> str:
        return f"build {self.city}"


@dataclass(frozen=True, repr=False)
class Produce(Action):
    """Prefect: make a province produce (R-PREF-1..3)."""
    province: str

    def __str__(self) -> str:
        return f"produce {self.province}"


@dataclass(frozen=True, repr=False)
class Collect(Action):
    """Prefect: collect the coins of all coin-side bonus tiles (R-PREF-4)."""

    def __str__(self) -> str:
        return "collect"


@dataclass(frozen=True, repr=False)
class Trade(Action):
    """Mercator: buy (amount > 0) or sell (amount < 0) one kind of good with the bank (R-MERC-2)."""
    good: str
    amount: int

    def __str__(self) -> str:
        verb = "buy" if self.amount > 0 else "sell"
        return f"{verb} {abs(self.amount)} {self.good}"


@dataclass(frozen=True, repr=False)
class Copy(Action):
    """Diplomat: carry out the top card of another player's discard pile (R-DIPL-1..3)."""
    player: str

    def __str__(self) -> str:
        return f"copy {self.player}"


@dataclass(frozen=True, repr=False)
class Purchase(Action):
    """Senator or Consul: buy the card in display slot `slot` (1..7); `wild` pays a '?' (R-SEN-2)."""
    slot: int
    wild: str | None = None

    def __str__(self) -> str:
        return f"purchase {self.slot}" + (f" paying {self.wild}" if self.wild else "")


@dataclass(frozen=True, repr=False)
class Place(Action):
    """Colonist card: pay 1 food + 1 tools to place a waiting colonist in Rome or an own house's city (R-COLO-1a)."""
    kind: str
    city: str

    def __str__(self) -> str:
        return f"place {self.kind} {self.city}"


@dataclass(frozen=True, repr=False)
class Income(Action):
    """Colonist card: take 5 coins + 1 per own colonist on the map (R-COLO-1b)."""

    def __str__(self) -> str:
        return "income"


@dataclass(frozen=True, repr=False)
class Keep(Action):
    """Storehouse full: the goods of the incoming ones the player keeps (R-STORE-2)."""
    goods: Goods

    def __str__(self) -> str:
        parts = [f"{n} {g}" for g, n in self.goods.items_nonzero()]
        return "keep " + (" ".join(parts) if parts else "nothing")


@dataclass(frozen=True, repr=False)
class Done(Action):
    """Finish the current card play (the remaining options are declined)."""

    def __str__(self) -> str:
        return "done"


_GOODS_LIST = " | ".join(GOODS)
_EXPECTED = ("play CARD, recruit land|sea, move FROM > ROUTE, build CITY, produce PROVINCE, collect, "
             "buy N GOOD, sell N GOOD, copy PLAYER, purchase SLOT [paying GOOD], place land|sea CITY, "
             "income, keep N GOOD ..., done")


def _kind(word: str, text: str) -> str:
    kind = word.lower()
    if kind not in ("land", "sea"):
        raise InvalidAction(_("in {text!r}: expected 'land' or 'sea' but found {word!r}", text=text, word=word))
    return kind


def _count(word: str, text: str) -> int:
    if not re.fullmatch(r"[0-9]{1,3}", word) or int(word) < 1:
        raise InvalidAction(_("in {text!r}: expected a whole number of at least 1 but found {word!r}", text=text,
                              word=word))
    return int(word)


def _good(word: str, text: str) -> str:
    try:
        return check_good(word)
    except InvalidAction:
        raise InvalidAction(_("in {text!r}: expected a good ({goods}) but found {word!r}", text=text, goods=_GOODS_LIST,
                              word=word)) from None


def parse_action(text: str | Action, state: GameState | None = None) -> Action:
    """Read one action from its notation. Malformed text raises InvalidAction saying where and what
    was expected. With a state, map names (cities, routes, provinces, players) are checked too."""
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        raise InvalidAction(_("an action must be text or an Action, not {kind}", kind=type(text).__name__))
    raw = " ".join(text.split())
    if not raw:
        raise InvalidAction(_("empty action; expected one of: {forms}", forms=_EXPECTED))
    verb, _space, rest = raw.partition(" ")
    verb = verb.lower()
    words = rest.split() if rest else []
    board = _board(state)

    def need(n: int, shape: str) -> None:
        if len(words) != n:
            raise InvalidAction(_("in {text!r}: '{verb}' takes the form '{shape}'", text=raw, verb=verb, shape=shape))

    if verb == "play":
        need(1, "play CARD")
        return PlayCard(lookup_card(words[0]).id)
    if verb == "recruit":
        need(1, "recruit land|sea")
        return Recruit(_kind(words[0], raw))
    if verb == "move":
        return _move(rest, raw, board)
    if verb == "build":
        need(1, "build CITY")
        return Build(board.check_city(words[0]) if board else words[0].upper())
    if verb == "produce":
        need(1, "produce PROVINCE")
        return Produce(board.check_province(words[0]) if board else words[0].upper())
    if verb in ("collect", "income", "done"):
        need(0, verb)
        return {"collect": Collect, "income": Income, "done": Done}[verb]()
    if verb in ("buy", "sell"):
        need(2, f"{verb} N GOOD")
        n = _count(words[0], raw)
        return Trade(_good(words[1], raw), n if verb == "buy" else -n)
    if verb == "copy":
        return Copy(_player(rest, raw, state))
    if verb == "purchase":
        return _purchase(words, raw)
    if verb == "place":
        need(2, "place land|sea CITY")
        return Place(_kind(words[0], raw), board.check_city(words[1]) if board else words[1].upper())
    if verb == "keep":
        return Keep(_kept(words, raw))
    raise InvalidAction(_("in {text!r}: unknown action {verb!r}; expected one of: {forms}", text=raw, verb=verb,
                          forms=_EXPECTED))


def _move(rest: str, raw: str, board: ConcordiaMap | None) -> Move:
    """'move FROM > ROUTE': FROM a city or a route, checked on the board when there is one."""
    parts = [p.strip() for p in rest.split(">")]
    if len(parts) != 2 or not all(parts) or any(" " in p for p in parts):
        raise InvalidAction(_("in {text!r}: 'move' takes the form 'move FROM > ROUTE', e.g. 'move ROMA > "
                              "land:COSA-ROMA'", text=raw))
    start, route = parts
    if board is not None:
        start = board.check_route(start) if ":" in start else board.check_city(start)
        route = board.check_route(route)
    elif ":" not in route:
        raise InvalidAction(_("in {text!r}: the destination must be a route such as land:COSA-ROMA", text=raw))
    return Move(start.upper() if ":" not in start else start, route)


def _player(rest: str, raw: str, state: GameState | None) -> str:
    """The player a 'copy PLAYER' names; with a state, matched case-insensitively, as typed by a learner."""
    if not rest:
        raise InvalidAction(_("in {text!r}: 'copy' takes the form 'copy PLAYER'", text=raw))
    if state is None:
        return rest
    names = [p.name for p in state.players]
    match = [n for n in names if n.casefold() == rest.casefold()]
    if not match:
        raise InvalidAction(_("in {text!r}: no player called {name!r}; players are {players}", text=raw,
                              name=rest, players=", ".join(names)))
    return match[0]


def _purchase(words: list[str], raw: str) -> Purchase:
    """'purchase SLOT [paying GOOD]': a display slot 1..7, and the good paid for a '?' in its cost."""
    if len(words) not in (1, 3) or (len(words) == 3 and words[1].lower() != "paying"):
        raise InvalidAction(_("in {text!r}: 'purchase' takes the form 'purchase SLOT [paying GOOD]'", text=raw))
    if not re.fullmatch(r"[1-7]", words[0]):
        raise InvalidAction(_("in {text!r}: the display slot must be a number from 1 to 7, not {word!r}", text=raw,
                              word=words[0]))
    return Purchase(int(words[0]), _good(words[2], raw) if len(words) == 3 else None)


def _kept(words: list[str], raw: str) -> Goods:
    """The goods of 'keep N GOOD [N GOOD ...]' or 'keep nothing'."""
    if not words:
        raise InvalidAction(_("in {text!r}: 'keep' takes the form 'keep N GOOD [N GOOD ...]' or 'keep nothing'",
                              text=raw))
    if words == ["nothing"]:
        return Goods()
    if len(words) % 2:
        raise InvalidAction(_("in {text!r}: 'keep' lists pairs of a number and a good, e.g. 'keep 2 food 1 brick'",
                              text=raw))
    counts: dict[str, int] = {}
    for n_word, g_word in zip(words[::2], words[1::2], strict=False):
        good = _good(g_word, raw)
        counts[good] = counts.get(good, 0) + _count(n_word, raw)
    return Goods(counts)


def _board(state: GameState | None) -> ConcordiaMap | None:
    return None if state is None else load_map(state.map_id)
