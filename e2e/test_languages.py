"""Choosing the language: the page speaks the language of `lang=`, of the
picker (remembered) or of the browser, lays Persian out right to left, says a wrong
`lang=` clearly, and never shows English before the chosen language."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from conftest import ARTIFACTS, BrowserLog, fail_on_blocked, isolated_context, open_app
from kabaleo_helpers import play_one_move as kabaleo_move
from kabaleo_helpers import wait_for_my_turn_or_end as kabaleo_turn

SHOTS = Path(ARTIFACTS)
#: A game's name in right-to-left text comes isolated (first-strong isolate ... pop), so
#: "Ciao!" never reads "!Ciao"; the Persian texts carry the isolates.
FSI, PDI = "\u2068", "\u2069"


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / name), full_page=True)


def test_an_unknown_language_is_explained_the_picker_switches_and_is_remembered(
        app) -> None:
    """A `lang=` Parlor does not speak leaves the page in English and says so; the
    picker then switches everything, and a reload keeps it (a known `lang=` would win
    over the kept choice; an unknown one does not). One start, not two: the explained
    link's page is as good a page to pick from as a plain one."""
    page = app("?lang=de")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#menu-message")).to_contain_text("lang='de' is not a language")
    expect(page.locator("#menu-message")).to_contain_text("fa (فارسی)")
    page.select_option("#lang-picker", "ru")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.locator("html")).to_have_attribute("dir", "ltr")
    expect(page.locator("[data-game-card='saboteur'] h2")).to_have_text("Саботёр: Дуэль")
    expect(page.locator("#setup-kabaleo form.setup h3")).to_have_text("Новая партия: Кабалео")
    shot(page, "menu-ru.png")
    page.reload(wait_until="domcontentloaded")
    page.wait_for_function("document.body.dataset.ready === '1'")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.locator("#setup-ciao form.setup h3")).to_have_text("Новая партия: Ciao!")
    page.select_option("#lang-picker", "ja")
    expect(page.locator("#setup-kabaleo form.setup h3")).to_have_text("カバレオの新しいゲーム")
    shot(page, "menu-ja.png")


def test_a_game_screen_speaks_the_chosen_language(app) -> None:
    page = app("?lang=ru&game=kabaleo&players=2&seats=human,bot:random&seed=3&botdelay=0")
    expect(page.locator("#game")).to_have_attribute("data-phase", "play")
    expect(page.locator("#game nav.toolbar [data-action='menu']")).to_have_text("← Меню")
    expect(page.locator("#game nav.toolbar .title")).to_have_text("Кабалео: 2 игрока")
    page.select_option("#lang-picker", "fa")
    expect(page.locator("#game nav.toolbar .title")).to_have_text(f"{FSI}کابالئو{PDI}: ۲ بازیکن")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")


def test_the_browser_language_is_the_default_and_never_flashes_english(
        browser: Browser, base_url: str, browser_log: BrowserLog) -> None:
    ctx = isolated_context(browser, base_url, browser_log, locale="ja-JP")
    try:
        page = ctx.new_page()
        page.goto(f"{base_url}/index.html", wait_until="commit")
        # The body is hidden until the shell speaks Japanese, then shown.
        page.wait_for_function("document.documentElement.lang === 'ja'")
        howto = page.locator("[data-game-card='kabaleo'] details.howto summary")
        expect(howto).to_have_text("遊び方")
        assert page.evaluate("document.documentElement.classList.contains('i18n-pending')") \
            is False
        open_app(page, base_url)
        expect(page.locator("#setup-kabaleo form.setup h3")).to_have_text("カバレオの新しいゲーム")
    finally:
        ctx.close()
    fail_on_blocked(browser_log)


def english_words(page: Page) -> list[str]:
    """Latin words a reader meets in the game area and status line, names (isolated,
    FSI…PDI) aside: none may be left in a Persian or Russian game, card ids included."""
    text = page.evaluate("""() => {
        const parts = [document.getElementById('status').innerText,
                       document.getElementById('game').innerText];
        for (const el of document.querySelectorAll('#game [aria-label]')) {
            parts.push(el.getAttribute('aria-label'));
        }
        return parts.join('\\n');
    }""")
    text = re.sub("\u2068[^\u2068\u2069]*\u2069", " ", text)
    words = set(re.findall(r"[A-Za-z]{2,}", text)) - ALLOWED_LATIN
    # A row of one letter (GGGGGG: a seat's dwarf counters, each marked with its
    # colour's letter) is a picture, not a word.
    return sorted(w for w in words if len(set(w)) > 1)


#: Latin that is meant to stay Latin: the app's name and the one game name kept as is.
ALLOWED_LATIN = {"Parlor", "Ciao"}


def test_a_whole_kabaleo_game_in_persian_right_to_left(app) -> None:
    """A Persian link lays the game out right to left with no English left in it, and
    the menu the player goes back to is Persian and right to left too (the menu's checks
    here, after in-app navigation, instead of a start of their own)."""
    page = app("?lang=fa&game=kabaleo&players=2&seats=human,bot:random&seed=11&botdelay=0")
    mine = 0
    while kabaleo_turn(page) != "over":
        assert page.locator("html").get_attribute("dir") == "rtl"
        if mine == 3:
            assert english_words(page) == []
            shot(page, "game-kabaleo-fa-play.png")
        kabaleo_move(page)
        mine += 1
    assert mine == 12
    expect(page.locator("#game .end")).to_be_visible()
    assert english_words(page) == []
    shot(page, "game-kabaleo-fa-end.png")
    page.click("#game [data-action='menu']")
    html = page.locator("html")
    expect(html).to_have_attribute("lang", "fa")
    expect(html).to_have_attribute("dir", "rtl")
    expect(page.locator("[data-game-card='kabaleo'] h2")).to_have_text("کابالئو")
    expect(page.locator("#setup-kabaleo form.setup h3")).to_have_text(
        f"بازی تازهٔ {FSI}کابالئو{PDI}")
    expect(page.locator("#setup-kabaleo select[name='players'] option").first).to_have_text("۲")
    expect(page.locator("#lang-picker")).to_have_value("fa")
    shot(page, "menu-fa.png")


# A whole solo Saboteur game in Russian: e2e/test_saboteur.py, test_solo_game_to_the_score_band.
