"""Seeded bot-vs-bot matches: the strength table, the slow tests and tuning use these.

Each bot gets only ``GAME.view(state, seat)`` (the bench's test-only oracle,
``bots/oracle.py``, is also shown the state: the price of fairness); its random
numbers come from a generator forked per seat from the match seed, so a match is a
pure function of its arguments.
Decisions the table makes (Ciao!'s races and thank-yous) are answered the way the app
answers them with no person clicking: the game's own ``windows`` module times each
bot's answer (``core/windows.py``) and the fastest one in time wins, else the timeout
move.
"""

from __future__ import annotations

import importlib
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass

from parlor.bots.base import Bot
from parlor.core.protocol import TABLE
from parlor.core.rng import Rng
from parlor.core.windows import Window


@dataclass(frozen=True)
class MatchResult:
    winners: tuple[int, ...]
    points: tuple[int, ...]
    moves: tuple[str, ...]


class Outside:
    """A seat whose moves come from outside the game loop: ``steps`` hands its turns
    out (``Turn``) and waits for the move. The Bot Lab's bots sit here: their code runs
    in a sandbox of its own, so the loop cannot call them (app/lab/referee.py)."""

    level = "lab"


OUTSIDE = Outside()


@dataclass(frozen=True)
class Turn:
    """An outside seat's turn: its view, its legal moves (from the true state: the same
    list its view gives, ``core.protocol.legal_moves_of_view``, without dealing the
    hidden cards again) and the move's number. No generator: the seat's is drawn from
    the match seed by a public formula, which a student's bot could walk back to the
    seed, so the Lab gives its bots dice of its own (``app/lab/dice.py``)."""

    seat: int
    view: object
    moves: tuple[str, ...]
    ply: int


def steps(
    game_id: str,
    bots: Sequence[Bot | Outside],
    seed: int,
    options: Mapping[str, object] | None = None,
    record: list[str] | None = None,
) -> Generator[Turn, str, MatchResult]:
    """One game, a bot per seat, as a generator: it yields a ``Turn`` for each move of
    an ``Outside`` seat and is sent that seat's move; it returns the ``MatchResult``.
    ``record``, when given, receives each move as it is played, so a game stopped half
    way (a Lab bot that gave no move) can still be replayed up to there."""
    from parlor.games import ENTRIES

    entry = ENTRIES[game_id]
    game = entry.game
    windows = importlib.import_module(entry.windows) if entry.windows else None
    levels = tuple(bot.level for bot in bots)
    state = game.new(len(bots), seed, options or {})
    master = Rng(seed ^ 0x5EED_B075)
    rngs = [master.fork() for _ in bots]  # an outside seat's too: table_rng stays put
    table_rng = master.fork()
    moves: list[str] = [] if record is None else record
    while (seat := game.to_act(state)) is not None:
        if seat == TABLE:
            assert windows is not None, f"{game_id} has table decisions but no windows"
            window: Window | None = windows.open_window(state, levels, table_rng)
            assert window is not None
            move = window.without_people()
        else:
            bot = bots[seat]
            if isinstance(bot, Outside):
                move = yield Turn(seat, game.view(state, seat),
                                  tuple(game.legal_moves_for(state, seat)), len(moves))
            else:
                observe = getattr(bot, "observe", None)
                if observe is not None:  # the bench's oracle only (bots/oracle.py)
                    observe(state)
                move = bot.choose(game.view(state, seat), rngs[seat])
        state = game.apply(state, move)
        moves.append(move)
    out = game.outcome(state)
    assert out is not None
    return MatchResult(out.winners, out.points, tuple(moves))


def play(
    game_id: str,
    bots: Sequence[Bot],
    seed: int,
    options: Mapping[str, object] | None = None,
    record: list[str] | None = None,
) -> MatchResult:
    """Play one game to the end with one bot per seat (``steps``, with no outside
    seat: the generator runs through without yielding)."""
    game = steps(game_id, bots, seed, options, record)
    try:
        turn = next(game)
    except StopIteration as over:
        result: MatchResult = over.value
        return result
    raise AssertionError(f"seat {turn.seat} has no bot")


def win_share(result: MatchResult, seat: int) -> float:
    """1 for a sole win, 1/k for a win shared by k seats, else 0."""
    return 1.0 / len(result.winners) if seat in result.winners else 0.0
