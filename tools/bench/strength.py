"""Suite ``strength``: Kabaleo's heuristic levels (random, easy, medium) in seeded
bot-vs-bot matches: each pair in 2 players (and medium vs easy with two targets each),
medium against the others in 3 and 4 players; the hero's win share (a shared win counts
1/k; the hero's seat rotates) with its 95% interval. The search (hard) is the ``search``
suite's."""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from tools.bench.harness import Context
from tools.bench.report import heading, table

Job = tuple[str, str, int, int, int, tuple[tuple[str, object], ...]]


def _match_share(job: Job) -> float:
    """Hero's win share in one seeded game: hero in one seat, villains elsewhere."""
    from parlor.bots import make_bot
    from parlor.bots.arena import play, win_share

    hero, villain, players, seed, seat, options = job
    bots = [make_bot("kabaleo", hero if i == seat else villain) for i in range(players)]
    return win_share(play("kabaleo", bots, seed, dict(options)), seat)


def _run_jobs(fn: Callable[[Job], float], jobs: list[Job], workers: int) -> list[float]:
    if workers <= 1:
        return [fn(j) for j in jobs]
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(fn, jobs, chunksize=8))


def run(ctx: Context) -> list[dict[str, object]]:
    from parlor.bots import LEVELS

    games_2p, games_np = (40, 24) if ctx.args.quick else (400, 200)
    workers = ctx.args.workers
    levels = tuple(lvl for lvl in LEVELS["kabaleo"] if lvl != "hard")  # hard: ``search``
    heading(ctx.emit, "Strength: seeded bot-vs-bot matches (hero's win share; a shared win "
            "counts 1/k; hero's seat rotates)")
    two_each = (("targets_per_player", 2),)
    pairings: list[tuple[str, str, int, int, tuple[tuple[str, object], ...]]] = []
    for i, weak in enumerate(levels):
        for strong in levels[i + 1:]:
            pairings.append((strong, weak, 2, games_2p, ()))
    pairings.append(("medium", "easy", 2, games_2p, two_each))
    for players in (3, 4):
        for other in levels:
            pairings.append(("medium", other, players, games_np, ()))
    rows = []
    out = []
    t0 = time.perf_counter()
    for hero, villain, players, n, options in pairings:
        jobs = [(hero, villain, players, 1000 + g, g % players, options) for g in range(n)]
        share = sum(_run_jobs(_match_share, jobs, workers)) / n
        half = 1.96 * math.sqrt(max(share * (1 - share), 1e-9) / n)
        opponents = villain if players == 2 else f"{players - 1} x {villain}"
        note = " (2 targets each)" if options else ""
        rows.append((f"{hero} vs {opponents}{note}", players, n, f"{share:.1%}",
                     f"+/-{half:.1%}", f"{1 / players:.0%}"))
        out.append({"hero": hero, "villain": villain, "players": players,
                    "options": dict(options), "games": n, "share": share})
    ctx.emit(table(("match", "players", "games", "hero wins", "95% CI", "chance"), rows))
    ctx.emit(f"({time.perf_counter() - t0:.0f} s, {workers} worker process(es))")
    return out
