"""axe-core (npm, loaded into the page by the test only; never shipped) on the menu and
the play screen of each game in every language: no serious or critical
violation. Each screen is opened once and read in each language through the picker.
Screenshots of each screen go to e2e/artifacts/."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from conftest import ARTIFACTS, ROOT
from parlor.i18n.catalog import load as catalog

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
LANGS = ("en", "fa", "ru", "ja")


def serious_violations(page: Page) -> list[str]:
    if not AXE.is_file():
        pytest.fail("node_modules/axe-core is missing: run `make setup` (npm ci)")
    page.add_script_tag(path=str(AXE))
    # Judge the screen as it rests: a card still flying in (opacity, transform) would be
    # measured mid-way, and its contrast with it.
    page.evaluate("""() => document.getAnimations().forEach(a => {
        try { a.finish(); } catch (e) { /* an endless one (a countdown) keeps running */ }
    })""")
    result = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
            .map(v => `${v.id} (${v.impact}): ${v.help} -- ` +
                      v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '));
    }""")
    return list(result)


#: Each screen axe reads: the menu, and each game's play screen (a bot or two to move).
SCREENS = {
    "menu": "",
    "kabaleo": "&game=kabaleo&players=3&seats=human,bot:random,bot:random&seed=5&botdelay=0",
    "ciao": "&game=ciao&players=3&seats=human,bot:random,bot:random&seed=5&botdelay=0",
    "saboteur": "&game=saboteur&players=2&seats=human,bot:random&seed=5&botdelay=0",
}


@pytest.mark.parametrize("screen", list(SCREENS))
def test_menu_and_game_screen_have_no_serious_accessibility_violation(
        app, screen: str) -> None:
    """Every screen in every language: the screen is opened once, then read in each
    language in turn through the picker (Python redraws it in place). Once a test a
    language, each opening the menu and the three games."""
    page = app(f"?lang=en{SCREENS[screen]}")
    Path(ARTIFACTS).mkdir(exist_ok=True)
    if screen != "menu":
        expect(page.locator("#game")).to_have_attribute("data-phase", "play")
    for lang in LANGS:
        page.select_option("#lang-picker", lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        words = catalog(lang)
        if screen == "menu":
            expect(page.locator("#setup-kabaleo form.setup h3")).to_contain_text(
                words["game.kabaleo.name"])
            name = f"menu-{lang}.png"
        else:
            expect(page.locator("#game nav.toolbar [data-action='menu']")).to_have_text(
                words["toolbar.menu"])
            expect(page.locator("#game")).to_have_attribute("data-phase", "play")
            name = f"game-{screen}-{lang}.png"
        page.screenshot(path=str(Path(ARTIFACTS) / name), full_page=True)
        assert serious_violations(page) == [], (screen, lang)
