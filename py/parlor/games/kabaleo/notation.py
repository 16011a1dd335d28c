"""Move notation ``<colour letter><pile number>`` (``Y7``: a yellow piece on pile 7)."""

from __future__ import annotations

from parlor.games.kabaleo.colours import LETTERS


def format_move(colour: str, pile_index: int) -> str:
    """``pile_index`` is 0-based in the state; notation numbers piles from 1."""
    return f"{colour}{pile_index + 1}"


def parse_move(move: str) -> tuple[str, int] | None:
    """Return (colour letter, 0-based pile index), or None when it is not notation."""
    if len(move) < 2 or move[0] not in LETTERS or not move[1:].isdigit():
        return None
    if move[1] == "0":
        return None
    return move[0], int(move[1:]) - 1
