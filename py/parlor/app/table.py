"""The table: the game being played on this page, and the one way a move is played.

A move comes from many places: a click here, a bot's turn, a bot written in the Lab, a
timed window's answer or its deadline, a person on another device. Whoever makes it,
``Table.play`` plays it: the move itself (the rules refuse an illegal one), the resets
of what was half-done (the picks towards a move, an open window, a bot's thinking), the
save, and what is left to the controller: to draw it (and announce the move) and to
start whatever the game waits on next (``page.MOVED``), which it does once, when the
event that made the move is done. The table also holds the hand-off between people
sharing the device and undo. No other part changes the game: they read ``session`` and
call these methods, and hand on what they return.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from parlor.app.page import MOVED, Changed
from parlor.app.screens.game import next_picks

if TYPE_CHECKING:
    from parlor.app.events import Effect
    from parlor.app.session import Session


class Waits(Protocol):
    """What the game waits on (``turns.Turns``): done with at every move."""

    def moved(self) -> None: ...

    def stop(self) -> None: ...


class Saves(Protocol):
    """The tab's record of the game (``saving.Saving``)."""

    def save(self, out: list[Effect]) -> bool: ...

    def went_stale(self) -> Changed: ...


class Paces(Protocol):
    """A watched match's pace (``classroom.part.Classroom``)."""

    def moved(self) -> None: ...


class Table:
    """The game shown, the picks towards a move, the hand-off; every move and undo."""

    def __init__(self, turns: Waits, saving: Saves, classroom: Paces) -> None:
        self.turns = turns  # what the game waits on: reset by every move
        self.saving = saving  # every move is saved (a stale tab stops here)
        self.classroom = classroom  # a watched match keeps its pace per move
        self.session: Session | None = None
        #: What the person to act has picked towards a move (a card, then where it goes).
        self.picks: tuple[str, ...] = ()
        #: The person who took the device at the last hand-off (None: nobody yet).
        self.confirmed: int | None = None

    def sit(self, session: Session) -> None:
        """``session`` is now the game at this table: nothing picked, nobody handed it."""
        self.session, self.picks, self.confirmed = session, (), None

    def clear(self) -> None:
        """No game at the table (the menu, a review, the Lab, another device's game)."""
        self.session, self.picks = None, ()

    def play(self, move: str, out: list[Effect]) -> Changed:
        """Play ``move`` in the game, whoever made it, and everything that follows it:
        the picks and any open window or thinking bot are done with and the game is saved;
        what is left is to draw it and start what it waits on next (``MOVED``; or, when
        saving found another tab went on, to stop and say so). ``IllegalMove`` when the rules
        refuse it (the caller says so in its own words); nothing has changed then."""
        assert self.session is not None
        self.session = self.session.play(move)
        self.picks = ()
        self.turns.moved()
        return self.after_move(out)

    def end(self, out: list[Effect]) -> Changed:
        """End the game where it stands, scored so (``Session.ended``): a game with a Lab
        bot that went on past the Lab's move limit, which the person chose to end."""
        assert self.session is not None
        self.session = self.session.ended()
        self.picks = ()
        self.turns.moved()
        return self.after_move(out)

    def undo(self, out: list[Effect]) -> Changed:
        """Take back the last person's move and the bots' replies (``Session.undo``); no
        timer started for the undone position acts."""
        assert self.session is not None
        self.turns.stop()
        self.session = self.session.undo()
        self.picks = ()
        return self.after_move(out)

    def after_move(self, out: list[Effect]) -> Changed:
        self.classroom.moved()
        return MOVED if self.saving.save(out) else self.saving.went_stale()

    def pick(self, token: str) -> None:
        """One more pick towards a move (or a pick taken back), as the screen allows."""
        if self.session is not None:
            self.picks = next_picks(self.session, self.picks, token)

    def drop_picks(self) -> None:
        """Picks made on a position that is no longer the game's (another tab went on)."""
        self.picks = ()

    def hand_over(self) -> None:
        """The person to act took the device: their secrets may be drawn."""
        if self.session is not None:
            self.confirmed = self.session.viewer()
