"""The scoring pad's entries: what a group reads off a finished game on cardboard, as a plain value.

`PadEntries` holds the map, the city tiles of their table, and per player (in turn order, the first
player first) the cards bought (counted by card name and god, hand and discard pile together; the 7
starting cards are always there), the houses, the land and sea colonists on the map, the goods, the
coins and the first-game intermediate record; and who took the Concordia card and who holds the
Praefectus Magnus. Every change returns a new value after checking it (a refusal is a
`cc.IllegalAction` naming the rule, and the old value is untouched). Scoring is the engine's: the
entries become a position with `cc.Scenario` (colonists in Rome, where Mars counts them as well as
anywhere on the map, R-SCORE-6) and `cc.score` counts it.

No widgets here: `pad.py` draws these entries; tests and files use them directly.
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from types import MappingProxyType
from typing import Any

import concordia_core as cc

from . import tiles as tl
from .pad_player import KINDS, CardKind, PlayerEntry, card_kinds, frozen_counts, kinds_by_key

FORMAT = "concordia-scoring-pad"
VERSION = 1


# --- the whole pad --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PadEntries:
    """The pad's entries. Build with `PadEntries.new(map, names)`; change with the `with_*`/`set_*` methods,
    each returning a new checked value (or raising a refusal and leaving this one as it was)."""

    map: str
    players: tuple[PlayerEntry, ...]
    tiles: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    concordia: str | None = None
    praefectus: str = ""

    # --- making one -----------------------------------------------------------------------------------
    @classmethod
    def new(cls, map_name: str, names: Iterable[str], tiles: Mapping[str, str] | None = None) -> PadEntries:
        """Empty entries for a table: `names` in turn order, the first player first; the Praefectus Magnus
        with the last of them, as at setup (R-SETUP-8), until the group says who holds it now."""
        names = list(names)
        setup = cc.Scenario(map_name, names).build()  # checks the map and the player names (R-SETUP-1)
        entries = cls(setup.map_id, tuple(PlayerEntry(n) for n in names), MappingProxyType({}), None,
                      setup.praefectus_magnus)
        return entries.with_tiles(tiles or {}) if tiles else entries

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    @property
    def kinds(self) -> tuple[CardKind, ...]:
        return card_kinds(len(self.players))

    def player(self, name: str) -> PlayerEntry:
        for p in self.players:
            if p.name == name:
                return p
        raise cc.InvalidAction(cc._("no player called {name!r}; players are {players}", name=name,
                                    players=cc.listing(self.names)))

    def kind(self, key: str) -> CardKind:
        found = kinds_by_key(len(self.players)).get(key)
        if found is None:
            raise cc.IllegalAction("R-SETUP-5", cc._(
                "a game of {n} players has no card {card!r}: only decks {decks} are used", n=len(self.players),
                card=key, decks=cc.listing(cc.decks_for(len(self.players)))))
        return found

    # --- changes (each checked) --------------------------------------------------------------------------
    def _with_player(self, name: str, **changes: Any) -> PadEntries:
        self.player(name)
        players = tuple(replace(p, **changes) if p.name == name else p for p in self.players)
        return replace(self, players=players)

    def checked(self) -> PadEntries:
        """This value if it describes a possible end position; else the first problem as a refusal."""
        found = self.problems()
        if found:
            raise found[0]
        return self

    def with_tiles(self, tiles: Mapping[str, str]) -> PadEntries:
        """The city tiles the group entered set to `tiles` (cities with only one possible good left are
        filled in by `board_tiles`, not stored here, so a group can always correct an entry)."""
        return replace(self, tiles=MappingProxyType(tl.checked(self.map, tiles))).checked()

    def set_tile(self, city: str, good: str | None) -> PadEntries:
        """One city's tile as the group reads it (None clears their entry)."""
        city = cc.load_map(self.map).check_city(city)
        tiles = {c: g for c, g in self.tiles.items() if c != city}
        if good is not None:
            tiles[city] = good
        return self.with_tiles(tiles)

    @property
    def board_tiles(self) -> dict[str, str]:
        """The tiles on the board: those entered, and those that can only be one good (the last tiles of a
        letter, R-SETUP-2)."""
        return tl.forced(self.map, self.tiles)

    def toggle_house(self, name: str, city: str) -> PadEntries:
        """Add a house of `name` in `city`, or take it away if it is there (a click on the map)."""
        city = cc.load_map(self.map).check_city(city)
        houses = list(self.player(name).houses)
        if city in houses:
            houses.remove(city)
        else:
            houses.append(city)
        return self.set_houses(name, houses)

    def set_houses(self, name: str, cities: Iterable[str]) -> PadEntries:
        board = cc.load_map(self.map)
        houses = tuple(sorted(board.check_city(c) for c in cities))
        return self._with_player(name, houses=houses).checked()

    def set_card(self, name: str, key: str, held: int) -> PadEntries:
        """How many cards of a kind `name` holds, hand and discard pile together (starting copies included)."""
        kind = self.kind(key)
        if held < kind.starting:
            raise cc.IllegalAction("R-SETUP-6", cc.n_(
                "every player keeps the {n} starting {card} card all game: {player} cannot hold fewer",
                "every player keeps the {n} starting {card} cards all game: {player} cannot hold fewer",
                kind.starting, card=kind.label, player=name))
        bought = dict(self.player(name).bought)
        bought[key] = held - kind.starting
        return self._with_player(name, bought=frozen_counts(bought)).checked()

    def add_card(self, name: str, key: str, step: int = 1) -> PadEntries:
        """One more (or, with step=-1, one fewer) card of a kind for `name` (the +/- buttons)."""
        return self.set_card(name, key, self.player(name).held(self.kind(key)) + step)

    def set_colonists(self, name: str, kind: str, n: int) -> PadEntries:
        """How many land or sea colonists of `name` stand on the map (anywhere: Mars counts them all)."""
        if kind not in KINDS:
            raise cc.InvalidAction(cc._("a colonist is 'land' or 'sea', not {value!r}", value=kind))
        return self._with_player(name, **{kind: int(n)}).checked()

    def set_good(self, name: str, good: str, n: int) -> PadEntries:
        goods = dict(self.player(name).goods)
        goods[good] = int(n)
        if int(n) < 0:
            raise cc.InvalidAction(cc._("{player} cannot have fewer than no {good}", player=name,
                                        good=cc.good_name(good)))
        return self._with_player(name, goods=cc.Goods(goods)).checked()

    def set_goods(self, name: str, goods: Mapping[str, int]) -> PadEntries:
        if any(int(n) < 0 for n in goods.values()):
            raise cc.InvalidAction(cc._("goods are counted from 0 up"))
        return self._with_player(name, goods=cc.Goods(goods)).checked()

    def set_coins(self, name: str, coins: int) -> PadEntries:
        if int(coins) < 0:
            raise cc.InvalidAction(cc._("{player} cannot have fewer than 0 coins", player=name))
        return self._with_player(name, coins=int(coins)).checked()

    def set_concordia(self, name: str | None) -> PadEntries:
        """Who took the Concordia card (R-END-1); None while nobody has."""
        if name is not None:
            self.player(name)
        return replace(self, concordia=name).checked()

    def set_praefectus(self, name: str) -> PadEntries:
        """Who holds the Praefectus Magnus at the end (it breaks ties, R-SCORE-9)."""
        self.player(name)
        return replace(self, praefectus=name).checked()

    def set_record(self, name: str, record: int | None) -> PadEntries:
        """A player's recorded score of the first-game intermediate scoring (R-MID-2); None if not yet."""
        if record is not None and int(record) < 0:
            raise cc.InvalidAction(cc._("a recorded score is 0 or more"))
        return self._with_player(name, record=None if record is None else int(record))

    # --- what cannot be ------------------------------------------------------------------------------------
    def problems(self) -> list[cc.ConcordiaError]:
        """Every entry no real table can show, each a refusal naming the rule (empty when all is possible)."""
        board = cc.load_map(self.map)
        c = cc.CONSTANTS
        found: list[cc.ConcordiaError] = list(tl.problems(self.map, self.tiles))
        if len({p.name for p in self.players}) != len(self.players):
            found.append(cc.InvalidAction(cc._("player names must differ")))
        if self.praefectus not in self.names:
            found.append(cc.IllegalAction("R-SCORE-9", cc._("one of the players holds the Praefectus Magnus")))
        if self.concordia is not None and self.concordia not in self.names:
            found.append(cc.IllegalAction("R-END-1", cc._("the Concordia card goes to one of the players")))
        for p in self.players:
            who = p.name
            if len(p.houses) > c.houses_per_player:
                found.append(cc.IllegalAction("R-END-2", cc._(
                    "{player} would have {n} houses; a player has only {limit}", player=who, n=len(p.houses),
                    limit=c.houses_per_player)))
            for city in sorted({h for h in p.houses if p.houses.count(h) > 1}):
                found.append(cc.IllegalAction("R-ARCH-6", cc._(
                    "{player} would have two houses in {city}; a player has at most one house in each city",
                    player=who, city=cc.city_name(city))))
            if board.rome in p.houses:
                found.append(cc.IllegalAction("R-ARCH-6", cc._(
                    "{player} cannot have a house in {city}: nobody builds in Rome", player=who,
                    city=cc.city_name(board.rome))))
            for kind in KINDS:
                n = p.colonists(kind)
                if n > c.colonists_per_kind:
                    text = (cc._("{player} would have {n} land colonists on the map; a player owns only {limit}",
                                 player=who, n=n, limit=c.colonists_per_kind) if kind == "land" else
                            cc._("{player} would have {n} sea colonists on the map; a player owns only {limit}",
                                 player=who, n=n, limit=c.colonists_per_kind))
                    found.append(cc.IllegalAction("R-COLO-2", text))
                elif n < 1:
                    found.append(cc.IllegalAction("R-SETUP-7", cc._(
                        "{player} always has at least one {colonist} on the map: the one placed in Rome at setup "
                        "never leaves the map", player=who, colonist=cc.colonist_text(kind))))
            if p.slots_used() > c.storehouse_slots:
                found.append(cc.IllegalAction("R-STORE-1", cc._(
                    "{whose} storehouse would hold {goods} and {waiting} waiting colonists, {n} in all; it has only "
                    "{slots} slots (colonists not on the map wait in the storehouse)", whose=cc.possessive(who),
                    goods=cc.goods_text(p.goods), waiting=p.waiting(), n=p.slots_used(), slots=c.storehouse_slots)))
            if any(n < 0 for n in p.goods.values()) or p.coins < 0:
                found.append(cc.InvalidAction(cc._("{player} has fewer than nothing", player=who)))
        kinds = kinds_by_key(len(self.players))
        for key in sorted({k for p in self.players for k in p.bought}):
            card_kind = kinds.get(key)
            if card_kind is None:
                found.append(self._no_such_card(key))
                continue
            holders = [p for p in self.players if p.bought.get(key, 0)]
            total = sum(p.bought.get(key, 0) for p in holders)
            if total > len(card_kind.ids):
                found.append(self._too_many(card_kind, holders, total))
        if not found:
            found += self._engine_problems()
        return found

    def _no_such_card(self, key: str) -> cc.ConcordiaError:
        try:
            self.kind(key)
        except cc.ConcordiaError as err:
            return err
        raise AssertionError(key)

    def _too_many(self, kind: CardKind, holders: list[PlayerEntry], total: int) -> cc.ConcordiaError:
        n = len(self.players)
        card = cc._("{card} ({god})", card=kind.label, god=cc.god_name(kind.god))
        if len(holders) == 1:
            text = cc.n_("{player} would have bought {count} {card} cards; a game of {players} players has only {n} "
                         "for sale (decks {decks})",
                         "{player} would have bought {count} {card} cards; a game of {players} players has only {n} "
                         "for sale (decks {decks})", len(kind.ids), player=holders[0].name, count=total, card=card,
                         players=n, decks=cc.listing(cc.decks_for(n)))
        else:
            text = cc.n_("{holders} would have bought {count} {card} cards together; a game of {players} players has "
                         "only {n} for sale (decks {decks})",
                         "{holders} would have bought {count} {card} cards together; a game of {players} players has "
                         "only {n} for sale (decks {decks})", len(kind.ids),
                         holders=cc.listing(p.name for p in holders), count=total, card=card, players=n,
                         decks=cc.listing(cc.decks_for(n)))
        return cc.IllegalAction("R-SETUP-5", text)

    def _engine_problems(self) -> list[cc.ConcordiaError]:
        """The engine's own checks of the position (the same as for any position reached by play)."""
        built = self._built
        return [built] if isinstance(built, cc.ConcordiaError) else []

    @cached_property
    def _built(self) -> cc.GameState | cc.ConcordiaError:
        """The engine's position of these entries, or the engine's refusal of it, built once per value (the
        value never changes). Cities without an entered tile get one left in the box (`tl.filled`): once all
        are entered that is the board's own tiles, the position `state()` gives."""
        try:
            return self._scenario(tl.filled(self.map, self.board_tiles)).build()
        except cc.ConcordiaError as err:
            return err

    # --- the position and its score ---------------------------------------------------------------------
    @property
    def tiles_complete(self) -> bool:
        """Every city of the map has its tile (entered, or the only one left of its letter)."""
        return not tl.missing(self.map, self.board_tiles)

    @property
    def tiles_needed(self) -> list[str]:
        """Cities holding a house whose tile is not known yet: the score needs these goods only (a city without
        a house scores nothing, whatever its good)."""
        built = {c for p in self.players for c in p.houses}
        return [c for c in tl.missing(self.map, self.board_tiles) if c in built]

    @property
    def without_houses(self) -> list[str]:
        """Players with no house entered: a finished game hardly leaves one without, so their total is likely
        still missing its houses."""
        return [p.name for p in self.players if not p.houses]

    @property
    def specialists_without_houses(self) -> list[tuple[str, CardKind]]:
        """(player, kind) for each specialist a player with houses holds while none of their houses is in a city of
        its good (known tiles only): Minerva counts it nothing (R-SCORE-7), so a house is likely still missing."""
        tiles = self.board_tiles
        return [(p.name, kind) for p in self.players if p.houses for kind in self.kinds
                if kind.good and p.held(kind) and all(tiles.get(c, kind.good) != kind.good for c in p.houses)]

    @property
    def tiles_done(self) -> bool:
        """The tiles are in: every city's, or (once houses are entered) those of every city with a house, which
        is all the scores need."""
        return self.tiles_complete or (any(p.houses for p in self.players) and not self.tiles_needed)

    def card_ids(self) -> dict[str, list[str]]:
        """The cards each player holds: the starting hand, then bought cards of each kind (lowest deck first,
        shared out in turn order: scoring reads only name and god, so which copy is whose does not matter)."""
        next_copy = {k.key: 0 for k in self.kinds}
        cards: dict[str, list[str]] = {}
        for p in self.players:
            ids = list(cc.starting_hand())
            for kind in self.kinds:
                n = p.bought.get(kind.key, 0)
                ids += kind.ids[next_copy[kind.key]:next_copy[kind.key] + n]
                next_copy[kind.key] += n
            cards[p.name] = ids
        return cards

    def _scenario(self, tiles: Mapping[str, str]) -> cc.Scenario:
        board = cc.load_map(self.map)
        sc = cc.Scenario(self.map, self.names).city_goods(**tiles)
        cards = self.card_ids()
        for p in self.players:
            colonists = [("land", board.rome)] * p.land + [("sea", board.rome)] * p.sea
            sc.player(p.name, hand=cards[p.name], discard=[], houses=list(p.houses), colonists=colonists,
                      goods=dict(p.goods), coins=p.coins, concordia=p.name == self.concordia)
        return sc.praefectus_magnus(self.praefectus)

    def _require_tiles(self) -> None:
        lacking = self.tiles_needed
        if lacking:
            raise cc.InvalidAction(cc.n_(
                "enter the tiles of the cities with houses first: {n} city has no tile yet ({cities})",
                "enter the tiles of the cities with houses first: {n} cities have no tile yet ({cities})",
                len(lacking), cities=cc.listing(cc.city_name(c) for c in lacking)))

    def scenario(self) -> cc.Scenario:
        """The end position as a Scenario: the colonists on the map stand in Rome (Mars counts colonists
        wherever they stand, R-SCORE-6). The cities with houses must have their tiles; the others get one left
        in the box, which scores nothing."""
        self._require_tiles()
        return self._scenario(tl.filled(self.map, self.board_tiles))

    def state(self) -> cc.GameState:
        """The end position (see `scenario`), built once per value."""
        self._require_tiles()
        built = self._built
        if isinstance(built, cc.ConcordiaError):
            return self.scenario().build()   # raises the engine's refusal afresh
        return built

    def breakdowns(self) -> list[cc.ScoreBreakdown]:
        """The engine's score of every player, in turn order."""
        state = self.state()
        return [cc.score(state, p.name) for p in state.players]

    def ranking(self) -> list[str]:
        return cc.final_ranking(self.state())

    def tiebreak(self) -> list[str]:
        return cc.tiebreak_sentences(self.state())

    def prizes(self) -> list[int] | None:
        """Coins of the first-game intermediate scoring (R-MID-3), once every player has a record."""
        records = [p.record for p in self.players]
        if any(r is None for r in records):
            return None
        return cc.intermediate_prizes([int(r) for r in records if r is not None])

    # --- files -------------------------------------------------------------------------------------------
    def to_json(self) -> str:
        data = {
            "format": FORMAT, "version": VERSION, "map": self.map, "city_tiles": dict(sorted(self.tiles.items())),
            "players": [{"name": p.name, "bought_cards": dict(p.bought), "houses": list(p.houses),
                         "colonists_on_map": {"land": p.land, "sea": p.sea}, "goods": p.goods.to_dict(),
                         "coins": p.coins, "intermediate_record": p.record} for p in self.players],
            "concordia_card": self.concordia, "praefectus_magnus": self.praefectus,
        }
        return json.dumps(data, ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str) -> PadEntries:
        """Entries from `to_json` text; a file that is not a pad, or describes an impossible position, is
        refused with a plain sentence (cc.RecordError)."""
        try:
            reader = _Reader(cc.parse_json(text))   # size, depth and numbers checked before parsing
        except cc.RecordError as exc:
            raise cc.RecordError(cc._("this is not a saved scoring pad: {problem}", problem=exc)) from None
        try:
            return reader.entries()
        except cc.RecordError:
            raise
        except cc.ConcordiaError as err:
            raise cc.RecordError(cc._("the saved scoring pad describes an impossible position: {problem}",
                                      problem=str(err))) from None


class _Reader:
    """Reads a saved pad, field by field, naming the first field that is wrong."""

    def __init__(self, data: Any) -> None:
        self.data = data

    def _fail(self, what: str) -> cc.RecordError:
        return cc.RecordError(cc._("this is not a saved scoring pad: {problem}", problem=what))

    def _int(self, value: Any, where: str, low: int = 0) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise self._fail(cc._("{field} must be a whole number of at least {low}, not {value}", field=where, low=low,
                                  value=json.dumps(value, ensure_ascii=False)))
        return value

    def _dict(self, value: Any, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self._fail(cc._("{field} must be a table of names and values", field=where))
        return value

    def entries(self) -> PadEntries:
        data = self._dict(self.data, cc._("the file"))
        if data.get("format") != FORMAT:
            raise self._fail(cc._("it does not say it is one (format {value})",
                                  value=json.dumps(data.get("format"), ensure_ascii=False)))
        if data.get("version") != VERSION:
            raise self._fail(cc._("version {value} is unknown; this tutor reads version {version}",
                                  value=json.dumps(data.get("version")), version=VERSION))
        for key in ("map", "city_tiles", "players", "concordia_card", "praefectus_magnus"):
            if key not in data:
                raise self._fail(cc._("the field {field!r} is missing", field=key))
        players = data["players"]
        if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
            raise self._fail(cc._("'players' must be a list of players"))
        names = [p.get("name") for p in players]
        if not all(isinstance(n, str) for n in names):
            raise self._fail(cc._("every player needs a name"))
        if not isinstance(data["map"], str):
            raise self._fail(cc._("'map' must be a map's name"))
        entries = PadEntries.new(data["map"], names)
        tiles = self._dict(data["city_tiles"], "'city_tiles'")
        if not all(isinstance(g, str) for g in tiles.values()):
            raise self._fail(cc._("every city tile is a good's name"))
        entries = entries.with_tiles(tiles)
        kinds = kinds_by_key(len(names))
        built = []
        for p in players:
            where = cc._("{player}'s {field}", player=p["name"], field="bought_cards")
            bought = {k: self._int(v, where, 0) for k, v in self._dict(p.get("bought_cards", {}), where).items()}
            for key in bought:
                if key not in kinds:
                    entries.kind(key)  # raises the refusal naming the decks in play
            houses = p.get("houses", [])
            if not isinstance(houses, list) or not all(isinstance(h, str) for h in houses):
                raise self._fail(cc._("{player}'s houses must be a list of cities", player=p["name"]))
            where = cc._("{player}'s {field}", player=p["name"], field="colonists_on_map")
            colonists = self._dict(p.get("colonists_on_map", {"land": 1, "sea": 1}), where)
            where = cc._("{player}'s {field}", player=p["name"], field="goods")
            goods = {g: self._int(n, where) for g, n in self._dict(p.get("goods", {}), where).items()}
            for g in goods:
                if g not in cc.GOODS:
                    raise self._fail(cc._("{good!r} is not a good", good=g))
            record = p.get("intermediate_record")
            built.append(PlayerEntry(
                p["name"], frozen_counts(bought), tuple(sorted(cc.load_map(entries.map).check_city(h) for h in houses)),
                self._int(colonists.get("land", 1), where), self._int(colonists.get("sea", 1), where),
                cc.Goods(goods), self._int(p.get("coins", 0), cc._("{player}'s coins", player=p["name"])),
                None if record is None else self._int(record, cc._("{player}'s record", player=p["name"]))))
        concordia, praefectus = data["concordia_card"], data["praefectus_magnus"]
        if concordia is not None and concordia not in names:
            raise self._fail(cc._("the Concordia card goes to one of the players, not {value}",
                                  value=json.dumps(concordia, ensure_ascii=False)))
        if praefectus not in names:
            raise self._fail(cc._("the Praefectus Magnus is held by one of the players, not {value}",
                                  value=json.dumps(praefectus, ensure_ascii=False)))
        return replace(entries, players=tuple(built), concordia=concordia, praefectus=praefectus).checked()
