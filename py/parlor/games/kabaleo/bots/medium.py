"""``medium`` (called ``hard`` before the tree search came): exact Bayesian beliefs,
a value heuristic, and a search of the last round.

How it plays (rules page, "Facts a bot should use"):

* **Beliefs.** ``posterior.BeliefTracker`` keeps an exact posterior over every assignment of
  targets to the other seats (at most 60), from the public history only, with an opponent
  model that knows careful players hold their own colour back (see ``posterior``).
* **Middle game.** Scores every legal move by
  - *hand*: a piece of our own colour is worth keeping for the end, where a placement
    sticks and nobody can answer it; this one term is most of the bot's strength
    (measured: a version that spends its colour early loses most games to this one);
  - the expected change of opponents' piles, weighted by belief (with more than one
    opponent, a blend of the leader and the average), and of our own; both weights grow
    towards the end, since early tops get covered, but a gift to an opponent counts from
    the start because owners do not cover their own colour;
  - *secrecy*: how much the move raises a watcher's belief in our true colour (measured
    with the same opponent model), a cost that fades as the game ends;
  - *loaded* piles: our colour one level down (a cancel reveals it) is good, an
    opponent's is bad.
* **Endgame.** In the last round it tries each distinct move against the likeliest
  assignments, lets every later mover answer with the move best for them knowing all
  colours, and keeps the move with the best expected share of the win (ties broken
  exactly as the scoring does). The last mover's answer is exact, and the last round is
  where Kabaleo is decided. With open information (2 players, 2 targets each) there is
  one assignment, so the same search (every later move a best reply) runs whenever it
  fits its budget, which is nearly the whole game.

Budget: a few ms a move in CPython (`make bench SUITE=moves`). The search is capped by work
(``Params.search_budget``), never by a clock: seeded matches replay identically anywhere.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from parlor.core.rng import Rng
from parlor.games.kabaleo.bots.board import Cand, Pile, Step, candidates, effect_counts, top_counts
from parlor.games.kabaleo.bots.posterior import (
    Belief,
    BeliefTracker,
    Hyp,
    Logs,
    Model,
    mix,
    step_logp,
)
from parlor.games.kabaleo.bots.tally import Table, utility
from parlor.games.kabaleo.colours import LETTERS
from parlor.games.kabaleo.rules import place
from parlor.games.kabaleo.state import KabaleoView


@dataclass(frozen=True)
class Params:
    """Weights of the heuristic (tuned in seeded bot-vs-bot matches, the bench's `strength`)."""

    # Board change weights grow to 1 at the last move: early tops get covered, but an
    # opponent rarely covers their own colour, so a gift to them lasts longer than ours.
    # Weight of our own pile changes at the first move. With 3-4 players, covering our
    # own colour only helps the others; with 2, doing so early also misleads the one
    # opponent who is reading us, and measured stronger.
    own_early: float = 0.3
    own_early_2p: float = 0.0
    opp_early: float = 0.6  # weight of opponents' pile gains at the first move
    board_power: float = 1.0  # shape of the growth in between (1: linear)
    leader_mix: float = 0.5  # multi-player: weight of the leading opponent vs the mean
    loaded_own: float = 0.15  # our colour one below a top: a cancel would show it
    loaded_opp: float = 0.1  # the same for a colour that is probably an opponent's
    secrecy: float = 1.0  # cost per unit of exposure of our colour, at the start
    # Keeping own-colour pieces for the last turns is worth more than any mid-game pile
    # (measured: fading this value out as the game ends lost most games against it).
    hand_own: float = 2.0  # value of keeping an own-colour piece
    hand_opp: float = -0.1  # value of keeping a piece that is probably an opponent's
    hand_decay: float = 0.0  # 1: hand values fade to 0 at the end; 0: constant
    endgame_rounds: int = 1  # search the last this many rounds
    search_budget: int = 3_000  # replies weighed per endgame search (caps the time)
    # Open information (2 players with 2 targets each): nothing to hide and a single
    # assignment, so the search runs whenever it fits its (larger) budget, which is from
    # about the first moves; own pieces need not wait as long.
    open_endgame_rounds: int = 12
    open_search_budget: int = 16_000
    open_hand_own: float = 1.0
    search_mass: float = 0.97  # assignments searched: the most likely, up to this mass
    search_max_assignments: int = 12
    margin_weight: float = 0.02  # in the search, prefer bigger margins among equal shares


@dataclass
class MediumBot:
    """The default level. One instance per seat; keeps its belief replay between turns."""

    params: Params = field(default_factory=Params)
    model: Model = field(default_factory=Model)
    game: str = "kabaleo"
    level: str = "medium"
    _tracker: BeliefTracker | None = field(default=None, init=False, repr=False, compare=False)

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
        """The best move by search (last round) or heuristic; exact ties drawn from rng."""
        appraised = self.appraise(view)
        best = max(appraised.values())
        return rng.choice([m for m, s in appraised.items() if s >= best - 1e-9])

    def appraise(self, view: KabaleoView) -> dict[str, float]:
        """Every legal move's value (higher is better), in the engine's order: the
        heuristic, or in the last round the search with the heuristic breaking ties.
        The tree search (``search.py``) takes it as its prior."""
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
        p = self.params
        open_info = _open_information(view)
        rounds = p.open_endgame_rounds if open_info else p.endgame_rounds
        budget = p.open_search_budget if open_info else p.search_budget
        if remaining <= rounds * view.players:
            searched = self._endgame(view, belief, cands, remaining, budget)
            if searched is not None:
                # The search decides; the heuristic only breaks exact ties.
                scores = [s * 1e-4 + v for s, v in zip(scores, searched, strict=True)]
        return {c.move: s for c, s in zip(cands, scores, strict=True)}

    def belief(self, view: KabaleoView) -> Belief:
        """The posterior over who holds which targets (kept between turns)."""
        return self._belief(view)

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
        owned = {col: 0.0 for col in view.colours}
        for combo, w in assigns:
            for h in combo:
                for col in h:
                    owned[col] += w

        # Secrecy: a watcher's belief in our true colour before and after each move.
        my_hyp: Hyp = tuple(view.my_targets)
        pub = belief.loglik[me]
        total, effects = effect_counts(view.piles, view.hands[me], view.last_pile,
                                       view.options.last_pile_ban)
        model = self.model

        def exposure(extra: dict[Hyp, Logs] | None) -> float:
            logs = {
                h: mix(model, v if extra is None
                       else [x + y for x, y in zip(v, extra[h], strict=True)])
                for h, v in pub.items()
            }
            top = max(logs.values())
            z = sum(math.exp(v - top) for v in logs.values())
            return math.exp(logs[my_hyp] - top) / z

        exp_now = exposure(None)
        exp_cache: dict[tuple[str, str, str], float] = {}

        def exposure_after(c: Cand) -> float:
            key = (c.before, c.after, c.colour)
            if key not in exp_cache:
                step = Step(me, key, total, effects)
                exp_cache[key] = exposure({h: step_logp(step, h, model) for h in pub})
            return exp_cache[key]

        ramp = t**p.board_power
        own_early = p.own_early_2p if view.players == 2 else p.own_early
        w_own = own_early + (1.0 - own_early) * ramp
        w_opp = p.opp_early + (1.0 - p.opp_early) * ramp
        open_info = _open_information(view)
        w_secret = 0.0 if open_info else p.secrecy * (1.0 - t)
        hand_own = p.open_hand_own if open_info else p.hand_own
        w_hand = 1.0 - p.hand_decay * t
        out: list[float] = []
        for c in cands:
            s = w_own * ((c.after in mine) - (c.before in mine))
            s -= w_opp * opp_gain(c.before, c.after)
            if w_secret:
                s -= w_secret * (exposure_after(c) - exp_now)
            if c.colour in mine:
                s -= w_hand * hand_own
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
        self, view: KabaleoView, belief: Belief, cands: list[Cand], remaining: int, budget: int
    ) -> list[float] | None:
        """Expected win share of each candidate over the likeliest assignments."""
        p = self.params
        me = view.seat
        assert me is not None
        # Distinct moves: the same colour on two identical piles is the same move.
        uniq: dict[tuple[str, Pile], int] = {}
        for i, c in enumerate(cands):
            uniq.setdefault((c.colour, view.piles[c.pile]), i)
        # Work per assignment: every later mover weighs each of its moves once.
        per = 0
        for k in range(1, remaining):
            seat = (me + k) % view.players
            per += sum(1 for n in view.hands[seat] if n) * len(view.piles)
        per = max(1, per * len(uniq))
        if per > budget:
            return None  # too early to search within the time budget
        limit = max(1, min(p.search_max_assignments, budget // per))
        chosen: list[tuple[tuple[Hyp, ...], float]] = []
        mass = 0.0
        for combo, w in sorted(belief.assignments, key=lambda cw: -cw[1]):
            if len(chosen) >= limit or mass >= p.search_mass:
                break
            chosen.append((combo, w))
            mass += w
        values = dict.fromkeys(uniq.values(), 0.0)
        for combo, w in chosen:
            targets = _full_targets(view, belief.seats, combo)
            for i in values:
                values[i] += w / mass * self._simulate(view, targets, cands[i], remaining)
        by_key = {k: values[i] for k, i in uniq.items()}
        return [by_key[(c.colour, view.piles[c.pile])] for c in cands]

    def _simulate(
        self, view: KabaleoView, targets: Sequence[Hyp], first: Cand, remaining: int
    ) -> float:
        """Play ``first``, then every later mover's best reply knowing all colours."""
        me = view.seat
        assert me is not None
        mw = self.params.margin_weight
        ban = view.options.last_pile_ban
        piles = list(view.piles)
        hands = [list(h) for h in view.hands]
        piles[first.pile] = first.stack
        hands[me][LETTERS.index(first.colour)] -= 1
        last = first.pile
        mover = (me + 1) % view.players
        for _ in range(remaining - 1):
            table = Table(piles, targets)
            seen: dict[tuple[object, ...], float] = {}
            best_u = -math.inf
            best = (-1, "")
            held = [c for ci, c in enumerate(LETTERS) if hands[mover][ci]]
            for pi, stack in enumerate(piles):
                if ban and pi == last:
                    continue
                top, height = stack[-1], len(stack)
                for col in held:
                    if col == top:
                        if height == 1:
                            continue  # a bare base of the piece's colour
                        after, new_h = stack[-2], height - 1
                    else:
                        after, new_h = col, height + 1
                    # Moves with the same signature score the same: weigh each once.
                    sig = (top, after, height, new_h, pi == table.p1[top])
                    u = seen.get(sig)
                    if u is None:
                        u = utility(table.after(pi, top, height, after, new_h), mover, mw)
                        seen[sig] = u
                    if u > best_u:
                        best_u, best = u, (pi, col)
            pi, col = best
            piles[pi], _ = place(piles[pi], col)
            hands[mover][LETTERS.index(col)] -= 1
            last = pi
            mover = (mover + 1) % view.players
        return utility(Table(piles, targets).base, me, mw)


def _open_information(view: KabaleoView) -> bool:
    """Every colour in play is somebody's target, so each seat can deduce the rest."""
    return view.options.targets_per_player * view.players >= len(view.colours)


def _full_targets(view: KabaleoView, seats: Sequence[int], combo: Sequence[Hyp]) -> list[Hyp]:
    targets: list[Hyp] = [() for _ in range(view.players)]
    assert view.seat is not None
    targets[view.seat] = tuple(view.my_targets)
    for s, h in zip(seats, combo, strict=True):
        targets[s] = h
    return targets
