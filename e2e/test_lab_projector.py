"""A class tournament's table on a projector (1920x1080, Projector mode): 30 bots' duels
in English and Persian, and 12 bots at tables of 6. Every row and every column's header
lies on the screen at once, with no scrolling: the ranking and every pair's result read
from the back of the room. The games are made up (the worker's answer is stood in for:
the table is what is looked at); the screenshots land in e2e/artifacts/."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from e2e.test_lab import without_referee
from playwright.sync_api import Browser, BrowserContext, Page

from conftest import ARTIFACTS, READY_TIMEOUT_MS, BrowserLog, isolated_context
from parlor.app.lab.contest.dice import LabKey
from parlor.app.lab.contest.seating import Seating, fitting
from parlor.app.lab.contest.tournament import pairs

SCREEN = {"width": 1920, "height": 1080}
KEY = LabKey(bytes(range(32)))  # the browser's Lab key, set: the deals are known here
NAMES = ["Ada", "Babbage", "Curie", "Darwin", "Euler", "Faraday", "Gauss", "Hopper",
         "Ibn Sina", "Jemison", "Khwarizmi", "Lovelace", "Meitner", "Noether", "Ohm",
         "Pascal", "Qin", "Ramanujan", "Somerville", "Turing", "Uhlenbeck", "Volta", "Wu",
         "Xenophon", "Yalow", "Zhang", "Alhazen", "Banneker", "Cannon", "Dirac"]


@pytest.fixture
def screen(browser: Browser, base_url: str, browser_log: BrowserLog
           ) -> Iterator[BrowserContext]:
    ctx = isolated_context(browser, base_url, browser_log, viewport=SCREEN)
    yield ctx
    ctx.close()


def games(game: str, n: int, seats: int) -> tuple[int, list[dict[str, object]]]:
    """The games a pair plays and a made-up report of every game: who sits where as the
    page's seating has it, the wins spread so the table has every colour."""
    per = fitting(n, seats, 20)
    seating = Seating(n, seats, per, KEY.deal("tournament", game))
    out = []
    for k in range(seating.total):
        order = seating.order(k)
        if seats == 2:
            a, b = pairs(n)[k // per]
            winner = a if (a * 7 + b * 3 + k) % 5 < 2 + (b - a) % 2 else b
        else:
            winner = order[(k * 7) % seats]
        out.append({"kind": "duel", "number": k, "duel": {
            "seats": list(order), "number": k % seating.per,
            "shares": [1.0 if e == winner else 0.0 for e in order], "failed": None,
            "problem": None, "seed": str(seating.deal(k)), "moves": []}})
    return per, out


def open_table(page: Page, base_url: str, game: str, n: int, seats: int, lang: str) -> int:
    """The Lab with ``n`` bots and their finished tournament on the screen; the games a
    pair played."""
    bots = {name: "def choose(view, moves, rng):\n    return moves[0]\n" for name in NAMES[:n]}
    shelf = {"current": NAMES[0], "bots": bots, "scores": {}}
    kept = json.dumps(json.dumps(shelf))
    page.add_init_script(f"""localStorage.setItem('parlor:lab:{game}', {kept});
      localStorage.setItem('parlor:projector', 'on');
      localStorage.setItem('parlor:lab-key', '{KEY.hex}');""")
    without_referee(page)  # its reports are made up here
    page.goto(f"{base_url}/index.html?lab={game}&lang={lang}")
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=READY_TIMEOUT_MS)
    per, reports = games(game, n, seats)
    # The referee, stood in for: it answers at once with the made-up games.
    page.evaluate("""(reports) => {
      window.parlorLab.run = (request, report) => {
        setTimeout(() => report("done", JSON.stringify(reports)), 0);
      };
    }""", reports)
    if seats != 2:
        page.select_option("[data-lab-field=seats]", str(seats))
    page.click("[data-action=lab-tournament]")
    page.wait_for_function("""() => {
      const t = document.querySelector('[data-lab-tournament]');
      return t && t.dataset.done === t.dataset.total && t.dataset.done !== '0';
    }""")
    page.evaluate("document.querySelector('[data-lab-tournament]').scrollIntoView()")
    return per


def off_screen(page: Page) -> list[str]:
    """What of the table lies outside the screen: each row and each column's header."""
    return page.evaluate("""([w, h]) => {
      const out = [];
      const table = document.querySelector('[data-lab-tournament]');
      for (const el of table.querySelectorAll('thead th, tbody tr')) {
        const r = el.getBoundingClientRect();
        if (r.top < 0 || r.left < 0 || r.bottom > h || r.right > w) {
          out.push((el.dataset.labEntrant || el.textContent) + ' ' + JSON.stringify(r));
        }
      }
      const box = table.closest('.lab-tour-box');
      if (box.scrollWidth > box.clientWidth + 1) out.push('the box scrolls sideways');
      return out;
    }""", [SCREEN["width"], SCREEN["height"]])


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_thirty_bots_duels_fit_one_projector_screen(screen: BrowserContext, base_url: str,
                                                    lang: str) -> None:
    page = screen.new_page()
    per = open_table(page, base_url, "kabaleo", 30, 2, lang)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"lab-projector-30-{lang}.png"))
    assert off_screen(page) == []
    table = page.locator("[data-lab-tournament]")
    assert table.locator("tbody tr").count() == 30
    assert table.locator("thead th.vs").count() == 30
    assert table.locator("td[data-lab-pair]").count() == 30 * 29
    assert {c for c in table.locator("td[data-lab-pair]").evaluate_all(
        "cells => cells.map(c => c.dataset.result)")} >= {"won", "lost"}
    # A cell lists that pair's games, each one click from the review.
    first = table.locator("tbody tr").first.get_attribute("data-lab-entrant")
    cell = table.locator("tbody tr").first.locator("td[data-lab-pair]").first
    label = cell.get_attribute("aria-label")
    cell.click()
    games_of = page.locator("#lab-tour-games")
    games_of.wait_for()
    assert first is not None and label is not None and first in label
    assert games_of.locator("[data-action=lab-tour-review]").count() == per
    assert cell.get_attribute("aria-current") == "true"


def test_twelve_bots_at_tables_of_six_fit_one_projector_screen(
        screen: BrowserContext, base_url: str) -> None:
    page = screen.new_page()
    open_table(page, base_url, "ciao", 12, 6, "en")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "lab-projector-12-tables.png"))
    assert off_screen(page) == []
    assert page.locator("[data-lab-tournament] tbody tr").count() == 12
