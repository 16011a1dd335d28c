"""Suite ``lab-batch``: the page's Python for each batch of a class tournament's games, in
CPython. The controller is driven as the page drives it: the Lab of Kabaleo opened, 30
bots made, a tournament in duels started (1,740 games), then the referee's reports sent
in batches of 7 games, each ``Controller.handle(LabReport)`` timed whole, the markup the
page reads made (the table's changes, or the results when drawn whole). The reports are
made up but of the real shape, in the order the referee plays the games (``play_plan``'s
windows, a window's sittings taking turns), the same at every run.

    PYTHONPATH=py python -m tools.bench lab-batch [--other DIR] [--batch-runs 3]
    PYTHONPATH=py python -m cProfile -s cumulative -m tools.bench.lab_batch [3]   # where

Two cases: the table alone, and bot 3's games listed under it (its name pressed, as a
teacher does while the games come).

Each run is a process of its own; with ``--other`` (a checkout: its ``py/`` is measured)
the trees take turns, so the machine's other work weighs on both alike. In the browser
Pyodide is ~2-3x slower than CPython, and a 4x CPU throttle multiplies that again.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tools.bench.harness import Context

ROOT = Path(__file__).resolve().parents[2]
BOTS = 30
BATCH = 7
LIVE = 6  # sandboxes alive at once (``navigator.deviceMemory`` 8 GB: the order played)


def options(group: argparse._ArgumentGroup) -> None:
    group.add_argument("--batch-runs", type=int, default=0,
                       help="lab-batch's runs a tree (default 3; 1 with --quick)")


def reports(bots: int, seating: Any) -> list[str]:
    """The referee's reports, as the batches the page is sent: the entrants' first,
    then the games, ``BATCH`` at a time."""
    from parlor.app.lab.contest.tournament import TableGame, play_plan
    from parlor.core.rng import Rng

    order: list[int] = []
    for window in play_plan(seating, LIVE):
        lanes = [list(range(s * seating.per, (s + 1) * seating.per)) for s in window.sittings]
        while any(lanes):  # the window's games taking turns between its sittings
            for lane in lanes:
                if lane:
                    order.append(lane.pop(0))
    rng = Rng(5)
    duels = []
    for k in order:
        r = rng.randbelow(10)
        first = 1.0 if r < 4 else 0.0 if r < 8 else 0.5
        moves = [f"{'abcdefgh'[rng.randbelow(8)]}{rng.randbelow(8) + 1}"
                 for _ in range(20 + rng.randbelow(40))]
        duel = TableGame(seating.order(k), k % seating.per, (first, 1.0 - first),
                         seed=rng.randbelow(10**9), moves="\x1f".join(moves),
                         cut=rng.randbelow(50) == 0)
        duels.append({"kind": "duel", "number": k, "duel": duel.to_dict()})
    entrants = [{"kind": "entrant", "index": i, "problem": None} for i in range(bots)]
    return [json.dumps(entrants)] + [json.dumps(duels[i:i + BATCH])
                                     for i in range(0, len(duels), BATCH)]


def batch_times(bots: int = BOTS, shown: int | None = None) -> list[float]:
    """Each batch's ``handle`` in ms, the markup the page reads included; ``shown``: the
    bot whose games are listed under the table (its name pressed) while they come."""
    from parlor.app.controller import Controller
    from parlor.app.events import Action, Boot, LabReport, LabStart, ShowLab
    from parlor.app.saves import DictStore
    from parlor.core.rng import Rng

    chance = Rng(1)
    c = Controller(DictStore(), lambda: 0.0, lambda ms: f"t{ms:.0f}",
                   entropy=lambda n: bytes(chance.randbelow(256) for _ in range(n)))
    c.handle(Boot({"lab": "kabaleo"}))
    for _ in range(bots - 1):
        c.handle(Action("lab-new"))
    out = c.handle(Action("lab-tournament", form={
        "level": "random", "players": "2", "games": "10", "limit": "1000"}))
    start = next(e for e in out if isinstance(e, LabStart))
    request = json.loads(start.request)
    assert len(request["sources"]) == bots, request["sources"]
    from parlor.app.lab.contest.seating import Seating

    texts = reports(bots, Seating(bots, 2, request["games"], request["seed"]))
    if shown is not None:
        c.handle(Action("lab-tour-bot", value=str(shown)))
    times = []
    for i, text in enumerate(texts):
        t0 = time.perf_counter()
        out = c.handle(LabReport("done" if i == len(texts) - 1 else "batch", text))
        show = next(e for e in out if isinstance(e, ShowLab))
        drawn = show.html if show.patch is None else show.patch[0] + show.patch[1]
        times.append((time.perf_counter() - t0) * 1000)
        assert drawn
    return times


def summary(times: list[float]) -> dict[str, float]:
    return {"batches": len(times), "median": statistics.median(times),
            "p90": statistics.quantiles(times, n=10)[-1], "max": max(times),
            "total": sum(times)}


def run(ctx: Context) -> list[dict[str, Any]]:
    from tools.bench.report import heading, table

    args = ctx.args
    runs = args.batch_runs or (1 if args.quick else 3)
    trees = [("this", ROOT)] + ([("other", Path(args.other))] if args.other else [])
    heading(ctx.emit, f"The page's Python per batch of a tournament ({BOTS} Kabaleo bots, "
            f"duels, batches of {BATCH} games), CPython {sys.version.split()[0]}")
    rows, found = [], []
    for case, extra in (("table", []), ("a bot's games listed", ["3"])):
        for r in range(runs):
            for name, tree in trees:  # the trees take turns
                env = {**os.environ, "PYTHONPATH": str(tree / "py")}
                proc = subprocess.run([sys.executable, "-m", "tools.bench.lab_batch", *extra],
                                      cwd=ROOT, env=env, capture_output=True, text=True,
                                      check=True)
                s = summary(json.loads(proc.stdout))
                found.append({"case": case, "tree": name, "dir": str(tree), "run": r + 1, **s})
                rows.append((case, name, r + 1, s["batches"], f"{s['median']:.2f}",
                             f"{s['p90']:.2f}", f"{s['max']:.2f}", f"{s['total']:.0f}"))
    ctx.emit(table(("case", "tree", "run", "batches", "median ms", "p90 ms", "max ms",
                    "total ms"), rows))
    return found


if __name__ == "__main__":
    print(json.dumps(batch_times(shown=int(sys.argv[1]) if len(sys.argv) > 1 else None)))
