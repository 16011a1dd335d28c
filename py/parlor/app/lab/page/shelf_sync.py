"""One game's bots, written by several tabs of one browser without losing a keystroke.

Two tabs on one game's Lab share its key in local storage (``keep.PREFIX``). Written in
turn, the last write would win: a student typing in one tab would throw away what they
typed in the other. So, as games do (app/tabs.py), a tab remembers the exact text it
last read or wrote (``LabTab.synced``) and the shelf that text holds (``base``), and a
write whose key holds something else is not a blind overwrite: the tab merges.

The merge is per bot (and per field), three ways: what this tab changed since ``base``
is laid over what the store holds now. Two tabs working on different bots never meet;
one renaming or deleting a bot while the other types in a second one neither notices.
When both changed the same bot differently, the store keeps the other tab's version
under its name and this tab's text is kept beside it as a new bot ("… (this tab)"):
nothing is lost either way.

The tab whose bot in the editor changed elsewhere (learnt at once from the browser's
``storage`` event, or at its next write) becomes ``stale``: it stops, says so and offers
the newer text (``lab-take-newer``). Anything typed in it after that goes to the bot its
text was kept as, never over the newer one.

The stored ``current`` (the bot the Lab opens with next time) is each tab's own: it never
makes a conflict, and a tab does not write just to set it, so two open tabs never answer
each other's writes forever.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from parlor.app.lab.page.keep import PREFIX, STARTER, Shelf
from parlor.app.saves import KeyValue


@dataclass(frozen=True)
class LabStale:
    """The bot in this tab's editor (``bot``) changed in another tab; ``kept`` is the
    bot this tab's own text is kept as, once it had text of its own."""

    bot: str
    kept: str | None = None


@dataclass(frozen=True)
class Merged:
    """A three-way merge: the shelf to store, and the bots whose text from this tab
    was kept apart (their name to the kept bot's name)."""

    shelf: Shelf
    kept: dict[str, str]


def merge(base: Shelf, ours: Shelf, theirs: Shelf, keep_as: Callable[[str], str],
          number: Callable[[int], str] = str) -> Merged:
    """``ours``'s changes since ``base`` laid over ``theirs``. A bot changed on both
    sides keeps ``theirs``'s text; ours is added as a new bot named ``keep_as(name)``
    (numbered when taken). A bot deleted here but changed there stays (their work
    outweighs our deletion); one deleted there but changed here is kept apart."""
    bots = dict(theirs.bots)
    clashes: dict[str, str] = {}
    for name in sorted(set(base.bots) | set(ours.bots) | set(theirs.bots)):
        b, o, w = base.bots.get(name), ours.bots.get(name), theirs.bots.get(name)
        if o == b or o == w:
            continue  # unchanged here, or both the same
        if w == b:  # changed here only (a deletion included)
            if o is None:
                del bots[name]
            else:
                bots[name] = o
        elif o is not None:  # changed on both sides
            clashes[name] = o
    scores = {n: s for n, s in theirs.scores.items()}
    for name, mine in ours.scores.items():
        if mine != base.scores.get(name):
            scores[name] = mine
    left_out = (theirs.left_out - (base.left_out - ours.left_out)) | (ours.left_out
                                                                       - base.left_out)
    deleted = theirs.deleted if ours.deleted == base.deleted else ours.deleted
    merged = replace(theirs, bots=bots, deleted=deleted, unreadable=None)
    kept: dict[str, str] = {}
    for name, text in clashes.items():
        merged = merged.added(keep_as(name), text, number)
        kept[name] = merged.current
    current = ours.current if ours.current in merged.bots else merged.current
    if current not in merged.bots:
        current = merged.names()[0]
    return Merged(replace(merged, current=current,
                          scores={n: s for n, s in scores.items() if n in merged.bots},
                          left_out=frozenset(n for n in left_out if n in merged.bots)), kept)


class LabTab:
    """What this tab knows of its game's stored bots; owned by the Lab part."""

    def __init__(self, store: KeyValue) -> None:
        self.store = store
        self.synced: str | None = None  # the text last read or written (None: none yet)
        self.base: Shelf | None = None  # the shelf ``synced`` holds
        self.stale: LabStale | None = None

    def read(self, game: str, first_name: str, first: str = STARTER) -> Shelf:
        """The game's bots as stored now (this tab in step with them); ``first`` is the
        code of the bot a first visit gets."""
        self.synced = self.store.get(PREFIX + game)
        self.base = Shelf.parse(game, self.synced, first_name, first)
        self.stale = None
        return self.base

    def write(self, shelf: Shelf, keep_as: Callable[[str], str],
              number: Callable[[int], str] = str) -> Shelf | None:
        """Store ``shelf``, merged with what another tab stored meanwhile; the shelf
        this tab now holds (``stale`` set when its bot in the editor changed there), or
        None when nothing was written because the stored text cannot be read (it stays
        for the student to rescue)."""
        if shelf.unreadable is not None or self.base is None:
            return None
        key = PREFIX + shelf.game
        now = self.store.get(key)
        if now == self.synced or now is None:  # none: stored again whole, nothing lost
            mine = shelf
        else:
            theirs = Shelf.parse(shelf.game, now, shelf.current)
            if theirs.unreadable is not None:
                return None
            merged = merge(self.base, shelf, theirs, keep_as, number)
            mine = self._went_on(shelf, theirs, merged)
        text = mine.dump()
        self.store.set(key, text)
        self.synced, self.base = text, mine
        return mine

    def changed(self, shelf: Shelf, keep_as: Callable[[str], str],
                number: Callable[[int], str] = str) -> Shelf:
        """Another tab wrote the key: the shelf with its changes (and ours, which are
        written only when there are any beyond ``current``)."""
        key = PREFIX + shelf.game
        now = self.store.get(key)
        if (now == self.synced or now is None or self.base is None
                or shelf.unreadable is not None):
            return shelf  # a removed key: this tab's next write stores the bots again
        theirs = Shelf.parse(shelf.game, now, shelf.current)
        if theirs.unreadable is not None:
            return shelf  # unreadable here: our next write says so, never overwrites it
        merged = merge(self.base, shelf, theirs, keep_as, number)
        mine = self._went_on(shelf, theirs, merged)
        self.synced, self.base = now, theirs
        if replace(mine, current=theirs.current) != theirs:
            return self.write(mine, keep_as, number) or mine
        return mine

    def _went_on(self, ours: Shelf, theirs: Shelf, merged: Merged) -> Shelf:
        """The merged shelf as this tab holds it, stale when its editor's bot changed
        in the other tab: the editor then goes on in the bot its text was kept as."""
        assert self.base is not None
        bot = ours.current if self.stale is None else self.stale.bot
        kept = merged.kept.get(ours.current)
        if self.stale is None and theirs.bots.get(bot) != self.base.bots.get(bot):
            self.stale = LabStale(bot, kept)
        elif self.stale is not None and kept is not None:
            self.stale = replace(self.stale, kept=kept)
        if kept is not None:
            return replace(merged.shelf, current=kept)
        return merged.shelf

    def typed(self, shelf: Shelf, text: str, keep_as: Callable[[str], str],
              number: Callable[[int], str] = str) -> Shelf:
        """The editor's text, as this tab holds it: in the bot in the editor, or, once
        the tab is stale, in the bot its own text is kept as (a new one if need be)."""
        stale = self.stale
        if stale is None or shelf.current == stale.kept:
            return shelf.edited(text)
        if shelf.bots.get(stale.bot) == text and stale.kept is None:
            return shelf  # nothing typed here yet
        out = shelf.added(keep_as(stale.bot), text, number)
        self.stale = replace(stale, kept=out.current)
        return out

