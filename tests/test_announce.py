"""The live region (render.announce): each move said once, the bots' included, in the
page's language; nothing again on a redraw; no history read out on opening a game."""

from __future__ import annotations

import pytest

from controller_driver import Driver
from parlor.app.events import Boot, Move, ShowGame
from parlor.app.screens.announce import Heard, to_say
from parlor.app.screens.game import SAID, Rendered, renderer
from parlor.core.rng import Rng
from parlor.games import GAMES
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


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_log_tail_is_the_logs_last_lines_and_its_length(game_id: str) -> None:
    """A screen puts into words only the log lines the live region gets
    (``Renderer.log_tail``); they must be the whole log's last lines, and the count its
    length, at every move of a game (rockfalls and peeks included in Saboteur)."""
    game, t = GAMES[game_id], Translator("fa")
    mod = renderer(game_id)
    players = game.min_players + 1 if game.max_players > game.min_players else game.min_players
    names = ("You", *(f"P{i}" for i in range(2, players + 1)))
    s, rng = game.new(players, 4, game.options_for(players, {})), Rng(4)
    for _ in range(150):
        legal = game.legal_moves(s)
        if not legal:
            break
        s = game.apply(s, rng.choice(legal))
        view = game.view(s, 0)
        lines = mod.log_lines(view, names, t)
        for n in (1, SAID):
            assert mod.log_tail(view, names, t, n) == (lines[-n:], len(lines))
