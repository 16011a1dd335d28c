"""Moves in words, for the move log and the status line ("what the bot just did")."""

from __future__ import annotations

from collections.abc import Sequence

from parlor.games.kabaleo.colours import name
from parlor.games.kabaleo.notation import parse_move
from parlor.games.kabaleo.rules import place


def piles_before_each_move(
    piles_now: Sequence[tuple[str, ...]], history: Sequence[tuple[int, str]]
) -> list[tuple[tuple[str, ...], ...]]:
    """Replay the public history from the bare bases (bases never move or leave)."""
    piles: tuple[tuple[str, ...], ...] = tuple((p[0],) for p in piles_now)
    out: list[tuple[tuple[str, ...], ...]] = []
    for _, move in history:
        out.append(piles)
        parsed = parse_move(move)
        assert parsed is not None
        colour, i = parsed
        stack, _ = place(piles[i], colour)
        piles = piles[:i] + (stack,) + piles[i + 1 :]
    return out


def describe_move(piles_before: Sequence[tuple[str, ...]], move: str) -> str:
    parsed = parse_move(move)
    if parsed is None:
        return move
    colour, i = parsed
    stack = piles_before[i]
    after, cancelled = place(stack, colour)
    where = f"pile {i + 1}"
    if cancelled:
        return (
            f"played {name(colour)} on {name(colour)} at {where}: both pieces go back to "
            f"the box and the pile shows {name(after[-1])} again"
        )
    return f"played {name(colour)} on {where} ({name(stack[-1])} before)"
