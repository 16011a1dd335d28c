"""Small, fast helpers over Kabaleo piles that both bot levels share.

Everything is expressed with what a move *does to the board*: every move turns exactly
one pile from one top colour (``before``) to another (``after``), so the score change of
any colour is ``[after == c] - [before == c]``. Bots reason with these effects instead
of rebuilding states, which keeps a move well under a millisecond per candidate.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from parlor.games.kabaleo.colours import LETTERS
from parlor.games.kabaleo.notation import parse_move
from parlor.games.kabaleo.rules import moves_for, place
from parlor.games.kabaleo.state import KabaleoView

Pile = tuple[str, ...]


@dataclass(frozen=True)
class Cand:
    """One legal move and its effect: the pile's top before and after, and its new stack."""

    move: str
    colour: str
    pile: int
    before: str
    after: str
    cancel: bool
    stack: Pile  # the pile after the move


def candidates(
    piles: Sequence[Pile], hand: Sequence[int], last_pile: int | None, ban: bool
) -> list[Cand]:
    """Every legal move with its effect, in the engine's order: the moves themselves come
    from ``rules.moves_for``, the one place Kabaleo's legality is decided."""
    out: list[Cand] = []
    for move in moves_for(piles, hand, last_pile, ban):
        parsed = parse_move(move)
        assert parsed is not None
        c, p = parsed
        stack = piles[p]
        new, cancel = place(stack, c)
        out.append(Cand(move, c, p, stack[-1], new[-1], cancel, new))
    return out


Effect = tuple[str, str, str]  # (top before, top after, colour of the piece placed)


def effect_counts(
    piles: Sequence[Pile], hand: Sequence[int], last_pile: int | None, ban: bool
) -> tuple[int, dict[Effect, int]]:
    """How many legal moves there are, and how many have each (before, after, piece).

    This is all the opponent model needs from a position (see ``posterior``), and it is
    cheaper than building every move: piles are grouped by (top, colour beneath), so a
    position collapses to a few dozen counts.
    """
    groups: dict[tuple[str, str | None], int] = {}
    for p, stack in enumerate(piles):
        if ban and p == last_pile:
            continue
        key = (stack[-1], stack[-2] if len(stack) > 1 else None)
        groups[key] = groups.get(key, 0) + 1
    effects: dict[Effect, int] = {}
    total = 0
    held = [LETTERS[ci] for ci in range(len(LETTERS)) if hand[ci]]
    for (top, below), n in groups.items():
        for c in held:
            if c == top:
                if below is None:
                    continue  # a bare base of the piece's own colour
                key2 = (top, below, c)  # a cancel: the cone beneath shows
            else:
                key2 = (top, c, c)
            effects[key2] = effects.get(key2, 0) + n
            total += n
    return total, effects


@dataclass(frozen=True)
class Step:
    """One past move with what the mover could have done instead (for the likelihood)."""

    seat: int
    effect: Effect
    total: int
    effects: dict[Effect, int]


def initial_hands(view: KabaleoView) -> tuple[tuple[int, ...], ...]:
    """Hands at the start: current hands plus every piece each seat has played."""
    hands = [list(h) for h in view.hands]
    for seat, move in view.history:
        hands[seat][LETTERS.index(move[0])] += 1
    return tuple(tuple(h) for h in hands)


def replay_steps(
    bases: Sequence[str],
    hands0: Sequence[Sequence[int]],
    history: Sequence[tuple[int, str]],
    ban: bool,
    start: int = 0,
    resume: tuple[tuple[Pile, ...], list[list[int]], int | None] | None = None,
) -> tuple[list[Step], tuple[tuple[Pile, ...], list[list[int]], int | None]]:
    """Rebuild each position of the public history and summarise every move in it.

    Cancels remove pieces for good, so the past cannot be read off the current piles;
    instead we replay forward from the bare bases (the first cone of each pile never
    moves) with the initial hands. ``resume``/``start`` continue an earlier replay so a
    bot only pays for the moves made since its last turn.
    """
    if resume is None:
        piles: tuple[Pile, ...] = tuple((b,) for b in bases)
        hands = [list(h) for h in hands0]
        last: int | None = None
    else:
        piles, hands, last = resume[0], [list(h) for h in resume[1]], resume[2]
    steps: list[Step] = []
    for seat, move in history[start:]:
        colour, pile = move[0], int(move[1:]) - 1
        total, effects = effect_counts(piles, hands[seat], last, ban)
        new, _ = place(piles[pile], colour)
        steps.append(Step(seat, (piles[pile][-1], new[-1], colour), total, effects))
        piles = piles[:pile] + (new,) + piles[pile + 1 :]
        hands[seat][LETTERS.index(colour)] -= 1
        last = pile
    return steps, (piles, hands, last)


def top_counts(piles: Sequence[Pile]) -> dict[str, int]:
    """Piles per top colour (the score of each colour if the game ended now)."""
    out = {c: 0 for c in LETTERS}
    for stack in piles:
        out[stack[-1]] += 1
    return out
