"""What the sandbox's watch (py/parlor/app/lab/stopwatch.py) costs a bot's moves: each
game's lesson solutions (tests/fixtures/lab/) play the same seeded games against their
lesson's level, once unwatched and once watched (limit 60 s: it never fires), and the
mean time of the bot's moves is compared. The very same loop runs in CPython (3.11:
``sys.settrace``) and in Pyodide (3.14: ``sys.monitoring``, as in the browser):

    PYTHONPATH=py .venv/bin/python -m tools.bench.lab_watch
    node tools/bench/pyodide_eval.mjs \
        "__import__('importlib').import_module('tools.bench.lab_watch').payload()"

Each pair is played ``ROUNDS`` times, alternating, and the fastest round of each side
kept: the machine's other work then weighs on both alike.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from parlor.app.lab.here import lab_match
from parlor.app.lab.lessons import lessons
from parlor.app.lab.student import StudentBot, compile_bot
from parlor.app.lab.toolbox import Toolbox
from parlor.games import GAMES

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
    lesson = lessons(game_id)[number - 1]
    source = (SOLUTIONS / f"{game_id}-{number}.py").read_text(encoding="utf-8")
    bot = compile_bot(source, {"game": Toolbox.of(game_id)}, clock=clock if watched else None)
    assert isinstance(bot, StudentBot), bot
    played = lab_match(GAMES[game_id], bot, lesson.level, lesson.players, GAMES_PER_ROUND,
                       lesson.seed, clock=clock, limit_ms=60_000.0, options=lesson.options)
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


if __name__ == "__main__":
    print(f"Python {sys.version.split()[0]}")
    print(json.dumps(payload(), indent=1))
