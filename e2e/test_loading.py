"""The page is useful before Python: a press on Play while Python loads is
kept, said in the status line, and carried out once, the moment Python is ready; the
progress line names what is really happening (the runtime's files, then starting
Python), in the page's language. The CPU is throttled 4x and the network slowed (CDP),
as on a school Chromebook, so the press surely lands before Python is ready."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Route, expect

from parlor.app.saves import PREFIX
from parlor.i18n.catalog import load as catalog

RECORD = """() => {
    window.__lines = [];
    new MutationObserver(() => {
        const t = document.getElementById('loading-text');
        if (t && window.__lines[window.__lines.length - 1] !== t.textContent)
            window.__lines.push(t.textContent);
    }).observe(document, {subtree: true, childList: true, characterData: true});
}"""


def slow_open(page: Page, base_url: str, query: str) -> None:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    # School Wi-Fi, so that the runtime's files take a visible while to arrive.
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 40, "downloadThroughput": 40e6 / 8,
        "uploadThroughput": 20e6 / 8})
    page.add_init_script(f"({RECORD})()")
    page.goto(f"{base_url}/index.html{query}", wait_until="domcontentloaded")


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_play_pressed_before_python_is_kept_and_opens_the_game_once(
        page: Page, base_url: str, lang: str) -> None:
    words = catalog(lang)
    # py/main.py (which PyScript asks for once Python has started) is held back until
    # the press has been seen kept, so that "before Python is ready" is a fact of the
    # test, not a race with a start that got faster.
    held: list[Route] = []
    holding = [True]
    page.route("**/py/main.py", lambda route: held.append(route) if holding[0]
               else route.continue_())
    slow_open(page, base_url, f"?lang={lang}")
    page.click("[data-game-card='kabaleo'] [data-action='play']")
    # A second thought wins. (Booting Python holds the page's thread for seconds at a
    # time, so a second real click could wait until after ready: this one is dispatched
    # from a script, in one go.)
    page.evaluate("document.querySelector(\"[data-game-card='ciao'] [data-action='play']\")"
                  ".click()")
    assert page.evaluate("document.body.dataset.ready || ''") == "", \
        "Python was ready before the press: the test proves nothing"
    kept = words["shell.loading_kept"].split("{what}")[0]
    expect(page.locator("#loading-text")).to_contain_text(kept)
    expect(page.locator("[data-game-card='ciao'] [data-action='play']")).to_have_attribute(
        "aria-pressed", "true")
    holding[0] = False
    for route in held:
        route.continue_()
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=120_000)
    expect(page.locator("#game")).to_be_visible()
    expect(page.locator("#game")).to_have_attribute("data-game", "ciao")
    saves = page.evaluate(f"Object.keys(localStorage).filter(k => k.startsWith('{PREFIX}'))")
    assert len(saves) == 1, saves  # one game opened, not two, not none
    lines: list[str] = page.evaluate("window.__lines")
    files = words["shell.loading_files"].split("{")[0]
    starting = words["shell.loading_text"]
    assert any(line.startswith(files) for line in lines), lines
    # (The page's static text comes first; from then on: files, then starting Python.)
    first_files = next(i for i, line in enumerate(lines) if line.startswith(files))
    assert any(line.startswith(starting) for line in lines[first_files:]), lines


def test_nothing_pressed_opens_nothing(page: Page, base_url: str) -> None:
    slow_open(page, base_url, "")
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=120_000)
    expect(page.locator("#menu")).to_be_visible()
    expect(page.locator("#game")).to_be_hidden()
    assert page.evaluate(f"Object.keys(localStorage).filter(k => k.startsWith('{PREFIX}'))") == []


#: py/main.py as served, made to fail on its first run (the Pyodide wrapper's), as the
#: app's start would if it raised: the failure is recorded there, not raised.
FAILING_MAIN = """from parlor.web.start import first_run, run
if first_run() is None:
    raise ValueError("a crafted failure of the start")
run()
"""


def test_a_start_that_fails_is_shown_as_the_pages_script_error(page: Page,
                                                                base_url: str) -> None:
    # py/main.py runs first from assets/pyodide-start.mjs, before PyScript's own Python;
    # a failure there must still reach PyScript's error display, as it did when PyScript
    # ran the app's start itself.
    page.route("**/py/main.py", lambda route: route.fulfill(
        status=200, body=FAILING_MAIN, headers={"Content-Type": "text/x-python"}))
    page.goto(f"{base_url}/index.html", wait_until="domcontentloaded")
    error = page.locator(".py-error").first
    error.wait_for(timeout=120_000)
    said = error.text_content() or ""
    assert "Parlor did not start" in said and "a crafted failure of the start" in said, said
    assert page.evaluate("globalThis.parlorStart.main").startswith("Traceback")
    assert page.evaluate("document.body.dataset.ready || ''") == ""
