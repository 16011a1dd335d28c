"""The Lab's move limits (app/lab/contest/limits.py) against honest play, measured again.

The limits were chosen far above the longest games the built-in levels and random
bots play (``python -m tools.bench lengths``). The slow test plays the suite's sample
(the same cases on fewer seeds, the slow levels left out: about a minute) and fails if
a game came within ``MARGIN_KEPT`` of its limit: a rules change that makes games longer is
noticed before the Lab cuts honest games. It also plays a bot that never ends its round
to the real limit. The fast tests check the table of limits itself.
"""

from __future__ import annotations

import json

import pytest

from parlor.app.lab.contest.limits import LIMITS, LONGEST, MARGIN_KEPT, MOST_MOVES, move_limit
from parlor.app.lab.contest.matches import LabGame
from parlor.app.lab.contest.tournament import MAX_MOVES
from parlor.app.lab.page.state import players_of
from parlor.app.lab.referee.here import HERE_KEY, run_here
from parlor.games import GAMES
from tools_loader import load_bench

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py


def test_every_table_the_lab_plays_has_a_limit_above_its_longest_game() -> None:
    for game in GAMES:
        assert set(LIMITS[game]) == set(players_of(game)) == set(LONGEST[game])
        for players, limit in LIMITS[game].items():
            assert limit >= 1.8 * LONGEST[game][players], (game, players)
    assert MAX_MOVES >= MOST_MOVES  # a tournament's game at the limit is kept whole


@pytest.mark.slow
def test_honest_games_stay_far_below_the_limits() -> None:
    lengths = load_bench("lengths")
    _, longest = lengths.measure(lengths.cases(quick=True), lambda line: None)
    near = {table: (most, move_limit(*table)) for table, most in longest.items()
            if most * MARGIN_KEPT > move_limit(*table)}
    assert near == {}, ("honest games came near the limit: measure again "
                        "(python -m tools.bench lengths)")
    assert {game for game, _ in longest} == set(GAMES)


@pytest.mark.slow
def test_a_bot_that_never_ends_its_round_is_cut_at_the_real_limit() -> None:
    """Ciao!, two players, ``moves[-1]`` against easy: games 0 and 1 of this seed never
    end by the rules; each ends at 12,000 moves."""
    texts: list[str] = []
    source = "def choose(view, moves, rng):\n    return moves[-1]\n"
    run_here(json.dumps({"source": source, "game": "ciao", "level": "easy", "players": 2,
                         "games": 2, "seed": 5, "limit_ms": 1000, "key": HERE_KEY.hex,
                         "options": {"rounds": 1}}), texts.append, clock=lambda: 0.0)
    games = [LabGame.from_dict(r["game"]) for r in map(json.loads, texts) if r["kind"] == "game"]
    assert [(g.cut, len(g.moves)) for g in games] == [(True, move_limit("ciao", 2))] * 2
