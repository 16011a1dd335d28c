"""Saved games in a key-value store (the browser's local storage, or a dict in tests).

Each game has its own key, so autosave never touches another game's save. A save that
cannot be read is listed with the reason and its raw text, never loaded half-way and
never overwritten: only the player's "Delete" removes it.

One writer per game: several tabs of one browser share the store, and a tab showing an
older position must not write over a game that went on elsewhere. So every write is a
compare-and-set: ``write`` is given the text this tab last read or wrote under the key
(``expect``) and refuses, with ``SaveConflict``, when the store holds anything else.
Each write also bumps ``rev``, so a person reading a save's text can tell which is newer.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Protocol

from parlor.app.session import Session
from parlor.core.errors import BadSave
from parlor.core.match import Match, match_from_dict, replay
from parlor.i18n.catalog import Msg

PREFIX = "parlor:save:"
ENVELOPE_FORMAT = 1


class KeyValue(Protocol):
    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...


class DictStore:
    """An in-memory ``KeyValue`` for tests and for browsers with storage turned off."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


class SaveConflict(Exception):
    """The store holds something else than this tab last read or wrote under the key:
    the game went on (or was deleted) in another tab. ``current`` is what it holds now."""

    def __init__(self, save_id: str, current: str | None) -> None:
        super().__init__(f"save {save_id} changed in another tab")
        self.save_id = save_id
        self.current = current


@dataclass(frozen=True)
class SaveEntry:
    id: str
    raw: str
    updated: float
    session: Session | None
    error: str | None  # why it cannot be loaded, in English (logs, tests)
    why: str | Msg | None = None  # the same, as data, said in the page's language
    rev: int = 0  # how many times it was written (saves older than revisions say 0)

    @property
    def ok(self) -> bool:
        return self.session is not None


def encode(session: Session, now: float, rev: int = 1) -> str:
    data: dict[str, object] = {
        "format": ENVELOPE_FORMAT,
        "id": session.save_id,
        "created": session.created,
        "updated": now,
        "rev": rev,
        "match": session.match.to_dict(),
    }
    if session.kept_from is not None:
        data["kept_from"] = session.kept_from
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def revision(raw: str | None) -> int:
    """The ``rev`` of a save's text; 0 for none, an unreadable one or one from before
    revisions (the next write then says 1)."""
    if raw is None:
        return 0
    try:
        rev = json.loads(raw).get("rev", 0)
    except (ValueError, AttributeError):
        return 0
    return rev if isinstance(rev, int) and not isinstance(rev, bool) and rev >= 0 else 0


def decode(save_id: str, raw: str) -> SaveEntry:
    """Parse and replay one save; any problem becomes ``error`` with a clear reason."""
    from parlor.games import GAMES

    updated = 0.0
    try:
        try:
            data = json.loads(raw)
        except ValueError:
            raise BadSave(Msg("save.not_json"), raw) from None
        if not isinstance(data, dict):
            raise BadSave(Msg("save.not_object"), raw)
        if data.get("format") != ENVELOPE_FORMAT:
            raise BadSave(Msg.of("save.unknown_format", format=repr(data.get("format")),
                                 known=ENVELOPE_FORMAT), raw)
        created, upd = data.get("created"), data.get("updated")
        if not isinstance(created, (int, float)) or not isinstance(upd, (int, float)):
            raise BadSave(Msg("save.bad_dates"), raw)
        updated = float(upd)
        kept_from = data.get("kept_from")
        if kept_from is not None and not isinstance(kept_from, str):
            raise BadSave(Msg("save.bad_kept_from"), raw)
        match: Match = match_from_dict(data.get("match"), GAMES, raw)
        state = replay(match, GAMES[match.game], raw)
    except BadSave as err:
        return SaveEntry(id=save_id, raw=raw, updated=updated, session=None, error=err.reason,
                         why=err.message)
    session = Session(match=match, state=state, save_id=save_id, created=float(created),
                      kept_from=kept_from)
    return SaveEntry(id=save_id, raw=raw, updated=updated, session=session, error=None,
                     rev=revision(raw))


def write(store: KeyValue, session: Session, now: float, *, expect: str | None) -> str:
    """Write ``session`` only if the store still holds ``expect`` under its key (None:
    nothing); returns the text written, which the caller expects next time.

    Raises ``SaveConflict`` when the key holds anything else, and whatever the store
    raises when it is full (the text it held is then unchanged)."""
    key = PREFIX + session.save_id
    current = store.get(key)
    if current != expect:
        raise SaveConflict(session.save_id, current)
    raw = encode(session, now, revision(current) + 1)
    store.set(key, raw)
    return raw


def read(store: KeyValue, save_id: str) -> SaveEntry | None:
    raw = store.get(PREFIX + save_id)
    return None if raw is None else decode(save_id, raw)


def list_saves(store: KeyValue) -> list[SaveEntry]:
    """Every save, newest first; unreadable ones included (with their error)."""
    entries = []
    for key in store.keys():
        if key.startswith(PREFIX):
            raw = store.get(key)
            if raw is not None:
                entries.append(decode(key[len(PREFIX) :], raw))
    return sorted(entries, key=lambda e: (-e.updated, e.id))


def delete(store: KeyValue, save_id: str) -> None:
    store.remove(PREFIX + save_id)


def new_id(store: KeyValue, now: float) -> str:
    """A key no existing save uses (so a new game never overwrites an old one)."""
    base = f"{int(now):x}"
    n = 0
    while store.get(PREFIX + f"{base}-{n}") is not None:
        n += 1
    return f"{base}-{n}"
