"""The bots' exact posterior (Bayesian belief) over who holds which target colour
(``beliefs.py`` reads the "What the computer thinks" panel's numbers from it).

The only hidden information in Kabaleo is the assignment of targets to seats: at most
5*4*3 = 60 assignments from one seat's point of view, so we enumerate them all.

Opponent model (the likelihood). A player holding target set ``T`` and playing in style
``(beta, hold)`` picks each legal move ``m`` with probability

    eps / N  +  (1 - eps) * exp(u_T(m)) / Z_T,
    u_T(m) = beta * ([after in T] - [before in T]) - hold * [piece in T]

where ``Z_T`` sums ``exp(u_T)`` over the mover's legal moves at the time. Two styles are
mixed, each with a prior weight: the *grabber* (plays its colour whenever that takes a
pile) and the *holder* (keeps its own pieces for the end and avoids covering its colour),
which is how a careful player, and our own hard bot, plays. Without the holder style a
careful player's silence about its colour reads as evidence *against* it. ``eps`` keeps a
floor so a random or misleading player cannot drive a true colour to zero.

The likelihood factorises per (seat, hypothesis, style), so the cost is history x
hypotheses x styles x move effects, never x assignments; styles are mixed per seat and
hypothesis, and assignments combined only at the end. Every legal move is summarised by
its (before, after, piece) effect, so a position's move list collapses to a few dozen
counts (``board.effect_counts``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from parlor.games.kabaleo.bots.board import Pile, Step, initial_hands, replay_steps
from parlor.games.kabaleo.state import KabaleoView

Hyp = tuple[str, ...]  # a target set, colours in the game's colour order
Logs = tuple[float, ...]  # one log likelihood per style


@dataclass(frozen=True)
class Style:
    """One way of playing: ``weight`` is its prior probability."""

    weight: float
    beta: float  # preference for moves that add piles to one's own colour
    hold: float  # reluctance to place a piece of one's own colour


@dataclass(frozen=True)
class Model:
    styles: tuple[Style, ...] = (Style(0.5, 1.5, 0.0), Style(0.5, 0.5, 4.0))
    eps: float = 0.25


def step_logp(step: Step, hyp: Hyp, model: Model) -> Logs:
    """log P(the move made at ``step`` | mover holds ``hyp``), one value per style."""
    # Bucket the legal moves by (change of T's piles, piece of T's colour): 6 buckets.
    buckets = [0] * 6
    for (b, a, x), n in step.effects.items():
        d = (a in hyp) - (b in hyp)
        buckets[(d + 1) * 2 + (x in hyp)] += n
    b, a, x = step.effect
    chosen_d = (a in hyp) - (b in hyp)
    chosen_x = x in hyp
    out = []
    for st in model.styles:
        z = 0.0
        for i, n in enumerate(buckets):
            if n:
                z += n * math.exp(st.beta * (i // 2 - 1) - st.hold * (i % 2))
        u = st.beta * chosen_d - st.hold * chosen_x
        p = model.eps / step.total + (1.0 - model.eps) * math.exp(u) / z
        out.append(math.log(p))
    return tuple(out)


def mix(model: Model, logs: Sequence[float]) -> float:
    """log of the style-weighted likelihood: log sum_s w_s * exp(logs[s])."""
    top = max(logs)
    return top + math.log(
        sum(st.weight * math.exp(v - top) for st, v in zip(model.styles, logs, strict=True))
    )


def hypotheses(colours: Sequence[str], k: int) -> list[Hyp]:
    return [tuple(h) for h in combinations(colours, k)]


@dataclass
class _Replay:
    """Where an earlier replay stopped, so the next call only reads the new moves."""

    key: tuple[object, ...]
    history: tuple[tuple[int, str], ...]
    resume: tuple[tuple[Pile, ...], list[list[int]], int | None]
    loglik: list[dict[Hyp, Logs]]


@dataclass(frozen=True)
class Belief:
    """The posterior over assignments for one viewer, plus per-seat public evidence.

    ``assignments`` pairs, for each unknown seat in ``seats`` order, a target set with
    the normalised probability of that whole assignment. ``loglik[s][h]`` holds, per
    style, the log likelihood of seat s's moves if s held ``h`` (over *all* colours, so it
    also tells a bot how much its own play has given away).
    """

    seats: tuple[int, ...]
    assignments: tuple[tuple[tuple[Hyp, ...], float], ...]
    loglik: tuple[dict[Hyp, Logs], ...]

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

    def loglik(self, view: KabaleoView) -> list[dict[Hyp, Logs]]:
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
            zero = (0.0,) * len(self.model.styles)
            loglik = [dict.fromkeys(hyps, zero) for _ in range(view.players)]
        steps, resume2 = replay_steps(
            bases, hands0, view.history, view.options.last_pile_ban, start, resume
        )
        for step in steps:
            row = loglik[step.seat]
            for h in hyps:
                add = step_logp(step, h, self.model)
                row[h] = tuple(u + v for u, v in zip(row[h], add, strict=True))
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
            row = mixed[i]
            for h in combinations(left, k):
                rest = [c for c in left if c not in h]
                walk(i + 1, rest, (*chosen, h), ll + row[h])

        mixed = [{h: mix(self.model, v) for h, v in loglik[s].items()} for s in seats]
        walk(0, free, (), 0.0)
        top = max(ll for _, ll in raw)
        weights = [math.exp(ll - top) for _, ll in raw]
        total = sum(weights)
        assignments = tuple(
            (combo, w / total) for (combo, _), w in zip(raw, weights, strict=True)
        )
        return Belief(seats, assignments, tuple(loglik))
