"""What changed on the board between two positions of one game: the cities where a house was built, the
colonists that moved or came onto the map, the provinces whose bonus tile turned. The board marks what the
last card play that ended changed (`last_play`), the pass screen's small board what changed since a
player's last turn, so a learner sees at a glance what the others did."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import concordia_core as cc

from .picks import colonist_pick


@dataclass(frozen=True)
class Changes:
    """The board's elements that changed: cities with a new house, colonists at a new place (their pick keys),
    provinces whose bonus tile turned."""

    cities: frozenset[str] = frozenset()
    colonists: frozenset[str] = frozenset()
    provinces: frozenset[str] = frozenset()

    def keys(self) -> frozenset[str]:
        """The pick keys of the changed elements (city:COSA, colonist:0:land:COSA-ROMA, province:ETRVRIA)."""
        return (frozenset(f"city:{c}" for c in self.cities) | self.colonists
                | frozenset(f"province:{p}" for p in self.provinces))

    def __bool__(self) -> bool:
        return bool(self.cities or self.colonists or self.provinces)


def changes(before: cc.GameState, after: cc.GameState) -> Changes:
    """What changed on the board from `before` to `after` (two positions of the same game)."""
    cities: set[str] = set()
    colonists: set[str] = set()
    for i, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
        cities |= set(new.houses) - set(old.houses)
        arrived = Counter(new.colonists) - Counter(old.colonists)
        colonists |= {colonist_pick(after, i, c).key for c in arrived}
    provinces = {pid for pid, tile in after.bonus_tiles.items() if before.bonus_tiles.get(pid) != tile}
    return Changes(frozenset(cities), frozenset(colonists), frozenset(provinces))


def last_play(game: cc.Game) -> Changes:
    """What the last card play that ended changed (not the one under way: while a player acts, the board
    still shows what the player before did), as far as it is still on the board."""
    plays = [i for i, step in enumerate(game.history) if isinstance(step.action, cc.PlayCard)]
    if game.state.pending is not None:
        plays, end = plays[:-1], (plays[-1] if plays else 0)
    else:
        end = len(game.history)
    if not plays:
        return Changes()
    found = changes(game.state_at(plays[-1]), game.state_at(end))
    now = {colonist_pick(game.state, i, c).key for i, p in enumerate(game.state.players) for c in p.colonists}
    return Changes(found.cities, found.colonists & now, found.provinces)
