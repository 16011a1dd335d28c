"""What a seat may see, and full states consistent with it (for bots and the contract).

A seat sees its own hand, every hand's size, the draw pile's size, the discard pile,
the round results and the public history (a gift's card only if it gave or got it).
Unknown cards (other hands, the draw pile's order) are everything in play minus what
the seat can see, so ``determinize`` deals exactly those: cards are conserved.
"""

from __future__ import annotations

import random

from parlor.core.rng import Rng
from parlor.games.ciao.cards import VARIANT_DECKS
from parlor.games.ciao.notation import hidden_gift
from parlor.games.ciao.rules import to_act
from parlor.games.ciao.state import CiaoSecrets, CiaoState, CiaoView


def _history_for(s: CiaoState, seat: int | None) -> tuple[tuple[int, str], ...]:
    """The history with the cards of gifts between other people hidden."""
    hidden = [(i, r) for i, g, r in s.secret if seat not in (g, r)]
    if not hidden:
        return s.history
    out = list(s.history)
    for i, r in hidden:
        out[i] = (out[i][0], hidden_gift(r))
    return tuple(out)


def view(s: CiaoState, seat: int | None) -> CiaoView:
    mine = seat is not None and seat == s.turn and s.phase == "drawn"
    return CiaoView(
        players=s.players,
        options=s.options,
        round=s.round,
        leader=s.leader,
        discard=s.discard,
        named=s.named,
        direction=s.direction,
        turn=s.turn,
        base=s.base,
        phase=s.phase,
        pending=s.pending,
        speed_player=s.speed_player,
        race_queue=s.race_queue,
        receiver=s.receiver,
        scores=s.scores,
        results=s.results,
        seat=seat,
        hand=s.hands[seat] if seat is not None else (),
        hand_counts=tuple(len(h) for h in s.hands),
        draw_count=len(s.draw),
        drawn=s.drawn if mine else -1,
        history=_history_for(s, seat),
        to_act=to_act(s),
    )


def reveal(s: CiaoState) -> CiaoSecrets:
    """Every secret of the state, for a room watching bots or reviewing a game (the
    public view shows only how many cards each hand holds)."""
    return CiaoSecrets(hands=s.hands, draw=s.draw, drawn=s.drawn)


def shuffled_fast(items: list[int], rng: Rng) -> list[int]:
    """A random order of ``items`` for a sampled world, about twice as fast as
    ``Rng.shuffled`` (this runs for every seat at every step of the contract suite and
    for every sample a bot draws). Sorting by keys from ``random.Random(seed).random()``
    is reproducible across Python versions: the standard library guarantees that
    ``random()`` gives the same sequence for the same integer seed (unlike ``shuffle``).
    The game's own shuffles keep using ``Rng.shuffled``. The keys are drawn in the
    items' order, as ``sorted(items, key=lambda _: rnd())`` drew them, and the sort is
    as stable, so the order is the same; drawing them in a list and sorting the indices
    by ``keys.__getitem__`` calls no Python function per item (half the time)."""
    rnd = random.Random(rng.next64()).random
    keys = [rnd() for _ in items]
    return [items[i] for i in sorted(range(len(items)), key=keys.__getitem__)]


def determinize(v: CiaoView, rng: Rng) -> CiaoState:
    """Deal the cards this seat cannot see at random: other hands (sizes kept) and the
    draw pile. Someone else's drawn card is taken from their dealt hand."""
    counts = list(VARIANT_DECKS[v.options.variant])
    for c in v.hand:
        counts[c] -= 1
    for c in v.discard:
        counts[c] -= 1
    pool = shuffled_fast([k for k, n in enumerate(counts) for _ in range(n)], rng)
    hands: list[tuple[int, ...]] = []
    at = 0
    for k, n in enumerate(v.hand_counts):
        if k == v.seat:
            hands.append(v.hand)
        else:
            hands.append(tuple(sorted(pool[at : at + n])))
            at += n
    draw = tuple(pool[at:])
    if len(draw) != v.draw_count:
        raise ValueError("the view's card counts do not add up to the cards in play")
    drawn = v.drawn
    if v.phase == "drawn" and drawn < 0:
        # Someone else's drawn card: any card of their dealt hand (its playability is
        # as secret as the card, so nothing favours a playable one).
        held = hands[v.turn]
        drawn = held[rng.randbelow(len(held))]
    return CiaoState(
        players=v.players,
        options=v.options,
        round=v.round,
        leader=v.leader,
        discard=v.discard,
        named=v.named,
        direction=v.direction,
        turn=v.turn,
        base=v.base,
        phase=v.phase,
        pending=v.pending,
        speed_player=v.speed_player,
        race_queue=v.race_queue,
        receiver=v.receiver,
        scores=v.scores,
        results=v.results,
        hands=tuple(hands),
        draw=draw,
        drawn=drawn,
        history=v.history,
        secret=(),
        rng=rng.next64(),
    )
