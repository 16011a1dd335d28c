"""Ciao! end to end in headless Chromium: a whole round against bots to the
score table, a speed race won by a click in time, a missed "Thank you!" and its cards."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from ciao_helpers import ANY_CHOICE, CIAO, find_position, inject, play_something
from parlor.app.page_params import MAX_BOT_DELAY_MS
from parlor.core.match import replay
from parlor.core.protocol import TABLE


def test_whole_round_against_bots_to_the_score_table(app) -> None:
    """Rules page, "End of a round and the match": a one-round match played by clicking
    ends on the table of each hand's penalty."""
    page = app("?game=ciao&players=3&seats=human,bot:hard,bot:easy&seed=4&botdelay=0"
               "&opt.rounds=1&opt.race_seconds=2&opt.thanks_seconds=2")
    for _ in range(400):
        page.wait_for_selector(ANY_CHOICE)
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
    # does not depend on how fast this machine clicks, in the Lab's longest window;
    # bots then wait their longest (10 s) before their turns, so the hand still holds
    # what the race left when it is counted.
    match = find_position(
        ("human", "bot:easy", "bot:easy"), {"race_seconds": 8},
        lambda s: s.phase == "race" and s.speed_player != 0
        and any(m.startswith("race 1 ") for m in _legal(s))
        and not any(m.startswith(("race 2 ", "race 3 ")) for m in _legal(s)))
    before = len(replay(match, CIAO).hands[0])
    page = app()
    page = app(inject(page, match, botdelay=MAX_BOT_DELAY_MS))
    expect(page.locator("#game .window.race")).to_be_visible()
    race = page.locator("#game .fan [data-move^='race 1 '], #game .fan [data-pick]").first
    race.click()
    if page.locator("#game .choices [data-move]").count():
        page.locator("#game .choices [data-move]").first.click()
    won = page.locator("#game .log li", has_text="won the speed race")
    expect(won).to_have_count(1)
    expect(won).to_contain_text("You played")
    expect(page.locator("#game .fan .slot")).to_have_count(before - 1)


def test_missed_thank_you_costs_three_cards(app, page: Page) -> None:
    """Rules page, "give a card": the receiver must say "Thank you!" or draw 3."""
    # The window at its longest (6 s of the page's own time), so that it is surely seen
    # open before it passes; the hand as the position has it (read from the page, it
    # could already hold the penalty).
    match = find_position(
        ("human", "bot:easy", "bot:easy"), {"thanks_seconds": 6, "auto_thank": False},
        lambda s: s.phase == "thanks" and s.receiver == 0 and len(s.draw) >= 3)
    before = len(replay(match, CIAO).hands[0])
    page = app()
    page = app(inject(page, match, botdelay=MAX_BOT_DELAY_MS))  # the bots hold still after
    expect(page.locator("#game .window.thanks")).to_be_visible()
    expect(page.locator("#game [data-move='thanks 1']")).to_be_visible()
    expect(page.locator("#game .log li", has_text="forgot")).to_have_count(1)
    expect(page.locator("#game .fan .slot")).to_have_count(before + 3)


def _legal(state) -> list[str]:
    from parlor.games import GAMES

    game = GAMES["ciao"]
    return game.legal_moves(state) if game.to_act(state) == TABLE else []
