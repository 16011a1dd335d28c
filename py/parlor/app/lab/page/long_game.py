"""A game at the table with a Lab bot that goes on and on ("Play against this bot"):
past the Lab's move limit (``limits.py``) the person is asked whether to end it now,
scored as it stands (each rules page's "cut short", ``Session.ended``), or to play on;
playing on asks again after as many moves more. While the question is open nothing
moves: no bot plays and the board takes no click.

The referee ends a match's or a tournament's game at the limit on its own; here a
person is at the table, and a long game may be one they enjoy, so it is theirs to say.
The question's place is kept in memory only: a game reopened past the limit asks again.
"""

from __future__ import annotations

from dataclasses import dataclass

from parlor.app.lab.contest.limits import move_limit
from parlor.app.session import Session


@dataclass
class LongGame:
    """When to ask next, in moves played (None: at the limit)."""

    next_ask: int | None = None

    @staticmethod
    def limit(session: Session) -> int | None:
        """The move limit of a game with a Lab bot seated (None: no Lab bot)."""
        if not any(seat.is_lab for seat in session.seats):
            return None
        match = session.match
        return move_limit(match.game, len(match.seats))

    def due(self, session: Session | None) -> bool:
        """The question is open: a Lab bot's game still going, past where it asks."""
        if session is None or session.to_act() is None:
            return False
        limit = self.limit(session)
        if limit is None:
            return False
        return len(session.match.moves) >= (limit if self.next_ask is None else self.next_ask)

    def play_on(self, session: Session) -> None:
        """Ask again after as many moves as the limit, from here."""
        limit = self.limit(session)
        if limit is not None:
            self.next_ask = len(session.match.moves) + limit

    def reset(self) -> None:
        self.next_ask = None
