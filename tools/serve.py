#!/usr/bin/env python3
"""Serve the repository root as static files, like any static host would.

    python3 tools/serve.py [--port N] [--host 127.0.0.1] [--dir PATH] [--quiet]

PORT (environment) sets the default port (8000). Binds 127.0.0.1 unless told
otherwise. The handler pins the MIME types the app needs (.mjs, .wasm, .toml, .json,
...) so they do not depend on the machine's /etc/mime.types, and asks browsers to
revalidate every file (Cache-Control: no-cache) so edits show on reload.

Serving the working tree (not a built dist/), it rebuilds py/parlor.zip, assets/i18n.js,
assets/lab-protocol.js and precache.js whenever the browser asks for them, so edits
reach the page, and the service worker sees them as a new version (with its "reload to
update" prompt) instead of stale code.

Standard library only. e2e/conftest.py and tools/bench/ reuse `start_server`.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MIME_TYPES = {
    "": "application/octet-stream",
    ".html": "text/html; charset=utf-8",
    ".htm": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".toml": "application/toml; charset=utf-8",
    ".py": "text/x-python; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".webp": "image/webp",
    ".ico": "image/x-icon",
    ".woff": "font/woff",
    ".woff2": "font/woff2",
    ".ttf": "font/ttf",
    ".otf": "font/otf",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    """SimpleHTTPRequestHandler with fixed MIME types and no-cache headers."""

    extensions_map = MIME_TYPES
    quiet = False

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        suffix = Path(os.fspath(path)).suffix.lower()
        if suffix in MIME_TYPES:
            return MIME_TYPES[suffix]
        return super().guess_type(path)

    def do_GET(self) -> None:
        served = Path(self.translate_path(self.path))
        if served == ROOT / "precache.js":
            refresh_precache()
        elif served in (ROOT / "py" / "parlor.zip", ROOT / "assets" / "i18n.js",
                        ROOT / "assets" / "lab-protocol.js"):
            refresh_precache(zip_only=True)
        super().do_GET()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)

    def handle(self) -> None:
        # A browser that drops a connection mid-transfer (navigation, test teardown)
        # is normal; do not print a traceback for it.
        try:
            super().handle()
        except (BrokenPipeError, ConnectionResetError):
            pass


_precache_lock = threading.Lock()


def refresh_precache(zip_only: bool = False) -> None:
    """tools/site.py precache, in-process: the package zip and the precache list and
    hash of the working tree, so edits under `make run` reach the browser."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("parlor_site", ROOT / "tools" / "site.py")
    assert spec and spec.loader
    site = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(site)
    with _precache_lock:
        try:
            site.build_generated(ROOT)
            if zip_only:
                return
            text = site.precache_js(ROOT, site.app_files(ROOT))
        except site.SiteError as err:  # serve the old list rather than nothing
            print(f"serve: precache.js not refreshed: {err}", file=sys.stderr)
            return
        site.write_if_changed(ROOT / "precache.js", text)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def make_server(
    host: str = "127.0.0.1", port: int = 0, directory: Path | str = ROOT, quiet: bool = False
) -> Server:
    """A server for `directory` bound to host:port (port 0 picks a free one)."""
    handler = functools.partial(
        type("QuietHandler" if quiet else "LoudHandler", (Handler,), {"quiet": quiet}),
        directory=os.fspath(directory),
    )
    return Server((host, port), handler)


def start_server(
    host: str = "127.0.0.1", port: int = 0, directory: Path | str = ROOT, quiet: bool = True
) -> tuple[Server, str]:
    """Serve in a daemon thread; return (server, base_url). Stop with server.shutdown()."""
    server = make_server(host, port, directory, quiet)
    thread = threading.Thread(target=server.serve_forever, name="parlor-http", daemon=True)
    thread.start()
    bound_host, bound_port = server.server_address[:2]
    return server, f"http://{bound_host}:{bound_port}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--dir", default=os.fspath(ROOT), help="folder to serve")
    parser.add_argument("--quiet", action="store_true", help="do not log each request")
    args = parser.parse_args(argv)
    try:
        server = make_server(args.host, args.port, args.dir, args.quiet)
    except OSError as exc:
        print(f"serve: cannot bind {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 1
    host, port = server.server_address[:2]
    print(f"Serving {args.dir} at http://{host}:{port}/index.html  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nserve: stopped")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
