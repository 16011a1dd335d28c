"""Shared knowledge for Saboteur's bots: a static evaluation of a position for one
seat, and a one-ply search over the legal moves that scores each on a sampled world.

Bots see only their view. Legality never depends on hidden cards, so the legal moves
come from any world consistent with the view (``determinize``). Moves that change the
maze (placements, keys, rockfalls, bribes, reveals) are applied on that world and the
result evaluated; moves that do not (passes, clears, sabotage, repairs, maps) are
scored from the position as it is plus a bonus, which keeps a move under a few
milliseconds even on a big maze. Unseen goal cards are valued at the mean gold of
the goal cards the seat has not seen (what a person would expect); a goal peeked at
with a map counts at its true value, which is how the medium bot "uses map info".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from parlor.core.rng import Rng
from parlor.games.saboteur import rules
from parlor.games.saboteur.cards import CARDS, GOAL_IDS
from parlor.games.saboteur.notation import Move, kind_of, parse_move
from parlor.games.saboteur.state import REVEAL, SaboteurState, SaboteurView
from parlor.games.saboteur.view import determinize

Cell = tuple[int, int]
MAZE_MOVES = frozenset({"place", "key", "rockfall", "bribe", "reveal"})


@dataclass(frozen=True)
class Style:
    """How a level weighs things. ``rival`` scales the opponent's prospects (0: it
    ignores the opponent), ``peeks`` whether map knowledge is used, ``noise`` the
    random jitter added to every score (a beginner's imprecision)."""

    rival: float
    peeks: bool
    noise: float
    sabotage: float  # bonus scale for breaking the opponent's tools
    decay: float = 0.72  # value kept per card still to lay toward a target


def unseen_goal_mean(v: SaboteurView) -> float:
    """Mean nuggets of the goal cards this seat has not seen anywhere."""
    seen = {p.card for p in v.maze if p.card is not None}
    seen |= {cid for _, cid in v.peeked} | set(v.boxed)
    seen |= {cid for pieces in v.treasure for cid, _ in pieces} | {c for c, _, _ in v.paid}
    left = [CARDS[g].gold_total for g in GOAL_IDS if g not in seen]
    return sum(left) / len(left) if left else 1.0


def _dist(frontier: Iterable[Cell], target: Cell) -> int:
    """Cards still to lay from the network's frontier until a card touches ``target``."""
    best = 99
    tx, ty = target
    for x, y in frontier:
        d = abs(x - tx) + abs(y - ty) - 1
        if d < best:
            best = d
    return best


def prospects(s: SaboteurState, seat: int, goal_value: dict[Cell, float], style: Style) -> float:
    """The best target the seat's network is heading for: value x decay^distance."""
    if s.counters_left[seat] == 0:
        return 0.0
    net = rules.network(s, seat)
    frontier = list(net.frontier)
    claimed = {(c.cell, c.group) for c in s.claims}
    best = 0.0
    for p in s.maze:
        if not p.face_up:
            value = goal_value.get(p.cell, 0.0)
            if p.cell in s.pending:
                best = max(best, value)
                continue
            if frontier and value > 0:
                best = max(best, value * style.decay ** _dist(frontier, p.cell))
        elif p.card is not None and CARDS[p.card].gold and frontier:
            for g, nuggets in CARDS[p.card].gold:
                if (p.cell, g) not in claimed and (p.cell, g) not in net.nodes:
                    best = max(best, nuggets * style.decay ** _dist(frontier, p.cell))
    return best


def evaluate(s: SaboteurState, me: int, goal_value: dict[Cell, float], style: Style) -> float:
    """Gold secured this round dominates; then how close each network is to gold; then
    tools broken. From ``me``'s side (the opponent's prospects count against it)."""
    gold = [0.0] * s.players
    for c in s.claims:
        p = next(q for q in s.maze if q.cell == c.cell)
        gold[c.seat] += dict(CARDS[p.card or ""].gold).get(c.group or "", 0)
    for b in s.bribes:
        gold[b.seat] -= 1.0
    score = 10.0 * gold[me] + 3.0 * prospects(s, me, goal_value, style)
    score -= 2.5 * len(s.sabotage[me])
    if s.players == 2:
        opp = 1 - me
        score -= style.rival * (10.0 * gold[opp] + 3.0 * prospects(s, opp, goal_value, style))
        score += style.rival * 2.0 * len(s.sabotage[opp])
    return score


def goal_values(v: SaboteurView, style: Style) -> dict[Cell, float]:
    mean = unseen_goal_mean(v)
    values = {cell: mean for cell in v.goal_cells}
    if style.peeks:
        for cell, cid in v.peeked:
            values[cell] = float(CARDS[cid].gold_total)
    for p in v.maze:  # goals being turned are seen by everybody
        if p.cell in v.pending and p.card is not None:
            values[p.cell] = float(CARDS[p.card].gold_total)
    return values


def card_worth(cid: str, v: SaboteurView, me: int) -> float:
    """How much keeping a card is worth (for choosing what to discard)."""
    card = CARDS[cid]
    tools = v.sabotage[me]
    if card.kind == "repair":
        return 4.0 if any(t in tools for t in card.tools) else 1.2
    if card.kind == "sabotage":
        return 1.5 if v.players == 2 else 0.0
    if card.kind in ("key", "rockfall"):
        return 1.3
    if card.kind == "map":
        return 0.8
    # path cards: through tunnels are worth more than dead ends and stubs
    through = sum(1 for _, e in card.groups if len(e) >= 2)
    openings = sum(1 for e in card.edges if e is not None)
    return 0.5 + 0.5 * through + 0.2 * openings + (1.0 if card.gold else 0.0)


def choose(v: SaboteurView, rng: Rng, style: Style) -> str:
    appraised = appraise(v, rng, style)
    top = max(appraised.values())
    return rng.choice([move for move, score in appraised.items() if score >= top - 1e-9])


def appraise(v: SaboteurView, rng: Rng, style: Style) -> dict[str, float]:
    """The score of each shortlisted legal move (the search takes it as its prior)."""
    if v.seat is None or v.to_move != v.seat:
        raise ValueError("the bot was asked to move when it is not its turn")
    me = v.seat
    world = determinize(v, rng.fork())
    moves = rules.legal_moves(world)
    if not moves:
        raise ValueError("the bot was asked to move but there is no legal move")
    values = goal_values(v, style)
    base = evaluate(world, me, values, style)
    opp_close = 0.0
    if v.players == 2:
        opp_net = rules.network(world, 1 - me)
        d = min((_dist(opp_net.frontier, c) for c in v.goal_cells
                 if any(p.cell == c and not p.face_up for p in v.maze)), default=99)
        opp_close = max(0.0, 4.0 - d)
    out: dict[str, float] = {}
    for move in _shortlist(moves, world, values):
        m = parse_move(move)
        assert m is not None
        if m.kind in MAZE_MOVES:
            after = rules.apply(world, move)
            score = evaluate(after, me, values, style)
            if m.kind == "bribe":
                score -= 0.5
            if m.kind in ("rockfall", "key"):
                score -= 0.3  # spends a card: only worth it when it changes something
        else:
            score = base + _bonus(m, v, me, style, opp_close)
        out[move] = score + style.noise * rng.random()
    return out


#: Placements simulated per move at most: the rest are farther from every target.
SHORTLIST = 28


def _shortlist(moves: list[str], s: SaboteurState, values: dict[Cell, float]) -> list[str]:
    """All moves but placements, and the placements closest to a target (a face-down
    goal worth something, or unclaimed gold): this bounds the time a move takes on a
    big maze without losing the placements that matter."""
    places = [m for m in moves if kind_of(m) == "place"]
    if len(places) <= SHORTLIST:
        return moves
    targets = [p.cell for p in s.maze if not p.face_up and values.get(p.cell, 0) > 0]
    targets += [p.cell for p in s.maze
                if p.face_up and p.card is not None and CARDS[p.card].gold]
    if not targets:
        return moves

    def distance(move: str) -> int:
        m = parse_move(move)
        assert m is not None and m.cell is not None
        x, y = m.cell
        return min(abs(x - tx) + abs(y - ty) for tx, ty in targets)

    ranked = sorted(range(len(places)), key=lambda i: (distance(places[i]), i))
    keep = {places[i] for i in ranked[:SHORTLIST]}
    return [m for m in moves if m in keep or kind_of(m) != "place"]


def _bonus(m: Move, v: SaboteurView, me: int, style: Style, opp_close: float) -> float:
    """The worth of a move that leaves the maze alone, relative to the position."""
    if m.kind == "break":
        already = len(v.sabotage[1 - me])
        return style.sabotage * (1.0 + opp_close) / (1 + 2 * already) - 1.0
    if m.kind == "repair":
        return 3.5
    if m.kind == "clear":
        return 3.0 - sum(card_worth(c, v, me) for c in m.cards)
    if m.kind == "map":
        if not style.peeks:
            return -0.6
        return -0.4 if m.cell in dict(v.peeked) else 0.4
    if m.kind == "pass":
        lost = sum(card_worth(c, v, me) for c in m.cards)
        return -1.0 - lost + (0.3 if len(m.cards) == 2 and lost < 1.6 else 0.0)
    if m.kind == "done":
        # Ending the turn in the bribe window leaves the position as it is; a bribe is
        # simulated like any maze move, so the bot bribes exactly when that scores more.
        return 0.0
    return -5.0


def is_reveal(v: SaboteurView) -> bool:
    return v.phase == REVEAL
