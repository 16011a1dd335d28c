"""Moves in words, for the move log and the status line ("what the bot just did").

A move is described as a ``Msg`` (``kabaleo.log.*``) naming the player, so each language
orders the sentence its own way; the screen says it in the page's language."""

from __future__ import annotations

from collections.abc import Sequence

from parlor.core.words import Arg, Msg
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


def describe_move(piles_before: Sequence[tuple[str, ...]], move: str, player: str,
                  you: bool = False) -> Msg:
    """``player`` (a seat's name) made ``move`` on the board ``piles_before``; ``you``:
    that seat is the reader's, so the sentence is said to them ("You played ...",
    ``kabaleo.log.you.*``): a verb made for a third person reads wrong with "You" in
    some languages (Persian «شما ... گذاشت» must be «گذاشتید»)."""
    parsed = parse_move(move)
    if parsed is None:  # "{name}: {move}" reads right with any name
        return Msg.of("kabaleo.log.other", name=player, move=move)
    colour, i = parsed
    stack = piles_before[i]
    after, cancelled = place(stack, colour)
    if cancelled:
        args: dict[str, Arg] = {"colour": name(colour), "pile": i + 1, "after": name(after[-1])}
        key = "cancelled"
    else:
        args = {"colour": name(colour), "pile": i + 1, "before": name(stack[-1])}
        key = "placed"
    if you:
        return Msg.of(f"kabaleo.log.you.{key}", **args)
    return Msg.of(f"kabaleo.log.{key}", name=player, **args)
