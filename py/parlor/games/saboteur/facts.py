"""Saboteur's numbers and words that every part of the rules shares: hand size,
counters, key tokens, the solo result's bands, how a colour and a refusal read."""

from __future__ import annotations

HAND_SIZE = 6
SET_ASIDE = 10
KEY_TOKENS = 2
COUNTERS = {1: 6, 2: 4}
SOLO_BANDS: tuple[tuple[int, str], ...] = (
    (25, "boss of all mines"),
    (20, "a good nose for gold"),
    (15, "not bad"),
    (0, "not a winner"),
)

NOT_NOTATION = (
    "not a move; moves look like: place P14@6,-1^, break pick, repair pick, key @3,0, "
    "rockfall @2,1, map @7,-1, clear pick discard P08 P16, pass P08 P16, bribe @4,1, "
    "reveal @5,0 v, done"
)
ROT_WORDS = ("upright (^)", "turned (v)")


def colour_name(colour: str) -> str:
    return colour.capitalize()


def band(points: int) -> str:
    """The solo result's words for a score (rules, "Solo")."""
    for low, words in SOLO_BANDS:
        if points >= low:
            return words
    return SOLO_BANDS[-1][1]
