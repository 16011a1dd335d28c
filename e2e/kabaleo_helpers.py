"""Playing Kabaleo through the page the way a person does: pick a piece, pick a pile."""

from __future__ import annotations

from playwright.sync_api import Page

TURN = "#game[data-phase='over'], #game [data-pick]"


def wait_for_my_turn_or_end(page: Page, timeout: float | None = None) -> str:
    """Wait until a piece can be picked (our turn) or the game is over; return the phase."""
    page.wait_for_selector(TURN, timeout=timeout)
    return page.get_attribute("#game", "data-phase") or ""


def play_one_move(page: Page) -> str:
    """Pick the first piece offered, then the first pile offered; return the move played."""
    page.locator("#game [data-pick]").first.click()
    target = page.locator("#game [data-move]").first
    move = target.get_attribute("data-move") or ""
    target.click()
    return move


def log_length(page: Page) -> int:
    return page.locator("#game .log li").count()
