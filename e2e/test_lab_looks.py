"""The Bot Lab as a class sees it, in every language, at a phone's and a laptop's width:
the first view, a lesson, a finished match with the reference open, and a class
tournament (in Projector mode too). Each screen is saved in ``e2e/artifacts/`` as
``lab-<screen>-<lang>-<width>.png`` for a person to look at, and each is checked for
what a person would notice first: nothing wider than the screen (no sideways scroll),
the page's direction (Persian right to left), and no catalog key shown instead of
words."""

from __future__ import annotations

import re

from e2e.conftest import ARTIFACTS
from e2e.test_lab import ASKED_HERE, open_lab, played_here, set_code
from playwright.sync_api import Page, expect

from parlor.i18n.catalog import load as catalog

WIDTHS = ((390, 844), (1280, 800))
#: Resolves once the page has drawn a frame after this one (a layout at a new size).
NEXT_FRAME = "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
#: A catalog key that reached the page instead of its words ("lab.tour.need_two").
KEY = re.compile(r"\b(?:lab|menu|error|tabs)\.[a-z_]+\.[a-z_.]+\b")


def look(page: Page, screen: str, lang: str) -> None:
    """Save ``screen`` at each width and check it there."""
    ARTIFACTS.mkdir(exist_ok=True)
    for width, height in WIDTHS:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(NEXT_FRAME)  # a layout pass at the new width
        page.screenshot(path=str(ARTIFACTS / f"lab-{screen}-{lang}-{width}.png"),
                        full_page=True)
        sideways = page.evaluate("document.documentElement.scrollWidth - innerWidth")
        assert sideways <= 1, f"{screen} in {lang} at {width}px scrolls sideways by {sideways}px"
        text = page.locator("#game").inner_text()
        assert not KEY.search(text), f"{screen} in {lang} shows a catalog key: {KEY.search(text)}"
    page.set_viewport_size({"width": 1280, "height": 800})


LANGS = ("en", "fa", "ru", "ja")

def look_in_every_language(page: Page, screen: str) -> None:
    """``screen`` as it is now, read in each language in turn: the picker redraws the
    Lab in place (what it holds stays), and each is looked at at both widths."""
    for lang in LANGS:
        page.select_option("#lang-picker", lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        # The shell switches at once; the Lab is looked at once Python has redrawn it.
        expect(page.locator(".lab-head h2")).to_contain_text(catalog(lang)["game.kabaleo.name"])
        expect(page.locator("html")).to_have_attribute("dir", "rtl" if lang == "fa" else "ltr")
        expect(page.locator("#game")).to_have_attribute("data-phase", "lab")
        look(page, screen, lang)


def test_the_labs_screens_in_every_language_at_a_phones_and_a_laptops_width(
        app, page: Page, base_url: str) -> None:
    """Each screen is reached once and read in the four languages (once a test a
    language, each playing the same match and tournament)."""
    open_lab(page, base_url, "kabaleo", "en", referee=False)  # played here, in CPython
    page.evaluate(ASKED_HERE)  # the language picker redraws the Lab, not the page
    expect(page.locator(".lab-editor .cm-editor")).to_be_visible()
    look_in_every_language(page, "first")

    page.locator("[data-action=lab-lesson]").first.click()
    expect(page.locator(".lab-editor .cm-content")).to_contain_text("def choose")
    look_in_every_language(page, "lesson")

    set_code(page, "def choose(view, moves, rng):\n    print(moves[0])\n    return moves[0]\n")
    page.select_option("[data-lab-field=level]", "random")
    page.select_option("[data-lab-field=games]", "10")
    page.click("[data-action=lab-run]")
    played_here(page)
    expect(page.locator("[data-lab-progress]")).to_have_attribute("data-done", "10")
    page.click("details.lab-ref-box summary")
    look_in_every_language(page, "match")
    expect(page.locator("details.lab-ref-box")).to_have_attribute("open", "")
    expect(page.locator("[data-lab-score]")).to_be_visible()

    page.click("[data-action=lab-new]")  # the lesson's bot, the first one and this one
    page.click("[data-action=lab-tournament]")
    expect(page.locator("[data-lab-tournament]")).to_have_attribute(
        "data-total", "30")
    played_here(page)
    expect(page.locator("[data-lab-tournament]")).to_have_attribute("data-done", "30")
    look_in_every_language(page, "tournament")
    page.locator("[data-action='projector']").click()
    expect(page.locator("html")).to_have_attribute("data-layout", "projector")
    look_in_every_language(page, "tournament-projector")
    expect(page.locator("[data-lab-tournament]")).to_have_attribute("data-done", "30")


#: Japanese kana and kanji: Parlor's Japanese font carries them (assets/parlor.css's
#: unicode-range). Persian is not checked here: DejaVu Sans Mono, this machine's
#: monospace font, has it, so the check could not fail.
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _editor_fonts(page: Page, script: re.Pattern[str]) -> list[list[str]]:
    """For each line of the editor written in ``script``, the fonts Chromium drew it
    with (DevTools' "Rendered Fonts"): the only way to see a glyph's real font."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    lines = cdp.send("DOM.querySelectorAll", {"nodeId": root,
                                              "selector": ".lab-editor .cm-line"})["nodeIds"]
    drawn = []
    for node in lines:
        text = cdp.send("DOM.getOuterHTML", {"nodeId": node})["outerHTML"]
        if script.search(text):
            fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
            drawn.append([f["familyName"] for f in fonts])
    cdp.detach()
    return drawn


def test_the_starters_comments_are_drawn_in_a_font_that_has_them(
        page: Page, base_url: str) -> None:
    """A lesson's starter speaks the page's language in its comments. The editor's
    monospace font has no Japanese on most machines (this one included): its font stack
    must end with the page's own fonts, or the comments are empty boxes (seen at 1280 px
    before the stack did)."""
    open_lab(page, base_url, "ciao", "ja", referee=False)  # no game is played
    page.locator("[data-action=lab-lesson]").first.click()
    expect(page.locator(".lab-editor .cm-content")).to_contain_text("def choose")
    drawn = _editor_fonts(page, JAPANESE)
    assert drawn, "no line of the Japanese starter is in Japanese"
    for fonts in drawn:
        assert any("Noto Sans JP" in name for name in fonts), drawn
