"""Suite ``endless``: what the Lab's move limit costs (py/parlor/app/lab/contest/limits.py,
docs/decisions/every-lab-game-ends.md): a match of a Ciao! bot that never ends a round
(``moves[-1]``: it draws and keeps, and once every card is in the hands the turn goes
round for ever) against easy, each game it plays ended at the limit and scored as the
round stands. Timed in headless Chromium, the bot in its sandbox as in a student's Run
(the match's ``parlor:lab-match`` measure), and in CPython with the referee's loop and
the bot in one interpreter (``referee.here.run_here``), at 2 and 6 players.

    python -m tools.bench endless [--endless-games 4] [--endless-players 2,6]

What a game cut at the limit costs is what one endless bot adds to a class's
tournament, per game it plays: the figure the limits were weighed against.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from tools.bench.harness import Context, long_tasks, reset_long_tasks
from tools.bench.labpage import measures, open_lab, set_code
from tools.bench.report import heading, table

ENDLESS = "def choose(view, moves, rng):\n    return moves[-1]\n"
#: The Lab's smallest match (parlor.app.lab.page.state.GAME_COUNTS).
MATCH_GAMES = 10


def options(group: argparse._ArgumentGroup) -> None:
    group.add_argument("--endless-games", type=int, default=0,
                       help="games of the match measured in CPython (default 4; --quick 2); "
                            "the browser plays the Lab's smallest match, 10")
    group.add_argument("--endless-players", default="2,6",
                       help="table sizes, comma-separated (default 2,6)")


def cpython(players: int, games: int) -> dict[str, Any]:
    """The match in CPython: seconds, the games cut and their moves."""
    from parlor.app.lab.contest.matches import LabGame
    from parlor.app.lab.referee.here import HERE_KEY, run_here

    texts: list[str] = []
    t0 = time.perf_counter()
    run_here(json.dumps({"source": ENDLESS, "game": "ciao", "level": "easy",
                         "players": players, "games": games, "seed": 5, "limit_ms": 1000,
                         "key": HERE_KEY.hex, "options": {"rounds": 1}}),
             texts.append, clock=lambda: 0.0)
    seconds = time.perf_counter() - t0
    played = [LabGame.from_dict(r["game"]) for r in map(json.loads, texts)
              if r["kind"] == "game"]
    cut = [g for g in played if g.cut]
    return {"seconds": seconds, "games": len(played), "cut": len(cut),
            "moves": sum(len(g.moves) for g in played)}


def browser(ctx: Context, players: int) -> dict[str, Any]:
    """The Lab's smallest match in the page: seconds, the games cut, the longest task."""
    page_ctx, page = open_lab(ctx.session.browser, ctx.session.base, "ciao")
    set_code(page, ENDLESS)
    page.select_option("[data-lab-field=players]", str(players))
    page.select_option("[data-lab-field=level]", "easy")
    page.select_option("[data-lab-field=games]", str(MATCH_GAMES))
    reset_long_tasks(page)
    before = len(measures(page, "parlor:lab-match"))
    page.click("[data-action=lab-run]")
    page.wait_for_selector(f"[data-lab-progress][data-done='{MATCH_GAMES}']",
                           timeout=3_600_000)
    page.wait_for_function(
        f"performance.getEntriesByName('parlor:lab-match').length > {before}", timeout=60_000)
    ms = measures(page, "parlor:lab-match")[-1]
    note = page.locator("[data-lab-cut]")
    cut = int(note.first.get_attribute("data-lab-cut") or 0) if note.count() else 0
    longest = long_tasks(page).longest
    page_ctx.close()
    return {"seconds": ms / 1000, "games": MATCH_GAMES, "cut": cut, "longest_task_ms": longest}


def run(ctx: Context) -> dict[str, Any]:
    from parlor.app.lab.contest.limits import move_limit

    games = ctx.args.endless_games or (2 if ctx.args.quick else 4)
    heading(ctx.emit, "A Ciao! bot that never ends a round (moves[-1]) against easy: its "
            "games ended at the Lab's move limit")
    out: dict[str, Any] = {}
    rows = []
    for players in (int(p) for p in ctx.args.endless_players.split(",")):
        limit = move_limit("ciao", players)
        measured = {"cpython": cpython(players, games), "chromium": browser(ctx, players)}
        out[f"{players}p"] = {"limit": limit, **measured}
        for where, m in measured.items():
            per_cut = m["seconds"] / m["cut"] if m["cut"] else 0.0
            rows.append((f"{players}p", where, limit, m["games"], m["cut"],
                         f"{m['seconds']:.1f}", f"{per_cut:.1f}",
                         f"{m['longest_task_ms']:.0f}" if "longest_task_ms" in m else "-"))
    ctx.emit(table(("table", "where", "limit", "games", "cut", "seconds",
                    "s a cut game", "longest task ms"), rows))
    return out
