"""Options: one description (OptionSpec) shared by the menu, the URL parser and the engine.

A URL can be edited by hand, so every bad value must be refused with ``BadOptions``
naming the option, never turned into a strange game or a stack trace.
"""

from __future__ import annotations

import typing

import pytest

from parlor.core.errors import BadOptions
from parlor.core.options import OptionSpec, parse_bool
from parlor.games import GAMES
from parlor.games.ciao.options import CiaoOptions
from parlor.games.kabaleo.options import KabaleoOptions
from parlor.games.saboteur.options import SaboteurOptions

GAME = GAMES["kabaleo"]
SPECS = {spec.key: spec for spec in GAME.option_specs}


def test_kabaleo_declares_the_rules_page_options() -> None:
    """Rules, "Variants (options)": last_pile_ban, distribution, targets_per_player."""
    assert set(SPECS) == {"last_pile_ban", "distribution", "targets_per_player"}
    assert SPECS["last_pile_ban"].default is True
    assert SPECS["distribution"].default == "random"
    assert SPECS["targets_per_player"].default == 1


@pytest.mark.parametrize(
    ("key", "text", "value"),
    [
        ("last_pile_ban", "1", True),
        ("last_pile_ban", "0", False),
        ("last_pile_ban", "on", True),
        ("last_pile_ban", "off", False),
        ("distribution", "even", "even"),
        ("distribution", "random", "random"),
        ("targets_per_player", "2", 2),
        ("targets_per_player", "1", 1),
        ("targets_per_player", "two", 2),
    ],
)
def test_parse_url_strings(key: str, text: str, value: object) -> None:
    parsed = SPECS[key].parse(text)
    assert parsed == value and type(parsed) is type(value)


@pytest.mark.parametrize(
    ("key", "text"),
    [
        ("last_pile_ban", "maybe"),
        ("last_pile_ban", ""),
        ("last_pile_ban", "2"),
        ("distribution", "odd"),
        ("distribution", "1"),
        ("targets_per_player", "3"),
        ("targets_per_player", "0"),
        ("targets_per_player", "\u00b2"),
    ],
)
def test_parse_refuses_bad_values_naming_the_key(key: str, text: str) -> None:
    with pytest.raises(BadOptions) as err:
        SPECS[key].parse(text)
    message = str(err.value)
    assert key in message
    assert repr(text) in message
    for _, label in SPECS[key].choices:
        assert label in message  # says what would have been accepted


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_choice_parses_back_from_its_label_and_value(game: str) -> None:
    """Generic: what the menu writes into a URL (label or value) reads back as the value,
    and the default is one of the choices."""
    for spec in GAMES[game].option_specs:
        values = [v for v, _ in spec.choices]
        assert spec.default in values
        assert spec.min_players <= spec.max_players
        for value, label in spec.choices:
            assert spec.parse(label) == value
            assert spec.parse(str(value)) == value


@pytest.mark.parametrize("game", sorted(GAMES))
def test_options_for_fills_defaults_for_every_player_count(game: str) -> None:
    g = GAMES[game]
    for players in range(g.min_players, g.max_players + 1):
        full = g.options_for(players, {})
        for spec in g.option_specs:
            if spec.applies(players):
                assert full[spec.key] == spec.default
        assert g.options_for(players, full) == full  # a recorded set is accepted as is
        g.new(players, 0, full)


def test_kabaleo_defaults() -> None:
    """Rules, "Variants": defaults on / random / 1."""
    expected = {"last_pile_ban": True, "distribution": "random", "targets_per_player": 1}
    for players in (2, 3, 4):
        assert GAME.options_for(players, {}) == expected


def test_kabaleo_options_for_accepts_parsed_and_url_values() -> None:
    given = {"last_pile_ban": "off", "distribution": "even", "targets_per_player": "2"}
    assert GAME.options_for(2, given) == {
        "last_pile_ban": False,
        "distribution": "even",
        "targets_per_player": 2,
    }
    parsed = {k: SPECS[k].parse(v) for k, v in given.items()}
    assert GAME.options_for(2, parsed) == GAME.options_for(2, given)


def test_spec_applies_to_the_right_player_counts() -> None:
    """Rules, "Variants": even deal for 2-3 players, two targets for 2 players only."""
    assert [p for p in (2, 3, 4) if SPECS["last_pile_ban"].applies(p)] == [2, 3, 4]
    assert [p for p in (2, 3, 4) if SPECS["distribution"].applies(p)] == [2, 3]
    assert [p for p in (2, 3, 4) if SPECS["targets_per_player"].applies(p)] == [2]


def test_unknown_option_key_is_refused() -> None:
    with pytest.raises(BadOptions) as err:
        GAME.options_for(2, {"colour_blind": True})
    assert "colour_blind" in str(err.value)
    with pytest.raises(BadOptions):
        GAME.new(2, 0, {"last_pile_ban": True, "speed": 3})


@pytest.mark.parametrize(
    ("players", "given", "expected"),
    [
        (2, {"last_pile_ban": "maybe"}, "last_pile_ban"),
        (2, {"last_pile_ban": None}, "last_pile_ban"),
        (2, {"last_pile_ban": 2}, "last_pile_ban"),
        (2, {"distribution": "odd"}, "'odd'"),
        (4, {"distribution": "even"}, "even deal"),
        (2, {"targets_per_player": 3}, "targets per player"),
        (2, {"targets_per_player": "\u00b2"}, "targets per player"),
        (2, {"targets_per_player": "1" * 5000}, "targets per player"),
        (2, {"targets_per_player": True}, "targets per player"),
        (3, {"targets_per_player": 2}, "2-player"),
        (1, {}, "2 to 4 players"),
        (5, {}, "2 to 4 players"),
    ],
)
def test_kabaleo_refuses_bad_values(players: int, given: dict[str, object], expected: str) -> None:
    with pytest.raises(BadOptions) as err:
        GAME.options_for(players, given)
    assert expected in str(err.value)


@pytest.mark.parametrize(
    ("value", "expected"),
    [(True, True), (False, False), (1, True), (0, False), ("on", True), ("OFF", False),
     ("true", True), ("0", False)],
)
def test_parse_bool_accepts(value: object, expected: bool) -> None:
    assert parse_bool("k", value) is expected


@pytest.mark.parametrize("value", ["yes", "", 2, None, [True]])
def test_parse_bool_refuses_naming_the_key(value: object) -> None:
    with pytest.raises(BadOptions) as err:
        parse_bool("some_key", value)
    assert "some_key" in str(err.value)


def test_generic_spec_parse() -> None:
    """OptionSpec works for any game's option, not only Kabaleo's."""
    spec = OptionSpec("speed", ((1, "slow"), (3, "fast")), 1, 2, 6)
    assert spec.parse("fast") == 3 and spec.parse("1") == 1
    assert spec.applies(2) and spec.applies(6) and not spec.applies(7)
    with pytest.raises(BadOptions) as err:
        spec.parse("2")
    assert "speed" in str(err.value) and "slow, fast" in str(err.value)


@pytest.mark.parametrize("options", [CiaoOptions, KabaleoOptions, SaboteurOptions])
def test_a_literal_option_lists_exactly_its_specs_choices(options: type) -> None:
    """A string option's type names its choices for the checker; the spec names them for
    the menu, links and saves. They must be the same values."""
    specs = {spec.key: spec for spec in GAMES[options.__module__.split(".")[2]].option_specs}
    hints = typing.get_type_hints(options)
    literal = {name: set(typing.get_args(hint)) for name, hint in hints.items()
               if typing.get_origin(hint) is typing.Literal}
    assert literal, "no option of this game is a Literal"
    for name, values in literal.items():
        assert values == {value for value, _ in specs[name].choices}, name
