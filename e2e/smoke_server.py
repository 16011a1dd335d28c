"""The smoke suite's server: tools/serve.py's handler, plus a log of every request
(path, status, bytes sent) and an error recorder put into index.html ahead of the app's
own scripts. Reached as ``localhost`` rather than 127.0.0.1 (another origin), it has no
service worker script.

Why the server, not the driver: W3C WebDriver and Marionette have no "init script"
(Playwright's add_init_script) and cannot read the console, so the one place that runs
before the app in every engine is the page itself. The recorder keeps each uncaught
error and unhandled rejection in sessionStorage, which a reload and the offline start
(same tab) keep, and the suite reads it after every scenario.
"""

from __future__ import annotations

import email.utils
import functools
import hashlib
import re
import threading
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.tools_loader import load_tool

serve = load_tool("serve")

ERRORS_KEY = "parlor-smoke-errors"

RECORDER = """<script>/* parlor smoke suite: uncaught errors, unhandled rejections,
   console.error */
(() => {
  const keep = (text) => {
    try {
      const all = JSON.parse(sessionStorage.getItem(KEY) || "[]");
      all.push(String(text).slice(0, 2000));
      sessionStorage.setItem(KEY, JSON.stringify(all));
    } catch (e) { /* storage refused: the suite then sees no list at all */ }
  };
  addEventListener("error", (e) => {
    if (!(e instanceof ErrorEvent)) return;  // a resource that failed: not a script error
    keep("uncaught error: " + e.message + " (" + e.filename + ":" + e.lineno + ")\\n" +
         ((e.error && e.error.stack) || ""));
  }, true);
  addEventListener("unhandledrejection", (e) => {
    const r = e.reason;
    keep("unhandled rejection: " + ((r && r.message) || r) + "\\n" + ((r && r.stack) || ""));
  });
  // console.error too: Python's "exception was never retrieved" is said there, not
  // thrown, and is the noise a visitor's console shows.
  const error = console.error.bind(console);
  console.error = (...args) => {
    keep("console.error: " + args.map((a) => (a && a.stack) || String(a)).join(" "));
    error(...args);
  };
  sessionStorage.setItem(KEY, sessionStorage.getItem(KEY) || "[]");
})();
</script>""".replace("KEY", repr(ERRORS_KEY))

#: A page that throws, rejects and logs an error, to show that the recorder catches each (the suite
#: must fail on such a page, not pass by hearing nothing). It names an icon of no bytes, as
#: the app names its own: without one the browser asks for /favicon.ico, at times so late
#: that the request fell in the next test's log (the first visit's, which counts every
#: request the server hears and allows none but the app's).
THROWS = """<!doctype html><html><head><meta charset="utf-8">RECORDER
<link rel="icon" href="data:,"></head><body>
<script>setTimeout(() => { throw new Error("smoke: thrown on purpose"); }, 0);
Promise.reject(new Error("smoke: rejected on purpose"));
console.error("smoke: said on purpose");</script></body></html>
""".replace("RECORDER", RECORDER)


@dataclass(frozen=True)
class Request:
    path: str
    status: int
    size: int  # body bytes sent


@dataclass
class LoggedServer:
    url: str
    requests: list[Request] = field(default_factory=list)
    server: Any = None

    def mark(self) -> int:
        return len(self.requests)

    def since(self, mark: int) -> list[Request]:
        return list(self.requests[mark:])

    def stop(self) -> None:
        """Stop answering (the listening socket closed): the network is gone."""
        self.server.shutdown()
        self.server.server_close()


def counts(requests: list[Request]) -> Counter[str]:
    return Counter(r.path for r in requests)


def report(requests: list[Request]) -> str:
    """One line per file: times fetched, statuses, bytes; then the totals."""
    by_path: dict[str, list[Request]] = {}
    for r in requests:
        by_path.setdefault(r.path, []).append(r)
    lines = []
    for path, rs in sorted(by_path.items(), key=lambda kv: -sum(r.size for r in kv[1])):
        statuses = ",".join(str(r.status) for r in rs)
        lines.append(f"  {len(rs)}x {path} [{statuses}] {sum(r.size for r in rs)} B")
    full = sum(1 for r in requests if r.status == 200)
    lines.append(f"  total: {len(requests)} requests ({full} full, "
                 f"{len(requests) - full} other), {sum(r.size for r in requests)} B")
    return "\n".join(lines)


def served_page(page: Path) -> bytes:
    """index.html as this server sends it: the recorder first in <head>."""
    return page.read_bytes().replace(b"<head>", b"<head>\n" + RECORDER.encode(), 1)


def served_manifest(manifest: Path, page: bytes) -> bytes:
    """precache.js with index.html's hash made the served page's: the service worker
    keeps a file only if it hashes to the manifest's, and this server changes the page,
    as a host that rewrote it would have to say."""
    text = manifest.read_text(encoding="utf-8")
    line = re.compile(r'("\./index\.html": ")[0-9a-f]{16}(")')
    digest = hashlib.sha256(page).hexdigest()[:16]
    text, n = line.subn(lambda m: m.group(1) + digest + m.group(2), text)
    assert n == 1, "precache.js: no hash for ./index.html"
    return text.encode()


def start(directory: Path) -> LoggedServer:
    logged = LoggedServer("")

    class Handler(serve.Handler):  # type: ignore[misc, name-defined]
        quiet = True

        def do_GET(self) -> None:
            path = self.path.split("?", 1)[0]
            if path == "/sw.js" and self.headers.get("Host", "").startswith("localhost:"):
                # The same app at another origin without a service worker (its script
                # is missing, so registering fails): a first visit whose worker fails.
                self.send_error(404)
                return
            if path == "/__smoke/throws.html":
                self._send_bytes(THROWS.encode())
                return
            if path in ("/", "/index.html"):
                page = directory / "index.html"
                self._send_bytes(served_page(page), page.stat().st_mtime)
                return
            if path == "/precache.js":
                # As a static host serves it: written once before the suite (the
                # fixture), not hashed again per request as the dev server does (~0.4 s
                # that a first visit in WebKit would spend on a blank page).
                manifest = directory / "precache.js"
                self._send_bytes(served_manifest(manifest, served_page(directory / "index.html")),
                                 manifest.stat().st_mtime, "text/javascript; charset=utf-8")
                return
            super().do_GET()

        def _send_bytes(self, body: bytes, mtime: float | None = None,
                        content_type: str = "text/html; charset=utf-8") -> None:
            # The validators the file itself has (serve.py's Last-Modified, and an ETag),
            # so that a revalidation is a 304 here too.
            tag = f'"{hashlib.sha256(body).hexdigest()[:16]}"'
            modified = email.utils.formatdate(int(mtime), usegmt=True) if mtime else None
            if self.headers.get("If-None-Match") == tag or (
                    modified and self.headers.get("If-Modified-Since") == modified):
                self.send_response(304)
                self.send_header("ETag", tag)
                self.end_headers()
                return
            self.send_response(200)
            self.send_header("ETag", tag)
            if modified:
                self.send_header("Last-Modified", modified)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def send_response(self, code: int, message: str | None = None) -> None:
            self._status, self._size = code, 0
            super().send_response(code, message)

        def send_header(self, keyword: str, value: str) -> None:
            if keyword.lower() == "content-length":
                self._size = int(value)
            super().send_header(keyword, value)

        def end_headers(self) -> None:
            super().end_headers()
            size = self._size if self._status == 200 and self.command == "GET" else 0
            logged.requests.append(Request(self.path.split("?", 1)[0], self._status, size))

    server = serve.Server(("127.0.0.1", 0), functools.partial(Handler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, name="smoke-http", daemon=True).start()
    host, port = server.server_address[:2]
    logged.url, logged.server = f"http://{host}:{port}", server
    return logged
