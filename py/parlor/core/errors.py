"""Errors that carry a message meant for a person, not just a stack trace."""

from __future__ import annotations


class ParlorError(Exception):
    """Base class: every Parlor error has a human-readable reason in ``str(err)``."""


class IllegalMove(ParlorError):
    """A move that ``legal_moves`` does not offer; the message says why."""

    def __init__(self, move: str, reason: str) -> None:
        super().__init__(f"{move!r} is not allowed: {reason}")
        self.move = move
        self.reason = reason


class InvalidMove(IllegalMove):
    """A string that is not a move at all in the game's notation (a typo, a hand-edited
    save), told apart from a well-written move the rules do not allow now (its base
    class), as python-chess tells ``InvalidMoveError`` from ``IllegalMoveError``. The
    reason says what moves look like."""


class BadOptions(ParlorError):
    """A player count or option value the game does not support (e.g. a hand-edited URL)."""


class BadSave(ParlorError):
    """A saved match that cannot be loaded: corrupt, unknown version, or not replayable.

    ``raw`` keeps the text the save was read from so the UI can offer it for download
    instead of losing it.
    """

    def __init__(self, reason: str, raw: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.raw = raw
