"""Golden playthroughs: seeded games between random bots, written out as a
person reads them (the moves, the log the screen shows, the result). A change to the
rules, the notation or the log shows up here as a diff to read, not as a silent change.

Regenerate on purpose only, after reading the diff:
``make golden`` (or ``PARLOR_WRITE_GOLDEN=1 pytest tests/test_golden.py``).
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path

import pytest

from parlor.bots import make_bot
from parlor.bots.arena import play
from parlor.games import ENTRIES
from parlor.i18n.catalog import Translator

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

GOLDEN = Path(__file__).parent / "golden"

#: (game, players, seed, options): every game and mode, short enough to read.
CASES = [
    ("kabaleo", 2, 1, {}),
    ("kabaleo", 4, 2, {"last_pile_ban": False}),
    ("ciao", 3, 3, {"rounds": 1}),
    ("ciao", 2, 4, {"rounds": 1, "variant": 3, "speed_continue": "speed_player"}),
    ("saboteur", 2, 5, {"rounds": 1}),
    ("saboteur", 1, 6, {"rounds": 1}),
]


def transcript(game_id: str, players: int, seed: int, options: dict[str, object]) -> str:
    entry = ENTRIES[game_id]
    game = entry.game
    ui = importlib.import_module(entry.ui)
    full = game.options_for(players, options)
    result = play(game_id, [make_bot(game_id, "random") for _ in range(players)], seed, full)
    state = game.new(players, seed, full)
    for move in result.moves:
        state = game.apply(state, move)
    names = tuple(f"Player {i + 1}" for i in range(players))
    outcome = game.outcome(state, names)
    assert outcome is not None
    lines = [f"{entry.game.name}, {players} player(s), seed {seed}",
             "options: " + ", ".join(f"{k}={full[k]}" for k in sorted(full)), "", "Moves:"]
    lines += [f"{i:4}. {move}" for i, move in enumerate(result.moves, start=1)]
    lines += ["", "The log as the screen shows it (a spectator's view):"]
    lines += [f"  {line}" for line in ui.log_lines(game.view(state, None), names)]
    lines += ["", "Result: winners " + (", ".join(names[w] for w in outcome.winners) or "none")
              + "; points " + ", ".join(str(p) for p in outcome.points)]
    lines += [f"  {Translator().text(line)}" for line in outcome.explanation]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("case", CASES, ids=[f"{c[0]}-{c[1]}p-{c[2]}" for c in CASES])
def test_golden_playthrough(case: tuple[str, int, int, dict[str, object]]) -> None:
    game_id, players, seed, options = case
    path = GOLDEN / f"{game_id}-{players}p-seed{seed}.txt"
    text = transcript(game_id, players, seed, options)
    if os.environ.get("PARLOR_WRITE_GOLDEN") == "1":
        path.write_text(text)
    assert path.exists(), f"no golden file {path.name}: run `make golden` and read it"
    assert text == path.read_text(), (
        f"{path.name} changed: if the change is meant, run `make golden` and commit the diff")
