"""Kabaleo's fast simulation (games/kabaleo/bots/fast.py) plays exactly the public rules:
the same legal moves in the same order and the same positions, move by move, over
seeded games with every option."""

from __future__ import annotations

import pytest

from parlor.bots.ismcts import outcome_scores
from parlor.core.rng import Rng
from parlor.games.kabaleo import GAME
from parlor.games.kabaleo.bots.fast import FastKabaleo

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

CASES = [(2, {}), (3, {}), (4, {}), (2, {"last_pile_ban": False}),
         (2, {"targets_per_player": 2}), (3, {"distribution": "even"})]


@pytest.mark.parametrize(("players", "options"), CASES)
@pytest.mark.parametrize("seed", range(12))
def test_fast_path_matches_the_rules(players: int, options: dict[str, object],
                                     seed: int) -> None:
    s = GAME.new(players, seed, GAME.options_for(players, options))
    fast = FastKabaleo(s)
    rng = Rng(seed)
    while True:
        legal = GAME.legal_moves(s)
        ints = fast.legal()
        assert [fast.notation(m) for m in ints] == legal
        assert fast.to_act() == GAME.to_act(s)
        if not legal:
            break
        k = rng.randbelow(len(ints))
        branch = fast.copy()
        fast.play(ints[k])
        s = GAME.apply(s, legal[k])
        assert fast.piles_as_letters() == s.piles
        assert tuple(map(tuple, fast.hands)) == s.hands and tuple(fast.boxed) == s.boxed
        assert fast.last_pile == s.last_pile and fast.to_move == s.to_move
        assert branch.piles != fast.piles or branch.left != fast.left  # copies are apart
    assert fast.scores() == outcome_scores(GAME, s)


def test_a_random_rollout_move_is_always_legal_and_covers_the_legal_moves() -> None:
    """``random_move`` (rollouts draw without listing) never draws an illegal move and
    reaches every legal one."""
    s = GAME.new(3, 4, {})
    rng = Rng(9)
    for _ in range(12):
        s = GAME.apply(s, GAME.legal_moves(s)[rng.randbelow(len(GAME.legal_moves(s)))])
    fast = FastKabaleo(s)
    legal = set(fast.legal())
    drawn = {fast.random_move(rng) for _ in range(4000)}
    assert drawn == legal
