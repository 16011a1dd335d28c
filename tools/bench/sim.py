"""Suite ``sim``: simulated moves per second as a search runs them, through the public
rules (frozen states, ``legal_moves`` and ``apply``) against the bots' fast path, in
CPython, beside Pyodide's when the ``pyodide`` suite ran first in the same run (Kabaleo
whole games; Ciao! and Saboteur one round, where the fast path stops). Target: the fast
path at least 5x the public one in Pyodide."""

from __future__ import annotations

from collections.abc import Callable

from tools.bench import speed
from tools.bench.harness import Context
from tools.bench.loops import (
    PLAYERS,
    ciao_sim_moves_per_second,
    saboteur_sim_moves_per_second,
    sim_moves_per_second,
)
from tools.bench.report import heading, table


def run(ctx: Context) -> dict[str, tuple[float, float]]:
    heading(ctx.emit, "Simulated moves per second: public rules vs the bots' fast path")
    games = max(20, speed.games(ctx) // 10)
    rounds = max(4, games // 5)
    pyo = ctx.results.get("pyodide")
    pyo_sim = pyo.get("sim", {}) if isinstance(pyo, dict) else {}
    lines: list[tuple[str, str, Callable[[int, int], tuple[float, float]], int, int]] = [
        *((f"Kabaleo {p}p", str(p), sim_moves_per_second, p, games) for p in PLAYERS),
        *((f"Ciao! {p}p", f"ciao{p}", ciao_sim_moves_per_second, p, rounds) for p in (2, 4)),
        *((f"Saboteur {p}p", f"sab{p}", saboteur_sim_moves_per_second, p, rounds)
          for p in (2, 1))]
    rows = []
    out = {}
    for label, key, measure, players, n in lines:
        pub, fast = measure(players, n)
        out[label] = (pub, fast)
        row: list[object] = [label, f"{pub:,.0f}", f"{fast:,.0f}", f"{fast / pub:.1f}x"]
        got = pyo_sim.get(key) if isinstance(pyo_sim, dict) else None
        if got:
            row += [f"{got[0]:,.0f}", f"{got[1]:,.0f}", f"{got[1] / got[0]:.1f}x"]
        else:
            row += ["(run with pyodide)", "", ""]
        rows.append(row)
    ctx.emit(f"Kabaleo: {games} random games per line; Ciao! and Saboteur: {rounds} "
             "random rounds per line; best of 3")
    ctx.emit(table(("game", "CPython public", "CPython fast", "speed-up", "Pyodide public",
                    "Pyodide fast", "speed-up"), rows))
    return out
