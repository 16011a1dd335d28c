"""Stepping through a match: which moment is shown, and through whose eyes.

A review is built from a match record alone: every state from the set-up to the last
move is replayed once (the record is the only truth, and a review never writes to the
save it came from). What may be shown follows the rule of the table:

- one seat's view, exactly what that seat saw at that moment: the human seats while the
  game can still be played (a bot's view would show a human its opponent's hand);
- every seat, and **everything** (all hands, colours and face-down goals), once the
  game is over or when no human plays it (a match of bots being watched).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from parlor.app.seats import Seat, parse_seat
from parlor.core.match import Match
from parlor.core.protocol import Game, Outcome

#: The perspective that shows every secret (a seat index otherwise).
EVERYTHING = -1


@dataclass(frozen=True)
class Review:
    match: Match
    states: tuple[object, ...]  # states[k]: the game after the first k moves
    actors: tuple[int, ...]  # actors[k]: the seat that made move k + 1 (-1: the table)
    ply: int  # how many moves are shown
    seat: int  # the perspective: a seat, or EVERYTHING
    #: The save it was opened from; None for an imported game not kept yet.
    save_id: str | None = None
    #: A Bot Lab game: what the student's bot printed for each move (by index; "" for
    #: the other seats' moves), shown beside the move ("What your bot said").
    said: tuple[str, ...] = ()
    #: Opened from the Bot Lab: the review offers the way back to it.
    lab: bool = False

    @classmethod
    def of(cls, match: Match, save_id: str | None = None, ply: int | None = None, *,
           said: tuple[str, ...] = (), lab: bool = False) -> Review:
        """Replay ``match`` (already checked by ``replay``/``import``) into a review at
        ``ply`` (default: the end), seen from the widest perspective allowed."""
        game = _game(match.game)
        state = game.new(len(match.seats), match.seed, match.options)
        states, actors = [state], []
        for move in match.moves:
            seat = game.to_act(state)
            actors.append(-1 if seat is None else seat)
            state = game.apply(state, move)
            states.append(state)
        n = len(match.moves)
        r = cls(match=match, states=tuple(states), actors=tuple(actors),
                ply=n if ply is None else max(0, min(n, ply)), seat=EVERYTHING,
                save_id=save_id, said=said, lab=lab)
        return replace(r, seat=r.perspectives()[0])

    @property
    def game(self) -> Game[Any, Any]:
        return _game(self.match.game)

    @property
    def plies(self) -> int:
        return len(self.match.moves)

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple(parse_seat(self.match.game, s) for s in self.match.seats)

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if not s.is_bot)

    @property
    def over(self) -> bool:
        """The game is over: played to its end, or ended where it stood (``Match.cut``)."""
        return self.match.cut or self.game.to_act(self.states[-1]) is None

    def outcome(self, names: tuple[str, ...]) -> Outcome | None:
        """The result, shown at the last move of a game that is over."""
        if self.ply != self.plies:
            return None
        if self.match.cut:
            return self.game.outcome_now(self.state, names)
        return self.game.outcome(self.state, names)

    @property
    def open_book(self) -> bool:
        """Everything may be shown: the game is over, or nobody at the table is a
        person whose secrets (or whose opponents' secrets) the review would give away."""
        return self.over or not self.humans

    def perspectives(self) -> tuple[int, ...]:
        """The perspectives on offer, the default first."""
        if self.open_book:
            return (EVERYTHING, *range(len(self.match.seats)))
        return self.humans

    def at(self, ply: int) -> Review:
        return replace(self, ply=max(0, min(self.plies, ply)))

    def looking(self, seat: int) -> Review:
        """Seen from ``seat`` if that perspective is on offer (else unchanged)."""
        return replace(self, seat=seat) if seat in self.perspectives() else self

    @property
    def state(self) -> object:
        return self.states[self.ply]

    def view(self) -> object:
        """What the perspective saw at this moment (the public view for EVERYTHING,
        whose secrets come from ``revealed``)."""
        return self.game.view(self.state, None if self.seat == EVERYTHING else self.seat)

    def revealed(self) -> object:
        return self.game.reveal(self.state) if self.seat == EVERYTHING else None

    def final_view(self) -> object:
        """The perspective's view after the last move: the move list is written from
        it (what that seat knows of the whole match by now)."""
        return self.game.view(self.states[-1], None if self.seat == EVERYTHING else self.seat)

    def bot_seats(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if s.is_bot)


def _game(game_id: str) -> Game[Any, Any]:
    from parlor.games import GAMES

    return GAMES[game_id]

