"""``hard``: exact Bayesian beliefs, a value heuristic, and a search of the last round.

How it plays (rules page, "Facts a bot should use"):

* **Beliefs.** ``belief.BeliefTracker`` keeps an exact posterior over every assignment of
  targets to the other seats (at most 60), from the public history only.
* **Middle game.** Scores every legal move by
  - the expected change of (own piles - opponents' piles), opponents weighted by belief
    (with more than one opponent, a blend of the leader and the average);
  - *loaded* piles: own colour one level down (a cancel reveals it) is good, an
    opponent's is bad;
  - *secrecy*: how much the move raises a watcher's belief in our true colour, a cost
    that fades as the game ends (a revealed colour gets covered in the last rounds);
  - *hand*: pieces of our own colour are worth keeping for the end, where a placement
    sticks; pieces that probably belong to an opponent are better spent early.
  The board term grows in weight as the game goes on, since early tops get covered.
* **Endgame.** In the last round (every remaining move, when that is cheap) it tries each
  distinct move against the most likely assignments, lets every later mover answer with
  the move that is best for them knowing all colours, and keeps the move with the best
  expected share of the win (ties broken exactly as the scoring does). The last mover's
  answer is exact, which is where Kabaleo is decided.

Budget: a move is a few milliseconds in CPython; the endgame search caps its work
(``Params.search_budget``), falling back to the heuristic, so a browser move stays far
below the 100 ms main-thread budget.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from parlor.bots.kabaleo.belief import Belief, BeliefTracker, Hyp, Model, step_logp
from parlor.bots.kabaleo.board import Cand, Pile, Step, candidates, pair_counts, top_counts
from parlor.core.rng import Rng
from parlor.games.kabaleo.colours import LETTERS
from parlor.games.kabaleo.rules import place
from parlor.games.kabaleo.state import KabaleoView


@dataclass(frozen=True)
class Params:
    """Weights of the heuristic (tuned with seeded bot-vs-bot matches, tools/bench.py)."""

    # Board change weights grow to 1 at the last move: early tops get covered, but an
    # opponent rarely covers their own colour, so a gift to them lasts longer than ours.
    own_early: float = 0.0  # weight of our own pile gains at the first move
    opp_early: float = 0.6  # weight of opponents' pile gains at the first move
    board_power: float = 1.0  # shape of the growth in between (1: linear)
    leader_mix: float = 0.5  # multi-player: weight of the leading opponent vs the mean
    loaded_own: float = 0.15
    loaded_opp: float = 0.1
    secrecy: float = 1.0  # cost per unit of exposure of our colour, at the start
    hand_own: float = 2.0  # value of keeping an own-colour piece (early)
    hand_opp: float = -0.1  # value of keeping a piece that is probably an opponent's
    hand_decay: float = 0.0  # 1: hand values fade to 0 at the end; 0: constant
    endgame_moves: int = 0  # search when at most this many moves remain (0: one round)
    search_budget: int = 40_000  # move evaluations allowed for the endgame search
    search_mass: float = 0.97  # assignments searched: the most likely, up to this mass
    search_max_assignments: int = 12
    margin_weight: float = 0.02  # in the search, prefer bigger margins among equal shares


@dataclass
class HardBot:
    """The default level. One instance per seat; keeps its belief replay between turns."""

    params: Params = field(default_factory=Params)
    model: Model = field(default_factory=Model)
    game: str = "kabaleo"
    level: str = "hard"
    _tracker: BeliefTracker | None = None

    def _belief(self, view: KabaleoView) -> Belief:
        if self._tracker is None or self._tracker.model != self.model:
            self._tracker = BeliefTracker(self.model)
        return self._tracker.belief(view)

    def beliefs(self, view: KabaleoView) -> dict[int, dict[str, float]]:
        """seat -> colour -> P(that seat holds that colour), for every *other* seat.

        The bot's own seat is left out on purpose, so a UI panel showing this can never
        leak the bot's colour. Per seat the values sum to ``targets_per_player``; the
        viewer's own colours get 0.
        """
        return self._belief(view).marginals(view.colours)

    def choose(self, view: KabaleoView, rng: Rng) -> str:
        me = view.seat
        if me is None or view.to_move != me:
            raise ValueError("the bot was asked to move when it is not its turn")
        ban = view.options.last_pile_ban
        cands = candidates(view.piles, view.hands[me], view.last_pile, ban)
        if not cands:
            raise ValueError("the bot was asked to move but there is no legal move")
        belief = self._belief(view)
        scores = self._heuristic(view, belief, cands)
        remaining = sum(sum(h) for h in view.hands)
        horizon = self.params.endgame_moves or view.players
        if horizon < 0:  # -k: k rounds
            horizon = -horizon * view.players
        if remaining <= horizon:
            searched = self._endgame(view, belief, cands, remaining)
            if searched is not None:
                # The search decides; the heuristic only breaks exact ties.
                scores = [s * 1e-3 + v for s, v in zip(scores, searched, strict=True)]
        best = max(scores)
        tied = [c.move for c, s in zip(cands, scores, strict=True) if s >= best - 1e-9]
        return rng.choice(tied)

    # --- middle game ---------------------------------------------------------------

    def _heuristic(self, view: KabaleoView, belief: Belief, cands: list[Cand]) -> list[float]:
        p = self.params
        me = view.seat
        assert me is not None
        mine = set(view.my_targets)
        played = len(view.history)
        remaining = sum(sum(h) for h in view.hands)
        t = played / max(1, played + remaining - 1)
        counts = top_counts(view.piles)
        seats = belief.seats
        assigns = belief.assignments
        multi = len(seats) > 1

        # Expected change of opponents' piles per distinct (before, after) pair.
        opp_now = [[sum(counts[c] for c in h) for h in combo] for combo, _ in assigns]
        opp_cache: dict[tuple[str, str], float] = {}

        def opp_gain(b: str, a: str) -> float:
            key = (b, a)
            if key in opp_cache:
                return opp_cache[key]
            total = 0.0
            for (combo, w), now in zip(assigns, opp_now, strict=True):
                deltas = [(a in h) - (b in h) for h in combo]
                if multi:
                    after = [n + d for n, d in zip(now, deltas, strict=True)]
                    lead = max(after) - max(now)
                    mean = sum(deltas) / len(deltas)
                    d_opp = p.leader_mix * lead + (1 - p.leader_mix) * mean
                else:
                    d_opp = deltas[0]
                total += w * d_opp
            opp_cache[key] = total
            return total

        # Probability that a colour belongs to some opponent (vs nobody).
        owned = {c: 0.0 for c in view.colours}
        for combo, w in assigns:
            for h in combo:
                for c in h:
                    owned[c] += w

        # Secrecy: a watcher's belief in our true colour before and after each move.
        my_hyp: Hyp = tuple(view.my_targets)
        pub = belief.loglik[me]
        total, pairs = pair_counts(view.piles, view.hands[me], view.last_pile,
                                   view.options.last_pile_ban)

        def exposure(extra: dict[Hyp, float]) -> float:
            top = max(pub[h] + extra.get(h, 0.0) for h in pub)
            z = sum(math.exp(pub[h] + extra.get(h, 0.0) - top) for h in pub)
            return math.exp(pub[my_hyp] + extra.get(my_hyp, 0.0) - top) / z

        exp_now = exposure({})
        exp_cache: dict[tuple[str, str], float] = {}

        def exposure_after(b: str, a: str) -> float:
            key = (b, a)
            if key not in exp_cache:
                step = Step(me, b, a, total, pairs)
                extra = {h: step_logp(step, h, self.model) for h in pub}
                exp_cache[key] = exposure(extra)
            return exp_cache[key]

        ramp = t**p.board_power
        w_own = p.own_early + (1.0 - p.own_early) * ramp
        w_opp = p.opp_early + (1.0 - p.opp_early) * ramp
        w_secret = p.secrecy * (1.0 - t)
        w_hand = 1.0 - p.hand_decay * t
        out: list[float] = []
        for c in cands:
            s = w_own * ((c.after in mine) - (c.before in mine))
            s -= w_opp * opp_gain(c.before, c.after)
            s -= w_secret * (exposure_after(c.before, c.after) - exp_now)
            if c.colour in mine:
                s -= w_hand * p.hand_own
            else:
                s -= w_hand * p.hand_opp * owned[c.colour]
            old = view.piles[c.pile]
            old_below = old[-2] if len(old) > 1 else None
            new_below = c.stack[-2] if len(c.stack) > 1 else None
            if old_below != new_below:
                s += p.loaded_own * ((new_below in mine) - (old_below in mine))
                s -= p.loaded_opp * (owned.get(new_below or "", 0.0)
                                     - owned.get(old_below or "", 0.0))
            out.append(s)
        return out

    # --- endgame -------------------------------------------------------------------

    def _endgame(
        self, view: KabaleoView, belief: Belief, cands: list[Cand], remaining: int
    ) -> list[float] | None:
        p = self.params
        me = view.seat
        assert me is not None
        ranked = sorted(belief.assignments, key=lambda cw: -cw[1])
        chosen: list[tuple[tuple[Hyp, ...], float]] = []
        mass = 0.0
        for combo, w in ranked:
            chosen.append((combo, w))
            mass += w
            if mass >= p.search_mass or len(chosen) >= p.search_max_assignments:
                break
        # Distinct moves: the same colour on two identical piles is the same move.
        uniq: dict[tuple[str, Pile], int] = {}
        for i, c in enumerate(cands):
            uniq.setdefault((c.colour, view.piles[c.pile]), i)
        width = len(view.piles)
        cost = len(uniq) * (remaining - 1) * width * 2
        while chosen and cost * len(chosen) > p.search_budget:
            chosen.pop()
        if not chosen:
            return None
        mass = sum(w for _, w in chosen)
        values: dict[int, float] = {}
        for i in uniq.values():
            c = cands[i]
            v = 0.0
            for combo, w in chosen:
                targets = _full_targets(view, belief.seats, combo)
                v += w * self._simulate(view, targets, c, remaining)
            values[i] = v / mass
        by_key = {k: values[i] for k, i in uniq.items()}
        return [by_key[(c.colour, view.piles[c.pile])] for c in cands]

    def _simulate(
        self, view: KabaleoView, targets: Sequence[Hyp], first: Cand, remaining: int
    ) -> float:
        """Play ``first``, then every later mover's best reply knowing all colours."""
        me = view.seat
        assert me is not None
        ban = view.options.last_pile_ban
        piles = list(view.piles)
        hands = [list(h) for h in view.hands]
        piles[first.pile] = first.stack
        hands[me][LETTERS.index(first.colour)] -= 1
        last = first.pile
        mover = (me + 1) % view.players
        for _ in range(remaining - 1):
            table = _Table(piles)
            best_u = -math.inf
            best: tuple[int, Pile, str] | None = None
            for ci, col in enumerate(LETTERS):
                if hands[mover][ci] == 0:
                    continue
                for pi, stack in enumerate(piles):
                    if len(stack) == 1 and stack[0] == col:
                        continue
                    if ban and pi == last:
                        continue
                    new, _ = place(stack, col)
                    u = table.utility(mover, targets, pi, stack, new, self.params.margin_weight)
                    if u > best_u:
                        best_u, best = u, (pi, new, col)
            assert best is not None
            pi, new, col = best
            piles[pi] = new
            hands[mover][LETTERS.index(col)] -= 1
            last = pi
            mover = (mover + 1) % view.players
        return _Table(piles).utility(me, targets, None, (), (), self.params.margin_weight)


def _full_targets(view: KabaleoView, seats: Sequence[int], combo: Sequence[Hyp]) -> list[Hyp]:
    targets: list[Hyp] = [() for _ in range(view.players)]
    assert view.seat is not None
    targets[view.seat] = tuple(view.my_targets)
    for s, h in zip(seats, combo, strict=True):
        targets[s] = h
    return targets


class _Table:
    """Per colour: piles, covered piles, tallest two heights: enough to score a position
    after any single move in O(players) instead of rescanning the piles."""

    __slots__ = ("count", "covered", "h1", "p1", "h2")

    def __init__(self, piles: Sequence[Pile]) -> None:
        self.count = dict.fromkeys(LETTERS, 0)
        self.covered = dict.fromkeys(LETTERS, 0)
        self.h1 = dict.fromkeys(LETTERS, 0)
        self.p1 = dict.fromkeys(LETTERS, -1)
        self.h2 = dict.fromkeys(LETTERS, 0)
        for i, stack in enumerate(piles):
            c, h = stack[-1], len(stack)
            self.count[c] += 1
            if h > 1:
                self.covered[c] += 1
            if h > self.h1[c]:
                self.h2[c] = self.h1[c]
                self.h1[c], self.p1[c] = h, i
            elif h > self.h2[c]:
                self.h2[c] = h

    def utility(
        self,
        seat: int,
        targets: Sequence[Hyp],
        pile: int | None,
        old: Pile,
        new: Pile,
        margin_weight: float,
    ) -> float:
        """``seat``'s share of the win (plus a little margin) after changing one pile."""
        b = old[-1] if old else None
        a = new[-1] if new else None
        scores = []
        for h in targets:
            n = cov = tall = 0
            for c in h:
                cn, cc = self.count[c], self.covered[c]
                ct = self.h1[c]
                if c == b:
                    cn -= 1
                    cc -= len(old) > 1
                    if self.p1[c] == pile:
                        ct = self.h2[c]
                if c == a:
                    cn += 1
                    cc += len(new) > 1
                    ct = max(ct, len(new))
                n += cn
                cov += cc
                tall = max(tall, ct)
            scores.append((n, cov, tall))
        top = max(scores)
        mine = scores[seat]
        share = (1.0 / scores.count(top)) if mine == top else 0.0
        other = max(sc[0] for i, sc in enumerate(scores) if i != seat)
        return share + margin_weight * (mine[0] - other)
