"""The Bot Lab in Persian, as a student there reads it: a lesson's starter
arrives in the editor with Persian comments around the same Python, every code
fragment in the page's Persian sentences is isolated (so "choose(view, moves, rng)"
keeps its parenthesis where Python has it), and the reference shows an example value
under each name with its Python type folded away. Screenshots of the Lab in Persian (its
first screen, the lessons, the reference) go to e2e/artifacts/lab-words-fa*.png."""

from __future__ import annotations

import re

from e2e.test_lab import ASKED_HERE, open_lab
from playwright.sync_api import Page, expect

#: Text of the Lab holding Latin letters outside anything that isolates it: code,
#: <bdi>, an element with its own dir, the editor, or Unicode isolates in the text.
LOOSE_LATIN = """() => {
  const root = document.querySelector("#game");
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const loose = [];
  const isolating = "code, bdi, pre, textarea, option, script, style, [dir], .lab-editor";
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.replace(/[\\u2066-\\u2068][^\\u2069]*\\u2069/g, "");
    if (/[A-Za-z0-9]/.test(text) && !node.parentElement.closest(isolating)) loose.push(text);
  }
  return loose;
}"""

#: Where the first and the last character of an element's text are drawn (x of each).
EDGES = """(el) => {
  const text = el.firstChild, range = document.createRange();
  range.setStart(text, 0); range.setEnd(text, 1);
  const first = range.getBoundingClientRect().left;
  range.setStart(text, text.length - 1); range.setEnd(text, text.length);
  return [first, range.getBoundingClientRect().left];
}"""

PERSIAN = re.compile(r"[\u0600-\u06ff]")


def test_the_persian_lab_reads_right_to_left_with_its_code_left_to_right(
        app, page: Page, base_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    open_lab(page, base_url, "kabaleo", "fa", referee=False)  # no game is played
    # The intro's code is drawn left to right: its "c" left of its closing parenthesis.
    intro_code = page.locator(".lab-intro code").first
    expect(intro_code).to_have_text("choose(view, moves, rng)")
    first, last = intro_code.evaluate(EDGES)
    assert first < last, (first, last)
    # Lesson 1 starts with Persian comments around the same Python.
    page.locator("[data-action=lab-lesson][data-value='1']").click()
    editor = page.locator(".lab-editor .cm-content")
    expect(editor).to_contain_text("درس ۱")
    code = page.locator("textarea[data-lab-code]").input_value()
    comments = [line.strip() for line in code.splitlines() if line.strip().startswith("#")]
    assert comments and all(PERSIAN.search(c) for c in comments), comments
    assert "def choose(view, moves, rng):" in code and "return rng.choice(moves)" in code
    assert "{lab." not in code
    # In the editor that comment reads right to left: its "#" is drawn right of its
    # final full stop (a code line stays left to right).
    comment = page.locator(".lab-editor .cm-line").first.locator("span").first
    expect(comment).to_have_text(re.compile(r"^# درس ۱"))
    first, last = comment.evaluate(EDGES)
    assert first > last, (first, last)
    # Every code fragment in the page's sentences is isolated, hints and reference too.
    page.locator("details.lab-lessons li[data-lesson='1'] details summary").click()
    page.locator("details.lab-ref-box > summary").click()
    assert page.evaluate(LOOSE_LATIN) == []
    hint = page.locator("details.lab-lessons li[data-lesson='1'] bdi").first
    expect(hint).to_be_visible()
    first, last = hint.evaluate(EDGES)
    assert first < last, (first, last)
    # The reference: a sentence and an example in view, the type folded until asked for.
    piles = page.locator(".lab-ref dt[data-name='piles'] + dd")
    expect(piles.locator(".lab-ref-example code")).to_contain_text("(('")
    fold = piles.locator("details.lab-ref-type")
    expect(fold.locator("code")).to_be_hidden()
    fold.locator("summary").click()
    expect(fold.locator("code")).to_have_text("view.piles: tuple[tuple[str, ...], ...]")
    shots = "e2e/artifacts/lab-words-fa"
    page.locator("details.lab-lessons").screenshot(path=f"{shots}-lessons.png")
    page.locator(".lab-ref-part[data-ref='view']").screenshot(path=f"{shots}-reference.png")
    page.evaluate("scrollTo(0, 0)")
    page.screenshot(path=f"{shots}.png")


#: Where each character of an element's text is drawn: [[character, left x], ...].
GLYPHS = """(el) => {
  const out = [], range = document.createRange();
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.length; i++) {
      range.setStart(node, i); range.setEnd(node, i + 1);
      const box = range.getBoundingClientRect();
      if (box.width > 0) out.push([node.data[i], box.left]);
    }
  }
  return out;
}"""


def test_the_persian_lab_names_its_game_and_bots_in_their_own_direction(
        app, page: Page, base_url: str) -> None:
    """A name runs in its own direction inside Persian: the title reads "Ciao!", not
    "!Ciao" (its "!" drawn right of its "C"), and so do a bot named "Bot A!" in the
    picker's label and a tournament's table."""
    open_lab(page, base_url, "ciao", "fa", referee=False)  # no game is played
    title = page.locator(".lab-head h2")
    expect(title).to_contain_text("Ciao!")
    glyphs = dict(title.evaluate(GLYPHS))
    assert glyphs["C"] < glyphs["!"], glyphs
    assert PERSIAN.search(title.inner_text())
    # A second bot, named as a child might, meets the first in a tournament.
    page.click("[data-action=lab-new]")
    page.fill("input[data-lab-field=name]", "Bot A!")
    page.click("[data-action=lab-rename]")
    expect(page.locator("select[data-change=lab-bot] option:checked")).to_contain_text("Bot A!")
    page.select_option("[data-lab-field=games]", "10")
    # The table's rows are drawn as it begins: its games, which no assertion reads, are
    # not played (the job is kept unanswered).
    page.evaluate(ASKED_HERE)
    page.click("[data-action=lab-tournament]")
    row = page.locator("[data-lab-entrant='Bot A!'] [data-action=lab-tour-bot]")
    expect(row).to_be_visible()
    glyphs = dict(row.evaluate(GLYPHS))
    assert glyphs["B"] < glyphs["!"], glyphs
