"""Storage that lasts, in headless Chromium: the menu says whether the browser keeps
Parlor's storage and asks to keep it only when the player presses the button; "Back up
everything" downloads every save and bot in one file, and restoring that file on a fresh
device (another browser context) brings the game back, saying what it did."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from conftest import BrowserLog, isolated_context, open_app

STATE = "#storage-state"


def test_the_menu_says_whether_storage_is_kept_and_asks_only_on_the_button(
        app, page: Page) -> None:
    page = app("lang=ru")
    box = page.locator("#storage-slot")
    expect(box).to_have_attribute("data-persisted", "0")  # never asked, not promised
    may_go = page.evaluate("parlorShell.word('ru', 'shell.storage.may_go')")
    expect(page.locator(STATE)).to_have_text(may_go)
    page.select_option("#lang-picker", "en")  # said again in the new language
    expect(page.locator(STATE)).to_contain_text("This browser may delete")
    page.click("#storage-keep")
    kept = page.evaluate("parlorShell.word('en', 'shell.storage.kept')")
    refused = page.evaluate("parlorShell.word('en', 'shell.storage.refused')")
    page.wait_for_function("(words) => words.includes(document.querySelector('#storage-state')"
                           ".textContent)", arg=[kept, refused])
    if page.locator(STATE).text_content() == kept:
        expect(box).to_have_attribute("data-persisted", "1")
        expect(page.locator("#storage-keep")).to_be_hidden()


def test_a_backup_restored_on_another_device_brings_the_game_back(
        app, page: Page, browser: Browser, base_url: str, browser_log: BrowserLog,
        tmp_path: Path) -> None:
    page = app()
    page.click("[data-action='play'][data-game='kabaleo']")
    expect(page.locator("#game")).to_have_attribute("data-phase", "play")
    page.locator("#game [data-action='menu']").first.click()
    expect(page.locator("#saves .save")).to_have_count(1)
    with page.expect_download() as got:
        page.click("[data-action='backup']")
    file = tmp_path / got.value.suggested_filename
    got.value.save_as(file)
    data = json.loads(file.read_text(encoding="utf-8"))
    assert data["format"] == "parlor-backup"
    assert any(key.startswith("parlor:save:") for key in data["entries"])

    ctx = isolated_context(browser, base_url, browser_log)
    try:
        other = ctx.new_page()
        open_app(other, base_url)
        expect(other.locator("#saves .save")).to_have_count(0)
        other.set_input_files("input[data-backup]", str(file))
        other.click("[data-action='restore']")
        expect(other.locator("#menu-message")).to_contain_text("Backup restored: 1 saved game")
        expect(other.locator("#saves .save")).to_have_count(1)
        other.set_input_files("input[data-backup]", str(file))
        other.click("[data-action='restore']")  # twice: nothing doubled
        expect(other.locator("#menu-message")).to_contain_text("on this device already")
        expect(other.locator("#saves .save")).to_have_count(1)
    finally:
        ctx.close()
