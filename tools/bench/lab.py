"""Suite ``lab``: the Bot Lab's numbers, in headless Chromium.

- starts: the referee's worker (``new Worker()`` to its Python ready) and a bot's
  sandbox (asked for to its Python ready, its files given as bytes by the page);
- the games per second a match reaches with a ``moves[0]`` bot against ``random`` in
  each game, the bot in its sandbox, beside two baselines from the same
  run: the same match with the bot in the referee's own interpreter, in a worker of the
  same browser (how the Lab ran it before the sandbox), and in CPython in this process;
- how long an endless loop takes to be stopped: in ``choose`` with a 250 ms limit, and
  at the file's top level (its 5 s limit), from the question to the sandbox stopped;
- the main thread's long tasks while a match runs;
- starts from snapshots against normal starts: the ``lab-starts``
  suite (tools/bench/lab_starts.py), run first;
- memory: this run's renderer processes' resident memory together (the page, its
  workers and the sandbox's iframe, wherever Chromium puts them; tools/bench/harness.py)
  with the menu open, with the Lab open, and at its peak during a tournament of 10 bots.

Each browser figure is measured at full speed and with the CPU throttled 4x (CDP
``Emulation.setCPUThrottlingRate``), as a school laptop would run it.

    python -m tools.bench lab [--quick] [--rounds 5] [--lab-games 50]
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

from tools.bench import lab_starts
from tools.bench.harness import READY, Context, PeakSampler, long_tasks, renderers_mb
from tools.bench.labpage import (
    GAME_COUNTS,
    LOOP,
    MOVES0,
    TOP_LOOP,
    match,
    measures,
    open_lab,
    set_code,
    wait_for_marks,
)

GAMES = 50
TOURNAMENT_BOTS = 10


def options(group: argparse._ArgumentGroup) -> None:
    group.add_argument("--lab-games", type=int, default=0, choices=(0, *GAME_COUNTS),
                       help="games per match (default 50; --quick 10)")

#: The baseline: a worker like the referee's that plays the same request with the bot
#: in its own interpreter (parlor.app.lab.here.run_here), as the Lab did before.
IN_ONE_WORKER = """
import { loadPyodide } from "%(base)s/vendor/pyodide/pyodide.mjs";
self.onmessage = async (event) => {
  const py = await loadPyodide({ indexURL: "%(base)s/vendor/pyodide/" });
  const zip = await (await fetch("%(base)s/py/parlor.zip")).arrayBuffer();
  py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/lab" });
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide/lab')");
  const here = py.pyimport("parlor.app.lab.here");
  const t0 = performance.now();
  here.run_here(event.data, () => {}, () => performance.now());
  self.postMessage(performance.now() - t0);
};
"""


def cpython_games_per_s(game_id: str, games: int = GAMES) -> float:
    from parlor.app.lab.here import run_here

    t0 = time.perf_counter()
    run_here(request(game_id, games), lambda text: None, clock=lambda: 0.0)
    return games / (time.perf_counter() - t0)


def request(game_id: str, games: int) -> str:
    return json.dumps({"source": MOVES0, "game": game_id, "level": "random", "players": 2,
                       "games": games, "first": 0, "seed": 1, "limit_ms": 1000,
                       "key": bytes(range(32)).hex(),
                       "options": {}})


def in_one_worker_games_per_s(page: Any, base: str, game_id: str, games: int = GAMES
                              ) -> float:
    """The baseline in the page's browser: a blob worker, the bot beside the referee."""
    ms = page.evaluate("""([source, req]) => new Promise((resolve) => {
      const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
      const worker = new Worker(url, { type: "module" });
      worker.onmessage = (e) => { worker.terminate(); resolve(e.data); };
      worker.postMessage(req);
    })""", [IN_ONE_WORKER % {"base": base}, request(game_id, games)])
    return games / (float(ms) / 1000)


def loops(emit: Callable[[str], None], browser: Any, base: str, throttle: float,
          results: dict[str, object]) -> None:
    """An endless loop stopped, in ``choose`` and at the top level."""
    ctx, page = open_lab(browser, base, "kabaleo", throttle)
    for code, limit, error, label in ((LOOP, "250", "over_time", "in choose (limit 250 ms)"),
                                      (TOP_LOOP, "1000", "load_time",
                                       "at the top level (limit 5000 ms)")):
        set_code(page, code)
        page.select_option("[data-lab-field=limit]", limit)
        before = len(measures(page, "parlor:lab-overtime-stop"))
        page.click("[data-action=lab-run]")
        page.wait_for_selector(f'[data-lab-error="{error}"]', timeout=120_000)
        stop = measures(page, "parlor:lab-overtime-stop")[before]
        if page.locator("[data-action=lab-stop]").is_enabled():  # a match still going
            page.click("[data-action=lab-stop]")
        results[f"loop_stop_ms@{throttle:g}x:{error}"] = stop
        emit(f"  {f'{throttle:g}x':6} an endless loop {label} stopped {stop:.0f} ms "
             "after the question")
    ctx.close()


def memory(emit: Callable[[str], None], browser: Any, base: str,
           bots: int = TOURNAMENT_BOTS) -> dict[str, float]:
    """The renderers' memory: the menu, the Lab open, a tournament of 10 bots (peak)."""
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    page.goto(f"{base}/index.html?lang=en")
    page.wait_for_function(READY, timeout=180_000)
    time.sleep(2)
    menu = renderers_mb()
    page.goto(f"{base}/index.html?lab=kabaleo&lang=en")
    page.wait_for_function(READY, timeout=180_000)
    wait_for_marks(page, "parlor:lab-worker-start")
    time.sleep(2)
    lab = renderers_mb()
    for i in range(bots):
        if i:
            page.click("[data-action=lab-new]")
        set_code(page, f"# bot {i}\ndef choose(view, moves, rng):\n"
                       f"    return moves[{i} % len(moves)]\n")
    page.select_option("[data-lab-field=games]", "10")
    with PeakSampler(0.25) as sampler:
        t0 = time.perf_counter()
        page.click("[data-action=lab-tournament]")
        total = bots * (bots - 1) // 2 * 10
        page.wait_for_selector(f"[data-lab-tournament][data-done='{total}']",
                               timeout=1_800_000)
        seconds = time.perf_counter() - t0
    peak = sampler.peak
    starts = measures(page, "parlor:lab-sandbox-start")
    ctx.close()
    emit(f"  memory (all renderer processes): menu {menu:.0f} MB, the Lab open {lab:.0f} MB, "
         f"a tournament of {bots} bots ({total} games, {seconds:.0f} s, "
         f"{len(starts)} sandboxes started) at most {peak:.0f} MB")
    return {"menu_mb": menu, "lab_mb": lab, "tournament_peak_mb": peak,
            "tournament_s": seconds, "tournament_sandboxes": len(starts)}


def run(ctx: Context) -> dict[str, object]:
    emit, browser, base = ctx.emit, ctx.session.browser, ctx.session.base
    games = ctx.args.lab_games or (10 if ctx.args.quick else GAMES)
    results: dict[str, object] = dict(lab_starts.run_starts(ctx))
    emit("\nThe Bot Lab (a moves[0] bot against random, 2 players, "
         f"{games} games per match); games/s with the bot in its sandbox, and the\n"
         "baselines: the bot in the referee's interpreter (a worker, same browser) and CPython")
    emit(f"  {'CPU':6} {'game':9} {'referee ms':>11} {'sandbox ms':>11} {'sandboxed/s':>12} "
         f"{'one worker/s':>13} {'CPython/s':>10} {'longest task':>13}")
    for throttle in (1.0, 4.0):
        for game in ("kabaleo", "ciao", "saboteur"):
            ctx_, page = open_lab(browser, base, game, throttle)
            start = measures(page, "parlor:lab-worker-start")[0]
            ms = match(page, MOVES0, games)
            sandbox = measures(page, "parlor:lab-sandbox-start")[0]
            longest = long_tasks(page).longest
            baseline = in_one_worker_games_per_s(page, base, game, games)
            ctx_.close()
            cpython = cpython_games_per_s(game, games)
            rate = games / (ms / 1000)
            results[f"{game}@{throttle:g}x"] = {
                "worker_start_ms": start, "sandbox_start_ms": sandbox, "games_per_s": rate,
                "one_worker_games_per_s": baseline, "cpython_games_per_s": cpython,
                "longest_task_ms": longest}
            emit(f"  {f'{throttle:g}x':6} {game:9} {start:11.0f} {sandbox:11.0f} {rate:12.1f} "
                 f"{baseline:13.1f} {cpython:10.1f} {longest:13.0f}")
        loops(emit, browser, base, throttle, results)
    results["memory"] = memory(emit, browser, base, 3 if ctx.args.quick else TOURNAMENT_BOTS)
    return results
