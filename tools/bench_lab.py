"""The Bot Lab's numbers for `make bench` (section ``lab``), in headless Chromium.

- the worker's start: ``new Worker()`` to its Python ready (its own Pyodide, the
  page's files), cold in a fresh context, then warm (the files in the HTTP cache);
- the games per second a match reaches with a ``moves[0]`` bot against ``random`` in
  each game, beside the same match run in CPython in this process (the baseline);
- how long an endless loop takes to be stopped: from the call's start to the worker
  terminated, with a 250 ms limit (the watchdog's grace included);
- the main thread's long tasks while a match runs.

Each browser figure is measured at full speed and with the CPU throttled 4x (CDP
``Emulation.setCPUThrottlingRate``), as a school laptop would run it.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
READY = "document.body.dataset.ready === '1'"
MOVES0 = "def choose(view, moves, rng):\n    return moves[0]\n"
LOOP = "def choose(view, moves, rng):\n    while True:\n        pass\n"
LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
"""
GAMES = 50


def cpython_games_per_s(game_id: str, games: int = GAMES) -> float:
    sys.path.insert(0, str(ROOT / "py"))
    from parlor.app.lab.matches import lab_match
    from parlor.app.lab.student import StudentBot, compile_bot
    from parlor.games import GAMES as BY_ID

    bot = compile_bot(MOVES0)
    assert isinstance(bot, StudentBot)
    t0 = time.perf_counter()
    lab_match(BY_ID[game_id], bot, "random", 2, games, 1, clock=lambda: 0.0)
    return games / (time.perf_counter() - t0)


def measures(page, name: str) -> list[float]:
    return page.evaluate(f"""performance.getEntriesByType('measure')
        .filter(m => m.name === '{name}').map(m => m.duration)""")


def set_code(page, code: str) -> None:
    page.evaluate("""(code) => {
      const area = document.querySelector("textarea[data-lab-code]");
      area.value = code;
      area.dispatchEvent(new Event("input", { bubbles: true }));
      area.dataset.labVersion = String(Number(area.dataset.labVersion || 0) + 1000);
    }""", code)


def lab_page(browser, base: str, game: str, throttle: float):
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    page.add_init_script(LONG_TASKS)
    if throttle > 1:
        cdp = ctx.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    page.goto(f"{base}/index.html?lab={game}&lang=en")
    page.wait_for_function(READY, timeout=180_000)
    page.wait_for_function("performance.getEntriesByName('parlor:lab-worker-start').length",
                           timeout=180_000)
    return ctx, page


def match(page, code: str, games: int, limit: str = "1000") -> float:
    """Run a match in the page; its ``parlor:lab-match`` measure in ms."""
    set_code(page, code)
    page.select_option("[data-lab-field=level]", "random")
    page.select_option("[data-lab-field=games]", str(games))
    page.select_option("[data-lab-field=limit]", limit)
    page.evaluate("window.__longTasks = []")
    page.click("[data-action=lab-run]")
    page.wait_for_selector(f"[data-lab-progress][data-done='{games}']", timeout=600_000)
    page.wait_for_function("performance.getEntriesByName('parlor:lab-match').length",
                           timeout=60_000)
    return measures(page, "parlor:lab-match")[-1]


def run(emit: Callable[[str], None], browser, base: str) -> dict[str, object]:
    results: dict[str, object] = {}
    emit("\nThe Bot Lab (a moves[0] bot against random, 2 players, "
         f"{GAMES} games per match):")
    emit(f"  {'CPU':6} {'game':9} {'worker start ms':>16} {'browser games/s':>16} "
         f"{'CPython games/s':>16} {'longest task ms':>16}")
    for throttle in (1.0, 4.0):
        for game in ("kabaleo", "ciao", "saboteur"):
            ctx, page = lab_page(browser, base, game, throttle)
            start = measures(page, "parlor:lab-worker-start")[0]
            ms = match(page, MOVES0, GAMES)
            tasks = [d for (_, d) in page.evaluate("window.__longTasks")]
            ctx.close()
            base_rate = cpython_games_per_s(game)
            rate = GAMES / (ms / 1000)
            results[f"{game}@{throttle:g}x"] = {"worker_start_ms": start, "games_per_s": rate,
                                               "cpython_games_per_s": base_rate,
                                               "longest_task_ms": max(tasks, default=0.0)}
            emit(f"  {f'{throttle:g}x':6} {game:9} {start:16.0f} {rate:16.1f} "
                 f"{base_rate:16.1f} {max(tasks, default=0.0):16.0f}")
        ctx, page = lab_page(browser, base, "kabaleo", throttle)
        set_code(page, LOOP)
        page.select_option("[data-lab-field=limit]", "250")
        page.click("[data-action=lab-run]")
        page.wait_for_selector('[data-lab-error="over_time"]', timeout=120_000)
        stop = measures(page, "parlor:lab-overtime-stop")[0]
        page.click("[data-action=lab-stop]")
        ctx.close()
        results[f"loop_stop_ms@{throttle:g}x"] = stop
        emit(f"  {f'{throttle:g}x':6} an endless loop (limit 250 ms) stopped after "
             f"{stop:.0f} ms from the call's start")
    return results


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "tools"))
    from playwright.sync_api import sync_playwright

    from bench_browser import ARGS, chromium
    from serve import start_server

    server, url = start_server(directory=ROOT, quiet=True)
    try:
        with sync_playwright() as pw:
            b = pw.chromium.launch(executable_path=chromium(), args=ARGS)
            print(json.dumps(run(print, b, url), indent=1))
            b.close()
    finally:
        server.shutdown()
        server.server_close()
