"""The page's controller driven as the page drives it (docs/design.md, "The page contract"):
events in, effects out, timers run by the test. No browser needed."""

from __future__ import annotations

import re

from controller_driver import Driver
from parlor.app import saves
from parlor.app.events import (
    Action,
    Boot,
    BotTurn,
    Confirm,
    Move,
    WindowAnswer,
)
from parlor.app.saves import DictStore


def test_boot_without_parameters_shows_the_menu() -> None:
    page = Driver()
    page.send(Boot({}))
    assert page.menu is not None and page.menu.status == "Choose a game."
    assert set(page.menu.forms) == {"kabaleo", "ciao", "saboteur"}
    assert page.menu.resume is None


def test_a_link_starts_a_game_saves_it_and_the_bot_answers() -> None:
    page = Driver()
    page.send(Boot({"game": "kabaleo", "seats": "human,bot:easy", "seed": "7"}))
    assert page.game is not None and page.game.screen.phase == "play"
    assert page.url is not None and page.url.params is not None
    save_id = page.url.params["save"]
    assert saves.read(page.store, save_id) is not None
    page.until_human()
    assert page.c.session is not None
    before = len(page.c.session.match.moves)
    move = page.legal()[0]
    page.send(Move(move))
    assert page.c.turns.thinking and [type(t.event) for t in page.timers] == [BotTurn]
    while page.c.turns.thinking:  # the bot thinks, then waits out the bot delay
        page.run_timers()
    entry = saves.read(page.store, save_id)
    assert entry is not None and entry.session is not None
    assert entry.session.match.moves[before] == move
    assert len(entry.session.match.moves) == before + 2


def test_a_reload_resumes_the_saved_game() -> None:
    page = Driver()
    page.send(Boot({"game": "kabaleo", "seats": "human,bot:easy", "seed": "7"}))
    page.until_human()
    page.send(Move(page.legal()[0]))
    page.run_timers()
    assert page.url is not None and page.url.params is not None and page.c.session is not None
    state = page.c.session.state
    again = Driver(page.store)
    again.send(Boot(dict(page.url.params)))
    assert again.c.session is not None and again.c.session.state == state


def test_an_illegal_move_is_refused_with_its_reason() -> None:
    page = Driver()
    page.send(Boot({"game": "kabaleo", "seats": "human,bot:easy", "seed": "7"}))
    page.until_human()
    assert page.c.session is not None
    before = page.c.session.match.moves
    page.send(Move("not-a-move"))
    assert page.game is not None and "That move is not allowed" in page.game.screen.status
    assert page.c.session.match.moves == before


def test_a_timer_from_an_old_game_does_nothing() -> None:
    page = Driver()
    page.send(Boot({"game": "kabaleo", "seats": "bot:easy,bot:easy", "seed": "3"}))
    stale = page.timers.pop()
    page.send(Action("menu"))
    assert page.send(stale.event) == []


def test_a_timed_window_closes_with_the_first_answer() -> None:
    """ciao.md, "Real-time parts": bots answer after their delay, the deadline applies
    the timeout move; whatever arrives first wins and the rest find the window gone."""
    page = Driver()
    page.send(Boot({"game": "ciao", "seats": "bot:medium,bot:medium,bot:medium", "seed": "5",
                    "botdelay": "0"}))
    for _ in range(3000):
        if page.c.turns.window is not None or page.c.session is None:
            break
        if page.c.session.to_act() is None:
            break
        page.run_timers()
    window = page.c.turns.window
    assert window is not None, "no race or thank-you in 3000 moves"
    answers = [t for t in page.timers if isinstance(t.event, WindowAnswer)]
    assert answers and answers[-1].ms == int(window.seconds * 1000)
    moves_before = len(page.c.session.match.moves) if page.c.session else 0
    first = min(answers, key=lambda a: a.ms)
    page.timers.remove(first)
    page.send(first.event)
    assert page.c.turns.window is not window
    assert page.c.session is not None and len(page.c.session.match.moves) == moves_before + 1
    for late in answers:
        if late is not first:
            assert page.send(late.event) == []


def test_an_unreadable_save_in_a_link_is_kept_and_explained() -> None:
    store = DictStore()
    store.set(saves.PREFIX + "bad-0", "{oops")
    page = Driver(store)
    page.send(Boot({"save": "bad-0"}))
    assert page.menu is not None and "cannot be loaded" in page.menu.message
    assert store.get(saves.PREFIX + "bad-0") == "{oops"


def test_delete_asks_first_then_removes_the_save() -> None:
    page = Driver()
    page.send(Boot({"game": "kabaleo", "seats": "human,bot:easy", "seed": "7"}))
    assert page.url is not None and page.url.params is not None
    save_id = page.url.params["save"]
    out = page.c.handle(Action("delete", save=save_id))
    assert [type(e) for e in out] == [Confirm]
    assert saves.read(page.store, save_id) is not None
    page.send(out[0].event)  # type: ignore[union-attr]
    assert saves.read(page.store, save_id) is None


def test_every_action_on_a_screen_has_a_handler() -> None:
    """Actions dispatch through an explicit table; the page handles only view actions."""
    page = Driver()
    page.send(Boot({"game": "saboteur", "seats": "human,bot:easy", "seed": "2"}))
    assert page.game is not None
    view_actions = {"zoom-in", "zoom-out", "zoom-fit"}
    for name in re.findall(r'data-action="([^"]+)"', page.game.screen.html):
        assert name in page.c.actions or name in view_actions, name


def test_a_searching_bot_thinks_in_slices_and_the_page_stays_free() -> None:
    """A hard bot's search runs in slices of at most
    ``SLICE_MS`` of the clock, each its own timer event, so the browser can paint and
    take clicks in between; the status says the bot is thinking; the page's time cap
    plays the best move so far."""
    from parlor.app import thinking

    page = Driver()
    ticks = [0.0]

    def clock() -> float:  # every look at the clock costs 1 ms of "work"
        ticks[0] += 1.0
        return page.clock + ticks[0]

    page.c.clock = clock
    page.send(Boot({"game": "kabaleo", "seats": "human,bot:hard", "seed": "3",
                    "botdelay": "0"}))
    page.until_human()
    assert page.c.session is not None
    before = len(page.c.session.match.moves)
    page.send(Move(page.legal()[0]))
    assert page.c.turns.thinking and page.game is not None
    assert "thinking" in page.game.screen.status
    slices = 0
    while page.c.turns.thinking:
        started = ticks[0]
        page.run_timers()
        slices += 1
        assert ticks[0] - started <= thinking.SLICE_MS + 5
    assert slices > 3
    assert page.c.session is not None and len(page.c.session.match.moves) == before + 2
