"""A round's life: the set-up of a game and of each round, passing the turn, and the
end of a round (gold taken, trolls paid, goals put away, the next round or the end);
the card inventory that no move may change."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from parlor.core.protocol import Msg
from parlor.games.saboteur.cards import (
    CARDS,
    COUNTS,
    DECK,
    GOAL_IDS,
    SABOTAGE_CARD,
    START_OF,
    goal_cells,
    start_cell,
)
from parlor.games.saboteur.facts import (
    COUNTERS,
    HAND_SIZE,
    SET_ASIDE,
    comma,
)
from parlor.games.saboteur.options import normalize
from parlor.games.saboteur.state import (
    OVER,
    PLAY,
    Cell,
    Placed,
    RoundResult,
    SaboteurState,
)
from parlor.games.saboteur.work import _draw, _Work


def new_game(players: int, seed: int, given: Mapping[str, object]) -> SaboteurState:
    opts = normalize(players, given)
    colours = ("green", "blue") if players == 2 else (opts.solo_colour,)
    unused_starts = tuple(sorted(cid for col, cid in START_OF.items() if col not in colours))
    base = SaboteurState(
        players=players,
        colours=colours,
        options=opts,
        round=0,
        phase=PLAY,
        to_move=0,
        maze=(),
        goal_cells=goal_cells(players),
        hands=((),) * players,
        draw=(),
        discard=(),
        set_aside=(),
        goal_stack=GOAL_IDS,
        sabotage=((),) * players,
        counters_left=(COUNTERS[players],) * players,
        claims=(),
        bribes=(),
        keys=(),
        peeks=((),) * players,
        pending=(),
        end_turn_after=True,
        trolls_before=(),
        treasure=((),) * players,
        paid=(),
        boxed=unused_starts,
        results=(),
        history=(),
        log=(),
        placed_count=0,
        rng=seed,
        last_maze=(),
        last_counters=(),
    )
    w = _Work(base)
    _start_round(w, first=0)  # green starts round 1 (solo: the only seat)
    return w.freeze()


def _start_round(w: _Work, first: int) -> None:
    """Rules, "Setup of a round": starts, six face-down goals, shuffle, deal."""
    w.round += 1
    stack = w.rng.shuffled(sorted(w.goal_stack))
    goals, w.goal_stack = list(stack[: len(w.goal_cells)]), list(stack[len(w.goal_cells):])
    w.maze = {}
    for colour in w.colours:
        cell = start_cell(colour)
        w.maze[cell] = Placed(cell[0], cell[1], START_OF[colour], 0, True, -1, 0)
    for cell, gid in zip(w.goal_cells, goals, strict=True):
        w.maze[cell] = Placed(cell[0], cell[1], gid, 0, False, -1, 0)
    w.placed_count = 0
    # Kept gold path cards (and path cards paid to trolls) leave the deck for good.
    gone = {cid for cid, _ in _all_treasure_and_paid(w) if CARDS[cid].kind == "path"}
    deck = [cid for cid in DECK if cid not in gone]
    deck = list(w.rng.shuffled(deck))
    if w.players == 1:
        w.set_aside, deck = deck[:SET_ASIDE], deck[SET_ASIDE:]
    else:
        w.set_aside = []
    w.draw = deck
    w.discard = []
    w.hands = [[] for _ in range(w.players)]
    w.sabotage = [[] for _ in range(w.players)]
    w.counters_left = [COUNTERS[w.players]] * w.players
    w.claims, w.bribes, w.keys = [], [], []
    w.peeks = [[] for _ in range(w.players)]
    w.pending = []
    w.end_turn_after = True
    w.trolls_before = []
    w.phase = PLAY
    for seat in range(w.players):
        _draw(w, seat, HAND_SIZE)
    w.to_move = first
    if not w.hands[first]:
        _advance(w, first)


def _all_treasure_and_paid(w: _Work) -> list[tuple[str, int]]:
    out = [piece for pieces in w.treasure for piece in pieces]
    out.extend((cid, v) for cid, v, _ in w.paid)
    return out


def _advance(w: _Work, actor: int) -> None:
    """Next player holding cards; a player with an empty hand sits out. Nobody holding
    a card (the draw pile is then empty too) ends the round."""
    for k in range(1, w.players + 1):
        seat = (actor + k) % w.players
        if w.hands[seat]:
            w.to_move = seat
            return
    _end_round(w)


def pay_trolls(pieces: list[tuple[str, int]], debt: int) -> list[int]:
    """Indices of the gold pieces paid for ``debt`` bribes. Trolls give no change: an
    exact sum if one exists (fewest cards), else the smallest total above the debt
    (fewest cards; one card when one suffices, "overpay with the smallest sufficient
    card"), and with too little gold everything."""
    if debt <= 0 or not pieces:
        return []
    total = sum(v for _, v in pieces)
    if total <= debt:
        return list(range(len(pieces)))
    by_value: dict[int, list[int]] = {}
    for i, (_, v) in enumerate(pieces):
        by_value.setdefault(v, []).append(i)
    values = sorted(by_value)
    best: tuple[int, int, tuple[int, ...]] | None = None  # (sum, cards, counts)

    def walk(i: int, counts: tuple[int, ...], acc: int, n: int) -> None:
        nonlocal best
        if i == len(values):
            if acc < debt:
                return
            key = (acc, n, counts)
            if best is None or key[:2] < best[:2]:
                best = key
            return
        v = values[i]
        for k in range(len(by_value[v]) + 1):
            if acc + k * v > debt + max(values) and k > 0:
                break
            walk(i + 1, (*counts, k), acc + k * v, n + k)

    walk(0, (), 0, 0)
    assert best is not None
    out: list[int] = []
    for v, k in zip(values, best[2], strict=True):
        out.extend(by_value[v][:k])
    return sorted(out)


def _end_round(w: _Work) -> None:
    """Rules, "End of a round": take gold with counters, pay trolls, put the goals
    away, then set up the next round (less gold starts, blue on a tie) or end."""
    won = [0] * w.players
    per_card: dict[tuple[int, Cell], int] = {}
    for c in w.claims:
        p = w.maze[c.cell]
        assert p.card is not None and c.group is not None
        value = dict(CARDS[p.card].gold)[c.group]
        per_card[(c.seat, c.cell)] = per_card.get((c.seat, c.cell), 0) + value
        won[c.seat] += value
    taken_cells = {cell for _, cell in per_card}
    for (seat, cell), value in sorted(per_card.items()):
        card = w.maze[cell].card
        assert card is not None
        w.treasure[seat].append((card, value))
    paid = [0] * w.players
    for seat in range(w.players):
        debt = sum(1 for b in w.bribes if b.seat == seat)
        idx = pay_trolls(w.treasure[seat], debt)
        for i in idx:
            cid, v = w.treasure[seat][i]
            w.paid.append((cid, v, seat))
            paid[seat] += v
        w.treasure[seat] = [p for i, p in enumerate(w.treasure[seat]) if i not in set(idx)]
        if debt:
            w.note("paid", who=w.name(seat), n=debt, paid=paid[seat])
    for cell in w.goal_cells:
        p = w.maze[cell]
        assert p.card is not None
        if not p.face_up:
            w.goal_stack.append(p.card)
        elif cell not in taken_cells:
            w.boxed.append(p.card)
    totals = tuple(sum(v for _, v in t) for t in w.treasure)
    w.results.append(RoundResult(w.round, tuple(won), tuple(paid), totals))
    takes = [Msg.of("saboteur.note.takes", who=w.name(s), n=won[s]) for s in range(w.players)]
    w.note("round_end", n=w.round, takes=comma(takes))
    w.last_maze = tuple(
        p if p.face_up else Placed(p.x, p.y, None, 0, False, p.by, p.order)
        for _, p in sorted(w.maze.items())
    )
    w.last_counters = tuple(sorted(
        (*w.claims, *w.bribes), key=lambda c: (c.x, c.y, c.group or "", c.seat)))
    # Cards of the finished round: the maze, hands, piles and set-aside return to the
    # deck (rebuilt from the full list in _start_round); kept gold left with the players.
    w.maze = {}
    w.hands = [[] for _ in range(w.players)]
    w.draw, w.discard, w.set_aside = [], [], []
    w.sabotage = [[] for _ in range(w.players)]
    w.claims, w.bribes, w.keys, w.pending = [], [], [], []
    w.peeks = [[] for _ in range(w.players)]
    w.end_turn_after = True
    w.trolls_before = []
    if w.round >= w.s.options.rounds:
        w.phase = OVER
        w.to_move = 0
        # The table is cleared: every card not won or paid goes back in the box (kept
        # as the draw pile so the cards stay accounted for).
        gone = {cid for cid, _ in _all_treasure_and_paid(w) if CARDS[cid].kind == "path"}
        w.draw = [cid for cid in DECK if cid not in gone]
        w.boxed.extend(START_OF[colour] for colour in w.colours)
        return
    if w.players == 1:
        first = 0
    else:
        blue = w.colours.index("blue")
        first = blue if totals[0] == totals[1] else min(range(2), key=lambda s: totals[s])
    _start_round(w, first)


def ended_now(s: SaboteurState) -> SaboteurState:
    """The game ended where it stands (rules page, "A game cut short"): the round in
    progress ends now, as a round's end is scored (each player takes the gold under
    their counters, then pays the trolls they bribed), and it is the last; the state
    keeps the options the game was played with."""
    if s.finished:
        return s
    w = _Work(replace(s, options=replace(s.options, rounds=s.round)))
    _end_round(w)
    return replace(w.freeze(), options=s.options)


def inventory(s: SaboteurState) -> dict[str, int]:
    """Where every card is: maze, hands, piles, set-aside, goal stack, box, tools in
    front of players, and won or paid gold (a goal split between players counts once)."""
    out = dict.fromkeys(COUNTS, 0)
    for p in s.maze:
        assert p.card is not None
        out[p.card] += 1
    for zone in (*s.hands, s.draw, s.discard, s.set_aside, s.goal_stack, s.boxed):
        for cid in zone:
            out[cid] += 1
    for tools in s.sabotage:
        for tool in tools:
            out[SABOTAGE_CARD[tool]] += 1
    gold = {cid for pieces in s.treasure for cid, _ in pieces} | {cid for cid, _, _ in s.paid}
    for cid in gold:
        out[cid] += 1
    return out
