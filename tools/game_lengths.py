#!/usr/bin/env python3
"""How long honest games last, in moves: the measurement behind the Lab's move limits
(``py/parlor/app/lab/limits.py``, docs/decisions/every-lab-game-ends.md).

Every game is played by ``bots.arena.play`` (the loop a Lab match plays in, table
decisions answered as the app answers them) with the Lab's options
(``lessons.lab_options``: Ciao! one round), at every table size a Lab match or
tournament may have. A case is a level at every seat, or a random bot at seat 0 and a
level at the others (a Lab match of a student's random bot against that level).

    python3 tools/game_lengths.py            # every case (~8 minutes of CPU)
    python3 tools/game_lengths.py --quick    # a sample (what the slow test plays)
    python3 tools/game_lengths.py --game ciao --players 2 --seats random --seeds 2000

Prints a line a case: the games played, the median, the 99th percentile and the
longest, then each game's longest over its cases beside its limit.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "py") not in sys.path:
    sys.path.insert(0, str(ROOT / "py"))


@dataclass(frozen=True)
class Case:
    """``seats``: a level at every seat ("easy"), or "random+easy": a random bot at
    seat 0 and easy at the others. ``seeds`` games, seeded 0 .. seeds - 1."""

    game: str
    players: int
    seats: str
    seeds: int
    first: int = 0  # the first seed

    @property
    def label(self) -> str:
        return f"{self.game} {self.players}p {self.seats}"


def levels(case: Case) -> list[str]:
    first, _, rest = case.seats.partition("+")
    return [first] + [rest or first] * (case.players - 1)


def lengths(case: Case) -> list[int]:
    """Each game's length in moves, seed by seed."""
    from parlor.app.lab.lessons import lab_options
    from parlor.bots import make_bot
    from parlor.bots.arena import play
    from parlor.games import GAMES

    game = GAMES[case.game]
    options = game.options_for(case.players, lab_options(case.game))
    out = []
    for seed in range(case.first, case.first + case.seeds):
        bots = [make_bot(case.game, level) for level in levels(case)]
        out.append(len(play(case.game, bots, seed, options).moves))
    return out


def _tables(game: str) -> range:
    from parlor.app.lab.state import players_of

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


def run(chosen: Iterable[Case]) -> dict[tuple[str, int], int]:
    """Measure and print each case; the longest game at each game's table size."""
    from parlor.app.lab.limits import move_limit

    longest: dict[tuple[str, int], int] = {}
    for case in chosen:
        began = time.process_time()
        xs = lengths(case)
        cpu = time.process_time() - began
        table = (case.game, case.players)
        longest[table] = max(longest.get(table, 0), max(xs))
        limit = move_limit(case.game, case.players)
        print(f"{case.label:28} games {len(xs):5}  median {percentile(xs, 0.5):5}  "
              f"p99 {percentile(xs, 0.99):5}  longest {max(xs):5}  "
              f"past the limit ~{tail_chance(xs, limit):.0e}  ({cpu:.1f} s)", flush=True)
    for (game, players), most in longest.items():
        limit = move_limit(game, players)
        print(f"{game:10} {players}p  longest {most:6}  limit {limit:6}  "
              f"margin {limit / most:.1f}x")
    return longest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="the slow test's sample")
    parser.add_argument("--game", help="only this game")
    parser.add_argument("--players", type=int, help="only this table size")
    parser.add_argument("--seats", help="only this case (e.g. random, random+easy)")
    parser.add_argument("--seeds", type=int, help="this many games a case")
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    args = parser.parse_args()
    chosen = [c for c in cases(args.quick)
              if (args.game is None or c.game == args.game)
              and (args.players is None or c.players == args.players)
              and (args.seats is None or c.seats == args.seats)]
    if args.seeds is not None:
        chosen = [Case(c.game, c.players, c.seats, args.seeds, args.first) for c in chosen]
    elif args.first:
        chosen = [Case(c.game, c.players, c.seats, c.seeds, args.first) for c in chosen]
    run(chosen)


if __name__ == "__main__":
    main()
