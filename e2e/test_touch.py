"""A tablet's and a phone's fingers: the Saboteur maze pans with one finger
and pinch-zooms with two while the page itself neither zooms nor scrolls; a tap lays a
card (a wobbly one too, and one just beside a small cell), a pan never does; a long
press opens no menu; hot-seat goes by tap; every control a player touches answers at
least 44 x 44 CSS px on a phone (390 px) and a tablet (768 px).

Chromium with touch emulation (``has_touch``, ``is_mobile``): pan, pinch and long press
are touch events sent through CDP, which Chromium turns into pointer events, taps and
clicks as for a real screen. One tablet page for the module: one boot for the maze's
gestures, one (warm) walking every screen by tap."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from conftest import (
    BrowserLog,
    _screenshot_if_failed,
    fail_on_blocked,
    open_app,
    routed_context,
)
from touch_helpers import MENU, Fingers, centre, too_small

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 768, "height": 1024}
SABOTEUR = "game=saboteur&players=2&seats=human,bot:random&seed=5&botdelay=0"
PATH_CARD = "#game .hcard[data-pick^='card:'][data-kind='path']"
TARGETS = "#game svg.maze [data-move]"


@pytest.fixture(scope="module")
def tablet(browser: Browser, base_url: str) -> Iterator[tuple[dict[str, BrowserLog], Page]]:
    """One tablet for the module's tests: a touch screen, a mobile viewport (the page's
    meta viewport); the second test boots in its warm renderer (about 1.3 s, not 3)."""
    holder = {"log": BrowserLog()}
    ctx = routed_context(browser, base_url, lambda: holder["log"], has_touch=True,
                          is_mobile=True, viewport=TABLET)
    yield holder, ctx.new_page()
    ctx.close()


@pytest.fixture
def touch(tablet: tuple[dict[str, BrowserLog], Page], browser_log: BrowserLog,
          request: pytest.FixtureRequest) -> Iterator[Page]:
    """The tablet, at its own width, with no saves of an earlier test, recording into
    this test's log."""
    holder, page = tablet
    if page.url.startswith("http"):
        page.evaluate("() => localStorage.clear()")
    page.set_viewport_size(TABLET)
    holder["log"] = browser_log
    yield page
    _screenshot_if_failed(request, [page])
    holder["log"] = BrowserLog()
    fail_on_blocked(browser_log)


def box(page: Page) -> list[float]:
    return [float(v) for v in (page.get_attribute("svg.maze", "viewBox") or "").split()]


def ply(page: Page) -> str:
    return page.get_attribute("#game", "data-ply") or ""


def played(page: Page) -> list[str]:
    """The moves of the game as the page saved it."""
    from urllib.parse import parse_qs, urlsplit

    from parlor.app import saves

    save_id = parse_qs(urlsplit(page.url).query)["save"][0]
    raw = page.evaluate(f"localStorage.getItem('{saves.PREFIX}{save_id}')")
    entry = saves.decode(save_id, raw)
    assert entry.session is not None, entry.error
    return list(entry.session.match.moves)


def page_still(page: Page) -> dict[str, float]:
    """The page's own zoom and scroll (neither may move for a gesture on the board)."""
    return page.evaluate("() => ({scale: visualViewport.scale, x: scrollX, y: scrollY})")


def my_turn_with_a_path_card(page: Page) -> None:
    page.wait_for_selector(PATH_CARD)
    page.locator(PATH_CARD).first.tap()
    expect(page.locator(TARGETS).first).to_be_attached()


def test_the_maze_pans_and_pinches_under_fingers_and_only_a_tap_lays_a_card(
        touch: Page, base_url: str) -> None:
    """On a tablet (768 px), then a phone (390 px)."""
    page = open_app(touch, base_url, SABOTEUR)
    fingers = Fingers(page)
    page.wait_for_selector(PATH_CARD)
    before = ply(page)

    # A long press on a card is a slow tap (it picks the card): no text is selected, and
    # the context menu a browser would open over a card or the board is stopped (a
    # mouse's right button keeps its menu).
    card = page.locator(PATH_CARD).first
    fingers.hold(centre(card))
    expect(page.locator("#game .hcard.picked")).to_have_count(1)
    assert page.evaluate("() => String(getSelection())") == ""
    for selector in (TARGETS, PATH_CARD, "svg.maze"):
        assert page.evaluate(MENU, [selector, "touch"]) is True, selector
        assert page.evaluate(MENU, [selector, "mouse"]) is False, selector

    page.locator("svg.maze").scroll_into_view_if_needed()
    still, fitted = page_still(page), box(page)
    # One finger drags the board from a target cell: the view moves, no card is laid.
    fingers.drag(centre(page.locator(TARGETS).first), (-90, -40))
    moved = box(page)
    assert moved[2:] == fitted[2:] and moved[0] > fitted[0] and moved[1] > fitted[1], moved
    assert ply(page) == before and page.locator(TARGETS).count() > 0
    assert page_still(page) == still

    # Two fingers spread apart: the board zooms in about twice, the page does not.
    fingers.pinch(centre(page.locator("svg.maze")), 80, 160)
    zoomed = box(page)
    assert 0.4 < zoomed[2] / moved[2] < 0.6, (moved, zoomed)
    assert page_still(page) == still and ply(page) == before

    # Fit brings the whole board back.
    page.locator("[data-action='zoom-fit']").tap()
    assert box(page) == fitted

    # A tap whose finger wobbles a little (8 px) is still a tap: the card is laid.
    target = page.locator(TARGETS).first
    move = target.get_attribute("data-move")
    x, y = centre(target)
    fingers.drag((x - 4, y), (8, 0), steps=2)
    expect(page.locator("#game")).not_to_have_attribute("data-ply", before)
    assert move in played(page)

    # On a phone the maze draws a cell about 27 px wide: a tap a few pixels beside one,
    # where no other target is, lays its card (the cell's pad answers it).
    page.set_viewport_size(PHONE)
    my_turn_with_a_path_card(page)
    cells = page.locator(TARGETS).evaluate_all(
        "els => els.map(e => [e.dataset.move, e.dataset.cell])")
    taken = {cell for _, cell in cells}
    move = next(m for m, c in cells
                if f"{int(c.split(',')[0]) + 1},{c.split(',')[1]}" not in taken)
    target = page.locator(f"{TARGETS}[data-move='{move}']")
    centre(target)  # in view
    edge = target.evaluate("g => g.getBoundingClientRect().toJSON()")  # see centre()
    assert edge["width"] < 40, edge  # small enough to need the pad
    before = ply(page)
    page.touchscreen.tap(edge["x"] + edge["width"] + 5, edge["y"] + edge["height"] / 2)
    expect(page.locator("#game")).not_to_have_attribute("data-ply", before)
    assert move in played(page)


GAMES = ("kabaleo", "ciao", "saboteur")
PLAY = "[data-game-card='{}'] [data-action='play']"


def test_every_control_answers_a_finger_and_hot_seat_goes_by_tap(
        touch: Page, base_url: str) -> None:
    """Every screen a player touches, reached by tap from the menu in one booted page,
    measured at 390 and 768 px: the menu (each tile's options open, then with a saved
    game), the hand-off and both seats' turns of a hot-seat Kabaleo (a piece picked,
    so the piles are targets), Ciao!, Saboteur (a path card picked, so the maze's cells
    are targets), the Bot Lab, a game's end and its review."""
    page = open_app(touch, base_url, "botdelay=0")
    game = page.locator("#game")
    small: list[str] = []

    def measure(screen: str) -> None:
        small.extend(f"{screen} at {line}" for line in too_small(page))

    for name in GAMES:
        page.locator(f"[data-game-card='{name}'] details.more summary").tap()
    measure("the menu")

    # Hot-seat by tap: the hand-off hides the seat's secret until its button is tapped.
    page.select_option("[data-game-card='kabaleo'] select[data-people]", "2")
    page.locator(PLAY.format("kabaleo")).tap()
    expect(game).to_have_attribute("data-phase", "handoff")
    assert page.locator("[data-secret]").count() == 0
    measure("the hand-off")
    first = game.get_attribute("data-to-act")
    page.locator("#game [data-action='handoff-ok']").tap()
    expect(game).to_have_attribute("data-phase", "play")
    expect(page.locator("[data-secret='target']")).to_have_count(1)
    page.locator("#game .piece.pickable").first.tap()
    measure("Kabaleo")
    page.locator("#game [data-move]").first.tap()
    expect(game).to_have_attribute("data-phase", "handoff")
    assert page.locator("[data-secret]").count() == 0
    page.locator("#game [data-action='handoff-ok']").tap()
    expect(game).to_have_attribute("data-phase", "play")
    assert game.get_attribute("data-to-act") != first
    page.locator("#game [data-action='menu']").tap()
    expect(page.locator("#saves [data-save]").first).to_be_visible()
    measure("the menu with a saved game")

    page.locator(PLAY.format("ciao")).tap()
    expect(game).to_have_attribute("data-game", "ciao")
    measure("Ciao!")
    page.locator("#game [data-action='menu']").tap()

    page.locator(PLAY.format("saboteur")).tap()
    page.locator(PATH_CARD).first.tap()
    expect(page.locator(TARGETS).first).to_be_attached()
    measure("Saboteur")
    page.locator("#game [data-action='menu']").tap()

    page.locator("#menu [data-action='lab']").first.tap()
    expect(game).to_have_attribute("data-phase", "lab")
    measure("the Bot Lab")

    # A game's end (its score table and buttons) and its review (steps and timeline).
    page = open_app(page, base_url, "game=kabaleo&players=2&seats=bot:random,bot:random"
                    "&seed=5&botdelay=0")
    expect(game).to_have_attribute("data-phase", "over")
    measure("a game's end")
    page.locator("#game [data-action='review']").tap()
    expect(game).to_have_attribute("data-phase", "replay")
    page.locator("#game [data-action='replay-prev']").tap()
    measure("the review")
    assert small == [], "\n".join(small)
