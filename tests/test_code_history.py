"""The code says why in its comments; its history lives in git and the docs.

A comment that points at a tracker's number ("see issue N") tells a newcomer nothing
the commit that wrote it does not, and goes stale when the tracker moves: the reason
belongs in the comment itself. This scans the code, the tests and the tools.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CODE = ("py", "tests", "e2e", "tools", "assets", "types")
FILES = ("sw.mjs", "index.html", "Makefile")
SUFFIXES = {".py", ".js", ".mjs", ".ts", ".css", ".html", ".json", ".toml"}
# Built from parts, so this file does not find itself.
TRACKER = re.compile(r"\b" + "issue" + r"s? #?\d+", re.IGNORECASE)


def _sources() -> list[Path]:
    found = [ROOT / f for f in FILES if (ROOT / f).exists()]
    for top in CODE:
        found += [p for p in (ROOT / top).rglob("*")
                  if p.suffix in SUFFIXES and p.is_file()
                  and "artifacts" not in p.parts and "node_modules" not in p.parts]
    return found


def test_no_tracker_numbers_in_code_or_tests() -> None:
    hits = [f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
            for p in _sources()
            for n, line in enumerate(p.read_text(errors="replace").splitlines(), 1)
            if TRACKER.search(line)]
    assert not hits, "say why instead of pointing at the tracker:\n" + "\n".join(hits)
