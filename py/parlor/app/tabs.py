"""One writer per saved game, across the tabs of one browser.

Several tabs can show one game: a bookmark, "Continue" opened in a new tab, a phone
restoring an old tab. They share local storage, and a tab that wrote its older position
over a game that went on elsewhere would throw the other tab's moves away without a
word. So a tab remembers the exact text it last read or wrote under its game's key
(``Tab.synced``), and every write is a compare-and-set against it (``saves.write``).

A tab learns that its game moved on in three ways: the browser's ``storage`` event,
at once, when another tab writes; a check just before a person's move is applied; and,
last, a refused write. It then becomes ``stale``: it stops (no bot moves, nothing
clickable), says so and offers the newer position, and never writes its own. If its own
position holds moves the stored game lacks (two tabs wrote different continuations a
few milliseconds apart), they are kept as a separate save, listed with why: nothing is
lost either way.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from parlor.app import saves
from parlor.app.saves import KeyValue, SaveConflict
from parlor.app.session import Session


@dataclass(frozen=True)
class Stale:
    """This tab's game is no longer the saved one."""

    deleted: bool  # the game was deleted in another tab (else it went on there)
    kept: str | None = None  # the save this tab's own continuation was kept as
    unkept: bool = False  # it had moves of its own that could not be kept (storage full)

    @property
    def title_key(self) -> str:
        """The catalog key of what happened, in a few words (status lines, refusals)."""
        return "tabs.deleted.title" if self.deleted else "tabs.stale.title"


def continues(session: Session, current: str | None) -> bool:
    """The stored text is the same game at ``session``'s position or further on, so this
    tab holds nothing the store lacks (a deleted game counts: deleting was a choice)."""
    if current is None:
        return True
    entry = saves.decode(session.save_id, current)
    if entry.session is None:
        return False  # unreadable here (a newer Parlor?): keep ours beside it
    theirs, ours = entry.session.match, session.match
    return (replace(theirs, moves=()) == replace(ours, moves=())
            and theirs.moves[: len(ours.moves)] == ours.moves)


class Tab:
    """What this tab knows of its game's save; owned by the controller."""

    def __init__(self, store: KeyValue) -> None:
        self.store = store
        self.synced: str | None = None  # the text last read or written (None: not saved)
        self.stale: Stale | None = None

    def opened(self, raw: str | None) -> None:
        """A game was opened from ``raw`` (None: a new game, not written yet)."""
        self.synced, self.stale = raw, None

    def moved_on(self, session: Session) -> bool:
        """The store holds something else than this tab last read or wrote."""
        return self.store.get(saves.PREFIX + session.save_id) != self.synced

    def save(self, session: Session, now: float) -> bool:
        """Write ``session``; False (and ``stale`` set) when the game moved on elsewhere.
        A full store raises, as ``saves.write`` does, with the old text unchanged."""
        if self.stale is not None:
            return False
        try:
            self.synced = saves.write(self.store, session, now, expect=self.synced)
        except SaveConflict as conflict:
            self.went_on(session, conflict.current, now)
            return False
        return True

    def went_on(self, session: Session, current: str | None, now: float) -> None:
        """Become stale, keeping ``session`` apart first if it holds moves ``current``
        lacks."""
        kept, unkept = None, False
        if not continues(session, current):
            copy = replace(session, save_id=saves.new_id(self.store, now),
                           kept_from=session.save_id)
            try:
                saves.write(self.store, copy, now, expect=None)
                kept = copy.save_id
            except Exception:  # storage full: the player is told to export it instead
                unkept = True
        self.stale = Stale(deleted=current is None, kept=kept, unkept=unkept)

    def check(self, session: Session, now: float) -> bool:
        """Before a person's move: True when the game is still this tab's to write."""
        if self.stale is not None:
            return False
        if self.moved_on(session):
            self.went_on(session, self.store.get(saves.PREFIX + session.save_id), now)
            return False
        return True
