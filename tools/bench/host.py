"""The static host the start-up suites serve from, the way GitHub Pages, Netlify or
Cloudflare Pages serve files (tools/bench/startup.py says why):

- gzip for text, JSON and wasm when the browser asks for it (those hosts compress
  ``application/wasm``; ``.zip`` files go as they are, already deflated),
- ``Cache-Control: max-age=600`` with ``Last-Modified`` (GitHub Pages' headers), so a
  repeat visit of the stock page is answered by the browser's HTTP cache,
- HTTP/1.1 keep-alive,
- and the network drawn by the host itself (``Link``: every response held for the
  latency and drawn from one shared pipe), so a service worker's downloads compete with
  the page's exactly as on a real link (CDP network emulation would not see a worker's
  requests); ``Tally`` counts the bytes sent.
"""

from __future__ import annotations

import email.utils
import gzip
import http.server
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit

from tools import serve
from tools.bench.harness import ROOT, Profile

COMPRESSED = (".html", ".js", ".mjs", ".css", ".json", ".map", ".wasm", ".toml", ".py",
              ".txt", ".svg", ".webmanifest")

@dataclass
class Link:
    """The network between the browser and the host: latency and one shared pipe."""

    latency_s: float = 0.0
    bits_per_s: float = 0.0  # 0: unlimited
    _free_at: float = 0.0
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @classmethod
    def of(cls, profile: Profile) -> Link:
        """The profile's network (its latency and bandwidth), drawn by the host."""
        return cls(profile.latency_ms / 1000, profile.mbit * 1e6)

    def send(self, write: Callable[[bytes], object], data: bytes) -> None:
        """Write ``data`` no faster than the pipe allows, sharing it with every other
        response in flight (each chunk waits for its turn on the wire)."""
        if not self.bits_per_s:
            write(data)
            return
        for i in range(0, len(data), 16384):
            chunk = data[i:i + 16384]
            with self._lock:
                start = max(time.perf_counter(), self._free_at)
                self._free_at = start + len(chunk) * 8 / self.bits_per_s
                done = self._free_at
            delay = done - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            write(chunk)


@dataclass
class Tally:
    """Bytes the host sent since the last reset."""

    sent: int = 0
    files: int = 0
    requests: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, sent: int, files: int) -> None:
        with self._lock:
            self.sent += sent
            self.files += files
            self.requests += 1

    def reset(self) -> tuple[int, int, int]:
        with self._lock:
            out = (self.sent, self.files, self.requests)
            self.sent = self.files = self.requests = 0
            return out


class StaticHost(http.server.BaseHTTPRequestHandler):
    """GET and HEAD of files under ``root`` with a static host's headers (see above)."""

    protocol_version, root = "HTTP/1.1", ROOT  # a subclass may serve another tree
    link = Link()
    tally = Tally()
    bodies: dict[tuple[str, bool], bytes] = {}

    def do_HEAD(self) -> None:
        self._serve(head=True)

    def do_GET(self) -> None:
        self._serve(head=False)

    def _serve(self, head: bool) -> None:
        rel = unquote(urlsplit(self.path).path).lstrip("/")
        # Normalised, not resolved: vendor/ may be a symlink (a worktree shares one).
        path = Path(os.path.normpath(self.root / rel))
        if path.is_dir():
            path = path / "index.html"
        if self.link.latency_s:
            time.sleep(self.link.latency_s)
        if self.root not in path.parents or not path.is_file():
            self._reply(404, {}, b"not found", head)
            return
        modified = email.utils.formatdate(path.stat().st_mtime, usegmt=True)
        headers = {"Content-Type": serve.MIME_TYPES.get(path.suffix.lower(),
                                                         "application/octet-stream"),
                   "Last-Modified": modified, "Cache-Control": "max-age=600",
                   "Vary": "Accept-Encoding"}
        if self.headers.get("If-Modified-Since") == modified:
            self._reply(304, headers, b"", head=True)
            return
        zipped = (path.suffix.lower() in COMPRESSED
                  and "gzip" in self.headers.get("Accept-Encoding", ""))
        body = self._body(path, zipped)
        if zipped:
            headers["Content-Encoding"] = "gzip"
        self._reply(200, headers, body, head, files=path.stat().st_size)

    def _body(self, path: Path, zipped: bool) -> bytes:
        key = (str(path), zipped)
        if key not in self.bodies:
            raw = path.read_bytes()
            self.bodies[key] = gzip.compress(raw, 6, mtime=0) if zipped else raw
        return self.bodies[key]

    def _reply(self, code: int, headers: dict[str, str], body: bytes, head: bool,
               files: int = 0) -> None:
        self.send_response(code)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        head_bytes = sum(len(line) for line in self._sent_headers)
        try:
            if not head:
                self.link.send(self.wfile.write, body)
        except (BrokenPipeError, ConnectionResetError):
            return
        self.tally.add(head_bytes + (0 if head else len(body)), 0 if head else files)

    def end_headers(self) -> None:
        # Keep the header lines for the tally before they are flushed.
        self._sent_headers: list[bytes] = list(self._headers_buffer)  # type: ignore[attr-defined]
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


def start_host(root: Path = ROOT, name: str = "") -> tuple[http.server.ThreadingHTTPServer, str]:
    """A static host of ``root`` on 127.0.0.1 at a free port, in a daemon thread: (server,
    base URL). Another root is served by a subclass of its own (``name``), which shares
    ``StaticHost``'s link, tally and bodies."""
    handler = (StaticHost if root == ROOT else
               type(f"Host_{name or root.name}", (StaticHost,), {"root": root}))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"
