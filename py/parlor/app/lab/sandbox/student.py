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
from parlor.app.lab.wire.problems import (
    MAX_FRAME_TEXT,
    MAX_FRAMES,
    MAX_PRINTED,
    Frame,
    Problem,
    Turn,
)
from parlor.core.rng import Rng

#: The file name the student's code is compiled under (tracebacks and line numbers).
FILENAME = "bot.py"


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
