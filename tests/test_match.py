"""Match records and saves (parlor.core.match).

A save is the seed plus the moves; loading replays every move through the rules, so a
corrupt or hand-edited save must be refused with a reason a person can act on, and the
raw text must survive so the UI can offer it for download.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from parlor.core.errors import BadSave
from parlor.core.match import FORMAT, Match, match_from_dict, match_from_json, replay
from parlor.core.rng import Rng
from parlor.games import GAMES

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

GAME = GAMES["kabaleo"]


def played(players: int, seed: int, n: int | None = None) -> tuple[list[str], Any]:
    """Moves of a seeded random game (the first ``n``, or all) and the state they reach."""
    s = GAME.new(players, seed, GAME.options_for(players, {}))
    rng = Rng(seed + 1000)
    moves: list[str] = []
    while GAME.to_act(s) is not None and (n is None or len(moves) < n):
        move = rng.choice(GAME.legal_moves(s))
        s = GAME.apply(s, move)
        moves.append(move)
    return moves, s


def make_match(players: int = 2, seed: int = 7, moves: list[str] | None = None) -> Match:
    return Match(
        game="kabaleo",
        seats=("human",) + ("bot:2",) * (players - 1),
        seed=seed,
        options=GAME.options_for(players, {}),
        moves=tuple(moves or ()),
        names=tuple(f"P{i}" for i in range(players)),
    )


def save_dict(**changes: object) -> dict[str, object]:
    """A valid save as a dict, with some fields changed (or removed if set to ...)."""
    moves, _ = played(2, 7, 4)
    data = make_match(2, 7, moves).to_dict()
    for key, value in changes.items():
        if value is ...:
            data.pop(key, None)
        else:
            data[key] = value
    return data


# ------------------------------------------------------------------------ round trip


@pytest.mark.parametrize("players", [2, 3, 4])
def test_json_round_trip(players: int) -> None:
    moves, _ = played(players, 3, 10)
    m = make_match(players, 3, moves)
    text = m.to_json()
    assert json.loads(text)["moves"] == moves
    back = match_from_json(text, GAMES)
    assert back == m
    assert back.to_json() == text


def test_round_trip_without_names_and_moves() -> None:
    m = Match(game="kabaleo", seats=("human", "human"), seed=0, options={})
    assert match_from_json(m.to_json(), GAMES) == m


def test_with_move_appends() -> None:
    m = make_match().with_move("O1").with_move("G2")
    assert m.moves == ("O1", "G2")


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (3, 1), (4, 2), (2, 3)])
def test_replay_equals_applying_moves(players: int, seed: int) -> None:
    """Replaying the record rebuilds exactly the state the moves reached, mid-game and at
    the end."""
    for n in (0, 5, None):
        moves, state = played(players, seed, n)
        m = make_match(players, seed, moves)
        assert replay(m, GAMES[m.game]) == state
        assert replay(match_from_json(m.to_json(), GAMES), GAMES[m.game]) == state


def test_replay_accepts_options_as_saved_from_a_url() -> None:
    """Options in a save go through the game's own validation, so "off" works like False."""
    m = Match(game="kabaleo", seats=("human", "human"), seed=1,
              options={"last_pile_ban": "off", "targets_per_player": "2"})
    s = replay(m, GAMES[m.game])
    assert s.options.last_pile_ban is False
    assert [len(t) for t in s.targets] == [2, 2]


# ---------------------------------------------------------------------------- refusals


def refused(data: object) -> BadSave:
    text = json.dumps(data)
    with pytest.raises(BadSave) as err:
        match = match_from_json(text, GAMES)
        replay(match, GAMES[match.game], text)
    assert err.value.raw == text
    return err.value


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("{not json", "not valid JSON"),
        ("", "not valid JSON"),
        ("[1, 2]", "not a JSON object"),
        ('"kabaleo"', "not a JSON object"),
        ("null", "not a JSON object"),
    ],
)
def test_refuses_what_is_not_a_save(text: str, expected: str) -> None:
    with pytest.raises(BadSave) as err:
        match_from_json(text, GAMES)
    assert expected in err.value.reason
    assert err.value.raw == text
    assert str(err.value) == err.value.reason


BAD_FIELDS: list[tuple[str, Callable[[], dict[str, object]], str]] = [
    ("format 2", lambda: save_dict(format=FORMAT + 1), f"unknown save format {FORMAT + 1}"),
    ("no format", lambda: save_dict(format=...), "unknown save format None"),
    ("unknown game", lambda: save_dict(game="chess"), "unknown game 'chess'"),
    ("game not str", lambda: save_dict(game=["kabaleo"]), "unknown game"),
    ("rules version", lambda: save_dict(rules_version=2), "rules version 2"),
    ("seats ints", lambda: save_dict(seats=[1, 2]), "seats are not a list of strings"),
    ("seats str", lambda: save_dict(seats="human,human"), "seats are not a list of strings"),
    ("names", lambda: save_dict(names=["only one"]), "names do not match the seats"),
    ("seed str", lambda: save_dict(seed="7"), "seed is not a whole number"),
    ("seed float", lambda: save_dict(seed=7.5), "seed is not a whole number"),
    ("seed bool", lambda: save_dict(seed=True), "seed is not a whole number"),
    ("no seed", lambda: save_dict(seed=...), "seed is not a whole number"),
    ("options list", lambda: save_dict(options=[]), "options are not a JSON object"),
    ("moves str", lambda: save_dict(moves="O1 G2"), "moves are not a list of strings"),
    ("moves ints", lambda: save_dict(moves=["O1", 3]), "moves are not a list of strings"),
    ("five players", lambda: save_dict(seats=["human"] * 5, names=[]), "2 to 4 players"),
    ("one player", lambda: save_dict(seats=["human"], names=[]), "2 to 4 players"),
    ("bad option", lambda: save_dict(options={"colourblind": True}), "no option 'colourblind'"),
    (
        "even deal for 4",
        lambda: save_dict(seats=["human"] * 4, names=[], moves=[],
                          options={"distribution": "even"}),
        "even deal",
    ),
]


@pytest.mark.parametrize(
    ("data", "expected"), [(f, e) for _, f, e in BAD_FIELDS], ids=[i for i, _, _ in BAD_FIELDS]
)
def test_refuses_bad_fields_with_a_reason(
    data: Callable[[], dict[str, object]], expected: str
) -> None:
    err = refused(data())
    assert expected in err.reason


def test_unplayable_setup_says_so() -> None:
    err = refused(save_dict(seats=["human"] * 5, names=[]))
    assert "set-up is not playable" in err.reason


def test_illegal_move_names_the_move_number_and_move() -> None:
    """The refusal points at the first bad move, with the rules' own reason."""
    moves, s = played(2, 7, 2)
    # Move 3 on the pile move 2 was played on: forbidden by the last-pile ban.
    colour = next(m[0] for m in GAME.legal_moves(s))
    bad = f"{colour}{moves[1][1:]}"
    assert bad not in GAME.legal_moves(s)
    err = refused(save_dict(moves=[*moves, bad, "O1"]))
    assert f"move 3 ({bad!r})" in err.reason
    assert "last-pile ban" in err.reason


def test_garbage_move_is_refused() -> None:
    err = refused(save_dict(moves=["O1x"]))
    assert "move 1 ('O1x')" in err.reason and "colour letter" in err.reason


def test_move_after_the_end_is_refused() -> None:
    moves, s = played(2, 7)
    assert GAME.to_act(s) is None and len(moves) == 24
    err = refused(save_dict(moves=[*moves, moves[-1]]))
    assert f"move 25 ({moves[-1]!r})" in err.reason
    assert "after the game had ended" in err.reason


def test_from_dict_without_raw() -> None:
    """match_from_dict is usable on already-parsed data; raw then stays None."""
    with pytest.raises(BadSave) as err:
        match_from_dict({"format": FORMAT, "game": "nope"}, GAMES)
    assert err.value.raw is None
    assert match_from_dict(save_dict(), GAMES) == make_match(2, 7, played(2, 7, 4)[0])
