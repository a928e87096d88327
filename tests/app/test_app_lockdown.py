"""The app mode (`make app`, Voilà) is locked down: it listens on 127.0.0.1 only, serves pages without
their code, hands out no file outside what the pages need (no notebook, Python, JSON or `..`), and
offers no endpoint that runs a visitor's code (no terminal, no contents API, no new kernels; an
execute_request sent down a page's own kernel channel is dropped). Its kernels get CONCORDIA_SAVES and
CONCORDIA_LANG from the Makefile. The server is started by the Makefile's own recipe (voila_support.py).
"""
from __future__ import annotations

import asyncio
import html
import http.client
import json
import os
import re
import secrets
import socket
import subprocess
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from voila_support import ENV_NOTEBOOK, ENV_SOURCE, REPO, STAMP, Visitor, VoilaApp, code_lines, serve

CHAPTER = "03_turn_and_mercator.ipynb"
SECRET = f"secret-{secrets.token_hex(8)}"   # written into files the app must never hand out
CONFIG = REPO / "app" / "voila.py"
MARKER = "executed-by-a-visitor"


# --- the settings, as written ----------------------------------------------------------------------
@pytest.fixture
def config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Any:
    """app/voila.py loaded the way Voilà loads it (its changes to the environment are undone; its cookie secret
    goes to a temporary saves folder)."""
    from traitlets.config.loader import PyFileConfigLoader
    monkeypatch.setattr(os, "environ", dict(os.environ, CONCORDIA_SAVES=str(tmp_path / "saves")))
    monkeypatch.setattr("sys.path", list(__import__("sys").path))
    return PyFileConfigLoader(CONFIG.name, path=str(CONFIG.parent)).load_config()


def test_voila_config_locks_the_app_down(config: Any) -> None:
    assert config.Voila.ip == "127.0.0.1"
    assert config.VoilaConfiguration.strip_sources is True
    assert config.VoilaConfiguration.show_tracebacks is False
    assert config.VoilaExecutor.show_tracebacks is False
    assert config.VoilaConfiguration.allow_template_override == "NO"
    assert config.VoilaConfiguration.allow_theme_override == "NO"
    assert config.VoilaConfiguration.template == "concordia"
    assert (REPO / "app/share/jupyter/voila/templates/concordia/index.html.j2").is_file()
    assert "allow_remote_access" not in CONFIG.read_text() + (REPO / "Makefile").read_text()
    assert config.Voila.port_retries == 0                          # the address make app prints is the one served
    assert config.MappingKernelManager.cull_idle_timeout > 0       # kernels of pages gone away do not pile up
    assert config.MappingKernelManager.cull_connected is False     # an open page's kernel is never culled
    assert "ServerApp" not in config   # Voilà runs its own server: nothing of the notebook server is configured


def test_voila_config_bounds_kernels_and_keeps_saves_private(config: Any, tmp_path: Path) -> None:
    assert config.VoilaConfiguration.multi_kernel_manager_class.__name__ == "CappedKernelManager"
    assert config.CappedKernelManager.max_kernels == 8                # make app KERNELS=N changes it
    assert config.CappedKernelManager.busy_idle_timeout < config.MappingKernelManager.cull_idle_timeout
    assert config.VoilaConfiguration.preheat_kernel is True and config.VoilaConfiguration.default_pool_size == 0
    pools = config.VoilaKernelManager.kernel_pools_config
    assert {n for n, c in pools.items() if c["pool_size"]} == {"00_start_here.ipynb", "01_setup.ipynb",
                                                                "02_first_game_guided.ipynb", "15_first_game.ipynb"}
    assert all((REPO / "notebooks" / n).is_file() and (REPO / "notebooks" / "ja" / n).is_file() for n in pools
               if n != "default")
    assert config.Voila.identity_provider_class.__name__ == "VisitorIdentityProvider"
    assert config.VoilaConfiguration.http_header_envs == ["X-Concordia-Visitor"]
    assert len(config.Voila.cookie_secret) >= 32 and (tmp_path / "saves" / ".cookie_secret").is_file()
    assert config.Voila.authorizer_class.__name__ == "VisitorAuthorizer"     # a kernel is its visitor's
    assert config.CappedKernelManager.per_visitor == 3                # make app VISITOR_PAGES=N changes it


def test_voila_config_read_twice_guards_voila_s_endpoints_once(config: Any, tmp_path: Path) -> None:
    """Reading the settings again (as a test does) fits Voilà's shutdown call under the Authorizer only once."""
    from traitlets.config.loader import PyFileConfigLoader
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
    post = VoilaShutdownKernelHandler.post
    PyFileConfigLoader(CONFIG.name, path=str(CONFIG.parent)).load_config()
    assert VoilaShutdownKernelHandler.post is post and VoilaShutdownKernelHandler.auth_resource == "kernels"
    import voila
    assert Path(voila.__file__).name == "__init__.py"   # app/voila.py never stands for the voila package


@pytest.mark.parametrize("path, served", [
    ("figure.png", True), ("images/board.jpg", True), ("a/b/c_d-e.gif", True),
    ("03_turn_and_mercator.ipynb", False), ("helper.py", False), ("saves/game.json", False), ("game.json", False),
    ("../secret.png", False), ("a/../../x.png", False), ("/etc/x.png", False), (".hidden.png", False),
    ("a/.git/x.png", False), ("README.md", False), ("notes.txt", False), ("x.png.py", False), ("x.svg", False),
])
def test_voila_file_allowlist(config: Any, path: str, served: bool) -> None:
    """Voilà serves /voila/files/PATH when PATH fully matches an allowlist entry and no denylist entry."""
    allow = config.VoilaConfiguration.file_allowlist
    deny = config.VoilaConfiguration.file_denylist
    verdict = (any(re.fullmatch(p, path, re.IGNORECASE) for p in allow)
               and not any(re.fullmatch(p, path, re.IGNORECASE) for p in deny))
    assert verdict is served


def _dry_run(*args: str, env: dict[str, str] | None = None) -> str:
    out = subprocess.run(["make", "--no-print-directory", "-n", "-C", str(REPO), "-o", str(STAMP), "app", *args],
                         capture_output=True, text=True, check=True, env=env)
    return out.stdout


def test_make_app_command_line() -> None:
    plain = _dry_run(env={k: v for k, v in os.environ.items() if k not in ("HOST", "CONCORDIA_LANG")})
    assert f'--Voila.config_file_paths="{REPO}/app"' in plain
    assert '--Voila.ip="127.0.0.1"' in plain and '--port="8866"' in plain
    assert f'CONCORDIA_SAVES="{REPO}/saves"' in plain and 'CONCORDIA_LANG="en"' in plain
    assert "--no-browser" not in plain
    assert plain.rstrip().endswith('"notebooks"')
    # a HOST in the environment (zsh sets one) never widens the address: only the command line does
    assert '--Voila.ip="127.0.0.1"' in _dry_run(env=dict(os.environ, HOST="0.0.0.0"))
    wide = _dry_run("HOST=0.0.0.0", "PORT=9000", "NO_BROWSER=1")
    assert '--Voila.ip="0.0.0.0"' in wide and '--port="9000"' in wide and "--no-browser" in wide
    single = _dry_run("NOTEBOOK=notebooks/15_first_game.ipynb")
    assert single.rstrip().endswith('"notebooks/15_first_game.ipynb"')


def test_make_app_language() -> None:
    env = {k: v for k, v in os.environ.items() if k != "CONCORDIA_LANG"}
    ja = _dry_run("LANG=ja", env=env)
    assert 'CONCORDIA_LANG="ja"' in ja
    japanese_chapters = sorted((REPO / "notebooks" / "ja").glob("*.ipynb"))
    assert ja.rstrip().endswith('"notebooks/ja"' if japanese_chapters else '"notebooks"')
    assert 'CONCORDIA_LANG="ja"' in _dry_run(env=dict(env, CONCORDIA_LANG="ja"))
    # the locale in LANG is not a language choice; only LANG on the command line is
    assert 'CONCORDIA_LANG="en"' in _dry_run(env=dict(env, LANG="ja_JP.UTF-8"))


# --- the running app -------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaApp]:
    tmp = tmp_path_factory.mktemp("voila")
    files = {"helper.py": f"# {SECRET}\n", "game.json": json.dumps({"secret": SECRET}),
             "saved/old.json": json.dumps({"secret": SECRET}), "notes.md": SECRET, ".hidden.png": SECRET,
             "figure.png": "not really a png, but an allowed name"}
    # every chapter in turn over plain HTTP: each holds its kernel until culled, so the cap is above their number
    with serve(tmp, extra_notebooks={ENV_NOTEBOOK: ENV_SOURCE}, extra_files=files, make_args=("KERNELS=60",)) as served:
        (tmp / "outside.png").write_text(SECRET)   # next to the served folder, not in it
        (tmp / "outside.ipynb").write_text(json.dumps({
            "cells": [{"cell_type": "markdown", "id": "m", "metadata": {}, "source": SECRET}],
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
            "nbformat": 4, "nbformat_minor": 5}))
        (tmp / "saves").mkdir(exist_ok=True)
        (tmp / "saves" / "game.json").write_text(json.dumps({"secret": SECRET}))
        yield served


def _listeners(port: int) -> list[str]:
    """Local addresses of the sockets listening on `port` (from /proc/net/tcp and tcp6)."""
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            rows = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            local, state = row.split()[1], row.split()[3]
            address, port_hex = local.split(":")
            if state != "0A" or int(port_hex, 16) != port:   # 0A = LISTEN
                continue
            if len(address) == 8:
                found.append(socket.inet_ntop(socket.AF_INET, bytes.fromhex(address)[::-1]))
            else:
                raw = bytes.fromhex(address)
                found.append(socket.inet_ntop(socket.AF_INET6, b"".join(raw[i:i + 4][::-1] for i in range(0, 16, 4))))
    return found


@pytest.mark.slow  # a running Voila server
def test_voila_listens_on_loopback_127_0_0_1_only(app: VoilaApp) -> None:
    if not Path("/proc/net/tcp").exists():
        pytest.skip("needs /proc/net/tcp (Linux)")
    assert _listeners(app.port) == ["127.0.0.1"]
    # another loopback address reaches a server bound to every address, but not one bound to 127.0.0.1
    with pytest.raises(OSError), socket.create_connection(("127.0.0.2", app.port), timeout=3):
        pass


@pytest.mark.slow  # a running Voila server
def test_voila_tree_lists_notebooks_only(app: VoilaApp) -> None:
    status, body = app.get("/voila/api/contents/")
    assert status == 200, body[:500]
    names = {item["name"] for item in json.loads(body)["content"]}
    assert CHAPTER in names and "15_first_game.ipynb" in names
    assert not {"helper.py", "game.json", "notes.md", "figure.png"} & names
    status, body = app.get(f"/voila/api/contents/{CHAPTER}?content=1")
    assert status == 200 and json.loads(body)["content"] is None   # a notebook's model, never its source


def _title(notebook: Path) -> str:
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    first = "".join(next(c for c in nb["cells"] if c["cell_type"] == "markdown")["source"])
    return first.splitlines()[0].lstrip("#").strip()


@pytest.mark.slow  # a running Voila server
def test_voila_chapter_renders_without_its_code(app: VoilaApp) -> None:
    status, page = app.get(f"/voila/render/{CHAPTER}")
    assert status == 200, page[-2000:]
    text = html.unescape(re.sub(r"<[^>]+>", "", page))   # what a reader sees (code would be split into spans)
    assert _title(REPO / "notebooks" / CHAPTER) in text       # the chapter's prose is there
    assert "jp-OutputArea-output" in page                      # and its cells' outputs
    lines = code_lines(REPO / "notebooks" / CHAPTER)
    assert len(lines) >= 5, lines
    for line in lines:
        for form in (line, json.dumps(line)[1:-1]):
            assert form not in text, f"code of {CHAPTER} is in the page: {line!r}"
    assert "jp-CodeMirrorEditor" not in page and "jp-InputPrompt" not in page
    assert "Traceback" not in text
    assert "error when executing cell" not in text, "a cell of the chapter failed in the app"
    assert not re.search(r"""(?:src|href)=["']?(?:https?:)?//(?!127\.0\.0\.1)""", page), \
        "the page loads something from another site"


CHAPTERS = sorted(p.relative_to(REPO / "notebooks").as_posix() for p in (REPO / "notebooks").rglob("*.ipynb")
                  if ".ipynb_checkpoints" not in p.parts)


@pytest.mark.slow
@pytest.mark.parametrize("chapter", CHAPTERS)
def test_voila_every_chapter_renders_without_code_or_error(app: VoilaApp, chapter: str) -> None:
    status, page = app.get(f"/voila/render/{chapter}")
    assert status == 200, page[-2000:]
    text = html.unescape(re.sub(r"<[^>]+>", "", page))
    assert _title(REPO / "notebooks" / chapter) in text
    for line in code_lines(REPO / "notebooks" / chapter):
        assert line not in text, f"code of {chapter} is in the page: {line!r}"
    assert "Traceback" not in text
    assert "error when executing cell" not in text, f"a cell of {chapter} failed in the app"


@pytest.mark.slow  # a running Voila server
def test_voila_kernels_get_the_saves_folder_and_language(app: VoilaApp) -> None:
    status, page = app.get(f"/voila/render/{ENV_NOTEBOOK}")
    assert status == 200, page[-2000:]
    assert f"SAVES={app.saves.resolve()}" in page
    assert "LANGUAGE=en" in page
    assert f"CWD={app.root.resolve()}" in page
    assert "print(" not in page


@pytest.mark.slow  # a running Voila server
def test_voila_make_app_lang_ja_reaches_the_kernels(tmp_path: Path) -> None:
    with serve(tmp_path, extra_notebooks={ENV_NOTEBOOK: ENV_SOURCE}, make_args=("LANG=ja",)) as japanese:
        status, page = japanese.get(f"/voila/render/{ENV_NOTEBOOK}")
    assert status == 200, page[-2000:]
    assert "LANGUAGE=ja" in page
    assert "(language ja)" in japanese.log()


REFUSED_PATHS = [
    # the static file route: notebooks, Python, JSON (saves, data), Markdown, hidden files, and the way out
    f"/voila/files/{CHAPTER}", "/voila/files/helper.py", "/voila/files/game.json", "/voila/files/saved/old.json",
    "/voila/files/notes.md", "/voila/files/.hidden.png", "/voila/files/../outside.png",
    "/voila/files/%2e%2e/outside.png", "/voila/files/..%2foutside.png", "/voila/files/../saves/game.json",
    "/voila/files//etc/passwd", "/voila/files/%2fetc%2fpasswd", "/voila/files/../../../../../etc/passwd",
    # the render route sends anything but a notebook to the file route
    "/voila/render/helper.py", "/voila/render/game.json", "/voila/render/../outside.png", "/voila/render//etc/passwd",
    "/voila/render/../../../../../etc/passwd", "/voila/render/../outside.ipynb", "/voila/render/%2e%2e/outside.ipynb",
    "/voila/render/..%2foutside.ipynb", f"/voila/render/{CHAPTER}/../../outside.ipynb",
    # Voilà's own asset routes stay inside their folders
    "/voila/static/../../../../../../etc/passwd", "/voila/static/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/voila/templates/lab/static/../../../../../../../etc/passwd", "/voila/labextensions/../../../../../etc/passwd",
    "/voila/tree/..", "/voila/tree/../..", "/voila/api/contents/..", "/voila/api/contents/../saves",
    f"/voila/api/contents/{CHAPTER}/..%2f..%2foutside.png",
    # what a notebook server would offer and Voilà must not
    "/api/contents", f"/api/contents/{CHAPTER}", "/api/kernels", "/api/sessions", "/api/terminals", "/terminals/1",
    "/terminals/websocket/1", "/lab", "/tree", f"/notebooks/{CHAPTER}", f"/edit/{CHAPTER}", f"/files/{CHAPTER}",
    "/files/helper.py", "/api/kernelspecs", "/api/config/notebook", "/api/nbconvert",
]


def _raw(app: VoilaApp, method: str, path: str, body: bytes | None = None) -> tuple[int, str]:
    """A request sent exactly as written (no client-side tidying of `..` or `//`)."""
    conn = http.client.HTTPConnection("127.0.0.1", app.port, timeout=30)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, path, body=body, headers=headers)
        resp = conn.getresponse()
        return resp.status, resp.read().decode("utf-8", errors="replace")
    finally:
        conn.close()


@pytest.mark.slow  # a running Voila server
@pytest.mark.parametrize("path", REFUSED_PATHS)
def test_voila_refuses_files_outside_what_the_pages_need(app: VoilaApp, path: str) -> None:
    status, body = _raw(app, "GET", path)
    if status in (301, 302):  # Voilà's render route redirects non-notebooks to its file route: follow once
        status, body = app.get(re.sub(r"^https?://[^/]+", "", _location(app, path)))
    refused = (400, 403, 404, 405)
    if path.startswith("/voila/templates/"):
        # Voilà's template asset route answers a path that leaves its folder with an assertion (500),
        # before it opens anything; the body is tornado's bare "500: Internal Server Error"
        refused += (500,)
    assert status in refused, f"GET {path} -> {status}: {body[:300]}"
    assert SECRET not in body and "root:" not in body
    assert "Traceback" not in body


def _location(app: VoilaApp, path: str) -> str:
    conn = http.client.HTTPConnection("127.0.0.1", app.port, timeout=30)
    try:
        conn.request("GET", path)
        return conn.getresponse().getheader("Location") or ""
    finally:
        conn.close()


@pytest.mark.slow  # a running Voila server
def test_voila_serves_an_allowed_image_name(app: VoilaApp) -> None:
    """The control for the refusals above: the file route works for what the pages may need."""
    status, body = _raw(app, "GET", "/voila/files/figure.png")
    assert status == 200 and "allowed name" in body


WRITES = [
    ("POST", "/api/kernels", {"name": "python3"}), ("POST", "/api/sessions", {"path": "x.ipynb", "type": "notebook",
                                                                             "kernel": {"name": "python3"}}),
    ("POST", "/api/terminals", {}), ("PUT", "/api/contents/evil.ipynb", {"type": "notebook", "content": {}}),
    ("POST", "/api/contents", {"type": "file"}), ("PUT", "/voila/api/contents/evil.py", {"type": "file",
                                                                                          "content": "x"}),
    ("POST", "/voila/api/contents/", {"type": "file"}), ("DELETE", f"/voila/api/contents/{CHAPTER}", None),
    ("PATCH", f"/voila/api/contents/{CHAPTER}", {"path": "moved.ipynb"}), ("PUT", "/voila/files/evil.png", {}),
    ("POST", "/voila/render/" + CHAPTER, {}), ("POST", "/voila/execution/00000000-0000-0000-0000-000000000000", {}),
]


@pytest.mark.slow  # a running Voila server
@pytest.mark.parametrize("method, path, payload", WRITES, ids=[f"{m} {p}" for m, p, _ in WRITES])
def test_voila_has_no_write_or_execute_endpoint(app: VoilaApp, method: str, path: str, payload: Any) -> None:
    before = sorted(p.relative_to(app.root) for p in app.root.rglob("*"))
    body = None if payload is None else json.dumps(payload).encode()
    status, text = _raw(app, method, path, body)
    assert status in (403, 404, 405), f"{method} {path} -> {status}: {text[:300]}"
    assert sorted(p.relative_to(app.root) for p in app.root.rglob("*")) == before
    assert not (app.root / "evil.py").exists() and not (app.root / "evil.ipynb").exists()


# --- a page's own kernel channel carries widget messages, never code --------------------------------
def _message(msg_type: str, content: dict[str, Any], session: str) -> str:
    return json.dumps({"header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "visitor",
                                  "session": session, "date": datetime.now(UTC).isoformat(), "version": "5.3"},
                       "parent_header": {}, "metadata": {}, "content": content, "channel": "shell", "buffers": []})


async def _message_type(ws: Any, wait: float) -> str | None:
    """The type of the channel's next text message within `wait` seconds: "" when none came, None when it closed."""
    while True:
        try:
            raw = await asyncio.wait_for(ws.read_message(), timeout=wait)
        except TimeoutError:
            return ""
        if raw is None:
            return None
        if isinstance(raw, str):
            return str(json.loads(raw)["header"]["msg_type"])


async def _talk_to_kernel(url: str, code: str, cookie: str) -> list[str]:
    """Send an execute_request, then a kernel_info_request, on a kernel's channel (as the browser with `cookie`);
    the reply types seen."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect
    session = uuid.uuid4().hex
    ws = await websocket_connect(HTTPRequest(f"{url}?session_id={session}", headers={"Cookie": cookie}))
    seen: list[str] = []
    try:
        ws.write_message(_message("execute_request", {"code": code, "silent": False, "store_history": False,
                                                      "user_expressions": {}, "allow_stdin": False,
                                                      "stop_on_error": True}, session))
        ws.write_message(_message("kernel_info_request", {}, session))
        deadline = asyncio.get_running_loop().time() + 20
        while "kernel_info_reply" not in seen and asyncio.get_running_loop().time() < deadline:
            kind = await _message_type(ws, 2)
            if kind is None:
                break
            if kind:
                seen.append(kind)
        await asyncio.sleep(2)   # anything the execute_request set off would be under way by now
        while kind := await _message_type(ws, 0.5):   # the rest, until the channel is quiet (or closed)
            seen.append(kind)
    finally:
        ws.close()
    return seen


@pytest.mark.slow  # a running Voila server
def test_voila_kernel_channel_drops_code_from_the_visitor(app: VoilaApp, tmp_path: Path) -> None:
    visitor = Visitor(app)
    status, page, _ = visitor.get(f"/voila/render/{ENV_NOTEBOOK}")
    assert status == 200
    kernel_id = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page)
    assert kernel_id, "the page names its kernel"
    marker = tmp_path / MARKER
    code = f"open({str(marker)!r}, 'w').write('x')"
    url = f"ws://127.0.0.1:{app.port}/api/kernels/{kernel_id.group(1)}/channels"
    seen = asyncio.run(_talk_to_kernel(url, code, visitor.cookie_header()))   # the page's own visitor, its cookie
    assert "kernel_info_reply" in seen, f"the channel itself works (a widget's messages pass): {seen}"
    assert "execute_reply" not in seen and "execute_input" not in seen, seen
    assert not marker.exists(), "code sent by a visitor ran in the app's kernel"


# --- save boxes in app mode --------------------------------------------------------------------------
def test_app_table_save_box_writes_only_into_the_saves_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A visitor of the app types into the table's save box: a path must never reach outside the saves folder
    (widgets/support/saves.py refuses it; the table's box goes through it)."""
    monkeypatch.setenv("CONCORDIA_SAVES", str(tmp_path / "saves"))
    (tmp_path / "cwd").mkdir()
    monkeypatch.chdir(tmp_path / "cwd")
    from widgets.lessons import ch15_first_game as lesson
    table = lesson.first_game_table(auto=False)
    for name in ("../escape", str(tmp_path / "absolute")):
        table.file_name.value = name
        table.save_button.click()
    written = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    assert all(p.startswith("saves/") for p in written), f"the file box wrote outside the saves folder: {written}"
