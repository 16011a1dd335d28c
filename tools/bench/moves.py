"""Suite ``moves``: the time of a Kabaleo bot's move in CPython for each heuristic level
(every seat the same level; mean, p95 and longest), with two targets each, and cold (a
fresh bot per move, as after loading a save: the worst a player can meet)."""

from __future__ import annotations

from tools.bench.harness import Context
from tools.bench.loops import PLAYERS, bot_move_times, cold_move_times, pct
from tools.bench.report import heading, table


def _row(label: str, players: int, ts: list[float]) -> tuple[object, ...]:
    return (label, players, len(ts), f"{1000 * sum(ts) / len(ts):.2f}",
            f"{1000 * pct(ts, 0.95):.2f}", f"{1000 * max(ts):.2f}")


def _ms(ts: list[float]) -> dict[str, float]:
    return {"moves": len(ts), "mean_ms": 1000 * sum(ts) / len(ts),
            "p95_ms": 1000 * pct(ts, 0.95), "max_ms": 1000 * max(ts)}


def run(ctx: Context) -> dict[str, dict[str, float]]:
    from parlor.bots import LEVELS

    games = 2 if ctx.args.quick else 10
    heading(ctx.emit, f"Bot move time, CPython (every seat the same level, {games} games "
            "per cell; cold = fresh bot per move, as after loading a save)")
    rows = []
    out: dict[str, dict[str, float]] = {}
    for level in LEVELS["kabaleo"]:
        if level == "hard":
            continue  # the search: its own table in the ``games`` suite
        for players in PLAYERS:
            ts = bot_move_times(level, players, games)
            rows.append(_row(level, players, ts))
            out[f"{level} {players}p"] = _ms(ts)
    ts = bot_move_times("medium", 2, games, options={"targets_per_player": 2})
    rows.append(_row("medium (2 targets each)", 2, ts))
    out["medium 2p, 2 targets each"] = _ms(ts)
    for players in PLAYERS:
        ts = cold_move_times("medium", players, 6 * (players + 2) * 2)
        rows.append(_row("medium (cold)", players, ts))
        out[f"medium (cold) {players}p"] = _ms(ts)
    ctx.emit(table(("level", "players", "moves", "mean ms", "p95 ms", "max ms"), rows))
    ctx.emit("Budget: a move well under 50 ms here (Pyodide is 2-4x slower; no main-thread "
             "task over 100 ms).")
    return out
