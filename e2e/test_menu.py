"""The menu a child can use: a tile per game with a picture and one big Play,
shown before Python is ready; the set-up form folded under More options; Continue first
when a game is saved."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, Route, expect

from conftest import ARTIFACTS
from parlor.bots import DEFAULT_LEVEL

GAMES = ("kabaleo", "ciao", "saboteur")
PLAY = "[data-game-card='{}'] [data-action='play']"
MORE = "[data-game-card='{}'] details.more summary"


def test_tiles_show_before_python_and_the_form_waits_under_more_options(
        app, page: Page, base_url: str) -> None:
    # The package zip is held back until the checks below are done, so "before Python
    # is ready" is a fact of the test, not a race with a fast boot.
    held: list[Route] = []
    page.route("**/py/parlor.zip", lambda route: held.append(route))
    page.goto(f"{base_url}/index.html", wait_until="domcontentloaded")
    for game in GAMES:
        expect(page.locator(PLAY.format(game))).to_be_visible()
        expect(page.locator(f"[data-game-card='{game}'] select[data-people]")).to_be_visible()
    # Play can be pressed before Python is ready (e2e/test_loading.py: the press is kept).
    before = page.evaluate("""() => [document.body.dataset.ready || '',
        [...document.querySelectorAll("[data-action='play']")].map(b => b.disabled)]""")
    assert before == ["", [False, False, False]]
    assert held  # the page asked for the zip from its first byte (index.html's preload)
    for route in held:
        route.continue_()
    page.unroute("**/py/parlor.zip")
    page.wait_for_function("document.body.dataset.ready === '1'")
    for game in GAMES:
        expect(page.locator(PLAY.format(game))).to_be_enabled()
        art = page.locator(f"[data-game-card='{game}'] img.tile-art")
        assert art.evaluate("img => img.complete && img.naturalWidth > 0"), game
        # The full rules stay on the tile, outside More options.
        expect(page.locator(f"#rules-{game} details.rules summary")).to_be_visible()
    expect(page.locator("#menu form.setup select:visible")).to_have_count(0)
    page.click(MORE.format("kabaleo"))
    expect(page.locator("#setup-kabaleo select[name='players']")).to_be_visible()
    expect(page.locator("#setup-kabaleo [data-action='start']")).to_be_visible()
    expect(page.locator("#setup-ciao select[name='players']")).to_be_hidden()


def test_play_starts_a_kabaleo_game_against_the_default_bot(app) -> None:
    page = app("?botdelay=0")
    page.click(PLAY.format("kabaleo"))
    game = page.locator("#game")
    expect(game).to_have_attribute("data-game", "kabaleo")
    expect(game).to_have_attribute("data-phase", "play")
    query = parse_qs(urlsplit(page.url).query)
    assert query["seats"] == [f"human,bot:{DEFAULT_LEVEL['kabaleo']}"]


def test_two_people_at_the_device_play_hot_seat(app) -> None:
    page = app("?botdelay=0")
    page.select_option("[data-game-card='kabaleo'] select[data-people]", "2")
    page.click(PLAY.format("kabaleo"))
    expect(page.locator("#game")).to_have_attribute("data-phase", "handoff")
    assert parse_qs(urlsplit(page.url).query)["seats"] == ["human,human"]


def test_continue_comes_first_when_a_game_is_saved(app) -> None:
    page = app("?game=kabaleo&players=2&seats=human,bot:random&seed=3&botdelay=0")
    expect(page.locator("#game")).to_have_attribute("data-phase", "play")
    page.click("#game [data-action='menu']")
    expect(page.locator("#continue")).to_be_visible()
    first = page.locator("#menu button:visible").first
    expect(first).to_have_attribute("id", "continue")
    top = page.locator("#continue").bounding_box()
    tile = page.locator("[data-game-card='kabaleo']").bounding_box()
    assert top is not None and tile is not None and top["y"] < tile["y"]


def test_tiles_stack_on_a_phone_and_line_up_on_a_wide_screen(app) -> None:
    page = app()

    def columns() -> int:
        xs = {round(page.locator(f"[data-game-card='{g}']").bounding_box()["x"])  # type: ignore[index]
              for g in GAMES}
        return len(xs)

    page.set_viewport_size({"width": 390, "height": 844})
    assert columns() == 1
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "menu-phone.png"))
    for target in (PLAY.format("ciao"), "[data-game-card='ciao'] select[data-people]",
                   "[data-game-card='ciao'] details.howto summary", MORE.format("ciao")):
        box = page.locator(target).bounding_box()
        assert box is not None and box["height"] >= 48, target  # a finger's width
    page.set_viewport_size({"width": 1400, "height": 900})
    assert columns() == 3
