"""A cap on the app mode's live kernels, preheated ones included (Voilà 0.5 has none of its own), and whose each
kernel is.

`CappedKernelManager` is jupyter_server's AsyncMappingKernelManager (Voilà's default) with one check in
`start_kernel`: a kernel is started only while fewer than `max_kernels` are alive or starting. The check and the
reservation happen together before the first `await`, so parallel requests cannot race past the cap. A visitor's
page that finds the cap reached first makes room from kernels nobody uses (a preheated kernel waiting in Voilà's
pool, once the page it makes ahead has stopped; then a kernel no page has connected to for `busy_idle_timeout`
seconds); failing that it gets HTTP 503, which Voilà renders with the tutor's plain busy page
(app/share/.../concordia/503.html). Idle kernels are culled after `cull_idle_timeout` seconds, or
`busy_idle_timeout` once three quarters of the cap are in use; the pool is filled again when there is room. Voilà's
pool (preheat_kernel) wraps this class: its start calls come here.

A preheated kernel taken by a page is replaced `refill_delay` seconds later: starting a kernel and running its
chapter takes a core for seconds, the very seconds the visitor's page needs the server (and, on one machine, the
browser). Voilà's own `fill_delay` would make the next visitor of that chapter wait out the delay (its pool hands
over the refill still sleeping); here the pool stays empty meanwhile, and that visitor's kernel starts at once.

Every kernel a page uses is its visitor's: the manager records the visitor id (visitors.py's `requesting()`, the
signed cookie's) of the page request that started it, or took it from the pool, and `owner_of` answers it to the
Authorizer (owners.py), which refuses every other request naming the kernel. A preheated kernel is no one's until
a page takes it, and then only that page's visitor's. One visitor holds at most `per_visitor` kernels (a learner
with a few tabs): beyond it the oldest of their kernels whose page has gone (no connection, idle for
`visitor_idle_timeout` seconds) makes room, or the page gets HTTP 429, rendered as the template's plain 429.html.
"""
from __future__ import annotations

import asyncio
import os
from collections import Counter
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.web import HTTPError
from traitlets import Float, Integer

from . import endpoints
from .visitors import requesting

BUSY = "every place for a page is taken"     # for the log: the page itself is the template's 503.html
TOO_MANY = "this visitor holds as many pages as one may"    # the page itself is the template's 429.html
NO_VISITOR = "a page was asked for without a visitor"


class CappedKernelManager(AsyncMappingKernelManager):
    """AsyncMappingKernelManager with at most `max_kernels` kernels alive or starting."""

    max_kernels = Integer(8, config=True, help="Most kernels alive at once, preheated ones included.")
    busy_idle_timeout = Integer(60, config=True, help="Idle seconds after which a kernel no page uses may go "
                                                      "when the cap is near.")
    pool_headroom = Integer(2, config=True, help="Places a refill of the preheated pool leaves free for pages.")
    stop_timeout = Float(10.0, config=True, help="Seconds a page waits for a preheated kernel to stop making its "
                                                 "own page ahead before it is shut down to make room.")
    refill_delay = Float(10.0, config=True, help="Seconds after a preheated kernel is taken before its pool is "
                                                 "filled again.")
    per_visitor = Integer(3, config=True, help="Most kernels (open pages) one visitor may hold at once.")
    visitor_idle_timeout = Float(10.0, config=True, help="Idle seconds, with no page connected, after which one of a "
                                                         "visitor's kernels makes room for their next page.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._starting: set[str] = set()
        self._quiet_timeout = self.cull_idle_timeout
        self.peak = 0
        self._owners: dict[str, str] = {}          # kernel id -> the visitor id whose page uses it
        self._claims: Counter[str] = Counter()     # places a visitor's pages are taking, not yet recorded
        fill = getattr(self, "fill_if_needed", None)     # Voilà's pool, a subclass of this class
        if fill is not None:
            self.fill_if_needed = self._refill_later(fill)
        take = getattr(self, "get_rendered_notebook", None)
        if take is not None:
            self.get_rendered_notebook = self._taken_by_its_visitor(take)

    def _refill_later(self, fill: Callable[..., None]) -> Callable[..., None]:
        """Voilà's `fill_if_needed`, with a refill after a page took a kernel (no `delay` given) started
        `refill_delay` seconds later rather than put in the pool asleep for that long."""
        def refill(delay: float | None = None, notebook_name: str | None = None, **kwargs: Any) -> None:
            if delay is not None:           # the pool's first filling (and cull_kernels' refills): now
                fill(delay=delay, notebook_name=notebook_name, **kwargs)
                return
            asyncio.get_event_loop().call_later(self.refill_delay,
                                                lambda: fill(delay=0, notebook_name=notebook_name, **kwargs))
        return refill

    def _taken_by_its_visitor(self, take: Callable[..., Any]) -> Callable[..., Any]:
        """Voilà's `get_rendered_notebook` (a page takes a preheated kernel), within the visitor's limit and recording
        the visitor as the kernel's owner before the page is sent."""
        async def taken(*args: Any, **kwargs: Any) -> Any:
            visitor = self._visitor_of_page()
            async with self._visitor_place(visitor):
                render_task, rendered, kernel_id = await take(*args, **kwargs)
                self._owners[kernel_id] = visitor
            return render_task, rendered, kernel_id
        return taken

    def live_ids(self) -> set[str]:
        """The kernels alive or starting."""
        return set(self._kernels) | set(self._pending_kernels) | self._starting

    def owner_of(self, kernel_id: str) -> str | None:
        """The visitor id whose page uses the live kernel `kernel_id`; None for a preheated kernel not yet taken, or
        an unknown one."""
        return self._owners.get(kernel_id) if kernel_id in self.live_ids() else None

    def kernels_of(self, visitor: str) -> list[str]:
        """The live kernels of `visitor`'s pages."""
        live = self.live_ids()
        return [k for k, owner in self._owners.items() if owner == visitor and k in live]

    def _visitor_of_page(self) -> str:
        visitor = requesting()
        if visitor is None:      # visitors.py hands out the cookie before a page runs: this is not a page's request
            self.log.warning("Refused a kernel: %s", NO_VISITOR)
            raise HTTPError(403, NO_VISITOR)
        return visitor

    @asynccontextmanager
    async def _visitor_place(self, visitor: str) -> AsyncIterator[None]:
        """Hold one of `visitor`'s places while their page gets its kernel: room is made from their oldest page gone
        when they hold `per_visitor` already, else HTTP 429. The check and the reservation happen with no `await`
        between them, so a visitor's parallel requests cannot race past the limit."""
        while len(self.kernels_of(visitor)) + self._claims[visitor] >= self.per_visitor:
            if not await self._free_a_place_of(visitor):
                self.log.warning("A visitor holds %d pages, the most one may: their next page gets the 429 page",
                                 self.per_visitor)
                raise HTTPError(429, TOO_MANY)
        self._claims[visitor] += 1
        try:
            yield
        finally:
            self._claims[visitor] -= 1
            if not self._claims[visitor]:
                del self._claims[visitor]

    async def _free_a_place_of(self, visitor: str) -> bool:
        """Shut down the longest-idle of `visitor`'s kernels whose page has gone (no connection, not running, idle for
        `visitor_idle_timeout` s); False when every one of their pages is still there."""
        now = datetime.now(UTC)
        gone = []
        for kernel_id in self.kernels_of(visitor):
            kernel = self._kernels.get(kernel_id)
            last = getattr(kernel, "last_activity", None)
            if kernel is None or last is None or self._kernel_connections.get(kernel_id, 0) \
                    or getattr(kernel, "execution_state", None) == "busy":
                continue
            if (now - last).total_seconds() >= self.visitor_idle_timeout:
                gone.append((last, kernel_id))
        if not gone:
            return False
        kernel_id = min(gone)[1]
        self.log.info("A visitor's page gone makes room for their next page")
        await self.shutdown_kernel(kernel_id)
        return True

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        try:
            await super().shutdown_kernel(kernel_id, *args, **kwargs)
        finally:
            self._owners.pop(kernel_id, None)
            endpoints.forget(kernel_id)

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        """Start a kernel if the cap allows (HTTPError 503 otherwise); a restart (a known id) is not a new kernel."""
        kernel_id = kwargs.get("kernel_id")
        if kernel_id is not None and kernel_id in self:
            return str(await super().start_kernel(*args, **kwargs))
        pooled = (kwargs.get("env") or {}).get("VOILA_PREHEAT") == "True"
        if pooled:
            if len(self.live_ids()) + self.pool_headroom >= self.max_kernels:
                self._leave_pool()
                raise HTTPError(503, "no room to preheat a kernel")
            return await self._start_within_cap(None, *args, **kwargs)
        visitor = self._visitor_of_page()
        async with self._visitor_place(visitor):
            if len(self.live_ids()) >= self.max_kernels:
                await self._make_room()
            return await self._start_within_cap(visitor, *args, **kwargs)

    async def _start_within_cap(self, visitor: str | None, *args: Any, **kwargs: Any) -> str:
        """Start a kernel if there is a place under the cap (HTTPError 503 otherwise), for `visitor`'s page (None: a
        preheated kernel, no one's yet)."""
        kernel_id = kwargs.get("kernel_id") or self.new_kernel_id()
        if len(self.live_ids()) >= self.max_kernels:   # checked and reserved with no await in between
            self.log.warning("Kernel cap of %d reached: a page gets the busy page", self.max_kernels)
            raise HTTPError(503, BUSY)
        self._starting.add(kernel_id)
        self.peak = max(self.peak, len(self.live_ids()))
        try:
            kwargs["kernel_id"] = kernel_id
            started = str(await super().start_kernel(*args, **kwargs))
            if visitor is not None:
                self._owners[started] = visitor
            return started
        finally:
            self._starting.discard(kernel_id)

    async def _make_room(self) -> None:
        """Free one place: a preheated kernel nobody has taken, else the longest-idle kernel no page uses."""
        for pool in getattr(self, "_pools", {}).values():
            for task in list(pool):
                if task.done() and not task.cancelled() and task.exception() is None:
                    pool.remove(task)
                    self.log.info("Kernel cap reached: a preheated kernel makes room for a page")
                    if await self._page_made_ahead_stopped(task.result()):
                        await self.shutdown_kernel(task.result()["kernel_id"])
                        return
                    pool.append(task)       # still busy making its page: it stays preheated for a later page
        timeout, self.cull_idle_timeout = self.cull_idle_timeout, self.busy_idle_timeout
        try:
            for kernel_id in list(self._kernels):
                if kernel_id in self._starting or kernel_id in self._pending_kernels:
                    continue
                try:
                    await self.cull_kernel_if_idle(kernel_id)
                except Exception:  # noqa: BLE001 - a kernel still starting (or just gone) is simply not culled
                    self.log.debug("kernel %s not culled", kernel_id, exc_info=True)
                if len(self.live_ids()) < self.max_kernels:
                    return
        finally:
            self.cull_idle_timeout = timeout

    async def _page_made_ahead_stopped(self, content: dict[str, Any]) -> bool:
        """Stop the page a preheated kernel is making ahead after its current cell, as Voilà does when a page
        takes the kernel, and wait for it (at most `stop_timeout` s; a page still not made leaves the kernel in the
        pool). Cancelling the page instead is not safe: nbclient turns the cancel into "kernel died" and the page
        goes on with a kernel being shut down, and nbclient starts a kernel of its own when it finds none, one
        outside the cap that nothing culls (seen once: 4 kernels under a cap of 3)."""
        content["renderer"].stop_generator = True
        done, _ = await asyncio.wait({content["task"]}, timeout=self.stop_timeout)
        if not done:
            self.log.warning("Kernel cap reached: a preheated kernel still making its page is left to finish it")
        return bool(done)

    def _leave_pool(self) -> None:
        """A refill of the pool that finds no room takes its own place out of the pool, so no page waits on it."""
        task = asyncio.current_task()
        for pool in getattr(self, "_pools", {}).values():
            if task is not None and task in pool:
                pool.remove(task)
                task.add_done_callback(lambda t: t.cancelled() or t.exception())   # its error is not lost noise

    async def cull_kernels(self) -> None:
        """Cull idle kernels (sooner when the cap is near), then refill the preheated pool if there is room."""
        near = len(self.live_ids()) >= self.max_kernels * 3 // 4
        self.cull_idle_timeout = min(self._quiet_timeout, self.busy_idle_timeout) if near else self._quiet_timeout
        await super().cull_kernels()
        self._refill_pools()

    def _refill_pools(self) -> None:
        config: dict[str, dict[str, Any]] = getattr(self, "kernel_pools_config", {})
        fill = getattr(self, "fill_if_needed", None)
        pools = getattr(self, "_pools", {})
        for name, settings in config.items():
            missing = int(settings.get("pool_size", 0)) - len(pools.get(name, ()))
            if name != "default" and fill and missing > 0 and \
                    len(self.live_ids()) + missing + self.pool_headroom <= self.max_kernels:
                fill(delay=0, notebook_name=name)


def cap_from_environment(variable: str, default: int) -> int:
    """A cap `make app` asks for in the environment (KERNELS=N sets CONCORDIA_KERNELS, VISITOR_PAGES=N sets
    CONCORDIA_VISITOR_PAGES), at least 1; `default` when it is unset or not a number."""
    text = os.environ.get(variable, "").strip()
    return max(1, int(text)) if text.isdigit() and len(text) < 5 else default
