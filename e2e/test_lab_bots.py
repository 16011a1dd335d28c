"""Bots as things in real Chromium: a bot renamed (a refused name says why), duplicated,
deleted and brought back with Undo, left out of the tournament; and two tabs of one
browser on one Lab, where neither loses what was typed in it (app/lab/page/shelf_sync.py)."""

from __future__ import annotations

import json

from e2e.conftest import open_app
from e2e.test_lab import open_lab, set_code, type_bot, without_referee
from playwright.sync_api import BrowserContext, Page, expect

from parlor.app.lab.page.keep import PREFIX

KEY = PREFIX + "kabaleo"
GREEDY = "def choose(view, moves, rng):\n    return moves[0]\n"


def stored(page: Page) -> dict[str, object]:
    raw = page.evaluate("k => localStorage.getItem(k)", KEY)
    data = json.loads(raw)
    assert isinstance(data, dict)
    return data


def chosen(page: Page) -> str:
    return str(page.eval_on_selector("select[data-change='lab-bot']", "s => s.value"))


def rename(page: Page, name: str) -> None:
    page.fill("input[data-lab-field=name]", name)
    page.click("[data-action=lab-rename]")


def test_a_bot_is_renamed_duplicated_deleted_and_brought_back(
        app, page: Page, base_url: str) -> None:
    open_lab(page, base_url, "kabaleo", referee=False)  # no game is played
    set_code(page, GREEDY)
    rename(page, "Greedy")
    expect(page.locator("select[data-change='lab-bot'] option:checked")).to_have_text("Greedy")
    assert stored(page)["bots"] == {"Greedy": GREEDY}
    rename(page, "   ")
    expect(page.locator(".lab-note")).to_contain_text("A bot needs a name")
    assert stored(page)["bots"] == {"Greedy": GREEDY}

    page.click("[data-action=lab-duplicate]")
    expect(page.locator("select[data-change='lab-bot'] option:checked")).to_have_text(
        "Greedy copy")
    expect(page.locator("textarea[data-lab-code]")).to_have_value(GREEDY)
    rename(page, "greedy")  # another bot's name, in other letters
    expect(page.locator(".lab-note")).to_contain_text("There is already a bot named")

    page.click("[data-action=lab-delete]")
    undo = page.locator("[data-lab-deleted='Greedy copy'] [data-action=lab-undo]")
    expect(undo).to_be_visible()
    assert chosen(page) == "Greedy"
    assert stored(page)["bots"] == {"Greedy": GREEDY}
    undo.click()
    expect(page.locator("[data-lab-deleted]")).to_have_count(0)
    assert chosen(page) == "Greedy copy"
    assert stored(page)["bots"] == {"Greedy": GREEDY, "Greedy copy": GREEDY}

    page.click("[data-action=lab-delete]")
    expect(page.locator("[data-lab-deleted]")).to_have_count(1)
    page.click("[data-action=lab-new]")  # the next action: Undo is gone, and so is the bot
    expect(page.locator("[data-lab-deleted]")).to_have_count(0)
    assert "deleted" not in stored(page)
    assert set(stored(page)["bots"]) == {"Greedy", "My bot"}  # type: ignore[arg-type]


def test_a_bot_left_out_of_the_tournament_stays_out(app, page: Page, base_url: str) -> None:
    open_lab(page, base_url, "kabaleo", referee=False)  # no game is played
    page.click("[data-action=lab-new]")
    page.click("[data-action=lab-new]")
    page.click(".lab-entrants summary")
    page.uncheck("input[data-change=lab-enter][value='My bot 3']")
    page.wait_for_function(f"(localStorage.getItem('{KEY}') || '').includes('left_out')")
    assert stored(page)["left_out"] == ["My bot 3"]
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'")
    page.click(".lab-entrants summary")
    expect(page.locator("input[data-change=lab-enter][value='My bot 3']")).not_to_be_checked()
    expect(page.locator("input[data-change=lab-enter][value='My bot']")).to_be_checked()
    page.uncheck("input[data-change=lab-enter][value='My bot 2']")
    page.click("[data-action=lab-tournament]")
    expect(page.locator(".lab-note")).to_contain_text("Check at least two bots")


def tab(context: BrowserContext) -> Page:
    """A new tab whose Lab opens without its referee: no game is played here."""
    page = context.new_page()
    without_referee(page)
    return page


def test_two_tabs_on_one_lab_lose_no_keystroke(context: BrowserContext, base_url: str) -> None:
    """The second tab types in the bot the first shows: the first is told at once by
    the storage event, stops, and shows the newer text when asked; typing in two
    different bots, the tabs never meet."""
    first = open_app(tab(context), base_url, "lab=kabaleo")
    set_code(first, GREEDY)
    first.click("[data-action=lab-new]")  # "My bot 2" for the first tab
    second = open_app(tab(context), base_url, "lab=kabaleo")
    second.select_option("select[data-change='lab-bot']", "My bot")
    type_bot(second, ["def choose(view, moves, rng):", "    return moves[-1]"])
    second.wait_for_function(
        f"(localStorage.getItem('{KEY}') || '').includes('moves[-1]')")
    first_bots = stored(first)["bots"]
    assert isinstance(first_bots, dict)
    assert "moves[-1]" in first_bots["My bot"]
    assert first_bots["My bot 2"].startswith("def choose")  # the first tab's own bot

    # The first tab shows "My bot 2": untouched by the second tab, it goes on as it was.
    set_code(first, GREEDY + "# mine\n")
    second_bots = stored(second)["bots"]
    assert isinstance(second_bots, dict)
    assert second_bots["My bot 2"] == GREEDY + "# mine\n" and "moves[-1]" in second_bots["My bot"]
    expect(first.locator("[data-lab-stale]")).to_have_count(0)

    # Now the first tab goes to "My bot" and the second types on in it: the first stops.
    first.select_option("select[data-change='lab-bot']", "My bot")
    second.locator(".lab-editor .cm-content").click()
    second.keyboard.press("Control+End")
    second.keyboard.type("\n# second")
    stale = first.locator("[data-lab-stale='My bot']")
    expect(stale).to_be_visible()
    expect(first.locator("textarea[data-lab-code]")).to_have_count(0)
    stale.locator("[data-action=lab-take-newer]").click()
    expect(first.locator("textarea[data-lab-code]")).to_have_value(
        str(stored(first)["bots"]["My bot"]))  # type: ignore[index]
    assert "# second" in str(stored(first)["bots"]["My bot"])  # type: ignore[index]
