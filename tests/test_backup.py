"""Back up everything, and restore it (app/backup.py): a browser may delete a site's
storage (Safari after seven days without a visit), so every save, bot and setting goes
in one file, and a restore brings it back without replacing anything the device holds.
The file is hostile input like any other: tests play a broken, a foreign and a crafted
backup, and check that nothing is written when it is not a backup."""

from __future__ import annotations

import json

import pytest

from controller_driver import Driver
from parlor.app import backup, saves
from parlor.app.events import Action, Download, MenuMessage
from parlor.app.lab.page import carried, keep
from parlor.app.saves import DictStore
from parlor.core.errors import BadSave
from parlor.i18n.catalog import Translator

NOW = 1_790_000_000.0
BOT = "def choose(view, moves, rng):\n    return moves[0]\n"
OTHER = "def choose(view, moves, rng):\n    return moves[-1]\n"


def device_with_a_game() -> Driver:
    """A device where a Kabaleo game was started (and so saved) and a Lab bot kept."""
    d = Driver()
    d.send(Action("play", game="kabaleo"))
    d.store.set(keep.PREFIX + "kabaleo", json.dumps({"current": "mine", "bots": {"mine": BOT}}))
    d.store.set("parlor:lang", "fa")
    d.store.set("someone-else", "not ours")
    return d


def downloaded(d: Driver) -> Download:
    out = d.send(Action("backup"))
    files = [e for e in out if isinstance(e, Download)]
    assert len(files) == 1
    return files[0]


def test_a_backup_holds_every_parlor_key_as_stored_and_nothing_else() -> None:
    d = device_with_a_game()
    file = downloaded(d)
    data = json.loads(file.text)
    assert data["format"] == "parlor-backup" and data["version"] == 1
    ours = {k: d.store.get(k) for k in d.store.keys() if k.startswith("parlor:")}
    assert data["entries"] == ours and "someone-else" not in data["entries"]
    assert any(k.startswith(saves.PREFIX) for k in ours)
    assert file.filename.startswith("parlor-backup-") and file.filename.endswith(".json")


def test_a_backup_restored_on_an_empty_device_brings_everything_back() -> None:
    d = device_with_a_game()
    other = Driver()
    other.send(Action("restore", value=downloaded(d).text))
    for key in d.store.keys():
        if key.startswith("parlor:"):
            assert other.store.get(key) == d.store.get(key), key
    message = other.menu.message if other.menu else ""
    assert "1 saved game" in message and "1 bot" in message and "1 setting" in message
    assert saves.list_saves(other.store)[0].ok  # the game resumes there


def test_restoring_twice_changes_nothing_the_second_time() -> None:
    d = device_with_a_game()
    text = downloaded(d).text
    other = DictStore()
    backup.restore(other, text, NOW)
    before = dict(other.data)
    again = backup.restore(other, text, NOW)
    assert other.data == before
    assert (again.games, again.bots, again.already, again.kept_here) == (0, 0, 2, 1)


def test_a_save_whose_key_holds_another_game_is_kept_beside_it() -> None:
    """Nothing the player had is lost: the device's game stays, the backup's joins it."""
    d = device_with_a_game()
    text = downloaded(d).text
    (key,) = [k for k in d.store.keys() if k.startswith(saves.PREFIX)]
    here = Driver()
    here.send(Action("play", game="ciao"))
    (mine,) = [k for k in here.store.keys() if k.startswith(saves.PREFIX)]
    theirs = json.loads(text)["entries"][key]
    crafted = json.dumps({"format": "parlor-backup", "version": 1, "made": NOW,
                          "entries": {mine: theirs}})
    mine_before = here.store.get(mine)
    done = backup.restore(here.store, crafted, NOW)
    assert done.games == 1 and here.store.get(mine) == mine_before
    games = sorted(e.session.match.game for e in saves.list_saves(here.store) if e.session)
    assert games == ["ciao", "kabaleo"]


def test_bots_join_the_devices_bots_by_their_code() -> None:
    store = DictStore()
    keep.Shelf("kabaleo", {"mine": BOT}, "mine").write(store)
    text = json.dumps({"format": "parlor-backup", "version": 1, "made": NOW, "entries": {
        keep.PREFIX + "kabaleo": json.dumps({"current": "mine",
                                             "bots": {"mine": OTHER, "copy": BOT}})}})
    done = backup.restore(store, text, NOW)
    shelf = keep.Shelf.read(store, "kabaleo", "bot")
    assert shelf.bots == {"mine": BOT, "mine 2": OTHER}  # same code: here already
    assert shelf.current == "mine" and (done.bots, done.already) == (1, 1)


def test_whatever_cannot_be_read_is_left_out_with_its_reason() -> None:
    store = DictStore()
    store.set("parlor:setting:ice", "mine")
    text = json.dumps({"format": "parlor-backup", "version": 1, "made": NOW, "entries": {
        saves.PREFIX + "broken": "{not json",
        keep.PREFIX + "kabaleo": "[]",
        keep.PREFIX + "chess": json.dumps({"bots": {"a": BOT}}),
        keep.PREFIX + "ciao": json.dumps({"bots": {"huge": "x" * (carried.MAX_SOURCE + 1),
                                                   "number": 7, "ok": BOT}}),
        "elsewhere": "x",
        "parlor:number": 3,
        "parlor:setting:ice": "theirs",
    }})
    done = backup.restore(store, text, NOW)
    t = Translator("en")
    said = backup.said(t, done)
    assert store.get("parlor:setting:ice") == "mine" and done.kept_here == 1
    assert keep.Shelf.read(store, "ciao", "bot").bots == {"ok": BOT}
    assert not any(k.startswith(saves.PREFIX) for k in store.keys())
    assert "elsewhere" not in store.keys() and "parlor:number" not in store.keys()
    for reason in ("saved game broken (", "the Lab’s bots for kabaleo (they cannot be read)",
                   "chess (no such game here)", "bot ciao: huge (", "bot ciao: number (",
                   "elsewhere (not Parlor’s)", "parlor:number (not text)"):
        assert reason in said, reason
    assert "Left out, 7 items" in said


@pytest.mark.parametrize("text, why", [
    ("", "not JSON"),
    ("{\"format\": \"parlor-save\"}", "made with"),
    ("[1, 2]", "made with"),
    ("{\"format\": \"parlor-backup\", \"version\": 9, \"entries\": {}}", "format 9"),
    ("{\"format\": \"parlor-backup\", \"version\": 1, \"entries\": []}", "made with"),
])
def test_a_file_that_is_not_a_backup_writes_nothing_and_says_why(text: str, why: str) -> None:
    d = device_with_a_game()
    before = dict(d.store.data)
    out = d.send(Action("restore", value=text or " "))
    said = [e.text for e in out if isinstance(e, MenuMessage)]
    assert d.store.data == before
    assert said and (why in said[0] or (not text and "Choose a backup file" in said[0]))


def test_a_huge_file_is_refused_before_it_is_parsed() -> None:
    with pytest.raises(BadSave) as err:
        backup.read_backup(" " * (backup.MAX_TEXT + 1))
    assert err.value.message.key == "backup.too_big"  # type: ignore[union-attr]


def test_a_restore_is_said_in_the_pages_language() -> None:
    done = backup.Restored(games=2, bots=5, settings=1, already=3)
    for lang in ("fa", "ru", "ja"):
        said = backup.said(Translator(lang), done)
        assert "{" not in said and "backup." not in said
