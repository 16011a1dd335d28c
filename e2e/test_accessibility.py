"""axe-core (npm, loaded into the page by the test only; never shipped) on the menu and a
game screen in every language (issue 12): no serious or critical violation. Screenshots
of each language's game screen go to e2e/artifacts/."""

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
    page = open_app(context.new_page(), base_url,
                    f"?lang={lang}&game=kabaleo&players=3&seats=human,bot:random,bot:random"
                    "&seed=5&botdelay=0")
    expect(page.locator("#game")).to_have_attribute("data-phase", "play")
    page.screenshot(path=str(Path(ARTIFACTS) / f"game-kabaleo-{lang}.png"), full_page=True)
    assert serious_violations(page) == []
