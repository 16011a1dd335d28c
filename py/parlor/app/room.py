"""Room in local storage: how full it is, and what gives way when it fills.

Browsers give a site about 5 MB of local storage, and every game saves itself after
each move, matches of bots being watched included: a projector left in watch mode
would fill it in the end. The policy, as a teacher would expect it:

- a game with a person in it is never removed by Parlor, only by the player's Delete;
- games with only bots in them are kept while fewer than ``WATCHED_KEPT``: starting
  another removes the oldest beyond that, finished ones first;
- when a write fails for lack of room, games with only bots in them give way in that
  same order until it fits; if it still does not fit, the player is told, offered
  Export, and plays on (the text already saved is left as it was);
- the menu says how full the storage is once it passes ``WARN_AT``.
"""

from __future__ import annotations

from parlor.app import saves
from parlor.app.saves import KeyValue, SaveEntry

#: What Chromium and Firefox allow one site: 5 MiB of UTF-16 text, keys and values alike
#: (measured in Chromium by filling it: e2e/test_tabs.py).
QUOTA_CHARS = 5 * 1024 * 1024
WARN_AT = 0.8
WATCHED_KEPT = 10


def used_chars(store: KeyValue) -> int:
    """Characters stored by this site (every key, Parlor's or not)."""
    total = 0
    for key in store.keys():
        total += len(key) + len(store.get(key) or "")
    return total


def fullness(store: KeyValue) -> float:
    return used_chars(store) / QUOTA_CHARS


def watched(entries: list[SaveEntry], keep: str | None) -> list[SaveEntry]:
    """Saves with only bots in them, in the order they give way: finished before
    unfinished, oldest first. ``keep`` (the game being played) never gives way; nor
    does a save that cannot be read (it may be a person's)."""
    bots_only = [e for e in entries
                 if e.session is not None and not e.session.people and e.id != keep]
    return sorted(bots_only, key=lambda e: (e.session is not None and e.session.to_act()
                                            is not None, e.updated, e.id))


def make_room_for_watching(store: KeyValue, keep: str) -> int:
    """Before a match of bots is saved as ``keep``: remove the oldest watched games
    beyond ``WATCHED_KEPT``; returns how many were removed."""
    gone = watched(saves.list_saves(store), keep)
    extra = max(0, len(gone) - (WATCHED_KEPT - 1))
    for entry in gone[:extra]:
        saves.delete(store, entry.id)
    return extra


def free_some(store: KeyValue, keep: str | None) -> bool:
    """After a write failed for lack of room: remove the watched game first in line to
    give way; False when there is none left."""
    gone = watched(saves.list_saves(store), keep)
    if not gone:
        return False
    saves.delete(store, gone[0].id)
    return True
