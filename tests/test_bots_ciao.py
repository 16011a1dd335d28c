"""Ciao!'s computer players: always a legal move, fast, from views only; the timed
windows' helpers stay within their promises; hard beats random (slow)."""

from __future__ import annotations

import pytest

from parlor.bots import DEFAULT_LEVEL, LEVELS, make_bot
from parlor.bots.arena import play as arena_play
from parlor.bots.arena import win_share
from parlor.core.protocol import TABLE
from parlor.core.rng import Rng
from parlor.games import GAMES
from parlor.games.ciao.bots.windows import MIN_REACTION_MS, race_card, reaction_ms, thanks_ms

GAME = GAMES["ciao"]
OPTION_SETS = (
    {},
    {"speed_mode": "turn_order", "millstone_discard_with_special": True},
    {"variant": 1},
    {"strict_table": True, "plus3_stack_requires_legal": True},
)


def test_levels_are_registered() -> None:
    assert LEVELS["ciao"] == ("random", "easy", "medium", "hard")
    assert DEFAULT_LEVEL["ciao"] in LEVELS["ciao"]


@pytest.mark.parametrize("level", ["random", "easy", "medium"])
@pytest.mark.parametrize("players", range(2, 7))
def test_bots_play_legal_moves_quickly(level: str, players: int) -> None:
    """Every seat a bot; the table's decisions drawn at random (bots never make them)."""
    for k, options in enumerate(OPTION_SETS):
        bots = [make_bot("ciao", level) for _ in range(players)]
        s = GAME.new(players, 100 * players + k, {"rounds": 1, **options})
        rng = Rng(players * 31 + k)
        steps = 0
        while (seat := GAME.to_act(s)) is not None and steps < 3000:
            legal = GAME.legal_moves(s)
            if seat == TABLE:
                move = rng.choice(legal)
            else:
                move = bots[seat].choose(GAME.view(s, seat), rng)
                assert move in legal, (level, move, legal)
            s = GAME.apply(s, move)
            steps += 1


def test_window_answer_times_keep_their_bounds() -> None:
    rng = Rng(7)
    for level in ("random", "easy", "medium", "hard"):
        times = [reaction_ms(level, rng) for _ in range(300)]
        assert min(times) >= MIN_REACTION_MS
        thanks = [thanks_ms(level, rng) for _ in range(300)]
        assert all(t is None or t >= MIN_REACTION_MS for t in thanks)
        if level in ("medium", "hard"):
            assert None not in thanks
        if level == "easy":
            assert None in thanks
    easy = sum(reaction_ms("easy", rng) for _ in range(300))
    hard = sum(reaction_ms("hard", rng) for _ in range(300))
    assert easy > hard


def test_race_card_is_a_legal_table_move() -> None:
    """``race_card`` picks, from the bot's own view, a move the table may apply."""
    found = 0
    for seed in range(40):
        s = GAME.new(4, seed, {"rounds": 1})
        rng = Rng(seed)
        while GAME.to_act(s) is not None:
            if s.phase == "race":
                legal = GAME.legal_moves(s)
                for seat in range(4):
                    move = race_card(GAME.view(s, seat), seat)
                    if seat == s.speed_player:
                        assert move is None
                    elif move is not None:
                        found += 1
                        assert move in legal
                    else:
                        assert not any(m.startswith(f"race {seat + 1} ") for m in legal)
            s = GAME.apply(s, rng.choice(GAME.legal_moves(s)))
    assert found > 0


@pytest.mark.slow
def test_medium_beats_random() -> None:
    share = 0.0
    games = 60
    for seed in range(games):
        bots = [make_bot("ciao", "medium"), make_bot("ciao", "random"), make_bot("ciao", "random")]
        seat_of_hard = seed % 3
        bots[0], bots[seat_of_hard] = bots[seat_of_hard], bots[0]
        result = arena_play("ciao", bots, seed, {"rounds": 3})
        share += win_share(result, seat_of_hard)
    assert share / games > 0.55


def test_arena_runs_a_bot_match() -> None:
    """arena.play answers the table's decisions (races, thank-yous) as the app does."""
    result = arena_play("ciao", [make_bot("ciao", "medium"), make_bot("ciao", "easy")], 3,
                        {"rounds": 3})
    assert len(result.points) == 2
