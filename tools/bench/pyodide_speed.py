"""Suite ``pyodide``: the ``speed`` suite's loop inside Pyodide under Node.js (the very
functions of tools/bench/loops.py, run by tools/bench/pyodide.mjs) beside CPython's,
with the ratio; and the medium bot's move time in Pyodide. Its simulated moves per
second are printed by the ``sim`` suite."""

from __future__ import annotations

from typing import Any

from tools.bench import speed
from tools.bench.harness import Context, pyodide_eval
from tools.bench.loops import PLAYERS, best_games_per_second
from tools.bench.report import heading, table


def run(ctx: Context) -> dict[str, Any]:
    heading(ctx.emit, "Pyodide (Node.js) vs CPython: random Kabaleo games per second")
    games = speed.games(ctx)
    got, why = pyodide_eval("tools.bench.loops", f"pyodide_payload({games})", timeout=600)
    if got is None:
        ctx.emit(f"skipped: {why}" if "failed" not in why else why)
        return {}
    data: dict[str, Any] = {**got["value"], "pyodide": got["pyodide"], "boot_s": got["boot_s"]}
    speeds = ctx.results.get("speed")
    if not isinstance(speeds, dict):
        speeds = {p: best_games_per_second(p, games) for p in PLAYERS}
    ctx.emit(f"Pyodide {data['pyodide']} (Python {data['python']}), booted in "
             f"{data['boot_s']:.1f} s; {games} games, best of 3")
    rows = []
    for players in PLAYERS:
        py = float(data["games_per_s"][str(players)])
        cp = float(speeds[players])
        rows.append((f"{players} players", f"{cp:,.0f}", f"{py:,.0f}", f"{py / cp:.2f}x",
                     f"{cp / py:.1f}x slower"))
    moves = data.get("medium_move_ms")
    ctx.emit(table(("players", "CPython games/s", "Pyodide games/s", "Pyodide/CPython",
                    "slowdown"), rows))
    if moves:
        ctx.emit("medium bot move in Pyodide (ms, mean / p95 / max): " + ", ".join(
            f"{p} {m['mean']:.1f} / {m['p95']:.1f} / {m['max']:.1f}"
            for p, m in sorted(moves.items())))
    return data
