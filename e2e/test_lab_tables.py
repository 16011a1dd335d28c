"""A class tournament at a table of three in the browser: three Kabaleo bots, each in
its own sandbox, play at one table with the seats rotated; a bot's name lists its
games and one opens in the review, from which the Lab comes back with the list still
open. The tournament screen's controls are reached by Tab in the order they are read,
each with a visible focus ring."""

from __future__ import annotations

from e2e.test_accessibility import serious_violations
from e2e.test_lab import WORKER_BOOT_MS, open_lab, set_code
from playwright.sync_api import Page, expect

BOTS = ["def choose(view, moves, rng):\n    return moves[0]\n",
        "def choose(view, moves, rng):\n    return moves[-1]\n",
        "def choose(view, moves, rng):\n    return rng.choice(moves)\n"]


def three_at_a_table(page: Page, base_url: str) -> None:
    open_lab(page, base_url, "kabaleo")
    for i, code in enumerate(BOTS):
        if i:
            page.click("[data-action=lab-new]")
        set_code(page, code)
    expect(page.locator("select[data-change=lab-bot] option")).to_have_count(3)
    page.select_option("[data-lab-field=games]", "10")
    page.select_option("[data-lab-field=seats]", "3")
    page.click("[data-action=lab-tournament]")


def test_three_bots_play_at_one_table_and_a_game_opens_in_the_review(
        app, page: Page, base_url: str) -> None:
    """One tournament serves both checks (once two tests, each playing it): the table and
    its review, then the screen worked by Tab as it is when the Lab comes back."""
    three_at_a_table(page, base_url)
    table = page.locator("[data-lab-tournament]")
    # 2 rounds of 3 sittings, each 3 games (one a seat): every bot plays all 18.
    expect(table).to_have_attribute("data-total", "18")
    expect(table).to_have_attribute("data-done", "18", timeout=WORKER_BOOT_MS)
    expect(table).to_have_attribute("data-seats", "3")
    expect(page.locator("th.vs")).to_have_count(0)  # no column a pair at a table
    wins = page.locator("[data-lab-entrant]").evaluate_all(
        "rows => rows.map(r => Number(r.dataset.wins))")
    assert len(wins) == 3 and abs(sum(wins) - 18) < 1e-6
    page.screenshot(path="e2e/artifacts/lab-tournament-table.png", full_page=True)

    first = page.locator("[data-lab-entrant] [data-action=lab-tour-bot]").first
    first.click()
    expect(first).to_have_attribute("aria-expanded", "true")
    games = page.locator("#lab-tour-games [data-action=lab-tour-review]")
    expect(games).to_have_count(18)
    assert serious_violations(page) == []  # the table, its bots' buttons, the games
    games.nth(4).click()
    expect(page.locator("#game")).to_have_attribute("data-phase", "replay")
    expect(page.locator("#game")).to_contain_text("My bot 2")
    page.click("#game [data-action=lab]")  # back: the list is where it was
    expect(page.locator("#game")).to_have_attribute("data-phase", "lab")
    expect(page.locator("#lab-tour-games [data-action=lab-tour-review]")).to_have_count(18)
    expect(first).to_have_attribute("aria-expanded", "true")
    the_tournament_screen_is_worked_by_tab_with_a_visible_focus(page)


def the_tournament_screen_is_worked_by_tab_with_a_visible_focus(page: Page) -> None:
    """The finished tournament, the first bot's games listed: every control is reached
    by Tab in the order a teacher reads, each with a visible focus ring."""
    page.focus(".lab-head [data-action=menu]")
    page.keyboard.press("Shift+Tab")  # back and forth: reached by the keyboard
    page.keyboard.press("Tab")
    seen: list[str] = []
    for _ in range(40):
        label = page.evaluate("""() => {
          const e = document.activeElement;
          const style = getComputedStyle(e);
          if (!e.matches(':focus-visible') || style.outlineStyle === 'none'
              || parseFloat(style.outlineWidth) < 2) return 'NO RING: ' + e.outerHTML;
          return e.dataset.action || e.getAttribute('role') || e.tagName;
        }""")
        seen.append(label)
        if label == "lab-tour-review":
            break
        page.keyboard.press("Tab")
    assert not [s for s in seen if s.startswith("NO RING")], seen
    # The order a teacher reads: from the Lab's head to Run, the tournament, the table
    # (it scrolls), each bot, the file and print, then the games of the bot opened;
    # the code, below the table, after them.
    order = [s for s in seen if s in ("menu", "lab-run", "lab-tournament", "region",
                                      "lab-tour-bot", "lab-tour-csv", "print",
                                      "lab-tour-review", "lab-new")]
    compact = [s for i, s in enumerate(order) if i == 0 or order[i - 1] != s]
    assert compact == ["menu", "lab-run", "lab-tournament", "region", "lab-tour-bot",
                       "lab-tour-csv", "print", "lab-tour-review"], seen
    assert order.count("lab-tour-bot") == 3


#: Random markup like the results' (a table, buttons, a progress bar, an opened
#: details), drawn into one node after another by ``parlorLab.draw``.
MORPHS = """() => {
  let seed = 7;
  const rnd = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const cell = () => ["td", "th", "td"][rnd(3)];
  const markup = () => {
    const rows = [];
    for (let r = 0; r < 2 + rnd(6); r++) {
      const cells = [];
      for (let c = 0; c < 1 + rnd(5); c++) {
        const tag = cell();
        cells.push(`<${tag} class="c${rnd(3)}"${rnd(2) ? ` data-v="${rnd(4)}"` : ""}>` +
                   `${rnd(10)} of ${rnd(4)}${rnd(4) ? "" : "<b>!</b>"}</${tag}>`);
      }
      rows.push(`<tr data-lab-entrant="b${rnd(5)}">${cells.join("")}</tr>`);
    }
    const extra = ["", "<p>note</p>", '<ul><li>a</li><li>b</li></ul>',
                   '<button data-action="x" disabled>go</button>'][rnd(4)];
    return `<p class="line">${rnd(100)} <progress max="9" value="${rnd(9)}"></progress></p>` +
      `<details data-keep="k"><summary>s</summary>d</details>${extra}` +
      `<table><tbody>${rows.join("")}</tbody></table>` +
      (rnd(2) ? '<svg><rect width="3"/></svg>' : "");
  };
  const node = document.createElement("section");
  document.body.append(node);
  const wrong = [];
  let kept = 0;
  for (let i = 0; i < 200; i++) {
    const html = markup();
    const before = node.querySelector("table");
    window.parlorLab.draw(node, html);
    const expected = document.createElement("section");
    expected.innerHTML = html;
    expected.querySelector("details").open = i > 0; // opened by the student below
    if (node.innerHTML !== expected.innerHTML) wrong.push([html, node.innerHTML]);
    if (before && node.querySelector("table") === before) kept += 1;
    node.querySelector("details").open = true;
  }
  node.remove();
  return { wrong: wrong.slice(0, 2), kept };
}"""


def test_the_results_redraw_keeps_the_nodes_and_draws_the_markup_given(
        app, page: Page, base_url: str) -> None:
    """A redraw of the results (a tournament's table a few times a second) changes the
    nodes there into the new markup, rather than building every cell anew: the page
    then shows exactly the markup given, but for a details[data-keep] the student
    opened, which stays open."""
    open_lab(page, base_url, "kabaleo", referee=False)  # no game is played
    result = page.evaluate(MORPHS)
    assert result["wrong"] == []
    assert result["kept"] >= 190  # the table's node kept, its words changed
