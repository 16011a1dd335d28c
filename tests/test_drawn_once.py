"""A game screen is drawn once per event (app/drawn.py): a move and the bot's turn it
starts are two screens in one batch, of which the page draws only the last, and the
live region still hears every move once."""

from __future__ import annotations

from controller_driver import Driver
from parlor.app.drawn import drawn_once
from parlor.app.events import After, Boot, Effect, Move, SetUrl, ShowGame
from parlor.app.screens.announce import Heard, to_say
from parlor.app.screens.game import Rendered


def shown(name: str) -> ShowGame:
    return ShowGame("kabaleo", Rendered(name, "play", 0, ""))


def test_only_the_last_game_screen_of_a_batch_is_kept_and_the_rest_keep_their_order() -> None:
    url, timer = SetUrl({"game": "kabaleo"}), After(0, Boot({}))
    batch: list[Effect] = [shown("a"), url, shown("b"), timer, shown("c")]
    assert drawn_once(batch) == [url, timer, shown("c")]
    assert drawn_once([url, timer]) == [url, timer]
    assert drawn_once([]) == []


def test_a_move_against_a_bot_draws_one_screen_and_every_move_is_heard_once() -> None:
    """The controller draws the moved game once, with the bot already thinking (it
    used to draw it twice, the reason for drawn_once, which the page keeps as a guard);
    the page draws it, and the live region hears the person's move and the bot's, once
    each."""
    page = Driver()
    heard: Heard | None = None
    said: list[str] = []
    screens_per_event: list[tuple[int, int]] = []

    def send(event: object) -> None:
        nonlocal heard
        out = page.send(event)
        kept = drawn_once(out)
        screens_per_event.append((sum(isinstance(e, ShowGame) for e in out),
                                  sum(isinstance(e, ShowGame) for e in kept)))
        for e in kept:
            if isinstance(e, ShowGame):
                heard, lines = to_say(heard, e.screen)
                said.extend(lines)

    def run_bot_turns() -> None:
        """Fire the page's timers, soonest first, until no bot is thinking."""
        for _ in range(50):
            if not page.c.turns.thinking:
                break
            page.timers.sort(key=lambda a: a.ms)
            timer = page.timers.pop(0)
            page.clock += timer.ms
            send(timer.event)

    send(Boot({"game": "kabaleo", "seats": "human,bot:random", "seed": "3"}))
    run_bot_turns()
    opened = len(said)
    screens_per_event.clear()
    send(Move(page.legal()[0]))
    assert screens_per_event[0] == (1, 1)  # moved, the bot thinking: drawn once, kept
    run_bot_turns()
    assert page.c.session is not None and len(page.c.session.match.moves) == 3
    assert all(kept <= 1 for _, kept in screens_per_event)
    moves = [line for line in said[opened:] if " played " in line]
    assert len(moves) == 2 and len(set(moves)) == 2, said
