"""What a student's interpreter loads of Parlor, listed: a new import into it is a decision.

The sandbox (``app/lab/sandbox.py``, booted by ``assets/lab-sandbox.js``) is the one
place where a stranger's code runs beside Parlor's. Everything it imports the stranger
can read and rewrite, so it must hold the rules of the games (the toolbox is built on
them), the wire it answers on and the watch that stops a loop, and nothing of the
referee (which knows the Lab's key and the true game) or of the page (which holds the
player's storage). A module that joins this list joins what a bot can read: the test
fails until the list here is changed, which is the moment to ask whether it should.

Two views of the same question: the imports written in the code (at the top and
inside functions, as ``tests/test_layers.py`` reads them), and what a fresh CPython
actually has in ``sys.modules`` after it compiled a lesson's bot and answered a turn in
each game through the sandbox's own entry point.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from parlor.app.lab import wire
from parlor.games import GAMES
from test_layers import GRAPH, MODULES

PY = Path(__file__).resolve().parent.parent / "py"
ENTRY = "parlor.app.lab.sandbox"
GAME_IDS = ("ciao", "kabaleo", "saboteur")

#: The Lab's modules the sandbox may load: the sandbox, the student's bot compiled and
#: timed, the toolbox it calls as ``game``, the wire and its message names.
LAB = {"sandbox", "student", "stopwatch", "toolbox", "wire", "messages"}
#: The games' rules and their Lab helpers (what the toolbox lends a bot), the registry
#: that finds them, the core they are built on, and the words their errors are told in.
#: ``bots`` comes in through each game's registration (its built-in bots' names), not
#: through any code the sandbox calls.
GAME_PARTS = {"bots", "cards", "colours", "facts", "game", "lab", "legal", "maze",
              "migrate", "moves", "naming", "notation", "options", "reasons", "rounds",
              "rules", "scoring", "state", "view", "work"}
OTHER = {"parlor", "parlor.app", "parlor.app.lab", "parlor.bots", "parlor.bots.base",
         "parlor.bots.random_bot", "parlor.core", "parlor.core.errors",
         "parlor.core.match", "parlor.core.options", "parlor.core.protocol",
         "parlor.core.registry", "parlor.core.rng", "parlor.core.values",
         "parlor.core.words", "parlor.games", "parlor.i18n", "parlor.i18n.catalog",
         "parlor.i18n.languages", "parlor.i18n.plural"}


def _allowed() -> set[str]:
    games = {f"parlor.games.{g}" for g in GAME_IDS}
    parts = {f"parlor.games.{g}.{p}" for g in GAME_IDS for p in GAME_PARTS}
    return {f"parlor.app.lab.{m}" for m in LAB} | OTHER | games | (parts & set(MODULES))


def _static_closure() -> set[str]:
    """The sandbox and the games' Lab helpers (the toolbox imports them by name from the
    registry), with every Parlor module they import and the packages around them."""
    todo = [ENTRY, *(f"parlor.games.{g}.lab" for g in GAME_IDS)]
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen or name not in MODULES:
            continue
        seen.add(name)
        parts = name.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts))]
        todo += [m for m in GRAPH[name] if m.startswith("parlor")]
    return seen


def test_the_sandbox_imports_only_what_is_listed() -> None:
    closure = _static_closure()
    assert closure - _allowed() == set(), "new in the sandbox's imports: decide, then list"
    assert _allowed() - closure == set(), "listed but no longer imported: take it out"


def test_no_module_of_the_referee_or_the_page_reaches_the_sandbox() -> None:
    lab = {m.rsplit(".", 1)[1] for m in _static_closure() if m.startswith("parlor.app.lab.")}
    assert lab <= LAB
    assert not any(m.startswith(("parlor.app.", "parlor.web", "parlor.render"))
                   and not m.startswith("parlor.app.lab")
                   for m in _static_closure())


BOT = """
def choose(view, moves, rng):
    state = game.deal(view, rng)
    return min(moves, key=lambda m: str(game.to_act(game.play(state, m))))
"""

RUN = """
import json, sys, time
from parlor.app.lab.sandbox import Sandbox
box = Sandbox(time.perf_counter)
for text in json.load(sys.stdin):
    answer = json.loads(box.answer(text))
    assert answer.get("problem") is None, answer
print(json.dumps(sorted(m for m in sys.modules if m.startswith("parlor"))))
"""


def _requests() -> list[str]:
    """For each game, the bot's file and one turn of a new game (made here, in the test's
    interpreter, so the sandbox's never builds a true state)."""
    texts = []
    for n, gid in enumerate(GAME_IDS):
        game = GAMES[gid]
        state = game.new(2, 7 + n, game.options_for(2, {}))
        seat = game.to_act(state)
        assert seat is not None
        texts.append(wire.load_text(2 * n, gid, BOT))
        texts.append(wire.ask_text(2 * n + 1, gid, game.view(state, seat),
                                   tuple(game.legal_moves(state)), rng=12345))
    return texts


def test_a_sandbox_at_work_loads_nothing_unlisted() -> None:
    out = subprocess.run([sys.executable, "-c", RUN], input=json.dumps(_requests()),
                         capture_output=True, text=True, cwd=PY, timeout=600,
                         env={"PYTHONPATH": str(PY)})
    assert out.returncode == 0, out.stderr
    loaded = set(json.loads(out.stdout))
    assert ENTRY in loaded
    assert loaded - _allowed() == set()
