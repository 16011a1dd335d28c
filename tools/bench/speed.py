"""Suite ``speed``: whole Kabaleo games of uniformly random moves per second in CPython
(2, 3 and 4 players, best of 3), through the public ``Game`` protocol as the app and a
bot's rollouts use it."""

from __future__ import annotations

import sys

from tools.bench.harness import Context
from tools.bench.loops import PLAYERS, best_games_per_second
from tools.bench.report import heading, table


def games(ctx: Context) -> int:
    """Games per player count (also the ``pyodide`` and ``sim`` suites')."""
    return 50 if ctx.args.quick else 300


def run(ctx: Context) -> dict[int, float]:
    n = games(ctx)
    heading(ctx.emit, f"Kabaleo random games per second, CPython {sys.version.split()[0]} "
            f"({n} games, best of 3)")
    rows = []
    speeds: dict[int, float] = {}
    for players in PLAYERS:
        gps = best_games_per_second(players, n)
        speeds[players] = gps
        moves = 6 * (players + 2)
        rows.append((f"{players} players", f"{gps:,.0f}", f"{gps * moves:,.0f}",
                     f"{1000 / gps:.2f}"))
    ctx.emit(table(("players", "games/s", "moves/s", "ms/game"), rows))
    return speeds
