"""The pure app layer: set-up from URLs, sessions, hand-off, undo (docs/design.md, page
contract and match record)."""

from __future__ import annotations

import pytest

from parlor.app.seats import Seat, default_names, parse_seat
from parlor.app.session import Session
from parlor.app.setup import parse_setup, setup_query
from parlor.core.errors import BadOptions, IllegalMove


def start(query: dict[str, str]) -> Session:
    return Session.start(parse_setup(query, fallback_seed=1).to_match(), "id-0", 0.0)


def test_url_round_trip_recreates_the_setup() -> None:
    """docs/design.md: URL parameters start a game; after it starts the URL reflects it."""
    q = {"game": "kabaleo", "players": "3", "seats": "human,bot:easy,bot:hard",
         "seed": "42", "opt.last_pile_ban": "0", "opt.distribution": "even"}
    s = start(q)
    again = parse_setup(setup_query(s.match), fallback_seed=99).to_match()
    assert again == s.match
    assert s.match.options["last_pile_ban"] is False
    assert s.match.options["distribution"] == "even"


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ({"game": "nope"}, "unknown game"),
        ({"game": "kabaleo", "players": "5"}, "2 to 4 players"),
        ({"game": "kabaleo", "players": "x"}, "must be a number"),
        ({"game": "kabaleo", "players": "3", "seats": "human,human"}, "3 players but 2 seats"),
        ({"game": "kabaleo", "seats": "human,robot"}, "a seat is 'human'"),
        ({"game": "kabaleo", "seats": "human,bot:genius"}, "no bot level 'genius'"),
        ({"game": "kabaleo", "seed": "-4"}, "whole number"),
        ({"game": "kabaleo", "opt.colour": "1"}, "no option 'colour'"),
        ({"game": "kabaleo", "opt.last_pile_ban": "maybe"}, "last_pile_ban"),
        ({"game": "kabaleo", "players": "4", "opt.distribution": "even"}, "even deal"),
        ({"game": "kabaleo", "players": "3", "opt.targets_per_player": "two"}, "2-player"),
    ],
)
def test_bad_links_are_refused_with_a_reason(query: dict[str, str], words: str) -> None:
    """Standards: a hand-edited URL gets a clear message."""
    with pytest.raises(BadOptions, match=words):
        parse_setup(query, fallback_seed=1)


def test_defaults_one_human_against_default_bots() -> None:
    s = parse_setup({"game": "kabaleo", "players": "3"}, fallback_seed=7)
    assert s.seed == 7
    assert s.seats[0] == Seat("human") and all(x.is_bot for x in s.seats[1:])


def test_names() -> None:
    assert default_names((Seat("human"), Seat("bot", "easy"))) == ("You", "Bot 2")
    assert default_names((Seat("human"), Seat("human"))) == ("Player 1", "Player 2")
    assert parse_seat("kabaleo", "bot").is_bot


def play_random(s: Session, n: int) -> Session:
    for _ in range(n):
        s = s.play(s.game.legal_moves(s.state)[0])
    return s


def test_viewer_and_handoff_rules() -> None:
    """docs/design.md: between two humans who must not see each other's secrets, a hand-off."""
    solo = start({"game": "kabaleo", "seats": "human,bot:easy", "seed": "3"})
    assert solo.viewer() == 0 and not solo.needs_handoff(None)
    duo = start({"game": "kabaleo", "seats": "human,human", "seed": "3"})
    first = duo.to_act()
    assert duo.viewer() == first and duo.needs_handoff(None)
    assert not duo.needs_handoff(first)
    after = play_random(duo, 1)
    assert after.needs_handoff(first)
    bots = start({"game": "kabaleo", "seats": "bot:easy,bot:random", "seed": "3"})
    assert bots.viewer() is None


def test_play_refuses_illegal_moves_with_the_rules_reason() -> None:
    s = start({"game": "kabaleo", "seats": "human,bot:easy", "seed": "3"})
    with pytest.raises(IllegalMove, match="colour letter"):
        s.play("hello")


def test_undo_takes_back_the_humans_move_and_the_bot_replies() -> None:
    """docs/design.md: undo cuts moves off the end; only offered with a single human."""
    s = start({"game": "kabaleo", "seats": "human,bot:easy", "seed": "4"})
    assert s.undo_target() is None
    if s.to_act() != 0:
        s = play_random(s, 1)  # the bot's opening move
    base = len(s.match.moves)
    s2 = play_random(s, 2)  # human, then bot
    assert s2.undo_target() == base
    back = s2.undo()
    assert back.match.moves == s.match.moves and back.state == s.state
    duo = play_random(start({"game": "kabaleo", "seats": "human,human", "seed": "4"}), 2)
    assert duo.undo_target() is None and duo.undo() is duo


def test_no_undo_once_the_end_has_revealed_every_colour() -> None:
    """docs/design.md: undo never goes past a move that revealed hidden information to the
    person undoing; the end of a Kabaleo game reveals every target."""
    s = start({"game": "kabaleo", "seats": "human,bot:easy", "seed": "6"})
    while s.to_act() is not None:
        s = s.play(s.game.legal_moves(s.state)[0])
    assert s.undo_target() is None and s.undo() is s
