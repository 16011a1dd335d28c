"""What the referee and a bot's sandbox say to each other, and the checks on both ends.

A student's bot runs in a sandbox (``assets/lab-sandbox.js``): a worker with an
interpreter of its own, in an iframe of no origin, that can reach nothing but the one
message port the referee holds (docs/lab-threat-model.md). Everything crossing that
port is one JSON text (its kinds are named in ``messages.py``):

- the sandbox, once its interpreter is up and before any of the student's code ran,
  says ``messages.READY``;
- the referee asks ``{"id", "kind": "load", "game", "source", "limit"}`` (run the
  student's file) or ``{"id", "kind": "turn", "game", "base", "view", "grown", "moves",
  "rng", "limit"}`` (one move: the seat's view as ``core.values`` data, the legal
  moves, the generator's state as a decimal string, since a 64-bit int does not
  survive JavaScript's numbers). A view is sent whole when ``base`` is null;
  otherwise only what changed since the view of question ``base`` to this sandbox:
  ``view`` holds the fields that changed, ``grown`` the items added at the end of
  those that only grew (a Ciao! history is most of a view, and grows by a move or two
  a turn). ``limit`` is the
  milliseconds the sandbox's watch gives the file or the move before it stops it at
  its line (``stopwatch.py``); null: no watch;
- the sandbox answers ``{"id", "move", "problem", "printed"}``; a problem is
  ``{"kind", "line", "detail"}``, with ``"frames"`` when the student's code raised or
  was stopped (``problems.Frame``: ``[line, function, code]``, innermost last).

The sandbox is the student's: it may say anything, at any time, in any size. So
``read_answer`` never raises. It takes an answer only if it has the id asked and
the right shape. A move must be one of the moves offered, and a problem must be
one the sandbox may report (``messages.SandboxProblem``), its frames few and short
(``problems.frames_of``). Anything else becomes the
``broken`` problem, so the referee treats the bot as failed and replaces its sandbox.
"""

from __future__ import annotations

import dataclasses
import json
import typing
from dataclasses import dataclass
from typing import Any

from parlor.app.lab.wire.messages import RequestKind, is_sandbox_problem
from parlor.app.lab.wire.problems import MAX_PRINTED, Problem, frames_of
from parlor.core.values import decode, encode, field_codecs

#: The longest answer the referee reads (a move, a problem and what was printed).
MAX_ANSWER = 64 * 1024
#: The longest problem detail kept (a Python message, a value's repr).
MAX_DETAIL = 500
#: Views a sandbox keeps for the next questions' changes: a few games' worth (a
#: tournament plays up to six at once, ``tournament.MAX_LANES``). The referee sends a
#: question as changes to one of these, so both ends count the same.
KEPT_VIEWS = 12
#: How long a student's file may run before its first move (imports, tables, a loop):
#: the referee's limit on a load request, which the page's problem text names.
LOAD_LIMIT_MS = 5000.0


@dataclass(frozen=True)
class Load:
    id: int
    game: str
    source: str
    limit_ms: float = float("inf")  # the watch's time for the file's top level


@dataclass(frozen=True)
class Ask:
    id: int
    game: str
    base: int | None  # the question whose view this one's changes apply to
    view: dict[str, Any]  # the view as JSON data (``core.values.encode``), or its changes
    grown: dict[str, list[Any]]  # fields that only grew: the items added
    moves: tuple[str, ...]
    rng: int
    limit_ms: float = float("inf")  # the watch's time for the move

    def whole_view(self, cls: type, last: tuple[int, object | None] | None) -> object:
        """The view, from this question and the last view this sandbox was sent (its
        question's id and the view); changes to a view not held here are refused."""
        if self.base is None:
            return decode(cls, self.view)
        if last is None or last[0] != self.base or last[1] is None:
            raise ValueError(f"changes to the view of question {self.base}, not held here")
        codecs = field_codecs(cls)
        values = {name: codecs[name][1](data) for name, data in self.view.items()}
        for name, items in self.grown.items():
            values[name] = getattr(last[1], name) + codecs[name][1](items)
        return dataclasses.replace(last[1], **values)  # type: ignore[type-var]


def _request(id: int, kind: RequestKind, **fields: object) -> str:
    return json.dumps({"id": id, "kind": kind, **fields})


def _limit(limit_ms: float) -> float | None:
    return None if limit_ms == float("inf") else limit_ms


def _read_limit(data: dict[str, Any]) -> float:
    limit = data.get("limit")
    return float("inf") if limit is None else float(limit)


def load_text(id: int, game: str, source: str, limit_ms: float = float("inf")) -> str:
    return _request(id, "load", game=game, source=source, limit=_limit(limit_ms))


def ask_text(id: int, game: str, view: object, moves: tuple[str, ...], rng: int,
             last: tuple[int, object] | None = None, limit_ms: float = float("inf")) -> str:
    """Question ``id``: ``view`` whole, or what changed since ``last`` (the id and view of
    the question this sandbox was sent last). Fields are compared as values, so a long
    history that gained a move is a slice compared in C and one move encoded."""
    base: int | None = None
    changed: dict[str, Any] = {}
    grown: dict[str, Any] = {}
    if last is None or type(last[1]) is not type(view):
        changed = typing.cast(dict[str, Any], encode(view))
    else:
        base, old = last
        for name, (enc, _) in field_codecs(type(view)).items():
            after, before = getattr(view, name), getattr(old, name)
            if after == before:
                continue
            if (isinstance(after, tuple) and isinstance(before, tuple)
                    and len(after) > len(before) and after[:len(before)] == before):
                grown[name] = enc(after[len(before):])
            else:
                changed[name] = enc(after)
    return _request(id, "turn", game=game, base=base, view=changed, grown=grown,
                    moves=list(moves), rng=str(rng), limit=_limit(limit_ms))


def read_request(text: str) -> Load | Ask:
    """The referee's request, in the sandbox (from trusted code, but read strictly)."""
    data = json.loads(text)
    if data["kind"] == "load":
        return Load(int(data["id"]), str(data["game"]), str(data["source"]),
                    _read_limit(data))
    if data["kind"] == "turn":
        base = data["base"]
        return Ask(int(data["id"]), str(data["game"]), None if base is None else int(base),
                   dict(data["view"]), dict(data["grown"]),
                   tuple(str(m) for m in data["moves"]), int(data["rng"]),
                   _read_limit(data))
    raise ValueError(f"unknown request {data['kind']!r}")


def answer_text(id: int, move: str | None, problem: Problem | None, printed: str = "") -> str:
    """The sandbox's answer to request ``id``."""
    return json.dumps({"id": id, "move": move, "printed": printed,
                       "problem": None if problem is None else problem.to_dict()})


@dataclass(frozen=True)
class Answer:
    """An answer as the referee reads it: ``move`` is one of the moves offered or None,
    ``problem`` says why there is none."""

    move: str | None
    problem: Problem | None
    printed: str = ""


def broken(why: str) -> Answer:
    return Answer(None, Problem("broken", 0, why[:MAX_DETAIL]))


def read_answer(text: object, id: int, offered: tuple[str, ...] | None) -> Answer:
    """The sandbox's answer to request ``id``; ``offered`` are the moves of a turn (None
    for a load, whose answer carries no move). Never raises: a wrong answer is the
    bot's ``broken`` problem."""
    if not isinstance(text, str) or len(text) > MAX_ANSWER:
        return broken("an answer that is not a short text")
    try:
        data = json.loads(text)
    except ValueError:
        # What came instead says what broke (the sandbox's worker sends its own error
        # when its interpreter fails): hostile text, cut short, shown as text.
        return broken(f"an answer that is not JSON: {text[:200]!r}")
    if not isinstance(data, dict) or set(data) != {"id", "move", "problem", "printed"}:
        return broken("an answer of the wrong shape")
    if type(data["id"]) is not int or data["id"] != id:
        return broken("an answer to another question")
    printed = data["printed"]
    if not isinstance(printed, str):
        return broken("printed output that is not text")
    printed = printed if len(printed) <= MAX_PRINTED else printed[:MAX_PRINTED] + "…"
    problem = data["problem"]
    move = data["move"]
    if problem is not None:
        read = _problem(problem)
        if read is None or move is not None:
            return broken("a problem of the wrong shape")
        return Answer(None, read, printed)
    if offered is None:
        return Answer(None, None, printed) if move is None else broken("a move for a load")
    if not isinstance(move, str) or move not in offered:
        return Answer(None, Problem("not_legal", 0, repr(move)[:MAX_DETAIL]), printed)
    return Answer(move, None, printed)


def _problem(data: object) -> Problem | None:
    if not isinstance(data, dict) or not (
            set(data) == {"kind", "line", "detail"}
            or set(data) == {"kind", "line", "detail", "frames"}):
        return None
    kind, line, detail = data["kind"], data["line"], data["detail"]
    if not is_sandbox_problem(kind) or type(line) is not int or not isinstance(detail, str):
        return None
    frames = frames_of(data.get("frames", []))
    if frames is None:
        return None
    return Problem(kind, max(0, line), detail[:MAX_DETAIL], frames)
