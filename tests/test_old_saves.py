"""Saves written before a rules change still resume (standards: "Nothing the player had
is lost, ever"). ``fixtures/saves_v1/`` holds save envelopes exactly as the code of
rules version 1 wrote them to local storage (tools generated them by playing seeded
games; they are never regenerated: they stand for what players have on their devices).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parlor.app import saves

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

FIXTURES = sorted((Path(__file__).parent / "fixtures" / "saves_v1").glob("*.json"))
#: Saboteur's fixtures have their own test (one is refused by design: a reveal its
#: rules now forbid): tests/test_saboteur_migrate.py.
RESUMING = [p for p in FIXTURES if not p.name.startswith("saboteur_")]


def load(path: Path) -> saves.SaveEntry:
    data = json.loads(path.read_text())
    return saves.decode(data["id"], json.dumps(data))


@pytest.mark.parametrize("path", RESUMING, ids=[p.stem for p in RESUMING])
def test_old_save_resumes(path: Path) -> None:
    entry = load(path)
    assert entry.ok, entry.error
    assert entry.session is not None
    assert entry.session.match.rules_version == entry.session.game.rules_version


def test_fixtures_exist() -> None:
    assert len(FIXTURES) >= 10
