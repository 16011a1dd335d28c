"""An endless loop names the line it was on: the sandbox's watch (``stopwatch.py``) looks
at the clock every few lines of the student's code and, past the move's time, stops
it there with ``over_time``, the student's lines leading to it included; the file's
top level likewise with ``load_time``. In CPython 3.11 this is ``sys.settrace``; in the
browser's Python 3.14, ``sys.monitoring`` (this file runs in both)."""

from __future__ import annotations

import itertools
import json
import sys
from collections.abc import Callable

import pytest

from fakes import LabWorker
from parlor.app.lab.here import HERE_KEY
from parlor.app.lab.student import Frame, Problem, StudentBot, compile_bot
from parlor.app.lab.toolbox import Toolbox
from parlor.core.protocol import legal_moves_of_view
from parlor.core.rng import Rng
from parlor.games import GAMES

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

GAME = GAMES["kabaleo"]

LOOP = """\
def count_up(n):
    while n > 0:
        n = n + 1
    return n

def choose(view, moves, rng):
    total = count_up(1)
    return moves[0]
"""


def ticking() -> Callable[[], float]:
    """A fake clock that moves one millisecond each time it is read."""
    ticks = itertools.count()
    return lambda: float(next(ticks))


def first_turn(bot: StudentBot, clock: Callable[[], float], limit_ms: float) -> Problem | None:
    state = GAME.new(2, 1, GAME.options_for(2, {}))
    view = GAME.view(state, GAME.to_act(state))
    turn = bot.turn(view, legal_moves_of_view(GAME, view), Rng(3), clock=clock,
                    limit_ms=limit_ms)
    return turn.problem


def watched(source: str, clock: Callable[[], float]) -> StudentBot:
    bot = compile_bot(source, {"game": Toolbox.of("kabaleo")}, clock=clock)
    assert isinstance(bot, StudentBot), bot
    return bot


def test_an_endless_loop_is_stopped_at_its_line_with_the_call_that_led_there() -> None:
    clock = ticking()
    problem = first_turn(watched(LOOP, clock), clock, 50.0)
    assert problem is not None and problem.kind == "over_time"
    assert problem.line in (2, 3)  # the loop's test or its body, wherever it was
    assert problem.frames[0] == Frame(7, "choose", "total = count_up(1)")
    assert problem.frames[-1].name == "count_up"
    assert sys.gettrace() is None  # the watch is gone after the move


def test_catching_exception_does_not_hide_the_loop() -> None:
    clock = ticking()
    source = ("def choose(view, moves, rng):\n    while True:\n        try:\n"
              "            x = 1\n        except Exception:\n            pass\n")
    problem = first_turn(watched(source, clock), clock, 20.0)
    assert problem is not None and problem.kind == "over_time" and problem.line in (2, 4)


def test_a_quick_bot_is_not_stopped_and_plays_as_before() -> None:
    clock = ticking()
    bot = watched("def choose(view, moves, rng):\n"
                  "    return max(moves, key=lambda m: len(game.moves(game.play("
                  "game.deal(view, rng), m))))\n", clock)
    assert first_turn(bot, clock, 1000.0) is None


def test_the_rules_code_is_not_watched_line_by_line() -> None:
    """Only the student's lines count: a move spent in the toolbox reads the clock no
    more often than its own few lines make it."""
    reads = [0]

    def clock() -> float:
        reads[0] += 1
        return 0.0

    bot = watched("def choose(view, moves, rng):\n"
                  "    for m in moves:\n        game.simulate(view, m, rng)\n"
                  "    return moves[0]\n", clock)
    assert first_turn(bot, clock, 1000.0) is None
    assert reads[0] <= 4  # the bot's start and end, and the move's: no line ticks


def test_a_top_level_that_never_ends_is_stopped_at_its_line() -> None:
    problem = compile_bot("import math\n\nwhile True:\n    pass\n", clock=ticking(),
                          limit_ms=30.0)
    assert isinstance(problem, Problem) and problem.kind == "load_time"
    assert problem.line in (3, 4) and problem.frames[0].name == "<module>"


def test_an_endless_loop_in_a_sandbox_is_over_time_with_its_line() -> None:
    """Through the wire: the sandbox answers over_time at the line, the referee keeps
    its own clock's time and the sandbox (no need to start another)."""
    worker = LabWorker(ms=260.0, clock=ticking())
    reports = worker.run(json.dumps({
        "source": LOOP, "game": "kabaleo", "level": "random", "players": 2, "games": 1,
        "first": 0, "seed": 5, "limit_ms": 250, "options": {}, "key": HERE_KEY.hex}))
    game = next(r["game"] for r in reports if r["kind"] == "game")
    assert isinstance(game, dict)
    problem = game["stopped"]["problem"]
    assert (problem["kind"], problem["detail"]) == ("over_time", "260")
    assert problem["line"] in (2, 3)
    assert [f[0] for f in problem["frames"]][0] == 7
    assert not worker.killed


def test_a_sandbox_saying_over_time_early_loses_only_its_move_by_the_referees_clock() -> None:
    """A sandbox may claim it was stopped: the referee takes the line, not the kind or
    the time (a load stays ``load_time``, the time is its own)."""
    def script(data: dict[str, object]) -> str | None:
        if data["kind"] != "turn":
            return None
        return json.dumps({"id": data["id"], "move": None, "printed": "", "problem": {
            "kind": "load_time", "line": 3, "detail": "99999", "frames": [[3, "f", "x"]]}})

    reports = LabWorker(script, ms=5.0).run(json.dumps({
        "source": "def choose(view, moves, rng):\n    return moves[0]\n", "game": "kabaleo",
        "level": "random", "players": 2, "games": 1, "first": 0, "seed": 5,
        "limit_ms": 250, "options": {}, "key": HERE_KEY.hex}))
    game = next(r["game"] for r in reports if r["kind"] == "game")
    assert isinstance(game, dict)
    assert game["stopped"]["problem"] == {"kind": "over_time", "line": 3, "detail": "5",
                                          "frames": [[3, "f", "x"]]}


def test_without_a_limit_nothing_is_watched() -> None:
    """No limit (a bot run directly, as the lessons' proof may): the clock is read at
    the move's start and end only, however many lines run."""
    reads = [0]

    def clock() -> float:
        reads[0] += 1
        return 0.0

    bot = watched("def choose(view, moves, rng):\n    for i in range(5000):\n"
                  "        pass\n    return moves[0]\n", clock)
    reads[0] = 0
    assert first_turn(bot, clock, float("inf")) is None
    assert reads[0] == 2
