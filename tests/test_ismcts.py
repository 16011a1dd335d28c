"""The game-independent information-set search (bots/ismcts.py): fair, legal and
reproducible in every game."""

from __future__ import annotations

import pytest

from parlor.bots.ismcts import RandomKnowledge, Search
from parlor.core.protocol import legal_moves_of_view
from parlor.core.rng import Rng
from parlor.games import GAMES

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

CASES = [("kabaleo", 2, {}), ("kabaleo", 3, {}), ("ciao", 3, {"rounds": 1}),
         ("saboteur", 2, {"rounds": 1}), ("saboteur", 1, {"rounds": 1})]


def positions(game_id: str, players: int, options: dict[str, object], count: int = 4):
    """A few positions along a seeded random game where a seat (not the table) acts."""
    game = GAMES[game_id]
    s = game.new(players, 7, game.options_for(players, options))
    rng = Rng(7)
    out = []
    for step in range(120):
        seat = game.to_act(s)
        if seat is None:
            break
        if seat >= 0 and step % 9 == 0 and len(game.legal_moves(s)) > 1:
            out.append(s)
            if len(out) == count:
                break
        s = game.apply(s, rng.choice(game.legal_moves(s)))
    return out


@pytest.mark.parametrize(("game_id", "players", "options"), CASES,
                         ids=[f"{c[0]}-{c[1]}p" for c in CASES])
def test_a_search_move_is_legal_and_reproducible(game_id: str, players: int,
                                                 options: dict[str, object]) -> None:
    """A bot's move is always legal; the same view, seed and budget give the same move;
    the search is handed only the seat's view (determinize fills in the rest)."""
    game = GAMES[game_id]
    search = Search(game, RandomKnowledge(), iterations=24, depth=12)
    for s in positions(game_id, players, options):
        seat = game.to_act(s)
        view = game.view(s, seat)
        move = search.choose(view, Rng(5))
        assert move in game.legal_moves(s)
        assert move == search.choose(game.view(s, seat), Rng(5))
        assert move in legal_moves_of_view(game, view)


def test_the_search_on_a_fast_path_is_legal_and_reproducible() -> None:
    """The same search on Kabaleo's fast path (integer moves, named back in notation)."""
    from parlor.games.kabaleo.bots.fast import FastKabaleo

    game = GAMES["kabaleo"]
    search = Search(game, RandomKnowledge(), iterations=60, fast=FastKabaleo)
    for s in positions("kabaleo", 3, {}):
        seat = game.to_act(s)
        move = search.choose(game.view(s, seat), Rng(2))
        assert move in game.legal_moves(s)
        assert move == search.choose(game.view(s, seat), Rng(2))


def test_the_search_on_ciaos_fast_path_is_legal_and_reproducible() -> None:
    """Ciao!'s fast path (a round at a time; races drawn as chance) under the search."""
    from parlor.games.ciao.bots.fast import FastCiao

    game = GAMES["ciao"]
    search = Search(game, RandomKnowledge(), iterations=40, depth=30, fast=FastCiao)
    for s in positions("ciao", 3, {"rounds": 1}):
        seat = game.to_act(s)
        move = search.choose(game.view(s, seat), Rng(4))
        assert move in game.legal_moves(s)
        assert move == search.choose(game.view(s, seat), Rng(4))


@pytest.mark.parametrize(("game_id", "players", "options"), CASES,
                         ids=[f"{c[0]}-{c[1]}p" for c in CASES])
def test_the_hard_level_is_the_search_legal_reproducible_and_fair(
        game_id: str, players: int, options: dict[str, object]) -> None:
    """``hard`` is the search with the game's knowledge;
    its move is legal, the same for the same view, seed and budget, and the same for
    two states that differ only in what the seat cannot see."""
    from parlor.bots import make_bot

    game = GAMES[game_id]
    for k, s in enumerate(positions(game_id, players, options, count=3)):
        seat = game.to_act(s)
        view = game.view(s, seat)
        bot = make_bot(game_id, "hard", iterations=40)
        assert hasattr(bot, "think")
        move = bot.choose(view, Rng(k))
        assert move in game.legal_moves(s)
        assert move == make_bot(game_id, "hard", iterations=40).choose(view, Rng(k))
        other = game.determinize(view, Rng(100 + k))  # same view, other hidden cards
        assert game.view(other, seat) == view
        assert make_bot(game_id, "hard", iterations=40).choose(game.view(other, seat),
                                                               Rng(k)) == move


def test_thinking_in_slices_reaches_the_same_move_as_thinking_at_once() -> None:
    """The page runs the search a few iterations at a time (``app/thinking.py``); the
    move is the one the whole budget gives at once."""
    from parlor.bots import make_bot

    game = GAMES["kabaleo"]
    s = positions("kabaleo", 3, {})[1]
    view = game.view(s, game.to_act(s))
    thinking = make_bot("kabaleo", "hard", iterations=60).think(view, Rng(3))
    steps = 0
    while not thinking.done:
        thinking.step(7)
        steps += 1
    assert steps == 9
    assert thinking.best() == make_bot("kabaleo", "hard", iterations=60).choose(view, Rng(3))


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players", "options"), [
    ("kabaleo", 2, {}), ("ciao", 2, {"rounds": 1}), ("saboteur", 2, {"rounds": 1}),
    ("saboteur", 1, {"rounds": 1})])
def test_smoke_match_at_the_default_budget(game_id: str, players: int,
                                           options: dict[str, object]) -> None:
    """One whole match per game with ``hard`` at its default budget
    (against ``medium``), through the arena, which applies every move through the
    public rules (an illegal one would raise). Strength is `make bench`'s business."""
    from parlor.bots import make_bot
    from parlor.bots.arena import play

    levels = ["hard", "medium"][:players]
    result = play(game_id, [make_bot(game_id, lvl) for lvl in levels], 11, options)
    assert result.moves and len(result.points) == players


def test_the_oracle_is_not_a_level_and_plays_legally() -> None:
    """The oracle (the search shown the whole state)
    is for the bench only: no menu level builds it, and shown the state by the arena it
    plays legal moves (the arena applies them through the rules)."""
    from parlor.bots import make_bot
    from parlor.bots.arena import play
    from parlor.bots.oracle import OracleBot
    from parlor.core.errors import BadOptions

    for game_id, options in (("kabaleo", {}), ("ciao", {"rounds": 1}),
                             ("saboteur", {"rounds": 1})):
        with pytest.raises(BadOptions):
            make_bot(game_id, "oracle")
        bots = [OracleBot(make_bot(game_id, "hard", iterations=20)),
                make_bot(game_id, "hard", iterations=20)]
        assert play(game_id, bots, 5, options).moves
