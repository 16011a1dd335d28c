"""What every browser suite of the bench shares: one static server and one headless
Chromium per run, the school profile (CPU throttling and network conditions through
CDP), a long-task collector, and memory sampling of the browser's renderer processes.

- **Browser**: Debian's Chromium (``/usr/bin/chromium``, or ``$CHROMIUM``) driven by the
  venv's Playwright; Playwright never downloads a browser here.
- **Server**: tools/serve.py's static server on 127.0.0.1 at a free port (never 8000),
  serving the working tree (it rebuilds py/parlor.zip and precache.js when asked for
  them). The start-up suites use their own host instead (tools/bench/host.py: a static
  host's gzip and cache headers, and the school link drawn by the server itself).
- **Profiles**: ``FAST`` is this machine as it is; ``SCHOOL`` a Chromebook on school
  Wi-Fi: CPU 4x slower (CDP ``Emulation.setCPUThrottlingRate``), 20 Mbit/s and 40 ms
  (CDP ``Network.emulateNetworkConditions``, which sees the page's own requests, not a
  worker's: where a worker's downloads matter, serve through tools/bench/host.py's Link).
- **Long tasks**: a ``PerformanceObserver`` on the main thread's long tasks (over 50 ms)
  installed before any page script; ``long_tasks(page)`` reads how many there were, how
  many over 100 ms and the longest.
- **Memory**: a renderer's resident set (VmRSS) and proportional share (Pss) from /proc;
  ``renderers(browser)`` lists this browser's own renderer processes (CDP
  ``SystemInfo.getProcessInfo``); ``renderers_mb()`` sums every renderer process started
  by this Python process (the page, its workers and the Lab's sandboxes' frame, wherever
  Chromium puts them; other browsers on the machine are not counted) and, reading /proc
  only, may run in a sampling thread (``PeakSampler``). Linux only.
"""

from __future__ import annotations

import argparse
import os
import shutil
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
#: The page's contract: the app (and the stock page) marks the body once ready.
READY = "document.body.dataset.ready === '1'"
#: Chromium's switches for a quiet, headless, reproducible browser.
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium() -> str | None:
    """``$CHROMIUM``, else Debian's /usr/bin/chromium, else chromium on PATH."""
    env = os.environ.get("CHROMIUM")
    if env:
        return env
    if Path("/usr/bin/chromium").exists():
        return "/usr/bin/chromium"
    return shutil.which("chromium")


def browser_skip_reason() -> str | None:
    """Why no browser suite can run here, or None."""
    if chromium() is None:
        return "no Chromium (`make setup` installs Debian's chromium; or set CHROMIUM=)"
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "Playwright is not installed in this Python (`make bench` runs .venv/bin/python)"
    if not (ROOT / "index.html").exists() or not (ROOT / "vendor" / "pyodide").exists():
        return "vendor/ missing (run `make setup`)"
    return None


# --- profiles: CPU and network through CDP ---------------------------------------------


@dataclass(frozen=True)
class Profile:
    name: str
    cpu: float  # CPU slowdown (1: none)
    latency_ms: float = 0.0
    mbit: float = 0.0  # 0: unlimited


FAST = Profile("fast", 1.0)
SCHOOL = Profile("school", 4.0, 40.0, 20.0)
PROFILES = {p.name: p for p in (FAST, SCHOOL)}


def throttle(context: Any, page: Any, rate: float) -> Any:
    """The page's CPU ``rate`` times slower (CDP); the CDP session, or None at 1x."""
    if rate <= 1:
        return None
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    return cdp


def emulate(context: Any, page: Any, profile: Profile) -> Any:
    """The profile's CPU and network for ``page`` (CDP); its CDP session."""
    cdp = context.new_cdp_session(page)
    if profile.cpu > 1:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": profile.cpu})
    if profile.latency_ms or profile.mbit:
        rate = profile.mbit * 1e6 / 8 if profile.mbit else -1
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": profile.latency_ms,
            "downloadThroughput": rate, "uploadThroughput": rate})
    return cdp


# --- long tasks on the main thread -----------------------------------------------------

LONG_TASKS = """
window.__benchLongTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__benchLongTasks.push(e.duration);
}).observe({ type: "longtask", buffered: true });
"""


@dataclass
class LongTasks:
    """The main thread's long tasks (each over 50 ms), their durations in ms."""

    durations: list[float] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.durations)

    @property
    def longest(self) -> float:
        return max(self.durations, default=0.0)

    def over(self, ms: float) -> int:
        return sum(1 for d in self.durations if d > ms)


def watch_long_tasks(page: Any) -> None:
    """Collect ``page``'s long tasks from its next navigation on (before its scripts)."""
    page.add_init_script(LONG_TASKS)


def reset_long_tasks(page: Any) -> None:
    page.evaluate("window.__benchLongTasks = []")


def long_tasks(page: Any) -> LongTasks:
    return LongTasks([float(d) for d in page.evaluate("window.__benchLongTasks")])


# --- memory: renderer processes --------------------------------------------------------


def _kb(path: str, key: str) -> int:
    try:
        for line in Path(path).read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def renderers(browser: Any) -> dict[int, tuple[float, float]]:
    """This browser's renderer processes: pid -> (RSS MB, Pss MB)."""
    cdp = browser.new_browser_cdp_session()
    try:
        info = cdp.send("SystemInfo.getProcessInfo")["processInfo"]
    finally:
        cdp.detach()
    out = {}
    for p in info:
        if p["type"] == "renderer":
            pid = int(p["id"])
            rss = _kb(f"/proc/{pid}/status", "VmRSS")
            if rss:
                out[pid] = (rss / 1024, _kb(f"/proc/{pid}/smaps_rollup", "Pss") / 1024)
    return out


def page_renderer(browser: Any) -> tuple[int, float, float]:
    """The largest renderer (the one page open): pid, RSS MB, Pss MB."""
    pid, (rss, pss) = max(renderers(browser).items(), key=lambda kv: kv[1][0])
    return pid, rss, pss


def process_tree() -> tuple[dict[int, int], dict[int, bytes]]:
    """Every process's parent and command line (Linux /proc; reads nothing else, so a
    sampling thread may call it)."""
    parents: dict[int, int] = {}
    cmds: dict[int, bytes] = {}
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            stat = (proc / "stat").read_text()
            parents[int(proc.name)] = int(stat.rsplit(")", 1)[1].split()[1])
            cmds[int(proc.name)] = (proc / "cmdline").read_bytes()
        except (OSError, ValueError, IndexError):
            continue  # the process ended while we looked
    return parents, cmds


def renderers_mb() -> float:
    """The resident memory of this process's own Chromium renderers together, in MB: the
    pages, their workers and the sandboxes' iframe, not another run's (reads /proc only,
    so a sampling thread may call it)."""
    parents, cmds = process_tree()
    rss = {pid: _kb(f"/proc/{pid}/status", "VmRSS") for pid, cmd in cmds.items()
           if b"--type=renderer" in cmd}
    me = os.getpid()

    def mine(pid: int) -> bool:
        while pid > 1:
            if pid == me:
                return True
            pid = parents.get(pid, 0)
        return False

    return sum(kb for pid, kb in rss.items() if mine(pid)) / 1024


def play_tournament(page: Any, table_ms: int = 120_000) -> tuple[int, float]:
    """The Lab's Tournament pressed and played to its table's last game (the page's
    contract: ``[data-lab-tournament]``'s ``data-done`` reaches ``data-total``): the
    games played, and the seconds from the press to the last one drawn."""
    t0 = time.perf_counter()
    page.click("[data-action=lab-tournament]")
    table = page.locator("[data-lab-tournament]")
    table.wait_for(timeout=table_ms)
    total = int(table.get_attribute("data-total") or 0)
    page.wait_for_selector(f"[data-lab-tournament][data-done='{total}']", timeout=3_600_000)
    return total, time.perf_counter() - t0


class PeakSampler:
    """``with PeakSampler(0.25) as s: ...``: ``s.peak``, the most ``renderers_mb()`` read
    while the block ran, every ``interval`` seconds in a thread."""

    def __init__(self, interval: float) -> None:
        self.interval, self.peak = interval, 0.0
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        while not self._done.is_set():
            self.peak = max(self.peak, renderers_mb())
            time.sleep(self.interval)

    def __enter__(self) -> PeakSampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        self._thread.join()


# --- one run: the server and the browser, started when first asked for ----------------


class Session:
    """The run's static server and browser, shared by its suites, closed at its end."""

    def __init__(self) -> None:
        self._server: Any = None
        self._base = ""
        self._others: dict[str, tuple[Any, str]] = {}
        self._playwright: Any = None
        self._browser: Any = None

    @property
    def base(self) -> str:
        """The static server's URL (tools/serve.py, the working tree, a free port)."""
        if self._server is None:
            from tools.serve import start_server

            self._server, self._base = start_server(directory=ROOT, quiet=True)
        return self._base

    def serve(self, directory: str | Path) -> str:
        """Another tree (main's, say) served too, at another origin: its URL."""
        key = str(Path(directory).resolve())
        if key not in self._others:
            from tools.serve import start_server

            self._others[key] = start_server(directory=key, quiet=True)
        return self._others[key][1]

    @property
    def browser(self) -> Any:
        if self._browser is None:
            from playwright.sync_api import sync_playwright

            self._playwright = sync_playwright().start()
            self._browser = self._playwright.chromium.launch(executable_path=chromium(),
                                                             args=ARGS)
        return self._browser

    def launch(self) -> Any:
        """A browser of its own (closed by the caller), from the run's Playwright: a
        suite that sums a browser's processes' memory wants no other page's beside."""
        _ = self.browser  # Playwright started
        return self._playwright.chromium.launch(executable_path=chromium(), args=ARGS)

    @property
    def browser_version(self) -> str:
        return f"Chromium {self._browser.version}" if self._browser is not None else ""

    def close(self) -> None:
        if self._browser is not None:
            self._browser.close()
            self._playwright.stop()
            self._browser = self._playwright = None
        for server in [self._server, *(s for s, _ in self._others.values())]:
            if server is not None:
                server.shutdown()
                server.server_close()
        self._server, self._others = None, {}

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@dataclass
class Context:
    """What a suite is given: the command line, where to print, the numbers of the
    suites run before it (by suite name), and the run's server and browser."""

    args: argparse.Namespace
    emit: Callable[[str], None]
    results: dict[str, Any]
    session: Session


# --- Pyodide under Node.js -------------------------------------------------------------


def pyodide_eval(module: str, expression: str, timeout: float = 900
                 ) -> tuple[dict[str, Any] | None, str]:
    """``expression`` evaluated in ``module``'s namespace inside Pyodide under Node.js
    (tools/bench/pyodide.mjs): ({"value", "python", "pyodide", "boot_s"}, "") or (None,
    why not)."""
    import json
    import subprocess

    node = shutil.which("node")
    if node is None:
        return None, "node is not on PATH"
    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists():
        return None, "node_modules/pyodide is missing (run `make setup`)"
    proc = subprocess.run([node, str(ROOT / "tools" / "bench" / "pyodide.mjs"), module,
                           expression], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout)
    found = [ln for ln in proc.stdout.splitlines() if ln.startswith("RESULT ")]
    if proc.returncode != 0 or not found:
        return None, f"failed (exit {proc.returncode}):\n{proc.stdout}{proc.stderr[-2000:]}"
    return json.loads(found[-1][len("RESULT "):]), ""
