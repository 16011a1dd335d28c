"""What the Lab's pieces say to each other, each kind of message named once, here.

The Lab is three programs that talk in JSON texts (docs/lab-threat-model.md): the
page, the referee in its worker, and one sandbox per student's bot. Every kind those
texts carry is a ``Literal`` below, so the checker refuses a misspelt kind where one is
written or compared, and a reader turns what arrived into one of them or refuses it:

- the page asks the referee's worker for a job (``JobKind``; ``jobs.plan`` reads it)
  and hears back from assets/lab.js (``WorkerNews``: ``LabReport``, ``LabChose``);
- the referee reports on the job (``ReportKind``: written by ``jobs.py`` and
  ``referee.py``, taken in by ``reports.py`` and ``playing.py``);
- the referee asks a bot's sandbox to run the bot's file or to play a turn
  (``RequestKind``; ``wire.py`` writes and reads them), and the sandbox, once its
  interpreter is up, first says ``READY``;
- a bot that gives no move says why (``ProblemKind``), in the sandbox's answers, the
  reports and the Lab's screens (each kind has its words, ``lab.problem.<kind>``).

The JavaScript carries those texts between the programs in envelopes of its own, which
Python never reads: the page and the referee's worker (``PageToReferee``,
``RefereeToPage``), the page and the sandboxes' frame (``PageToFrame``, ``FrameToPage``).
They are named here all the same, so that the protocol is written in one place:
tools/site.py writes every word of it (``for_javascript``) into assets/lab-protocol.js,
which assets/lab.js, assets/lab-worker.js and assets/lab-sandbox.js take their words
from, and tests/test_lab_protocol.py fails on a word the JavaScript spells by hand.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final, Literal, TypeGuard, get_args

#: A job the page asks the referee for: a match of the student's bot against a level,
#: a class tournament, or a Lab bot's move in a game at the table (``playing.py``).
JobKind = Literal["match", "tournament", "choose"]

#: A report of the referee's, JSON ``{"kind", ...}`` (``jobs.py`` says what each
#: carries): a match's ``compiled`` and ``game``s, a tournament's ``entrant``s and
#: ``duel``s, a move's ``chose``, and ``done`` after the last of any job.
ReportKind = Literal["compiled", "game", "entrant", "duel", "chose", "done"]

#: What assets/lab.js tells the page: ``batch`` (a JSON list of the referee's
#: reports), ``done`` (the last such list) or ``failed`` (why: the worker broke).
WorkerNews = Literal["batch", "done", "failed"]

#: The referee's question to a sandbox: run the bot's file, or play one move.
RequestKind = Literal["load", "turn"]

#: The sandbox's first word, said before the student's code exists in it (only the
#: JavaScript hears it: the worker asks nothing of a sandbox before it).
READY: Final = "ready"

#: What a sandbox may say went wrong: the file does not compile (``syntax``), has no
#: ``choose`` (``missing``) or one that cannot take ``view, moves, rng``
#: (``signature``), the bot raised (``crash``), returned what was not offered
#: (``not_legal``), its interpreter ran out of memory (``memory``), or its watch
#: stopped a move or the file's top level at a line, past its time (``over_time``,
#: ``load_time``: the referee judges which, and the time, by its own clock).
SandboxProblem = Literal["syntax", "missing", "signature", "crash", "not_legal", "memory",
                         "over_time", "load_time"]
#: What the referee alone says: the sandbox did not answer as it must (``wire.py``).
#: It also judges ``over_time`` and ``load_time`` when a sandbox does not answer in time.
RefereeProblem = Literal["broken"]
#: The page's own: the Lab's worker failed while a game at the table waited on a Lab
#: bot's move (``playing.py``).
PageProblem = Literal["failed"]
#: Why a bot gave no move (``problems.Problem.kind``).
ProblemKind = Literal[SandboxProblem, RefereeProblem, PageProblem]

#: The page (assets/lab.js) to the referee's worker (assets/lab-worker.js), ``{"kind",
#: ...}``: ``run`` a job, ``stop`` it, ``idle`` (the page let every sandbox go),
#: ``sandbox`` (the port of the sandbox asked for), ``died`` (that sandbox crashed).
PageToReferee = Literal["run", "stop", "idle", "sandbox", "died"]
#: The referee's worker to the page: ``ready`` (its Python is up, and how it started),
#: ``failed`` (why it broke), ``report`` (one of the referee's, as its JSON text),
#: ``need`` (a sandbox for a bot), ``kill`` (that bot's sandbox), ``ahead`` (how many
#: sandboxes to start ahead), ``measure`` (a duration, for `make bench`).
RefereeToPage = Literal["ready", "failed", "report", "need", "kill", "ahead", "measure"]
#: The page to the sandboxes' frame (assets/lab-sandbox.js): ``files`` (the runtime's
#: bytes and the workers' script), ``cached`` (the snapshot, cached since), ``make`` (a
#: sandbox, on the port given), ``kill`` (one).
PageToFrame = Literal["files", "cached", "make", "kill"]
#: The frame to the page: ``frame`` (it listens), ``start`` (how a sandbox started),
#: ``died`` (a sandbox crashed).
FrameToPage = Literal["frame", "start", "died"]

SANDBOX_PROBLEMS: Final[frozenset[str]] = frozenset(get_args(SandboxProblem))
PROBLEMS: Final[frozenset[str]] = frozenset(get_args(ProblemKind))
REPORTS: Final[frozenset[str]] = frozenset(get_args(ReportKind))
NEWS: Final[frozenset[str]] = frozenset(get_args(WorkerNews))


def is_sandbox_problem(kind: object) -> TypeGuard[SandboxProblem]:
    """Whether a sandbox may report ``kind`` (the others are the referee's to say)."""
    return isinstance(kind, str) and kind in SANDBOX_PROBLEMS


def _is_problem(kind: object) -> TypeGuard[ProblemKind]:
    return isinstance(kind, str) and kind in PROBLEMS


def problem_kind(kind: object) -> ProblemKind:
    """``kind`` read from a report as one of the problems; ``ValueError`` otherwise."""
    if not _is_problem(kind):
        raise ValueError(f"no problem is called {kind!r}")
    return kind


def _is_report(kind: object) -> TypeGuard[ReportKind]:
    return isinstance(kind, str) and kind in REPORTS


def report_kind(item: Mapping[str, Any]) -> ReportKind | None:
    """The kind of one of the referee's reports (None: not one the page knows, passed
    over as before)."""
    kind = item.get("kind")
    return kind if _is_report(kind) else None


def _is_news(kind: object) -> TypeGuard[WorkerNews]:
    return isinstance(kind, str) and kind in NEWS


def worker_news(kind: str, text: str) -> tuple[WorkerNews, str]:
    """What assets/lab.js said, as the page's event takes it: news of a kind it never
    sends is the worker's failure, said as such, not news passed on unread."""
    if _is_news(kind):
        return kind, text
    return "failed", f"the Lab's worker said {kind!r}"


def job_request(kind: JobKind, **fields: object) -> str:
    """The page's request for a job (``LabStart``, ``LabChoose``): JSON, its kind first;
    ``jobs.py`` says which fields each kind has."""
    return json.dumps({"kind": kind, **fields})


#: The groups of words assets/lab-protocol.js holds, by the name a script reads them by
#: (``PARLOR_LAB_PROTOCOL.report.game``), besides ``ready`` (``READY``).
_GROUPS: Final = {
    "job": JobKind, "report": ReportKind, "news": WorkerNews, "request": RequestKind,
    "problem": ProblemKind, "toReferee": PageToReferee, "fromReferee": RefereeToPage,
    "toFrame": PageToFrame, "fromFrame": FrameToPage,
}


def for_javascript() -> dict[str, dict[str, str] | str]:
    """Every word above, as tools/site.py writes them for the JavaScript: each group maps
    a word to itself, so a script names a word (``P.report.game``) instead of spelling
    it, and a word it names that is not here is found by tests/test_lab_protocol.py."""
    out: dict[str, dict[str, str] | str] = {
        group: {word: word for word in get_args(kind)} for group, kind in _GROUPS.items()}
    out["ready"] = READY
    return out
