"""A Lab match as the worker runs it: a request in, reports out, both JSON text.

The page never runs a student's code on its own thread: ``assets/lab-worker.js`` starts
Pyodide in a worker and calls ``run`` with the page's request. ``run`` compiles the bot,
plays the games one by one and ``post``s a report for each step. Around each call of the
student's ``choose`` it posts a short mark: the page's watchdog
(``assets/lab.js``) stops the worker when a call stays open past its time limit, since
a call that never returns cannot be stopped from inside Python.

Request: ``{"source", "game", "level", "players", "games", "first", "seed", "limit_ms",
"options"}``; games ``first`` .. ``games - 1`` are played (a restarted worker carries on
after the game that ran over). A class tournament's request is ``run_tournament``'s.

Reports, JSON objects by ``kind``: ``compiled`` (``problem`` or null), ``game``
(``number`` and the ``LabGame`` as data), ``done``. The watchdog's two, sent around
every call of the bot, are kept short (a Kabaleo match makes thousands): ``T<game>:<ply>``
(a call begins) and ``D`` (it returned).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from parlor.app.lab.matches import lab_game
from parlor.app.lab.student import Problem, StudentBot, compile_bot
from parlor.app.lab.toolbox import Toolbox
from parlor.app.lab.tournament import duel, pairs
from parlor.app.seeds import turn_rng
from parlor.core.match import match_from_dict, replay
from parlor.core.protocol import legal_moves_of_view
from parlor.games import GAMES


def problem_data(problem: Problem | None) -> dict[str, Any] | None:
    if problem is None:
        return None
    return {"kind": problem.kind, "line": problem.line, "detail": problem.detail}


def run(request: str, post: Callable[[str], None], clock: Callable[[], float]) -> None:
    """Play the match (or, with ``"kind": "tournament"``, the tournament) ``request``
    asks for, reporting through ``post``."""
    req: Mapping[str, Any] = json.loads(request)
    if req.get("kind") == "tournament":
        run_tournament(req, post, clock)
        return
    if req.get("kind") == "choose":
        run_choose(req, post, clock)
        return

    def say(kind: str, **data: Any) -> None:
        post(json.dumps({"kind": kind, **data}))

    game = GAMES[str(req["game"])]
    bot = compile_bot(str(req["source"]), {"game": Toolbox.of(game.id)})
    if not isinstance(bot, StudentBot):
        say("compiled", problem=problem_data(bot))
        say("done")
        return
    say("compiled", problem=None)
    for number in range(int(req.get("first", 0)), int(req["games"])):

        def hook(ply: int, starting: bool, number: int = number) -> None:
            post(f"T{number}:{ply}" if starting else "D")

        played = lab_game(game, bot, str(req["level"]), int(req["players"]), number,
                          int(req["seed"]), clock=clock, limit_ms=float(req["limit_ms"]),
                          options=req.get("options") or {}, hook=hook)
        say("game", number=number, game=played.to_dict())
    say("done")


def run_choose(req: Mapping[str, Any], post: Callable[[str], None],
               clock: Callable[[], float]) -> None:
    """``{"kind": "choose", "match", "seat", "limit_ms"}``: a Lab bot's move in a game
    (app/lab/playing.py). The match is replayed to its last move and the bot, compiled
    from the code the match carries, is called on its seat's view with the generator a
    built-in bot would get there. Reports ``chose`` (``ply``, ``move`` or ``problem``,
    ``printed``), then ``done``."""
    match = match_from_dict(req["match"], GAMES)
    game = GAMES[match.game]
    seat, ply = int(req["seat"]), len(match.moves)
    state = replay(match, game)
    bot = compile_bot(match.lab[seat], {"game": Toolbox.of(game.id)})
    if isinstance(bot, Problem):
        post(json.dumps({"kind": "chose", "ply": ply, "move": None,
                         "problem": problem_data(bot), "printed": ""}))
    else:
        rng = turn_rng(match.seed, ply, "bot")
        view = game.view(state, seat)
        moves = legal_moves_of_view(game, view, rng.fork())
        post(f"T0:{ply}")
        turn = bot.turn(view, moves, rng, clock=clock, limit_ms=float(req["limit_ms"]))
        post("D")
        post(json.dumps({"kind": "chose", "ply": ply, "move": turn.move,
                         "problem": problem_data(turn.problem), "printed": turn.printed}))
    post(json.dumps({"kind": "done"}))


def run_tournament(req: Mapping[str, Any], post: Callable[[str], None],
                   clock: Callable[[], float]) -> None:
    """``{"kind": "tournament", "game", "sources": [...], "games" (per pair), "seed",
    "limit_ms", "first"}``: duel ``k`` is game ``k % games`` of pair ``k // games``
    (``tournament.pairs``); reports ``entrants`` (each one's compile problem or null),
    ``duel`` (``number`` and the ``Duel``), ``done``; the watchdog's marks name the
    entrant: ``T<duel>:<ply>:<entrant>``."""
    game = GAMES[str(req["game"])]
    bots = [compile_bot(str(source), {"game": Toolbox.of(game.id)})
            for source in req["sources"]]
    post(json.dumps({"kind": "entrants", "problems": [
        problem_data(b) if isinstance(b, Problem) else None for b in bots]}))
    games = int(req["games"])
    table = pairs(len(bots))
    for k in range(int(req.get("first", 0)), len(table) * games):
        a, b = table[k // games]

        def hook(entrant: int, ply: int, starting: bool, k: int = k) -> None:
            post(f"T{k}:{ply}:{entrant}" if starting else "D")

        played = duel(game, bots, a, b, k % games, int(req["seed"]), clock=clock,
                      limit_ms=float(req["limit_ms"]), hook=hook)
        post(json.dumps({"kind": "duel", "number": k, "duel": played.to_dict()}))
    post(json.dumps({"kind": "done"}))
