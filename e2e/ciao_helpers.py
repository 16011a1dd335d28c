"""Driving Ciao! through the page, and preparing positions with the engine."""

from __future__ import annotations

import json

from playwright.sync_api import Page

from parlor.app import saves
from parlor.app.seats import default_names, parse_seat
from parlor.app.session import Session
from parlor.core.match import Match, replay
from parlor.core.rng import Rng
from parlor.games import GAMES

CIAO = GAMES["ciao"]
ANY_CHOICE = ("#game[data-phase='over'], #game .fan [data-move], #game .fan [data-pick], "
              "#game .moves [data-move]")


def find_position(seats: tuple[str, ...], options: dict[str, object], wanted, tries: int = 400
                  ) -> Match:
    """Random legal play from seed after seed until ``wanted(state)``; the match so far."""
    full = CIAO.options_for(len(seats), options)
    for seed in range(tries):
        s = CIAO.new(len(seats), seed, full)
        rng = Rng(seed)
        moves: list[str] = []
        while CIAO.to_act(s) is not None and len(moves) < 400:
            if wanted(s):
                names = default_names(tuple(parse_seat("ciao", x) for x in seats))
                return Match(game="ciao", seats=seats, seed=seed, options=full,
                             moves=tuple(moves), rules_version=CIAO.rules_version, names=names)
            move = rng.choice(CIAO.legal_moves(s))
            moves.append(move)
            s = CIAO.apply(s, move)
    raise AssertionError("no such position found")


def inject(page: Page, match: Match, save_id: str = "test-0", botdelay: int = 0) -> str:
    """Store ``match`` as a save in the page's local storage; return the save's URL query
    (``botdelay``: how long bots wait before their turns, in ms)."""
    session = Session(match=match, state=replay(match, GAMES[match.game]), save_id=save_id,
                      created=1.0)
    raw = saves.encode(session, 2.0)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                  [saves.PREFIX + save_id, raw])
    json.loads(raw)
    return f"?save={save_id}&botdelay={botdelay}"


def hand_size(page: Page) -> int:
    return page.locator("#game .fan .slot").count()


#: In a timed window (a race, a thank-you), what the policy below clicks, looked for and
#: clicked in one go: the window closes on its own timer, and a card looked for first
#: could be gone by the click. Whether something was clicked.
CLICK_IN_WINDOW = """() => {
  const game = document.getElementById('game');
  if (!game.querySelector('.window')) return null;
  const target = game.querySelector('.choices [data-move]')
    || game.querySelector('.fan [data-move]') || game.querySelector('.fan [data-pick]')
    || game.querySelector('.moves [data-move]');
  if (target) target.click();
  return !!target;
}"""


def play_something(page: Page) -> None:
    """A newcomer's policy: a card that fits, else its choices, else the first button."""
    if page.evaluate(CLICK_IN_WINDOW) is not None:
        return  # a window was open (the next look finds what followed)
    fan_move = page.locator("#game .fan [data-move]")
    if fan_move.count():
        fan_move.first.click()
        return
    fan_pick = page.locator("#game .fan [data-pick]")
    if fan_pick.count():
        fan_pick.first.click()
        page.locator("#game .choices [data-move]").first.click()
        return
    page.locator("#game .moves [data-move]").first.click()
