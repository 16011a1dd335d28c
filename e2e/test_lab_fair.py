"""A fair contest, in Chromium: the cheater (tests/fixtures/lab/cheater.py) sits in a
Run, a tournament and a game at the table, Ciao! each time, and never names a hidden
card. It walks its generator back, tries the code's public seeds and the clock, deals
each candidate and compares the deal with its first view; a seed that also deals 20
later views of its, 60 moves on (a chance deal gives a first view now and then, and a
few more after it: docs/lab-threat-model.md, "A chance deal"), makes it raise an error
that names another seat's hand ("CHEATED"), which the page would show. What it
printed shows it searched (docs/lab-threat-model.md, "What a bot learns"; the same Run
in Firefox and WebKit: e2e/test_engines.py)."""

from __future__ import annotations

from pathlib import Path

from e2e.ciao_helpers import play_something
from e2e.test_lab import WORKER_BOOT_MS, open_lab, set_code
from playwright.sync_api import Page, expect

CHEATER = (Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "lab"
           / "cheater.py").read_text()


def no_cheat(page: Page) -> None:
    """No error (a bot that named a card stops its game with one) and no alert that
    says CHEATED (the editor holds the word: it is the cheater's own code)."""
    expect(page.locator("[data-lab-error]")).to_have_count(0)
    alerts = page.locator("[role=alert], [role=status]").all_inner_texts()
    assert not [a for a in alerts if "CHEATED" in a]


def test_a_cheater_learns_nothing_in_a_run_a_tournament_or_at_the_table(
        app, page: Page, base_url: str) -> None:
    """One Lab serves the three (once three tests, each booting the page and the Lab's
    workers anew): the cheater's Run, then it and a second cheater in a tournament, then
    a game at the table against the second."""
    open_lab(page, base_url, "ciao")
    set_code(page, CHEATER)
    # A Run.
    page.select_option("[data-lab-field=level]", "random")
    page.select_option("[data-lab-field=games]", "10")
    page.click("[data-action=lab-run]")
    expect(page.locator("[data-lab-progress]")).to_have_attribute(
        "data-done", "10", timeout=WORKER_BOOT_MS)
    no_cheat(page)
    page.locator("details.lab-games").evaluate("d => d.open = true")
    page.locator("[data-lab-game='0'] [data-action=lab-said]").click()
    expect(page.locator(".lab-said")).to_contain_text("none of them this one")

    # A tournament: two cheaters.
    page.click("[data-action=lab-new]")
    set_code(page, CHEATER)
    page.select_option("[data-lab-field=games]", "10")
    page.click("[data-action=lab-tournament]")
    table = page.locator("[data-lab-tournament]")
    expect(table).to_have_attribute("data-done", "10", timeout=WORKER_BOOT_MS)
    expect(page.locator("[data-lab-entrant-error]")).to_have_count(0)
    assert "CHEATED" not in table.inner_text()

    # At the table. Play against this bot: a bot that gave no move would stop the game
    # with a notice (its error, CHEATED among them); the game goes on.
    page.select_option("[data-lab-field=level]", "random")
    page.click("[data-action=lab-play]")
    expect(page.locator("#game")).to_have_attribute("data-phase", "play")
    mine = page.locator("#game .fan [data-move], #game .fan [data-pick], "
                        "#game .moves [data-move]")
    for _ in range(4):  # the person's turns, the bot's between them
        expect(mine.or_(page.locator("[data-notice=lab]")).first).to_be_visible(
            timeout=WORKER_BOOT_MS)
        assert page.locator("[data-notice=lab]").count() == 0
        if page.locator("#game").get_attribute("data-phase") != "play":
            break
        play_something(page)
    assert page.locator("[data-notice=lab]").count() == 0
