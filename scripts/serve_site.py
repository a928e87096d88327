"""Serve the built static site (`make site-serve`) on this machine only: python's own file server, with the MIME types
Pyodide needs (.wasm, .mjs) and no caching headers of its own. Any static host serves the same folder as well.

    python scripts/serve_site.py [--dir build/site] [--port 0] [--host 127.0.0.1]

Port 0 (the default) takes a free port; the address to open is printed, then the server runs until Ctrl-C.
"""
from __future__ import annotations

import argparse
import functools
import http.server
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript", ".json": "application/json",
         ".whl": "application/zip", ".zip": "application/zip", ".ipynb": "application/json", ".md": "text/markdown"}
START = "voici/render/notebooks/00_start_here.html"


class Handler(http.server.SimpleHTTPRequestHandler):
    """Files of the site, typed as a static host types them; quiet (no line per request)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass


def server(folder: Path, host: str = "127.0.0.1", port: int = 0) -> http.server.ThreadingHTTPServer:
    """A threading HTTP server for `folder`, bound (port 0: a free port), not yet serving."""
    if not (folder / "index.html").is_file():
        raise SystemExit(f"no site in {folder}: build it first with make site")
    return http.server.ThreadingHTTPServer((host, port), functools.partial(Handler, directory=str(folder)))


def start(folder: Path, host: str = "127.0.0.1", port: int = 0) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve `folder` from a background thread; the server and the site's address (for tests and benchmarks)."""
    httpd = server(folder, host, port)
    threading.Thread(target=httpd.serve_forever, name="site-server", daemon=True).start()
    return httpd, f"http://{host}:{httpd.server_address[1]}/"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=ROOT / "build" / "site")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    options = parser.parse_args()
    httpd = server(options.dir.resolve(), options.host, options.port)
    address = f"http://{options.host}:{httpd.server_address[1]}/"
    print(f"Serving the site {options.dir} at {address} (the start chapter: {address}{START}); stop with Ctrl-C",
          flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()


if __name__ == "__main__":
    main()
