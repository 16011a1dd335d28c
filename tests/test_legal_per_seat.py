"""Legality per seat is the rules': ``legal_moves_for(state, seat)``
is a seat's part of ``legal_moves``: all of it on its turn, none on another's, and at a
table decision (Ciao!'s speed race and "Thank you!") only the answers that name it.
The host checks a guest's answer with it, never by reading the guest's screen."""

from __future__ import annotations

import pytest

from parlor.core.protocol import TABLE
from parlor.core.rng import Rng
from parlor.games import GAMES
from parlor.games.ciao.notation import parse_move

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py


@pytest.mark.parametrize(("game_id", "players"), [("kabaleo", 3), ("ciao", 3),
                                                    ("saboteur", 2)])
def test_each_seat_gets_its_own_part_of_the_legal_moves(game_id: str, players: int) -> None:
    game = GAMES[game_id]
    tables = 0
    for seed in range(4):
        rng = Rng(seed)
        state = game.new(players, seed, game.options_for(players, {}))
        for _ in range(400):
            who = game.to_act(state)
            if who is None:
                break
            legal = game.legal_moves(state)
            mine = [game.legal_moves_for(state, seat) for seat in range(players)]
            for seat, moves in enumerate(mine):
                assert set(moves) <= set(legal)
                if who >= 0:
                    assert moves == (legal if seat == who else [])
            if who == TABLE:
                tables += 1
                for seat, moves in enumerate(mine):  # Ciao!'s race or thank-you
                    assert all(parse_move(m).seat == seat for m in moves)  # type: ignore[union-attr]
            state = game.apply(state, legal[rng.randbelow(len(legal))])
    if game_id == "ciao":
        assert tables > 0  # the table decisions were met and checked
