"""The Bot Lab found from the menu and used on a phone: the
menu's "Bot Lab (Python)" entry is on the first screen at 1280×720 and at 390×844 and
opens the Lab, whose picker leads to another game's; at 390×844 Run is on the Lab's
first screen and the score of a match shows there too, and the editor wraps long lines
instead of scrolling sideways (``def`` and the indentation stay in view)."""

from __future__ import annotations

import pytest
from e2e.test_lab import ASKED_HERE, played_here, set_code, without_referee
from playwright.sync_api import Locator, Page, expect

ENTRY = "#menu .lab-entry [data-action='lab']"
RUN = "[data-action='lab-run']"


def in_view(page: Page, target: Locator) -> bool:
    """``target`` lies wholly inside the viewport, as the page is scrolled now."""
    box = target.bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    return (box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= size["width"]
            and box["y"] + box["height"] <= size["height"])


@pytest.mark.parametrize("width,height", [(1280, 720), (390, 844)])
def test_the_menus_lab_entry_is_on_the_first_screen_and_opens_the_lab(
        app, page: Page, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    without_referee(page)  # no game is played
    page = app()
    entry = page.locator(ENTRY)
    expect(entry).to_be_visible()
    expect(entry).to_have_text("Bot Lab (Python)")
    assert page.evaluate("scrollY") == 0 and in_view(page, entry)
    entry.click()
    game = page.locator("#game")
    expect(game).to_have_attribute("data-phase", "lab")
    expect(game).to_have_attribute("data-game", "kabaleo")
    expect(page.locator(".lab-intro code").first).to_have_text("choose(view, moves, rng)")
    page.select_option("select[data-change='lab']", "ciao")  # another game's Lab
    expect(game).to_have_attribute("data-game", "ciao")
    expect(page.locator(".lab-head h2")).to_have_text("Bot Lab: Ciao!")


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_on_a_phone_run_and_the_score_are_on_the_labs_first_screen(
        app, page: Page, lang: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    without_referee(page)  # the match is played here, in CPython
    page = app(f"lang={lang}")
    page.click(ENTRY)
    expect(page.locator("#game")).to_have_attribute("data-phase", "lab")
    run = page.locator(RUN)
    expect(run).to_be_visible()
    assert page.evaluate("scrollY") == 0 and in_view(page, run)
    # Nothing wider than the phone: a long line wraps in the editor, its start in view.
    expect(page.locator(".lab-editor .cm-content")).to_be_visible()
    long_line = "    return moves[0] if len(moves) < 3 else rng.choice([m for m in moves" \
                " if m != moves[0]])  # a comment long enough to run off a phone's screen"
    set_code(page, f"def choose(view, moves, rng):\n{long_line}\n")
    page.wait_for_function(
        "document.querySelector('.lab-editor .cm-content').textContent.includes('phone')")
    scroller = page.locator(".lab-editor .cm-scroller")
    sideways = scroller.evaluate("el => el.scrollWidth - el.clientWidth")
    assert sideways <= 1, f"the editor scrolls sideways by {sideways}px"
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 1
    lines = page.locator(".lab-editor .cm-line")
    expect(lines.first).to_have_text("def choose(view, moves, rng):")
    first, wrapped = lines.nth(0).bounding_box(), lines.nth(1).bounding_box()
    assert first is not None and wrapped is not None
    assert wrapped["height"] > 1.5 * first["height"]  # one line of code, shown on several
    # A short match: its score shows above the code, where Run is. Where it shows is
    # what is looked at: the match is played by the Lab's referee in CPython
    # (``played_here``); a match in the browser's sandboxes: e2e/test_lab.py.
    page.evaluate(ASKED_HERE)
    page.select_option("[data-lab-field=level]", "random")
    page.select_option("[data-lab-field=games]", "10")
    page.evaluate("scrollTo(0, 0)")
    run.click()
    played_here(page)
    score = page.locator("[data-lab-score]")
    expect(score).to_be_visible()
    expect(page.locator("[data-lab-progress]")).to_have_attribute("data-done", "10")
    page.evaluate("scrollTo(0, 0)")
    assert in_view(page, score) and in_view(page, run)
