"""Stopping a student's endless loop from inside its sandbox, at the line it was on.

The referee's worker can always stop a sandbox from outside (``assets/lab-worker.js``),
but a worker that is terminated says nothing: the student learns their move was too
slow, not where. So the sandbox watches the student's own code while it runs: every
``CHECK_EVERY`` lines of the student's file it looks at the clock, and once the move is
past its time it raises ``OverTime`` at the line being run. The student's traceback
then says where the loop was, as a crash's does (``student.py``).

Only the student's code is watched, never the rules or Parlor's: where the interpreter
has ``sys.monitoring`` (Python 3.12+, the browser's Pyodide) line events are switched on
for the student's code objects alone, so a call into ``game.simulate`` runs at full
speed; elsewhere (CPython 3.11, the tests) ``sys.settrace`` traces only frames of the
student's code. The outside stop stays the backstop: a loop inside one C call, or code
that catches ``OverTime`` or takes the watch away, is still stopped from outside.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import CodeType, FrameType
from typing import Any

#: Lines of the student's code run between two looks at the clock: a look costs a
#: clock read (a call out of the wasm in the browser), a line a counter's step.
CHECK_EVERY = 256
#: The ``sys.monitoring`` tool id the sandbox takes (3 and 4 are free for tools of
#: one's own; 0-2 and 5 are named for debuggers, coverage, profilers, optimizers).
TOOL = 4


class OverTime(BaseException):
    """Raised at the student's line when the move has run past its time. A
    ``BaseException``, so a student's ``except Exception`` does not swallow it."""


def code_objects(code: CodeType) -> tuple[CodeType, ...]:
    """``code`` and every code object compiled inside it (functions, lambdas, classes,
    comprehensions): the student's whole file, to watch."""
    found = [code]
    for const in code.co_consts:
        if isinstance(const, CodeType):
            found.extend(code_objects(const))
    return tuple(found)


class Stopwatch:
    """Watches one bot's code: ``running(deadline)`` around each call into it."""

    def __init__(self, codes: tuple[CodeType, ...], clock: Callable[[], float]) -> None:
        self.codes = codes
        self._set = frozenset(codes)
        self.clock = clock
        self.deadline = float("inf")
        self.count = 0
        self._monitoring: Any = getattr(sys, "monitoring", None)

    @contextmanager
    def running(self, deadline: float) -> Iterator[None]:
        """Watch the student's code until the block ends; past ``deadline`` (by
        ``clock``) the line running raises ``OverTime``. An infinite deadline watches
        nothing (the student's code then runs untouched)."""
        if deadline == float("inf"):
            yield
            return
        self.deadline, self.count = deadline, 0
        mon = self._monitoring
        if mon is not None:
            if mon.get_tool(TOOL) is None:
                mon.use_tool_id(TOOL, "parlor-lab")
            mon.register_callback(TOOL, mon.events.LINE, self._line_event)
            for code in self.codes:
                mon.set_local_events(TOOL, code, mon.events.LINE)
            try:
                yield
            finally:
                mon.register_callback(TOOL, mon.events.LINE, None)
                for code in self.codes:
                    mon.set_local_events(TOOL, code, 0)
            return
        before = sys.gettrace()
        sys.settrace(self._call)
        try:
            yield
        finally:
            sys.settrace(before)

    def _tick(self) -> None:
        self.count += 1
        if self.count >= CHECK_EVERY:
            self.count = 0
            if self.clock() > self.deadline:
                raise OverTime

    def _line_event(self, code: CodeType, line: int) -> None:
        self._tick()

    def _call(self, frame: FrameType, event: str, arg: object) -> Any:
        """``sys.settrace``'s tracer: lines are traced in the student's frames only."""
        return self._lines if frame.f_code in self._set else None

    def _lines(self, frame: FrameType, event: str, arg: object) -> Any:
        if event == "line":
            self._tick()
        return self._lines
