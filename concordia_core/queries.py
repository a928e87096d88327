"""Rule questions a view, a lesson or a script may ask, each answered by the engine's own rules.

Everything outside the engine asks through these (and the rest of `concordia_core`'s public names),
never through `concordia_core.rules`: a price shown on screen is the price the engine charges.
A `player` argument is a name or a turn-order index.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .constants import CONSTANTS
from .goods import Goods
from .maps import available_maps, load_map
from .rules import architect, colonist, diplomat, prefect, senator, specialist, tribune
from .rules.common import keep_options as _keep_options
from .scoring import competition_places as _competition_places
from .scoring import competition_prizes, counts, tiebreak_order
from .state import GameState


def _index(state: GameState, player: int | str) -> int:
    return player if isinstance(player, int) else state.index_of(player)


def house_price(state: GameState, city: str) -> tuple[Goods, int]:
    """Goods and coins a house in `city` costs now, counting the new house (R-ARCH-7, R-ARCH-8)."""
    return architect.house_price(state, load_map(state.map_id).check_city(city, allow_capital=False))


def build_sites(state: GameState, player: int | str) -> list[str]:
    """Cities where the player could build now: at an end of a route holding one of their colonists,
    not Rome, no own house there yet (R-ARCH-5, R-ARCH-6); price not considered."""
    index = _index(state, player)
    return sorted(architect.build_sites(state, index) - set(state.players[index].houses))


def reachable_routes(state: GameState, kind: str, start: str, steps: int) -> dict[str, int]:
    """Route -> step cost for a colonist of `kind` at `start` (a city or a route) with `steps` to spend,
    routes holding a colonist excluded as destinations (R-ARCH-1..4)."""
    m = load_map(state.map_id)
    return dict(sorted(m.reachable_routes(kind, start, steps, state.occupied_routes()).items()))


def production(state: GameState, province: str, player: int | str) -> dict[str, Goods]:
    """Who receives what if the player's Prefect makes `province` produce: name -> goods, the producer
    first (their bonus included, doubled with the Praefectus Magnus), then in turn order (R-PREF-1, R-PREF-3)."""
    index = _index(state, player)
    province = load_map(state.map_id).check_province(province)
    return {state.players[i].name: goods for i, goods in prefect.production(state, province, index) if goods.total()}


def collect_value(state: GameState) -> int:
    """Coins a Prefect would collect now: the coins printed on the coin-side bonus tiles (R-PREF-4)."""
    return prefect.collect_value(state)


def keep_count(state: GameState, player: int | str, incoming: Goods) -> int:
    """How many of the incoming goods the player must keep: every free slot filled (R-STORE-2)."""
    return min(state.players[_index(state, player)].free_slots, incoming.total())


def keep_options(state: GameState, player: int | str, incoming: Goods) -> list[Goods]:
    """Every way the player may keep incoming goods that do not all fit (R-STORE-2)."""
    return _keep_options(incoming, keep_count(state, player, incoming))


def tribune_income(state: GameState, player: int | str) -> int:
    """Coins the player's Tribune would pay now: 1 per card taken back beyond the free ones (R-TRIB-2);
    the Tribune itself is one of the cards taken back."""
    return tribune.income(len(state.players[_index(state, player)].discard) + 1)


def colonist_income(state: GameState, player: int | str) -> int:
    """Coins of the Colonist card's income for the player now (R-COLO-1b)."""
    return colonist.income(state, _index(state, player))


def colonist_places(state: GameState, player: int | str) -> list[str]:
    """Where the Colonist card may place the player's new colonists: Rome and cities with a house (R-COLO-1a)."""
    return colonist.places(state, _index(state, player))


def card_price(state: GameState, slot: int, wild: str | None = None, consul: bool = False) -> Goods:
    """Goods for the card in display slot `slot` (1..7): its own cost plus the slot's extra, '?' paid
    with `wild` (R-SEN-2, R-SEN-3); a Consul pays the card's own cost only (R-CONS-1)."""
    return senator.price(state, slot, wild, consul)


def consul_in_play(state: GameState) -> bool:
    """True while a Consul's purchase is in play: it pays the card's own cost only (R-CONS-1)."""
    return state.pending is not None and senator.is_consul(state)


def mercator_kinds_left(state: GameState) -> int:
    """Kinds of good the Mercator in play may still start trading (R-MERC-2)."""
    pending = state.pending
    return CONSTANTS.mercator_kinds - (len(pending.kinds) if pending is not None else 0)


def specialist_output(state: GameState, player: int | str, good: str) -> Goods:
    """What the player's specialist of `good` would produce now (R-SPEC-1)."""
    return specialist.output(state, _index(state, player), good)


def diplomat_targets(state: GameState) -> list[str]:
    """Players whose top discard card the player to move could copy with a Diplomat (R-DIPL-1, R-DIPL-2)."""
    return diplomat.targets(state)


def score_counts(state: GameState, player: str) -> dict[str, int]:
    """What the gods count for the player: 'value' (coins + goods at price, R-SCORE-2), 'non_brick_houses'
    (R-SCORE-3), 'provinces' (R-SCORE-4), 'kinds' (R-SCORE-5), 'colonists' on the map (R-SCORE-6)."""
    return counts(state, player)


def competition_places(values: Sequence[int]) -> list[int]:
    """Places by standard competition ranking, 1 = best; ties share a place (R-MID-3)."""
    return _competition_places(values)


def intermediate_prizes(records: Sequence[int]) -> list[int]:
    """Coins each record earns in the first-game intermediate scoring: 2 for 1st place, 1 for 2nd,
    ties sharing (R-MID-3)."""
    return competition_prizes(records, CONSTANTS.intermediate_prizes)


def tiebreak_names(state: GameState) -> list[str]:
    """Names in the order they hold or would next receive the Praefectus Magnus (R-SCORE-9)."""
    return [state.players[i].name for i in tiebreak_order(state)]


def player_counts(map_name: str | None = None) -> tuple[int, ...]:
    """How many players the map is for, or (without a map) any map (R-SETUP-1)."""
    if map_name is not None:
        return load_map(map_name).players
    return tuple(sorted({n for name in available_maps() for n in load_map(name).players}))


def maps_for(players: int) -> list[str]:
    """The maps a game of `players` may use (R-SETUP-1: 2 Italia, 5 Imperium, 3-4 either)."""
    return [name for name in available_maps() if players in load_map(name).players]


@dataclass(frozen=True)
class EndCounts:
    """How near the end of the game is (R-END-1): the cards still to buy, in the display and the deck, and
    each player's houses still to build; whoever buys the last card or builds their last house ends it."""

    display: int
    deck: int
    houses_left: Mapping[str, int]
    rule: str = "R-END-1"

    @property
    def cards_left(self) -> int:
        return self.display + self.deck


def end_counts(state: GameState) -> EndCounts:
    """The counts that set off the end of the game (R-END-1): cards left to buy and houses left to build."""
    houses = {p.name: CONSTANTS.houses_per_player - len(p.houses) for p in state.players}
    return EndCounts(sum(c is not None for c in state.display), state.deck_size, houses)
