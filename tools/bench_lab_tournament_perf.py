"""The Bot Lab under a class's tournament, side by side with a baseline tree (issue 45,
items 2-4), in headless Chromium: how long the tournament takes, whether the page stays
alive while it plays, and what memory the Lab keeps.

    .venv/bin/python tools/bench_lab_tournament_perf.py base=/tmp/perf-base new=. \
        [--cases kabaleo:30:2 ciao:12:6] [--rates 1 4] [--runs 3] [--port 8300]

Each tree (``NAME=DIR``: say main's files exported to a folder, and this worktree) is
served by its own ``tools/serve.py`` (so each builds its own package and snapshots), on
ports from ``--port``. A trial is one fresh browser: the menu opened (memory), the
case's game's Lab opened from it (memory once it settles), the case's bots added (each
a ``rng.choice(moves)`` bot like the Lab's new-bot starter, told apart by a comment),
the seats chosen (the Lab's default games a pair), then the tournament run from its
button to its table's last game: the wall time, the sandboxes started, the page's long
tasks (PerformanceObserver ``longtask``: count over 100 ms and the longest; and the
long animation frames' scripts that made them, for attribution), and every renderer
process of that browser summed (RSS, Linux; the page, its workers and the sandboxes'
frame) sampled every 250 ms for its peak, and again 15 s after the run (what is let
go between runs). Trials go round tree after tree (alternating, so the machine's load
falls on both alike), ``--runs`` times per case and CPU rate (CDP
``Emulation.setCPUThrottlingRate`` on the page), and the median is printed with the
load average before and after each. ``--json FILE`` keeps every trial.
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from bench_browser import ARGS, chromium  # noqa: E402

READY = "document.body.dataset.ready === '1'"
#: The Lab's new-bot starter (app/lab/keep.py STARTER), told apart by a comment.
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


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def renderers(pid0: int) -> dict[int, float]:
    """Each renderer process under ``pid0`` (this bench), its RSS in MB (Linux)."""
    parents: dict[int, int] = {}
    rss: dict[int, float] = {}
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            stat = (proc / "stat").read_text()
            parents[int(proc.name)] = int(stat.rsplit(")", 1)[1].split()[1])
            if b"--type=renderer" in (proc / "cmdline").read_bytes():
                for line in (proc / "status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        rss[int(proc.name)] = int(line.split()[1]) / 1024
        except (OSError, ValueError, IndexError):
            continue

    def mine(pid: int) -> bool:
        while pid > 1:
            if pid == pid0:
                return True
            pid = parents.get(pid, 0)
        return False

    return {pid: mb for pid, mb in rss.items() if mine(pid)}


def summed() -> float:
    return sum(renderers(os.getpid()).values())


def settle(seconds: float) -> float:
    """The renderers' sum once it stops falling (the median of the last samples)."""
    samples = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        samples.append(summed())
        time.sleep(0.5)
    return statistics.median(samples[-4:])


class Served:
    """A tree served by its own tools/serve.py."""

    def __init__(self, name: str, root: Path, port: int) -> None:
        self.name, self.root, self.port = name, root.resolve(), port
        self.base = f"http://127.0.0.1:{port}"
        self.proc = subprocess.Popen(
            [sys.executable, str(self.root / "tools" / "serve.py"), "--port", str(port),
             "--dir", str(self.root), "--quiet"], stdout=subprocess.DEVNULL)
        for _ in range(100):
            try:
                urllib.request.urlopen(f"{self.base}/index.html", timeout=2).read()
                break
            except OSError:
                time.sleep(0.1)
        # Its package and snapshots built (serve.py builds them when first asked).
        urllib.request.urlopen(f"{self.base}/py/parlor.zip", timeout=600).read()
        urllib.request.urlopen(f"{self.base}/precache.js", timeout=600).read()

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


def set_code(page, code: str) -> None:
    page.evaluate("""(code) => {
      const area = document.querySelector("textarea[data-lab-code]");
      area.value = code;
      area.dispatchEvent(new Event("input", { bubbles: true }));
      area.dataset.labVersion = String(Number(area.dataset.labVersion || 0) + 1000);
    }""", code)


def trial(pw, tree: Served, game: str, bots: int, seats: int, rate: float) -> dict:
    browser = pw.chromium.launch(executable_path=chromium(), args=ARGS)
    try:
        ctx = browser.new_context(service_workers="block")
        page = ctx.new_page()
        page.set_default_timeout(300_000)
        page.add_init_script(OBSERVE)
        if rate > 1:
            ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
        page.goto(f"{tree.base}/index.html?lang=en")
        page.wait_for_function(READY, timeout=300_000)
        menu = settle(6)
        page.click(f".lab-start[data-action=lab][data-game={game}]")
        page.wait_for_selector("textarea[data-lab-code]")
        for i in range(bots):
            if i:
                page.click("[data-action=lab-new]")
            set_code(page, BOT.format(i=i))
        if seats != 2:
            page.select_option("[data-lab-field=seats]", str(seats))
        lab_open = settle(12)  # whatever the Lab starts when opened, started
        procs_open = sorted(round(mb) for mb in renderers(os.getpid()).values())
        page.evaluate("window.__benchFrom = performance.now()")
        from_ms = page.evaluate("window.__benchFrom")
        peak = [lab_open]
        procs_peak: list[list[int]] = [procs_open]
        done = threading.Event()

        def sample() -> None:
            while not done.is_set():
                procs = renderers(os.getpid())
                if sum(procs.values()) > peak[0]:
                    peak[0] = sum(procs.values())
                    procs_peak[0] = sorted(round(mb) for mb in procs.values())
                time.sleep(0.25)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        t0 = time.perf_counter()
        page.click("[data-action=lab-tournament]")
        table = page.locator("[data-lab-tournament]")
        table.wait_for(timeout=120_000)
        total = int(table.get_attribute("data-total") or 0)
        page.wait_for_selector(f"[data-lab-tournament][data-done='{total}']",
                               timeout=3_600_000)
        seconds = time.perf_counter() - t0
        done.set()
        sampler.join()
        tasks = page.evaluate("window.__longTasks.filter((t) => t[0] >= window.__benchFrom)")
        loaf = page.evaluate("window.__loaf.filter((f) => f.start >= window.__benchFrom)")
        measures = page.evaluate(MEASURES, from_ms)
        after = settle(15)
        status = page.locator("#status").inner_text()
        ctx.close()
    finally:
        browser.close()
    over = [t for t in tasks if t[1] > 100]
    return {"tree": tree.name, "game": game, "bots": bots, "seats": seats, "rate": rate,
            "games": total, "seconds": round(seconds, 1),
            "longest_ms": round(max((t[1] for t in tasks), default=0)),
            "over_100": len(over), "long_tasks": len(tasks),
            "menu_mb": round(menu), "lab_open_mb": round(lab_open),
            "peak_mb": round(peak[0]), "after_mb": round(after),
            "procs_open": procs_open, "procs_peak": procs_peak[0],
            "sandbox_starts": measures["boots"] + measures["normal"],
            "start_ms_median": round(statistics.median(measures["starts"]))
            if measures["starts"] else None,
            "start_ms_sum": round(sum(measures["starts"])),
            "restored": measures["boots"], "normal_starts": measures["normal"],
            "referee_boots": len(measures["referee"]),
            "worst_tasks": sorted(over, key=lambda t: -t[1])[:5],
            "worst_frames": sorted(loaf, key=lambda f: -f["duration"])[:5],
            "status": status[:120]}


def summary(trials: list[dict], emit) -> None:
    """The median of each tree's trials, case by case, side by side."""
    keys = sorted({(t["game"], t["bots"], t["seats"], t["rate"]) for t in trials})
    names = list(dict.fromkeys(t["tree"] for t in trials))
    cols = ("seconds", "longest_ms", "over_100", "menu_mb", "lab_open_mb", "peak_mb",
            "after_mb", "sandbox_starts")
    emit(f"{'case':22} {'tree':6} {'n':>2} " + " ".join(f"{c:>14}" for c in cols)
         + f" {'open-menu':>10} {'peak-menu':>10}")
    for game, bots, seats, rate in keys:
        for name in names:
            mine = [t for t in trials if (t["tree"], t["game"], t["bots"], t["seats"],
                                          t["rate"]) == (name, game, bots, seats, rate)]
            if not mine:
                continue
            median = {c: statistics.median([t[c] for t in mine]) for c in cols}
            above_open = statistics.median([t["lab_open_mb"] - t["menu_mb"] for t in mine])
            above_peak = statistics.median([t["peak_mb"] - t["menu_mb"] for t in mine])
            emit(f"{f'{game}:{bots}:{seats} {rate:g}x':22} {name:6} {len(mine):>2} "
                 + " ".join(f"{median[c]:>14g}" for c in cols)
                 + f" {above_open:>10g} {above_peak:>10g}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("trees", nargs="+", help="NAME=DIR")
    parser.add_argument("--cases", nargs="+", default=["kabaleo:30:2", "ciao:12:6"])
    parser.add_argument("--rates", nargs="+", type=float, default=[1.0, 4.0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--port", type=int, default=8300)
    parser.add_argument("--json", default="")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    trees = [Served(spec.split("=", 1)[0], Path(spec.split("=", 1)[1]), args.port + i)
             for i, spec in enumerate(args.trees)]
    trials: list[dict] = []
    try:
        with sync_playwright() as pw:
            for case in args.cases:
                game, bots, seats = case.split(":")
                for rate in args.rates:
                    print(f"# {case} at {rate:g}x, load before: {load()}", flush=True)
                    for _ in range(args.runs):
                        for tree in trees:
                            t = trial(pw, tree, game, int(bots), int(seats), rate)
                            t["load"] = load()
                            trials.append(t)
                            print(json.dumps(t), flush=True)
                            if args.json:
                                Path(args.json).write_text(json.dumps(trials, indent=1))
                    print(f"# load after: {load()}", flush=True)
    finally:
        for tree in trees:
            tree.stop()
    summary(trials, print)


if __name__ == "__main__":
    main()
