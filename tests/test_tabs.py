"""One writer per game (app/tabs.py): two controllers on one store play the
two tabs of one browser. A tab whose game went on elsewhere says so, never writes its
older position, and offers the newer one; different continuations written at once are
both kept. Every path that writes is checked: a move, a bot's move, undo, a timed
window's answer, "Play again", keeping an import and a guest's move at the host."""

from __future__ import annotations

import json
import re

from controller_driver import Driver
from pairing_net import Net
from parlor.app import saves
from parlor.app.classroom.transfer import export_text
from parlor.app.events import Action, Boot, Move, ShowSaves, StoreChanged, WindowAnswer
from parlor.app.saves import SaveConflict
from test_pairing import act

KABALEO = {"game": "kabaleo", "seats": "human,bot:easy", "seed": "7", "botdelay": "0"}


def stored(page: Driver) -> tuple[str, ...]:
    """The moves the store holds for the game ``page`` shows."""
    assert page.c.session is not None
    entry = saves.read(page.store, page.c.session.save_id)
    assert entry is not None and entry.session is not None
    return entry.session.match.moves


def screen(page: Driver) -> str:
    assert page.game is not None
    return page.game.screen.html


def clickable(html: str) -> bool:
    """Something on the screen makes a move or a choice towards one."""
    return "data-move=" in html or "data-pick=" in html


def second_tab(first: Driver) -> Driver:
    """The same game opened again in another tab (a bookmark, "Continue" in a new tab)."""
    assert first.c.session is not None
    tab = Driver(first.store)
    tab.clock = first.clock
    tab.send(Boot({"save": first.c.session.save_id, "botdelay": "0"}))
    tab.until_human()
    return tab


def tell(page: Driver) -> None:
    """What the browser's ``storage`` event does: another tab wrote this page's game."""
    assert page.c.session is not None
    page.send(StoreChanged(saves.PREFIX + page.c.session.save_id))


def two_tabs() -> tuple[Driver, Driver]:
    """The issue's scenario: a game against a bot, one move played, then a second tab."""
    first = Driver()
    first.send(Boot(KABALEO))
    first.until_human()
    first.send(Move(first.legal()[0]))
    first.until_human()
    return first, second_tab(first)


def test_a_stale_tab_is_told_at_once_and_loses_none_of_the_other_tab_s_moves() -> None:
    first, second = two_tabs()
    second.send(Move(second.legal()[0]))
    second.until_human()
    newer = stored(second)
    tell(first)
    html = screen(first)
    assert 'data-notice="stale"' in html and "went on in another tab" in html
    assert not clickable(html)  # nothing on the older position can be clicked
    assert first.game is not None and "went on in another tab" in first.game.screen.status
    first.send(Move(first.legal()[0]))  # a click that slipped through: ignored
    assert stored(first) == newer
    first.send(Action("take-newer"))
    assert first.c.session is not None and first.c.session.match.moves == newer
    assert 'data-notice' not in screen(first) and clickable(screen(first))
    first.send(Move(first.legal()[0]))  # it now goes on from the newer position
    first.until_human()
    assert stored(first)[: len(newer)] == newer and len(stored(first)) == len(newer) + 2
    assert len(saves.list_saves(first.store)) == 1  # nothing kept apart: nothing diverged


def test_a_move_on_an_older_position_is_refused_even_without_the_event() -> None:
    first, second = two_tabs()
    second.send(Move(second.legal()[0]))
    second.until_human()
    newer = stored(second)
    first.send(Move(first.legal()[0]))  # the storage event never came
    assert stored(first) == newer
    assert 'data-notice="stale"' in screen(first)
    assert first.c.session is not None and len(first.c.session.match.moves) < len(newer)


def test_a_bot_s_move_in_a_stale_tab_is_not_written() -> None:
    first = Driver()
    first.send(Boot(KABALEO))
    first.until_human()
    first.send(Move(first.legal()[0]))  # the bot of this tab starts to think
    assert first.c.turns.thinking
    second = second_tab(first)  # opened meanwhile; its own bot answers first
    newer = stored(second)
    first.until_human()  # the first tab's bot decides too, after the other wrote
    assert stored(first) == newer
    assert 'data-notice="stale"' in screen(first) and not first.c.turns.thinking
    assert first.timers == []  # no bot of the stale tab will move again


def test_undo_in_a_stale_tab_writes_nothing() -> None:
    first, second = two_tabs()
    second.send(Move(second.legal()[0]))
    second.until_human()
    newer = stored(second)
    first.send(Action("undo"))
    assert stored(first) == newer and 'data-notice="stale"' in screen(first)


def test_a_window_answer_in_a_stale_tab_is_not_written() -> None:
    """ciao.md, "Real-time parts": a race decided in one tab is not decided again by an
    older tab of the same game."""
    first = Driver()
    first.send(Boot({"game": "ciao", "seats": "bot:medium,bot:medium,bot:medium",
                     "seed": "5", "botdelay": "0"}))
    for _ in range(3000):
        if first.c.turns.window is not None:
            break
        first.run_timers()
    assert first.c.turns.window is not None, "no race or thank-you in 3000 moves"
    second = Driver(first.store)
    second.clock = first.clock
    assert first.c.session is not None
    second.send(Boot({"save": first.c.session.save_id, "botdelay": "0"}))
    assert second.c.turns.window is not None
    answer = min((t for t in second.timers if isinstance(t.event, WindowAnswer)),
                 key=lambda t: t.ms)
    second.send(answer.event)
    newer = stored(second)
    answer = min((t for t in first.timers if isinstance(t.event, WindowAnswer)),
                 key=lambda t: t.ms)
    first.send(answer.event)
    assert stored(first) == newer and 'data-notice="stale"' in screen(first)


def test_different_continuations_written_at_once_are_both_kept() -> None:
    """Two tabs wrote within milliseconds, each before the other's write reached it:
    the store holds the last, and the other tab keeps its own as a separate save."""
    first, second = two_tabs()
    assert first.c.session is not None
    save_id = first.c.session.save_id
    key = saves.PREFIX + save_id
    common = first.store.get(key)
    first.send(Move(first.legal()[0]))
    first.until_human()
    ours = stored(first)
    # The second tab's store had not seen that write yet when its player moved.
    first.store.set(key, common or "")
    second.send(Move(second.legal()[-1]))
    second.until_human()
    theirs = stored(second)
    assert ours != theirs
    tell(first)  # the second write reaches the first tab
    html = screen(first)
    assert 'data-notice="stale"' in html and "kept as a separate saved game" in html
    entries = {e.id: e for e in saves.list_saves(first.store)}
    assert entries[save_id].session is not None
    assert entries[save_id].session.match.moves == theirs
    [kept] = [e for e in entries.values() if e.id != save_id]
    assert kept.session is not None and kept.session.match.moves == ours
    assert kept.session.kept_from == save_id
    first.send(Action("menu"))
    assert first.menu is not None and "two tabs went on differently" in first.menu.saves


def test_a_game_deleted_in_another_tab_is_kept_only_if_asked() -> None:
    first, _ = two_tabs()
    assert first.c.session is not None
    save_id = first.c.session.save_id
    first.store.remove(saves.PREFIX + save_id)  # the other tab's Delete
    tell(first)
    assert 'data-notice="deleted"' in screen(first) and not clickable(screen(first))
    assert saves.read(first.store, save_id) is None  # not resurrected behind its back
    first.send(Action("keep-here"))
    assert saves.read(first.store, save_id) is not None and clickable(screen(first))


def test_play_again_and_a_kept_import_write_new_saves_and_touch_no_other() -> None:
    first, second = two_tabs()
    before = {k: first.store.get(k) for k in first.store.keys()}
    page = Driver(first.store)
    assert first.c.session is not None
    page.send(Action("import", value=export_text(first.c.session.match)))
    page.send(Action("adopt"))
    page.send(Action("again"))
    assert all(first.store.get(k) == v for k, v in before.items())
    assert len(first.store.keys()) == 3
    second.send(Move(second.legal()[0]))  # the original game goes on, unharmed
    assert 'data-notice' not in screen(second)


def test_the_menu_of_another_tab_lists_a_new_save_at_once() -> None:
    menu = Driver()
    menu.send(Boot({}))
    game = Driver(menu.store)
    game.send(Boot(KABALEO))
    out = menu.send(StoreChanged(saves.PREFIX + "whatever"))
    [shown] = [e for e in out if isinstance(e, ShowSaves)]
    assert shown.resume is not None and "data-save" in shown.saves
    assert menu.send(StoreChanged("someone-else:key")) == []


def test_a_guest_s_move_at_a_host_whose_game_was_deleted_in_another_tab_is_refused() -> None:
    net = Net({"game": "saboteur", "seats": "human,remote", "seed": "11"})
    guest = net.pair(1)
    host = net.host
    session = host.c.session
    assert session is not None
    while session.to_act() != 1:
        act(host, net)
        session = host.c.session
        assert session is not None
    host.store.remove(saves.PREFIX + session.save_id)  # another tab of the host's
    act(guest, net)
    assert saves.read(host.store, session.save_id) is None
    assert host.c.session is not None and host.c.session.match == session.match
    assert 'data-notice="deleted"' in host.html


def test_every_write_bumps_the_revision_and_a_save_from_before_revisions_goes_on() -> None:
    page = Driver()
    page.send(Boot(KABALEO))
    assert page.c.session is not None
    key = saves.PREFIX + page.c.session.save_id
    old = json.loads(page.store.get(key) or "")
    assert old["rev"] == 1
    del old["rev"]  # as saves were written before tabs took turns (no "rev")
    page.store.set(key, json.dumps(old))
    again = Driver(page.store)
    again.send(Boot({"save": page.c.session.save_id, "botdelay": "0"}))
    again.until_human()
    again.send(Move(again.legal()[0]))
    assert json.loads(page.store.get(key) or "")["rev"] >= 2


def test_a_write_expecting_an_older_text_is_refused_and_changes_nothing() -> None:
    page = Driver()
    page.send(Boot(KABALEO))
    session = page.c.session
    assert session is not None
    key = saves.PREFIX + session.save_id
    now = page.store.get(key)
    try:
        saves.write(page.store, session, 1.0, expect=None)
    except SaveConflict as err:
        assert err.current == now
    else:
        raise AssertionError("a write over a save it did not expect went through")
    assert page.store.get(key) == now
    assert re.search(r'"rev":1\b', now or "")
