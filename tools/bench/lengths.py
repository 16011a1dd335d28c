"""Suite ``lengths``: how long honest games last, in moves: the measurement behind the
Lab's move limits (py/parlor/app/lab/contest/limits.py,
docs/decisions/every-lab-game-ends.md).

Every game is played by ``bots.arena.play`` (the loop a Lab match plays in, table
decisions answered as the app answers them) with the Lab's options
(``lessons.lab_options``: Ciao! one round), at every table size a Lab match or
tournament may have. A case is a level at every seat, or a random bot at seat 0 and a
level at the others (a Lab match of a student's random bot against that level).

    python -m tools.bench lengths                 # every case (~10 minutes of CPU)
    python -m tools.bench lengths --quick         # the slow test's sample
    python -m tools.bench lengths --lengths-game ciao --lengths-players 2 \\
        --lengths-seats random --lengths-seeds 2000

Prints a line a case: the games played, the median, the 99th percentile and the
longest, the chance an honest game passes the limit (an estimate from the tail), then
each table's longest over its cases beside its limit and the margin.
tests/test_lab_limits.py (slow) plays ``cases(quick=True)`` and fails if a game comes
near a limit.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from tools.bench.harness import Context
from tools.bench.report import heading, table


@dataclass(frozen=True)
class Case:
    """``seats``: a level at every seat ("easy"), or "random+easy": a random bot at
    seat 0 and easy at the others. ``seeds`` games, seeded ``first`` on."""

    game: str
    players: int
    seats: str
    seeds: int
    first: int = 0

    @property
    def label(self) -> str:
        return f"{self.game} {self.players}p {self.seats}"


def options(group: argparse._ArgumentGroup) -> None:
    group.add_argument("--lengths-game", help="only this game")
    group.add_argument("--lengths-players", type=int, help="only this table size")
    group.add_argument("--lengths-seats", help="only this case (e.g. random, random+easy)")
    group.add_argument("--lengths-seeds", type=int, help="this many games a case")
    group.add_argument("--lengths-first", type=int, default=0, help="the first seed")


def levels(case: Case) -> list[str]:
    first, _, rest = case.seats.partition("+")
    return [first] + [rest or first] * (case.players - 1)


def length(case: Case, seed: int) -> int:
    """One seeded game's length in moves."""
    from parlor.app.lab.page.lessons import lab_options
    from parlor.bots import make_bot
    from parlor.bots.arena import play
    from parlor.games import GAMES

    options = GAMES[case.game].options_for(case.players, lab_options(case.game))
    bots = [make_bot(case.game, level) for level in levels(case)]
    return len(play(case.game, bots, seed, options).moves)


def _job(job: tuple[Case, int]) -> int:
    return length(*job)


def lengths(case: Case, workers: int = 1) -> list[int]:
    """Each game's length in moves, seed by seed (``workers`` processes)."""
    jobs = [(case, seed) for seed in range(case.first, case.first + case.seeds)]
    if workers <= 1:
        return [_job(j) for j in jobs]
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(_job, jobs, chunksize=4))


def _tables(game: str) -> range:
    from parlor.app.lab.page.state import players_of

    counts = players_of(game)
    return range(counts[0], counts[-1] + 1)


def cases(quick: bool = False) -> list[Case]:
    """Every case of the full measurement, or the slow test's sample (``quick``: the
    same cases on fewer seeds, the slow levels left out)."""
    def n(full: int, sample: int) -> int:
        return sample if quick else full

    out: list[Case] = []
    for players in _tables("ciao"):
        out += [Case("ciao", players, "random", n(1000 if players == 2 else 500, 60)),
                Case("ciao", players, "easy", n(300, 40)),
                Case("ciao", players, "medium", n(300, 40)),
                Case("ciao", players, "random+easy", n(300, 40)),
                Case("ciao", players, "random+medium", n(300, 40))]
        if not quick:
            out += [Case("ciao", players, "hard", 3), Case("ciao", players, "random+hard", 2)]
    for players in _tables("kabaleo"):
        out += [Case("kabaleo", players, "random", n(200, 20)),
                Case("kabaleo", players, "easy", n(100, 10))]
        if not quick:
            out += [Case("kabaleo", players, "medium", 10), Case("kabaleo", players, "hard", 1)]
    for players in _tables("saboteur"):
        out += [Case("saboteur", players, "random", n(300, 20))]
        if not quick:
            out += [Case("saboteur", players, "easy", 30), Case("saboteur", players, "medium", 30),
                    Case("saboteur", players, "random+medium", 30),
                    Case("saboteur", players, "hard", 1)]
    return out


def percentile(xs: list[int], p: float) -> int:
    s = sorted(xs)
    return s[min(len(s) - 1, int(p * len(s)))]


def tail_chance(xs: list[int], limit: int) -> float:
    """The chance that a game of this case passes ``limit``, were its longest tenth's
    lengths beyond the 90th percentile exponential (Ciao!'s random games look so: a
    round ends at a random turn once hands are long): 0.1 * exp(-(limit - p90) /
    their mean excess). An estimate, said beside the measured longest."""
    p90 = percentile(xs, 0.9)
    excess = [x - p90 for x in xs if x > p90]
    scale = sum(excess) / len(excess) if excess else 0.0
    return 0.0 if scale == 0 else 0.1 * math.exp(-(limit - p90) / scale)


def chosen(args: argparse.Namespace) -> list[Case]:
    """The cases the command line asks for."""
    out = [c for c in cases(args.quick)
           if (args.lengths_game is None or c.game == args.lengths_game)
           and (args.lengths_players is None or c.players == args.lengths_players)
           and (args.lengths_seats is None or c.seats == args.lengths_seats)]
    if args.lengths_seeds is not None:
        out = [replace(c, seeds=args.lengths_seeds) for c in out]
    return [replace(c, first=args.lengths_first) for c in out]


def measure(chosen: Iterable[Case], say: Callable[[str], None] = print, workers: int = 1
            ) -> tuple[list[dict[str, object]], dict[tuple[str, int], int]]:
    """Each case measured (a row each, printed by ``say``) and the longest game at each
    game's table size."""
    from parlor.app.lab.contest.limits import move_limit

    rows: list[dict[str, object]] = []
    longest: dict[tuple[str, int], int] = {}
    for case in chosen:
        began = time.perf_counter()
        xs = lengths(case, workers)
        key = (case.game, case.players)
        longest[key] = max(longest.get(key, 0), max(xs))
        limit = move_limit(case.game, case.players)
        row = {"case": case.label, "games": len(xs), "median": percentile(xs, 0.5),
               "p99": percentile(xs, 0.99), "longest": max(xs), "limit": limit,
               "past_limit": tail_chance(xs, limit),
               "seconds": round(time.perf_counter() - began, 1)}
        rows.append(row)
        say(f"  {case.label:28} games {len(xs):5}  median {row['median']:5}  "
            f"p99 {row['p99']:5}  longest {max(xs):5}  past the limit "
            f"~{row['past_limit']:.0e}  ({row['seconds']} s)")
    return rows, longest


def run(ctx: Context) -> dict[str, object]:
    from parlor.app.lab.contest.limits import move_limit

    heading(ctx.emit, "How long honest games last, in moves (the Lab's options), against "
            "the Lab's move limits")
    rows, longest = measure(chosen(ctx.args), ctx.emit, ctx.args.workers)
    tables = [(game, players, most, move_limit(game, players),
               f"{move_limit(game, players) / most:.1f}x")
              for (game, players), most in longest.items()]
    ctx.emit(table(("game", "players", "longest", "limit", "margin"), tables))
    return {"cases": rows, "tables": [{"game": g, "players": n, "longest": most, "limit": limit}
                                      for g, n, most, limit, _ in tables]}
