"""A student's bot: ``def choose(view, moves, rng): return one of moves``.

The source is compiled under its own file name, so an error points at the student's
line, not at Parlor's. Each call is one ``Turn``: the move, or the reason there is none
(a crash with its line, a value not among ``moves``, a call that ran over its time),
and what the bot printed on the way, which the watch and the review show beside that
move ("What your bot said"). The bot gets exactly what a built-in bot gets: the view
of its seat, the legal moves, and a seeded ``Rng``; never a state.

A crash names the student's own lines of the traceback (``Frame``), the call in
``choose`` included, innermost last: a helper's error at its line alone would leave
the student looking for who called it. Parlor's frames (the toolbox, the sandbox) are
left out: they are not the student's to fix.

This module runs inside the bot's sandbox (``sandbox.py``), where nothing it decides is
trusted: the referee judges the time from its own clock and checks the move again
(``referee.py``, ``wire.py``). A call that runs past its time is stopped at its line
by the sandbox's own watch (``stopwatch.py``); one that cannot be stopped there (a
loop inside one C call) is stopped with its whole sandbox by the referee's worker.
"""

from __future__ import annotations

import contextlib
import inspect
import io
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import Any

from parlor.app.lab.sandbox.stopwatch import OverTime, Stopwatch, code_objects
from parlor.app.lab.wire.messages import ProblemKind, problem_kind
from parlor.core.rng import Rng

#: The file name the student's code is compiled under (tracebacks and line numbers).
FILENAME = "bot.py"
#: Printed output kept per move: a bot printing in a loop must not fill the memory.
MAX_PRINTED = 4000
#: The student's frames kept for a problem: the outermost (the call in ``choose``) and
#: the innermost others (a runaway recursion would otherwise be a thousand).
MAX_FRAMES = 8
#: The longest line of code or function name a frame keeps.
MAX_FRAME_TEXT = 200


@dataclass(frozen=True)
class Frame:
    """One of the student's lines in a traceback: its number, the function it is in
    (``<module>`` for the file's top level) and its code, stripped."""

    line: int
    name: str
    text: str

    def to_list(self) -> list[object]:
        return [self.line, self.name, self.text]


def frames_of(data: object) -> tuple[Frame, ...] | None:
    """Frames read from JSON data, as hostile: a list of at most ``MAX_FRAMES``
    ``[line, name, text]`` (a line from 1, texts no longer than ``MAX_FRAME_TEXT``);
    None for anything else."""
    if not isinstance(data, list) or len(data) > MAX_FRAMES:
        return None
    out = []
    for item in data:
        if not isinstance(item, list) or len(item) != 3:
            return None
        line, name, text = item
        if (type(line) is not int or line < 1 or not isinstance(name, str)
                or not isinstance(text, str) or len(name) > MAX_FRAME_TEXT
                or len(text) > MAX_FRAME_TEXT):
            return None
        out.append(Frame(line, name, text))
    return tuple(out)


@dataclass(frozen=True)
class Problem:
    """Why the bot gave no move: ``kind`` is "syntax", "missing", "signature", "crash",
    "not_legal", "memory" (its sandbox ran out), "over_time" (a move), "load_time" (the
    file's top level), "broken" (its sandbox did not answer as it must, wire.py) or
    "failed" (the Lab's worker failed, playing.py): ``messages.ProblemKind``; ``line``
    the student's line (0 when none applies); ``detail`` the Python message or the
    value returned; ``frames`` the student's lines of the traceback that led there,
    innermost (``line``) last, when there was one."""

    kind: ProblemKind
    line: int = 0
    detail: str = ""
    frames: tuple[Frame, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """As JSON data, the one shape a problem has in the answers and the reports;
        ``frames`` only when there are some (the shape before them stays as it was)."""
        data: dict[str, Any] = {"kind": self.kind, "line": self.line, "detail": self.detail}
        if self.frames:
            data["frames"] = [f.to_list() for f in self.frames]
        return data

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Problem:
        """A problem from a report or a kept score; a kind that is none of the problems
        is a ``ValueError``, as a field of the wrong type is. A problem kept before
        frames existed has none."""
        frames = frames_of(data.get("frames", []))
        if frames is None:
            raise ValueError("frames of the wrong shape")
        return Problem(problem_kind(data["kind"]), int(data["line"]), str(data["detail"]),
                       frames)


@dataclass(frozen=True)
class Turn:
    """One call of ``choose``: the move (None when ``problem``), what it printed, how long
    it took by the clock it was run with, and the legal moves it was offered."""

    move: str | None
    printed: str
    ms: float
    moves: tuple[str, ...]
    problem: Problem | None = None


def student_frames(tb: TracebackType | None, source: str) -> tuple[Frame, ...]:
    """The student's lines in a traceback, outermost first, each with its code from
    ``source`` (read there, not through ``linecache``, which would look for a file
    called bot.py). A line repeated by recursion is kept once; past ``MAX_FRAMES``, the
    outermost and the innermost rest."""
    lines = source.splitlines()
    out: list[Frame] = []
    for frame, number in traceback.walk_tb(tb):
        code = frame.f_code
        if code.co_filename != FILENAME or number is None or number < 1:
            continue
        text = lines[number - 1].strip() if number <= len(lines) else ""
        if len(text) > MAX_FRAME_TEXT:
            text = text[:MAX_FRAME_TEXT - 1] + "…"
        kept = Frame(number, code.co_name[:MAX_FRAME_TEXT], text)
        if not out or out[-1] != kept:
            out.append(kept)
    if len(out) > MAX_FRAMES:
        out = [out[0], *out[len(out) - MAX_FRAMES + 1:]]
    return tuple(out)


@dataclass
class StudentBot:
    """A compiled bot. ``choose`` is the student's function; ``watch`` stops it at its
    line once a move runs past its time."""

    choose_fn: Callable[..., Any]
    source: str
    watch: Stopwatch | None = None

    def turn(self, view: object, moves: Sequence[str], rng: Rng, *,
             clock: Callable[[], float], limit_ms: float = 1000.0) -> Turn:
        """Call the bot once on ``view``; never raises for anything the bot does.
        ``clock`` reads milliseconds (``performance.now`` in a worker, a fake in tests)."""
        offered = tuple(moves)
        out = io.StringIO()
        start = clock()
        watching = (self.watch.running(start + limit_ms) if self.watch is not None
                    else contextlib.nullcontext())
        try:
            with watching, contextlib.redirect_stdout(out):
                value = self.choose_fn(view, list(offered), rng)
        except BaseException as e:  # the student's error, whatever it is (SystemExit too)
            ms = clock() - start
            return Turn(None, _kept(out), ms, offered, _failure(e, self.source, ms))
        ms = clock() - start
        if ms > limit_ms:
            return Turn(None, _kept(out), ms, offered, Problem("over_time", 0, f"{ms:.0f}"))
        if not isinstance(value, str) or value not in offered:
            return Turn(None, _kept(out), ms, offered, Problem("not_legal", 0, repr(value)))
        return Turn(value, _kept(out), ms, offered)


def _failure(e: BaseException, source: str, ms: float, *, loading: bool = False) -> Problem:
    """The problem an exception out of the student's code is: stopped by the watch
    (over its time, at the line it was on), out of memory (the sandbox is then
    replaced), or a crash, each with the student's lines that led there."""
    frames = student_frames(e.__traceback__, source)
    line = frames[-1].line if frames else 0
    if isinstance(e, OverTime):
        return Problem("load_time" if loading else "over_time", line, f"{ms:.0f}", frames)
    if isinstance(e, MemoryError):
        return Problem("memory", line, "", frames)
    return Problem("crash", line, f"{type(e).__name__}: {e}", frames)


def _kept(out: io.StringIO) -> str:
    text = out.getvalue()
    return text if len(text) <= MAX_PRINTED else text[:MAX_PRINTED] + "…"


def compile_bot(source: str, names: Mapping[str, object] | None = None, *,
                clock: Callable[[], float] | None = None,
                limit_ms: float = float("inf")) -> StudentBot | Problem:
    """The student's module run once (its top level may define helpers and constants),
    then its ``choose`` checked: a function taking ``view, moves, rng``. ``names`` are
    given to the module before it runs (the Lab gives ``game``, the rules' toolbox,
    ``app/lab/sandbox/toolbox.py``), so the student's code uses them without an import. With a
    ``clock``, the bot is watched (``stopwatch.py``): its top level for ``limit_ms``,
    each move for the limit ``turn`` is given."""
    try:
        code = compile(source, FILENAME, "exec")
    except SyntaxError as e:
        return Problem("syntax", e.lineno or 0, e.msg)
    namespace: dict[str, Any] = {**(names or {}), "__name__": "bot"}
    watch = None if clock is None else Stopwatch(code_objects(code), clock)
    start = clock() if clock is not None else 0.0
    watching = (watch.running(start + limit_ms) if watch is not None
                else contextlib.nullcontext())
    try:
        with watching, contextlib.redirect_stdout(io.StringIO()):
            exec(code, namespace)
    except BaseException as e:  # an error at the top level of the student's file
        ms = clock() - start if clock is not None else 0.0
        return _failure(e, source, ms, loading=True)
    fn = namespace.get("choose")
    if not callable(fn):
        return Problem("missing")
    try:
        inspect.signature(fn).bind(None, None, None)
    except (TypeError, ValueError):
        return Problem("signature", getattr(getattr(fn, "__code__", None), "co_firstlineno", 0))
    return StudentBot(fn, source, watch)
