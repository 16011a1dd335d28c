"""Readable from the back of the room: the projector layout and the motion
switch (both remembered), reduced motion respected, and screenshots of each game at a
projector's, a laptop's and a phone's width for a person to look at."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from conftest import ARTIFACTS

HTML = "html"


def test_the_projector_and_motion_switches_are_remembered(app, page: Page) -> None:
    page = app("")
    expect(page.locator(HTML)).to_have_attribute("data-layout", "normal")  # 1280 wide
    page.locator("[data-action='projector']").click()
    expect(page.locator(HTML)).to_have_attribute("data-layout", "projector")
    expect(page.locator("[data-action='projector']")).to_have_attribute("aria-pressed", "true")
    page.locator("[data-action='motion']").click()
    expect(page.locator(HTML)).to_have_attribute("data-motion", "off")
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'")
    expect(page.locator(HTML)).to_have_attribute("data-layout", "projector")
    expect(page.locator(HTML)).to_have_attribute("data-motion", "off")


def test_a_wide_screen_chooses_the_projector_layout_by_itself(app, page: Page) -> None:
    """The kept page will do (no fresh browser needed): it comes back at the default
    size with nothing remembered, so only the width chooses."""
    page.set_viewport_size({"width": 1920, "height": 1080})
    app("")
    expect(page.locator(HTML)).to_have_attribute("data-layout", "projector")


def test_reduced_motion_plays_no_animation(app, page: Page) -> None:
    """The kept page's emulated media are reset before each test, so it will do."""
    page.emulate_media(reduced_motion="reduce")
    app("?game=kabaleo&players=2&seats=bot:easy,bot:easy&seed=3&botdelay=300")
    expect(page.locator(HTML)).to_have_attribute("data-motion", "off")
    page.wait_for_selector("#game [data-fresh]")
    assert page.evaluate("document.getAnimations().length") == 0


def test_the_last_move_animates_when_motion_is_on(app) -> None:
    page = app("?game=ciao&players=2&seats=bot:easy,bot:easy&seed=3&botdelay=400")
    page.wait_for_selector("#game [data-fresh]")
    page.wait_for_function("document.getAnimations().length > 0")


SIZES = [(1920, 1080), (1280, 720), (390, 844)]
#: Resolves once the page has drawn a frame after this one (a layout at a new size).
NEXT_FRAME = "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
GAMES = {
    "kabaleo": "?game=kabaleo&players=4&seats=human,bot:easy,bot:easy,bot:easy&seed=5",
    "ciao": "?game=ciao&players=4&seats=human,bot:easy,bot:easy,bot:easy&seed=5",
    "saboteur": "?game=saboteur&seats=human,bot:easy&seed=5",
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_screenshots_at_projector_laptop_and_phone_widths(app, page: Page, game: str) -> None:
    page = app(GAMES[game] + "&botdelay=0")
    page.wait_for_selector("#game [data-pick], #game [data-move]")
    page.locator("[data-action='motion']").click()  # still pictures
    ARTIFACTS.mkdir(exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(NEXT_FRAME)  # laid out at the new size
        page.screenshot(path=str(ARTIFACTS / f"looks-{game}-{width}.png"))
        # Nothing wider than the screen: no sideways scrolling on a phone either.
        overflow = page.evaluate("document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 1, f"{game} at {width}px scrolls sideways by {overflow}px"
