"""The Python half of a bot's sandbox: the one module of Parlor's that the student's code
runs beside (``assets/lab-sandbox.js`` boots it in a worker that can reach nothing).

It holds no game: each request brings what the seat may see (``wire.py``). ``load``
runs the student's file with ``game``, the rules' toolbox, which makes look-ahead
states only from the view it is given (``game.deal``). ``turn`` rebuilds the view from
its JSON data (``core.values``) and calls ``choose``. So an interpreter that never calls
``game.deal`` never holds a state. Nothing here is trusted by the referee either: the
student's code can rewrite this module, and then only its own answers go wrong, which
the referee checks (``wire.read_answer``).
"""

from __future__ import annotations

from collections.abc import Callable

from parlor.app.lab.student import Problem, StudentBot, compile_bot
from parlor.app.lab.toolbox import Toolbox, view_class
from parlor.app.lab.wire import Ask, answer_text, read_request
from parlor.core.rng import Rng
from parlor.games import GAMES

#: Views kept for the next questions' changes: a few games' worth (a tournament plays
#: up to six at once, ``tournament.MAX_LANES``).
KEPT_VIEWS = 12


class Sandbox:
    """One bot's side of the port: the bot compiled last, and the answers."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.bot: StudentBot | Problem | None = None
        #: The views of the last few questions, by id: a question may send only the
        #: changes to one of them (its game's last; a match plays two side by side).
        self.views: dict[int, object] = {}

    def answer(self, text: str) -> str:
        """The answer to one request of the referee's (JSON text both ways)."""
        request = read_request(text)
        game = GAMES[request.game]
        if not isinstance(request, Ask):
            self.bot = compile_bot(request.source, {"game": Toolbox.of(game.id)},
                                   clock=self.clock, limit_ms=request.limit_ms)
            problem = self.bot if isinstance(self.bot, Problem) else None
            return answer_text(request.id, None, problem)
        if not isinstance(self.bot, StudentBot):
            return answer_text(request.id, None, Problem("missing"))
        base = request.base
        view = request.whole_view(view_class(game), None if base is None else (
            base, self.views.get(base)))
        self.views[request.id] = view
        while len(self.views) > KEPT_VIEWS:
            del self.views[next(iter(self.views))]
        # The watch stops the move at its line once past the limit; the referee still
        # judges the time by its own clock, and stops the sandbox if no answer comes.
        turn = self.bot.turn(view, request.moves, Rng(request.rng), clock=self.clock,
                             limit_ms=request.limit_ms)
        return answer_text(request.id, turn.move, turn.problem, turn.printed)
