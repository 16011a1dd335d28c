"""The Lab's three jobs, as the referee plays them: a match against a built-in level, a
class tournament, and one move of a Lab bot in a game at the table.

Each is a generator of ``steps`` (``Load`` a bot's file, ``Call`` its move, ``Say`` a
report), planned from the page's request (JSON, by ``kind``: ``messages.JobKind``).
The reports, JSON objects by ``kind`` (``messages.ReportKind``):

- a match: ``compiled`` (``problem`` or null), then ``game`` (``number`` and the
  ``LabGame`` as data) for each game, as each ends (two are played side by side);
- a tournament: ``entrant`` (``index`` and its ``problem`` or null) the first time a bot
  is loaded, ``duel`` (``number`` and the ``TableGame``, its moves included) for each game, a
  sitting's games two at a time;
- a move: ``chose`` (``ply``, ``move`` or ``problem``, ``printed``).

The referee says ``done`` after the last step. Games ``first`` .. ``games - 1`` are
played, so a match the student stopped can be asked again from where it was. A game
still going at the Lab's move limit ends there (``limits.py``); a match's or a
tournament's request may ask for a lower one (``"moves"``), never a higher.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from parlor.app.lab.contest.dice import LabKey
from parlor.app.lab.contest.limits import asked_limit
from parlor.app.lab.contest.matches import lab_game
from parlor.app.lab.contest.seating import DUEL, Seating
from parlor.app.lab.contest.steps import LIVE, Call, Free, Games, Job, Load, Say
from parlor.app.lab.contest.tournament import MAX_LANES, forfeit, play_plan, table_game
from parlor.app.lab.wire.messages import ReportKind
from parlor.app.lab.wire.problems import Problem, Turn
from parlor.core.match import match_from_dict, replay
from parlor.games import GAMES


@dataclass(frozen=True)
class Plan:
    """A job and what the referee needs to run it: the game, each bot's source (bot
    ``i`` is ``sources[i]``) and the time a move may take. ``game_tag`` names the game
    a move is asked in (a game at the table): its bot's interpreter is kept for that
    game's next move, never carried into another game. A match or a tournament (no
    tag) starts every bot afresh: Run plays the same deals each time, and a bot that
    remembered the last Run's would know their hidden cards."""

    game: str
    sources: tuple[str, ...]
    limit_ms: float
    job: Job
    live: int = LIVE  # sandboxes alive at once (a table needs one per bot)
    game_tag: str | None = None
    ahead: int = 0  # sandboxes the page starts ahead while the job plays (for new bots)
    #: Its bots' sandboxes kept once it is over: a match's bot is run again, a Lab bot at
    #: the table asked its next move; a class's thirty are let go (their memory).
    keep: bool = True


def plan(request: str, room: int = LIVE) -> Plan:
    """The job the page asked for (``LabStart``'s or ``LabChoose``'s request); a
    tournament keeps up to ``room`` sandboxes alive (more if its tables need them).
    Every request carries the Lab's key (``dice.py``): a job without one is refused."""
    req: Mapping[str, Any] = json.loads(request)
    kind = req.get("kind", "match")  # none: a match (as the tests and the bench ask)
    limit = float(req["limit_ms"])
    key = LabKey.of_hex(req.get("key"))
    if kind == "tournament":
        sources = tuple(str(s) for s in req["sources"])
        live = live_for(seating_of(req, len(sources)).seats, room)
        return Plan(str(req["game"]), sources, limit,
                    tournament_job(req, len(sources), key, live), live, ahead=1, keep=False)
    if kind == "choose":
        match = match_from_dict(req["match"], GAMES)
        seat = int(req["seat"])
        return Plan(match.game, (match.lab[seat],), limit, choose_job(req, key),
                    game_tag=f"{match.seed}/{seat}")
    return Plan(str(req["game"]), (str(req["source"]),), limit, match_job(req, key))


def problem_data(problem: Problem | None) -> dict[str, Any] | None:
    return None if problem is None else problem.to_dict()


def say(kind: ReportKind, **data: Any) -> Say:
    """A report for the page: JSON, its kind first."""
    return Say(json.dumps({"kind": kind, **data}))


def match_job(req: Mapping[str, Any], key: LabKey) -> Job:
    """``{"source", "game", "level", "players", "games", "first", "seed", "limit_ms",
    "options", "key"}`` (and ``"moves"``, a lower move limit): the student's bot against
    ``level`` at every other seat."""
    game = GAMES[str(req["game"])]
    problem = yield Load(0)
    yield say("compiled", problem=problem_data(problem))
    if problem is not None:
        return
    level, players, seed = str(req["level"]), int(req["players"]), int(req["seed"])
    options = req.get("options") or {}
    limit = asked_limit(game.id, players, req.get("moves"))
    numbers = range(int(req.get("first", 0)), int(req["games"]))
    yield Games(((n, lab_game(game, level, players, n, seed, key, options, limit))
                 for n in numbers),
                lambda n, played: say("game", number=n, game=played.to_dict()).text)


def tournament_job(req: Mapping[str, Any], entrants: int, key: LabKey,
                   live: int = LIVE) -> Job:
    """``{"kind": "tournament", "game", "sources", "games" (per pair), "seats" (2:
    duels, the default), "seed", "limit_ms", "first", "options", "key"}`` (and ``"moves"``,
    a lower move limit): game ``k`` is game
    ``k % per`` of sitting ``k // per`` (``seating.Seating``). An entrant whose file
    does not run loses every game it would have played, with that problem. Sittings
    are played in windows (``tournament.play_plan``), a window's games side by side,
    with at most ``live`` sandboxes alive."""
    game = GAMES[str(req["game"])]
    seating = seating_of(req, entrants)
    first, per = int(req.get("first", 0)), seating.per
    options = req.get("options") or {}
    limit = asked_limit(game.id, seating.seats, req.get("moves"))
    problems: dict[int, Problem | None] = {}
    for window in play_plan(seating, live):
        for entrant in window.free:
            yield Free(entrant)
        numbers = {s: range(max(first, s * per), (s + 1) * per) for s in window.sittings}
        playing = [s for s in window.sittings if numbers[s]]
        for s in playing:
            for entrant in seating.sittings[s]:
                if entrant not in problems:
                    problems[entrant] = yield Load(entrant)
                    yield say("entrant", index=entrant, problem=problem_data(problems[entrant]))
        played = []
        for s in playing:
            failed = [e for e in seating.sittings[s] if problems[e] is not None]
            if not failed:
                played.append(numbers[s])
                continue
            problem = problems[failed[0]]
            assert problem is not None
            for k in numbers[s]:
                lost = forfeit(seating.order(k), k % per, failed[0], problem, seating.deal(k),
                               lost=failed)
                yield say("duel", number=k, duel=lost.to_dict())
        # The sittings' games in turn (one of each, then the next of each), so the games
        # side by side are of different sittings: other sandboxes think meanwhile.
        order = [k for ks in itertools.zip_longest(*played) for k in ks if k is not None]
        if order:
            yield Games(((k, table_game(game, seating, k, key, options, limit)) for k in order),
                        lambda k, done: say("duel", number=k, duel=done.to_dict()).text,
                        width=min(MAX_LANES, 2 * len(played)))


def seating_of(req: Mapping[str, Any], entrants: int) -> Seating:
    """Who sits where in the tournament asked for: a table of a size the game has."""
    seats = int(req.get("seats", DUEL))
    rules = GAMES[str(req["game"])]
    if seats != DUEL and not rules.min_players <= seats <= rules.max_players:
        raise ValueError(f"no table of {seats} in {rules.id}")
    return Seating(entrants, seats, int(req["games"]), int(req["seed"]))


def live_for(seats: int, room: int = LIVE) -> int:
    """Sandboxes kept alive in a job with tables of ``seats``: every bot at the table,
    and one more, so the next sitting keeps the bots it shares with this one; duels as
    many as there is ``room`` for (each one more saves starts)."""
    return max(LIVE, seats + 1, room if seats == DUEL else 0)


def choose_job(req: Mapping[str, Any], key: LabKey) -> Job:
    """``{"kind": "choose", "match", "seat", "limit_ms", "key"}``: a Lab bot's move in
    a game at the table (app/lab/page/playing.py). The match is replayed here, in trusted
    code, to its last move; the bot gets its seat's view, the moves that seat may make
    (the list its view gives) and dice from the Lab's key, which say nothing of the
    game's seed (a seed typed in a link included)."""
    match = match_from_dict(req["match"], GAMES)
    game = GAMES[match.game]
    seat, ply = int(req["seat"]), len(match.moves)
    problem = yield Load(0)
    if problem is not None:
        yield say("chose", ply=ply, move=None, problem=problem_data(problem), printed="")
        return
    state = replay(match, game)
    moves = tuple(game.legal_moves_for(state, seat))
    turn: Turn = yield Call(0, game.view(state, seat), moves, key.dice(match.seed, seat, ply))
    yield say("chose", ply=ply, move=turn.move, problem=problem_data(turn.problem),
              printed=turn.printed)
