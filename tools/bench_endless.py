#!/usr/bin/env python3
"""What the Lab's move limit costs in the browser: a match of a Ciao! bot that always
draws and keeps (``moves[-1]``, it never ends a round) against easy, in headless
Chromium, the bot in its sandbox as in a student's Run; the time of the match and of
each game it ended at the limit (``app/lab/limits.py``, docs/decisions/every-lab-game-ends.md).

    python3 tools/bench_endless.py [--players 2] [--games 10]

Serves the working tree on a free port (tools/serve.py's handler), as the browser tests
do; needs `make setup-core`.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "py"))

LAST = "def choose(view, moves, rng):\n    return moves[-1]\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    import serve
    from bench_lab import lab_page, match, set_code
    from parlor.app.lab.limits import move_limit

    serve.refresh_precache()
    server, base = serve.start_server()
    limit = move_limit("ciao", args.players)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                    args=["--headless", "--no-sandbox", "--disable-gpu"])
        ctx, page = lab_page(browser, base, "ciao", 1)
        set_code(page, LAST)
        page.select_option("[data-lab-field=players]", str(args.players))
        page.select_option("[data-lab-field=level]", "easy")
        began = time.perf_counter()
        ms = match(page, LAST, args.games)
        wall = time.perf_counter() - began
        cut = page.locator("[data-lab-cut]").first.get_attribute("data-lab-cut") \
            if page.locator("[data-lab-cut]").count() else "0"
        print(f"ciao {args.players}p, limit {limit}: {args.games} games in {ms / 1000:.1f} s "
              f"(wall {wall:.1f} s), {cut} ended at the limit: "
              f"~{ms / 1000 / max(1, int(cut or 0)):.1f} s a game ended at the limit")
        ctx.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
