"""Exact Bayesian belief over who holds which target colour.

The only hidden information in Kabaleo is the assignment of targets to seats: at most
5*4*3 = 60 assignments from one seat's point of view, so we enumerate them all.

Opponent model (the likelihood): a player holding target set ``T`` picks each legal move
``m`` with probability

    eps / N  +  (1 - eps) * exp(beta * delta_T(m)) / Z_T

where ``delta_T(m) = [after in T] - [before in T]`` is how much the move changes T's pile
count and ``Z_T`` sums that over the mover's legal moves at the time. ``eps`` keeps a
floor so a deliberately misleading or random player cannot drive a true colour to zero.

The likelihood factorises per (seat, hypothesis), so the cost is
history x hypotheses x (before, after) pairs, never x assignments; the assignments are
only combined at the end. Because every legal move is summarised by its (before, after)
pair, a position's whole move list collapses to at most 30 counts (``board.pair_counts``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from parlor.bots.kabaleo.board import Pile, Step, initial_hands, replay_steps
from parlor.games.kabaleo.state import KabaleoView

Hyp = tuple[str, ...]  # a target set, colours in the game's colour order


@dataclass(frozen=True)
class Model:
    """How strongly players are assumed to prefer moves that help their own colour."""

    beta: float = 1.2
    eps: float = 0.25


def step_logp(step: Step, hyp: Hyp, model: Model) -> float:
    """log P(the move made at ``step`` | the mover's targets are ``hyp``)."""
    plus = minus = 0
    for (b, a), n in step.pairs.items():
        bin_, ain = b in hyp, a in hyp
        if ain and not bin_:
            plus += n
        elif bin_ and not ain:
            minus += n
    eb = math.exp(model.beta)
    z = (step.total - plus - minus) + plus * eb + minus / eb
    d = (step.after in hyp) - (step.before in hyp)
    soft = math.exp(model.beta * d) / z
    return math.log(model.eps / step.total + (1.0 - model.eps) * soft)


def hypotheses(colours: Sequence[str], k: int) -> list[Hyp]:
    return [tuple(h) for h in combinations(colours, k)]


@dataclass
class _Replay:
    """Where an earlier replay stopped, so the next call only reads the new moves."""

    key: tuple[object, ...]
    history: tuple[tuple[int, str], ...]
    resume: tuple[tuple[Pile, ...], list[list[int]], int | None]
    loglik: list[dict[Hyp, float]]


@dataclass(frozen=True)
class Belief:
    """The posterior over assignments for one viewer, plus per-seat public evidence.

    ``assignments`` pairs, for each unknown seat in ``seats`` order, a target set with
    the normalised probability of that whole assignment. ``loglik[s][h]`` is the log
    likelihood of seat s's moves if s held ``h`` (over *all* colours, so it also tells a
    bot how much its own play has given away).
    """

    seats: tuple[int, ...]
    assignments: tuple[tuple[tuple[Hyp, ...], float], ...]
    loglik: tuple[dict[Hyp, float], ...]

    def marginals(self, colours: Sequence[str]) -> dict[int, dict[str, float]]:
        """seat -> colour -> P(seat holds that colour) for every unknown seat."""
        out = {s: {c: 0.0 for c in colours} for s in self.seats}
        for combo, w in self.assignments:
            for s, hyp in zip(self.seats, combo, strict=True):
                for c in hyp:
                    out[s][c] += w
        return out


@dataclass
class BeliefTracker:
    """Keeps the replay of the public history between calls (one tracker per bot).

    The cache is keyed by everything that fixes the game (viewer, colours, bases, the
    initial hands, options) and by the history prefix, so handing the tracker a view from
    another game, or after an undo, recomputes from scratch instead of going wrong.
    """

    model: Model = field(default_factory=Model)
    _cache: _Replay | None = None

    def loglik(self, view: KabaleoView) -> list[dict[Hyp, float]]:
        k = view.options.targets_per_player
        hands0 = initial_hands(view)
        bases = tuple(p[0] for p in view.piles)
        key = (view.players, view.colours, bases, hands0, view.options)
        hyps = hypotheses(view.colours, k)
        c = self._cache
        if c is not None and c.key == key and view.history[: len(c.history)] == c.history:
            start, resume = len(c.history), c.resume
            loglik = [dict(d) for d in c.loglik]
        else:
            start, resume = 0, None
            loglik = [{h: 0.0 for h in hyps} for _ in range(view.players)]
        steps, resume2 = replay_steps(
            bases, hands0, view.history, view.options.last_pile_ban, start, resume
        )
        for step in steps:
            row = loglik[step.seat]
            for h in hyps:
                row[h] += step_logp(step, h, self.model)
        self._cache = _Replay(key, view.history, resume2, [dict(d) for d in loglik])
        return loglik

    def belief(self, view: KabaleoView) -> Belief:
        loglik = self.loglik(view)
        k = view.options.targets_per_player
        if view.revealed_targets is not None:
            seats = tuple(s for s in range(view.players) if s != view.seat)
            combo = tuple(view.revealed_targets[s] for s in seats)
            return Belief(seats, ((combo, 1.0),), tuple(loglik))
        mine = set(view.my_targets)
        free = [c for c in view.colours if c not in mine]
        seats = tuple(s for s in range(view.players) if s != view.seat)
        raw: list[tuple[tuple[Hyp, ...], float]] = []

        def walk(i: int, left: list[str], chosen: tuple[Hyp, ...], ll: float) -> None:
            if i == len(seats):
                raw.append((chosen, ll))
                return
            row = loglik[seats[i]]
            for h in combinations(left, k):
                rest = [c for c in left if c not in h]
                walk(i + 1, rest, (*chosen, h), ll + row[h])

        walk(0, free, (), 0.0)
        top = max(ll for _, ll in raw)
        weights = [math.exp(ll - top) for _, ll in raw]
        total = sum(weights)
        assignments = tuple(
            (combo, w / total) for (combo, _), w in zip(raw, weights, strict=True)
        )
        return Belief(seats, assignments, tuple(loglik))
