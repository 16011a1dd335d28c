"""Saboteur: The Duel for search: the public rules for the rest of a round on a private
mutable position, with integer-tuple moves (``fast_round``), and what a search asks of a
world besides the rules (the ``Sim`` protocol of ``parlor.bots.ismcts``).

A search plays thousands of simulated moves; the public protocol rebuilds a frozen state
(maze, hands, piles, counters as tuples), walks each colour's tunnel network from
scratch and writes and parses a notation string for every one. Here the position is
edited in place, networks grow with each placement (``fast_net``), and a move is named
in notation only when the app needs it. A simulation stops when the round ends: the
search judges a round by the gold each seat holds after it (``round_gold``; the next
deal is the public rules' business).

Private to the bots: tests/test_saboteur_fast.py checks, move by move over seeded rounds
(duel and solo, every option), that it offers the public rules' legal moves in their
order and reaches the same positions and the same round result.
"""

from __future__ import annotations

from parlor.core.rng import Rng
from parlor.games.saboteur.bots.fast_net import Net
from parlor.games.saboteur.bots.fast_round import (
    BREAK_,
    BRIBE_,
    CLEAR,
    DONE,
    DONE_MOVE,
    KEY_,
    MAP_,
    PASS,
    PLACE,
    REPAIR,
    REVEAL_,
    ROCKFALL_,
    FastMove,
    SabRound,
)
from parlor.games.saboteur.bots.fast_tables import (
    CARD_IDS,
    DELTA,
    GOLD,
    GROUP_AT,
    JOINS,
    KIND,
    OPEN,
    REPAIRS,
    SABOTAGE,
    SHOWS_GOLD,
    STRIDE,
    xy_of,
)
from parlor.games.saboteur.cards import TOOLS
from parlor.games.saboteur.notation import Move, MoveKind, format_move
from parlor.games.saboteur.rounds import pay_trolls
from parlor.games.saboteur.state import BRIBE, REVEAL, SaboteurState

__all__ = ["FastMove", "FastSaboteur"]

_TOOLS_OF = {card: tools for card, tools in REPAIRS}
_KINDS: dict[int, MoveKind] = {BREAK_: "break", KEY_: "key", ROCKFALL_: "rockfall",
                               MAP_: "map", BRIBE_: "bribe"}
#: Solo: the gold at which the score reaches 1 (the sheet's top band starts at 25).
SOLO_FULL = 30


def _move(m: FastMove) -> Move:
    k = m[0]
    if k == PLACE:
        return Move("place", card=CARD_IDS[m[1]], cell=xy_of(m[2]), rot=m[3])
    if k == REPAIR:
        tools = _TOOLS_OF[m[2]]
        return Move("repair", tool=TOOLS[m[1]],
                    tools=tuple(TOOLS[t] for t in tools) if len(tools) > 1 else ())
    if k == CLEAR:
        return Move("clear", tool=TOOLS[m[1]], cards=(CARD_IDS[m[2]], CARD_IDS[m[3]]))
    if k == PASS:
        return Move("pass", cards=tuple(CARD_IDS[c] for c in m[1:] if c >= 0))
    if k == REVEAL_:
        return Move("reveal", cell=xy_of(m[1]), rot=m[2])
    if k == DONE:
        return Move("done")
    if k == BREAK_:
        return Move("break", tool=TOOLS[m[1]])
    return Move(_KINDS[k], cell=xy_of(m[1]))


class FastSaboteur(SabRound):
    """A round of Saboteur for the search (``Sim``): see the module docstring."""

    def __init__(self, s: SaboteurState) -> None:
        super().__init__(s)
        self._gold: list[int] | None = None

    def copy(self) -> FastSaboteur:
        other = FastSaboteur.__new__(FastSaboteur)
        other.__dict__.update(self.__dict__)
        for name in ("ori", "down", "meta", "gold", "pending", "draw", "discard",
                     "sabotage", "counters", "claims", "bribes", "keys", "trolls_before"):
            setattr(other, name, getattr(self, name).copy())
        other.troll_cells, other.claimed = set(self.troll_cells), set(self.claimed)
        other.bribed = set(self.bribed)
        other.hands = [h[:] for h in self.hands]
        other.peeks = [p[:] for p in self.peeks]
        other.nets = [None] * self.players
        return other

    def notation(self, move: FastMove) -> str:
        return format_move(_move(move))

    def chance_move(self, rng: Rng) -> FastMove:
        raise AssertionError("Saboteur has no table decisions")

    # ---- the round's result --------------------------------------------------------

    def round_gold(self) -> list[int]:
        """Each seat's gold after this round as it stands (``rounds._end_round``: gold
        under its counters taken, trolls paid), added to what it held before."""
        if self._gold is not None and self.over:
            return self._gold
        treasure = [list(t) for t in self.treasure]
        per_card: dict[tuple[int, int], int] = {}
        for node, seat in self.claims:
            cell = node >> 2
            key = (seat, cell)
            per_card[key] = per_card.get(key, 0) + GOLD[self.ori[cell]][node & 3]
        for (seat, cell), value in sorted(per_card.items()):
            treasure[seat].append((CARD_IDS[self.ori[cell] >> 1], value))
        out = []
        for seat in range(self.players):
            debt = sum(1 for _, s in self.bribes if s == seat)
            paid = set(pay_trolls(treasure[seat], debt))
            out.append(sum(v for i, (_, v) in enumerate(treasure[seat]) if i not in paid))
        self._gold = out
        return out

    def scores(self) -> list[float]:
        """Duel: 1 to the richer seat, 0.5 each on a tie; solo: the gold over 30."""
        gold = self.round_gold()
        if self.players == 1:
            return [min(1.0, gold[0] / SOLO_FULL)]
        if gold[0] == gold[1]:
            return [0.5, 0.5]
        return [1.0, 0.0] if gold[0] > gold[1] else [0.0, 1.0]

    # ---- rollout policies ------------------------------------------------------------

    def rollout_move(self, rng: Rng) -> FastMove:
        """A legal move drawn uniformly."""
        legal = self.legal()
        return legal[rng.randbelow(len(legal))]

    def greedy_move(self, rng: Rng) -> FastMove:
        """A cheap sensible move (a rollout policy): dig the tunnel on toward the
        face-down goals (gold cards first), bribe a troll only when it stands nearer the
        goals than the rest of the tunnel, repair or clear a broken tool, break the
        opponent's tools, otherwise pass the least useful card; one move in ten is
        uniform, for variety."""
        if rng.randbelow(10) == 0:
            return self.rollout_move(rng)
        seat, phase = self.to_move, self.phase
        if phase == REVEAL:
            cell = self.pending[0]
            rots = self.orientations(cell)
            return (REVEAL_, cell, rots[rng.randbelow(len(rots))])
        net = self.net(seat)
        troll = self._troll_in_the_way(seat, net)
        if phase == BRIBE:
            return DONE_MOVE if troll < 0 else (BRIBE_, troll)
        if troll >= 0:
            return (BRIBE_, troll)
        hand = self.hands[seat]
        kinds = sorted(set(hand))
        sab = self.sabotage[seat]
        if sab:
            for card, tools in REPAIRS:
                if card in hand:
                    for t in tools:
                        if sab >> t & 1:
                            return (REPAIR, t, card)
        else:
            best = self._best_placement(seat, kinds, net, rng)
            if best is not None:
                return best
        if self.players == 2:
            opp = self.sabotage[1 - seat]
            for t, card in enumerate(SABOTAGE):
                if card in hand and not opp >> t & 1:
                    return (BREAK_, t)
        order = sorted(hand, key=lambda c: (_KEEP[c], rng.random()))
        if sab and len(hand) > 2:
            a, b = sorted(order[:2])
            return (CLEAR, (sab & -sab).bit_length() - 1, a, b)
        return (PASS, order[0], -1)

    def _distances(self) -> dict[int, int]:
        """Cell -> Manhattan distance to the nearest face-down goal, filled as asked and
        shared by every position with the same goals face down."""
        key = frozenset(self.down)
        got = _DIST.get(key)
        if got is None:
            got = _DIST[key] = {}
        return got

    def _goal_distance(self, cell: int, dist: dict[int, int]) -> int:
        got = dist.get(cell)
        if got is None:
            x, y = divmod(cell, STRIDE)
            got = dist[cell] = min((abs(x - gx) + abs(y - gy) for gx, gy in map(_xy, self.down)),
                                   default=0)
        return got

    def _troll_in_the_way(self, seat: int, net: Net) -> int:
        """A troll worth a counter (and the gold paid for it): the seat keeps two
        counters for gold and the troll stands nearer a goal than the tunnel's ends."""
        if self.counters[seat] < 3 or not net.trolls or not self.down:
            return -1
        dist = self._distances()
        troll = min(net.trolls, key=lambda c: self._goal_distance(c, dist))
        ends = min((self._goal_distance(c, dist) for c in net.frontier), default=99)
        return troll if self._goal_distance(troll, dist) < ends else -1

    def _best_placement(self, seat: int, kinds: list[int], net: Net,
                        rng: Rng) -> FastMove | None:
        """The placement whose joined tunnel opens nearest a face-down goal (reaching
        one is best; a dead end scores behind any opening), gold cards preferred, ties
        broken at random."""
        moves = self.placements(seat, kinds, net)
        if not moves or not self.down:
            return moves[rng.randbelow(len(moves))] if moves else None
        ori, down, frontier = self.ori, self.down, net.frontier
        joins = JOINS[self.col[seat]]
        dist = self._distances()
        bits = rng.next64()
        best, best_score = moves[0], -1 << 30
        for i, m in enumerate(moves):
            card, cell = m[1], m[2]
            o = 2 * card + m[3]
            at = GROUP_AT[o]
            arrive = frontier.get(cell, 15) & joins[o]  # 15: a ladder joins everywhere
            exits = 99
            for d in range(4):
                g = at[d]
                if g < 0 or arrive >> d & 1:
                    continue
                if not any(at[e] == g and arrive >> e & 1 for e in range(4)):
                    continue  # a tunnel of the card that the network does not reach
                n = cell + DELTA[d]
                if n in down:
                    exits = 0
                    break
                if n in ori:
                    continue
                here = dist.get(n)
                if here is None:
                    here = self._goal_distance(n, dist)
                if here < exits:
                    exits = here
            if exits == 99:  # a dead end: only worth it for its gold
                exits = 3 + self._goal_distance(cell, dist)
            score = -4 * exits + (8 if SHOWS_GOLD[card] else 0) + (bits >> (2 * (i & 31)) & 3)
            if score > best_score:
                best, best_score = m, score
        return best


#: ``FastSaboteur._distances`` per set of face-down goal cells (at most 2 x 64 sets).
_DIST: dict[frozenset[int], dict[int, int]] = {}


def _xy(cell: int) -> tuple[int, int]:
    return divmod(cell, STRIDE)


#: How much a card is worth keeping in a rollout (lowest is discarded first): maps
#: and rockfalls least, then sabotage and keys, path cards (dead ends first), repairs.
_KEEP: tuple[int, ...] = tuple(
    0 if KIND[c] in ("map", "rockfall") else 1 if KIND[c] in ("sabotage", "key")
    else 4 if KIND[c] == "repair" else 2 if OPEN[2 * c] in (1, 2, 4, 8) else 3
    for c in range(len(KIND)))
