"""The Bot Lab's protocol for a student's bot: the same contract as the
built-in bots, errors in the student's own terms (their line), prints kept per move, a
move not among ``moves`` refused with the legal ones at hand, the time limit measured
by the clock it is given (a fake one here)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from parlor.app.lab.contest.matches import Score
from parlor.app.lab.referee.here import lab_match
from parlor.app.lab.sandbox.student import StudentBot, compile_bot
from parlor.app.lab.wire.problems import MAX_PRINTED, Problem
from parlor.core.protocol import legal_moves_of_view
from parlor.core.rng import Rng
from parlor.games import GAMES

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

GAME = GAMES["kabaleo"]


def position() -> tuple[object, list[str]]:
    """The first position of a two-player Kabaleo game, as the seat to act sees it."""
    state = GAME.new(2, 1, GAME.options_for(2, {}))
    view = GAME.view(state, GAME.to_act(state))
    return view, legal_moves_of_view(GAME, view)


def bot(source: str) -> StudentBot:
    compiled = compile_bot(source)
    assert isinstance(compiled, StudentBot), compiled
    return compiled


def still(ms: float = 0.0) -> Callable[[], float]:
    """A fake clock that moves ``ms`` between its two readings of a call."""
    ticks = iter([0.0, ms])
    return lambda: next(ticks)


def test_a_three_line_bot_plays_a_legal_move_and_its_prints_are_kept() -> None:
    view, moves = position()
    b = bot("def choose(view, moves, rng):\n    print('I have', len(moves))\n"
            "    return moves[0]\n")
    turn = b.turn(view, moves, Rng(2), clock=still())
    assert turn.move == moves[0] and turn.problem is None
    assert turn.printed == f"I have {len(moves)}\n"


def test_a_syntax_error_and_a_missing_choose_are_said_with_the_line() -> None:
    assert compile_bot("def choose(view, moves, rng)\n    return moves[0]\n") == Problem(
        "syntax", 1, "expected ':'")
    assert compile_bot("x = 1\n") == Problem("missing")
    assert compile_bot("def choose(view):\n    return 1\n") == Problem("signature", 1)
    top = compile_bot("import math\n\nprint(1 / 0)\n")
    assert isinstance(top, Problem) and (top.kind, top.line) == ("crash", 3)


def test_a_crash_names_the_students_line_not_parlors() -> None:
    view, moves = position()
    b = bot("def helper(moves):\n    return moves[99]\n\n"
            "def choose(view, moves, rng):\n    return helper(moves)\n")
    turn = b.turn(view, moves, Rng(2), clock=still())
    assert turn.move is None and turn.problem is not None
    assert (turn.problem.kind, turn.problem.line) == ("crash", 2)
    assert turn.problem.detail.startswith("IndexError")


def test_a_move_not_offered_is_refused_with_the_legal_ones_at_hand() -> None:
    view, moves = position()
    turn = bot("def choose(view, moves, rng):\n    return 'Z99'\n").turn(
        view, moves, Rng(2), clock=still())
    assert turn.move is None and turn.problem == Problem("not_legal", 0, "'Z99'")
    assert turn.moves == tuple(moves)
    none = bot("def choose(view, moves, rng):\n    pass\n").turn(view, moves, Rng(2),
                                                                clock=still())
    assert none.problem == Problem("not_legal", 0, "None")


def test_the_time_limit_is_measured_by_the_clock_given() -> None:
    view, moves = position()
    b = bot("def choose(view, moves, rng):\n    return rng.choice(moves)\n")
    assert b.turn(view, moves, Rng(2), clock=still(999.0)).problem is None
    late = b.turn(view, moves, Rng(2), clock=still(1500.0), limit_ms=1000.0)
    assert late.move is None and late.problem == Problem("over_time", 0, "1500")


def test_the_same_seed_gives_the_same_move_and_prints_are_bounded() -> None:
    view, moves = position()
    b = bot("def choose(view, moves, rng):\n    print('x' * 10000)\n"
            "    return rng.choice(moves)\n")
    first = b.turn(view, moves, Rng(7), clock=still())
    assert first.move == b.turn(view, moves, Rng(7), clock=still()).move
    assert len(first.printed) == MAX_PRINTED + 1 and first.printed.endswith("…")


def test_a_match_against_a_level_is_seat_swapped_seeded_and_scored() -> None:
    """Ten Kabaleo games of a ``moves[0]`` bot against ``random``: its seat alternates,
    every game is played to its end, and the same seed gives the same match."""
    b = bot("def choose(view, moves, rng):\n    return moves[0]\n")
    seen: list[int] = []
    games = lab_match(GAME, b, "random", 2, 10, 40, clock=lambda: 0.0,
                      progress=lambda done: seen.append(len(done)))
    assert seen == list(range(1, 11))
    assert [g.seat for g in games] == [0, 1] * 5
    assert all(g.stopped is None and g.turns for g in games)
    again = lab_match(GAME, b, "random", 2, 10, 40, clock=lambda: 0.0)
    assert [g.share for g in again] == [g.share for g in games]
    score = Score.of(games)
    assert score.games == 10 and score.wins == sum(g.share for g in games)
    assert 0 < score.half_interval <= 0.5


def test_a_bot_that_fails_stops_its_game_and_the_match_goes_on() -> None:
    b = bot("def choose(view, moves, rng):\n    return moves[0] if rng.random() < .5 "
            "else 'Z99'\n")
    games = lab_match(GAME, b, "random", 2, 4, 1, clock=lambda: 0.0)
    assert len(games) == 4
    stopped = [g for g in games if g.stopped is not None]
    assert stopped and all(g.share == 0.0 and g.stopped is not None
                           and g.stopped.problem == Problem("not_legal", 0, "'Z99'")
                           for g in stopped)
    assert all(g.stopped is g.turns[-1] for g in stopped)
