"""A crash points at its cause: the student sees their own lines of the traceback, the
call in ``choose`` included, innermost last, each with its code; Parlor's frames (the
toolbox, the sandbox) are left out. The frames cross the sandbox's port, so a forged
frames field is refused there as any forged answer is, and a problem kept before
frames existed still reads."""

from __future__ import annotations

import json

import pytest

from parlor.app.lab import wire
from parlor.app.lab.here import HERE_KEY, run_here
from parlor.app.lab.student import (
    MAX_FRAME_TEXT,
    MAX_FRAMES,
    Frame,
    Problem,
    StudentBot,
    compile_bot,
)
from parlor.app.lab.toolbox import Toolbox
from parlor.core.protocol import legal_moves_of_view
from parlor.core.rng import Rng
from parlor.games import GAMES

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

GAME = GAMES["kabaleo"]

HELPER = """\
def helper(moves):
    return moves[99]

def choose(view, moves, rng):
    best = helper(moves)
    return best
"""

NESTED = """\
def inner(n):
    return 10 // n

def outer(moves):
    return inner(len(moves) - len(moves))

def choose(view, moves, rng):
    return moves[outer(moves)]
"""


def crash(source: str) -> Problem:
    """The problem of ``source``'s first move in a Kabaleo game (``game`` given)."""
    state = GAME.new(2, 1, GAME.options_for(2, {}))
    view = GAME.view(state, GAME.to_act(state))
    bot = compile_bot(source, {"game": Toolbox.of("kabaleo")})
    assert isinstance(bot, StudentBot), bot
    turn = bot.turn(view, legal_moves_of_view(GAME, view), Rng(3), clock=lambda: 0.0)
    assert turn.move is None and turn.problem is not None
    return turn.problem


def test_a_helpers_crash_shows_the_call_in_choose_then_the_helpers_line() -> None:
    problem = crash(HELPER)
    assert (problem.kind, problem.line) == ("crash", 2)
    assert problem.detail.startswith("IndexError")
    assert problem.frames == (Frame(5, "choose", "best = helper(moves)"),
                              Frame(2, "helper", "return moves[99]"))


def test_a_crash_in_a_nested_helper_shows_each_call_on_the_way() -> None:
    problem = crash(NESTED)
    assert (problem.kind, problem.line) == ("crash", 2)
    assert [(f.line, f.name) for f in problem.frames] == [(8, "choose"), (5, "outer"),
                                                          (2, "inner")]
    assert problem.frames[-1].text == "return 10 // n"


def test_parlors_own_frames_are_left_out() -> None:
    """A view passed where the toolbox wants a state raises inside toolbox.py: the
    student sees their line that called it, not Parlor's."""
    problem = crash("def choose(view, moves, rng):\n    return game.moves(view)[0]\n")
    assert problem.kind == "crash" and "game.deal" in problem.detail
    assert problem.frames == (Frame(2, "choose", "return game.moves(view)[0]"),)


def test_a_crash_at_the_top_level_of_the_file_names_its_line() -> None:
    top = compile_bot("import math\n\ndef half(x):\n    return x / 0\n\nHALF = half(1)\n")
    assert isinstance(top, Problem) and (top.kind, top.line) == ("crash", 4)
    assert top.frames == (Frame(6, "<module>", "HALF = half(1)"),
                          Frame(4, "half", "return x / 0"))


def test_a_runaway_recursion_keeps_the_call_and_a_few_frames() -> None:
    problem = crash("def down(n):\n    return down(n + 1)\n\n"
                    "def choose(view, moves, rng):\n    return down(0)\n")
    assert problem.detail.startswith("RecursionError") and problem.line == 2
    assert problem.frames[0] == Frame(5, "choose", "return down(0)")
    assert 2 <= len(problem.frames) <= MAX_FRAMES


def test_a_long_line_is_cut_to_fit_what_the_wire_lets_through() -> None:
    long = "x" * 300
    problem = crash(f"def choose(view, moves, rng):\n    return {long}\n")
    assert problem.kind == "crash" and len(problem.frames[0].text) == MAX_FRAME_TEXT
    answer = wire.read_answer(wire.answer_text(7, None, problem), 7, ("a",))
    assert answer.problem == problem


def test_the_frames_cross_the_port_to_the_report() -> None:
    """The whole way: the sandbox's answer, the referee's check, the game's report."""
    reports: list[dict[str, object]] = []
    request = json.dumps({"source": HELPER, "game": "kabaleo", "level": "random",
                          "players": 2, "games": 1, "first": 0, "seed": 5,
                          "limit_ms": 1000, "options": {}, "key": HERE_KEY.hex})
    run_here(request, lambda text: reports.append(json.loads(text)), lambda: 0.0)
    game = next(r["game"] for r in reports if r["kind"] == "game")
    assert isinstance(game, dict)
    problem = Problem.from_dict(game["stopped"]["problem"])
    assert [f.line for f in problem.frames] == [5, 2]


def test_a_problem_kept_before_frames_existed_still_reads() -> None:
    old = {"kind": "crash", "line": 3, "detail": "ZeroDivisionError: division by zero"}
    assert Problem.from_dict(old) == Problem("crash", 3, old["detail"])
    assert Problem("crash", 3, "x").to_dict() == {"kind": "crash", "line": 3, "detail": "x"}
    with pytest.raises(ValueError):
        Problem.from_dict({**old, "frames": [["3", "choose", "x"]]})


@pytest.mark.parametrize("frames", [
    "line 2", {"line": 2}, [[2, "choose"]], [[2, "choose", "x", "y"]], [[-1, "f", "x"]],
    [[2.0, "f", "x"]], [[False, "f", "x"]], [[2, None, "x"]], [[2, "f", 7]],
    [[2, "f" * (MAX_FRAME_TEXT + 1), "x"]], [[2, "f", "x"]] * (MAX_FRAMES + 1),
])
def test_a_crafted_frames_field_is_refused_as_broken(frames: object) -> None:
    text = json.dumps({"id": 4, "move": None, "printed": "",
                       "problem": {"kind": "crash", "line": 2, "detail": "", "frames": frames}})
    answer = wire.read_answer(text, 4, ("a", "b"))
    assert answer.move is None and answer.problem is not None
    assert answer.problem.kind == "broken"
