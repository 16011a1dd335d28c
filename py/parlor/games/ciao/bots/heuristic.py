"""Ciao!'s computer opponents: ``easy`` and ``medium``, rule-of-thumb players.

Both read only their view. ``easy`` sheds whatever it can (the first card that fits,
the most expensive first), answers a +3 with anything, gives and swaps without much
thought. ``medium`` plays like a careful person: it keeps a joker or a +3 for when a +3
comes its way, gets rid of millstones by giving or swapping, swaps with the smallest
hand, names a joker's symbol so the next player needs a card that is mostly gone, plays
again when it can follow its own card, and sheds expensive cards first.
"""

from __future__ import annotations

from parlor.bots.base import legal_moves_from_view
from parlor.core.rng import Rng
from parlor.games.ciao.cards import (
    COLOUR_OF,
    EFFECT_OF,
    IS_JOKER,
    IS_MILLSTONE,
    PENALTY_OF,
    SYMBOL_OF,
    VARIANT_DECKS,
    playable,
)
from parlor.games.ciao.notation import (
    AGAIN,
    DRAW,
    KEEP,
    PASS,
    REVERSE,
    TAKE,
    Move,
    format_move,
    parse_move,
)
from parlor.games.ciao.state import CiaoView


def _moves(view: CiaoView, rng: Rng) -> list[str]:
    from parlor.games.ciao.game import GAME

    if view.seat is None or view.to_act != view.seat:
        raise ValueError("the bot was asked to move when it is not its turn")
    moves = legal_moves_from_view(GAME, view, rng.fork())
    if not moves:
        raise ValueError("the bot was asked to move but there is no legal move")
    return moves


def _next(view: CiaoView, seat: int) -> int:
    return (seat + view.direction) % view.players


def unseen_by_symbol(view: CiaoView) -> list[int]:
    """Cards of each symbol this seat has not seen (other hands and the draw pile)."""
    counts = list(VARIANT_DECKS[view.options.variant])
    for c in view.hand:
        counts[c] -= 1
    for c in view.discard:
        counts[c] -= 1
    out = [0, 0, 0]
    for k, n in enumerate(counts):
        if SYMBOL_OF[k] >= 0:
            out[SYMBOL_OF[k]] += n
    return out


def best_name(view: CiaoView) -> int:
    """The symbol to name with a joker: the one whose beater is the scarcest unseen."""
    unseen = unseen_by_symbol(view)
    return min(range(3), key=lambda x: unseen[(x + 1) % 3])


def _can_follow(view: CiaoView, card: int, named: int, hand: list[int]) -> bool:
    sym = named if IS_JOKER[card] else SYMBOL_OF[card]
    return any(playable(c, sym, COLOUR_OF[card], view.options.colours) for c in hand)


def _play_score(view: CiaoView, m: Move, hard: bool) -> float:
    """How much this seat likes laying ``m.card`` (higher is better)."""
    card = m.card
    seat = view.seat
    assert seat is not None
    left = len(view.hand) - 1 - (1 if m.millstone else 0)
    if left == 0:
        return 1000.0  # going out wins the round
    score = PENALTY_OF[card] / 10.0
    if m.millstone:
        score += 6.0
    effect = EFFECT_OF[card]
    nxt = _next(view, seat)
    if not hard:
        return score + (3.0 if effect else 0.0) - (1.0 if IS_JOKER[card] else 0.0)
    rest = list(view.hand)
    rest.remove(card)
    if IS_JOKER[card]:
        # a joker is the one card that always fits: keep it for a +3 or the last card
        score -= 8.0 if left > 2 else 0.0
        if m.named != best_name(view):
            score -= 1.0
    if effect == "plus3":
        score -= 3.0  # also a shield against a +3
        if view.hand_counts[nxt] <= 3:
            score += 8.0
    elif effect == "again_or_reverse":
        score += 2.0
    elif effect == "speed":
        score += 1.0
    elif effect == "give":
        has_mill = any(IS_MILLSTONE[c] for c in rest)
        score += 6.0 if has_mill else 2.0
    elif effect == "swap":
        others = [n for k, n in enumerate(view.hand_counts) if k != seat]
        score += 2.0 * (left - min(others)) + (4.0 if any(IS_MILLSTONE[c] for c in rest) else 0)
    if _can_follow(view, card, m.named, rest):
        score += 0.5  # a card we could beat again later keeps options open
    return score


def _choose(view: CiaoView, rng: Rng, hard: bool) -> str:
    moves = _moves(view, rng)
    if len(moves) == 1:
        return moves[0]
    seat = view.seat
    assert seat is not None
    phase = view.phase
    parsed = {mv: parse_move(mv) for mv in moves}
    plays = [mv for mv in moves if (pm := parsed[mv]) is not None and pm.verb == "play"]

    if phase == "again_or_reverse":
        follow = any(
            playable(c, view.top_symbol, view.top_colour, view.options.colours)
            and not (hard and IS_JOKER[c])
            for c in view.hand
        )
        if follow or not hard:
            return AGAIN if follow else REVERSE
        # reverse towards the player with more cards (they are less dangerous)
        ahead = view.hand_counts[_next(view, seat)]
        behind = view.hand_counts[(seat - view.direction) % view.players]
        return REVERSE if behind >= ahead else AGAIN

    if phase == "plus3":
        if not plays:
            return TAKE
        if not hard:
            return plays[0]
        stack = [mv for mv in plays if not IS_JOKER[parsed[mv].card]]  # type: ignore[union-attr]
        if stack:
            return max(stack, key=lambda mv: _play_score(view, parsed[mv], True))  # type: ignore[arg-type]
        if view.pending >= 6 or len(view.hand) <= 4:
            best = best_name(view)
            return next((mv for mv in plays if parsed[mv].named == best), plays[0])  # type: ignore[union-attr]
        return TAKE

    if phase == "give_target":
        return _give(view, moves, parsed, hard, rng)

    if phase == "swap_target":
        others = [k for k in range(view.players) if k != seat]
        smallest = min(view.hand_counts[k] for k in others)
        if not hard:
            pick = rng.choice([k for k in others if view.hand_counts[k] == smallest])
            return format_move(Move("swap", seat=pick))
        # the smallest hand; among equals, the one about to play after us
        order = sorted(others, key=lambda k: (view.hand_counts[k], (k - seat) * view.direction
                                              % view.players))
        return format_move(Move("swap", seat=order[0]))

    if phase == "drawn":
        if plays and (not hard or not IS_JOKER[view.drawn] or len(view.hand) <= 3):
            if hard:
                return max(plays, key=lambda mv: _play_score(view, parsed[mv], True))  # type: ignore[arg-type]
            return plays[0]
        return KEEP

    # play / again / race_turn: lay the best card; draw (or pass) only with nothing good
    if not plays:
        return PASS if PASS in moves else DRAW
    scored = [(_play_score(view, parsed[mv], hard), mv) for mv in plays]  # type: ignore[arg-type]
    best_score = max(s for s, _ in scored)
    if hard and best_score < -4.0 and DRAW in moves and view.draw_count > 0:
        return DRAW  # only jokers fit and the hand is big: keep the joker
    top = [mv for s, mv in scored if s == best_score]
    return top[0] if hard else rng.choice(top)


def _give(view: CiaoView, moves: list[str], parsed: dict[str, Move | None], hard: bool,
          rng: Rng) -> str:
    seat = view.seat
    assert seat is not None
    others = [k for k in range(view.players) if k != seat]
    if not hard:
        return rng.choice(moves)
    target = min(others, key=lambda k: (view.hand_counts[k], (k - seat) % view.players))

    def worth(card: int) -> float:
        if IS_MILLSTONE[card]:
            return 100.0
        if IS_JOKER[card] or EFFECT_OF[card] == "plus3":
            return -10.0  # never hand over a shield
        return PENALTY_OF[card] / 10.0

    card = max(set(view.hand), key=lambda c: (worth(c), -c))
    move = format_move(Move("give", card, seat=target))
    return move if move in moves else moves[0]


class EasyBot:
    game = "ciao"
    level = "easy"

    def choose(self, view: CiaoView, rng: Rng) -> str:
        return _choose(view, rng, hard=False)


class MediumBot:
    game = "ciao"
    level = "medium"

    def choose(self, view: CiaoView, rng: Rng) -> str:
        return _choose(view, rng, hard=True)
