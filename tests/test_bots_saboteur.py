"""Saboteur's computer opponents: every level returns a legal move from a view (duel
and solo, in every phase), quickly, and the hard bot beats random play."""

from __future__ import annotations

from dataclasses import replace

import pytest

from parlor.bots import LEVELS, make_bot
from parlor.bots.arena import play, win_share
from parlor.core.rng import Rng
from parlor.games import GAMES
from parlor.games.saboteur import rules
from parlor.games.saboteur.cards import CARDS, DECK
from parlor.games.saboteur.notation import parse_move
from parlor.games.saboteur.state import BRIBE, REVEAL

GAME = GAMES["saboteur"]


def test_every_level_is_registered() -> None:
    assert LEVELS["saboteur"] == ("random", "easy", "medium", "hard")
    for level in LEVELS["saboteur"]:
        assert make_bot("saboteur", level).level == level


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("level", ["random", "easy", "medium"])
def test_bots_play_legal_moves_from_views(level: str, players: int) -> None:
    """Each bot sees only ``GAME.view(state, seat)`` and must answer a legal move, in
    play and reveal phases alike, through whole games."""
    phases = set()
    for seed in range(2):
        s = GAME.new(players, seed, {"rounds": 2})
        bots = [make_bot("saboteur", level) for _ in range(players)]
        rng = Rng(seed)
        while (seat := GAME.to_act(s)) is not None:
            phases.add(s.phase)
            move = bots[seat].choose(GAME.view(s, seat), rng)
            assert move in GAME.legal_moves(s)
            s = GAME.apply(s, move)
        assert GAME.outcome(s) is not None
    if level != "random":
        assert REVEAL in phases or players == 1


def test_bots_move_legally_on_a_big_maze() -> None:
    """Bots cope with 40+ cards down (their speed there is measured by `make bench`)."""
    rng = Rng(7)
    s = rules.new_game(2, 7, {})
    paths = [c for c in DECK if CARDS[c].kind == "path"] * 2
    s = replace(s, hands=(tuple(sorted(paths)), ()), draw=())
    near = {(x + dx, y + dy) for x, y in s.goal_cells
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
    while len(s.maze) < 46:
        moves = [m for m in GAME.legal_moves(s) if m.startswith("place")
                 and getattr(parse_move(m), "cell", None) not in near]
        if not moves:
            break
        s = GAME.apply(s, rng.choice(moves))
        if s.phase == BRIBE:  # the placement reached a troll: decline the bribe
            s = GAME.apply(s, "done")
        s = replace(s, to_move=0, hands=(s.hands[0], ()), counters_left=(4, 4))
    s = replace(s, hands=(("A-BRK-LAMP", "A-KEY", "A-ROCKFALL", "P13", "P20", "P08"),
                          ("P05", "P16", "P23", "A-MAP", "P08", "P09")), draw=("P05",) * 5)
    assert len(s.maze) >= 40
    for level in ("easy", "medium", "hard"):
        bot = make_bot("saboteur", level, iterations=20)
        for i in range(3):
            assert bot.choose(GAME.view(s, 0), Rng(i)) in GAME.legal_moves(s)


def test_medium_bot_takes_gold_in_reach() -> None:
    """The medium bot secures gold it can reach with one card."""
    s = rules.new_game(2, 0, {})
    s = replace(s, hands=(("P04", "P08", "P23", "P16", "P05", "A-MAP"), s.hands[1]))
    move = make_bot("saboteur", "medium").choose(GAME.view(s, 0), Rng(1))
    assert move.startswith("place P04@0,0")


@pytest.mark.slow
def test_medium_beats_random() -> None:
    """Strength: medium wins clearly against random over seeded duels."""
    score = 0.0
    n = 20
    for seed in range(n):
        bots = [make_bot("saboteur", "medium"), make_bot("saboteur", "random")]
        if seed % 2:
            bots.reverse()
        result = play("saboteur", bots, seed, {"rounds": 3})
        score += win_share(result, seed % 2)
    assert score >= 0.8 * n
