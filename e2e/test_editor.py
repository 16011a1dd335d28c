"""The Bot Lab's code editor (assets/editor.js) on a page of its own (e2e/fixtures/
editor.html, no Python): CodeMirror from vendor/pyscript/parlor-codemirror.js mounts
over a textarea[data-lab-code] and keeps it in step both ways."""

from __future__ import annotations

from playwright.sync_api import Page

CODE = "def choose(view, moves, rng):\n    return moves[0]\n"


def open_editor(page: Page, base_url: str, query: str = "") -> Page:
    page.goto(f"{base_url}/e2e/fixtures/editor.html{query}")
    page.wait_for_selector(".lab-editor .cm-editor .cm-content")
    return page


def value(page: Page) -> str:
    return page.eval_on_selector("textarea[data-lab-code]", "ta => ta.value")


def doc(page: Page) -> str:
    """The editor's text, line by line as drawn (all lines fit: no virtual scrolling)."""
    return page.eval_on_selector_all(".cm-content .cm-line",
                                     "lines => lines.map(l => l.textContent).join('\\n')")


def test_the_editor_mounts_after_the_textarea_with_line_numbers(page: Page, base_url: str) -> None:
    open_editor(page, base_url)
    assert page.eval_on_selector(
        "textarea[data-lab-code]",
        "ta => ta.nextElementSibling.matches('.lab-editor') && ta.hidden && ta.isConnected")
    assert doc(page) == CODE
    numbers = page.eval_on_selector_all(".cm-lineNumbers .cm-gutterElement",
                                        "els => els.map(e => e.textContent)")
    assert {"1", "2", "3"} <= set(numbers)
    assert page.get_attribute(".cm-content", "aria-label") == "Bot code"
    help_id = page.get_attribute(".cm-content", "aria-describedby")
    assert page.text_content(f"#{help_id}") == "Escape then Tab leaves the code."
    assert page.locator(".cm-editor").count() == 1  # mounted once, whatever the mutations
    # Python's words for the label and the help reach the editor when they change.
    page.eval_on_selector("textarea[data-lab-code]", """ta => {
        ta.setAttribute('aria-label', 'کد ربات');
        ta.setAttribute('data-lab-help', 'Esc, Tab'); }""")
    page.wait_for_function("document.querySelector('.cm-content')"
                           ".getAttribute('aria-label') === 'کد ربات'")
    assert page.text_content(f"#{help_id}") == "Esc, Tab"


def test_typing_writes_the_textarea_and_fires_input_and_undo_takes_it_back(
        page: Page, base_url: str) -> None:
    open_editor(page, base_url)
    page.click(".cm-content .cm-line >> nth=1")
    page.keyboard.press("End")
    page.keyboard.type("  # first")
    want = CODE.replace("moves[0]\n", "moves[0]  # first\n")
    assert value(page) == want
    inputs = page.evaluate("window.inputs")
    assert inputs and inputs[-1] == want  # a listener on the body heard each change
    page.keyboard.press("Control+z")
    assert value(page) == CODE
    assert page.evaluate("window.inputs")[-1] == CODE
    page.keyboard.press("Control+Shift+z")
    assert value(page) == want


def test_tab_indents_and_escape_then_tab_leaves(page: Page, base_url: str) -> None:
    open_editor(page, base_url)
    page.click(".cm-content .cm-line >> nth=0")
    page.keyboard.press("Home")
    page.keyboard.press("Tab")
    assert value(page) == "    " + CODE  # Python's four spaces, focus still in the editor
    assert page.evaluate("document.activeElement.matches('.cm-content')")
    page.keyboard.press("Shift+Tab")
    assert value(page) == CODE
    # Enter after a colon indents the body by four spaces too.
    page.keyboard.press("End")
    page.keyboard.press("Enter")
    assert value(page).startswith("def choose(view, moves, rng):\n    \n")
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "after"


def test_new_code_from_outside_reloads_the_editor(page: Page, base_url: str) -> None:
    open_editor(page, base_url)
    new = "def choose(view, moves, rng):\n    return rng.choice(moves)\n"
    page.eval_on_selector("textarea[data-lab-code]", """(ta, code) => {
        ta.value = code; ta.setAttribute('data-lab-version', '2'); }""", new)
    page.wait_for_function("document.querySelector('.cm-content').textContent"
                           ".includes('rng.choice')")
    assert doc(page) == new
    assert page.evaluate("window.inputs") == []  # Python's own change is not echoed back
    # A later edit starts from the new text.
    page.click(".cm-content .cm-line >> nth=0")
    page.keyboard.press("End")
    page.keyboard.type("  # mine")
    assert value(page) == new.replace("rng):\n", "rng):  # mine\n")


def test_an_error_element_marks_its_line(page: Page, base_url: str) -> None:
    open_editor(page, base_url)
    marked = "els => els.map(e => e.textContent)"
    assert page.eval_on_selector_all(".cm-lab-error", marked) == []
    page.evaluate("""() => {
        const p = document.createElement('p');
        p.setAttribute('data-lab-error', ''); p.setAttribute('data-line', '2');
        p.textContent = 'bot.py, line 2: NameError';
        document.getElementById('lab').append(p); }""")
    page.wait_for_selector(".cm-line.cm-lab-error")
    assert page.eval_on_selector_all(".cm-lab-error", marked) == ["    return moves[0]"]
    page.evaluate("document.querySelector('[data-lab-error]').setAttribute('data-line', '1')")
    page.wait_for_function("document.querySelector('.cm-lab-error')?.textContent"
                           ".startsWith('def choose')")
    assert len(page.eval_on_selector_all(".cm-lab-error", marked)) == 1
    page.evaluate("document.querySelector('[data-lab-error]').remove()")
    page.wait_for_selector(".cm-lab-error", state="detached")


def test_the_editor_runs_left_to_right_in_a_right_to_left_page(page: Page, base_url: str) -> None:
    open_editor(page, base_url, "?dir=rtl")
    assert page.evaluate("document.documentElement.dir") == "rtl"
    directions = page.evaluate("""() => ['.cm-editor', '.cm-content', '.cm-line']
        .map(s => getComputedStyle(document.querySelector(s)).direction)""")
    assert directions == ["ltr", "ltr", "ltr"]
    gutter, content = (page.locator(s).bounding_box() for s in (".cm-gutters", ".cm-content"))
    assert gutter and content and gutter["x"] < content["x"]  # line numbers on the left
    # The help (Python's words, in the page's language) follows the page's direction.
    assert page.evaluate("getComputedStyle(document.querySelector('.lab-editor-help'))"
                         ".direction") == "rtl"


def test_the_focused_editor_shows_a_focus_ring(page: Page, base_url: str) -> None:
    open_editor(page, base_url)
    page.focus("#before")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.matches('.cm-content')")
    page.wait_for_selector(".cm-editor.cm-focused")  # CodeMirror marks focus a moment later
    outline = page.evaluate("""() => {
        const s = getComputedStyle(document.querySelector('.cm-editor'));
        return [s.outlineStyle, parseFloat(s.outlineWidth)]; }""")
    assert outline[0] == "solid" and outline[1] >= 2


def test_without_codemirror_the_textarea_stays(page: Page, base_url: str, browser_log) -> None:
    page.route("**/parlor-codemirror.js", lambda route: route.abort())
    with page.expect_console_message(lambda m: m.type == "error" and "Bot Lab" in m.text):
        page.goto(f"{base_url}/e2e/fixtures/editor.html")
    assert page.locator(".cm-editor").count() == 0
    assert page.is_visible("textarea[data-lab-code]")
    page.fill("textarea[data-lab-code]", "def choose(view, moves, rng):\n    return moves[-1]\n")
    assert page.evaluate("window.inputs")[-1].endswith("moves[-1]\n")
    assert any("Bot Lab editor" in line for line in browser_log.console_errors)


def test_the_app_loads_codemirror_only_when_a_lab_textarea_appears(
        page: Page, base_url: str) -> None:
    """index.html runs assets/editor.js; the menu never needs CodeMirror. (Python's
    runtime is held back: what is asked for is read at the page's load, before Python.)"""
    from test_qr import hold_python

    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    hold_python(page)
    page.goto(f"{base_url}/index.html", wait_until="load")
    assert not [url for url in requested if "codemirror" in url]
    page.evaluate("""() => {
        const ta = document.createElement('textarea');
        ta.setAttribute('data-lab-code', ''); ta.value = 'x = 1\\n';
        document.querySelector('main').append(ta); }""")
    page.wait_for_selector("main .lab-editor .cm-editor")
    assert [url for url in requested if url.endswith("/vendor/pyscript/parlor-codemirror.js")]


def test_the_editor_has_no_serious_accessibility_violation(page: Page, base_url: str) -> None:
    from test_accessibility import serious_violations

    open_editor(page, base_url, "?dir=rtl")
    page.evaluate("""() => { const p = document.createElement('p');
        p.setAttribute('data-lab-error', ''); p.setAttribute('data-line', '2');
        p.textContent = 'line 2'; document.getElementById('lab').append(p); }""")
    page.wait_for_selector(".cm-lab-error")
    page.click(".cm-content .cm-line >> nth=1")  # the error line active: its contrast too
    assert serious_violations(page) == []
