"""One game, one writer in real Chromium: two tabs of one browser on one
game (the stale tab is told by the storage event and loses no move), and a local
storage filled to the brim (the game plays on unsaved, says so, offers Export, and the
save written before stays whole)."""

from __future__ import annotations

import json
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import BrowserContext, Page

from conftest import open_app
from kabaleo_helpers import play_one_move, wait_for_my_turn_or_end
from parlor.app import room, saves

GAME = "?game=kabaleo&players=2&seats=human,bot:easy&seed=5&botdelay=0"

#: Fills local storage until it refuses even one more character; returns the
#: characters it then holds, keys included.
FILL = """() => {
  let used = 0;
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    used += k.length + localStorage.getItem(k).length;
  }
  let chunk = 1 << 20, n = 0;
  while (chunk >= 1) {
    const key = 'filler-' + n;
    try { localStorage.setItem(key, 'x'.repeat(chunk)); n++; used += key.length + chunk; }
    catch (e) { chunk = Math.floor(chunk / 2); }
  }
  return used;
}"""


def save_key(page: Page) -> str:
    return saves.PREFIX + parse_qs(urlsplit(page.url).query)["save"][0]


def stored_moves(page: Page) -> list[str]:
    raw = page.evaluate("k => localStorage.getItem(k)", save_key(page))
    return list(json.loads(raw)["match"]["moves"])


def moves_shown(page: Page) -> int:
    return int(page.get_attribute("#game", "data-moves") or "0")


def my_move(page: Page) -> None:
    """Play one move and wait for the bot's answer (the save then holds both)."""
    before = moves_shown(page)
    play_one_move(page)
    page.wait_for_function(f"Number(document.getElementById('game').dataset.moves) >= {before + 2}"
                           " || document.getElementById('game').dataset.phase === 'over'")
    wait_for_my_turn_or_end(page)


def test_a_second_tab_on_one_game_loses_no_move(context: BrowserContext, base_url: str) -> None:
    """The issue's scenario: play in a second tab, go back to the first, which still
    shows the older position: it is told at once and goes on from the newer one."""
    first = open_app(context.new_page(), base_url, GAME)
    wait_for_my_turn_or_end(first)
    my_move(first)
    second = open_app(context.new_page(), base_url, first.url.split("/index.html")[1])
    wait_for_my_turn_or_end(second)
    assert moves_shown(second) == moves_shown(first)
    my_move(second)
    newer = stored_moves(second)
    assert len(newer) == moves_shown(first) + 2
    # The first tab learns of it from the storage event, before its player moves.
    notice = first.locator("#game [data-notice='stale']")
    notice.wait_for()
    assert "went on in another tab" in (first.text_content("#status") or "")
    assert first.locator("#game [data-move], #game [data-pick]").count() == 0
    assert stored_moves(first) == newer
    notice.locator("[data-action='take-newer']").click()
    first.wait_for_function(f"document.getElementById('game').dataset.moves === '{len(newer)}'")
    assert first.locator("#game [data-notice]").count() == 0
    wait_for_my_turn_or_end(first)
    my_move(first)
    assert stored_moves(first)[: len(newer)] == newer
    # Now the second tab is the older one, and it is told in turn.
    second.locator("#game [data-notice='stale']").wait_for()
    assert stored_moves(second)[: len(newer)] == newer


def test_chromium_gives_a_site_the_storage_the_app_counts_on(
        app, page: Page, base_url: str) -> None:
    """app/room.py's QUOTA_CHARS, against what this Chromium really holds."""
    open_app(page, base_url)
    held = page.evaluate(FILL)
    page.evaluate("() => localStorage.clear()")
    assert abs(held - room.QUOTA_CHARS) <= room.QUOTA_CHARS * 0.02, held


def test_a_full_storage_plays_on_offers_export_and_keeps_the_old_save(app) -> None:
    page = app(GAME)
    wait_for_my_turn_or_end(page)
    my_move(page)
    key = save_key(page)
    before = page.evaluate("k => localStorage.getItem(k)", key)
    page.evaluate(FILL)
    shown = moves_shown(page)
    play_one_move(page)
    notice = page.locator("#game [data-notice='unsaved']")
    notice.wait_for()
    assert notice.locator("[data-action='export']").count() == 1
    # The bot still answers and the player can go on.
    page.wait_for_function(f"Number(document.getElementById('game').dataset.moves) >= {shown + 2}"
                           " || document.getElementById('game').dataset.phase === 'over'")
    assert page.evaluate("k => localStorage.getItem(k)", key) == before
    entry = saves.decode(key.removeprefix(saves.PREFIX), before)
    assert entry.session is not None
    with page.expect_download() as download:
        notice.locator("[data-action='export']").click()
    exported = json.loads(open(download.value.path(), encoding="utf-8").read())
    assert len(exported["moves"]) >= shown + 1
    page.click("#game [data-action='menu']")
    page.wait_for_selector("#menu:not([hidden])")
    message = page.text_content("#menu-message") or ""
    assert "Storage for saved games is 100% full" in message
