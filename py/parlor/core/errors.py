"""Errors that carry a message meant for a person, not just a stack trace."""

from __future__ import annotations

from parlor.i18n.catalog import Msg, Translator


class ParlorError(Exception):
    """Base class: every Parlor error has a human-readable reason in ``str(err)``.

    An error raised with a ``Msg`` can be said in any language (``says``); ``str(err)``
    is then its English, for logs and tests. An error raised with plain text says that
    text in every language: the catalogs' coverage test lists where that still
    happens."""

    def __init__(self, reason: str | Msg) -> None:
        self.msg = reason if isinstance(reason, Msg) else None
        super().__init__(reason)

    def __str__(self) -> str:
        # Said in English when asked, not when raised: most of these are caught and never
        # read (the contract suite alone refuses some 30,000 moves a run), and saying a
        # catalog message costs more than raising it.
        reason = self.args[0]
        return Translator("en").say(reason) if isinstance(reason, Msg) else str(reason)

    @property
    def message(self) -> str | Msg:
        """The reason as data when it has one, else its text: what a sentence that
        quotes this error passes on (``Msg.of("…", reason=err.message)``)."""
        return self.msg if self.msg is not None else str(self)

    def says(self, t: Translator) -> str:
        """The reason in ``t``'s language."""
        return t.say(self.msg) if self.msg is not None else str(self)


class IllegalMove(ParlorError):
    """A move that ``legal_moves`` does not offer; the message says why."""

    def __init__(self, move: str, reason: str | Msg) -> None:
        if isinstance(reason, Msg):
            super().__init__(Msg.of("error.not_allowed", move=move, reason=reason))
        else:
            super().__init__(f"{move!r} is not allowed: {reason}")
        self.move = move
        self.reason_msg = reason  # the reason as data, to quote in another sentence

    @property
    def reason(self) -> str:
        """The reason alone, in English, for logs and tests (said when asked)."""
        return Translator("en").text(self.reason_msg)


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

    def __init__(self, reason: str | Msg, raw: str | None = None) -> None:
        super().__init__(reason)
        self.reason = str(self)  # in English; ``message`` keeps it as data
        self.raw = raw
