"""The measurement loops shared by CPython and Pyodide: Kabaleo random games, simulated
moves on the public and the fast path, bot move times.

``tools/bench/pyodide.mjs`` imports this module inside Pyodide (with the repository's
py/ and root on its path) and calls these very functions, so both sides measure the same
code: it must import nothing outside the standard library at top level and do nothing
on import.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

PLAYERS = (2, 3, 4)


def random_games(players: int, games: int, seed: int = 1) -> float:
    """Play ``games`` whole Kabaleo games with uniformly random moves; return games/s.

    Goes through the public ``Game`` protocol (new, to_act, legal_moves, apply, outcome)
    exactly as the app does, so it measures what a bot rollout or a save replay costs.
    """
    from parlor.core.rng import Rng
    from parlor.games import GAMES

    game = GAMES["kabaleo"]
    rng = Rng(seed)
    start = time.perf_counter()
    for g in range(games):
        state = game.new(players, seed + g, {})
        while game.to_act(state) is not None:
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        game.outcome(state)
    return games / (time.perf_counter() - start)


def _sim_rates(game_id: str, players: int, games: int, options: dict[str, object],
               fast_sim: Callable[[Any], object], seed: int,
               stop: Callable[[Any, Any], bool] | None = None) -> tuple[float, float]:
    """Uniform random playouts as a search runs them, in moves per second, through the
    public rules (legal_moves and apply on frozen states) and through the game's fast
    path (its ``rollout_move`` and ``play`` in place); best of 3 each. ``stop(start,
    state)`` ends a public playout early where the fast path stops (a round's end), so
    both rates are per move over the same stretch of play."""
    from parlor.core.rng import Rng
    from parlor.games import GAMES

    game = GAMES[game_id]
    starts = [game.new(players, seed + k, options) for k in range(games)]

    def public() -> float:
        rng, moves, t0 = Rng(seed), 0, time.perf_counter()
        for s0 in starts:
            s = s0
            while not (stop and stop(s0, s)) and (legal := game.legal_moves(s)):
                s = game.apply(s, legal[rng.randbelow(len(legal))])
                moves += 1
        return moves / (time.perf_counter() - t0)

    def fast() -> float:
        rng, moves, t0 = Rng(seed), 0, time.perf_counter()
        for s in starts:
            f: Any = fast_sim(s)
            while f.to_act() is not None:
                f.play(f.rollout_move(rng))
                moves += 1
        return moves / (time.perf_counter() - t0)

    return max(public() for _ in range(3)), max(fast() for _ in range(3))


def sim_moves_per_second(players: int, games: int, seed: int = 1) -> tuple[float, float]:
    """Kabaleo: whole games (the fast rollout draws a legal move without listing)."""
    from parlor.games.kabaleo.bots.fast import FastKabaleo

    return _sim_rates("kabaleo", players, games, {}, FastKabaleo, seed)


def ciao_sim_moves_per_second(players: int, games: int, seed: int = 1
                              ) -> tuple[float, float]:
    """Ciao!: one round each (the fast path stops at the round's end)."""
    from parlor.games.ciao.bots.fast import FastCiao

    return _sim_rates("ciao", players, games, {"rounds": 1}, FastCiao, seed)


def _round_over(start: Any, s: Any) -> bool:
    return bool(s.round != start.round or s.finished)


def saboteur_sim_moves_per_second(players: int, games: int, seed: int = 1
                                  ) -> tuple[float, float]:
    """Saboteur: the first round of each game on both paths (the fast path stops at the
    round's end, so the public playout stops there too)."""
    from parlor.games.saboteur.bots.fast import FastSaboteur

    return _sim_rates("saboteur", players, games, {}, FastSaboteur, seed, _round_over)


def best_games_per_second(players: int, games: int, repeats: int = 3) -> float:
    return max(random_games(players, games) for _ in range(repeats))


def bot_move_times(
    level: str, players: int, games: int, seed: int = 1, options: dict[str, object] | None = None
) -> list[float]:
    """Seconds per ``choose`` call over whole games where every seat plays ``level``.

    Bots keep their per-seat caches as they would in the app, so this is the time a
    player waits in a normal game.
    """
    from parlor.bots import make_bot
    from parlor.core.rng import Rng
    from parlor.games import GAMES

    game = GAMES["kabaleo"]
    times: list[float] = []
    for g in range(games):
        state = game.new(players, seed + g, options or {})
        bots = [make_bot("kabaleo", level) for _ in range(players)]
        rng = Rng(seed + g)
        while (seat := game.to_act(state)) is not None:
            view = game.view(state, seat)
            t0 = time.perf_counter()
            move = bots[seat].choose(view, rng)
            times.append(time.perf_counter() - t0)
            state = game.apply(state, move)
    return times


def cold_move_times(level: str, players: int, positions: int, seed: int = 1) -> list[float]:
    """Like ``bot_move_times`` but a fresh bot for every move (after loading a save, the
    medium bot must replay the whole history once): the worst case a player can meet."""
    from parlor.bots import make_bot
    from parlor.core.rng import Rng
    from parlor.games import GAMES

    game = GAMES["kabaleo"]
    rng = Rng(seed)
    times: list[float] = []
    g = 0
    while len(times) < positions:
        state = game.new(players, seed + g, {})
        g += 1
        while game.to_act(state) is not None and len(times) < positions:
            view = game.view(state, game.to_act(state))
            t0 = time.perf_counter()
            move = make_bot("kabaleo", level).choose(view, rng)
            times.append(time.perf_counter() - t0)
            state = game.apply(state, move)
    return times



def pct(xs: Sequence[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def pyodide_payload(games: int) -> dict[str, object]:
    """What the ``pyodide`` suite measures inside Pyodide (tools/bench/pyodide.mjs):
    random games per second, medium bot move times, simulated moves per second."""
    import sys

    speeds = {p: best_games_per_second(p, games) for p in PLAYERS}
    moves = {}
    for p in PLAYERS:
        ts = bot_move_times("medium", p, 3)
        moves[f"{p}p"] = {"mean": 1000 * sum(ts) / len(ts), "p95": 1000 * pct(ts, 0.95),
                          "max": 1000 * max(ts)}
    ts = bot_move_times("medium", 2, 3, options={"targets_per_player": 2})
    moves["2p, 2 targets each"] = {"mean": 1000 * sum(ts) / len(ts),
                                   "p95": 1000 * pct(ts, 0.95), "max": 1000 * max(ts)}
    sim: dict[object, tuple[float, float]] = {
        p: sim_moves_per_second(p, max(20, games // 10)) for p in PLAYERS}
    for p in (2, 4):
        sim[f"ciao{p}"] = ciao_sim_moves_per_second(p, max(4, games // 50))
    for p in (2, 1):
        sim[f"sab{p}"] = saboteur_sim_moves_per_second(p, max(4, games // 50))
    return {"games_per_s": speeds, "medium_move_ms": moves, "sim": sim,
            "python": sys.version.split()[0]}
