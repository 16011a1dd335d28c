"""Ciao! saves of rules version 1 resume under version 2 (games/ciao/migrate.py)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from parlor.app import saves
from parlor.core.errors import BadSave
from parlor.core.match import match_from_dict
from parlor.games import GAMES
from parlor.games.ciao import GAME
from parlor.games.ciao.migrate import _changed_ruling
from test_ciao_rules import ids

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

FIXTURES = Path(__file__).parent / "fixtures" / "saves_v1"


def old(name: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((FIXTURES / f"{name}.json").read_text())
    return data


@pytest.mark.parametrize("name", ["ciao_v3_2p", "ciao_v3_4p"])
def test_the_old_full_game_resumes_as_the_full_game(name: str) -> None:
    """Version 1's variant 3 was the full game; version 2 calls it 4 (3 is now "icons
    and colours, no millstones"), and the millstones stay in the game."""
    data = old(name)
    entry = saves.decode(str(data["id"]), json.dumps(data))
    assert entry.session is not None, entry.error
    assert entry.session.match.options["variant"] == 4
    assert entry.session.game.inventory(entry.session.state)["M"] == 3


def test_old_draws_get_the_keep_version_2_asks_for() -> None:
    """Version 1 passed the turn after an unplayable drawn card; the migration inserts
    ``keep`` there, and leaves every recorded move in its order."""
    data = old("ciao_v3_4p")
    recorded = data["match"]["moves"]  # type: ignore[index]
    upgraded = match_from_dict(data["match"], GAMES)
    assert upgraded.rules_version == 2
    assert upgraded.moves.count("keep") > recorded.count("keep")
    rest = [m for m in upgraded.moves]
    for move in recorded:  # the recorded moves, in order, are a subsequence
        rest = rest[rest.index(move) + 1:]


def test_the_other_variants_keep_their_meaning() -> None:
    data = old("ciao_v2_3p")
    assert match_from_dict(data["match"], GAMES).options["variant"] == 2


def test_an_old_save_that_went_another_way_is_refused_with_a_reason() -> None:
    """A version 1 game whose race-won +3 hit its own player (speed_continue =
    speed_player, the winner sitting just after the speed card's player) would replay
    differently under version 2: the save is refused with the move and the reason (and
    the save list keeps it), never silently rewritten."""
    opts = GAME.options_for(4, {"rounds": 1, "speed_continue": "speed_player",
                                "first_leader": "seat1"})
    s = GAME.new(4, 0, opts)
    # Seat 1 leads with a speed card; seat 2 (just after it) wins the race with a +3.
    s = replace(s, hands=(ids("Sg Sg"), ids("Rr.F Sg"), ids("Py.3 Sg"), ids("Sg Rg")),
              discard=ids("Sy"), draw=ids("Sg Sg Sg Sg Sg Sg"), turn=1, base=1)
    s = GAME.apply(s, "play Rr.F")
    assert _changed_ruling(s, "race 3 Py.3") is not None
    assert _changed_ruling(s, "race 4 Rg") is None
    data = old("ciao_speedplayer_3p")
    assert match_from_dict(data["match"], GAMES).rules_version == 2  # this one resumes


def test_a_refused_migration_names_the_move() -> None:
    """core.match.upgrade: the reason says the save was made under older rules."""
    data = old("ciao_v2_3p")
    match = data["match"]
    assert isinstance(match, dict)
    broken = {**match, "moves": ["play Zz"]}
    with pytest.raises(BadSave, match="older rules"):
        match_from_dict(broken, GAMES)


def test_a_save_ending_on_an_unplayable_draw_resumes_with_the_turn_passed() -> None:
    """Version 1 passed the turn at once after an unplayable drawn card; a save that
    ended right there resumes with the turn passed (a ``keep`` appended), as it was."""
    data = old("ciao_v2_3p")
    match = data["match"]
    assert isinstance(match, dict)
    recorded = list(match["moves"])
    for cut in range(1, len(recorded)):
        if recorded[cut - 1] != "draw":
            continue
        short = match_from_dict({**match, "moves": recorded[:cut]}, GAMES)
        state = GAME.new(3, short.seed, short.options)
        for move in short.moves:
            state = GAME.apply(state, move)
        if short.moves[-2:] == ("draw", "keep"):  # the keep was appended
            assert state.phase != "drawn"
            return
    pytest.fail("no save ending on an unplayable draw among the fixture's prefixes")
