"""The guided first game of each title, finished in the browser by following
its tips ("Got it") and its suggested moves ("Play it")."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from parlor.app.classroom.guiding import guide_for

#: More steps than any guided game takes (tips, suggested moves and the bots' turns).
STEPS = 1000
STEP = ("#game [data-action='guide-next'], #game [data-suggested], "
        "#game[data-phase='over']")


@pytest.mark.parametrize("game", ["kabaleo", "ciao", "saboteur"])
def test_the_guided_game_is_finished_by_following_it(app, game: str) -> None:
    page: Page = app("?botdelay=0")
    page.locator(f"[data-action='guide'][data-game='{game}']").click()
    seen: list[str] = []
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
        else:
            page.locator("#game [data-suggested]").click()
    guide = guide_for(game)
    assert guide is not None
    assert page.get_attribute("#game", "data-phase") == "over"
    assert sorted(seen) == sorted(t.key for t in guide.tips), seen
