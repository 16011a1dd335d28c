"""Which tests run a second time inside Pyodide, and why.

CPython 3.11 runs every test (``make test-py``). Inside Pyodide (``make test-pyodide``,
tools/pyodide_pytest.mjs) only the tests marked ``pyodide`` run: those whose result could
differ between CPython 3.11 and the browser's Python 3.14. A new test file needs nothing
to run in CPython; mark it (``pytestmark = pytest.mark.pyodide``, or one test with
``@pytest.mark.pyodide``) when it checks something the interpreter could change, and add
it below. The test at the end collects exactly what the runner selects and fails if a
group below has gone missing from it (a file renamed, a marker dropped, a new fast
simulator or Bot Lab file left unmarked).
"""

from __future__ import annotations

import fnmatch
import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Files whose every test (bar slow and cpython_only ones) runs inside Pyodide, by glob
#: (each glob must match a file), with the reason.
WHOLE_FILES = {
    "test_rng.py": "the seeded generator: every deal and every replayed save rests on its "
                   "exact outputs",
    "test_golden.py": "seeded playthroughs compared as text with tests/golden/: any drift in "
                      "ordering, formatting or the rng shows as a diff",
    "test_contract.py": "each game's contract (determinize, replay, JSON round trip) on a "
                        "sample of the seeds inside Pyodide (IN_PYODIDE there)",
    "test_ciao_contract.py": "Ciao!'s whole matches and strict table under the same checks",
    "test_*_fast.py": "the bots' fast simulators (integer and bit tricks) must agree with the "
                      "rules move for move",
    "test_match.py": "match records: JSON round trip, replay, broken JSON and ill-typed "
                     "fields refused",
    "test_saves.py": "the save envelope exactly as the browser writes it to local storage",
    "test_old_saves.py": "version 1 saves, as players' browsers hold them, must resume there",
    "test_*_migrate.py": "the migrations that bring those saves up to date",
    "test_ismcts.py": "search determinism: same view, seed and budget give the same move "
                      "(float sums, tie-breaks, iteration order)",
    "test_lab_*.py": "the Bot Lab compiles and runs a student's code: SyntaxError texts, line "
                     "numbers and tracebacks change between Python versions",
    "test_stdlib_cut.py": "the browser's cut standard library (its check that boots Pyodide "
                          "itself is cpython_only: it starts node)",
    "test_sdp.py": "invitations between two browsers: base64 and regular expressions",
}

#: Single tests, by node id (parametrized ones by their function), in files that otherwise
#: need only CPython.
SINGLE_TESTS = {
    "test_classroom.py::test_export_import_and_share_carry_the_same_match":
        "transfer: share links are zlib + base64url, exports JSON (app/classroom/transfer.py)",
    "test_classroom.py::test_a_hand_edited_file_is_refused_with_its_reason":
        "transfer: a hand-edited export refused with its reason",
    "test_classroom.py::test_a_broken_link_is_refused_with_its_reason":
        "transfer: a damaged link's zlib and base64 errors turned into reasons",
    "test_classroom.py::test_a_share_link_opens_a_review_and_keeping_it_makes_a_new_save":
        "transfer: a link made in one browser opened in another",
    "test_bots_kabaleo.py::test_a_bot_is_deterministic_given_its_rng_and_its_cache_is_safe":
        "bot determinism: the same view and seed give the same move and beliefs",
    "test_bots_kabaleo.py::test_random_bot_is_generic_and_uniformish":
        "the random level draws through Rng",
    "test_link.py::test_every_message_survives_the_wire":
        "the wire format between two browsers (JSON)",
    "test_link.py::test_a_malformed_message_is_refused":
        "malformed wire messages refused the same way in every browser",
}

#: Left to CPython alone, on purpose (the groups above exercise the same interpreter
#: features inside Pyodide):
#: - rules, rulings, scoring, options, naming: integer and string logic; the contract
#:   sample and the golden logs play every rule inside Pyodide;
#: - render, i18n, words for people, "you" forms, motion, reveal, guide, beliefs: strings
#:   built from explicit tables (digits, CLDR plural rules, bidi character ranges; the
#:   ``locale`` module is not used); the golden logs check the log's text inside Pyodide;
#: - app, controller, menu, tabs, room, pairing, timed windows, seat screen, classroom (bar
#:   transfer): the page's logic over the engine; its only library use, JSON, is above;
#: - bots' legality and strength: slow or covered by the contract; determinism is above;
#: - layers, pyscript.toml: read the source tree and the build tools, which run on the
#:   host's CPython (tools/site.py), not in the browser.

RUNNER = ROOT / "tools" / "pyodide_pytest.mjs"

PROBE = '''
import json, os

_deselected = []

def pytest_deselected(items):
    _deselected.extend(items)

def pytest_collection_finish(session):
    out = {
        "selected": [item.nodeid for item in session.items],
        "deselected": [[item.nodeid, sorted({m.name for m in item.iter_markers()})]
                       for item in _deselected],
    }
    with open(os.environ["PARLOR_PROBE_OUT"], "w", encoding="utf-8") as f:
        json.dump(out, f)
'''


def runner_marker_expression() -> str:
    found = re.search(r'const MARKERS = \["-m", "([^"]+)"\];', RUNNER.read_text())
    assert found, f"{RUNNER.name}: no `const MARKERS = [\"-m\", \"...\"];` line"
    return found.group(1)


def file_of(nodeid: str) -> str:
    return nodeid.split("::")[0].removeprefix("tests/")


def function_of(nodeid: str) -> str:
    return nodeid.split("[")[0].removeprefix("tests/")


def test_the_runner_selects_the_marker_and_cpython_does_not() -> None:
    """Inside Pyodide only marked tests; in CPython every test, marked or not."""
    assert "pyodide" in runner_marker_expression().split()
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]
    addopts = config["ini_options"]["addopts"]
    cpython = addopts[addopts.index("-m") + 1]
    assert "pyodide" not in cpython, "CPython must run the tests that are not marked too"
    assert any(m.startswith("pyodide:") for m in config["ini_options"]["markers"])


def test_every_group_has_a_file_and_every_single_test_exists() -> None:
    names = sorted(p.name for p in (ROOT / "tests").glob("test_*.py"))
    for pattern in WHOLE_FILES:
        assert fnmatch.filter(names, pattern), f"no tests/{pattern}: update WHOLE_FILES"
    for nodeid in SINGLE_TESTS:
        path, name = nodeid.split("::")
        assert f"def {name}(" in (ROOT / "tests" / path).read_text(), (
            f"tests/{nodeid} is gone: update SINGLE_TESTS")


@pytest.mark.cpython_only  # starts a CPython pytest to collect
def test_the_pyodide_selection_holds_every_group(tmp_path: Path) -> None:
    """Collect (without running) what tools/pyodide_pytest.mjs selects, with its marker
    expression, and compare with the groups above."""
    (tmp_path / "parlor_pyodide_probe.py").write_text(PROBE, encoding="utf-8")
    out = tmp_path / "selection.json"
    env = {**os.environ, "PARLOR_PROBE_OUT": str(out),
           "PYTHONPATH": os.pathsep.join(filter(None, [str(tmp_path),
                                                       os.environ.get("PYTHONPATH")]))}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
         "-p", "parlor_pyodide_probe", "-m", runner_marker_expression(), "tests"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    found = json.loads(out.read_text(encoding="utf-8"))
    selected: list[str] = found["selected"]
    # Deselected although neither slow nor cpython_only: not marked.
    unmarked = [nodeid for nodeid, markers in found["deselected"]
                if not {"slow", "cpython_only"} & set(markers)]

    assert len(selected) >= 100, f"only {len(selected)} tests would run inside Pyodide"
    for pattern in WHOLE_FILES:
        files = {f for f in map(file_of, selected) if fnmatch.fnmatch(f, pattern)}
        assert files, f"no test of tests/{pattern} runs inside Pyodide"
        missing = [n for n in unmarked if fnmatch.fnmatch(file_of(n), pattern)]
        assert not missing, (f"not marked pyodide ({WHOLE_FILES[pattern]}): "
                             + ", ".join(missing[:5]))
    chosen = set(map(function_of, selected))
    for nodeid, why in SINGLE_TESTS.items():
        assert nodeid in chosen, f"tests/{nodeid} does not run inside Pyodide ({why})"
