"""Kabaleo's rules (docs/rules/kabaleo.md): set-up, legality, moves, the end.

Every function here is pure; ``legal_moves`` is the only place legality is decided and
``apply`` explains a refusal using the same checks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from parlor.core.errors import IllegalMove, InvalidMove
from parlor.core.rng import Rng
from parlor.core.words import Msg
from parlor.games.kabaleo.colours import LETTERS, name
from parlor.games.kabaleo.notation import format_move, parse_move
from parlor.games.kabaleo.options import normalize
from parlor.games.kabaleo.state import BASES_PER_COLOUR, PIECES_PER_COLOUR, KabaleoState


def new_game(players: int, seed: int, given: Mapping[str, object]) -> KabaleoState:
    """Set-up, rules page steps 1-5, all drawn from one seeded generator."""
    opts = normalize(players, given)
    rng = Rng(seed)
    # 1. Colours in play: players + 2, the removed ones at random.
    kept = rng.shuffled(LETTERS)[: players + 2]
    colours = tuple(c for c in LETTERS if c in kept)
    # 2. Distinct secret targets.
    drawn = rng.shuffled(colours)
    k = opts.targets_per_player
    targets = tuple(
        tuple(sorted(drawn[s * k : (s + 1) * k], key=LETTERS.index)) for s in range(players)
    )
    # 3. Bases in a random, fixed arrangement.
    bases = rng.shuffled([c for c in colours for _ in range(BASES_PER_COLOUR)])
    piles = tuple((c,) for c in bases)
    # 4. Deal every piece in play.
    hands: list[list[int]] = [[0] * len(LETTERS) for _ in range(players)]
    if opts.distribution == "even":
        each = PIECES_PER_COLOUR // players
        for hand in hands:
            for c in colours:
                hand[LETTERS.index(c)] = each
    else:
        pool = rng.shuffled([c for c in colours for _ in range(PIECES_PER_COLOUR)])
        per = len(pool) // players
        for s in range(players):
            for c in pool[s * per : (s + 1) * per]:
                hands[s][LETTERS.index(c)] += 1
    # 5. A random first player.
    first = rng.randbelow(players)
    return KabaleoState(
        players=players,
        colours=colours,
        targets=targets,
        piles=piles,
        hands=tuple(tuple(h) for h in hands),
        to_move=first,
        last_pile=None,
        history=(),
        boxed=(0,) * len(LETTERS),
        options=opts,
        rng=rng.state,
    )


def refusal(
    piles: Sequence[tuple[str, ...]],
    hand: Sequence[int],
    last_pile: int | None,
    ban: bool,
    colour: str,
    pile: int,
) -> Msg | None:
    """Why placing ``colour`` on ``pile`` is not allowed (a ``kabaleo.reason.*`` message),
    or None if it is."""
    if hand[LETTERS.index(colour)] == 0:
        return Msg.of("kabaleo.reason.no_piece", colour=name(colour))
    if not 0 <= pile < len(piles):
        return Msg.of("kabaleo.reason.no_pile", pile=pile + 1, first=1, last=len(piles))
    stack = piles[pile]
    if len(stack) == 1 and stack[0] == colour:
        return Msg.of("kabaleo.reason.own_base", pile=pile + 1, colour=name(colour))
    if ban and last_pile == pile:
        return Msg.of("kabaleo.reason.last_pile", pile=pile + 1)
    return None


def moves_for(
    piles: Sequence[tuple[str, ...]], hand: Sequence[int], last_pile: int | None, ban: bool
) -> list[str]:
    """Legal moves in stable order: colour order O G B P Y V, then pile number."""
    out: list[str] = []
    for ci, c in enumerate(LETTERS):
        if hand[ci] == 0:
            continue
        for p, stack in enumerate(piles):
            if len(stack) == 1 and stack[0] == c:
                continue
            if ban and p == last_pile:
                continue
            out.append(format_move(c, p))
    return out


def legal_moves(s: KabaleoState) -> list[str]:
    if s.finished:
        return []
    return moves_for(s.piles, s.hands[s.to_move], s.last_pile, s.options.last_pile_ban)


def place(stack: tuple[str, ...], colour: str) -> tuple[tuple[str, ...], bool]:
    """The pile after placing ``colour`` and whether it was a cancel (both pieces boxed)."""
    if len(stack) > 1 and stack[-1] == colour:
        return stack[:-1], True
    return (*stack, colour), False


def apply(s: KabaleoState, move: str) -> KabaleoState:
    if s.finished:
        raise IllegalMove(move, Msg("kabaleo.reason.over"))
    parsed = parse_move(move)
    if parsed is None:
        raise InvalidMove(move, Msg.of("kabaleo.reason.notation", letters=" ".join(LETTERS),
                                       example=format_move("Y", 6)))
    colour, pile = parsed
    reason = refusal(
        s.piles, s.hands[s.to_move], s.last_pile, s.options.last_pile_ban, colour, pile
    )
    if reason is not None:
        raise IllegalMove(move, reason)
    ci = LETTERS.index(colour)
    new_stack, cancelled = place(s.piles[pile], colour)
    piles = s.piles[:pile] + (new_stack,) + s.piles[pile + 1 :]
    hand = list(s.hands[s.to_move])
    hand[ci] -= 1
    hands = s.hands[: s.to_move] + (tuple(hand),) + s.hands[s.to_move + 1 :]
    boxed = s.boxed
    if cancelled:
        boxed = boxed[:ci] + (boxed[ci] + 2,) + boxed[ci + 1 :]
    return KabaleoState(
        players=s.players,
        colours=s.colours,
        targets=s.targets,
        piles=piles,
        hands=hands,
        to_move=(s.to_move + 1) % s.players,
        last_pile=pile,
        history=(*s.history, (s.to_move, move)),
        boxed=boxed,
        options=s.options,
        rng=s.rng,
    )


def total_moves(players: int) -> int:
    """Every piece in play is placed exactly once: 24, 30 or 36 moves."""
    return PIECES_PER_COLOUR * (players + 2)


def inventory(s: KabaleoState) -> dict[str, int]:
    out: dict[str, int] = {}
    for ci, c in enumerate(LETTERS):
        on_board = sum(stack.count(c) for stack in s.piles)
        in_hands = sum(h[ci] for h in s.hands)
        out[c] = on_board + in_hands + s.boxed[ci]
    return out
