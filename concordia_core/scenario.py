"""Scenario: build any position by hand for what-if study, validated like a position from play.

    sc = Scenario("italia", ["Aiko", "Ben"])
    sc.player("Aiko", houses=["COSA", "FLORENTIA"], colonists=[("land", "land:COSA-FLORENTIA")],
              hand=["TRIBUNE"], discard=["ARCHITECT", "PREFECT"], goods={"food": 3}, coins=12)
    sc.city_goods(COSA="wine")
    state = sc.build()        # ScenarioError (an InvalidAction) naming every problem otherwise
    cc.score(state, "Aiko"); sc.game().play("play TRIBUNE")
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from .cards import card
from .constants import CONSTANTS
from .errors import InvalidAction
from .game import Game
from .goods import Goods, check_good
from .i18n import _
from .invariants import problems
from .maps import load_map
from .scoring import ScoreBreakdown, score
from .setup import Setup, bonus_goods_for
from .state import Colonist, GameState, PlayerChanges, replace


class Scenario:
    """A position under construction. Starts from a seeded setup; every setter returns self."""

    def __init__(self, map_name: str, players: list[str], seed: int = 0, *, first_game: bool = False) -> None:
        self.setup = Setup(map_name, tuple(players), seed, first_game, players[0] if players else None)
        self._state = self.setup.initial_state()
        self.map = load_map(self._state.map_id)

    def player(self, name: str, *, coins: int | None = None, goods: Mapping[str, int] | None = None,
               hand: Iterable[str] | None = None, discard: Iterable[str] | None = None,
               houses: Iterable[str] | None = None, colonists: Iterable[tuple[str, str]] | None = None,
               waiting: Mapping[str, int] | None = None, concordia: bool | None = None) -> Scenario:
        """Set any of a player's holdings. `colonists` lists (kind, city or route) on the map; unless
        `waiting` is given, the rest of the 3 + 3 colonists wait in the storehouse."""
        index = self._state.index_of(name)
        changes: PlayerChanges = {}
        if coins is not None:
            changes["coins"] = int(coins)
        if goods is not None:
            changes["goods"] = Goods(goods)
        if hand is not None:
            changes["hand"] = tuple(card(c).id for c in hand)
        if discard is not None:
            changes["discard"] = tuple(card(c).id for c in discard)
        if houses is not None:
            changes["houses"] = tuple(sorted(self.map.check_city(c) for c in houses))
        if colonists is not None:
            placed = tuple(sorted(self._colonist(kind, where) for kind, where in colonists))
            changes["colonists"] = placed
            if waiting is None:
                waiting = {k: CONSTANTS.colonists_per_kind - sum(c.kind == k for c in placed) for k in ("land", "sea")}
        if waiting is not None:
            changes["waiting"] = MappingProxyType({"land": int(waiting.get("land", 0)),
                                                   "sea": int(waiting.get("sea", 0))})
        if concordia is not None:
            changes["concordia"] = bool(concordia)
        self._state = self._state.with_player(index, **changes)
        self._take_from_supply([*changes.get("hand", ()), *changes.get("discard", ())])
        if concordia:
            self._state = replace(self._state, end_trigger=index)
        return self

    def _take_from_supply(self, card_ids: list[str]) -> None:
        """Cards for sale given to a player leave the display or deck; the display refills (R-SEN-4)."""
        taken = {c for c in card_ids if card(c).purchased}
        if not taken & (set(self._state.display) | set(self._state.deck)):
            return
        deck = [c for c in self._state.deck if c not in taken]
        shown = [c for c in self._state.display if c not in taken]
        while len(shown) < len(self._state.display) and deck:
            shown.append(deck.pop(0))
        self._state = replace(self._state, display=tuple(shown), deck=tuple(deck))

    def _colonist(self, kind: str, where: str) -> Colonist:
        if kind not in ("land", "sea"):
            raise InvalidAction(_("a colonist is 'land' or 'sea', not {value!r}", value=kind))
        spot = self.map.check_route(where) if ":" in where else self.map.check_city(where)
        return Colonist(kind, spot)

    def city_goods(self, **goods: str) -> Scenario:
        """Set the good of city tiles, e.g. city_goods(COSA="wine"); bonus tiles follow R-SETUP-3."""
        city_goods = dict(self._state.city_goods)
        for city, good in goods.items():
            city_goods[self.map.check_city(city, allow_capital=False)] = check_good(good)
        self._state = replace(self._state, city_goods=MappingProxyType(city_goods),
                              bonus_goods=MappingProxyType(bonus_goods_for(self.map, city_goods)))
        return self

    def bonus_side(self, province: str, side: str) -> Scenario:
        """Turn a province's bonus tile to its "goods" or "coins" side."""
        prov = self.map.check_province(province)
        if side not in ("goods", "coins"):
            raise InvalidAction(_("a bonus tile shows its 'goods' or 'coins' side, not {value!r}", value=side))
        sides = set(self._state.coin_side)
        (sides.add if side == "coins" else sides.discard)(prov)
        self._state = replace(self._state, coin_side=frozenset(sides))
        return self

    def display(self, cards: Iterable[str], deck: Iterable[str] | None = None) -> Scenario:
        """Set the face-up display (up to 7 card ids) and optionally the deck (top first)."""
        state = replace(self._state, display=tuple(card(c).id for c in cards))
        if deck is not None:
            state = replace(state, deck=tuple(card(c).id for c in deck))
        self._state = state
        return self

    def praefectus_magnus(self, name: str) -> Scenario:
        self._state = replace(self._state, praefectus=self._state.index_of(name))
        return self

    def to_move(self, name: str) -> Scenario:
        self._state = replace(self._state, turn=self._state.index_of(name))
        return self

    def build(self) -> GameState:
        """The position, checked against the same invariants as play (InvalidAction naming each problem)."""
        found = problems(self._state)
        if found:
            raise InvalidAction(_("this position is impossible: {problems}", problems="; ".join(found)))
        return self._state

    def score(self, name: str) -> ScoreBreakdown:
        return score(self.build(), name)

    def game(self) -> Game:
        """A Game starting at this position, to play on from it."""
        return Game.from_state(self.build())
