"""The Bot Lab's numbers for `make bench` (section ``lab``), in headless Chromium.

- starts: the referee's worker (``new Worker()`` to its Python ready) and a bot's
  sandbox (asked for to its Python ready, its files given as bytes by the page);
- the games per second a match reaches with a ``moves[0]`` bot against ``random`` in
  each game, the bot in its sandbox, beside two baselines from the same
  run: the same match with the bot in the referee's own interpreter, in a worker of the
  same browser (how the Lab ran it before the sandbox), and in CPython in this process;
- how long an endless loop takes to be stopped: in ``choose`` with a 250 ms limit, and
  at the file's top level (its 5 s limit), from the question to the sandbox stopped;
- the main thread's long tasks while a match runs;
- starts from snapshots against normal starts (issue 36, item 4), side by side in one
  run (``starts``): the referee (a normal start either way, for scale), the first
  sandbox (the Lab opened), each new
  sandbox after it (what every bot of a tournament waits for), and the sandboxes'
  frame's process (RSS, its one spare sandbox in it);
- memory: every renderer process's resident memory together (the page, its workers and
  the sandbox's iframe, wherever Chromium puts them) with the menu open, with the Lab
  open, and at its peak during a tournament of 10 bots.

Each browser figure is measured at full speed and with the CPU throttled 4x (CDP
``Emulation.setCPUThrottlingRate``), as a school laptop would run it.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
READY = "document.body.dataset.ready === '1'"
MOVES0 = "def choose(view, moves, rng):\n    return moves[0]\n"
LOOP = "def choose(view, moves, rng):\n    while True:\n        pass\n"
TOP_LOOP = "while True:\n    pass\n"
LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
"""
GAMES = 50
TOURNAMENT_BOTS = 10

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
                       "options": {}})


def in_one_worker_games_per_s(page, base: str, game_id: str) -> float:
    """The baseline in the page's browser: a blob worker, the bot beside the referee."""
    ms = page.evaluate("""([source, req]) => new Promise((resolve) => {
      const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
      const worker = new Worker(url, { type: "module" });
      worker.onmessage = (e) => { worker.terminate(); resolve(e.data); };
      worker.postMessage(req);
    })""", [IN_ONE_WORKER % {"base": base}, request(game_id, GAMES)])
    return GAMES / (ms / 1000)


def renderers_rss_mb() -> float:
    """All of Chromium's renderer processes' resident memory together, in MB (Linux):
    the page, its workers and the sandbox's iframe, wherever Chromium puts them."""
    from tools.bench.memory import renderers_rss_kb

    return sum(renderers_rss_kb()) / 1024


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
    # Both started when the Lab opened: the referee, and a sandbox for the first bot
    # (a student types before pressing Run; a match measured before would count a boot).
    for name in ("parlor:lab-worker-start", "parlor:lab-sandbox-start"):
        page.wait_for_function(f"performance.getEntriesByName('{name}').length",
                               timeout=180_000)
    return ctx, page


def match(page, code: str, games: int, limit: str = "1000") -> float:
    """Run a match in the page; its ``parlor:lab-match`` measure in ms."""
    set_code(page, code)
    page.select_option("[data-lab-field=level]", "random")
    page.select_option("[data-lab-field=games]", str(games))
    page.select_option("[data-lab-field=limit]", limit)
    page.evaluate("window.__longTasks = []")
    before = len(measures(page, "parlor:lab-match"))
    page.click("[data-action=lab-run]")
    page.wait_for_selector(f"[data-lab-progress][data-done='{games}']", timeout=600_000)
    page.wait_for_function(f"performance.getEntriesByName('parlor:lab-match').length > {before}",
                           timeout=60_000)
    return measures(page, "parlor:lab-match")[-1]


def loops(emit: Callable[[str], None], browser, base: str, throttle: float,
          results: dict[str, object]) -> None:
    """An endless loop stopped, in ``choose`` and at the top level."""
    ctx, page = lab_page(browser, base, "kabaleo", throttle)
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


def memory(emit: Callable[[str], None], browser, base: str) -> dict[str, float]:
    """The renderers' memory: the menu, the Lab open, a tournament of 10 bots (peak)."""
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    page.goto(f"{base}/index.html?lang=en")
    page.wait_for_function(READY, timeout=180_000)
    time.sleep(2)
    menu = renderers_rss_mb()
    page.goto(f"{base}/index.html?lab=kabaleo&lang=en")
    page.wait_for_function(READY, timeout=180_000)
    page.wait_for_function("performance.getEntriesByName('parlor:lab-worker-start').length",
                           timeout=180_000)
    time.sleep(2)
    lab = renderers_rss_mb()
    for i in range(TOURNAMENT_BOTS):
        if i:
            page.click("[data-action=lab-new]")
        set_code(page, f"# bot {i}\ndef choose(view, moves, rng):\n"
                       f"    return moves[{i} % len(moves)]\n")
    page.select_option("[data-lab-field=games]", "10")
    peak, done = [0.0], threading.Event()

    def sample() -> None:
        while not done.is_set():
            peak[0] = max(peak[0], renderers_rss_mb())
            time.sleep(0.25)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    t0 = time.perf_counter()
    page.click("[data-action=lab-tournament]")
    total = TOURNAMENT_BOTS * (TOURNAMENT_BOTS - 1) // 2 * 10
    page.wait_for_selector(f"[data-lab-tournament][data-done='{total}']", timeout=1_800_000)
    seconds = time.perf_counter() - t0
    done.set()
    sampler.join()
    starts = measures(page, "parlor:lab-sandbox-start")
    ctx.close()
    emit(f"  memory (all renderer processes): menu {menu:.0f} MB, the Lab open {lab:.0f} MB, "
         f"a tournament of {TOURNAMENT_BOTS} bots ({total} games, {seconds:.0f} s, "
         f"{len(starts)} sandboxes started) at most {peak[0]:.0f} MB")
    return {"menu_mb": menu, "lab_mb": lab, "tournament_peak_mb": peak[0],
            "tournament_s": seconds, "tournament_sandboxes": len(starts)}


#: A new sandbox, once the frame holds the files: from make() to its first word, and
#: the steps of its start (``parlorSandbox.starts.last.steps``: ms since make(); none on
#: a tree before they were reported).
NEW_SANDBOX = """async () => {
  const starts = window.parlorSandbox.starts;
  const before = starts.snapshot + starts.normal;
  const t0 = performance.now();
  const { id, port } = window.parlorSandbox.make(() => {});
  const word = await new Promise((resolve) => { port.onmessage = (e) => resolve(e.data); });
  const ms = performance.now() - t0;
  for (let i = 0; i < 100 && starts.snapshot + starts.normal === before; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const steps = starts.snapshot + starts.normal > before ? starts.last.steps ?? null : null;
  window.parlorSandbox.kill(id);
  return [word === "ready" ? ms : -1, steps];
}"""

#: The steps of a new sandbox's start, in order (assets/lab-sandbox.js's STEPS).
STEPS = ("made", "begun", "evaluated", "received", "read", "loaded", "unpacked", "ready")


def one_start(browser, base: str, throttle: float, snapshot: bool,
              pause: float = 0.0) -> dict[str, float]:
    """The Lab opened once, its sandboxes from their snapshot or (its manifest missing)
    normally; `pause` seconds before each new sandbox (as a tournament's come)."""
    from tools.bench.memory import renderers

    ctx = browser.new_context(service_workers="block")
    if not snapshot:
        ctx.route("**/lab-snapshot.json", lambda route: route.fulfill(status=404, body=""))
    page = ctx.new_page()
    if throttle > 1:
        ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    page.goto(f"{base}/index.html?lab=kabaleo&lang=en")
    page.wait_for_function(READY, timeout=300_000)
    mode = "snapshot" if snapshot else "normal"
    for name in ("parlor:lab-worker-start", "parlor:lab-sandbox-start",
                 f"parlor:lab-sandbox-boot-{mode}"):
        page.wait_for_function(f"performance.getEntriesByName('{name}').length",
                               timeout=300_000)
    assert page.evaluate("window.parlorSandbox.starts.last.mode") == mode
    made = [(time.sleep(pause), page.evaluate(NEW_SANDBOX))[1] for _ in range(3)]
    news = sorted(ms for ms, _ in made)
    assert min(news) > 0, news
    time.sleep(2)
    before = renderers(browser)
    page.evaluate("window.parlorSandbox.end()")  # the frame goes: its process is the one gone
    time.sleep(2)
    after = renderers(browser)
    gone = [rss for pid, (rss, _) in before.items() if pid not in after]
    out = {"referee_ms": measures(page, "parlor:lab-worker-start")[0],
           "first_sandbox_ms": measures(page, "parlor:lab-sandbox-start")[0],
           "sandbox_boot_ms": measures(page, f"parlor:lab-sandbox-boot-{mode}")[0],
           "new_sandbox_ms": news[1], "frame_rss_mb": max(gone, default=0.0)}
    # Each step's own time (from the step before it), median of the three new sandboxes.
    import statistics

    steps = [s for _, s in made if s]
    for before, step in zip(STEPS, STEPS[1:], strict=False):
        if steps:
            out[f"step_{step}_ms"] = statistics.median(s[step] - s[before] for s in steps)
    ctx.close()
    return out


def starts(emit: Callable[[str], None], browser, base: str, throttle: float,
           rounds: int = 5) -> dict[str, dict[str, float]]:
    """Snapshot and normal starts, alternating, ``rounds`` each: medians, and the load."""
    import os
    import statistics

    runs: dict[str, list[dict[str, float]]] = {"snapshot": [], "normal": []}
    loads = [os.getloadavg()[0]]
    for i in range(rounds):
        for snapshot in ((True, False) if i % 2 == 0 else (False, True)):
            runs["snapshot" if snapshot else "normal"].append(
                one_start(browser, base, throttle, snapshot))
            loads.append(os.getloadavg()[0])
    medians = {mode: {k: statistics.median(r[k] for r in rs) for k in rs[0]}
               for mode, rs in runs.items()}
    snap, normal = medians["snapshot"], medians["normal"]
    emit(f"  {f'{throttle:g}x':5} load {min(loads):.1f}-{max(loads):.1f}, median of {rounds}: "
         "snapshot / normal (ratio)")
    for key, label in (("referee_ms", "referee ready"),
                       ("first_sandbox_ms", "first sandbox ready (Lab opened)"),
                       ("sandbox_boot_ms", "its worker's own start"),
                       ("new_sandbox_ms", "a new sandbox ready"),
                       ("frame_rss_mb", "sandboxes' frame, RSS MB")):
        emit(f"        {label:34} {snap[key]:8.0f} / {normal[key]:8.0f} "
             f"({snap[key] / normal[key]:.2f})")
    return {**medians, "load": {"min": min(loads), "max": max(loads)}}


def versus(emit: Callable[[str], None], browser, base: str, other: str,
           rounds: int = 5) -> dict[str, object]:
    """This tree's sandboxes from their snapshot against another tree's (`other`, served
    too: e.g. main's commit exported), alternating, median of `rounds`, at 1x."""
    import os
    import statistics

    runs: dict[str, list[dict[str, float]]] = {"this": [], "other": []}
    loads = [os.getloadavg()[0]]
    for i in range(rounds):
        for name in (("this", "other") if i % 2 == 0 else ("other", "this")):
            runs[name].append(one_start(browser, base if name == "this" else other, 1.0,
                                        True, pause=1.0))
            loads.append(os.getloadavg()[0])
    medians = {n: {k: statistics.median(r[k] for r in rs if k in r)
                   for k in {k for r in rs for k in r}} for n, rs in runs.items()}
    emit(f"  1x load {min(loads):.1f}-{max(loads):.1f}, median of {rounds}: this / other")
    for key in sorted(medians["this"], key=lambda k: (k.startswith("step_"), k)):
        other_value = medians["other"].get(key)
        emit(f"        {key:20} {medians['this'][key]:8.0f} / "
             + (f"{other_value:8.0f}" if other_value is not None else "       -"))
    return {**medians, "runs": runs, "load": {"min": min(loads), "max": max(loads)}}


def starts_only(emit: Callable[[str], None], browser, base: str) -> dict[str, object]:
    return {f"starts@{t:g}x": starts(emit, browser, base, t) for t in (1.0, 4.0)}


def run(emit: Callable[[str], None], browser, base: str) -> dict[str, object]:
    results: dict[str, object] = {}
    emit("\nThe Lab's interpreters from snapshots against normal starts (issue 36, item 4)")
    for throttle in (1.0, 4.0):
        results[f"starts@{throttle:g}x"] = starts(emit, browser, base, throttle)
    emit("\nThe Bot Lab (a moves[0] bot against random, 2 players, "
         f"{GAMES} games per match); games/s with the bot in its sandbox, and the\n"
         "baselines: the bot in the referee's interpreter (a worker, same browser) and CPython")
    emit(f"  {'CPU':6} {'game':9} {'referee ms':>11} {'sandbox ms':>11} {'sandboxed/s':>12} "
         f"{'one worker/s':>13} {'CPython/s':>10} {'longest task':>13}")
    for throttle in (1.0, 4.0):
        for game in ("kabaleo", "ciao", "saboteur"):
            ctx, page = lab_page(browser, base, game, throttle)
            start = measures(page, "parlor:lab-worker-start")[0]
            ms = match(page, MOVES0, GAMES)
            sandbox = measures(page, "parlor:lab-sandbox-start")[0]
            tasks = [d for (_, d) in page.evaluate("window.__longTasks")]
            baseline = in_one_worker_games_per_s(page, base, game)
            ctx.close()
            cpython = cpython_games_per_s(game)
            rate = GAMES / (ms / 1000)
            results[f"{game}@{throttle:g}x"] = {
                "worker_start_ms": start, "sandbox_start_ms": sandbox, "games_per_s": rate,
                "one_worker_games_per_s": baseline, "cpython_games_per_s": cpython,
                "longest_task_ms": max(tasks, default=0.0)}
            emit(f"  {f'{throttle:g}x':6} {game:9} {start:11.0f} {sandbox:11.0f} {rate:12.1f} "
                 f"{baseline:13.1f} {cpython:10.1f} {max(tasks, default=0.0):13.0f}")
        loops(emit, browser, base, throttle, results)
    results["memory"] = memory(emit, browser, base)
    return results


if __name__ == "__main__":
    # `python3 -m tools.bench.lab starts`: the snapshots' part alone.
    # `python3 -m tools.bench.lab versus DIR`: this tree against DIR's (another commit).
    # `python3 -m tools.bench.lab referee [DIR]`: the referee restored against its normal
    # start (tools/bench/referee.py), and against DIR's (main's tree, say) if given.
    from tools.bench.referee import referee

    part = starts_only if sys.argv[1:] == ["starts"] else run
    other_dir = (Path(sys.argv[2]) if sys.argv[1:2] in (["versus"], ["referee"])
                 and len(sys.argv) > 2 else None)
    from playwright.sync_api import sync_playwright

    from tools.bench.browser import ARGS, chromium
    from tools.serve import start_server

    server, url = start_server(directory=ROOT, quiet=True)
    other = start_server(directory=other_dir, quiet=True) if other_dir else None
    try:
        with sync_playwright() as pw:
            b = pw.chromium.launch(executable_path=chromium(), args=ARGS)
            if sys.argv[1:2] == ["referee"]:
                print(json.dumps(referee(print, b, url, other[1] if other else None), indent=1))
            elif other:
                print(json.dumps(versus(print, b, url, other[1]), indent=1))
            else:
                print(json.dumps(part(print, b, url), indent=1))
            b.close()
    finally:
        for s in (server, *([other[0]] if other else [])):
            s.shutdown()
            s.server_close()
