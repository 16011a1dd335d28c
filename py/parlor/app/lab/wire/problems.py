"""What a bot's turn came to, as the wire carries it: the move, or the problem with the
student's lines that led there.

The sandbox writes these (``sandbox/student.py`` makes them from what the student's code
did), the referee reads them back as hostile text (``wire.read_answer``), and the page
shows and keeps them (a match's games, a tournament's forfeits, the status line). So
they live on the wire, where all three may import them, and not in the sandbox, which
the referee and the page never load.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from parlor.app.lab.wire.messages import ProblemKind, problem_kind

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
