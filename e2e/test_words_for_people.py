"""Words for people on the live page: a Saboteur duel against a bot, in English and
Persian, read as a player and a screen reader meet it. No card id, code or coordinate
in any text (the patterns of ``app/screens/readable.py``); each move, the bot's included, is
said once in the polite live region; a log line about a cell lights that cell on the
board when hovered; axe finds nothing serious. Screenshots of the end screens and logs
of Saboteur and Ciao! in en and fa go to e2e/artifacts/ for a person to look at."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from ciao_helpers import find_position
from parlor.app.screens.readable import notation_in
from parlor.i18n.catalog import load as catalog
from positions import bot_prefix, store
from saboteur_helpers import play_one_move, wait_for_my_turn_or_end
from test_accessibility import serious_violations
from test_languages import shot

READ = """() => {
    const parts = [document.getElementById('status').innerText,
                   document.getElementById('said').textContent,
                   document.getElementById('game').innerText];
    for (const el of document.querySelectorAll('#game [aria-label], #game [title]')) {
        parts.push(el.getAttribute('aria-label') || '', el.getAttribute('title') || '');
    }
    for (const el of document.querySelectorAll('#game svg title')) parts.push(el.textContent);
    return parts.join('\\n');
}"""


def notation_on(page: Page, lang: str) -> list[tuple[str, str]]:
    return notation_in(page.evaluate(READ), lang)


def said(page: Page) -> list[str]:
    """What the live region holds now, a line per sentence."""
    return list(page.evaluate(
        "() => [...document.querySelectorAll('#said p')].map(p => p.textContent)"))


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_saboteur_duel_reads_as_words_and_is_heard(app, lang: str) -> None:
    page = app(f"?lang={lang}&game=saboteur&players=2&seats=human,bot:random&seed=12"
               "&botdelay=0&opt.rounds=1")
    heard: list[str] = []
    moves = 0
    # Six turns of ours (and the bot's between them): what each move says is the same
    # kind of sentence all game long; the end screens are the next test's.
    while wait_for_my_turn_or_end(page) != "over" and moves < 6:
        assert notation_on(page, lang) == []
        before = page.get_attribute("#game", "data-moves")
        play_one_move(page)
        page.wait_for_function(
            "m => document.getElementById('game').dataset.moves !== m", arg=before)
        wait_for_my_turn_or_end(page)
        heard += said(page)
        moves += 1
        if moves == 3:
            assert serious_violations(page) == []
            # Hovering a log line about a cell lights that cell on the board.
            line = page.locator("#game [data-log-cell]").first
            cell = line.get_attribute("data-log-cell")
            line.hover()
            lit = page.locator(f"#game svg.maze [data-cell='{cell}']").first
            glow = lit.evaluate("el => getComputedStyle(el).filter")
            assert "drop-shadow" in glow, glow
            page.mouse.move(0, 0)
            assert lit.evaluate("el => getComputedStyle(el).filter") == "none"
    assert moves >= 5
    # The bot's moves were said too (the bot plays a seat named "Bot 2" / «ربات ۲»).
    bot = "Bot 2" if lang == "en" else "ربات"
    assert any(bot in line for line in heard), heard
    assert notation_on(page, lang) == []
    shot(page, f"words-saboteur-{lang}.png")


def test_end_screens_of_bot_matches_read_as_words(app, page: Page, base_url: str) -> None:
    """Bot matches to their end screens (Saboteur's round table and What happened,
    Ciao!'s cards left in each hand), searched for notation and photographed. Each match
    is played once and its end screen read in English, then in Persian through the
    picker (once a test a language, each playing the same two matches). The matches'
    course is the engine's, in CPython (e2e/positions.py: Saboteur's by the same bots,
    Ciao!'s by random legal play, e2e/ciao_helpers.py), saved: the page's bots play the
    last moves to the end screen."""
    saboteur = bot_prefix("saboteur", ("bot:easy", "bot:easy"), 4, {"rounds": 1},
                          lambda _, ply: ply == 48)
    ciao = find_position(("bot:easy", "bot:easy", "bot:easy"), {"rounds": 1},
                         lambda s: s.phase == "play" and min(len(h) for h in s.hands) <= 1)
    for game, match in (("saboteur", saboteur), ("ciao", ciao)):
        page = app(store(page, base_url, match, f"bots-{game}") + "&lang=en&botdelay=0")
        expect(page.locator("#game")).to_have_attribute("data-phase", "over",
                                                        timeout=120_000)
        for lang in ("en", "fa"):
            page.select_option("#lang-picker", lang)
            expect(page.locator("html")).to_have_attribute("lang", lang)
            expect(page.locator("#game nav.toolbar [data-action='menu']")).to_have_text(
                catalog(lang)["toolbar.menu"])  # Python has redrawn the end screen
            expect(page.locator("#game")).to_have_attribute("data-phase", "over")
            assert notation_on(page, lang) == []
            if game == "ciao":
                assert page.locator("#game .end .left-card[role='img']").count() > 0
            shot(page, f"words-{game}-end-{lang}.png")
