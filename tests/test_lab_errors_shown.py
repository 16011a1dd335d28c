"""The Lab's screen shows an error at its cause: a crash in a helper lists the student's
lines that led there (the call in choose, then the helper's line, innermost last, each
with its code), and a move stopped in an endless loop says the line it was on, which
the editor marks (``data-line`` on ``[data-lab-error]``)."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable

import pytest

from controller_driver import Driver
from parlor.app.events import Action, Boot, LabReport, LabStart, ShowLab
from parlor.app.lab.referee.here import run_here
from parlor.i18n.catalog import FSI, PDI

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

HELPER = """\
def helper(moves):
    return moves[99]

def choose(view, moves, rng):
    best = helper(moves)
    return best
"""

LOOP = "def choose(view, moves, rng):\n    n = 0\n    while n >= 0:\n        n += 1\n"


def played(source: str, clock: Callable[[], float]) -> str:
    """The Lab's HTML after a match of ``source`` against random, its worker played by
    ``run_here`` with the sandboxes' ``clock``."""
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    out = page.send(Action("lab-run", value=source, form={
        "level": "random", "players": "2", "games": "2", "limit": "250"}))
    start = next(e for e in out if isinstance(e, LabStart))
    texts: list[str] = []
    run_here(start.request, texts.append, clock)
    reports = [json.loads(t) for t in texts if json.loads(t)["kind"] != "done"]
    out = page.send(LabReport("done", json.dumps(reports)))
    shows = [e for e in out if isinstance(e, ShowLab)]
    assert shows, out
    return shows[-1].html


def plain(html: str) -> str:
    return html.replace(FSI, "").replace(PDI, "")


def test_a_helpers_crash_lists_the_call_then_the_helpers_line_with_their_code() -> None:
    html = plain(played(HELPER, lambda: 0.0))
    assert re.search(r'data-lab-error="crash" data-line="2"', html)
    trace = re.search(r"<ol[^>]*data-lab-trace[^>]*>(.*?)</ol>", html, re.S)
    assert trace is not None, html
    items = re.findall(r'<li data-line="(\d+)">(.*?)</li>', trace.group(1))
    assert [n for n, _ in items] == ["5", "2"]
    assert "line 5, in choose:" in items[0][1] and "best = helper(moves)" in items[0][1]
    assert "line 2, in helper:" in items[1][1] and "return moves[99]" in items[1][1]
    assert '<code dir="ltr">' in items[0][1]


def test_an_endless_loop_says_the_line_it_was_on() -> None:
    ticks = itertools.count()
    html = plain(played(LOOP, lambda: float(next(ticks))))
    error = re.search(r'data-lab-error="over_time" data-line="(\d+)"', html)
    assert error is not None and error.group(1) in ("3", "4"), html
    assert re.search(r"Line [34]: Your bot took \d+ ms, more than the 250 ms", html)


def test_a_syntax_error_lists_no_lines_beside_its_own() -> None:
    html = played("def choose(view, moves, rng):\n    x = (\n", lambda: 0.0)
    assert 'data-lab-error="syntax"' in html and "data-lab-trace" not in html
