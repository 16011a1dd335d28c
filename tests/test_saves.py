"""Saves: autosave per game, listing, and unreadable saves kept with a reason."""

from __future__ import annotations

import json

import pytest

from parlor.app import saves
from parlor.app.saves import DictStore
from parlor.app.session import Session
from parlor.app.setup import parse_setup

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py


def session(seed: int, moves: int = 3, save_id: str = "a-0") -> Session:
    s = Session.start(parse_setup({"game": "kabaleo", "seats": "human,bot:easy",
                                   "seed": str(seed)}, 1).to_match(), save_id, 1000.0)
    for _ in range(moves):
        s = s.play(s.game.legal_moves(s.state)[-1])
    return s


def test_write_read_round_trip() -> None:
    store = DictStore()
    s = session(5)
    saves.write(store, s, 2000.0, expect=None)
    entry = saves.read(store, s.save_id)
    assert entry is not None and entry.ok and entry.session is not None
    assert entry.session.match == s.match and entry.session.state == s.state
    assert entry.updated == 2000.0


def test_list_newest_first_and_broken_ones_kept() -> None:
    store = DictStore()
    saves.write(store, session(1, save_id="old-0"), 10.0, expect=None)
    saves.write(store, session(2, save_id="new-0"), 20.0, expect=None)
    store.set(saves.PREFIX + "junk-0", "{oops")
    store.set("unrelated", "x")
    entries = saves.list_saves(store)
    assert [e.id for e in entries if e.ok] == ["new-0", "old-0"]
    broken = [e for e in entries if not e.ok]
    assert len(broken) == 1 and "not valid JSON" in (broken[0].error or "")
    assert broken[0].raw == "{oops"
    assert store.get(saves.PREFIX + "junk-0") == "{oops"  # listing never rewrites it


def test_each_kind_of_bad_save_has_a_reason() -> None:
    good = json.loads(saves.encode(session(3), 5.0))
    cases = {
        "a JSON object": "[]",
        "unknown save format": json.dumps({**good, "format": 99}),
        "dates": json.dumps({**good, "updated": "yesterday"}),
        "unknown game": json.dumps({**good, "match": {**good["match"], "game": "go"}}),
        "rules version": json.dumps({**good, "match": {**good["match"], "rules_version": 7}}),
        "is not legal": json.dumps({**good, "match": {**good["match"],
                                                      "moves": ["O1", "O1", "Q5"]}}),
    }
    for words, raw in cases.items():
        entry = saves.decode("x", raw)
        assert not entry.ok and words in (entry.error or ""), (words, entry.error)


def test_new_ids_never_collide_with_existing_saves() -> None:
    store = DictStore()
    first = saves.new_id(store, 1234.0)
    store.set(saves.PREFIX + first, "anything, even junk")
    assert saves.new_id(store, 1234.0) != first
