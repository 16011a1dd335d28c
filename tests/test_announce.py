"""The live region (render.announce): each move said once, the bots' included, in the
page's language; nothing again on a redraw; no history read out on opening a game."""

from __future__ import annotations

from controller_driver import Driver
from parlor.app.events import Boot, Move, ShowGame
from parlor.app.screens.announce import Heard, to_say
from parlor.app.screens.game import Rendered
from parlor.i18n.catalog import Translator


def screen(lines: list[str], now: str = "Your turn.", error: str = "") -> Rendered:
    return Rendered("", "play", 0, "", said=tuple(lines[-8:]), logged=len(lines), now=now,
                    error=error)


def test_each_new_line_is_said_once_then_the_status_when_it_changes() -> None:
    heard, said = to_say(None, screen(["a", "b"]))
    assert said == ("Your turn.",)  # opening a game: its status, not its history
    heard, said = to_say(heard, screen(["a", "b", "bot 1 plays", "bot 2 plays"], "Wait."))
    assert said == ("Bot 1 plays", "Bot 2 plays", "Wait.")
    heard, said = to_say(heard, screen(["a", "b", "bot 1 plays", "bot 2 plays"], "Wait."))
    assert said == ()  # a redraw says nothing
    assert heard == Heard(4, "Wait.")


def test_an_undo_or_a_jump_says_no_lines_and_a_refusal_is_said() -> None:
    heard, _ = to_say(None, screen(["a", "b", "c"]))
    heard, said = to_say(heard, screen(["a"], "Your turn again."))
    assert said == ("Your turn again.",)
    heard, said = to_say(heard, screen([str(i) for i in range(30)]))
    assert said == ("Your turn.",)  # 29 new lines cannot be the moves of one redraw
    _, said = to_say(heard, screen([str(i) for i in range(30)], error="Not there."))
    assert said == ("Not there.",)


def test_a_bots_move_reaches_the_live_region_in_the_page_language() -> None:
    """A real game: after the person's move the bot answers, and both sentences come
    out of the screens in Persian, once each."""
    page = Driver()
    page.c.t = Translator("fa")
    heard: Heard | None = None
    said: list[str] = []

    def send(event: object) -> None:
        nonlocal heard
        for e in page.send(event):
            if isinstance(e, ShowGame):
                heard, lines = to_say(heard, e.screen)
                said.extend(lines)

    def bots() -> None:
        for _ in range(50):  # the bots' turns, as the page's timers would run them
            if not page.c.turns.thinking:
                return
            page.timers.sort(key=lambda a: a.ms)
            timer = page.timers.pop(0)
            page.clock += timer.ms  # a bot keeps a least thinking time on the clock
            send(timer.event)
        raise AssertionError("the bots never handed the turn back")

    send(Boot({"game": "kabaleo", "seats": "human,bot:random", "seed": "3"}))
    bots()
    opened = len(said)
    send(Move(page.legal()[0]))
    bots()
    assert page.c.session is not None and len(page.c.session.match.moves) == 3
    moves = [line for line in said[opened:] if "گذاشت" in line]  # "... placed ..."
    assert len(moves) == 2, said
    assert len(set(moves)) == 2
