"""Move notation ``<colour letter><pile number>`` (``Y7``: a yellow piece on pile 7)."""

from __future__ import annotations

from parlor.games.kabaleo.colours import LETTERS

#: A move as it would show in a text (``GameEntry.notation``): a colour letter and a
#: pile number standing alone ("Y7").
LOOKS: tuple[tuple[str, str], ...] = (
    ("Kabaleo move", rf"(?<![A-Za-z0-9_])[{''.join(LETTERS)}][1-9][0-9]?(?![A-Za-z0-9_])"),
)


def format_move(colour: str, pile_index: int) -> str:
    """``pile_index`` is 0-based in the state; notation numbers piles from 1."""
    return f"{colour}{pile_index + 1}"


def parse_move(move: str) -> tuple[str, int] | None:
    """Return (colour letter, 0-based pile index), or None when it is not notation."""
    digits = move[1:]
    # isascii: str.isdigit() also accepts digits such as "²" (int() refuses) and "١".
    if len(move) < 2 or move[0] not in LETTERS or not (digits.isascii() and digits.isdigit()):
        return None
    if digits[0] == "0":
        return None
    try:
        number = int(digits)
    except ValueError:  # more digits than int() converts (CPython's 4300-digit limit)
        return None
    return move[0], number - 1
