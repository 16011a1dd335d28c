"""Suite ``lab-class``: the Bot Lab under a class's tournament, this tree beside a
baseline tree (``--other DIR``: int's or main's files, built), in headless Chromium: how
long the tournament takes, whether the page stays alive while it plays, and what memory
the Lab keeps.

    python -m tools.bench lab-class --other /work/wt-int [--class-cases kabaleo:30:2
        ciao:12:6] [--rates 1,4] [--runs 1]

Each tree is served by its own ``tools/serve.py`` (so each builds its own package), on
a free port. A trial is one fresh browser: the menu opened (memory), the case's game's
Lab opened from it (memory once it settles), the case's bots added (each a
``rng.choice(moves)`` bot like the Lab's new-bot starter, told apart by a comment: bots
that end their games), the seats chosen (the Lab's default games a pair), then the
tournament run from its button to its table's last game: the wall time, the sandboxes
started, the page's long tasks (PerformanceObserver ``longtask``: count over 100 ms and
the longest; and the long animation frames' scripts that made them, for attribution),
the page's main thread's CPU seconds and layouts (Chromium's own counters, MAIN),
how often the table was redrawn (its nodes' changes, counted by a MutationObserver: a
steady pace, not one a game), and every renderer process of that browser summed (RSS,
Linux; the page, its workers and the sandboxes' frame) sampled every 250 ms for its
peak, and again 15 s after the run (what is let go between runs). Trials go round
tree after tree (alternating, so the machine's load falls on both alike), ``--runs``
times per case and CPU rate (CDP ``Emulation.setCPUThrottlingRate`` on the page), and
the medians are printed side by side with the load average before and after each.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tools.bench.harness import READY, ROOT, Context, play_tournament, process_tree
from tools.bench.labpage import set_code

#: The Lab's new-bot starter (app/lab/page/keep.py STARTER), told apart by a comment.
BOT = "# bot {i}\ndef choose(view, moves, rng):\n    return rng.choice(moves)\n"
#: Before any page script: the page's long tasks and long animation frames (with the
#: scripts that ran in them), kept from ``window.__benchFrom`` on.
OBSERVE = """
window.__benchFrom = 0;
window.__longTasks = [];
window.__loaf = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.startTime < window.__benchFrom) continue;
      const a = (e.attribution || [])[0];
      window.__longTasks.push([e.startTime, e.duration, a ? a.containerType + ':' + a.name : '']);
    }
  }).observe({ type: "longtask", buffered: true });
} catch (e) {}
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.startTime < window.__benchFrom || e.duration < 100) continue;
      window.__loaf.push({ start: e.startTime, duration: e.duration,
        blocking: e.blockingDuration, layout: e.styleAndLayoutStart
          ? e.startTime + e.duration - e.styleAndLayoutStart : 0,
        scripts: (e.scripts || []).map((s) => [s.invoker, s.sourceURL.split('/').pop(),
          s.sourceFunctionName, Math.round(s.duration),
          Math.round(s.forcedStyleAndLayoutDuration)]) });
    }
  }).observe({ type: "long-animation-frame", buffered: true });
} catch (e) {}
"""
#: What the page's measures say about the sandboxes (assets/lab.js, lab-worker.js).
MEASURES = """(from) => {
  const of = (name) => performance.getEntriesByName(name)
    .filter((m) => m.startTime + m.duration >= from).map((m) => m.duration);
  return { starts: of('parlor:lab-sandbox-start'), handed: of('parlor:lab-sandbox-handed'),
           boots: of('parlor:lab-sandbox-boot-snapshot').length,
           normal: of('parlor:lab-sandbox-boot-normal').length,
           referee: of('parlor:lab-worker-start') };
}"""
#: The results' redraws while the tournament plays: each delivery of the observer's
#: records that touches the results is one redraw (a task's changes come together; the
#: results' node itself may be replaced, so the whole page is watched).
REDRAWS = """() => {
  window.__redraws = [];
  new MutationObserver((records) => {
    const inResults = (/** @type {Node} */ node) =>
      (node instanceof Element ? node : node.parentElement)?.closest("#lab-results");
    if (records.some((r) => r.target.isConnected && inResults(r.target)))
      window.__redraws.push(performance.now());
  }).observe(document.body, { subtree: true, childList: true, characterData: true,
                              attributes: true });
}"""


#: The page's main thread over the tournament, from Chromium's own counters (CDP
#: ``Performance.getMetrics``), in seconds: its CPU (``ThreadTime``: at 1x what the page
#: cost, apart from the machine's load; under CDP's throttle it counts the throttle's
#: own time too, ~6x the 1x figure at 4x, so compare trees at one rate), its tasks'
#: time, and their script, style and layout (these three as the page's clock reads
#: them, stretched by the throttle and the load); and the renderer process's CPU (the
#: page's workers too: the referee's Python).
MAIN = {"main_cpu_s": "ThreadTime", "main_tasks_s": "TaskDuration",
        "script_s": "ScriptDuration", "style_s": "RecalcStyleDuration",
        "layout_s": "LayoutDuration", "renderer_cpu_s": "ProcessTime"}


def main_thread(cdp: Any) -> dict[str, float]:
    """The page's counters now (its CDP session has ``Performance`` enabled)."""
    return {m["name"]: float(m["value"]) for m in cdp.send("Performance.getMetrics")["metrics"]}


def loads() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def browsers() -> set[int]:
    """The Chromium browser processes (not their renderers, GPU or zygotes) now."""
    _, cmds = process_tree()
    return {pid for pid, cmd in cmds.items()
            if cmd.split(b"\0")[0].endswith((b"/chromium", b"/chrome"))
            and b"--type=" not in cmd}


def renderers(pid0: int) -> dict[int, float]:
    """Each renderer process under browser ``pid0``, its RSS in MB (Linux)."""
    parents, cmds = process_tree()
    out: dict[int, float] = {}
    for pid, cmd in cmds.items():
        if b"--type=renderer" not in cmd:
            continue
        up = pid
        while up > 1 and up != pid0:
            up = parents.get(up, 0)
        if up != pid0:
            continue
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    out[pid] = int(line.split()[1]) / 1024
        except OSError:
            continue
    return out


def settle(pid0: int, seconds: float) -> float:
    """The renderers' sum once it stops falling (the median of the last samples)."""
    samples = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        samples.append(sum(renderers(pid0).values()))
        time.sleep(0.5)
    return statistics.median(samples[-4:])


class Served:
    """A tree served by its own tools/serve.py, at a free port."""

    def __init__(self, name: str, root: Path) -> None:
        self.name, self.root = name, root.resolve()
        self.proc = subprocess.Popen(
            [sys.executable, str(self.root / "tools" / "serve.py"), "--port", "0",
             "--dir", str(self.root), "--quiet"], stdout=subprocess.PIPE, text=True,
            cwd=self.root)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()  # "Serving DIR at http://host:port/index.html"
        self.base = line.split(" at ", 1)[1].split("/index.html")[0]
        # Its package and precache list built (serve.py builds them when first asked).
        urllib.request.urlopen(f"{self.base}/py/parlor.zip", timeout=600).read()
        urllib.request.urlopen(f"{self.base}/precache.js", timeout=600).read()

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


def trial(ctx: Context, tree: Served, game: str, bots: int, seats: int,
          rate: float) -> dict[str, Any]:
    _ = ctx.session.browser  # the run's own browser up before: not this trial's
    before = browsers()
    browser = ctx.session.launch()
    try:
        pid0 = max(browsers() - before)
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        page.set_default_timeout(300_000)
        page.add_init_script(OBSERVE)
        cdp = context.new_cdp_session(page)
        cdp.send("Performance.enable")  # the page's main thread's own counters (MAIN)
        if rate > 1:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        page.goto(f"{tree.base}/index.html?lang=en")
        page.wait_for_function(READY, timeout=300_000)
        menu = settle(pid0, 6)
        page.click(f".lab-start[data-action=lab][data-game={game}]")
        # Attached, not visible: the editor (CodeMirror) may hide the textarea it keeps.
        page.wait_for_selector("textarea[data-lab-code]", state="attached")
        for i in range(bots):
            if i:
                page.click("[data-action=lab-new]")
            set_code(page, BOT.format(i=i))
        if seats != 2:
            page.select_option("[data-lab-field=seats]", str(seats))
        lab_open = settle(pid0, 12)  # whatever the Lab starts when opened, started
        procs_open = sorted(round(mb) for mb in renderers(pid0).values())
        page.evaluate("window.__benchFrom = performance.now()")
        from_ms = page.evaluate("window.__benchFrom")
        page.evaluate(REDRAWS)
        main_from = main_thread(cdp)
        peak = [lab_open]
        procs_peak: list[list[int]] = [procs_open]
        done = threading.Event()

        def sample() -> None:
            while not done.is_set():
                procs = renderers(pid0)
                if sum(procs.values()) > peak[0]:
                    peak[0] = sum(procs.values())
                    procs_peak[0] = sorted(round(mb) for mb in procs.values())
                time.sleep(0.25)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        total, seconds = play_tournament(page)
        main = {k: v - main_from[k] for k, v in main_thread(cdp).items()}
        done.set()
        sampler.join()
        tasks = page.evaluate("window.__longTasks.filter((t) => t[0] >= window.__benchFrom)")
        loaf = page.evaluate("window.__loaf.filter((f) => f.start >= window.__benchFrom)")
        measures = page.evaluate(MEASURES, from_ms)
        redraws = page.evaluate("window.__redraws")
        after = settle(pid0, 15)
        context.close()
    finally:
        browser.close()
    over = [t for t in tasks if t[1] > 100]
    gaps = [b - a for a, b in zip(redraws, redraws[1:], strict=False)]
    return {"tree": tree.name, "game": game, "bots": bots, "seats": seats, "rate": rate,
            "games": total, "seconds": round(seconds, 1),
            "longest_ms": round(max((t[1] for t in tasks), default=0)),
            "over_100": len(over), "long_tasks": len(tasks),
            **{key: round(main[name], 2) for key, name in MAIN.items()},
            "layouts": round(main["LayoutCount"]),
            "redraws": len(redraws),
            "redraw_gap_ms": round(statistics.median(gaps)) if gaps else 0,
            "menu_mb": round(menu), "lab_open_mb": round(lab_open),
            "peak_mb": round(peak[0]), "after_mb": round(after),
            "procs_open": procs_open, "procs_peak": procs_peak[0],
            "sandbox_starts": measures["boots"] + measures["normal"],
            "start_ms_median": round(statistics.median(measures["starts"]))
            if measures["starts"] else None,
            "restored": measures["boots"], "normal_starts": measures["normal"],
            "worst_tasks": sorted(over, key=lambda t: -t[1])[:5],
            "worst_frames": sorted(loaf, key=lambda f: -f["duration"])[:3]}


COLUMNS = ("seconds", "main_cpu_s", "longest_ms", "over_100", "redraws", "redraw_gap_ms",
           "layouts", "layout_s", "menu_mb", "lab_open_mb", "peak_mb", "after_mb",
           "sandbox_starts")


def summary(trials: list[dict[str, Any]], emit: Callable[[str], None]) -> None:
    """The median of each tree's trials, case by case, side by side."""
    keys = sorted({(t["game"], t["bots"], t["seats"], t["rate"]) for t in trials})
    names = list(dict.fromkeys(t["tree"] for t in trials))
    short = {"longest_ms": "longest", "redraw_gap_ms": "gap_ms", "lab_open_mb": "open_mb",
             "sandbox_starts": "starts", "main_cpu_s": "main_cpu"}
    emit(f"{'case':18} {'tree':5} {'n':>1} " + " ".join(f"{short.get(c, c):>8}"
                                                        for c in COLUMNS)
         + f" {'open-menu':>9} {'peak-menu':>9}")
    for game, bots, seats, rate in keys:
        for name in names:
            mine = [t for t in trials if (t["tree"], t["game"], t["bots"], t["seats"],
                                          t["rate"]) == (name, game, bots, seats, rate)]
            if not mine:
                continue
            median = {c: statistics.median([t[c] for t in mine]) for c in COLUMNS}
            above_open = statistics.median([t["lab_open_mb"] - t["menu_mb"] for t in mine])
            above_peak = statistics.median([t["peak_mb"] - t["menu_mb"] for t in mine])
            emit(f"{f'{game}:{bots}:{seats} {rate:g}x':18} {name:5} {len(mine):>1} "
                 + " ".join(f"{median[c]:>8g}" for c in COLUMNS)
                 + f" {above_open:>9g} {above_peak:>9g}")


def options(group: argparse._ArgumentGroup) -> None:
    group.add_argument("--class-cases", nargs="+", default=["kabaleo:30:2", "ciao:12:6"],
                       metavar="GAME:BOTS:SEATS",
                       help="lab-class's tournaments (default kabaleo:30:2 ciao:12:6)")


def run(ctx: Context) -> list[dict[str, Any]]:
    """Trials go round the trees (this one, then ``--other``'s as ``base``); the
    ``--runs`` (default 1) and ``--rates`` (default 1,4) options are shared."""
    args = ctx.args
    trees = [Served("new", ROOT)]
    if args.other:
        trees.append(Served("base", Path(args.other)))
    rates = [float(r) for r in str(args.rates).split(",")]
    runs = args.runs or 1
    trials: list[dict[str, Any]] = []
    try:
        for case in args.class_cases:
            game, bots, seats = case.split(":")
            for rate in rates:
                ctx.emit(f"# {case} at {rate:g}x, load before: {loads()}")
                for _ in range(runs):
                    for tree in trees:
                        t = trial(ctx, tree, game, int(bots), int(seats), rate)
                        t["load"] = loads()
                        trials.append(t)
                        print(json.dumps(t), flush=True)
                        ctx.emit(f"  {tree.name}: {t['seconds']} s (main thread CPU "
                                 f"{t['main_cpu_s']} s), longest task "
                                 f"{t['longest_ms']} ms ({t['over_100']} over 100), "
                                 f"{t['redraws']} redraws, peak {t['peak_mb']} MB, "
                                 f"load {t['load']}")
                ctx.emit(f"# load after: {loads()}")
    finally:
        for tree in trees:
            tree.stop()
    ctx.emit("")
    summary(trials, ctx.emit)
    return trials
