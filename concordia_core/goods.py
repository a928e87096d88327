"""Goods: the five kinds, their prices, and an immutable multiset of goods."""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from operator import add, ge, mul, sub

from .data import game_data
from .errors import InvalidAction
from .i18n import _

GOODS: tuple[str, ...] = tuple(game_data()["goods"])   # the goods and prices Goods is built on (the rest: CONSTANTS)
PRICE: dict[str, int] = dict(game_data()["price"])
_INDEX = {g: i for i, g in enumerate(GOODS)}
_PRICES = tuple(PRICE[g] for g in GOODS)


def check_good(name: str) -> str:
    """Return the canonical good name, or raise InvalidAction naming the known goods."""
    key = str(name).strip().lower()
    if key not in _INDEX:
        raise InvalidAction(_("unknown good {good!r}; goods are {goods}", good=name, goods=", ".join(GOODS)))
    return key


class Goods(Mapping[str, int]):
    """An immutable count per good, always listing all five kinds (missing = 0)."""

    __slots__ = ("_counts",)
    _counts: tuple[int, ...]

    def __init__(self, counts: Mapping[str, int] | Iterable[int] | None = None) -> None:
        if counts is None:
            values = (0,) * len(GOODS)
        elif isinstance(counts, Mapping):
            values_list = [0] * len(GOODS)
            for good, n in counts.items():
                values_list[_INDEX[check_good(good)]] += int(n)
            values = tuple(values_list)
        else:
            values = tuple(int(n) for n in counts)
            if len(values) != len(GOODS):
                raise ValueError("Goods needs one count per good")
        object.__setattr__(self, "_counts", values)

    @classmethod
    def _of_counts(cls, counts: tuple[int, ...]) -> Goods:
        """Goods from counts already checked (one int per good): the arithmetic's fast path."""
        made = object.__new__(cls)
        _SET_COUNTS(made, counts)
        return made

    @classmethod
    def of(cls, goods: Iterable[str]) -> Goods:
        """Goods from a list of names, one unit per occurrence."""
        values = [0] * len(GOODS)
        for good in goods:
            values[_INDEX[check_good(good)]] += 1
        return cls(values)

    @classmethod
    def tally(cls, goods: Iterable[str]) -> Goods:
        """Goods from names the game's own data gave (a city's good): one unit per occurrence, unchecked."""
        values = [0] * len(GOODS)
        for good in goods:
            values[_INDEX[good]] += 1
        return cls._of_counts(tuple(values))

    def __setattr__(self, name: str, value: object) -> None:  # immutability
        raise AttributeError("Goods is immutable")

    def __getitem__(self, good: str) -> int:
        return self._counts[_INDEX[good]]

    def __iter__(self) -> Iterator[str]:
        return iter(GOODS)

    def __len__(self) -> int:
        return len(GOODS)

    def __hash__(self) -> int:
        return hash(self._counts)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Goods):
            return self._counts == other._counts
        return isinstance(other, Mapping) and dict(self) == {g: other.get(g, 0) for g in GOODS}

    def __add__(self, other: Goods) -> Goods:
        return Goods._of_counts(tuple(map(add, self._counts, other._counts)))

    def __sub__(self, other: Goods) -> Goods:
        return Goods._of_counts(tuple(map(sub, self._counts, other._counts)))

    @property
    def counts(self) -> tuple[int, ...]:
        """The count of each good, in the order of GOODS."""
        return self._counts

    def covers(self, other: Goods) -> bool:
        """True when every count here is at least the other's."""
        return all(map(ge, self._counts, other._counts))

    def total(self) -> int:
        return sum(self._counts)

    def value(self) -> int:
        """Sale value at the storehouse prices (R-SCORE-2)."""
        return sum(map(mul, self._counts, _PRICES))

    def items_nonzero(self) -> list[tuple[str, int]]:
        return [(g, n) for g, n in zip(GOODS, self._counts, strict=False) if n]

    def as_list(self) -> list[str]:
        """One name per unit, in the fixed goods order."""
        return [g for g, n in zip(GOODS, self._counts, strict=False) for _ in range(n)]

    def to_dict(self) -> dict[str, int]:
        """The nonzero counts, as saved in a record."""
        return {g: n for g, n in zip(GOODS, self._counts, strict=False) if n}

    def __repr__(self) -> str:
        return f"Goods({self.to_dict()})"

    def __str__(self) -> str:
        """The notation form, language-neutral like move notation: '1 brick + 2 food' ('nothing' if empty).
        Text for a learner comes from text.goods_text, in the current language."""
        return " + ".join(f"{n} {g}" for g, n in self.items_nonzero()) or "nothing"


_SET_COUNTS = Goods._counts.__set__   # type: ignore[attr-defined]  # the slot's own setter (the arithmetic's fast path)
NO_GOODS = Goods()
