"""Saboteur saves written under rules version 1 still resume under version 2
(saboteur_duel.md, "Goals, gold, trolls" changed: the bribe window and forced goal
orientation; games/saboteur/migrate.py says how a save is brought up to date).

``fixtures/saves_v1/saboteur_*.json`` are envelopes exactly as version 1 wrote them
(never edited). Intent: every one either resumes, with ``done`` inserted exactly where
the bribe window now opens and nothing else changed, or is listed with a reason naming
the reveal rule; none is ever dropped from the save list.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parlor.app import saves
from parlor.games import GAMES
from parlor.games.saboteur.notation import END_TURN
from parlor.games.saboteur.state import BRIBE, PLAY

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

GAME = GAMES["saboteur"]
FIXTURES = sorted((Path(__file__).parent / "fixtures" / "saves_v1").glob("saboteur_*.json"))
REVEAL_RULE = "the goal's tunnels must join the tunnel that reached it"
#: Fixtures whose recorded reveal chose an orientation version 2 forbids.
REFUSED = {"saboteur_duel_31"}


def raw_of(path: Path) -> tuple[str, dict]:
    data = json.loads(path.read_text())
    return json.dumps(data), data


def load(path: Path) -> saves.SaveEntry:
    raw, data = raw_of(path)
    return saves.decode(data["id"], raw)


def test_the_fixtures_cover_both_outcomes() -> None:
    stems = {p.stem for p in FIXTURES}
    assert REFUSED <= stems
    assert any(s.startswith("saboteur_solo") for s in stems)
    assert len(stems - REFUSED) >= 4


def test_no_saboteur_fixture_is_dropped_from_the_save_list() -> None:
    """A save that cannot be brought up to date is listed with its reason and its raw
    text, never left out."""
    store = saves.DictStore()
    ids = {}
    for path in FIXTURES:
        raw, data = raw_of(path)
        store.set(saves.PREFIX + data["id"], raw)
        ids[data["id"]] = (path.stem, raw)
    entries = saves.list_saves(store)
    assert sorted(e.id for e in entries) == sorted(ids)
    for e in entries:
        stem, raw = ids[e.id]
        assert e.raw == raw
        if stem in REFUSED:
            assert not e.ok and e.error is not None
            assert "older rules (version 1)" in e.error and REVEAL_RULE in e.error
        else:
            assert e.ok, (stem, e.error)


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_a_fixture_resumes_or_names_the_reveal_rule(path: Path) -> None:
    entry = load(path)
    recorded = json.loads(path.read_text())["match"]["moves"]
    if path.stem in REFUSED:
        assert entry.session is None and entry.error is not None
        assert "is not legal under today's rules" in entry.error
        assert REVEAL_RULE in entry.error and "reveal @" in entry.error
        return
    assert entry.ok, entry.error
    assert entry.session is not None
    match = entry.session.match
    assert match.rules_version == GAME.rules_version == 2
    # The recorded moves, in order, with only the end-of-turn move put in ...
    assert END_TURN not in recorded
    assert [m for m in match.moves if m != END_TURN] == recorded
    # ... and exactly where the bribe window stood open, never anywhere else.
    s = GAME.new(len(match.seats), match.seed, match.options)
    for move in match.moves:
        assert (move == END_TURN) == (s.phase == BRIBE), move
        s = GAME.apply(s, move)
    assert s == entry.session.state and s.phase != BRIBE


def test_some_fixtures_resume_through_inserted_end_turn_moves() -> None:
    """The migration is exercised: old duel and solo saves resume only because
    ``done`` was inserted after actions that now open the bribe window."""
    inserted = {}
    for path in FIXTURES:
        if path.stem not in REFUSED:
            entry = load(path)
            assert entry.session is not None
            inserted[path.stem] = entry.session.match.moves.count(END_TURN)
    assert sum(1 for stem, n in inserted.items() if n and "duel" in stem) >= 2
    assert any(n for stem, n in inserted.items() if "solo" in stem)


def test_a_recorded_bribe_after_the_window_stays_with_its_player() -> None:
    """Version 1 passed the turn at once after blue's P24 made the troll at -3,1
    reachable; green then bribed it. The same bribe is legal in blue's window, so it is
    not enough to insert ``done`` only before refused moves: the migration closes every
    window, and the bribe stays green's."""
    entry = load(next(p for p in FIXTURES if p.stem == "saboteur_duel_16"))
    assert entry.session is not None
    history = entry.session.state.history
    placed = next(i for i, h in enumerate(history) if h[2] == "place P24@-3,1v")
    assert history[placed][1] == 1
    assert [h[1:] for h in history[placed + 1:placed + 3]] == [
        (1, END_TURN), (0, "bribe @-3,1")]


def test_a_save_ending_in_the_window_resumes_with_the_turn_passed() -> None:
    """Version 1 had passed the turn after the last recorded action: so does the
    upgraded save (``done`` appended), not a window the player never saw."""
    entry = load(next(p for p in FIXTURES if p.stem == "saboteur_duel_12"))
    assert entry.session is not None
    s = entry.session.state
    assert entry.session.match.moves[-1] == END_TURN
    assert s.phase == PLAY and s.history[-1][2] == END_TURN
    assert s.to_move != s.history[-1][1]
