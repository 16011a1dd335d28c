"""Suite ``tournament``: a class's tournament, timed in headless Chromium: bots (lesson
2's greedy solution of the game, each made a little different: bot ``i`` plays a random
move ``i``% of the time) in duels or at tables, as a teacher would run it from the Lab.

    python -m tools.bench tournament [--game kabaleo] [--bots 30] [--seats 2,4]
                                     [--games-per-pair 20] [--profile fast|school]

One tournament per number of seats (2: duels; tables play as many meetings a pair).
Printed for each: the wall time from the click to the table's last game, the games
played, the sandboxes started, and this run's renderer processes' resident memory
together with the Lab open and at its peak (tools/bench/harness.py; Linux).

The Lab's tournament work extends this suite: add a measurement to ``tournament`` (and
a column to ``run``'s table), or an option in ``options``.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from tools.bench.harness import (
    PROFILES,
    READY,
    ROOT,
    Context,
    PeakSampler,
    Profile,
    emulate,
    play_tournament,
    renderers_mb,
)
from tools.bench.labpage import GAME_COUNTS, set_code, wait_for_marks

VARIATION = ("import random as _r\n"
             "_choose = choose\n"
             "def choose(view, moves, rng):\n"
             "    if rng.random() < {share}:\n"
             "        return rng.choice(moves)\n"
             "    return _choose(view, moves, rng)\n")


def options(parser: argparse._ArgumentGroup) -> None:
    parser.add_argument("--game", default="kabaleo", choices=("kabaleo", "ciao", "saboteur"),
                        help="the tournament's game (default kabaleo)")
    parser.add_argument("--bots", type=int, default=0,
                        help="bots in the tournament (default 30; --quick 4)")
    parser.add_argument("--seats", default="",
                        help="seats at a table, one tournament each, e.g. 2,4 "
                             "(2: duels; default 2,4; --quick 2)")
    parser.add_argument("--games-per-pair", type=int, default=0, choices=(0, *GAME_COUNTS),
                        help="games per pair (the Lab's choices; default 20; --quick 10)")
    parser.add_argument("--profile", default="fast", choices=tuple(PROFILES),
                        help="fast (this machine) or school (CPU 4x slower, 20 Mbit/s, "
                             "40 ms, through CDP)")


def bot(game: str, i: int) -> str:
    """Lesson 2's solution, bot ``i`` of the class (its own share of random moves)."""
    base = (ROOT / "tests" / "fixtures" / "lab" / f"{game}-2.py").read_text()
    return f"# bot {i}\n" + base + "\n" + VARIATION.format(share=i / 100)


def tournament(browser: Any, base: str, game: str, bots: int, seats: int, games: int,
               profile: Profile) -> dict[str, Any]:
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    emulate(ctx, page, profile)
    page.goto(f"{base}/index.html?lab={game}&lang=en")
    page.wait_for_function(READY, timeout=180_000)
    wait_for_marks(page, "parlor:lab-worker-start")
    for i in range(bots):
        if i:
            page.click("[data-action=lab-new]")
        set_code(page, bot(game, i))
    page.select_option("[data-lab-field=games]", str(games))
    if seats != 2:
        page.select_option("[data-lab-field=seats]", str(seats))
    time.sleep(2)
    before = renderers_mb()  # the Lab open, its spare sandbox booted
    starts_before = page.evaluate(
        "performance.getEntriesByName('parlor:lab-sandbox-start').length")
    with PeakSampler(0.5) as sampler:
        total, seconds = play_tournament(page, table_ms=60_000)
    starts = page.evaluate(
        "performance.getEntriesByName('parlor:lab-sandbox-start').length") - starts_before
    ctx.close()
    return {"game": game, "bots": bots, "seats": seats, "games_per_pair": games,
            "profile": profile.name, "games": total, "seconds": round(seconds, 1),
            "sandboxes_started": starts, "renderers_mb_before": round(before),
            "peak_renderers_mb": round(sampler.peak)}


def run(ctx: Context) -> list[dict[str, Any]]:
    args, quick = ctx.args, ctx.args.quick
    bots = args.bots or (4 if quick else 30)
    seats = [int(s) for s in (args.seats or ("2" if quick else "2,4")).split(",")]
    games = args.games_per_pair or (10 if quick else 20)
    profile = PROFILES[args.profile]
    ctx.emit(f"\nA class's tournament in the Lab: {bots} bots of {args.game} (lesson 2's "
             f"solution, bot i playing at random i% of the time), {games} games per pair, "
             f"profile {profile.name}")
    ctx.emit(f"  {'seats':>5} {'games':>6} {'seconds':>8} {'games/s':>8} {'sandboxes':>10} "
             f"{'MB before':>10} {'MB peak':>8}")
    out = []
    for n in seats:
        r = tournament(ctx.session.browser, ctx.session.base, args.game, bots, n, games,
                       profile)
        out.append(r)
        g, s = r["games"], r["seconds"]
        ctx.emit(f"  {n:5} {g:6} {s:8.1f} {g / s if s else 0:8.1f} "
                 f"{r['sandboxes_started']:>10} {r['renderers_mb_before']:>10} "
                 f"{r['peak_renderers_mb']:>8}")
    for r in out:
        ctx.emit("  " + json.dumps(r))
    return out
