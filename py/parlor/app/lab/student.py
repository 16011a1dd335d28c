"""A student's bot: ``def choose(view, moves, rng): return one of moves``.

The source is compiled under its own file name, so an error points at the student's
line, not at Parlor's. Each call is one ``Turn``: the move, or the reason there is none
(a crash with its line, a value not among ``moves``, a call that ran over its time),
and what the bot printed on the way, which the watch and the review show beside that
move ("What your bot said"). The bot gets exactly what a built-in bot gets: the view
of its seat, the legal moves, and a seeded ``Rng``; never a state.

This module runs inside the bot's sandbox (``sandbox.py``), where nothing it decides is
trusted: the referee judges the time from its own clock and checks the move again
(``referee.py``, ``wire.py``). A call that never returns cannot be stopped from inside
Python: the referee's worker stops the whole sandbox from outside.
"""

from __future__ import annotations

import contextlib
import inspect
import io
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from parlor.app.lab.messages import ProblemKind, problem_kind
from parlor.core.rng import Rng

#: The file name the student's code is compiled under (tracebacks and line numbers).
FILENAME = "bot.py"
#: Printed output kept per move: a bot printing in a loop must not fill the memory.
MAX_PRINTED = 4000


@dataclass(frozen=True)
class Problem:
    """Why the bot gave no move: ``kind`` is "syntax", "missing", "signature", "crash",
    "not_legal", "memory" (its sandbox ran out), "over_time" (a move), "load_time" (the
    file's top level), "broken" (its sandbox did not answer as it must, wire.py) or
    "failed" (the Lab's worker failed, playing.py): ``messages.ProblemKind``; ``line``
    the student's line (0 when none applies); ``detail`` the Python message or the
    value returned."""

    kind: ProblemKind
    line: int = 0
    detail: str = ""

    def to_dict(self) -> dict[str, Any]:
        """As JSON data, the one shape a problem has in the answers and the reports."""
        return {"kind": self.kind, "line": self.line, "detail": self.detail}

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Problem:
        """A problem from a report (the referee's, trusted); a kind that is none of the
        problems is a ``ValueError``, as a field of the wrong type is."""
        return Problem(problem_kind(data["kind"]), int(data["line"]), str(data["detail"]))


@dataclass(frozen=True)
class Turn:
    """One call of ``choose``: the move (None when ``problem``), what it printed, how long
    it took by the clock it was run with, and the legal moves it was offered."""

    move: str | None
    printed: str
    ms: float
    moves: tuple[str, ...]
    problem: Problem | None = None


def _student_line(tb: Any) -> int:
    """The last line of the student's file in a traceback (0 if the error is not in it)."""
    lines = [f.lineno or 0 for f in traceback.extract_tb(tb) if f.filename == FILENAME]
    return lines[-1] if lines else 0


@dataclass
class StudentBot:
    """A compiled bot. ``choose`` is the student's function."""

    choose_fn: Callable[..., Any]
    source: str

    def turn(self, view: object, moves: Sequence[str], rng: Rng, *,
             clock: Callable[[], float], limit_ms: float = 1000.0) -> Turn:
        """Call the bot once on ``view``; never raises for anything the bot does.
        ``clock`` reads milliseconds (``performance.now`` in a worker, a fake in tests)."""
        offered = tuple(moves)
        out = io.StringIO()
        start = clock()
        try:
            with contextlib.redirect_stdout(out):
                value = self.choose_fn(view, list(offered), rng)
        except BaseException as e:  # the student's error, whatever it is (SystemExit too)
            return Turn(None, _kept(out), clock() - start, offered, _failure(e))
        ms = clock() - start
        if ms > limit_ms:
            return Turn(None, _kept(out), ms, offered, Problem("over_time", 0, f"{ms:.0f}"))
        if not isinstance(value, str) or value not in offered:
            return Turn(None, _kept(out), ms, offered, Problem("not_legal", 0, repr(value)))
        return Turn(value, _kept(out), ms, offered)


def _failure(e: BaseException) -> Problem:
    """The problem an exception out of the student's code is: out of memory (the
    sandbox is then replaced), or a crash at the student's line."""
    if isinstance(e, MemoryError):
        return Problem("memory", _student_line(e.__traceback__))
    return Problem("crash", _student_line(e.__traceback__), f"{type(e).__name__}: {e}")


def _kept(out: io.StringIO) -> str:
    text = out.getvalue()
    return text if len(text) <= MAX_PRINTED else text[:MAX_PRINTED] + "…"


def compile_bot(source: str, names: Mapping[str, object] | None = None) -> StudentBot | Problem:
    """The student's module run once (its top level may define helpers and constants),
    then its ``choose`` checked: a function taking ``view, moves, rng``. ``names`` are
    given to the module before it runs (the Lab gives ``game``, the rules' toolbox,
    ``app/lab/toolbox.py``), so the student's code uses them without an import."""
    try:
        code = compile(source, FILENAME, "exec")
    except SyntaxError as e:
        return Problem("syntax", e.lineno or 0, e.msg)
    namespace: dict[str, Any] = {**(names or {}), "__name__": "bot"}
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            exec(code, namespace)
    except BaseException as e:  # an error at the top level of the student's file
        return _failure(e)
    fn = namespace.get("choose")
    if not callable(fn):
        return Problem("missing")
    try:
        inspect.signature(fn).bind(None, None, None)
    except (TypeError, ValueError):
        return Problem("signature", getattr(getattr(fn, "__code__", None), "co_firstlineno", 0))
    return StudentBot(fn, source)
