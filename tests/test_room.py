"""A storage that fills up (app/room.py): watched matches of bots give way,
oldest finished first, a game with a person in it never does, and a write that finds
no room says so, offers Export and lets the game go on with the old save unharmed."""

from __future__ import annotations

from controller_driver import Driver
from parlor.app import room, saves
from parlor.app.events import Action, Boot, Move
from parlor.app.saves import DictStore

KABALEO = {"game": "kabaleo", "seats": "human,bot:easy", "seed": "7", "botdelay": "0"}
WATCHED = {"game": "kabaleo", "seats": "bot:random,bot:random", "botdelay": "0"}


class FullStore(DictStore):
    """A store that refuses to grow past ``limit`` characters, as local storage does
    (the browser raises QuotaExceededError and keeps the old value)."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def set(self, key: str, value: str) -> None:
        used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
        if used + len(key) + len(value) > self.limit:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        super().set(key, value)


def watch(page: Driver, seed: int, finish: bool) -> str:
    page.clock += 1000
    page.send(Boot({**WATCHED, "seed": str(seed)}))
    while finish and page.c.session is not None and page.c.session.to_act() is not None:
        page.run_timers()
    assert page.c.session is not None
    return page.c.session.save_id


def test_only_the_newest_watched_games_are_kept_and_people_s_games_never_go() -> None:
    page = Driver()
    page.send(Boot(KABALEO))
    assert page.c.session is not None
    person = page.c.session.save_id
    unfinished = watch(Driver(page.store), 1, finish=False)
    finished = []
    for seed in range(2, 2 + room.WATCHED_KEPT):
        other = Driver(page.store)
        other.clock = page.clock + seed * 1000
        finished.append(watch(other, seed, finish=True))
    ids = {e.id for e in saves.list_saves(page.store)}
    assert person in ids and unfinished in ids  # the oldest finished one went first
    assert finished[0] not in ids and set(finished[1:]) <= ids
    assert len(ids) == 1 + room.WATCHED_KEPT


def test_a_full_store_makes_watched_games_give_way_then_the_write_goes_through() -> None:
    store = FullStore(limit=10**9)
    watched = watch(Driver(store), 3, finish=True)
    page = Driver(store)
    page.clock += 10_000
    page.send(Boot(KABALEO))
    page.until_human()
    store.limit = room.used_chars(store) + 2  # too little for the next move's save
    page.send(Move(page.legal()[0]))
    page.until_human()
    assert saves.read(store, watched) is None  # it gave way
    assert page.c.session is not None
    entry = saves.read(store, page.c.session.save_id)
    assert entry is not None and entry.session is not None
    assert entry.session.match.moves == page.c.session.match.moves
    assert page.game is not None and 'data-notice' not in page.game.screen.html


def test_a_write_with_no_room_left_says_so_offers_export_and_plays_on() -> None:
    store = FullStore(limit=10**9)
    page = Driver(store)
    page.send(Boot(KABALEO))
    page.until_human()
    assert page.c.session is not None
    key = saves.PREFIX + page.c.session.save_id
    before = store.get(key)
    store.limit = room.used_chars(store)
    page.send(Move(page.legal()[0]))
    page.until_human()  # the bot still answers: the game goes on
    assert page.game is not None
    html = page.game.screen.html
    assert 'data-notice="unsaved"' in html and "storage for Parlor is full" in html
    assert 'data-action="export"' in html
    assert store.get(key) == before  # the game saved before is whole
    entry = saves.read(store, page.c.session.save_id)
    assert entry is not None and entry.session is not None  # and still loads
    store.limit = 10**9  # room again (the player deleted something): saved at once
    page.send(Move(page.legal()[0]))
    assert 'data-notice' not in page.game.screen.html
    saved = saves.read(store, page.c.session.save_id)
    assert saved is not None and saved.session is not None
    assert saved.session.match.moves == page.c.session.match.moves


def test_the_menu_says_how_full_the_storage_is_past_eighty_percent() -> None:
    page = Driver()
    page.send(Boot({}))
    assert page.menu is not None and "full" not in page.menu.message
    page.store.set("filler", "x" * int(room.QUOTA_CHARS * 0.86))
    page.send(Action("menu"))
    assert page.menu is not None and "Storage for saved games is 86% full" in page.menu.message
