"""The page is useful before Python: a press on Play while Python loads is
kept, said in the status line, and carried out once, the moment Python is ready; the
progress line names what is really happening (the runtime's files, then starting
Python), in the page's language.

Each state the test looks at is held by the test, not hoped for: the standard library's
download (without which Pyodide cannot start) is held while the line must say "files",
and py/main.py (asked for beside Python's start, run once Python is up) while it must
say "starting Python". A throttled CPU and network once made the press land in time,
but a loaded machine could still skip a state: the observer saw "files" only when a
download's Resource Timing entry came in a task of its own."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Route, expect

from conftest import READY_TIMEOUT_MS
from parlor.app.saves import PREFIX
from parlor.i18n.catalog import load as catalog

#: Without this file Pyodide cannot start: held, the page is surely still downloading.
STDLIB = "**/vendor/pyodide/python_stdlib.zip"
#: Asked for beside Python's start and run once Python is up (assets/pyodide-start.mjs):
#: held, Python is up at most, and the app not started.
MAIN = "**/py/main.py"


class Held:
    """Requests to one URL pattern, held until ``release()`` (then let through)."""

    def __init__(self, page: Page, pattern: str) -> None:
        self.routes: list[Route] = []
        self.holding = True
        self.page, self.pattern = page, pattern
        page.route(pattern, self._route)

    def _route(self, route: Route) -> None:
        if self.holding:
            self.routes.append(route)
        else:
            route.continue_()

    def release(self) -> None:
        self.holding = False
        for route in self.routes:
            route.continue_()


def saves_made(page: Page) -> list[str]:
    return page.evaluate(f"Object.keys(localStorage).filter(k => k.startsWith('{PREFIX}'))")


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_play_pressed_before_python_is_kept_and_opens_the_game_once(
        app, page: Page, base_url: str, lang: str) -> None:
    words = catalog(lang)
    files = words["shell.loading_files"].split("{")[0]
    starting = words["shell.loading_text"]
    kept = words["shell.loading_kept"].split("{what}")[0]
    line = page.locator("#loading-text")
    stdlib, main = Held(page, STDLIB), Held(page, MAIN)
    page.goto(f"{base_url}/index.html?lang={lang}", wait_until="domcontentloaded")
    page.click("[data-game-card='kabaleo'] [data-action='play']")
    # A second thought wins (dispatched from a script, in one go, as a second real
    # click could wait behind the page's work).
    page.evaluate("document.querySelector(\"[data-game-card='ciao'] [data-action='play']\")"
                  ".click()")
    # The runtime's files, the press kept: the standard library is still held.
    expect(line).to_contain_text(files)
    expect(line).to_contain_text(kept)
    expect(page.locator("[data-game-card='ciao'] [data-action='play']")).to_have_attribute(
        "aria-pressed", "true")
    assert page.evaluate("document.body.dataset.ready || ''") == ""
    # Then Python starting, the press still kept: py/main.py is held.
    stdlib.release()
    expect(line).to_contain_text(starting)
    expect(line).to_contain_text(kept)
    assert page.evaluate("document.body.dataset.ready || ''") == ""
    main.release()
    page.wait_for_function("document.body.dataset.ready === '1'")
    expect(page.locator("#game")).to_be_visible()
    expect(page.locator("#game")).to_have_attribute("data-game", "ciao")
    assert len(saves_made(page)) == 1, saves_made(page)  # one game opened, not two, not none


def test_nothing_pressed_opens_nothing(app) -> None:
    page = app()
    expect(page.locator("#menu")).to_be_visible()
    expect(page.locator("#game")).to_be_hidden()
    assert saves_made(page) == []


#: py/main.py as served, made to fail on its first run (the Pyodide wrapper's), as the
#: app's start would if it raised: the failure is recorded there, not raised.
FAILING_MAIN = """from parlor.web.start import first_run, run
if first_run() is None:
    raise ValueError("a crafted failure of the start")
run()
"""


def test_a_start_that_fails_is_shown_as_the_pages_script_error(app, page: Page,
                                                                base_url: str) -> None:
    # py/main.py runs first from assets/pyodide-start.mjs, before PyScript's own Python;
    # a failure there must still reach PyScript's error display, as it did when PyScript
    # ran the app's start itself.
    page.route(MAIN, lambda route: route.fulfill(
        status=200, body=FAILING_MAIN, headers={"Content-Type": "text/x-python"}))
    page.goto(f"{base_url}/index.html", wait_until="domcontentloaded")
    error = page.locator(".py-error").first
    error.wait_for(timeout=READY_TIMEOUT_MS)
    said = error.text_content() or ""
    assert "Parlor did not start" in said and "a crafted failure of the start" in said, said
    assert page.evaluate("globalThis.parlorStart.main").startswith("Traceback")
    assert page.evaluate("document.body.dataset.ready || ''") == ""
