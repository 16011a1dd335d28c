"""axe-core (npm, loaded into the page by the test only; never shipped) on the menu and
the play screen of each game in every language (issues 12, 24): no serious or critical
violation. Screenshots of each screen go to e2e/artifacts/."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from conftest import ARTIFACTS, ROOT, open_app

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


@pytest.mark.parametrize("lang", LANGS)
def test_menu_and_game_screen_have_no_serious_accessibility_violation(
        app, lang: str, base_url: str) -> None:
    page = app(f"?lang={lang}")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    Path(ARTIFACTS).mkdir(exist_ok=True)
    page.screenshot(path=str(Path(ARTIFACTS) / f"menu-{lang}.png"), full_page=True)
    assert serious_violations(page) == []
    # A fresh tab for the game (the menu's closed first): one Python in memory at a time.
    context = page.context
    page.close()
    # Each game's play screen, a tab at a time (every game, every language).
    for game, seats in (("kabaleo", "human,bot:random,bot:random"),
                        ("ciao", "human,bot:random,bot:random"),
                        ("saboteur", "human,bot:random")):
        page = open_app(context.new_page(), base_url,
                        f"?lang={lang}&game={game}&players={seats.count(',') + 1}"
                        f"&seats={seats}&seed=5&botdelay=0")
        expect(page.locator("#game")).to_have_attribute("data-phase", "play")
        page.screenshot(path=str(Path(ARTIFACTS) / f"game-{game}-{lang}.png"), full_page=True)
        assert serious_violations(page) == [], game
        page.close()
