"""Kabaleo end to end in headless Chromium, by clicking data-pick / data-move."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from conftest import saved_state
from kabaleo_helpers import log_length, play_one_move, wait_for_my_turn_or_end
from parlor.games import GAMES
from parlor.games.kabaleo.colours import name

KABALEO = GAMES["kabaleo"]



def test_whole_game_against_a_bot_to_the_end_screen(app) -> None:
    """A whole human-vs-bot game played by clicking, ending on the walk-through; its
    first move is played by keyboard (the page contract: data-pick/data-move act on
    Enter and Space, and nothing illegal is clickable), in this game rather than a game
    started for it. (A searching bot thinking in the page, in slices, is
    e2e/test_ciao.py's whole round; Kabaleo's search inside Pyodide is
    tests/test_ismcts.py's, run there too.)"""
    page = app("?game=kabaleo&players=2&seats=human,bot:easy&seed=11&botdelay=0")
    wait_for_my_turn_or_end(page)
    play_first_move_by_keyboard(page)
    mine = 1
    while wait_for_my_turn_or_end(page) != "over":
        play_one_move(page)
        mine += 1
        assert mine <= 12, "a 2-player game gives each player 12 pieces"
    assert mine == 12
    assert log_length(page) == 24
    end = page.locator("#game .end")
    expect(end).to_be_visible()
    expect(end.locator("tr.tally")).to_have_count(2)
    expect(end.locator(".steps li").first).to_contain_text("Piles showing their colour")
    expect(page.locator("#status")).to_contain_text("Game over")
    expect(page.locator("#game [data-action='again']")).to_be_visible()


def play_first_move_by_keyboard(page: Page) -> None:
    """Enter on a colour offers exactly its legal moves, each a focusable button with a
    name; Space on one plays it."""
    pick = page.locator("#game [data-pick]").first
    colour = pick.get_attribute("data-pick")
    pick.focus()
    page.keyboard.press("Enter")
    moves = page.locator("#game [data-move]")
    expect(moves.first).to_be_visible()
    state = saved_state(page)
    legal = {m for m in KABALEO.legal_moves(state) if m.startswith(colour or "")}
    offered = set(moves.evaluate_all("els => els.map(e => e.dataset.move)"))
    assert offered == legal
    for el in moves.all()[:3]:
        assert el.get_attribute("tabindex") == "0" and el.get_attribute("role") == "button"
        assert el.get_attribute("aria-label")
    moves.first.focus()
    page.keyboard.press(" ")
    expect(page.locator("#game .log li")).not_to_have_count(0)


def test_save_reload_resume(app, page: Page) -> None:
    """Saves: autosave after every move; a reload resumes the same game."""
    page = app("?game=kabaleo&players=3&seats=human,bot:easy,bot:random&seed=21&botdelay=0")
    for _ in range(2):
        wait_for_my_turn_or_end(page)
        play_one_move(page)
    wait_for_my_turn_or_end(page)
    before = page.locator("#game .log").inner_text()
    url = page.url
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'")
    assert page.url == url
    wait_for_my_turn_or_end(page)
    assert page.locator("#game .log").inner_text() == before
    page.click("#game [data-action='menu']")
    expect(page.locator("#continue")).to_be_visible()
    expect(page.locator("#saves .save")).to_have_count(1)
    expect(page.locator("#saves .save .what")).to_contain_text("Kabaleo, 3 players")
    page.click("#continue")
    wait_for_my_turn_or_end(page)
    assert page.locator("#game .log").inner_text() == before


def test_corrupt_save_is_listed_kept_and_downloadable(app, page: Page, base_url: str) -> None:
    """A corrupt save gives a clear message, offers its raw text, is never lost. The saves
    are written from a small file of the origin (as e2e/positions.py's `store` does) and
    the app starts once, from a link to one of them: the menu it explains that on lists
    both, so no start only to write them and no reload to list them."""
    page.goto(f"{base_url}/assets/icon.svg")
    page.evaluate("localStorage.setItem('parlor:save:broken-0', '{not json')")
    page.evaluate("""localStorage.setItem('parlor:save:edited-0', JSON.stringify({format: 1,
        id: 'edited-0', created: 1, updated: 2, match: {format: 1, game: 'kabaleo',
        rules_version: 1, options: {}, seats: ['human', 'bot:easy'], names: [], seed: 3,
        moves: ['Z9']}}))""")
    # Opening a link to the broken save explains and keeps it.
    page = app("?save=edited-0")
    expect(page.locator("#menu-message")).to_contain_text("cannot be loaded")
    assert page.evaluate("localStorage.getItem('parlor:save:edited-0')") is not None
    broken = page.locator("#saves .save.broken")
    expect(broken).to_have_count(2)
    expect(page.locator("#saves")).to_contain_text("not valid JSON")
    expect(page.locator("#saves")).to_contain_text("move 1 ('Z9') is not legal")
    with page.expect_download() as info:
        page.click("#saves [data-save='broken-0'] [data-action='download']")
    path = info.value.path()
    assert open(path, encoding="utf-8").read() == "{not json"


def test_handoff_hides_the_next_seats_target(app) -> None:
    """Seats: between two humans a hand-off screen; a target never reaches the
    DOM of a seat that may not see it."""
    seed = 8
    targets = KABALEO.new(2, seed, {}).targets
    page = app(f"?game=kabaleo&players=2&seats=human,human&seed={seed}")
    game = page.locator("#game")
    expect(game).to_have_attribute("data-phase", "handoff")
    assert page.locator("[data-secret]").count() == 0
    assert "secret" not in game.inner_html().lower()
    first = int(game.get_attribute("data-to-act") or "0")
    page.click("#game [data-action='handoff-ok']")
    secret = page.locator("[data-secret='target']")
    expect(secret).to_have_count(1)
    expect(secret).to_contain_text(name(targets[first][0]))
    assert re.search(name(targets[1 - first][0]), secret.inner_text()) is None
    play_one_move(page)
    expect(game).to_have_attribute("data-phase", "handoff")
    assert page.locator("[data-secret]").count() == 0
    page.click("#game [data-action='handoff-ok']")
    expect(page.locator("[data-secret='target']")).to_contain_text(name(targets[1 - first][0]))
