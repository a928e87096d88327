"""The app mode's kernels belong to their visitors: a page's kernel answers only the browser whose signed cookie
started or took it (app/concordia_app/owners.py, the Authorizer; kernels.py records the owner), a page asked for
without the cookie gets the cookie first and starts no kernel (visitors.py), one visitor holds at most a few
kernels (kernels.py), a page closed or reloaded gives its kernel back (its shutdown call carries the _xsrf cookie
the page was served with), and odd addresses get a plain status, never a 500 with a traceback in the log.

Against `make app` on 127.0.0.1 (voila_support.serve), with Chromium for the visitors who need a real page (the
owner, whose page must keep working, and the reloads) and plain HTTP and websockets for everyone else.
"""
from __future__ import annotations

import asyncio
import base64
import concurrent.futures
import json
import re
import time
import urllib.error
import urllib.request
from typing import Any

import pytest
from app_page import JS_RENDERED, JS_WIDGETS, PAGE_TIMEOUT_MS, app_page, open_app_page, page_text, play_and_save, save_table
from voila_support import POOLED, Visitor, VoilaApp, kernel_pids, pool_refilled
from widget_page import wait_for

pytestmark = [pytest.mark.slow, pytest.mark.browser]
KERNELS = 12
TABLE = "15_first_game.ipynb"        # preheated: its page takes a kernel from the pool
CHAPTER = "03_turn_and_mercator.ipynb"   # not preheated: its page starts a kernel
OTHERS = [CHAPTER, "04_architect_movement.ipynb", "05_architect_building.ipynb", "06_prefect.ipynb",
          "07_storehouse.ipynb", "08_tribune.ipynb", "09_senator_consul.ipynb"]
PER_VISITOR = 3                      # make app's default VISITOR_PAGES
VISITOR_IDLE = 10.0                  # kernels.py's visitor_idle_timeout
VIEWPORT = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def app_make_args() -> tuple[str, ...]:
    return (f"KERNELS={KERNELS}",)


@pytest.fixture(scope="module")
def owned(voila_app: VoilaApp) -> VoilaApp:
    """The module's app once its preheated pool is full (the tests count kernels from there)."""
    wait_for("the preheated pool", lambda: voila_app.log().count("Kernel pool of") >= POOLED, 120)
    wait_for("the pool's kernels", lambda: len(kernel_pids(voila_app)) == POOLED, 60)
    return voila_app


# --- helpers ---------------------------------------------------------------------------------------------
def kernel_of(page_html: str) -> str:
    found = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page_html)
    assert found, "the page names its kernel"
    return found.group(1)


def visitor_cookie(cookies: list[dict[str, Any]], port: int) -> tuple[str, str]:
    """The signed visitor cookie among a browser's cookies: (name, value)."""
    name = f"username-127-0-0-1-{port}"
    return name, next(c["value"] for c in cookies if c["name"] == name)


def id_in(cookie_value: str) -> str:
    """The visitor id a signed cookie carries (tornado's v2 format: fields `length:value` joined by |; the fifth is
    the base64 JSON of jupyter_server's user)."""
    payload = cookie_value.split("|")[4].split(":", 1)[1]
    return str(json.loads(base64.b64decode(payload))["username"])


def forged(cookie_value: str, visitor: str) -> str:
    """A cookie of the attacker's own, its user replaced by `visitor`'s (the signature left as it was)."""
    fields = cookie_value.split("|")
    user = base64.b64decode(fields[4].split(":", 1)[1])
    payload = base64.b64encode(re.sub(rb'"username": "[0-9a-f]{32}"', f'"username": "{visitor}"'.encode(),
                                      user)).decode()
    fields[4] = f"{len(payload)}:{payload}"
    return "|".join(fields)


def run_apart(coroutine: Any) -> Any:
    """Run a coroutine to its end on an event loop of its own thread (Playwright's sync API holds this thread's)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def channel_answer(app: VoilaApp, kernel_id: str, cookie: str | None) -> str:
    """Open the kernel's channels websocket as a page would (right Origin, `cookie` or none) and ask for the
    widgets' state (comm_info_request): "refused 403" when the handshake is refused, else what came back."""
    from tornado.httpclient import HTTPClientError, HTTPRequest
    from tornado.websocket import websocket_connect

    async def talk() -> str:
        headers = {"Origin": app.base, **({"Cookie": cookie} if cookie else {})}
        url = f"ws://127.0.0.1:{app.port}/api/kernels/{kernel_id}/channels?session_id=intruder"
        try:
            ws = await websocket_connect(HTTPRequest(url, headers=headers))
        except HTTPClientError as err:
            return f"refused {err.code}"
        try:
            ws.write_message(json.dumps({
                "header": {"msg_id": "m1", "msg_type": "comm_info_request", "username": "x", "session": "intruder",
                           "date": "2026-01-01T00:00:00Z", "version": "5.3"},
                "parent_header": {}, "metadata": {}, "content": {}, "channel": "shell", "buffers": []}))
            answer = await asyncio.wait_for(ws.read_message(), timeout=10)
            return f"answered: {str(answer)[:200]}"
        except TimeoutError:
            return "opened, no answer"
        finally:
            ws.close()
    return run_apart(talk())


def request(app: VoilaApp, method: str, path: str, cookie: str | None = None, body: bytes | None = None,
            headers: dict[str, str] | None = None) -> tuple[int, str]:
    """A hand-made request (no cookie jar, no redirects followed): its status and body."""
    sent = urllib.request.Request(app.url(path), data=body, method=method,
                                  headers={**({"Cookie": cookie} if cookie else {}), **(headers or {})})
    opener = urllib.request.build_opener(NoRedirect())
    try:
        with opener.open(sent, timeout=60) as resp:
            return resp.status, resp.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode("utf-8", "replace")


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def shutdown_call(app: VoilaApp, kernel_id: str, cookie: str | None) -> int:
    """Voilà's shutdown call as a page makes it, with an _xsrf cookie of the caller's own choosing and the matching
    form field: its status."""
    xsrf = "2|deadbeef|0123456789abcdef0123456789abcdef|1700000000"
    cookies = "; ".join(filter(None, [cookie, f"_xsrf={xsrf}"]))
    status, _ = request(app, "POST", f"/voila/api/shutdown/{kernel_id}", cookies, f"_xsrf={xsrf}".encode(),
                        {"Content-Type": "application/x-www-form-urlencoded"})
    return status


def query_answer(app: VoilaApp, kernel_id: str, origin: bool) -> str:
    """Ask /voila/query/<id> (where a preheated kernel gets its page's request) as a browser (with an Origin) or a
    program: "refused 403", "closed" or what came back."""
    from tornado.httpclient import HTTPClientError, HTTPRequest
    from tornado.websocket import websocket_connect

    async def ask() -> str:
        headers = {"Origin": app.base} if origin else {}
        try:
            ws = await websocket_connect(HTTPRequest(f"ws://127.0.0.1:{app.port}/voila/query/{kernel_id}",
                                                     headers=headers))
        except HTTPClientError as err:
            return f"refused {err.code}"
        try:
            answer = await asyncio.wait_for(ws.read_message(), timeout=3)
            return "closed" if answer is None else f"answered: {answer[:200]}"
        except TimeoutError:
            return "opened, no answer"
        finally:
            ws.close()
    return run_apart(ask())


def leave(app: VoilaApp, visitor: Visitor, page_html: str) -> None:
    """The visitor's own shutdown call for a page of theirs (their cookies, their _xsrf cookie): it must succeed."""
    xsrf = next(c.value for c in visitor.jar if c.name == "_xsrf")
    status, body = request(app, "POST", f"/voila/api/shutdown/{kernel_of(page_html)}", visitor.cookie_header(),
                           f"_xsrf={xsrf}".encode(), {"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 204, (status, body[:300])


def saves_of(app: VoilaApp) -> dict[str, bytes]:
    folder = app.saves / "visitors"
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()} \
        if folder.exists() else {}


def settle(app: VoilaApp, count: int, seconds: float) -> float:
    """Seconds until the app runs `count` kernels with no refill of its pool to come (fails after `seconds`)."""
    start = time.monotonic()
    wait_for(f"{count} kernels (now {len(kernel_pids(app))}), the pool refilled",
             lambda: pool_refilled(app) and len(kernel_pids(app)) == count, seconds)
    return time.monotonic() - start


# --- app_owner: a page's kernel answers its own visitor only -----------------------------------------------
def test_app_owner_a_page_kernel_refuses_everyone_but_its_visitor(owned: VoilaApp, app_browser: Any) -> None:
    app = owned
    ben = Visitor(app)                                    # another visitor, with a page (and a kernel) of his own
    status, ben_page, _ = ben.get(f"/voila/render/{CHAPTER}")
    assert status == 200, ben_page[-500:]
    with app_page(app_browser, viewport=VIEWPORT) as page:
        open_app_page(page, app, TABLE)                   # a preheated kernel, taken by Aiko's page
        play_and_save(page, "mine")
        kernel_id = kernel_of(page.content())
        name, value = visitor_cookie(page.context.cookies(), app.port)
        aiko = id_in(value)
        assert kernel_id != kernel_of(ben_page)
        saved = saves_of(app)
        assert f"{aiko}/mine.json" in saved, sorted(saved)
        ben_name, ben_value = visitor_cookie([{"name": c.name, "value": c.value} for c in ben.jar], app.port)
        intruders = {"no cookie": None, "another visitor's cookie": f"{ben_name}={ben_value}",
                     "a forged cookie": f"{name}={forged(ben_value, aiko)}",
                     "the id as the cookie": f"{name}={aiko}"}
        for who, cookie in intruders.items():
            assert channel_answer(app, kernel_id, cookie) == "refused 403", who
            status, body = request(app, "GET", f"/api/kernels/{kernel_id}", cookie)
            assert status == 403 and kernel_id not in body, (who, status, body[:200])
            assert shutdown_call(app, kernel_id, cookie) == 403, who
            status, _ = request(app, "DELETE", f"/api/kernels/{kernel_id}", cookie)
            assert status in (403, 405), (who, status)
        for origin in (True, False):     # the preheated kernel asked for its request long ago: no one else may
            assert query_answer(app, kernel_id, origin) in ("refused 403", "closed"), origin
        assert saves_of(app) == saved, "an intruder changed or wrote a save"
        assert app.log().count("the kernel is not this visitor's") >= 3 * len(intruders)
        # the owner's page worked throughout: its kernel is there, it answers its own visitor, and it plays and saves
        status, body = request(app, "GET", f"/api/kernels/{kernel_id}", f"{name}={value}")
        assert status == 200 and json.loads(body)["id"] == kernel_id
        save_table(page, "after")
        assert f"{aiko}/after.json" in saves_of(app), "the owner's second save"
        assert not [p for p in page.problems if "request failed" not in p], page.problems
    leave(app, ben, ben_page)        # a visitor may shut their own page's kernel down (as the page does on closing)
    settle(app, POOLED, 60)          # Aiko's closed page gave hers back; the pool has taken its place again
    assert "Traceback" not in app.log(), app.log()[-3000:]


# --- app_lockout: cookie-less bursts start nothing; one visitor holds a few pages ---------------------------
def test_app_lockout_cookieless_burst_starts_no_kernel(owned: VoilaApp, app_browser: Any) -> None:
    app = owned
    settle(app, POOLED, 120)
    seen: list[int] = []

    def bare(i: int) -> tuple[int, str]:
        seen.append(len(kernel_pids(app)))
        return request(app, "GET", f"/voila/render/{OTHERS[i % len(OTHERS)]}")
    with concurrent.futures.ThreadPoolExecutor(32) as pool:
        answers = list(pool.map(bare, range(32)))
    assert {status for status, _ in answers} == {302}, sorted({s for s, _ in answers})
    # a client that follows the redirect but keeps no cookie gets a plain page, no kernel
    status, body, _ = Visitor(app).get(f"/voila/render/{CHAPTER}", headers={"Cookie": "ignored=1"})
    assert status == 403 and "The tutor needs cookies" in re.sub(r"<[^>]+>", " ", body) and "Traceback" not in body
    time.sleep(2)
    assert max(seen + [len(kernel_pids(app))]) == POOLED, seen
    with app_page(app_browser, viewport=VIEWPORT) as page:   # a browser right after: a real page within 10 s
        start = time.monotonic()
        page.goto(app.url(f"/voila/render/{CHAPTER}"), wait_until="domcontentloaded", timeout=PAGE_TIMEOUT_MS)
        page.wait_for_function(JS_RENDERED, timeout=PAGE_TIMEOUT_MS, polling=100)
        seconds = time.monotonic() - start
        print(f"\nAfter 32 cookie-less requests, a browser's page of {CHAPTER} was there in {seconds:.1f} s")
        assert seconds < 10 and "Mercator" in page_text(page)
        page.wait_for_function(JS_WIDGETS, timeout=60_000)   # the page is whole: closed now, it gives its kernel back
    settle(app, POOLED, 20)


def test_app_lockout_one_visitor_holds_at_most_a_few_pages(owned: VoilaApp) -> None:
    app = owned
    settle(app, POOLED, 120)
    aiko = Visitor(app)
    assert aiko.get("/")[0] == 200 and aiko.cookie_header()      # the start of a visit: the cookie
    with concurrent.futures.ThreadPoolExecutor(6) as pool:
        answers = list(pool.map(lambda c: aiko.get(f"/voila/render/{c}"), OTHERS[:6]))
    statuses = sorted(status for status, _, _ in answers)
    assert statuses == [200] * PER_VISITOR + [429] * (6 - PER_VISITOR), statuses
    assert len(kernel_pids(app)) == POOLED + PER_VISITOR
    for status, body, _ in answers:
        text = re.sub(r"<[^>]+>", " ", body)
        if status == 429:
            assert "open in too many tabs" in text and "Close one of those tabs" in text and "429" not in text
    # their pages gone (plain HTTP never connects), the oldest makes room for the next page, and no more are held
    time.sleep(VISITOR_IDLE + 1)
    status, body, _ = aiko.get(f"/voila/render/{OTHERS[6]}")
    assert status == 200, body[-500:]
    assert len(kernel_pids(app)) == POOLED + PER_VISITOR
    assert "A visitor's page gone makes room for their next page" in app.log()
    # another visitor is not held back by Aiko's limit
    ben = Visitor(app)
    status, ben_page, _ = ben.get(f"/voila/render/{CHAPTER}")
    assert status == 200
    pages = [html for status, html, _ in answers if status == 200] + [body]
    live = [html for html in pages
            if request(app, "GET", f"/api/kernels/{kernel_of(html)}", aiko.cookie_header())[0] == 200]
    assert len(live) == PER_VISITOR and body in live
    for visitor, html in [*[(aiko, html) for html in live], (ben, ben_page)]:
        leave(app, visitor, html)
    settle(app, POOLED, 20)


# --- app_reload: a page closed or reloaded gives its kernel back -------------------------------------------
def test_app_reload_three_reloads_and_a_close_give_every_kernel_back(owned: VoilaApp, app_browser: Any) -> None:
    app = owned
    settle(app, POOLED, 120)         # from a quiet app: an earlier test's refill would count as a kernel kept
    before = POOLED
    with app_page(app_browser, viewport=VIEWPORT) as page:
        open_app_page(page, app, CHAPTER)
        assert len(kernel_pids(app)) == before + 1
        for _ in range(3):           # each reload's old kernel goes (within seconds; culling would take 600 s)
            page.reload(wait_until="domcontentloaded", timeout=PAGE_TIMEOUT_MS)
            page.wait_for_function(JS_RENDERED, timeout=PAGE_TIMEOUT_MS, polling=250)
            settle(app, before + 1, 30)
        closing = time.monotonic()
    settle(app, before, 30)
    print(f"\nAfter 3 reloads and a close, {before} kernels again {time.monotonic() - closing:.1f} s after the close")
    assert not [line for line in app.log().splitlines() if "api/shutdown" in line and "_xsrf" in line]


# --- odd addresses: a plain status, never a 500 -------------------------------------------------------------
@pytest.mark.parametrize("path", ["/logout", "/login", "/voila/templates/foo", "/voila/templates/a/b/c",
                                  "/voila/templates/lab/static/../../x", "/voila/templates/lab/nothing/x.js",
                                  "/api/kernels", "/api/sessions", "/voila/query/not-a-kernel",
                                  "/voila/api/shutdown/", "/voila/render/nothing.ipynb"])
def test_app_owner_odd_addresses_get_a_plain_status(owned: VoilaApp, path: str) -> None:
    visitor = Visitor(owned)
    logged = len(owned.log())        # what the server says from here on: the module's kernels come and go before
    status, body, _ = visitor.get(path)
    assert status in (400, 403, 404, 405), (path, status, body[:300])
    said = owned.log()[logged:]
    assert "Traceback" not in body and "Traceback" not in said, said[-3000:]
