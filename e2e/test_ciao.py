"""Ciao! end to end in headless Chromium: a whole round against bots to the
score table, a speed race won by a click in time, a missed "Thank you!" and its cards."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from ciao_helpers import ANY_CHOICE, find_position, hand_size, inject, play_something
from parlor.core.protocol import TABLE


def test_whole_round_against_bots_to_the_score_table(app) -> None:
    """Rules page, "End of a round and the match": a one-round match played by clicking
    ends on the table of each hand's penalty."""
    page = app("?game=ciao&players=3&seats=human,bot:hard,bot:easy&seed=4&botdelay=0"
               "&opt.rounds=1&opt.race_seconds=2&opt.thanks_seconds=2")
    for _ in range(400):
        page.wait_for_selector(ANY_CHOICE, timeout=30_000)
        if page.get_attribute("#game", "data-phase") == "over":
            break
        play_something(page)
    expect(page.locator("#game")).to_have_attribute("data-phase", "over")
    end = page.locator("#game .end")
    expect(end).to_contain_text("Round 1")
    expect(end.locator("tr")).to_have_count(4)  # a header and one row per player
    expect(page.locator("#status")).to_contain_text("Game over")


def test_speed_race_won_by_a_click_in_time(app, page: Page) -> None:
    """Rules page, "speed challenge": every other player races to lay a legal card; the
    fastest wins and play continues after the winner. Bots never answer under 0.5 s."""
    # A race only the person can answer (the bots hold no fitting card), so the test
    # does not depend on how fast this machine clicks; bots then wait 3 s before their
    # turns, so the log still shows the race when it is read.
    match = find_position(
        ("human", "bot:easy", "bot:easy"), {"race_seconds": 8},
        lambda s: s.phase == "race" and s.speed_player != 0
        and any(m.startswith("race 1 ") for m in _legal(s))
        and not any(m.startswith(("race 2 ", "race 3 ")) for m in _legal(s)))
    page = app()
    page = app(inject(page, match, botdelay=3000))
    expect(page.locator("#game .window.race")).to_be_visible()
    before = hand_size(page)
    race = page.locator("#game .fan [data-move^='race 1 '], #game .fan [data-pick]").first
    race.click()
    if page.locator("#game .choices [data-move]").count():
        page.locator("#game .choices [data-move]").first.click()
    expect(page.locator("#game .log li").first).to_contain_text("won the speed race")
    expect(page.locator("#game .log li").first).to_contain_text("You played")
    assert hand_size(page) == before - 1


def test_missed_thank_you_costs_three_cards(app, page: Page) -> None:
    """Rules page, "give a card": the receiver must say "Thank you!" or draw 3."""
    match = find_position(
        ("human", "bot:easy", "bot:easy"), {"thanks_seconds": 2, "auto_thank": False},
        lambda s: s.phase == "thanks" and s.receiver == 0 and len(s.draw) >= 3)
    page = app()
    page = app(inject(page, match, botdelay=3000))  # the log holds still after the penalty
    expect(page.locator("#game .window.thanks")).to_be_visible()
    expect(page.locator("#game [data-move='thanks 1']")).to_be_visible()
    before = hand_size(page)
    expect(page.locator("#game .log li").first).to_contain_text("forgot", timeout=10_000)
    assert hand_size(page) == before + 3


def _legal(state) -> list[str]:
    from parlor.games import GAMES

    game = GAMES["ciao"]
    return game.legal_moves(state) if game.to_act(state) == TABLE else []
