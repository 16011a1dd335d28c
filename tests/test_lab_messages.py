"""The kinds of the Lab's messages, named once (app/lab/wire/messages.py): each is read back
as one of its kinds or refused, and every problem a bot can be stopped with has words
to say it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import get_args

import pytest

from parlor.app.lab.wire import messages
from parlor.app.lab.wire.messages import (
    ProblemKind,
    SandboxProblem,
    job_request,
    problem_kind,
    report_kind,
    worker_news,
)
from parlor.app.lab.wire.problems import Problem

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

CATALOG = Path(__file__).resolve().parent.parent / "py" / "parlor" / "i18n" / "catalogs"


def test_the_kinds_are_read_at_run_time_as_the_checker_reads_them() -> None:
    """A ``Literal`` of ``Literal``s is flattened alike on 3.11 and 3.14."""
    assert set(get_args(SandboxProblem)) < set(get_args(ProblemKind)) == messages.PROBLEMS
    assert messages.PROBLEMS == {"syntax", "missing", "signature", "crash", "not_legal",
                                 "memory", "over_time", "load_time", "broken", "failed"}


def test_every_problem_of_a_bot_has_words() -> None:
    """The Lab says each problem a sandbox or the referee reports in the student's terms
    (``failed`` is the page's, said where a game at the table waits)."""
    en = json.loads((CATALOG / "en.json").read_text(encoding="utf-8"))
    for kind in messages.PROBLEMS - {"failed"}:
        assert f"lab.problem.{kind}" in en, kind


def test_a_problem_goes_as_data_and_comes_back() -> None:
    problem = Problem("crash", 3, "ZeroDivisionError: division by zero")
    assert Problem.from_dict(json.loads(json.dumps(problem.to_dict()))) == problem
    with pytest.raises(ValueError, match="no problem is called 'exploded'"):
        Problem.from_dict({"kind": "exploded", "line": 0, "detail": ""})
    assert problem_kind("memory") == "memory"


def test_a_report_of_no_known_kind_is_passed_over() -> None:
    assert report_kind({"kind": "duel"}) == "duel"
    assert report_kind({"kind": "gossip"}) is None
    assert report_kind({"kind": ["duel"]}) is None  # not even a text: never raises
    assert report_kind({}) is None


def test_news_the_worker_never_sends_is_its_failure() -> None:
    assert worker_news("batch", "[]") == ("batch", "[]")
    assert worker_news("done", "[]") == ("done", "[]")
    assert worker_news("failed", "no memory") == ("failed", "no memory")
    assert worker_news("bogus", "[]") == ("failed", "the Lab's worker said 'bogus'")


def test_a_request_says_its_kind_first() -> None:
    request = json.loads(job_request("tournament", game="kabaleo", games=2))
    assert list(request) == ["kind", "game", "games"] and request["kind"] == "tournament"


def test_the_javascript_is_given_every_kind_as_itself() -> None:
    """assets/lab-protocol.js is written from this (tools/site.py); its scripts compare a
    kind with ``P.<group>.<word>``, so each word must map to itself."""
    js = messages.for_javascript()
    assert set(js["report"]) == messages.REPORTS and set(js["news"]) == messages.NEWS
    assert set(js["problem"]) == messages.PROBLEMS and js["ready"] == messages.READY
    assert all(word == value for group in js.values() if isinstance(group, dict)
               for word, value in group.items())
