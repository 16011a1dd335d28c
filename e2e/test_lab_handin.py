"""A class hands in its bots in headless Chromium: students sign their share links with
their names and a teacher pastes a chat message holding several of them; then several
``.py`` files are opened at once, and dropped on the Lab. Each time the summary says what
was added, what repeated a bot already there and what was for another game. The page
contract: ``input[data-change="lab-author"]``, ``textarea[data-lab-field="links"]``,
``lab-paste``, ``input[data-lab-import]`` (multiple), ``[data-lab-handin]``."""

from __future__ import annotations

from e2e.test_accessibility import serious_violations
from e2e.test_lab import open_lab, set_code
from playwright.sync_api import Page, expect

GREEDY = "def choose(view, moves, rng):\n    return moves[0]\n"
LAST = "def choose(view, moves, rng):\n    return moves[-1]\n"


def share_as(page: Page, author: str, code: str) -> str:
    """A student's share link: their name typed once, their code, Share."""
    field = page.locator('input[data-change="lab-author"]')
    field.fill(author)
    field.press("Tab")  # the change event: the name is kept
    set_code(page, code)
    page.click("[data-action=lab-share]")
    link = page.locator("input[data-share-link]").input_value()
    page.click("[data-action=share-close]")
    return link


def options(page: Page) -> list[str]:
    return page.locator('select[data-change="lab-bot"] option').all_inner_texts()


def test_a_teacher_pastes_a_chat_message_of_links(app, page: Page, base_url: str) -> None:
    students = page.context.browser.new_context()  # the students' browser
    try:
        desk = students.new_page()
        open_lab(desk, base_url, "kabaleo", referee=False)  # no game is played here
        sara = share_as(desk, "Sara", GREEDY)
        omid = share_as(desk, "Omid", LAST)
        assert "#bot=kabaleo.2." in sara
        desk.reload()  # the author's name is remembered
        desk.wait_for_function("document.body.dataset.ready === '1'")
        expect(desk.locator('input[data-change="lab-author"]')).to_have_value("Omid")
    finally:
        students.close()

    # The teacher's browser: nothing stored (and no game played).
    open_lab(page, base_url, "kabaleo", referee=False)
    page.click("details.lab-handin summary")
    chat = (f"Sara: mine is {sara} !\nOmid: {omid}\nSara again: {sara}\n"
            f"Reza: {sara.replace('kabaleo.2.', 'kabaleo.2.x')[:-10]}")
    page.fill('textarea[data-lab-field="links"]', chat)
    page.click("[data-action=lab-paste]")
    done = page.locator("[data-lab-handin]")
    expect(done).to_have_attribute("data-added", "2")
    expect(done).to_have_attribute("data-duplicates", "1")
    expect(done).to_have_attribute("data-refused", "1")
    expect(done).to_contain_text("2 bots added.")
    expect(done).to_contain_text("Link 3: the same code as “My bot (Sara)”")
    assert "My bot (Sara)" in options(page) and "My bot (Omid)" in options(page)
    # axe, the box open with its summary, once the editor is back after the redraw.
    expect(page.locator(".lab-editor .cm-content")).to_be_visible()
    assert serious_violations(page) == []
    # The pasted text is gone; the bots are kept for the tournament.
    expect(page.locator('textarea[data-lab-field="links"]')).to_have_value("")
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'")
    assert "My bot (Omid)" in options(page)


def test_several_files_opened_at_once_and_dropped(app, page: Page, base_url: str) -> None:
    open_lab(page, base_url, "kabaleo", referee=False)  # no game is played
    header = '# parlor-bot: {"author": "Ana", "game": "kabaleo", "name": "Sly"}\n'
    page.locator("input[data-lab-import]").set_input_files([
        {"name": "greedy.py", "mimeType": "text/x-python", "buffer": GREEDY.encode()},
        {"name": "ana.py", "mimeType": "text/x-python", "buffer": (header + LAST).encode()},
        {"name": "copy.py", "mimeType": "text/x-python", "buffer": GREEDY.encode()},
        {"name": "digger.py", "mimeType": "text/x-python",
         "buffer": b'# parlor-bot: {"game": "saboteur"}\n' + GREEDY.encode()},
    ])
    done = page.locator("[data-lab-handin]")
    expect(done).to_have_attribute("data-added", "2")
    expect(done).to_have_attribute("data-duplicates", "1")
    expect(done).to_have_attribute("data-elsewhere", "1")
    expect(done).to_contain_text("digger.py: a bot for Saboteur")
    assert "greedy" in options(page) and "Sly (Ana)" in options(page)
    # Dropped on the Lab: the same door (and the page is not replaced by the file).
    page.evaluate("""(files) => {
      const data = new DataTransfer();
      for (const [name, text] of files) data.items.add(new File([text], name));
      const target = document.querySelector("textarea[data-lab-code]");
      target.dispatchEvent(new DragEvent("dragover", { dataTransfer: data, bubbles: true,
                                                       cancelable: true }));
      target.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true,
                                                   cancelable: true }));
    }""", [["dropped.py", "def choose(view, moves, rng):\n    return moves[1 % len(moves)]\n"],
           ["again.py", LAST]])
    expect(done).to_have_attribute("data-added", "1")
    expect(done).to_have_attribute("data-duplicates", "1")
    assert "dropped" in options(page)
    expect(page.locator("#game")).to_have_attribute("data-phase", "lab")
