#!/usr/bin/env python3
"""Parlor benchmarks: engine speed, bot move times, bot strength, Pyodide, browser.

    PYTHONPATH=py python3 -m tools.bench                     # every section (make bench)
    PYTHONPATH=py python3 -m tools.bench --only speed,moves  # some sections
    PYTHONPATH=py python3 -m tools.bench --quick             # fewer games, for a smoke run

Sections (names for --only):
  speed     random Kabaleo games per second in CPython (2/3/4 players, best of 3)
  moves     time per bot move for each level (mean / p95 / max ms)
  strength  Kabaleo's heuristic levels (random, easy, medium): each pair in 2p, medium
            vs the rest in 3p and 4p
  search    the search (hard) in every game against medium, Saboteur solo's gold,
            and the oracle against hard: the issue-11 targets (tools/bench/search.py)
  pyodide   the same random-games loop inside Pyodide under Node.js
            (node tools/bench/pyodide.mjs), with the Pyodide / CPython ratio
  sim       simulated moves per second for a search: the public path (frozen states,
            notation strings) vs the bots' fast path, in CPython and in Pyodide
            (Kabaleo, Ciao! and Saboteur; a fast playout stops at its round's end)
  games     Ciao! and Saboteur: The Duel (tools/bench/games.py)
  browser   time to ready and bytes of the app vs a stock PyScript page, first and
            repeat visit, on this machine and on a school profile (CPU 4x slower,
            20 Mbit/s, 40 ms; tools/bench/startup.py); long tasks while bots play;
            memory (tools/bench/memory.py): a 30-game soak per title in one tab
            (plateau, after a forced GC, what holds it), the Lab opened beside the
            Saboteur tab, and 25 reloads of one tab against the stock page's
            (headless Chromium via Playwright, tools/bench/browser.py); skipped with a
            reason when it cannot run
  lab       the Bot Lab: its worker's start, the games per second of a match of a
            moves[0] bot (beside CPython), how long an endless loop takes to be
            stopped, at full speed and with the CPU 4x slower (tools/bench/lab.py)

Everything is seeded, so two runs play the same games; only the times vary. The
performance budgets (docs/design.md) are checked by reading this table, not by tests.
The loops both CPython and Pyodide run (tools/bench/pyodide.mjs) are in
tools/bench/loops.py.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from tools.bench.loops import (
    PLAYERS,
    best_games_per_second,
    bot_move_times,
    ciao_sim_moves_per_second,
    cold_move_times,
    pct,
    saboteur_sim_moves_per_second,
    sim_moves_per_second,
)

ROOT = Path(__file__).resolve().parents[2]

SECTIONS = ("speed", "moves", "strength", "search", "pyodide", "sim", "games", "browser", "lab")


# --- plain-text tables ----------------------------------------------------------------


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    cells = [[str(h) for h in headers]] + [[str(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]

    def line(r: Sequence[str]) -> str:
        pairs = enumerate(zip(r, widths, strict=True))
        return "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in pairs).rstrip()

    sep = "  ".join("-" * w for w in widths)
    return "\n".join([line(cells[0]), sep, *(line(r) for r in cells[1:])])


def heading(title: str) -> None:
    print(f"\n== {title} ==", flush=True)


# --- sections -------------------------------------------------------------------------


def section_speed(args: argparse.Namespace, results: dict[str, object]) -> None:
    heading(f"Kabaleo random games per second, CPython {sys.version.split()[0]} "
            f"({args.games} games, best of 3)")
    rows = []
    speeds: dict[int, float] = {}
    for players in PLAYERS:
        gps = best_games_per_second(players, args.games)
        speeds[players] = gps
        moves = 6 * (players + 2)
        rows.append((f"{players} players", f"{gps:,.0f}", f"{gps * moves:,.0f}",
                     f"{1000 / gps:.2f}"))
    results["cpython_games_per_s"] = speeds
    print(table(("players", "games/s", "moves/s", "ms/game"), rows))


def section_moves(args: argparse.Namespace, results: dict[str, object]) -> None:
    from parlor.bots import LEVELS

    heading(f"Bot move time, CPython (every seat the same level, {args.move_games} games "
            "per cell; cold = fresh bot per move, as after loading a save)")
    rows = []
    for level in LEVELS["kabaleo"]:
        if level == "hard":
            continue  # the search: its own table in the ``games`` section
        for players in PLAYERS:
            ts = bot_move_times(level, players, args.move_games)
            rows.append((level, players, len(ts), f"{1000 * sum(ts) / len(ts):.2f}",
                         f"{1000 * pct(ts, 0.95):.2f}", f"{1000 * max(ts):.2f}"))
    ts = bot_move_times("medium", 2, args.move_games, options={"targets_per_player": 2})
    rows.append(("medium (2 targets each)", 2, len(ts), f"{1000 * sum(ts) / len(ts):.2f}",
                 f"{1000 * pct(ts, 0.95):.2f}", f"{1000 * max(ts):.2f}"))
    for players in PLAYERS:
        ts = cold_move_times("medium", players, 6 * (players + 2) * 2)
        rows.append(("medium (cold)", players, len(ts), f"{1000 * sum(ts) / len(ts):.2f}",
                     f"{1000 * pct(ts, 0.95):.2f}", f"{1000 * max(ts):.2f}"))
    print(table(("level", "players", "moves", "mean ms", "p95 ms", "max ms"), rows))
    print("Budget: a move well under 50 ms here (Pyodide is 2-4x slower; no main-thread "
          "task over 100 ms).")


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


def section_strength(args: argparse.Namespace, results: dict[str, object]) -> None:
    from parlor.bots import LEVELS

    levels = tuple(lvl for lvl in LEVELS["kabaleo"] if lvl != "hard")  # hard: ``search``
    heading("Strength: seeded bot-vs-bot matches (hero's win share; a shared win counts "
            "1/k; hero's seat rotates)")
    two_each = (("targets_per_player", 2),)
    pairings: list[tuple[str, str, int, int, tuple[tuple[str, object], ...]]] = []
    for i, weak in enumerate(levels):
        for strong in levels[i + 1:]:
            pairings.append((strong, weak, 2, args.games_2p, ()))
    pairings.append(("medium", "easy", 2, args.games_2p, two_each))
    for players in (3, 4):
        for other in levels:
            pairings.append(("medium", other, players, args.games_np, ()))
    rows = []
    table_out = []
    t0 = time.perf_counter()
    for hero, villain, players, n, options in pairings:
        jobs = [(hero, villain, players, 1000 + g, g % players, options) for g in range(n)]
        share = sum(_run_jobs(_match_share, jobs, args.workers)) / n
        half = 1.96 * math.sqrt(max(share * (1 - share), 1e-9) / n)
        opponents = villain if players == 2 else f"{players - 1} x {villain}"
        note = " (2 targets each)" if options else ""
        rows.append((f"{hero} vs {opponents}{note}", players, n, f"{share:.1%}",
                     f"+/-{half:.1%}", f"{1 / players:.0%}"))
        table_out.append({"hero": hero, "villain": villain, "players": players,
                          "options": dict(options), "games": n, "share": share})
    results["strength"] = table_out
    print(table(("match", "players", "games", "hero wins", "95% CI", "chance"), rows))
    print(f"({time.perf_counter() - t0:.0f} s, {args.workers} worker process(es))")


def section_search(args: argparse.Namespace, results: dict[str, object]) -> None:
    """The issue-11 strength table: hard vs medium per game, solo gold, oracle vs hard."""
    from tools.bench import search as bs

    heading("Search strength: hard (the information-set search) vs medium, seeded and "
            "seat-swapped")
    n = args.search_games
    rows, out = [], []
    for line in bs.LINES:
        r = bs.run_line(line, n, args.workers)
        out.append(r)
        share, fair = float(r["share"]), float(r["fair"])  # type: ignore[arg-type]
        rows.append((line.label, line.players, n, f"{share:.1%}", f"+/-{r['ci']:.1%}",
                     f"{fair:.0%}", f"{share / fair:.2f}x", line.share_of,
                     "met" if share >= line.target else "SHORT", f"{r['seconds']:.0f}"))
    print(table(("match (hard vs medium)", "players", "games", "hard wins", "95% CI",
                 "fair", "x fair", "target", "", "s"), rows))
    solo_n = args.solo_games
    solo_rows = []
    for level in ("medium", "hard", "oracle"):
        r = bs.solo_line(level, solo_n, args.workers)
        out.append(r)
        solo_rows.append((level, solo_n, f"{r['mean']:.1f}", f"{r['sd']:.1f}", r["best"],
                          r["at_least_15"], f"{r['seconds']:.0f}"))
    print("\nSaboteur solo (target: hard's mean >= 15 gold, \"not bad\")")
    print(table(("level", "games", "mean gold", "sd", "best", "games >= 15", "s"),
                solo_rows))
    oracle_rows = []
    on = max(10, n // 2)
    for line in bs.ORACLE_LINES:
        r = bs.run_line(line, on, args.workers)
        out.append(r)
        share = float(r["share"])  # type: ignore[arg-type]
        oracle_rows.append((line.label, on, f"{share:.1%}", f"+/-{r['ci']:.1%}",
                            f"{r['seconds']:.0f}"))
    print("\nThe price of fairness: the same search shown the whole state, vs hard")
    print(table(("match (oracle vs hard)", "games", "oracle wins", "95% CI", "s"),
                oracle_rows))
    print(f"({args.workers} worker process(es); budgets: each level's default iterations)")
    results["search"] = out


def section_pyodide(args: argparse.Namespace, results: dict[str, object]) -> None:
    """Hook: random games/s inside Pyodide under Node.js, next to CPython's."""
    import shutil
    import subprocess

    heading("Pyodide (Node.js) vs CPython: random Kabaleo games per second")
    script = ROOT / "tools" / "bench" / "pyodide.mjs"
    node = shutil.which("node")
    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists():
        print("skipped: node_modules/pyodide is missing (run `make setup`)")
        return
    if node is None:
        print("skipped: node is not on PATH")
        return
    proc = subprocess.run(
        [node, str(script), str(args.games)], cwd=ROOT, capture_output=True, text=True,
        timeout=600,
    )
    found = [ln for ln in proc.stdout.splitlines() if ln.startswith("RESULT ")]
    if proc.returncode != 0 or not found:
        print(f"failed (exit {proc.returncode}):\n{proc.stdout}{proc.stderr}")
        return
    data = json.loads(found[-1][len("RESULT "):])
    speeds = results.get("cpython_games_per_s")
    if not isinstance(speeds, dict):
        speeds = {p: best_games_per_second(p, args.games) for p in PLAYERS}
        results["cpython_games_per_s"] = speeds
    print(f"Pyodide {data['pyodide']} (Python {data['python']}), booted in "
          f"{data['boot_s']:.1f} s; {args.games} games, best of 3")
    rows = []
    for players in PLAYERS:
        py = float(data["games_per_s"][str(players)])
        cp = float(speeds[players])
        rows.append((f"{players} players", f"{cp:,.0f}", f"{py:,.0f}", f"{py / cp:.2f}x",
                     f"{cp / py:.1f}x slower"))
    moves = data.get("medium_move_ms")
    print(table(("players", "CPython games/s", "Pyodide games/s", "Pyodide/CPython",
                 "slowdown"), rows))
    if moves:
        print("medium bot move in Pyodide (ms, mean / p95 / max): " + ", ".join(
            f"{p} {m['mean']:.1f} / {m['p95']:.1f} / {m['max']:.1f}"
            for p, m in sorted(moves.items())))
    results["pyodide"] = data


def section_sim(args: argparse.Namespace, results: dict[str, object]) -> None:
    """Simulated moves per second, public path vs fast path (target: the fast
    path at least 5x the public one in Pyodide)."""
    heading("Simulated moves per second: public rules vs the bots' fast path")
    games = max(20, args.games // 10)
    rows = []
    pyo = results.get("pyodide")
    pyo_sim = pyo.get("sim", {}) if isinstance(pyo, dict) else {}
    for players in PLAYERS:
        pub, fast = sim_moves_per_second(players, games)
        row: list[object] = [f"Kabaleo {players}p", f"{pub:,.0f}", f"{fast:,.0f}",
                             f"{fast / pub:.1f}x"]
        got = pyo_sim.get(str(players)) if isinstance(pyo_sim, dict) else None
        if got:
            row += [f"{got[0]:,.0f}", f"{got[1]:,.0f}", f"{got[1] / got[0]:.1f}x"]
        else:
            row += ["(run with pyodide)", "", ""]
        rows.append(row)
    for players in (2, 4):
        pub, fast = ciao_sim_moves_per_second(players, max(4, games // 5))
        row = [f"Ciao! {players}p", f"{pub:,.0f}", f"{fast:,.0f}", f"{fast / pub:.1f}x"]
        got = pyo_sim.get(f"ciao{players}") if isinstance(pyo_sim, dict) else None
        if got:
            row += [f"{got[0]:,.0f}", f"{got[1]:,.0f}", f"{got[1] / got[0]:.1f}x"]
        else:
            row += ["(run with pyodide)", "", ""]
        rows.append(row)
    for players in (2, 1):
        pub, fast = saboteur_sim_moves_per_second(players, max(4, games // 5))
        row = [f"Saboteur {players}p", f"{pub:,.0f}", f"{fast:,.0f}", f"{fast / pub:.1f}x"]
        got = pyo_sim.get(f"sab{players}") if isinstance(pyo_sim, dict) else None
        if got:
            row += [f"{got[0]:,.0f}", f"{got[1]:,.0f}", f"{got[1] / got[0]:.1f}x"]
        else:
            row += ["(run with pyodide)", "", ""]
        rows.append(row)
    print(f"Kabaleo: {games} random games per line; Ciao! and Saboteur: {max(4, games // 5)} "
          "random rounds per line; best of 3")
    print(table(("game", "CPython public", "CPython fast", "speed-up", "Pyodide public",
                 "Pyodide fast", "speed-up"), rows))


def section_games(args: argparse.Namespace, results: dict[str, object]) -> None:
    """Ciao! and Saboteur: The Duel, measured by tools/bench/games.py."""
    heading("Ciao! and Saboteur: The Duel (tools/bench/games.py)")
    from tools.bench import games

    games.run(print)


def section_browser(args: argparse.Namespace, results: dict[str, object]) -> None:
    """Time to ready of index.html vs a stock PyScript page, and the page's
    responsiveness while bots play: headless Chromium through Playwright, measured by
    tools/bench/browser.py. Skipped, with the reason, when it cannot run here."""
    heading("Browser: time to ready, app vs stock PyScript (headless Chromium)")
    chromium = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    if not chromium.exists():
        print(f"skipped: no Chromium at {chromium} (set CHROMIUM=/path/to/chrome)")
        return
    if not (ROOT / "index.html").exists():
        print("skipped: index.html does not exist yet")
        return
    try:
        import playwright  # noqa: F401
    except ImportError:
        print("skipped: Playwright is not installed in this Python (use `make bench`, "
              "which runs .venv/bin/python)")
        return
    from tools.bench import browser

    results["browser"] = browser.run(print, runs=3 if args.quick else 5,
                                           soak_games=5 if args.quick else 30,
                                           reload_times=5 if args.quick else 25)


def section_lab(args: argparse.Namespace, results: dict[str, object]) -> None:
    """The Bot Lab in headless Chromium (tools/bench/lab.py); skipped, with the reason,
    when it cannot run here."""
    heading("The Bot Lab: worker start, match speed, an endless loop stopped")
    from tools.bench import browser as bench_browser

    exe = bench_browser.chromium()
    if exe is None:
        print("skipped: no Chromium (`make setup` installs Debian's chromium)")
        return
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("skipped: Playwright is not installed in this Python (use `make bench`)")
        return
    from tools.bench import lab as bench_lab
    from tools.serve import start_server

    server, base = start_server(directory=ROOT, quiet=True)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=exe, args=bench_browser.ARGS)
            results["lab"] = bench_lab.run(print, browser, base)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()


RUNNERS: dict[str, Callable[[argparse.Namespace, dict[str, object]], None]] = {
    "speed": section_speed,
    "moves": section_moves,
    "strength": section_strength,
    "search": section_search,
    "pyodide": section_pyodide,
    "sim": section_sim,
    "games": section_games,
    "browser": section_browser,
    "lab": section_lab,
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default=",".join(SECTIONS),
                        help=f"comma-separated sections: {', '.join(SECTIONS)}")
    parser.add_argument("--quick", action="store_true", help="fewer games (smoke run)")
    parser.add_argument("--workers", type=int, default=min(4, os.cpu_count() or 1),
                        help="processes for the strength matches")
    parser.add_argument("--json", type=Path, help="also write the numbers to this file")
    parser.add_argument("--search-games", type=int, default=0,
                        help="games per line of the search section (default 400)")
    args = parser.parse_args(argv)
    wanted = [s.strip() for s in args.only.split(",") if s.strip()]
    unknown = [s for s in wanted if s not in SECTIONS]
    if unknown:
        parser.error(f"unknown section {unknown[0]!r}; choose from {', '.join(SECTIONS)}")
    args.games = 50 if args.quick else 300
    args.move_games = 2 if args.quick else 10
    args.games_2p = 40 if args.quick else 400
    args.games_np = 24 if args.quick else 200
    args.search_games = args.search_games or (10 if args.quick else 400)
    args.solo_games = 10 if args.quick else 100
    results: dict[str, object] = {}
    start = time.perf_counter()
    print(f"Parlor bench: {', '.join(wanted)}")
    for name in SECTIONS:
        if name in wanted:
            RUNNERS[name](args, results)
    print(f"\nTotal {time.perf_counter() - start:.0f} s")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, default=str) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
