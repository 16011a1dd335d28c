"""Suite ``play``: the page's responsiveness while bots play, in headless Chromium: a
bots-only game of each title with no bot delay (4-player Kabaleo, 3-player Ciao!, a
Saboteur duel, hard bots among them), the main thread's long tasks meanwhile (how many
over 50 and 100 ms, the longest: the budget is none over 100 ms), and each level's bot
move times inside Pyodide in the page (a move's ``parlor:bot:<level>`` measure spans
its whole thinking, all slices)."""

from __future__ import annotations

import statistics
from typing import Any

from tools.bench.harness import (
    READY,
    Context,
    LongTasks,
    long_tasks,
    reset_long_tasks,
    watch_long_tasks,
)
from tools.bench.loops import pct

#: title, seats, players, extra link parameters.
GAMES = (("kabaleo", "bot:hard,bot:medium,bot:hard,bot:easy", 4, ""),
         ("ciao", "bot:hard,bot:medium,bot:hard", 3, "&opt.rounds=1"),
         ("saboteur", "bot:hard,bot:medium", 2, "&opt.rounds=1"))


def bots_in_page(browser: Any, base: str, game: str, seats: str, players: int,
                 extra: str = "") -> tuple[LongTasks, dict[str, list[float]]]:
    """Play a bots-only game with no delay; record long tasks and bot move measures."""
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    watch_long_tasks(page)
    page.goto(f"{base}/index.html?game={game}&players={players}&seats={seats}"
              f"&seed=1&botdelay=0{extra}")
    page.wait_for_function(READY, timeout=120_000)
    reset_long_tasks(page)  # start-up itself is the ``startup`` suite's
    page.wait_for_selector("#game[data-phase='over']", timeout=600_000)
    tasks = long_tasks(page)
    measures = page.evaluate("""performance.getEntriesByType('measure')
        .filter(m => m.name.startsWith('parlor:bot:'))
        .map(m => [m.name.split(':').pop(), m.duration])""")
    ctx.close()
    per_level: dict[str, list[float]] = {}
    for level, ms in measures:
        per_level.setdefault(level, []).append(ms)
    return tasks, per_level


def run(ctx: Context) -> dict[str, object]:
    emit, browser, base = ctx.emit, ctx.session.browser, ctx.session.base
    out: dict[str, object] = {}
    for game, seats, players, extra in GAMES:
        tasks, moves = bots_in_page(browser, base, game, seats, players, extra)
        emit(f"\nIn the page, a {players}-player {game} game of bots ({seats}):")
        emit(f"  long tasks (>50 ms): {tasks.count}, over 100 ms: {tasks.over(100)}, "
             f"longest: {tasks.longest:.0f} ms")
        emit(f"  {'bot level':12} {'moves':>6} {'mean ms':>8} {'p95 ms':>8} {'max ms':>8}")
        for level, values in sorted(moves.items()):
            emit(f"  {level:12} {len(values):6} {statistics.mean(values):8.1f} "
                 f"{pct(values, 0.95):8.1f} {max(values):8.1f}")
        out[game] = {"longtasks": tasks.durations, "moves": moves}
    return out
