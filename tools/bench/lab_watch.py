"""Suite ``lab-watch``: what the sandbox's watch (py/parlor/app/lab/stopwatch.py) costs
a bot's moves: each game's lesson solutions (tests/fixtures/lab/) play the same seeded
games against their lesson's level, once unwatched and once watched (limit 60 s: it
never fires), and the mean time of the bot's moves is compared. The very same loop runs
in CPython (3.11: ``sys.settrace``) and in Pyodide (3.14: ``sys.monitoring``, as in the
browser):

    python -m tools.bench lab-watch     # both, side by side
    node tools/bench/pyodide.mjs tools.bench.lab_watch "payload()"   # Pyodide's alone

Each pair is played ``ROUNDS`` times, alternating, and the fastest round of each side
kept: the machine's other work then weighs on both alike.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from tools.bench.harness import Context, pyodide_eval
from tools.bench.report import heading, table

ROOT = Path(__file__).resolve().parents[2]

SOLUTIONS = ROOT / "tests" / "fixtures" / "lab"
GAMES_PER_ROUND = 2
ROUNDS = 2
#: The solutions measured: a greedy one-step bot and a look-ahead one (its moves spend
#: most of their time in the rules, which the watch leaves alone).
WHICH = ("kabaleo-2", "kabaleo-3", "saboteur-2")


def clock() -> float:
    return time.perf_counter() * 1000.0


def _mean_move_ms(game_id: str, number: int, watched: bool) -> float:
    from parlor.app.lab.here import lab_match
    from parlor.app.lab.lessons import lessons
    from parlor.app.lab.student import StudentBot, compile_bot
    from parlor.app.lab.toolbox import Toolbox
    from parlor.games import GAMES

    lesson = lessons(game_id)[number - 1]
    source = (SOLUTIONS / f"{game_id}-{number}.py").read_text(encoding="utf-8")
    bot = compile_bot(source, {"game": Toolbox.of(game_id)}, clock=clock if watched else None)
    assert isinstance(bot, StudentBot), bot
    played = lab_match(GAMES[game_id], bot, lesson.level, lesson.players, GAMES_PER_ROUND,
                       1, clock=clock, limit_ms=60_000.0, options=lesson.options)
    times = [t.ms for g in played for t in g.turns]
    return sum(times) / len(times)


def payload() -> dict[str, dict[str, float]]:
    """Per lesson solution: the fastest round's mean move time, unwatched and watched."""
    out: dict[str, dict[str, float]] = {}
    for which in WHICH:
        game_id, number = which.split("-")[0], int(which.split("-")[1])
        best = {False: float("inf"), True: float("inf")}
        for _ in range(ROUNDS):
            for watched in (False, True):
                best[watched] = min(best[watched], _mean_move_ms(game_id, number, watched))
        out[which] = {"unwatched_ms": round(best[False], 3), "watched_ms": round(best[True], 3),
                      "cost": round(best[True] / best[False] - 1, 3)}
        print(which, out[which], file=sys.stderr, flush=True)
    return out



def run(ctx: Context) -> dict[str, object]:
    heading(ctx.emit, "What the Lab's watch costs a bot's moves: lesson solutions, unwatched "
            f"and watched (fastest of {ROUNDS} rounds of {GAMES_PER_ROUND} games)")
    cpython = payload()
    got, why = pyodide_eval("tools.bench.lab_watch", "payload()")
    pyodide = got["value"] if got else {}
    if got is None:
        ctx.emit(f"Pyodide: {why}")
    rows = []
    for which, c in cpython.items():
        p = pyodide.get(which)
        rows.append((which, f"{c['unwatched_ms']:.3f}", f"{c['watched_ms']:.3f}",
                     f"{c['cost']:.3f}",
                     *((f"{p['unwatched_ms']:.3f}", f"{p['watched_ms']:.3f}",
                        f"{p['cost']:.3f}") if p else ("-", "-", "-"))))
    py = f"Pyodide {got['pyodide']} (Python {got['python']})" if got else "Pyodide"
    ctx.emit(f"mean move ms; CPython {sys.version.split()[0]} (sys.settrace) and {py} "
             "(sys.monitoring); cost = watched / unwatched - 1")
    ctx.emit(table(("solution", "CPython unwatched_ms", "CPython watched_ms", "CPython cost",
                    "Pyodide unwatched_ms", "Pyodide watched_ms", "Pyodide cost"), rows))
    return {"cpython": cpython, "pyodide": pyodide}
