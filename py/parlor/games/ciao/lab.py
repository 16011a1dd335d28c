"""Ciao!'s helpers for the Bot Lab: a view holds cards as numbers (kinds), so a
student's bot gets the card's name as moves write it, whether it fits on the top card,
and what a hand would cost (``app/lab/sandbox/toolbox.py`` offers each function in ``TOOLS`` as
``game.<name>``; its docstring is what the student reads)."""

from __future__ import annotations

from collections.abc import Callable

from parlor.games.ciao.cards import CODES, PENALTY_OF, playable
from parlor.games.ciao.state import CiaoView


def card(kind: int) -> str:
    """The card a number in ``view.hand`` (or ``view.discard``) stands for, written as
    moves write it: ``"Rg"`` a green rock, ``"Py.3"`` a yellow paper +3, ``"Jr"`` a red
    joker, ``"M"`` a millstone."""
    return CODES[kind]


def fits(view: CiaoView, kind: int) -> bool:
    """Whether that card may go on the top card by the symbol rule (paper beats rock,
    rock beats scissors, scissors beat paper; a higher colour of the same symbol where
    the variant has colours). A pending +3 or a race has rules of its own:
    ``moves`` always says what is legal."""
    return playable(kind, view.top_symbol, view.top_colour, view.options.colours)


def hand_points(view: CiaoView) -> int:
    """The penalty points your hand would cost if the round ended now (fewer is
    better; the match's lowest total wins)."""
    return sum(PENALTY_OF[c] for c in view.hand)


TOOLS: tuple[Callable[..., object], ...] = (card, fits, hand_points)
