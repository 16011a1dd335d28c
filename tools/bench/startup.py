"""Suite ``startup``: start-up of the app against a stock PyScript page, as a school's
players live it.

The baseline is a *stock* page (tools/bench/stock.html): PyScript and Pyodide exactly as
npm ships them (served from node_modules/, not the app's vendor/ copy), one
``<script type="py">`` that marks itself ready. Both pages are served by one static host
(tools/bench/host.py), the way GitHub Pages, Netlify or Cloudflare Pages serve files:
gzip, a static host's cache headers, keep-alive.

Profiles (tools/bench/harness.py): "fast" is this machine as it is; "school" is a
Chromebook on school Wi-Fi: the page's CPU throttled 4x (CDP
``Emulation.setCPUThrottlingRate``) and every response held 40 ms and drawn from one
shared 20 Mbit/s pipe by the host itself, so the service worker's downloads compete
with the page's exactly as on a real link (CDP network emulation would not see the
worker's requests).

Visits: "first" is a new browser profile; "repeat" opens the page again in a new tab of
the same profile after the first visit settled (Parlor from its service worker, the
stock page from the HTTP cache). Parlor's repeat visit restores its Python snapshot
(assets/pyodide-start.mjs); the row "app-normal" is a third visit of the same
profile with the snapshot taken out of the cache, i.e. the repeat visit as it was
before the snapshot (and as it is when a snapshot is refused). Bytes are counted by the
server: what it sent (headers and compressed bodies) until ready, and in all (Parlor's
first visit also precaches the app for offline use after it is ready); "files" is the
same responses' uncompressed size.
Pages alternate, so the machine's noise hits both alike.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tools import serve
from tools.bench.harness import FAST, READY, ROOT, SCHOOL, Context, page_renderer, throttle
from tools.bench.host import Link, StaticHost, start_host

MARK = "performance.getEntriesByName('parlor:ready')[0].startTime"
#: The steps of the app's start (assets/pyodide-start.mjs, py/main.py,
#: parlor.web.app.main): each mark's time since the navigation started (absent on the
#: stock page): PyScript asks for Pyodide, Pyodide restored (or started), the package on
#: disk, PyScript's own Python done and py/main.py begun, parlor.web imported, ready.
STEPS = ("parlor:pyodide-called", "parlor:pyodide-loaded", "parlor:unpacked",
         "parlor:main-py", "parlor:main", "parlor:ready")
#: After ready: PyScript has run its own Python and py/main.py again (parlor.web.start),
#: work that used to come before the first screen.
LATE = "parlor:pyscript-ran"
STEP_TIMES = f"""Object.fromEntries({list(STEPS)!r}.map(n =>
    [n, (performance.getEntriesByName(n)[0] || {{startTime: NaN}}).startTime]))"""
PAGES = {"app": "index.html", "stock": "tools/bench/stock.html"}
#: The rows of the table: the app, the app's repeat visit without its snapshot, stock.
ROWS = ("app", "app-normal", "stock")
MODE = "globalThis.parlorStart ? globalThis.parlorStart.mode : ''"
DROP_SNAPSHOT = """async () => {
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
            if (/\\/snapshot-[0-9a-f]{16}\\.bin$/.test(request.url)) await cache.delete(request);
        }
    }
}"""


PROFILES = (FAST, SCHOOL)


def options(group: argparse._ArgumentGroup) -> None:
    group.add_argument("--runs", type=int, default=0,
                       help="visits per row, median taken (startup: default 5, --quick 3; "
                            "startup-pair: default 5, --quick 2)")


@dataclass
class Visit:
    ms: float
    sent_ready: int
    sent_all: int
    files_ready: int
    files_all: int
    requests: int
    steps: dict[str, float] = field(default_factory=dict)
    rss_mb: float = float("nan")  # the page's renderer at ready


@dataclass
class Opened:
    """A page open at ready: its time to ready, its marks then, its renderer's RSS."""

    page: Any
    ms: float
    steps: dict[str, float]
    rss_mb: float


def _open(context: Any, url: str, cpu_rate: float) -> Opened:
    page = context.new_page()
    throttle(context, page, cpu_rate)
    page.goto(url)
    page.wait_for_function(READY, timeout=300_000, polling=50)
    rss = page_renderer(context.browser)[1]
    steps = page.evaluate(STEP_TIMES)
    return Opened(page, float(page.evaluate(MARK)), steps, rss)


def _mark(page: Any, name: str) -> float:
    """A mark's time since the navigation started (NaN if absent: the stock page, or a
    start before the mark existed)."""
    return float(page.evaluate(
        f"(performance.getEntriesByName({name!r})[0] || {{startTime: NaN}}).startTime"))


def _precached_count(root: Path) -> int:
    """How many files the service worker's cache holds once complete (precache.js)."""
    text = (root / "precache.js").read_text(encoding="utf-8")
    return len(json.loads(text[text.index("{"):text.rindex("}") + 1])["files"])


def settle_app(page: Any, root: Path = ROOT) -> None:
    """Wait until Parlor's service worker controls the page and precached the app (its
    cache exists, partly filled, from the moment it takes the page: count the files of
    ``root``'s precache list, and see the snapshot, unpacked last, among them). Polled
    from Python: an async predicate given to wait_for_function passes at once (its
    promise is truthy), which let repeat visits start before the snapshot was cached."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=300_000)
    done = """async (want) => {
        for (const name of await caches.keys()) {
            const urls = (await (await caches.open(name)).keys()).map((r) => r.url);
            const snapshot = urls.some((u) => /\\/snapshot-[0-9a-f]{16}\\.bin$/.test(u));
            if (urls.length >= want && snapshot) return true;
        }
        return false;
    }"""
    want = _precached_count(root)
    deadline = time.monotonic() + 300
    while not page.evaluate(done, want):
        if time.monotonic() > deadline:
            raise TimeoutError("bench: the service worker did not precache the app in 300 s")
        page.wait_for_timeout(250)


def _repeat(context: Any, url: str, cpu_rate: float, mode: str = "") -> Visit:
    tally = StaticHost.tally
    opened = _open(context, url, cpu_rate)
    page = opened.page
    sent_ready, files_ready = tally.sent, tally.files
    if mode and page.evaluate(MODE) != mode:  # the row would not measure what it says
        raise RuntimeError(f"bench: a repeat visit started {page.evaluate(MODE)!r}, "
                           f"not {mode!r}: {page.evaluate('globalThis.parlorStart')}")
    page.wait_for_timeout(1000)
    sent, files, requests = tally.reset()
    steps = {**opened.steps, LATE: _mark(page, LATE)}
    page.close()
    return Visit(opened.ms, sent_ready, sent, files_ready, files, requests, steps,
                 opened.rss_mb)


def visits(browser: Any, base: str, page_name: str, cpu_rate: float) -> dict[str, Visit]:
    """A first and a repeat visit of one page in a new profile (the app: and a repeat
    visit without its snapshot, "repeat-normal")."""
    tally = StaticHost.tally
    url = f"{base}/{PAGES[page_name]}"
    context = browser.new_context(service_workers="allow")
    out: dict[str, Visit] = {}
    try:
        tally.reset()
        opened = _open(context, url, cpu_rate)
        page = opened.page
        sent_ready, files_ready = tally.sent, tally.files
        if page_name == "app":
            settle_app(page)
        else:
            page.wait_for_load_state("networkidle")
        sent, files, requests = tally.reset()
        out["first"] = Visit(opened.ms, sent_ready, sent, files_ready, files, requests,
                             {**opened.steps, LATE: _mark(page, LATE)}, opened.rss_mb)
        page.close()
        app = page_name == "app"
        out["repeat"] = _repeat(context, url, cpu_rate, "snapshot" if app else "")
        if app:
            page = context.new_page()
            page.goto(f"{base}/assets/icon.svg")  # any light page of the origin
            page.evaluate(DROP_SNAPSHOT)
            page.close()
            tally.reset()
            out["repeat-normal"] = _repeat(context, url, cpu_rate, "normal")
    finally:
        context.close()
    return out


def run(ctx: Context) -> dict[str, object]:
    """Measure every (profile, page, visit) ``runs`` times, pages alternating; print
    the table; return the medians (for --json)."""
    emit, browser = ctx.emit, ctx.session.browser
    runs = ctx.args.runs or (3 if ctx.args.quick else 5)
    serve.refresh_precache()
    StaticHost.bodies.clear()
    server, base = start_host()
    data: dict[tuple[str, str, str], list[Visit]] = {}
    try:
        for prof in PROFILES:
            StaticHost.link = Link.of(prof)
            for _ in range(runs):
                for name in ("app", "stock"):
                    for visit, measured in visits(browser, base, name, prof.cpu).items():
                        row = "app-normal" if visit == "repeat-normal" else name
                        visit = "repeat" if visit == "repeat-normal" else visit
                        data.setdefault((prof.name, row, visit), []).append(measured)
    finally:
        server.shutdown()
        server.server_close()
        StaticHost.link = Link()
    emit(f"\nStart-up: the app against a stock PyScript page (median of {runs}; bytes as "
         "sent by a static host with gzip; see tools/bench/startup.py)")
    emit("  fast = this machine; school = CPU 4x slower, 20 Mbit/s shared, 40 ms")
    emit("  MB sent: what the host sent (gzip); MB files: those responses uncompressed;")
    emit("  each to ready / in all (the app's first visit precaches it for offline after)")
    emit("  RSS: the page's renderer process at ready (resident MB)")
    emit(f"  {'profile':7} {'visit':7} {'page':6} {'ready ms':>9} {'ratio':>6} "
         f"{'MB sent':>11} {'MB files':>12} {'requests':>8} {'RSS':>6}")
    out: dict[str, object] = {}
    mb = 1e6
    for profile in (p.name for p in PROFILES):
        for visit in ("first", "repeat"):
            stock_ms = statistics.median(v.ms for v in data[(profile, "stock", visit)])
            for name in ROWS:
                if (profile, name, visit) not in data:
                    continue
                rows = data[(profile, name, visit)]
                ms = statistics.median(v.ms for v in rows)
                ready = statistics.median(v.sent_ready for v in rows) / mb
                total = statistics.median(v.sent_all for v in rows) / mb
                files_ready = statistics.median(v.files_ready for v in rows) / mb
                files = statistics.median(v.files_all for v in rows) / mb
                reqs = statistics.median(v.requests for v in rows)
                rss = statistics.median(v.rss_mb for v in rows)
                emit(f"  {profile:7} {visit:7} {name:10} {ms:9.0f} {ms / stock_ms:6.2f} "
                     f"{ready:5.2f} /{total:5.2f} {files_ready:5.2f} /{files:6.2f} {reqs:8.0f}"
                     f" {rss:6.0f}")
                out[f"{profile} {visit} {name}"] = {
                    "ms": ms, "ratio": ms / stock_ms, "mb_ready": ready, "mb_all": total,
                    "mb_files_ready": files_ready, "mb_files": files, "requests": reqs,
                    "rss_mb": rss, "all_ms": [v.ms for v in rows]}
    emit("\n  The app's start, step by step (median ms): from the navigation to PyScript's call")
    emit("  of loadPyodide; to Pyodide ready (restored or started); the package unpacked;")
    emit("  to py/main.py begun (PyScript's own Python first, or none where the wrapper runs")
    emit("  it); parlor.web imported; main() to the first screen; after ready, PyScript's")
    emit("  own Python and its run of py/main.py (where the wrapper ran it first)")
    emit(f"  {'profile':7} {'visit':7} {'page':10} {'to load':>8} {'pyodide':>8} "
         f"{'unpack':>7} {'pyscript':>9} {'import':>7} {'main()':>7} {'after':>6}")
    for profile in (p.name for p in PROFILES):
        for visit in ("first", "repeat"):
            for name in ("app", "app-normal"):
                got = data.get((profile, name, visit))
                if not got:
                    continue
                med = {n: statistics.median(v.steps.get(n, float("nan")) for v in got)
                       for n in STEPS}
                med[LATE] = statistics.median(v.steps.get(LATE, float("nan")) for v in got)
                called, loaded, unpacked, main_py, main, ready = (med[n] for n in STEPS)
                emit(f"  {profile:7} {visit:7} {name:10} {called:8.0f} {loaded - called:8.0f} "
                     f"{unpacked - loaded:7.0f} {main_py - unpacked:9.0f} {main - main_py:7.0f}"
                     f" {ready - main:7.0f} {med[LATE] - ready:6.0f}")
                out[f"{profile} {visit} {name} steps"] = med
    return out
