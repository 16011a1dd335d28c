"""Parlor's benchmarks: engine speed, bot move times and strength, Pyodide, the page in
headless Chromium (start-up, responsiveness, memory), the Bot Lab.

    make bench                              # the default set (PYTHONPATH=py, from the root)
    make bench SUITE=memory                 # one suite (or several: SUITE="speed sim")
    python -m tools.bench --list            # the suites, one line each
    python -m tools.bench speed moves       # some suites (PYTHONPATH=py)
    python -m tools.bench --quick           # fewer games and runs: a smoke run
    python -m tools.bench tournament --bots 30 --seats 2,4 --games-per-pair 20

Each suite's figures are printed and merged into docs/bench-results.md (its section
replaced, the others kept), with the machine, the browser, the date and the commit;
``--json FILE`` also writes the numbers. Everything is seeded, so two runs play the
same games; only the times vary. The performance budgets (docs/design.md) are checked
by reading these tables, not by tests.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import json
import os
import sys
import time
import traceback
from collections.abc import Sequence
from pathlib import Path

from tools.bench.harness import Context, Session, browser_skip_reason
from tools.bench.report import RESULTS, Section, commit, load, write_results
from tools.bench.suites import ALIASES, BY_NAME, DEFAULT, SUITES


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m tools.bench", description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="suites (default set marked *):\n" + listing())
    p.add_argument("suites", nargs="*", metavar="SUITE",
                   help="suites to run (default: the default set); `browser` is "
                        + " + ".join(ALIASES["browser"]))
    p.add_argument("--only", default="", help="comma-separated suites (as SUITE ...)")
    p.add_argument("--list", action="store_true", help="list the suites and stop")
    p.add_argument("--quick", action="store_true", help="fewer games and runs (a smoke run)")
    p.add_argument("--workers", type=int, default=min(4, os.cpu_count() or 1),
                   help="processes for the strength and search matches")
    p.add_argument("--json", type=Path, help="also write the numbers to this file")
    p.add_argument("--results", type=Path, default=RESULTS,
                   help=f"the results file (default {RESULTS.relative_to(RESULTS.parents[1])})")
    p.add_argument("--no-results", action="store_true",
                   help="do not write the results file")
    for suite in SUITES:
        if suite.options is not None:
            suite.options(p.add_argument_group(f"{suite.name} suite"))
    return p


def listing() -> str:
    width = max(len(s.name) for s in SUITES)
    return "\n".join(f"  {s.name:{width}} {'*' if s.default else ' '} {s.summary}"
                     for s in SUITES)


def chosen(args: argparse.Namespace, p: argparse.ArgumentParser) -> list[str]:
    asked = [*args.suites, *(n.strip() for n in args.only.split(",") if n.strip())]
    names: set[str] = set()
    for name in asked or DEFAULT:
        if name in ALIASES:
            names.update(ALIASES[name])
        elif name in BY_NAME:
            names.add(name)
        else:
            p.error(f"unknown suite {name!r}; `python -m tools.bench --list` lists them")
    return [s.name for s in SUITES if s.name in names]


def main(argv: Sequence[str] | None = None) -> int:
    p = parser()
    args = p.parse_args(argv)
    if args.list:
        print(listing())
        return 0
    names = chosen(args, p)
    if importlib.util.find_spec("parlor") is None:
        p.error("parlor is not importable: run from the repository root with PYTHONPATH=py "
                "(`make bench` does)")
    command = "python -m tools.bench " + " ".join(sys.argv[1:] if argv is None else argv)
    code = commit()
    results: dict[str, object] = {}
    sections: list[Section] = []
    failed: list[str] = []
    start = time.perf_counter()
    print(f"Parlor bench: {', '.join(names)}", flush=True)
    with Session() as session:
        for name in names:
            suite = BY_NAME[name]
            if suite.browser and (why := browser_skip_reason()):
                print(f"\n{name}: skipped ({why})", flush=True)
                continue
            lines: list[str] = []

            def emit(text: str, lines: list[str] = lines) -> None:
                print(text, flush=True)
                lines.append(text)

            load0, t0 = load(), time.perf_counter()
            began = datetime.datetime.now(datetime.UTC)
            try:
                results[name] = suite.run(Context(args, emit, results, session))
            except Exception:  # noqa: BLE001 - one suite's failure must not lose the others
                traceback.print_exc()
                print(f"\n{name}: FAILED (its previous results are kept)", flush=True)
                failed.append(name)
                continue
            sections.append(Section(
                name, suite.summary, lines, began, time.perf_counter() - t0,
                (load0, load()), command, session.browser_version if suite.browser else "",
                sys.version.split()[0]))
    print(f"\nTotal {time.perf_counter() - start:.0f} s"
          + (f"; failed: {', '.join(failed)}" if failed else ""))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, default=str) + "\n")
    if sections and not args.no_results:
        write_results(args.results, sections, [s.name for s in SUITES], code)
        print(f"Results: {args.results} ({', '.join(s.name for s in sections)})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
