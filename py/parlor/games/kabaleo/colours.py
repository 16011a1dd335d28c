"""The six cone colours, their notation letters and the second cue for colour-blind play."""

from __future__ import annotations

#: Notation letters in canonical order (rules page: O G B P Y V).
LETTERS: tuple[str, ...] = ("O", "G", "B", "P", "Y", "V")

NAMES: dict[str, str] = {
    "O": "orange",
    "G": "green",
    "B": "blue",
    "P": "pink",
    "Y": "yellow",
    "V": "purple",
}


def name(letter: str) -> str:
    return NAMES[letter]


def order(letter: str) -> int:
    return LETTERS.index(letter)
