"""Playing Saboteur through the page the way a person does: pick a card from the hand,
turn it if it fits only the other way up, click the highlighted cell nearest the goals;
otherwise play an action card with its button or target; otherwise, with a broken tool,
discard two cards to clear it; otherwise pass, discarding one card. Goals reached are
turned face up with the first orientation offered; in the bribe window after our own
action we bribe while more than two counters are left, else end the turn."""

from __future__ import annotations

from playwright.sync_api import Page

from conftest import saved_state

#: Our turn (a hand card, a reveal choice or the bribe window is clickable) or the end.
TURN = ("#game[data-phase='over'], #game .hcard[data-pick^='card:'], "
        "#game .reveal-opt[data-move], #game .bribe-window [data-move]")
TARGETS = "#game svg.maze [data-move]"
BUTTONS = "#game .sab-choices [data-move]"


def wait_for_my_turn_or_end(page: Page, timeout: float | None = None) -> str:
    page.wait_for_selector(TURN, timeout=timeout)
    return page.get_attribute("#game", "data-phase") or ""


def hand_tokens(page: Page, kind: str | None = None) -> list[str]:
    """The distinct ``card:<ID>`` tokens in the hand (of one card kind, if given)."""
    sel = "#game .hcard[data-pick^='card:']"
    if kind is not None:
        sel += f"[data-kind='{kind}']"
    seen: list[str] = []
    for token in page.locator(sel).evaluate_all("els => els.map(e => e.dataset.pick)"):
        if token not in seen:
            seen.append(token)
    return seen


def pick(page: Page, token: str) -> None:
    page.locator(f"#game [data-pick='{token}']").first.click()
    settled(page)


def settled(page: Page) -> None:
    """On a guest device a pick goes to the host and back: wait for its screen."""
    page.wait_for_selector("#game:not([data-busy])")


def click_move(page: Page, selector: str) -> str:
    target = page.locator(selector).first
    move = target.get_attribute("data-move") or ""
    target.click()
    return move


def click_best_place(page: Page) -> str:
    """Click the highlighted cell furthest toward the goals (x grows toward them)."""
    cells = page.locator(TARGETS).evaluate_all(
        "els => els.map(e => [e.dataset.move, e.dataset.cell || '0,0'])")

    def score(item: list[str]) -> tuple[int, int]:
        x, y = (int(v) for v in item[1].split(","))
        return (x, -abs(y))

    move = max(cells, key=score)[0]
    page.locator(f"#game svg.maze [data-move='{move}']").click()
    return move


def choices_text(page: Page) -> str:
    box = page.locator("#game .sab-choices")
    return box.inner_text() if box.count() else ""


def play_one_move(page: Page) -> str:
    """One move of the strategy above; returns the move played (its data-move)."""
    if page.locator("#game .reveal-opt[data-move]").count():
        return click_move(page, "#game .reveal-opt[data-move]")
    if page.locator("#game .bribe-window [data-move]").count():
        # The bribe window after our own action: bribe while two counters are left,
        # then end the turn (so both buttons get clicked in a long game).
        counters = saved_state(page).counters_left[0]
        if counters > 2:
            return click_move(page, "#game .bribe-window [data-move^='bribe ']")
        return click_move(page, "#game .bribe-window [data-move='done']")
    for token in hand_tokens(page, "path"):
        pick(page, token)
        if page.locator(TARGETS).count():
            return click_best_place(page)
        if page.locator("#game [data-pick='turn']").count():  # any language
            pick(page, "turn")
            if page.locator(TARGETS).count():
                return click_best_place(page)
    for kind in ("repair", "sabotage", "key", "map"):
        for token in hand_tokens(page, kind):
            pick(page, token)
            if page.locator(TARGETS).count():
                return click_move(page, TARGETS)
            useful = f"{BUTTONS}:not([data-move^='pass']):not([data-move^='bribe'])"
            if page.locator(useful).count():
                return click_move(page, useful)
    broken = page.locator("#game .player.me .tool.broken").count()
    if broken and page.locator("#game .hcard[data-pick^='card:']").count() >= 2:
        # A broken tool stops the digging: discard two cards to clear it.
        pick(page, "discard")
        pick(page, "discard:0")
        pick(page, "discard:1")
        return click_move(page, f"{BUTTONS}[data-move^='clear ']")
    token = hand_tokens(page)[0]
    if page.locator("#game .hcard.picked").count() == 0 or \
            page.locator(f"#game .hcard.picked[data-pick='{token}']").count() == 0:
        pick(page, token)
    return click_move(page, f"{BUTTONS}[data-move^='pass ']")


def log_length(page: Page) -> int:
    return page.locator("#game ol.log li").count()


def view_box(page: Page) -> str:
    return page.get_attribute("#game svg.maze", "viewBox") or ""
