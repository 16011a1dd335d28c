"""The guided first game of each title in the browser, by following its tips
("Got it") and its suggested moves ("Play it"): Kabaleo's to its end, every tip met;
Ciao!'s and Saboteur's from their menu buttons through their first tips and suggested
moves. The whole guided game of every title, every tip once and the game's end, is
tests/test_guide.py's (the controller as the page drives it, in CPython); here is what
only the page shows: the buttons drawn and answering clicks."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from parlor.app.classroom.guiding import guide_for

#: More steps than any guided game takes (tips, suggested moves and the bots' turns).
STEPS = 1000
STEP = ("#game [data-action='guide-next'], #game [data-suggested], "
        "#game[data-phase='over']")
#: Suggested moves clicked in a game not followed to its end.
FIRST_MOVES = 3


def follow(page: Page, game: str, moves: int | None = None) -> list[str]:
    """Open ``game``'s guide from the menu and follow it: to its end, or until ``moves``
    suggested moves are played. The tips met, in order."""
    page.locator(f"[data-action='guide'][data-game='{game}']").click()
    seen: list[str] = []
    played = 0
    for _ in range(STEPS):  # a cap on the steps, not on the time they take
        page.wait_for_selector(STEP)
        tip = page.locator("#game [data-guide-tip]:not([data-guide-tip=''])")
        if tip.count():
            key = tip.get_attribute("data-guide-tip") or ""
            if not seen or seen[-1] != key:
                seen.append(key)
            page.locator("#game [data-action='guide-next']").click()
        elif page.get_attribute("#game", "data-phase") == "over":
            break
        elif moves is not None and played == moves:
            break
        else:
            page.locator("#game [data-suggested]").click()
            played += 1
    return seen


def test_the_guided_kabaleo_game_is_finished_by_following_it(app) -> None:
    page: Page = app("?botdelay=0")
    seen = follow(page, "kabaleo")
    guide = guide_for("kabaleo")
    assert guide is not None
    assert page.get_attribute("#game", "data-phase") == "over"
    assert sorted(seen) == sorted(t.key for t in guide.tips), seen


@pytest.mark.parametrize("game", ["ciao", "saboteur"])
def test_the_guided_game_is_followed_through_its_first_moves(app, game: str) -> None:
    page: Page = app("?botdelay=0")
    seen = follow(page, game, moves=FIRST_MOVES)
    guide = guide_for(game)
    assert guide is not None
    keys = [t.key for t in guide.tips]
    assert seen and set(seen) <= set(keys) and len(seen) == len(set(seen)), seen
    assert page.get_attribute("#game", "data-phase") == "play"
