"""The classroom table, in the browser: a match of bots watched with every
secret shown, reviews stepped through, games carried by a file and by a link."""

from __future__ import annotations

import json

from playwright.sync_api import Browser, Page, expect

from conftest import BrowserLog, fail_on_blocked, isolated_context, open_app
from kabaleo_helpers import play_one_move, wait_for_my_turn_or_end

BOTS4 = "seats=bot:easy,bot:easy,bot:easy,bot:easy&players=4"
OVER = "#game[data-phase='over']"


def plies(page: Page) -> tuple[int, int]:
    root = page.locator("#game[data-phase='replay']")
    expect(root).to_be_visible()
    return int(root.get_attribute("data-ply") or -1), int(root.get_attribute("data-plies") or -1)


def test_four_bots_watched_to_the_end_with_everything_revealed(app) -> None:
    """Deliver 1: the reveal toggle shows every seat's colour; pause and one move."""
    page = app(f"?game=kabaleo&{BOTS4}&seed=5&botdelay=150")
    expect(page.locator("#game [data-revealed]")).to_have_count(0)
    page.locator("#game [data-action='reveal']").click()
    for seat in range(4):
        expect(page.locator(f"#game [data-revealed='target:{seat}']").first).to_be_visible()
    page.locator("#game [data-action='pause']").click()
    expect(page.locator("#status")).to_contain_text("Paused")
    # That no bot moves while paused is tests/test_classroom.py's to show (its timers
    # run out under the pause), not a wait here for a move that does not come.
    before = page.locator("#game .log li").count()
    page.locator("#game [data-action='step']").click()
    expect(page.locator("#game .log li")).to_have_count(before + 1)
    page.locator("#game [data-action='pause']").click()  # resume
    page.wait_for_selector(OVER, timeout=120_000)
    expect(page.locator("#game [data-revealed='target:3']").first).to_be_visible()
    expect(page.locator("#game [data-action='review']")).to_be_visible()


def test_a_review_steps_both_ways_and_shows_only_the_viewing_seats_secrets(app) -> None:
    """Deliver 2: from the saved games list; keys and buttons; one human's view only."""
    page = app("?game=kabaleo&players=2&seats=human,bot:easy&seed=4&botdelay=0")
    for _ in range(3):
        wait_for_my_turn_or_end(page)
        play_one_move(page)
    wait_for_my_turn_or_end(page)
    page.locator("#game [data-action='menu']").click()
    page.locator("#saves [data-action='review']").first.click()
    ply, n = plies(page)
    assert ply == n and n >= 6
    expect(page.locator("#game [data-revealed]")).to_have_count(0)
    expect(page.locator("#game [data-beliefs]")).to_have_count(0)
    expect(page.locator("#game select[data-change='replay-seat'] option")).to_have_count(1)
    page.locator("#game [data-action='replay-prev']").click()
    assert plies(page)[0] == n - 1
    page.locator("body").press("Home")
    assert plies(page)[0] == 0
    page.locator("body").press("ArrowRight")
    page.locator("body").press("ArrowRight")
    assert plies(page)[0] == 2
    page.locator("#game [data-action='replay-goto'][data-value='5']").click()
    assert plies(page)[0] == 5
    page.locator("body").press("End")
    assert plies(page)[0] == n
    page.locator("#game [data-action='resume']").click()  # back to the game, unchanged
    expect(page.locator("#game[data-phase='play']")).to_be_visible()
    expect(page.locator("#game .log li")).to_have_count(n)


def finished_game(app) -> Page:  # type: ignore[no-untyped-def]
    page: Page = app("?game=kabaleo&players=2&seats=bot:easy,bot:easy&seed=9&botdelay=0")
    page.wait_for_selector(OVER)
    return page


def test_an_export_imports_in_a_fresh_browser(app, browser: Browser, base_url: str,
                                              browser_log: BrowserLog, tmp_path) -> None:
    """Deliver 4: Export downloads the match; Import in another browser opens it."""
    page = finished_game(app)
    with page.expect_download() as info:
        page.locator("#game [data-action='export']").click()
    path = tmp_path / "game.json"
    info.value.save_as(path)
    moves = len(json.loads(path.read_text())["moves"])
    ctx = isolated_context(browser, base_url, browser_log)
    try:
        other = open_app(ctx.new_page(), base_url)
        other.locator("input[data-import]").set_input_files(str(path))
        other.locator("[data-action='import']").click()
        assert plies(other) == (moves, moves)
        other.locator("#game [data-action='adopt']").click()
        other.locator("#game [data-action='menu']").click()
        expect(other.locator("#saves li.save")).to_have_count(1)
    finally:
        ctx.close()
    fail_on_blocked(browser_log)


def test_a_share_link_opens_in_a_fresh_browser(app, browser: Browser, base_url: str,
                                               browser_log: BrowserLog) -> None:
    page = finished_game(app)
    page.locator("#game [data-action='share']").click()
    link = page.locator("input[data-share-link]").input_value()
    assert "#m=1." in link and "?" not in link.split("#")[0]
    ctx = isolated_context(browser, base_url, browser_log)
    try:
        other = ctx.new_page()
        other.goto(link, wait_until="domcontentloaded")
        other.wait_for_function("document.body.dataset.ready === '1'")
        ply, n = plies(other)
        assert ply == n > 0
        expect(other.locator("#status")).to_contain_text("Review")
        assert other.evaluate("Object.keys(localStorage).length") == 0  # nothing saved
    finally:
        ctx.close()
    fail_on_blocked(browser_log)


def test_a_hand_edited_import_is_refused_with_its_reason(app, page: Page) -> None:
    finished_game(app)
    with page.expect_download() as info:
        page.locator("#game [data-action='export']").click()
    data = json.loads(open(info.value.path()).read())
    data["moves"][3] = data["moves"][2]  # the same piece twice on the same pile
    page.locator("#game [data-action='menu']").click()
    page.locator("textarea[data-import-text]").fill(json.dumps(data))
    page.locator("[data-action='import']").click()
    message = page.locator("#menu-message")
    expect(message).to_contain_text("cannot be imported")
    expect(message).to_contain_text("move 4")
    expect(page.locator("#saves li.save")).to_have_count(1)  # nothing added or replaced
