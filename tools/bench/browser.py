"""Browser measurements for `make bench`: start-up against a stock PyScript page
(tools/bench/startup.py), responsiveness while bots play, bot move times inside
Pyodide, and a memory soak of many games in one tab (tools/bench/memory.py).

Everything is measured in one run, side by side, in headless Chromium against servers
on 127.0.0.1.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
READY = "document.body.dataset.ready === '1'"


def chromium() -> str | None:
    import os
    import shutil

    env = os.environ.get("CHROMIUM")
    if env:
        return env
    if Path("/usr/bin/chromium").exists():
        return "/usr/bin/chromium"
    return shutil.which("chromium")


def bots_in_page(browser, base: str, game: str, seats: str, players: int,
                 extra: str = "") -> dict[str, object]:
    """Play a bots-only game with no delay; record long tasks and bot move measures
    (a move's measure spans its whole thinking, all slices: ``BotMoved.ms``)."""
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    page.add_init_script("""
        window.__longtasks = [];
        new PerformanceObserver(list => {
            for (const e of list.getEntries()) window.__longtasks.push(e.duration);
        }).observe({type: 'longtask', buffered: true});
    """)
    page.goto(f"{base}/index.html?game={game}&players={players}&seats={seats}"
              f"&seed=1&botdelay=0{extra}")
    page.wait_for_function(READY, timeout=120_000)
    page.evaluate("window.__longtasks = []")  # start-up itself is measured above
    page.wait_for_selector("#game[data-phase='over']", timeout=600_000)
    tasks = page.evaluate("window.__longtasks")
    measures = page.evaluate("""performance.getEntriesByType('measure')
        .filter(m => m.name.startsWith('parlor:bot:'))
        .map(m => [m.name.split(':').pop(), m.duration])""")
    ctx.close()
    per_level: dict[str, list[float]] = {}
    for level, ms in measures:
        per_level.setdefault(level, []).append(ms)
    return {"longtasks": tasks, "moves": per_level}


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def run(emit: Callable[[str], None], runs: int = 3, soak_games: int = 30,
        reload_times: int = 25) -> dict[str, object]:
    """Print the browser tables; return their numbers (for python -m tools.bench --json)."""
    results: dict[str, object] = {}
    exe = chromium()
    if exe is None:
        emit("browser: skipped (no Chromium; `make setup` installs Debian's chromium)")
        return results
    if not (ROOT / "vendor" / "pyodide" / "pyodide.mjs").exists():
        emit("browser: skipped (vendor/ missing; run `make setup`)")
        return results
    from playwright.sync_api import sync_playwright

    from tools.bench import memory as bench_memory
    from tools.bench import startup as bench_startup
    from tools.serve import start_server

    server, base = start_server(directory=ROOT, quiet=True)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=exe, args=ARGS)
            t0 = time.perf_counter()
            results["startup"] = bench_startup.run(emit, browser, runs)
            games = (("kabaleo", "bot:hard,bot:medium,bot:hard,bot:easy", 4, ""),
                     ("ciao", "bot:hard,bot:medium,bot:hard", 3, "&opt.rounds=1"),
                     ("saboteur", "bot:hard,bot:medium", 2, "&opt.rounds=1"))
            for game, seats, players, extra in games:
                data = bots_in_page(browser, base, game, seats, players, extra)
                tasks: list[float] = data["longtasks"]  # type: ignore[assignment]
                emit(f"\nIn the page, a {players}-player {game} game of bots ({seats}):")
                emit(f"  long tasks (>50 ms): {len(tasks)}, over 100 ms: "
                     f"{sum(1 for t in tasks if t > 100)}, longest: "
                     f"{max(tasks, default=0):.0f} ms")
                emit(f"  {'bot level':12} {'moves':>6} {'mean ms':>8} {'p95 ms':>8} {'max ms':>8}")
                moves: dict[str, list[float]] = data["moves"]  # type: ignore[assignment]
                for level, values in sorted(moves.items()):
                    emit(f"  {level:12} {len(values):6} {statistics.mean(values):8.1f} "
                         f"{pct(values, 0.95):8.1f} {max(values):8.1f}")
            results["memory"] = bench_memory.run(emit, browser, base, soak_games,
                                                  reload_times)
            browser.close()
            emit(f"(browser section took {time.perf_counter() - t0:.0f} s)")
    finally:
        server.shutdown()
        server.server_close()
    return results


if __name__ == "__main__":
    run(print)
