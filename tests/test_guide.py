"""A guided first game for each title: followed move by move as the guide
suggests, every tip of the game appears once, when its rule first matters, and the
game ends; the player may leave the guide at any time."""

from __future__ import annotations

import re

import pytest

from controller_driver import Driver
from parlor.app.classroom.guiding import context, guide_for
from parlor.app.events import Action, Boot, Move
from parlor.games import GAMES


def follow(page: Driver, game: str, limit: int = 3000) -> list[str]:
    """Start the guide of ``game`` and follow it to the end; the tips in order shown."""
    page.send(Boot({"botdelay": "0"}))
    page.send(Action("guide", game=game))
    seen: list[str] = []
    for _ in range(limit):
        assert page.game is not None
        html = page.game.screen.html
        tip = re.search(r'data-guide-tip="([^"]+)"', html)
        if tip is not None and (not seen or seen[-1] != tip.group(1)):
            seen.append(tip.group(1))
        if page.game.screen.phase == "over" and tip is None:
            return seen
        if tip is not None:
            page.send(Action("guide-next"))
            continue
        move = re.search(r'data-move="([^"]+)" data-suggested', html)
        if move is not None:
            page.send(Move(move.group(1)))
        else:
            page.run_timers()
    raise AssertionError(f"the guided {game} game did not end in {limit} steps: {seen}")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_following_the_guide_meets_every_tip_once_and_ends_the_game(game: str) -> None:
    guide = guide_for(game)
    assert guide is not None
    seen = follow(Driver(), game)
    assert sorted(seen) == sorted(t.key for t in guide.tips)
    assert len(seen) == len(set(seen)) and seen[-1] == "end"


def test_leaving_the_guide_removes_the_box_and_the_game_goes_on() -> None:
    page = Driver()
    page.send(Boot({"botdelay": "0"}))
    page.send(Action("guide", game="kabaleo"))
    assert page.game is not None and "data-guide-tip" in page.game.screen.html
    page.send(Action("guide-leave"))
    assert "data-guide-tip" not in page.game.screen.html
    assert page.game.screen.phase == "play"


def test_tips_see_only_the_humans_view() -> None:
    page = Driver()
    page.send(Boot({"botdelay": "0"}))
    page.send(Action("guide", game="ciao"))
    assert page.c.session is not None
    ctx = context(page.c.session, None)
    assert ctx.view == page.c.session.game.view(page.c.session.state, 0)
