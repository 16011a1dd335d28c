"""What a seat may see, and full states consistent with it (for bots and the contract).

Hidden from a seat: the opponent's hand (its size shows), the order and content of the
draw pile, the solo set-aside cards, the goal stack, and the identity of face-down
goals, except the ones this seat peeked at with a map card (``peeked``: private to
that seat, never in the opponent's or a spectator's view) and goals waiting for their
orientation choice (``pending``: being turned face up, seen by all). Discards are
public.
"""

from __future__ import annotations

from collections import Counter as Multiset
from collections.abc import Mapping
from types import MappingProxyType

from parlor.core.rng import Rng
from parlor.games.saboteur.cards import CARDS, DECK, GOAL_IDS, SABOTAGE_CARD
from parlor.games.saboteur.state import (
    OVER,
    Placed,
    SaboteurSecrets,
    SaboteurState,
    SaboteurView,
    public,
)


def _hide(p: Placed, pending: tuple[tuple[int, int], ...]) -> Placed:
    """Face-down goals lose their identity, except goals being turned face up (the
    player choosing the orientation sees the card, and so does everybody)."""
    if p.face_up or p.cell in pending:
        return p
    return Placed(p.x, p.y, None, p.rot, False, p.by, p.order)


def view(s: SaboteurState, seat: int | None) -> SaboteurView:
    grid = {p.cell: p for p in s.maze}
    peeked: tuple[tuple[tuple[int, int], str], ...] = ()
    if seat is not None:
        peeked = tuple(
            (cell, grid[cell].card or "")
            for cell in s.peeks[seat]
            if cell in grid and not grid[cell].face_up
        )
    return SaboteurView(
        **public(s),
        seat=seat,
        to_move=None if s.phase == OVER else s.to_move,
        maze=tuple(_hide(p, s.pending) for p in s.maze),
        hand=s.hands[seat] if seat is not None else (),
        hand_sizes=s.hand_sizes(),
        draw_size=len(s.draw),
        set_aside_size=len(s.set_aside),
        goal_stack_size=len(s.goal_stack),
        peeked=peeked,
    )


def reveal(s: SaboteurState) -> SaboteurSecrets:
    """Every secret of the state, for a room watching bots or reviewing a game. After
    the last round the table is cleared: the goals left face down went back unseen
    (``last_maze`` keeps no identity), so there are none to show then."""
    goals = tuple((p.cell, p.card) for p in s.maze
                  if p.card is not None and not p.face_up and p.cell not in s.pending)
    return SaboteurSecrets(hands=s.hands, goals=goals, draw=s.draw, set_aside=s.set_aside,
                           goal_stack=s.goal_stack)


#: Copies of each deck card and of each goal card, in id order (both tuples are sorted).
_DECK_COUNTS: Mapping[str, int] = MappingProxyType(Multiset(DECK))
_GOAL_COUNTS: Mapping[str, int] = MappingProxyType(Multiset(GOAL_IDS))


def _minus(universe: Mapping[str, int], known: Multiset[str]) -> list[str]:
    """The cards of ``universe`` not in ``known``, sorted (``universe`` is in id order)."""
    return [cid for cid, n in universe.items() for _ in range(n - known[cid])]


def determinize(v: SaboteurView, rng: Rng) -> SaboteurState:
    """Deal the unseen deck cards to the hidden hands, draw pile and set-aside, and the
    unseen goal cards to the face-down goals the viewer has not peeked at and the goal
    stack, uniformly at random."""
    known = Multiset(v.hand)
    known.update(p.card for p in v.maze if p.card is not None and CARDS[p.card].kind != "start")
    known.update(v.discard)
    for tools in v.sabotage:
        known.update(SABOTAGE_CARD[t] for t in tools)
    won = {cid for pieces in v.treasure for cid, _ in pieces} | {cid for cid, _, _ in v.paid}
    known.update(won)
    known.update(v.boxed)
    known.update(cid for _, cid in v.peeked)
    deck_left = rng.shuffled(_minus(_DECK_COUNTS, known))
    goals_left = rng.shuffled(_minus(_GOAL_COUNTS, known))

    hands: list[tuple[str, ...]] = []
    for seat, size in enumerate(v.hand_sizes):
        if seat == v.seat:
            hands.append(v.hand)
        else:
            hands.append(tuple(sorted(deck_left[:size])))
            deck_left = deck_left[size:]
    draw = deck_left[: v.draw_size]
    set_aside = deck_left[v.draw_size : v.draw_size + v.set_aside_size]
    assert len(set_aside) == v.set_aside_size

    peeked = dict(v.peeked)
    maze: list[Placed] = []
    for p in v.maze:
        if p.card is None:
            cid = peeked.get(p.cell)
            if cid is None:
                cid, goals_left = goals_left[0], goals_left[1:]
            p = Placed(p.x, p.y, cid, p.rot, False, p.by, p.order)
        maze.append(p)
    goal_stack = tuple(sorted(goals_left))
    assert len(goal_stack) == v.goal_stack_size

    return SaboteurState(
        **public(v),
        to_move=v.to_move if v.to_move is not None else 0,
        maze=tuple(maze),
        hands=tuple(hands),
        draw=tuple(draw),
        set_aside=tuple(set_aside),
        goal_stack=goal_stack,
        rng=rng.next64(),
    )
