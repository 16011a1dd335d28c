"""Playing Kabaleo through the page the way a person does: pick a piece, pick a pile."""

from __future__ import annotations

from playwright.sync_api import Page

TURN = "#game[data-phase='over'], #game [data-pick]"


def wait_for_my_turn_or_end(page: Page, timeout: float | None = None) -> str:
    """Wait until a piece can be picked (our turn) or the game is over; return the phase."""
    page.wait_for_selector(TURN, timeout=timeout)
    return page.get_attribute("#game", "data-phase") or ""


def my_turn_or_end_past_slow_lab_moves(page: Page, timeout: float) -> str:
    """``wait_for_my_turn_or_end`` at a table with a Lab bot, where a move over its time
    (or a bot file that loads too slowly) is retried as a player would (its notice names
    the problem, ``data-lab-problem``): on a slow machine an honest bot overruns a
    wall-clock limit, which is not what such a test is about. Any other problem the bot
    has fails the test, with the notice's words."""
    notice = page.locator("[data-notice=lab]")
    while True:
        page.wait_for_selector(f"{TURN}, [data-notice=lab]", timeout=timeout)
        if notice.count() == 0:
            return page.get_attribute("#game", "data-phase") or ""
        kind = notice.get_attribute("data-lab-problem")
        assert kind in ("over_time", "load_time"), notice.inner_text()
        page.click("[data-notice=lab] [data-action=lab-retry]")
        page.wait_for_selector("[data-notice=lab]", state="detached", timeout=timeout)


def play_one_move(page: Page) -> str:
    """Pick the first piece offered, then the first pile offered; return the move played."""
    page.locator("#game [data-pick]").first.click()
    target = page.locator("#game [data-move]").first
    move = target.get_attribute("data-move") or ""
    target.click()
    return move


def log_length(page: Page) -> int:
    return page.locator("#game .log li").count()
