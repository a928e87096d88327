"""Who hears a widget's clicks: callbacks added with `add`, each guarded (an error is shown in the log,
never lost), told in turn with `tell`; and the key a page's message names (`{"pick": key}`), if any."""
from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Generic, TypeVar

from .error_log import ErrorLog, guarded

T = TypeVar("T")


class Listeners(Generic[T]):
    """The callbacks of one kind of event (a pick on the board, a card clicked in a row)."""

    def __init__(self, log: ErrorLog | None) -> None:
        self._log = log
        self._callbacks: list[Callable[[T], None]] = []

    def add(self, callback: Callable[[T], None]) -> None:
        self._callbacks.append(guarded(callback, self._log))

    def tell(self, event: T) -> None:
        for callback in list(self._callbacks):
            callback(event)

    def offer(self, key: str, pickable: Collection[str], event: T) -> bool:
        """What a click does: tell the listeners about `event` if its `key` may be clicked now; False if not."""
        if key not in pickable:
            return False
        self.tell(event)
        return True


class PickMessages:
    """A clickable widget whose page sends `{"pick": key}`: `_heard(key)` hears each key (other messages are
    ignored). Register `_message` with the widget's `on_msg`."""

    def _message(self, _widget: object, content: object, _buffers: object) -> None:
        key = content.get("pick") if isinstance(content, dict) else None
        if isinstance(key, str):
            self._heard(key)

    def _heard(self, key: str) -> None:
        raise NotImplementedError
