"""The menu a child can use: a tile's Play starts the
game at once against the default bot; several people at the device make it hot-seat;
More options (the full form) still starts any table."""

from __future__ import annotations

import pytest

from controller_driver import Driver
from parlor.app.events import Action, Boot, MenuMessage
from parlor.app.setup import default_players, play_setup
from parlor.bots import DEFAULT_LEVEL
from parlor.games import GAMES


def started(page: Driver) -> tuple[str, ...]:
    assert page.c.session is not None, "no game started"
    assert page.game is not None and page.game.screen.phase in ("play", "handoff")
    return page.c.session.match.seats


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_play_starts_one_person_against_the_default_bot(game_id: str) -> None:
    page = Driver()
    page.send(Boot({}))
    page.send(Action("play", game=game_id, form={"humans": "1"}))
    bot = f"bot:{DEFAULT_LEVEL[game_id]}"
    assert started(page) == ("human",) + (bot,) * (default_players(game_id) - 1)
    assert default_players(game_id) == 2  # a duel, Saboteur's solo stays under More options
    assert page.url is not None and page.url.params is not None and "save" in page.url.params


def test_play_without_a_choice_is_one_person() -> None:
    page = Driver()
    page.send(Boot({}))
    page.send(Action("play", game="kabaleo"))
    assert started(page) == ("human", f"bot:{DEFAULT_LEVEL['kabaleo']}")


def test_two_people_at_the_device_play_hot_seat() -> None:
    page = Driver()
    page.send(Boot({}))
    page.send(Action("play", game="kabaleo", form={"humans": "2"}))
    assert started(page) == ("human", "human")
    # Two people who may not see each other's colour: the device is handed over.
    assert page.game is not None and page.game.screen.phase == "handoff"


def test_more_people_than_the_default_table_get_a_seat_each() -> None:
    setup = play_setup("ciao", "3", fallback_seed=1)
    assert [s.spec for s in setup.seats] == ["human", "human", "human"]


def test_more_people_than_the_game_seats_are_refused_on_the_menu() -> None:
    page = Driver()
    page.send(Boot({}))
    out = page.send(Action("play", game="saboteur", form={"humans": "3"}))
    assert page.c.session is None
    [msg] = [e for e in out if isinstance(e, MenuMessage)]
    assert "1 to 2 players" in msg.text


def test_more_options_start_still_works() -> None:
    page = Driver()
    page.send(Boot({}))
    form = {"game": "saboteur", "players": "1", "seats": "human", "seed": "4"}
    page.send(Action("start", game="saboteur", form=form))
    assert started(page) == ("human",)
    assert page.c.session is not None and page.c.session.match.seed == 4


def test_the_menu_draws_the_full_rules_beside_the_forms_not_inside() -> None:
    page = Driver()
    page.send(Boot({}))
    assert page.menu is not None
    assert set(page.menu.rules) == set(GAMES) == set(page.menu.forms)
    for game_id in GAMES:
        assert 'class="rules"' in page.menu.rules[game_id]
        assert 'class="rules"' not in page.menu.forms[game_id]


def test_play_is_an_action_the_controller_answers() -> None:
    assert "play" in Driver().c.actions


def test_a_new_game_the_game_refuses_leaves_the_menu_saying_why() -> None:
    """A set-up parse_setup would not let through, handed to the controller anyway (as a
    part answers with ``GoNew``): nothing opens or is saved, and the menu says why, as
    the menu's Start always did."""
    from parlor.app.page import GoNew, go
    from parlor.app.seats import parse_seat
    from parlor.app.setup import Setup

    page = Driver()
    page.send(Boot({}))
    human = parse_seat("kabaleo", "human")
    setup = Setup(game="kabaleo", seats=(human, human), seed=1, options={"nonsense": 3})
    before = dict(page.store.data)
    out: list = []
    page.c.apply(go(GoNew(setup)), out)
    assert [type(e) for e in out] == [MenuMessage]
    assert "nonsense" in out[0].text
    assert page.c.shown == "menu" and page.c.session is None and page.store.data == before
