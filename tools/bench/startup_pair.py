"""Suite ``startup-pair``: repeat visits of several trees of the app and of the stock
page, alternating in one browser: the side-by-side comparison of a change to the start.

``tools/bench/startup.py`` measures one tree against the stock page, with a new profile
per visit; two of its runs a few minutes apart disagree on this shared machine by more
than a change to the start is worth (the stock page's own repeat visit moved 1.5x between
runs). Here each tree (``NAME=DIR``: this worktree and, say, main's) is served by a host
of its own (another origin, so another service worker and cache), each gets one profile
whose first visit precaches it, and then the repeat visits go round: tree after tree,
then the stock page, ``runs`` times, at each CPU rate. With ``--first``, first visits
instead, alternating the same way, each in a new profile (any tree can be compared this
way, one from before the snapshot too: its page need only mark ``parlor:ready``; a
tree's files must be real files in it, since the host serves no symbolic link that
leads out of the tree, as a worktree's vendor/ would). The same host as the ``startup``
suite (tools/bench/host.py: gzip, a static host's cache headers; at 4x the school
profile's 40 ms and 20 Mbit/s too). Printed: the median time to ready, its ratio to the
stock page's, each step of the start (the page's marks, see STEPS) and the load average
before and after each rate.

    python -m tools.bench startup-pair --trees main=/work/main page=. [--runs 5]
                                       [--rates 1,4] [--first]
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

from tools.bench import startup as bench_startup
from tools.bench.harness import FAST, READY, SCHOOL, Context, throttle
from tools.bench.host import Link, StaticHost, start_host
from tools.bench.report import load

#: The steps, in the order of a start (a mark absent on a tree is NaN): the start begun
#: (parlor:boot, or PyScript's call where the start waits for it), Python up, the package
#: on disk, py/main.py begun, parlor.web imported, ready; after ready, PyScript's call of
#: loadPyodide (where the start no longer waits for it) and its run of the page's script.
STEPS = ("parlor:boot", "parlor:pyodide-called", "parlor:pyodide-loaded", "parlor:unpacked",
         "parlor:main-py", "parlor:main", "parlor:ready", "parlor:pyscript-ran")
TIMES = f"""Object.fromEntries({list(STEPS)!r}.map(n =>
    [n, (performance.getEntriesByName(n)[0] || {{startTime: NaN}}).startTime]))"""
PROFILES = {1.0: FAST, 4.0: SCHOOL}


@dataclass
class Tree:
    """One tree of the app, served at an origin of its own."""

    name: str
    root: Path
    base: str = ""
    server: ThreadingHTTPServer | None = None
    visits: dict[float, list[dict[str, float]]] = field(default_factory=dict)


def options(parser: argparse._ArgumentGroup) -> None:
    parser.add_argument("--trees", nargs="+", default=[], metavar="NAME=DIR",
                        help="the trees of the app to compare, each built")
    parser.add_argument("--rates", default="1,4", help="CPU rates: 1 and/or 4")
    parser.add_argument("--first", action="store_true",
                        help="first visits instead (a new profile each), alternating too")


def serve(tree: Tree) -> None:
    tree.server, tree.base = start_host(tree.root, tree.name)


def visit(context: Any, url: str, rate: float, mode: str) -> dict[str, float]:
    """One visit in a new tab of ``context``; its marks (ms since navigation)."""
    page = context.new_page()
    throttle(context, page, rate)
    page.goto(url)
    page.wait_for_function(READY, timeout=300_000, polling=50)
    if mode and page.evaluate(bench_startup.MODE) != mode:
        raise RuntimeError(f"{url}: started {page.evaluate('globalThis.parlorStart')}")
    page.wait_for_timeout(1500)  # PyScript's part after ready, and the worker's messages
    times: dict[str, float] = page.evaluate(TIMES)
    page.close()
    return times


def first_visit(context: Any, tree: Tree, rate: float) -> None:
    page = context.new_page()
    page.goto(f"{tree.base}/index.html")
    page.wait_for_function(READY, timeout=300_000, polling=50)
    bench_startup.settle_app(page, tree.root)  # counts this tree's precache list
    page.close()


def compare(emit: Callable[[str], None], browser: Any, trees: list[Tree], runs: int,
            rates: list[float], first: bool = False) -> dict[str, object]:
    stock = Tree("stock", trees[0].root)
    for tree in [*trees, stock]:
        serve(tree)
    try:
        for rate in rates:
            StaticHost.link = Link.of(PROFILES[rate])
            load0 = load()
            if first:
                # First visits: each in a new profile (no cache, no service worker yet).
                for _ in range(runs):
                    for tree in [*trees, stock]:
                        url = (f"{stock.base}/{bench_startup.PAGES['stock']}" if tree is stock
                               else f"{tree.base}/index.html")
                        context = browser.new_context(service_workers="allow")
                        tree.visits.setdefault(rate, []).append(visit(context, url, rate, ""))
                        context.close()
                report(emit, trees, stock, rate, runs, load0, load(), "First")
                continue
            contexts = {}
            for tree in [*trees, stock]:
                contexts[tree.name] = browser.new_context(service_workers="allow")
                if tree is stock:
                    visit(contexts["stock"], f"{stock.base}/{bench_startup.PAGES['stock']}",
                          rate, "")
                else:
                    first_visit(contexts[tree.name], tree, rate)
            for _ in range(runs):
                for tree in [*trees, stock]:
                    url = (f"{stock.base}/{bench_startup.PAGES['stock']}" if tree is stock
                           else f"{tree.base}/index.html")
                    times = visit(contexts[tree.name], url, rate,
                                  "" if tree is stock else "snapshot")
                    tree.visits.setdefault(rate, []).append(times)
            for context in contexts.values():
                context.close()
            report(emit, trees, stock, rate, runs, load0, load())
    finally:
        StaticHost.link = Link()
        for tree in [*trees, stock]:
            if tree.server is not None:
                tree.server.shutdown()
                tree.server.server_close()
    return {tree.name: {f"{rate:g}x": rows for rate, rows in tree.visits.items()}
            for tree in [*trees, stock]}


def med(rows: list[dict[str, float]], name: str) -> float:
    return statistics.median(row[name] for row in rows)


def report(emit: Callable[[str], None], trees: list[Tree], stock: Tree, rate: float,
           runs: int, load0: float, load1: float, kind: str = "Repeat") -> None:
    """The table of one rate: each tree's steps (ms between marks), ready, ratio."""
    stock_ms = med(stock.visits[rate], "parlor:ready")
    emit(f"\n{kind} visits at {rate:g}x CPU, median of {runs}, load {load0:.1f} -> "
          f"{load1:.1f}; the stock page's: {stock_ms:.0f} ms "
          f"(all: {[round(r['parlor:ready']) for r in stock.visits[rate]]})")
    emit(f"  {'tree':10} {'to start':>8} {'python':>7} {'unpack':>7} {'to main':>8} "
          f"{'import':>7} {'main()':>7} {'ready':>7} {'ratio':>6} {'pyscript':>9} "
          f"{'after':>6}")
    for tree in trees:
        rows = tree.visits[rate]
        m = {name: med(rows, name) for name in STEPS}
        begun = m["parlor:boot"] if m["parlor:boot"] == m["parlor:boot"] \
            else m["parlor:pyodide-called"]
        ready = m["parlor:ready"]
        asked = m["parlor:pyodide-called"]
        emit(f"  {tree.name:10} {begun:8.0f} {m['parlor:pyodide-loaded'] - begun:7.0f} "
              f"{m['parlor:unpacked'] - m['parlor:pyodide-loaded']:7.0f} "
              f"{m['parlor:main-py'] - m['parlor:unpacked']:8.0f} "
              f"{m['parlor:main'] - m['parlor:main-py']:7.0f} "
              f"{ready - m['parlor:main']:7.0f} {ready:7.0f} {ready / stock_ms:6.2f} "
              f"{asked:9.0f} {m['parlor:pyscript-ran'] - ready:6.0f}")
        emit(f"  {'':10} all ready: {[round(r['parlor:ready']) for r in rows]}")


def run(ctx: Context) -> dict[str, object]:
    if not ctx.args.trees:
        ctx.emit("startup-pair: skipped (give the trees: --trees NAME=DIR [NAME=DIR ...])")
        return {}
    trees = [Tree(spec.split("=", 1)[0], Path(spec.split("=", 1)[1]).resolve())
             for spec in ctx.args.trees]
    return compare(ctx.emit, ctx.session.browser, trees,
                   ctx.args.runs or (2 if ctx.args.quick else 5),
                   [float(r) for r in ctx.args.rates.split(",")], ctx.args.first)
