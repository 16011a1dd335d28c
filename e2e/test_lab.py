"""The Bot Lab in headless Chromium: a newcomer types a three-line bot
into the editor and reads its score against random; an endless loop is stopped by the
page's watchdog with its message while the page answers clicks; a share link opened in
a fresh context shows the code and has run nothing. A game against your own bot, played
to its end and resumed after a reload: e2e/test_lab_sandbox.py's
``test_a_lab_bot_at_the_table_never_holds_the_humans_secret``. The page contract
(docs/developing.md, "The Bot Lab"): ``?lab=<game>``, ``data-phase="lab"``,
``textarea[data-lab-code]``, ``lab-run``/``lab-stop``/``lab-share``,
``[data-lab-progress]``, ``[data-lab-score]``, ``[data-lab-error]``."""

from __future__ import annotations

import json
import re
from pathlib import Path

from e2e.conftest import READY_TIMEOUT_MS, WORKER_BOOT_MS, open_app
from e2e.test_accessibility import serious_violations
from playwright.sync_api import Page, expect

from parlor.app.lab.referee.here import run_here


def type_bot(page: Page, lines: list[str]) -> None:
    """Type ``lines`` into the editor as a person would (the editor indents after ':')."""
    editor = page.locator(".lab-editor .cm-content")
    expect(editor).to_be_visible()
    editor.click()
    page.keyboard.press("Control+a")
    page.keyboard.press("Delete")
    for i, line in enumerate(lines):
        if i:
            page.keyboard.press("Enter")
            page.keyboard.press("Home")  # the editor's own indentation, then ours
            page.keyboard.press("Shift+End")
            page.keyboard.press("Delete")
        page.keyboard.type(line)


def set_code(page: Page, code: str) -> None:
    """Put ``code`` in the Lab as a pasted file would: the textarea's value, its input
    event (the code is kept), a new version (the editor reloads it)."""
    page.evaluate("""(code) => {
      const area = document.querySelector("textarea[data-lab-code]");
      area.value = code;
      area.dispatchEvent(new Event("input", { bubbles: true }));
      area.dataset.labVersion = String(Number(area.dataset.labVersion || 0) + 1000);
    }""", code)


#: The Lab's worker (its referee), stood in for by a script that starts no Python and
#: fails at the first thing it is asked.
NO_REFEREE = ("self.onmessage = () => {"
              " throw new Error('this test stood in for the Lab\\'s worker'); };")


def without_referee(page: Page) -> None:
    """This page's Lab opens without its referee's Python, for a test that plays no game
    in the browser's workers (it reads the Lab's screens, or has its games played in
    CPython: ``played_here``). The Lab starts its referee as it opens, so that Run waits
    less; here that start (a Pyodide of its own, about 3 CPU-seconds) served nothing.
    The page's request for assets/lab-worker.js gets ``NO_REFEREE``: a Run that reached
    it would fail on the page, as when the worker cannot start, not pass unseen. Page
    routes end with the test (the warm page's are reset)."""
    page.route("**/assets/lab-worker.js", lambda route: route.fulfill(
        body=NO_REFEREE, content_type="text/javascript"))


def open_lab(page: Page, base_url: str, game: str, lang: str = "en",
             referee: bool = True) -> None:
    """Open ``game``'s Lab in ``lang``; without its referee (``without_referee``) if
    ``referee`` is false."""
    if not referee:
        without_referee(page)
    open_app(page, base_url, f"lab={game}&lang={lang}")
    expect(page.locator("#game")).to_have_attribute("data-phase", "lab")
    expect(page.locator("#game")).to_have_attribute("data-game", game)


#: The Lab's worker, stood in for: the page's request is kept for the test to answer.
ASKED_HERE = """() => {
  window.parlorLab.run = (request, report) => { window.asked = { request, report }; };
  window.parlorLab.stop = () => {};
}"""


def played_here(page: Page) -> None:
    """The job the page just asked for, played by the Lab's referee in CPython
    (``here.py``: the same referee, wire and reports, its bots in-process), and its
    reports handed to the page as its worker hands them (``done`` and the list). For a test
    that looks at the screens the games make; the games played in the browser's
    sandboxes are this file's (a match, a tournament) and test_lab_tables.py's."""
    page.wait_for_function("window.asked != null")
    request = page.evaluate("window.asked.request")
    texts: list[str] = []
    run_here(request, texts.append, clock=lambda: 0.0)
    reports = [r for r in map(json.loads, texts) if r["kind"] != "done"]
    page.evaluate("(text) => { const a = window.asked; window.asked = null;"
                  " a.report('done', text); }", json.dumps(reports))


def test_a_newcomer_types_a_three_line_bot_and_reads_its_score(
        app, page: Page, base_url: str) -> None:
    """The score, the code kept over a reload, a game of the match in the review, and Run
    working again after a trip to the menu (the Lab's workers ended when it was left).
    And axe on the Lab after that match: the editor, the score, chart and games, what
    the bot printed and the reference open, left to right and right to left (the
    picker redraws the same screen in Persian in place). Once a test of its own, which
    played a match of its own for it (three more app starts: the page, the referee, a
    sandbox)."""
    open_lab(page, base_url, "kabaleo")
    type_bot(page, ["def choose(view, moves, rng):", "    print(len(moves))",
                    "    return moves[0]"])
    code = page.locator("textarea[data-lab-code]")
    expect(code).to_have_value("def choose(view, moves, rng):\n    print(len(moves))\n"
                               "    return moves[0]")
    page.select_option("[data-lab-field=level]", "random")
    page.select_option("[data-lab-field=games]", "10")
    page.click("[data-action=lab-run]")
    progress = page.locator("[data-lab-progress]")
    expect(progress).to_have_attribute("data-done", "10", timeout=WORKER_BOOT_MS)
    expect(progress).to_have_attribute("data-total", "10")
    score = page.locator("[data-lab-score]")
    expect(score).to_have_attribute("data-games", "10")
    assert 0 <= float(score.get_attribute("data-wins") or "-1") <= 10
    assert page.locator("[data-lab-error]").count() == 0
    expect(page.locator(".lab-editor .cm-editor")).to_be_visible()
    page.click("details.lab-games summary")
    page.locator("[data-action=lab-said]").first.click()
    page.click("details.lab-ref-box summary")
    expect(page.locator(".lab-said")).to_be_visible()
    assert serious_violations(page) == []
    page.select_option("#lang-picker", "fa")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    # The same screen, right to left: the match, what the bot printed, the reference.
    expect(page.locator(".lab-head h2")).to_contain_text("کابالئو")
    expect(page.locator("[data-lab-progress]")).to_have_attribute("data-done", "10")
    expect(page.locator(".lab-said")).to_be_visible()
    expect(page.locator("details.lab-ref-box")).to_have_attribute("open", "")
    assert serious_violations(page) == []
    page.select_option("#lang-picker", "en")
    expect(page.locator("html")).to_have_attribute("dir", "ltr")
    # One game of the match opens in the review, with what the bot printed.
    page.locator("details.lab-games").evaluate("d => d.open = true")
    page.locator("[data-action=lab-review]").first.click()
    expect(page.locator("#game")).to_have_attribute("data-phase", "replay")
    page.click("#game [data-action=lab]")
    expect(page.locator("#game")).to_have_attribute("data-phase", "lab")
    # Left for the menu, the Lab's workers end (the sandboxes' frame goes with them);
    # opened again, they start anew and a match runs.
    expect(page.locator("iframe[data-lab-sandbox]")).to_have_count(1)
    page.click("#game [data-action=menu]")
    expect(page.locator("iframe[data-lab-sandbox]")).to_have_count(0)
    page.click("[data-action=lab]")
    page.select_option("[data-lab-field=games]", "10")
    page.click("[data-action=lab-run]")
    expect(progress).to_have_attribute("data-done", "10", timeout=WORKER_BOOT_MS)
    expect(page.locator("iframe[data-lab-sandbox]")).to_have_count(1)
    # The code is kept: a reload finds it in the editor. (Last, so that the review and
    # the trip to the menu use the first match: two matches, not three, serve it all.)
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'")
    expect(page.locator("textarea[data-lab-code]")).to_have_value(
        "def choose(view, moves, rng):\n    print(len(moves))\n    return moves[0]")


def test_an_endless_loop_is_stopped_while_the_page_answers(
        app, page: Page, base_url: str) -> None:
    """The loop is stopped at its limit, and the page names the line it was on. (How
    long the page's main thread is busy meanwhile is tools/bench's to measure: this test
    once asserted no task over 100 ms, which a loaded machine overran.)"""
    open_lab(page, base_url, "ciao")
    set_code(page, "def choose(view, moves, rng):\n    while True:\n        pass\n")
    page.select_option("[data-lab-field=limit]", "250")
    expect(page.locator(".lab-editor .cm-content")).to_contain_text("while True")
    page.click("[data-action=lab-run]")
    # While the worker runs the bot, the page still answers.
    page.click("details.lab-ref-box summary")
    expect(page.locator("details.lab-ref-box")).to_have_attribute("open", "")
    error = page.locator('[data-lab-error="over_time"]')
    expect(error).to_be_visible(timeout=WORKER_BOOT_MS)
    expect(error).to_contain_text("250 ms")
    # The sandbox's own watch stopped the loop at its line (``pass`` or ``while``), which
    # the message names, the editor marks and the list of the student's lines shows.
    expect(error).to_have_attribute("data-line", re.compile(r"^[23]$"))
    expect(error).to_contain_text(re.compile(r"Line [23]: "))
    expect(error.locator("[data-lab-trace] li code").last).to_have_text(
        re.compile(r"^(pass|while True:)$"))
    page.click("[data-action=lab-stop]")
    expect(page.locator("[data-action=lab-run]")).to_be_enabled()


def test_a_share_link_shows_the_code_and_runs_nothing(app, page: Page, base_url: str) -> None:
    """Neither Lab plays a game: both open without their referee (``without_referee``),
    and the link's shows no match begun."""
    open_lab(page, base_url, "saboteur", referee=False)
    marker = "# shared by a classmate"
    set_code(page, f"{marker}\ndef choose(view, moves, rng):\n    return moves[-1]\n")
    page.click("[data-action=lab-share]")
    link = page.locator("input[data-share-link]").input_value()
    assert "#bot=saboteur." in link
    other = page.context.browser.new_context()  # a classmate's browser: nothing stored
    try:
        fresh = other.new_page()
        without_referee(fresh)
        fresh.goto(link)
        fresh.wait_for_function("document.body.dataset.ready === '1'",
                                timeout=READY_TIMEOUT_MS)
        expect(fresh.locator("#game")).to_have_attribute("data-phase", "lab")
        expect(fresh.locator("textarea[data-lab-code]")).to_have_value(
            f"{marker}\ndef choose(view, moves, rng):\n    return moves[-1]\n")
        assert fresh.locator("[data-lab-progress]").count() == 0
        expect(fresh.locator(".lab-note")).to_be_visible()
    finally:
        other.close()


def test_a_class_tournament_runs_in_the_worker(app, page: Page, base_url: str) -> None:
    """Two bots (the starter and a new one) meet in 10 games; the table ranks them."""
    open_lab(page, base_url, "kabaleo")
    set_code(page, "def choose(view, moves, rng):\n    return moves[0]\n")
    page.click("[data-action=lab-new]")
    expect(page.locator("select[data-change=lab-bot] option")).to_have_count(2)
    page.select_option("[data-lab-field=games]", "10")
    page.click("[data-action=lab-tournament]")
    table = page.locator("[data-lab-tournament]")
    expect(table).to_have_attribute("data-done", "10", timeout=WORKER_BOOT_MS)
    expect(table).to_have_attribute("data-total", "10")
    wins = [float(w or 0) for w in page.locator("[data-lab-entrant]").evaluate_all(
        "rows => rows.map(r => r.dataset.wins)")]
    assert len(wins) == 2 and sum(wins) == 10 and wins[0] >= wins[1]
    page.screenshot(path="e2e/artifacts/lab-tournament.png", full_page=True)
    with page.expect_download() as got:  # the table as a spreadsheet's file
        page.click("[data-action=lab-tour-csv]")
    assert got.value.suggested_filename == "kabaleo-tournament.csv"
    text = Path(got.value.path()).read_text(encoding="utf-8-sig")
    assert text.splitlines()[0].startswith("Place,Bot,Wins,Games,") and len(text.splitlines()) == 3
