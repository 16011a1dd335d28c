"""Suite ``games``: Ciao! and Saboteur: The Duel: random games per second in CPython and
inside Pyodide (the same loops, side by side, with the ratio), bot move times per level,
Saboteur's legal-move generation on a large maze, and the search's (hard) whole move at
its default budget in CPython and in Pyodide, against the page's 1.2 s cap.

Standard library only at import time: tools/bench/pyodide.mjs imports this module inside
Pyodide and calls ``pyodide_payload``.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import replace
from typing import Any

from tools.bench.harness import Context, pyodide_eval
from tools.bench.report import heading

#: (game, players, options, games): one round each, so a row measures the same work.
SPEED_CASES: tuple[tuple[str, int, dict[str, object], int], ...] = (
    ("ciao", 2, {"rounds": 1}, 20),
    ("ciao", 4, {"rounds": 1}, 20),
    ("ciao", 6, {"rounds": 1}, 20),
    ("saboteur", 2, {"rounds": 1}, 40),
    ("saboteur", 2, {"rounds": 3}, 15),
    ("saboteur", 1, {"rounds": 3}, 15),
)


def random_games(game_id: str, players: int, options: dict[str, object], games: int) -> float:
    """Whole games of uniformly random legal moves through the Game protocol; games/s."""
    from parlor.core.rng import Rng
    from parlor.games import GAMES

    game = GAMES[game_id]
    full = game.options_for(players, options)
    start = time.perf_counter()
    for seed in range(games):
        state = game.new(players, seed, full)
        rng = Rng(seed)
        while game.to_act(state) is not None:
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        game.outcome(state)
    return games / (time.perf_counter() - start)


def bot_move_ms(game_id: str, level: str, players: int, games: int, limit: int = 0,
                options: dict[str, object] | None = None) -> list[float]:
    """Every seat plays ``level``; table decisions (Ciao!'s races) are taken at random.
    Returns each bot decision's time in ms (what a player waits in the page), at most
    ``limit`` of them (0: whole games)."""
    from parlor.bots import make_bot
    from parlor.core.rng import Rng
    from parlor.games import GAMES

    game = GAMES[game_id]
    options = game.options_for(players, {"rounds": 1} if options is None else options)
    times: list[float] = []
    for seed in range(games):
        state = game.new(players, seed, options)
        bots = [make_bot(game_id, level) for _ in range(players)]
        rng = Rng(seed)
        steps = 0
        while (seat := game.to_act(state)) is not None and steps < 3000:
            if limit and len(times) >= limit:
                break
            if seat < 0:
                move = rng.choice(game.legal_moves(state))
            else:
                view = game.view(state, seat)
                t0 = time.perf_counter()
                move = bots[seat].choose(view, rng)
                times.append(1000 * (time.perf_counter() - t0))
            state = game.apply(state, move)
            steps += 1
    return times


def big_maze(min_cards: int = 40) -> Any:
    """A Saboteur duel position with a large maze (easy bots dig), for legal moves."""
    from parlor.bots import make_bot
    from parlor.core.rng import Rng
    from parlor.games import GAMES

    game = GAMES["saboteur"]
    best = None
    for seed in range(30):
        state = game.new(2, seed, game.options_for(2, {"rounds": 1}))
        bots = [make_bot("saboteur", "easy") for _ in range(2)]
        rng = Rng(seed)
        while (seat := game.to_act(state)) is not None and seat >= 0:
            if best is None or len(state.maze) > len(best.maze):
                if game.legal_moves(state):
                    best = state
            if len(state.maze) >= min_cards:
                return state
            state = game.apply(state, bots[seat].choose(game.view(state, seat), rng))
    return best


def saboteur_legal_ms(repeats: int = 30) -> tuple[int, int, float, float]:
    """(cards in the maze, legal moves, mean ms, max ms) of legal_moves for a player
    holding six different path cards, on a fresh copy each time (the state memoizes its
    networks, so a copy measures the first, full call)."""
    from parlor.games import GAMES
    from parlor.games.saboteur.cards import CARDS

    game = GAMES["saboteur"]
    state = big_maze()
    seat = game.to_act(state)
    paths = sorted(cid for cid, card in CARDS.items() if card.kind == "path")[:6]
    hands = tuple(tuple(paths) if s == seat else h for s, h in enumerate(state.hands))
    state = replace(state, hands=hands, sabotage=((),) * len(state.hands))
    times = []
    count = 0
    for _ in range(repeats):
        fresh = replace(state)
        t0 = time.perf_counter()
        count = len(game.legal_moves(fresh))
        times.append(1000 * (time.perf_counter() - t0))
    return len(state.maze), count, statistics.mean(times), max(times)


def speed_table(scale: float = 1.0) -> dict[str, float]:
    out = {}
    for game_id, players, options, games in SPEED_CASES:
        n = max(3, int(games * scale))
        out[f"{game_id}/{players}p/{options['rounds']}r"] = max(
            random_games(game_id, players, options, n) for _ in range(2))
    return out


def pyodide_payload(scale: float = 1.0, hard_limit: int = 12) -> dict[str, object]:
    """What the Pyodide side measures (smaller samples: it is slower)."""
    maze = saboteur_legal_ms(10)
    return {"speed": speed_table(0.5 * scale), "legal": list(maze),
            "ciao_medium": statistics.mean(bot_move_ms("ciao", "medium", 4, 2)),
            "saboteur_medium": statistics.mean(bot_move_ms("saboteur", "medium", 2, 1)),
            "hard": hard_move_ms(hard_limit)}


#: Where the search's move time is measured: (game, players, options).
HARD_CASES: tuple[tuple[str, int, dict[str, object]], ...] = (
    ("kabaleo", 2, {}), ("kabaleo", 4, {}), ("ciao", 2, {"rounds": 1}),
              ("ciao", 4, {"rounds": 1}), ("saboteur", 2, {"rounds": 1}),
              ("saboteur", 1, {"rounds": 1}))


def hard_move_ms(limit: int = 12) -> dict[str, list[float]]:
    """The search's whole-budget move times (``limit`` moves per case), ms."""
    return {f"{g} {p}p": bot_move_ms(g, "hard", p, 1, limit, o) for g, p, o in HARD_CASES}


def run(ctx: Context) -> dict[str, object]:
    emit = ctx.emit
    scale, hard_limit = (0.25, 3) if ctx.args.quick else (1.0, 12)
    heading(emit, "Ciao! and Saboteur: The Duel (tools/bench/games.py)")
    emit("\nCiao! and Saboteur: random games per second (one or three rounds), "
         "CPython vs Pyodide")
    cp = speed_table(scale)
    py, why = pyodide_eval("tools.bench.games", f"pyodide_payload({scale}, {hard_limit})")
    if py is None:
        emit(f"Pyodide run: {why}")
    emit(f"{'game / players / rounds':28} {'CPython':>10} {'Pyodide':>10} {'ratio':>7}")
    for key, value in cp.items():
        other = py["value"]["speed"].get(key) if py else None
        emit(f"{key:28} {value:10.1f} "
             + (f"{other:10.1f} {other / value:7.2f}" if other else f"{'-':>10} {'-':>7}"))
    if py:
        emit(f"(Pyodide {py['pyodide']}, Python {py['python']}; ratio = Pyodide / CPython)")
    cards, count, mean, worst = saboteur_legal_ms()
    emit(f"\nSaboteur legal-move generation, {cards}-card maze, six path cards in hand "
         f"({count} legal moves): CPython mean {mean:.2f} ms, max {worst:.2f} ms"
         + (f"; Pyodide mean {py['value']['legal'][2]:.2f} ms" if py else ""))
    emit("\nBot move time, CPython (ms; every seat at that level)")
    emit(f"{'game':10} {'level':8} {'moves':>6} {'mean':>7} {'p95':>7} {'max':>7}")
    moves = {}
    for game_id, players, games in (("ciao", 4, 4), ("saboteur", 2, 3)):
        for level in ("random", "easy", "medium"):
            ts = sorted(bot_move_ms(game_id, level, players, max(1, int(games * scale))))
            moves[f"{game_id} {level}"] = statistics.mean(ts)
            emit(f"{game_id:10} {level:8} {len(ts):6} {statistics.mean(ts):7.2f} "
                 f"{ts[int(0.95 * (len(ts) - 1))]:7.2f} {ts[-1]:7.2f}")
    if py:
        emit(f"medium bot mean move in Pyodide: Ciao! {py['value']['ciao_medium']:.1f} ms, "
             f"Saboteur {py['value']['saboteur_medium']:.1f} ms")
    emit("\nThe search (hard) at its default budget, whole move in ms (the page caps "
         "a move at 1.2 s and plays the best so far)")
    emit(f"{'case':14} {'moves':>6} {'CPython mean':>13} {'max':>7} {'Pyodide mean':>13} "
         f"{'max':>7} {'over cap':>9}")
    cp_hard = hard_move_ms(hard_limit)
    for key, ts in cp_hard.items():
        pts = py["value"]["hard"].get(key, []) if py else []
        over = sum(t > 1200 for t in pts)
        emit(f"{key:14} {len(ts):6} {statistics.mean(ts):13.0f} {max(ts):7.0f} "
             + (f"{statistics.mean(pts):13.0f} {max(pts):7.0f} {over:9}" if pts else
                f"{'-':>13} {'-':>7} {'-':>9}"))
    return {"cpython_games_per_s": cp, "legal_ms": [cards, count, mean, worst],
            "cpython_move_mean_ms": moves, "cpython_hard_ms": cp_hard,
            "pyodide": py or {}}
