"""The bench's suites, in the order a run takes them (``python -m tools.bench --list``).

A suite is a module's ``run(ctx)``: it prints through ``ctx.emit`` and returns its
numbers (``--json``). It may add command-line options (``options(group)``: an argument
group of its own). Suites marked ``browser`` get the run's static server and headless
Chromium from ``ctx.session`` (tools/bench/harness.py), and are skipped, saying why,
where there is none. ``make bench`` runs the default set.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tools.bench import (
    endless,
    games,
    lab,
    lab_batch,
    lab_class,
    lab_starts,
    lab_watch,
    lengths,
    memory,
    moves,
    play,
    pyodide_speed,
    referee,
    search,
    sim,
    speed,
    startup,
    startup_pair,
    strength,
    tournament,
)
from tools.bench.harness import Context


@dataclass(frozen=True)
class Suite:
    name: str
    summary: str  # one line, for --list and the results file
    run: Callable[[Context], Any]
    default: bool = True  # in `make bench`'s run
    browser: bool = False
    options: Callable[[argparse._ArgumentGroup], None] | None = None


SUITES = (
    Suite("speed", "Kabaleo random games per second in CPython (2-4 players)", speed.run),
    Suite("moves", "Kabaleo bot move times per level in CPython (and cold, as after a load)",
          moves.run),
    Suite("strength", "Kabaleo's heuristic levels against each other, seeded (win shares)",
          strength.run),
    Suite("search", "the search (hard) vs medium in each game, solo gold, oracle vs hard",
          search.run, options=search.options),
    Suite("pyodide", "the speed loop inside Pyodide under Node.js vs CPython, medium moves",
          pyodide_speed.run),
    Suite("sim", "simulated moves/s: public rules vs the bots' fast path (+ Pyodide's)",
          sim.run),
    Suite("games", "Ciao! and Saboteur: speed, legal moves, bot and search move times",
          games.run),
    Suite("startup", "time to ready and bytes, app vs stock PyScript, fast and school",
          startup.run, browser=True, options=startup.options),
    Suite("play", "long tasks and bot move times in the page while bots play each game",
          play.run, browser=True),
    Suite("memory", "a tab's memory over many games, the Lab beside it, reloads",
          memory.run, browser=True, options=memory.options),
    Suite("lab-starts", "the Lab's referee and sandboxes: snapshot vs normal starts",
          lab_starts.run_starts, default=False, browser=True, options=lab_starts.options),
    Suite("lab", "the Lab: lab-starts, match speed, endless loops stopped, memory",
          lab.run, browser=True, options=lab.options),
    Suite("lab-versus", "this tree's sandbox starts against another tree's (--other DIR)",
          lab_starts.run_versus, default=False, browser=True),
    Suite("referee", "the Lab's referee from the page's snapshot vs its normal start",
          referee.run, default=False, browser=True),
    Suite("lab-watch", "what the Lab's watch costs a bot's moves, CPython and Pyodide",
          lab_watch.run, default=False),
    Suite("startup-pair", "repeat (or first) visits of several trees side by side (--trees)",
          startup_pair.run, default=False, browser=True, options=startup_pair.options),
    Suite("tournament", "a class's tournament in the Lab: time, sandboxes, memory peak",
          tournament.run, default=False, browser=True, options=tournament.options),
    Suite("lengths", "how long honest games last, in moves, against the Lab's move limits",
          lengths.run, default=False, options=lengths.options),
    Suite("endless", "a bot that never ends its game: a match cut at the Lab's move limit",
          endless.run, default=False, browser=True, options=endless.options),
    Suite("lab-class", "a class's tournament beside another tree (--other): time, long "
          "tasks, redraws, memory", lab_class.run, default=False, browser=True,
          options=lab_class.options),
    Suite("lab-batch", "the page's Python per batch of a 30-bot tournament, in CPython (beside "
          "--other)", lab_batch.run, default=False, options=lab_batch.options),
)
BY_NAME = {s.name: s for s in SUITES}
#: Names that stand for several suites (`browser`: what `make bench`'s one browser
#: section measured before the suites were split).
ALIASES = {"browser": ("startup", "play", "memory")}
DEFAULT = tuple(s.name for s in SUITES if s.default)
