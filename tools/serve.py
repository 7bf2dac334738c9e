"""Serve the built site on 127.0.0.1: ``python tools/serve.py [build/web] [--port 8000]``.

A plain static server with the types a web app needs (wasm, the manifest) and no caching of the page and
the service worker, so a new build is seen at once. ``.tar.gz`` goes out as it is (no Content-Encoding),
which is what the game's loader expects.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import sys
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import BinaryIO, ClassVar

TYPES = {
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".json": "application/json",
    ".data": "application/octet-stream",
    ".whl": "application/zip",
    ".gz": "application/gzip",
    ".py": "text/plain; charset=utf-8",
    ".html": "text/html; charset=utf-8",
}
FRESH = {"sw.js", "index.html", ""}


class SiteHandler(SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def fresh(self) -> bool:
        return self.path.split("?")[0].rsplit("/", 1)[-1] in FRESH

    def send_head(self) -> BinaryIO | None:
        if self.fresh():
            # Last-Modified counts whole seconds: a rebuild within the second of the last answer would get
            # "304 Not Modified", and the browser would keep the old worker. The page and worker go out whole.
            del self.headers["If-Modified-Since"]
            del self.headers["If-None-Match"]
        return super().send_head()

    def end_headers(self) -> None:
        if self.fresh():
            self.send_header("Cache-Control", "no-cache")
        if getattr(self.server, "allow_any_origin", False):
            self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if getattr(self.server, "verbose", True):
            super().log_message(format, *args)


class SiteServer(ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        """A browser that lets go of a download (a tab closed, a page reloaded while it loads) is no fault
        of ours: say nothing. Anything else is printed as the standard library does."""
        if isinstance(sys.exception(), ConnectionError):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(
    root: Path, port: int = 0, *, verbose: bool = False, allow_any_origin: bool = False
) -> ThreadingHTTPServer:
    """A server for ``root`` on 127.0.0.1 (port 0: any free port); call ``serve_forever`` to run it."""
    handler = functools.partial(SiteHandler, directory=str(root))
    server = SiteServer(("127.0.0.1", port), handler)
    server.verbose = verbose  # type: ignore[attr-defined]
    server.allow_any_origin = allow_any_origin  # type: ignore[attr-defined]
    return server


STOP_POLL_S = 0.02
"""How often a server run in a thread looks whether it is asked to stop: ``shutdown`` waits for that look
(the standard library's half a second, once for each test that serves a page, added up to a minute of the
suite)."""


@contextlib.contextmanager
def running(server: ThreadingHTTPServer) -> Iterator[str]:
    """Run ``server`` in a thread until the block ends; yields its base URL (ending in /)."""
    thread = threading.Thread(target=server.serve_forever, args=(STOP_POLL_S,), daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def serving(root: Path, *, allow_any_origin: bool = False) -> Iterator[str]:
    """Serve ``root`` on 127.0.0.1 in a thread, on any free port; yields the base URL (ending in /)."""
    with running(make_server(root, 0, allow_any_origin=allow_any_origin)) as base:
        yield base


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/serve.py", description=__doc__.split("\n")[0])
    parser.add_argument("root", nargs="?", type=Path, default=Path("build/web"))
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    if not (args.root / "index.html").is_file():
        print(f"no site in {args.root}: build it first (./build.sh build)", file=sys.stderr)
        return 1
    server = make_server(args.root, args.port, verbose=True)
    print(f"Hearts is at http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C stops)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
