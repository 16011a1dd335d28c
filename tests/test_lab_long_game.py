"""Play against a Lab bot that never ends its game: past the Lab's move limit the
person is asked "end it now, scored as it stands, or play on?" (app/lab/page/long_game.py).
While asked, nothing moves; playing on asks again after as many moves more; ending it
ends the game where it stands, scored as the rules' "cut short" says, and the save
keeps that, so a reload shows the game over with the reason.

Both seats here always draw and keep (``moves[-1]``), the Ciao! that never ends; the
limit is lowered (as in test_lab_ends.py) so the game reaches it quickly."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from controller_driver import Driver
from parlor.app.events import Action, After, Boot, BotTurn, LabChoose, LabCode, Move
from parlor.app.lab.contest import limits
from parlor.core.match import match_from_json
from parlor.games import GAMES
from test_lab_play import answer, fire

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

CODE = "def choose(view, moves, rng):\n    return moves[-1]\n"
FORM = {"level": "random", "players": "2", "games": "10", "limit": "1000"}
#: The limit here (the table plays Ciao!'s five rounds: the same limit).
LIMIT = 60


@pytest.fixture(autouse=True)
def low_limit(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(limits, "LIMITS", {
        game: dict.fromkeys(sizes, LIMIT) for game, sizes in limits.LIMITS.items()})
    yield


def until_asked(page: Driver, out: list[object], most: int = 2000) -> list[object]:
    """Play until the person is asked (or the game ends): the person draws and keeps,
    the Lab bot answers through the worker, timers fire as the page's would."""
    for _ in range(most):
        session = page.c.session
        assert session is not None
        if session.to_act() is None or page.c.turns.asking():
            return out
        asked = [e for e in out if isinstance(e, LabChoose)]
        if asked:
            out = answer(page, asked[-1])
        elif session.to_act() == 0 and "data-move" in (page.game.screen.html if page.game else ""):
            out = page.send(Move(page.legal()[-1]))
        elif page.timers:
            out = fire(page)
        else:
            raise AssertionError("the game waits on nothing")
    raise AssertionError("never asked")


def start() -> tuple[Driver, list[object]]:
    page = Driver()
    page.send(Boot({"lab": "ciao", "botdelay": "0"}))
    page.send(LabCode(CODE))
    out = page.send(Action("lab-play", value=CODE, form=FORM))
    assert page.c.session is not None and page.c.session.match.seats == ("human", "lab")
    return page, out


def test_past_the_limit_the_person_is_asked_and_nothing_moves_meanwhile() -> None:
    page, out = start()
    out = until_asked(page, out)
    session = page.c.session
    assert session is not None and session.to_act() is not None
    assert len(session.match.moves) == LIMIT
    assert page.game is not None
    html = page.game.screen.html
    assert 'data-notice="long-game"' in html
    assert f"This game has passed {LIMIT} moves" in html
    assert f"you are asked again after {LIMIT} more moves" in html
    assert 'data-action="lab-end-now"' in html and 'data-action="lab-play-on"' in html
    assert "data-move" not in html  # the board waits for the answer
    # No bot moves and a click on the board is not played while the question is open.
    for timer in list(page.timers):
        page.send(timer.event)
    page.send(Move(page.legal()[-1]))
    page.send(BotTurn(page.c.turns.generation))
    assert page.c.session is not None and len(page.c.session.match.moves) == LIMIT


def test_play_on_asks_again_after_as_many_moves_more() -> None:
    page, out = start()
    out = until_asked(page, out)
    out = page.send(Action("lab-play-on"))
    assert not page.c.turns.asking()
    assert page.game is not None and 'data-notice="long-game"' not in page.game.screen.html
    out = until_asked(page, out)
    session = page.c.session
    assert session is not None and session.to_act() is not None
    assert len(session.match.moves) == 2 * LIMIT and page.c.turns.asking()


def test_end_now_ends_the_game_scored_as_it_stands_and_the_save_keeps_it() -> None:
    page, out = start()
    out = until_asked(page, out)
    page.send(Action("lab-end-now"))
    session = page.c.session
    assert session is not None and session.match.cut and session.to_act() is None
    assert not [e for e in page.timers if isinstance(e, After) and isinstance(e.event, BotTurn)
                and e.event.generation == page.c.turns.generation]
    rules = GAMES["ciao"]
    expected = rules.outcome_now(session.state)
    outcome = session.outcome()
    assert outcome is not None and outcome.winners == expected.winners
    assert page.game is not None
    shown = page.game.screen
    assert shown.phase == "over" and 'class="end"' in shown.html
    rule = "the round in progress was scored as it stood (every card left in a hand counts)"
    assert f"This game was ended after {LIMIT} moves, before its end: {rule}." in shown.html
    # The save says so: a reload shows the game over, with the reason.
    saved = page.store.get(f"parlor:save:{session.save_id}")
    assert saved is not None and '"cut":true' in saved.replace(" ", "")
    again = Driver(page.store)
    again.send(Boot({"save": session.save_id, "botdelay": "0"}))
    assert again.c.session is not None and again.c.session.to_act() is None
    assert again.game is not None and again.game.screen.phase == "over"
    assert "This game was ended after" in again.game.screen.html
    assert match_from_json(again.c.session.match.to_json(), GAMES).cut
