"""Playing against a bot written in the Lab: the game keeps the bot's
code, so it saves, resumes and replays with it; the bot's move is asked of the worker
(played here by ``run_here``: the referee with in-process sandboxes) and played after
the bot delay; a bot that gives no move stops the game with the reason, and nothing is
played for it."""

from __future__ import annotations

import json

import pytest

from controller_driver import Driver
from parlor.app.events import (
    Action,
    Boot,
    LabChoose,
    LabChose,
    LabCode,
    LabEnd,
    Move,
    ShowGame,
)
from parlor.app.lab.referee.here import run_here as run
from parlor.app.setup import parse_setup
from parlor.core.errors import BadOptions, BadSave
from parlor.core.match import Match, match_from_dict
from parlor.games import GAMES

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

CODE = "def choose(view, moves, rng):\n    return moves[-1]\n"
FORM = {"level": "random", "players": "2", "games": "10", "limit": "1000"}


def fire(page: Driver) -> list[object]:
    """The earliest timer, fired as the page's event loop would; its effects."""
    page.timers.sort(key=lambda a: a.ms)
    timer = page.timers.pop(0)
    page.clock += timer.ms
    return page.send(timer.event)


def answer(page: Driver, asked: LabChoose) -> list[object]:
    """The worker's part: run the request, send back what assets/lab.js would."""
    texts: list[str] = []
    run(asked.request, texts.append, clock=lambda: 0.0)
    reports = [t for t in texts if t.startswith("{") and '"done"' not in t]
    return page.send(LabChose("done", "[" + ",".join(reports) + "]"))


def play_on(page: Driver, out: list[object], moves: int) -> list[object]:
    """Play ``moves`` plies: the person takes the first legal move, the Lab bot answers
    through the worker, timers fire as the page's would."""
    for _ in range(moves):
        session = page.c.session
        assert session is not None
        if session.game.outcome(session.state) is not None:
            break
        asked = [e for e in out if isinstance(e, LabChoose)]
        if asked:
            out = answer(page, asked[-1])
            while page.timers and page.c.session is session:
                out = fire(page)
        elif not session.bot_to_act():
            out = page.send(Move(page.legal()[0]))
        else:
            out = fire(page)
    return out


def test_play_against_your_bot_saves_its_code_and_resumes_after_a_reload() -> None:
    page = Driver()
    page.send(Boot({"lab": "kabaleo", "botdelay": "0"}))
    page.send(LabCode(CODE))
    out = page.send(Action("lab-play", value=CODE, form=FORM))
    assert any(isinstance(e, ShowGame) for e in out)
    session = page.c.session
    assert session is not None
    assert session.match.seats == ("human", "lab") and session.match.lab == ("", CODE)
    assert session.match.names[1] == "My bot"
    out = play_on(page, out, 6)
    assert page.c.session is not None and len(page.c.session.match.moves) >= 4
    # The bot's moves are its own: moves[-1] of what its view offered.
    save_id = page.c.session.save_id
    again = Driver(page.store)
    out = again.send(Boot({"save": save_id, "botdelay": "0"}))
    assert again.c.session is not None
    assert again.c.session.match == page.c.session.match  # the code came back with it
    out = play_on(again, out, 200)
    final = again.c.session
    assert final is not None and final.game.outcome(final.state) is not None


def test_a_bot_that_gives_no_move_stops_the_game_with_the_reason() -> None:
    page = Driver()
    page.send(Boot({"lab": "kabaleo", "botdelay": "0"}))
    crash = "def choose(view, moves, rng):\n    return moves[99]\n"
    out = page.send(Action("lab-play", value=crash, form=FORM))
    if page.c.session is not None and not page.c.session.bot_to_act():
        out = page.send(Move(page.legal()[0]))  # the person is first to play
    while page.timers and not any(isinstance(e, LabChoose) for e in out):
        out = fire(page)  # the bot's turn begins: its move is asked of the worker
    asked = [e for e in out if isinstance(e, LabChoose)]
    assert asked
    assert page.c.session is not None
    before = page.c.session.match.moves
    out = answer(page, asked[-1])
    shown = [e for e in out if isinstance(e, ShowGame)][-1].screen.html
    assert 'data-notice="lab"' in shown and "IndexError" in shown and "Line 2" in shown
    assert 'data-lab-problem="crash"' in shown  # what a browser test tells apart
    assert page.c.session.match.moves == before  # the game waits: nothing played for it
    retry = page.send(Action("lab-retry"))
    while page.timers and not any(isinstance(e, LabChoose) for e in retry):
        retry = fire(page)
    assert any(isinstance(e, LabChoose) for e in retry)  # asked again


@pytest.mark.parametrize("forged", [
    '[{"kind": "chose", "ply": PLY, "move": "Z9", "problem": null, "printed": ""}]',
    '[{"kind": "chose", "ply": PLY, "move": 7, "problem": null, "printed": ""}]',
    '[{"kind": "chose", "ply": PLY}]',
    '{"kind": "chose"}',
    "not json",
])
def test_a_forged_answer_from_the_worker_stops_the_game_and_raises_nothing(
        forged: str) -> None:
    """A forged report is refused. The page checks the move once more
    with ``legal_moves_for`` before playing it; anything it cannot read or may not play
    stops the game with the reason, and nothing is played for the bot."""
    page = Driver()
    page.send(Boot({"lab": "kabaleo", "botdelay": "0"}))
    out = page.send(Action("lab-play", value=CODE, form=FORM))
    if page.c.session is not None and not page.c.session.bot_to_act():
        out = page.send(Move(page.legal()[0]))
    while page.timers and not any(isinstance(e, LabChoose) for e in out):
        out = fire(page)
    assert any(isinstance(e, LabChoose) for e in out)
    session = page.c.session
    assert session is not None
    before = session.match.moves
    out = page.send(LabChose("done", forged.replace("PLY", str(len(before)))))
    while page.timers and page.c.session is session:
        out = fire(page)
    shown = [e for e in out if isinstance(e, ShowGame)]
    assert shown and 'data-notice="lab"' in shown[-1].screen.html
    assert page.c.session is not None and page.c.session.match.moves == before


def test_a_save_with_a_lab_seat_must_carry_its_code() -> None:
    game = GAMES["kabaleo"]
    match = Match("kabaleo", ("human", "lab"), 3, game.options_for(2, {}), lab=("", CODE))
    assert match_from_dict(json.loads(match.to_json()), GAMES) == match
    plain = Match("kabaleo", ("human", "bot:random"), 3, game.options_for(2, {}))
    assert "lab" not in plain.to_dict()  # saves from before the Lab are unchanged
    missing = {**match.to_dict(), "lab": []}
    with pytest.raises(BadSave):
        match_from_dict(missing, GAMES)
    misplaced = {**plain.to_dict(), "lab": [CODE, ""]}
    with pytest.raises(BadSave):
        match_from_dict(misplaced, GAMES)
    with pytest.raises(BadOptions):
        parse_setup({"game": "kabaleo", "seats": "human,lab"}, fallback_seed=1)


def test_the_labs_workers_end_when_it_is_left_unless_the_next_game_seats_a_lab_bot() -> None:
    """the referee and the sandboxes are two interpreters more than the page's.
    Leaving the Lab for the menu or a game of built-in bots ends them; a game against
    the Lab's bot keeps them (the referee plays its moves) until that game is left."""
    page = Driver()
    page.send(Boot({"lab": "kabaleo", "botdelay": "0"}))
    out = page.send(Action("menu"))
    assert sum(isinstance(e, LabEnd) for e in out) == 1
    assert not any(isinstance(e, LabEnd) for e in page.send(Action("menu")))  # once
    page.send(Action("lab", game="kabaleo"))
    page.send(LabCode(CODE))
    out = page.send(Action("lab-play", value=CODE, form=FORM))
    assert not any(isinstance(e, LabEnd) for e in out)
    out = play_on(page, out, 4)  # the bot's moves still come from the referee
    assert page.c.session is not None and len(page.c.session.match.moves) >= 2
    assert sum(isinstance(e, LabEnd) for e in page.send(Action("menu"))) == 1
