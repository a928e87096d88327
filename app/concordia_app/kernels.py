"""A cap on the app mode's live kernels, preheated ones included: Voilà 0.5 has none of its own.

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
"""
from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.web import HTTPError
from traitlets import Float, Integer

BUSY = "every place for a page is taken"     # for the log: the page itself is the template's 503.html


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

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._starting: set[str] = set()
        self._quiet_timeout = self.cull_idle_timeout
        self.peak = 0
        fill = getattr(self, "fill_if_needed", None)     # Voilà's pool, a subclass of this class
        if fill is not None:
            self.fill_if_needed = self._refill_later(fill)

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

    def live_ids(self) -> set[str]:
        """The kernels alive or starting."""
        return set(self._kernels) | set(self._pending_kernels) | self._starting

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
        elif len(self.live_ids()) >= self.max_kernels:
            await self._make_room()
        kernel_id = kernel_id or self.new_kernel_id()
        if len(self.live_ids()) >= self.max_kernels:   # checked and reserved with no await in between
            self.log.warning("Kernel cap of %d reached: a page gets the busy page", self.max_kernels)
            raise HTTPError(503, BUSY)
        self._starting.add(kernel_id)
        self.peak = max(self.peak, len(self.live_ids()))
        try:
            kwargs["kernel_id"] = kernel_id
            return str(await super().start_kernel(*args, **kwargs))
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


def max_kernels_from_environment(default: int = 8) -> int:
    """The cap `make app KERNELS=N` asks for (CONCORDIA_KERNELS), at least 1."""
    text = os.environ.get("CONCORDIA_KERNELS", "").strip()
    return max(1, int(text)) if text.isdigit() and len(text) < 5 else default
