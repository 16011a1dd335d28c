"""Every Lab game ends, in the browser: a Ciao! bot that always draws and keeps
(``moves[-1]``) never ends a round, and the Lab's referee, in its worker, ends its games
at the move limit, scored as the round stands (docs/rules/ciao.md, "A round cut
short"). The page says where and why: a match's list of games ("ended after 80 moves"),
the note under it and the status line, the review of such a game; a tournament's note,
its grid's cell (marked, its label saying how many) and the pair's list of games.

The limit is lowered through the job's request (``"moves"``, which may lower the Lab's
limit, never raise it: app/lab/referee/jobs.py), so that the games are short; at the
real limit (12,000 moves for two players) each would take the browser seconds.
tests/test_lab_limits.py plays the real one in CPython; tests/test_lab_ends.py checks
the same screens' words in every case.
"""

from __future__ import annotations

import re

from e2e.conftest import WORKER_BOOT_MS
from e2e.test_lab import open_lab, set_code
from playwright.sync_api import Page, expect

LIMIT = 80
LAST = "def choose(view, moves, rng):\n    return moves[-1]\n"
MIDDLE = "def choose(view, moves, rng):\n    return moves[len(moves) // 2]\n"
RULE = "the round in progress was scored as it stood (every card left in a hand counts)"

#: Every job the page asks of the Lab's worker asks for the lower limit. The request is
#: edited as text: parsed in JavaScript, its 64-bit seeds would lose their last digits.
LOWER_THE_LIMIT = """(moves) => {
  const lab = window.parlorLab, run = lab.run.bind(lab);
  lab.run = (request, report) => run(request.replace(/^\\{/, `{"moves": ${moves}, `), report);
}"""


def lab_with_a_low_limit(page: Page, base_url: str) -> None:
    open_lab(page, base_url, "ciao")
    page.wait_for_function("typeof window.parlorLab?.run === 'function'")
    page.evaluate(LOWER_THE_LIMIT, LIMIT)


def test_a_match_and_a_tournament_of_bots_that_never_end_their_round_end_and_say_why(
        app, page: Page, base_url: str) -> None:
    """A match, then (back from its review, in the same Lab: its referee and a sandbox
    warm) a tournament. Once two tests, each opening the Lab and starting its workers."""
    lab_with_a_low_limit(page, base_url)
    set_code(page, LAST)
    page.select_option("[data-lab-field=players]", "2")
    page.select_option("[data-lab-field=level]", "easy")
    page.select_option("[data-lab-field=games]", "10")
    page.click("[data-action=lab-run]")
    progress = page.locator("[data-lab-progress]")
    expect(progress).to_have_attribute("data-done", "10", timeout=WORKER_BOOT_MS)
    note = page.locator(".lab-cut-note[data-lab-cut]")
    expect(note).to_be_visible()
    cut = int(note.get_attribute("data-lab-cut") or 0)
    assert 1 <= cut <= 10
    expect(note).to_contain_text(f"passed {LIMIT} moves")
    expect(note).to_contain_text(RULE)
    expect(page.locator("#status")).to_contain_text(RULE)
    # The list of games says which ended at the limit; such a game's review says why.
    page.click("details.lab-games summary")
    ended = page.locator("tr[data-lab-game]", has_text=f"ended after {LIMIT} moves")
    expect(ended).to_have_count(cut)
    ended.first.locator("[data-action=lab-review]").click()
    expect(page.locator("#game")).to_have_attribute("data-phase", "replay")
    expect(page.locator("#game [data-cut]")).to_contain_text(
        f"This game was ended after {LIMIT} moves, before its end: {RULE}.")
    page.screenshot(path="e2e/artifacts/lab-ends-review.png", full_page=True)

    # A tournament of that bot and another that never ends its round either.
    page.click("#game [data-action=lab]")
    expect(page.locator("#game")).to_have_attribute("data-phase", "lab")
    expect(page.locator("textarea[data-lab-code]")).to_have_value(LAST)
    page.click("[data-action=lab-new]")
    set_code(page, MIDDLE)
    expect(page.locator("select[data-change=lab-bot] option")).to_have_count(2)
    page.select_option("[data-lab-field=games]", "10")
    page.click("[data-action=lab-tournament]")
    table = page.locator("[data-lab-tournament]")
    expect(table).to_have_attribute("data-done", "10", timeout=WORKER_BOOT_MS)
    note = page.locator(".lab-tour-cut[data-lab-cut]")
    expect(note).to_contain_text(f"passed {LIMIT} moves")
    expect(note).to_contain_text(RULE)
    cut = int(note.get_attribute("data-lab-cut") or 0)
    assert 1 <= cut <= 10
    # The grid: the pair's cell, both ways, counts the games cut and is marked.
    cells = page.locator("td[data-lab-pair][data-lab-cut]")
    expect(cells).to_have_count(2)
    for i in range(2):
        expect(cells.nth(i)).to_have_attribute("data-lab-cut", str(cut))
        expect(cells.nth(i)).to_have_text(re.compile("✂$"))
        expect(cells.nth(i)).to_have_attribute(
            "aria-label", re.compile(rf"{cut} of these games? (was|were) ended at the move limit"))
    page.screenshot(path="e2e/artifacts/lab-ends-tournament.png", full_page=True)
    cells.first.click()
    expect(page.locator("#lab-tour-games .lab-tour-game.cut")).to_have_count(cut)
