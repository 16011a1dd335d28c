"""The page contract (docs/design.md): static menu first, ready flag and mark, URL start-up,
clear messages for bad links, and no request leaving the origin (the context fixture
fails any test that made one)."""

from __future__ import annotations

from playwright.sync_api import Page, Route, expect


def test_menu_is_static_html_and_ready_flag_comes_later(app, page: Page, base_url: str) -> None:
    """docs/design.md, page contract: the menu is plain HTML and shows at once, with the
    loading line, before Python is ready; the ready flag and its mark come later, once.

    py/main.py (the app's start) is held back until the menu has been checked, so that
    "before Python" is a fact of the test, not a race with a start that got faster (a
    warm page's start has finished before the first look)."""
    held: list[Route] = []
    holding = [True]
    page.route("**/py/main.py", lambda route: held.append(route) if holding[0]
               else route.continue_())
    with page.expect_request("**/py/main.py"):  # asked for, and held
        page.goto(f"{base_url}/index.html", wait_until="domcontentloaded")
    expect(page.locator("#menu")).to_be_visible()
    expect(page.locator("[data-game-card='kabaleo'] h2")).to_have_text("Kabaleo")
    expect(page.locator("#loading")).to_be_visible()
    assert page.evaluate("document.body.dataset.ready || ''") == ""
    holding[0] = False
    for route in held:
        route.continue_()
    page.wait_for_function("document.body.dataset.ready === '1'")
    expect(page.locator("#loading")).to_be_hidden()
    marks = page.evaluate("performance.getEntriesByName('parlor:ready').length")
    assert marks == 1
    page.click("[data-game-card='kabaleo'] details.more summary")  # the form folds there
    expect(page.locator("#setup-kabaleo form.setup")).to_be_visible()


def test_url_starts_a_game_and_reflects_it(app) -> None:
    """docs/design.md: URL parameters start a game directly; after it starts the URL says so."""
    page = app("?game=kabaleo&players=3&seats=human,bot:random,bot:easy&seed=42&botdelay=0")
    game = page.locator("#game")
    expect(game).to_have_attribute("data-game", "kabaleo")
    expect(game).to_have_attribute("data-phase", "play")
    assert "seed=42" in page.url and "save=" in page.url
    assert page.locator("#game .supply").count() == 3


def test_bad_link_explains_itself(app) -> None:
    """Standards: a hand-edited URL gets a clear message, not a crash."""
    page = app("?game=kabaleo&players=9")
    expect(page.locator("#menu-message")).to_contain_text("2 to 4 players")
    page = app("?game=kabaleo&players=4&opt.distribution=even")
    expect(page.locator("#menu-message")).to_contain_text("even deal")
    page = app("?game=chess")
    expect(page.locator("#menu-message")).to_contain_text("unknown game")


def test_menu_form_starts_a_game(app) -> None:
    page = app("?botdelay=0")
    page.click("[data-game-card='kabaleo'] details.more summary")  # More options
    page.select_option("#setup-kabaleo select[name='players']", "3")
    expect(page.locator("#setup-kabaleo select[name='seat2']")).to_be_visible()
    page.select_option("#setup-kabaleo select[name='seat1']", "bot:random")
    page.click("#setup-kabaleo [data-action='start']")
    expect(page.locator("#game")).to_have_attribute("data-game", "kabaleo")
    assert page.locator("#game .supply").count() == 3
    page.click("#game [data-action='menu']")
    expect(page.locator("#menu")).to_be_visible()
    expect(page.locator("#saves .save")).to_have_count(1)
