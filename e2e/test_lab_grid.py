"""A class tournament's table redrawn by its changes while the games come
(py/parlor/app/screens/lab_tour_patch.py, assets/lab.js's patch): after batches of
games in any order, some ended at the move limit, with a bot's and a pair's games opened
between them, the results on the page are the results drawn whole (the same elements,
attributes and words), and the table's nodes are those drawn first. The referee is stood
in for: the games are made up, the table is what is looked at."""

from __future__ import annotations

import json
import random

from e2e.test_lab import without_referee
from e2e.test_lab_projector import KEY, NAMES
from playwright.sync_api import Page, expect

from conftest import READY_TIMEOUT_MS
from parlor.app.lab.contest.seating import Seating, fitting
from parlor.i18n.catalog import Translator

BOTS = 12
GAMES = 10  # a pair's, as asked (fewer for a big class: ``fitting``)

#: Each element of a node as a line: its name, its attributes sorted (a node kept has
#: an attribute added since at the end of its list, one drawn whole in the markup's
#: order: the same element either way), its words.
CANON = """(node) => {
  const out = [];
  const walk = (n) => {
    if (n.nodeType === 3) { out.push('#' + n.nodeValue); return; }
    if (n.nodeType !== 1) return;
    const seen = Array.from(n.attributes, (a) => a.name + '=' + a.value).sort();
    out.push('<' + n.nodeName + ' ' + seen.join(' '));
    for (const c of n.childNodes) walk(c);
    out.push('>');
  };
  walk(node);
  return out.join('\\n');
}"""


def reports(seed: int) -> list[dict[str, object]]:
    """Every game of 12 bots' duels, made up (some ended at the move limit), in a
    random order."""
    per = fitting(BOTS, 2, GAMES)
    seating = Seating(BOTS, 2, per, KEY.deal("tournament", "kabaleo"))
    rng = random.Random(seed)
    out = []
    for k in range(seating.total):
        order = seating.order(k)
        cut = rng.random() < 0.1
        first = rng.choice([0.0, 0.5, 1.0])
        out.append({"kind": "duel", "number": k, "duel": {
            "seats": list(order), "number": k % seating.per, "shares": [first, 1 - first],
            "failed": None, "problem": None, "seed": str(seating.deal(k)),
            "moves": ["x"] * (rng.randint(5, 9) if cut else 0), "cut": cut}})
    rng.shuffle(out)
    return out


def done(page: Page) -> int:
    return int(page.locator("[data-lab-tournament]").get_attribute("data-done") or 0)


def test_the_table_changed_piece_by_piece_is_the_table_drawn_whole(page: Page,
                                                                  base_url: str) -> None:
    bots = {name: "def choose(view, moves, rng):\n    return moves[0]\n"
            for name in NAMES[:BOTS]}
    shelf = json.dumps(json.dumps({"current": NAMES[0], "bots": bots, "scores": {}}))
    page.add_init_script(f"""localStorage.setItem('parlor:lab:kabaleo', {shelf});
      localStorage.setItem('parlor:lab-key', '{KEY.hex}');""")
    without_referee(page)  # its reports are made up here
    page.goto(f"{base_url}/index.html?lab=kabaleo")
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=READY_TIMEOUT_MS)
    page.evaluate("""() => {
      window.parlorLab.run = (request, report) => { window.standIn = report; };
      window.parlorLab.stop = () => {};
    }""")
    page.select_option("[data-lab-field=games]", str(GAMES))
    page.click("[data-action=lab-tournament]")
    table = page.locator("[data-lab-tournament]")
    expect(table).to_have_attribute("data-done", "0")
    page.evaluate("window.firstCell = document.querySelector('td[data-lab-pair=\"0,1\"]')")
    games = reports(7)
    total = len(games)
    rng = random.Random(7)
    sent = 0
    while sent < total:
        batch = games[sent:sent + rng.randint(1, 9)]
        sent += len(batch)
        kind = "done" if sent == total else "batch"
        page.evaluate("([kind, text]) => window.standIn(kind, text)",
                      [kind, json.dumps(batch)])
        page.wait_for_function(f"""() => document.querySelector('[data-lab-tournament]')
          .dataset.done === '{sent}'""")
        if sent < total and rng.random() < 0.3:  # a bot's games opened (its name), or a
            # pair's (a cell), or closed: drawn once its mark changed
            pressed = rng.choice([page.locator("[data-action=lab-tour-bot]").nth(
                rng.randrange(BOTS)), page.locator("td[data-lab-pair]").nth(
                rng.randrange(BOTS * (BOTS - 1)))])
            mark = "aria-expanded" if pressed.get_attribute("aria-expanded") else "aria-current"
            was = pressed.get_attribute(mark)
            node = pressed.element_handle()
            pressed.click()
            page.wait_for_function("([node, mark, was]) => node.getAttribute(mark) !== was",
                                   arg=[node, mark, was])
    assert done(page) == total
    results = page.locator("#lab-results")
    patched = results.evaluate(CANON)
    assert page.evaluate("window.firstCell.isConnected")  # the nodes were kept
    # Drawn whole: another language and back (the Lab is drawn anew each time).
    for lang in ("fa", "en"):
        page.select_option("#lang-picker", lang)
        expect(page.locator("[data-lab-tournament] th.rank")).to_have_text(
            Translator(lang)("lab.tour.col.rank"))
    expect(page.locator("[data-lab-tournament]")).to_have_attribute("data-done", str(total))
    assert not page.evaluate("window.firstCell.isConnected")
    assert results.evaluate(CANON) == patched
