"""A class's tournament, timed in headless Chromium: 30 bots (lesson 2's greedy Kabaleo
solution, each made a little different: bot ``i`` plays a random move ``i``% of the
time) in duels and at tables, as a teacher would run it from the Lab.

    PYTHONPATH=py .venv/bin/python -m tools.bench.tournament [kabaleo:30:2:20 ciao:8:6:10 ...]

Each argument is ``game:bots:seats:games`` (games per pair; tables play as many
meetings a pair). Printed: the wall time from the click to the table's last game, the
games played, the sandboxes started and every renderer process's resident memory
together at its peak (Linux)."""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from pathlib import Path

from tools.bench.lab import set_code

ROOT = Path(__file__).resolve().parents[2]
READY = "document.body.dataset.ready === '1'"
VARIATION = ("import random as _r\n"
             "_choose = choose\n"
             "def choose(view, moves, rng):\n"
             "    if rng.random() < {share}:\n"
             "        return rng.choice(moves)\n"
             "    return _choose(view, moves, rng)\n")


def bot(game: str, i: int) -> str:
    """Lesson 2's solution, bot ``i`` of the class (its own share of random moves)."""
    base = (ROOT / "tests" / "fixtures" / "lab" / f"{game}-2.py").read_text()
    return f"# bot {i}\n" + base + "\n" + VARIATION.format(share=i / 100)


def own_renderers_mb() -> float:
    """The resident memory of this process's own Chromium renderers together, in MB
    (Linux): the page, its workers and the sandboxes' iframe, not another run's."""
    parents: dict[int, int] = {}
    rss: dict[int, int] = {}
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            stat = (proc / "stat").read_text()
            parents[int(proc.name)] = int(stat.rsplit(")", 1)[1].split()[1])
            if b"--type=renderer" in (proc / "cmdline").read_bytes():
                for line in (proc / "status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        rss[int(proc.name)] = int(line.split()[1])
        except (OSError, ValueError, IndexError):
            continue  # the process ended while we looked
    me = os.getpid()

    def mine(pid: int) -> bool:
        while pid > 1:
            if pid == me:
                return True
            pid = parents.get(pid, 0)
        return False

    return sum(kb for pid, kb in rss.items() if mine(pid)) / 1024


def tournament(browser, base: str, game: str, bots: int, seats: int, games: int
               ) -> dict[str, object]:
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    page.goto(f"{base}/index.html?lab={game}&lang=en")
    page.wait_for_function(READY, timeout=180_000)
    page.wait_for_function("performance.getEntriesByName('parlor:lab-worker-start').length",
                           timeout=180_000)
    for i in range(bots):
        if i:
            page.click("[data-action=lab-new]")
        set_code(page, bot(game, i))
    page.select_option("[data-lab-field=games]", str(games))
    if seats != 2:
        page.select_option("[data-lab-field=seats]", str(seats))
    time.sleep(2)
    before = own_renderers_mb()  # the Lab open, its spare sandbox booted
    peak, done = [0.0], threading.Event()

    def sample() -> None:
        while not done.is_set():
            peak[0] = max(peak[0], own_renderers_mb())
            time.sleep(0.5)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    starts_before = page.evaluate(
        "performance.getEntriesByName('parlor:lab-sandbox-start').length")
    t0 = time.perf_counter()
    page.click("[data-action=lab-tournament]")
    table = page.locator("[data-lab-tournament]")
    table.wait_for(timeout=60_000)
    total = int(table.get_attribute("data-total") or 0)
    page.wait_for_selector(f"[data-lab-tournament][data-done='{total}']", timeout=3_600_000)
    seconds = time.perf_counter() - t0
    done.set()
    sampler.join()
    starts = page.evaluate(
        "performance.getEntriesByName('parlor:lab-sandbox-start').length") - starts_before
    ctx.close()
    return {"game": game, "bots": bots, "seats": seats, "games_per_pair": games,
            "games": total, "seconds": round(seconds, 1), "sandboxes_started": starts,
            "renderers_mb_before": round(before), "peak_renderers_mb": round(peak[0])}


def main(args: list[str]) -> None:
    from playwright.sync_api import sync_playwright

    from tools.bench.browser import ARGS, chromium
    from tools.serve import start_server

    runs = [a.split(":") for a in args] or [["kabaleo", "30", "2", "20"],
                                            ["kabaleo", "30", "4", "20"]]
    server, url = start_server(directory=ROOT, quiet=True)
    try:
        with sync_playwright() as pw:
            b = pw.chromium.launch(executable_path=chromium(), args=ARGS)
            for game, bots, seats, games in runs:
                print(json.dumps(tournament(b, url, game, int(bots), int(seats), int(games))),
                      flush=True)
            b.close()
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main(sys.argv[1:])
