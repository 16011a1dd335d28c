"""The Lab in one interpreter: the referee with in-process sandboxes, for the tests and the
bench in CPython. Never the page's way: there the student's code runs in a sandbox that
can reach nothing (``assets/lab-sandbox.js``); here it runs beside the referee, which
is what the boundary exists to prevent. The messages are the real ones, so the tests
check the same wire, codec and checks the browser uses.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from parlor.app.lab.contest.dice import LabKey
from parlor.app.lab.contest.matches import LabGame, lab_game
from parlor.app.lab.referee.referee import Referee
from parlor.app.lab.sandbox.sandbox import Sandbox
from parlor.app.lab.sandbox.student import StudentBot
from parlor.app.lab.wire.problems import Turn
from parlor.core.protocol import Game

#: The Lab's key in these tests and benches: fixed, so their games and dice replay (a
#: browser draws its own, ``key_store.own_key``).
HERE_KEY = LabKey(bytes(range(32)))


class _Here:
    """The referee's ``Out``: reports to ``post``, questions queued for the loop."""

    def __init__(self, post: Callable[[str], None]) -> None:
        self.post = post
        self.questions: list[tuple[str, str]] = []
        self.sandboxes: dict[str, Sandbox] = {}

    def report(self, text: str) -> None:
        self.post(text)

    def send(self, key: str, text: str, limit_ms: float) -> None:
        self.questions.append((key, text))

    def ahead(self, count: int) -> None:
        """No sandbox to start ahead here: each is made when first asked."""

    def kill(self, key: str) -> None:
        """Its questions not yet answered go with it, as in the worker."""
        self.sandboxes.pop(key, None)
        self.questions = [q for q in self.questions if q[0] != key]


def run_here(request: str, post: Callable[[str], None], clock: Callable[[], float]) -> None:
    """The job ``request`` asks for (``jobs.plan``), played to its end; its reports, then
    ``done``, go to ``post``. Each bot has a ``Sandbox`` of its own, as in the page."""
    out = _Here(post)
    referee = Referee(out)
    referee.start(request)
    while out.questions:
        key, text = out.questions.pop(0)
        box = out.sandboxes.setdefault(key, Sandbox(clock))
        began = clock()
        answer = box.answer(text)
        referee.heard(key, answer, clock() - began)


def lab_match(game: Game[Any, Any], bot: StudentBot, level: str, players: int, games: int,
              seed: int, *, clock: Callable[[], float], limit_ms: float = 1000.0,
              options: Mapping[str, object] | None = None, key: LabKey = HERE_KEY,
              progress: Callable[[Sequence[LabGame]], None] | None = None) -> list[LabGame]:
    """``games`` seeded games of a compiled ``bot`` against ``level`` (the student's seat
    is ``g % players`` in game ``g``), the bot called directly: the lessons' proof and
    the toolbox's tests, which want the games, not the reports. ``progress`` is told
    after each game."""
    out: list[LabGame] = []
    for number in range(games):
        steps = lab_game(game, level, players, number, seed, key, options)
        try:
            call = next(steps)
            while True:
                turn: Turn = bot.turn(call.view, call.moves, call.rng, clock=clock,
                                      limit_ms=limit_ms)
                call = steps.send(turn)
        except StopIteration as over:
            out.append(over.value)
        if progress is not None:
            progress(out)
    return out
