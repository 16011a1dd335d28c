"""Ciao!'s move notation (follows the rules page's suggestion). Seats are numbered from 1
in notation (``Player 1`` is seat 0 in the state), as Kabaleo numbers its piles.

Cards::

    <symbol><colour>[.<icon>]   symbol R P S (rock paper scissors), colour g y r
                                (green < yellow < red); icon 3 (+3), A (play again or
                                reverse), F (speed challenge), G (give a card), X (swap
                                hands): ``Rg``, ``Py.3``, ``Sr.F``
    J<colour>                   a joker: ``Jg``, ``Jy``, ``Jr``
    M                           a millstone

A played card may carry two suffixes: ``=<symbol>`` on a joker names the symbol it
counts as (always given: ``Jy=P``), and ``+M`` on an icon card discards one millstone
with it (only with the option ``millstone_discard_with_special``): ``Py.3+M``.

Moves (``<play>`` is a card with its suffixes)::

    play <play>        lay a card: a turn, the lead, the drawn card, an again-play, a
                       +3 answer, or a turn-order speed answer     play Rg, play Jy=P
    attempt <card>     strict_table only: try a card that may not be played; costs 3
                       cards and the turn, the card stays in hand   attempt Rg
    draw               draw one card instead of playing: on your turn and on an
                       again-play, even when a card could be played (not on a pending
                       +3: answer it or ``take``; not in a speed challenge: ``pass``)
    keep               keep the card just drawn (the turn ends); after every draw the
                       drawer plays the drawn card or keeps it, so the others never
                       learn whether it could have been played
    take               accept the pending +3 penalty (draw it all, lose the turn)
    again | reverse    after a play-again-or-reverse card
    give <card>><n>    give a card from hand to seat n               give Rg>2
    swap <n>           swap hands with seat n                        swap 3
    pass               turn-order speed challenge: do not answer
    race <n> <play>    (table) seat n won the speed race with a card race 1 Pr
    race none          (table) nobody answered the speed challenge
    thanks <n>         (table) seat n said "Thank you!" in time
    nothanks <n>       (table) seat n missed it and draws 3

In a seat's view of the history, a gift between two other people hides its card:
``give ?><n>`` (``hidden_gift``); ``parse_logged`` reads it, ``parse_move`` (moves that
can be played) does not.

Every string ``format_move`` produces parses back to the same value and vice versa.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from parlor.games.ciao.cards import BY_CODE, CODES, IS_ICON, IS_JOKER, SYMBOL_LETTERS

#: The moves that are a verb alone.
Bare = Literal["draw", "keep", "take", "again", "reverse", "pass"]
#: A move's first word (the table above).
Verb = Literal[Bare, "play", "attempt", "give", "swap", "race", "thanks", "nothanks"]
VERBS_BARE: tuple[Bare, ...] = ("draw", "keep", "take", "again", "reverse", "pass")
#: The verbs followed by a seat alone.
_TO_SEAT: tuple[Verb, ...] = ("swap", "thanks", "nothanks")


@dataclass(frozen=True)
class Move:
    """A parsed move. ``card`` is a kind id, ``named`` the joker's symbol (-1 if none),
    ``seat`` 0-based (-1 if none; ``race none`` has verb race and seat -1)."""

    verb: Verb
    card: int = -1
    named: int = -1
    millstone: bool = False
    seat: int = -1


def format_play(card: int, named: int = -1, millstone: bool = False) -> str:
    text = CODES[card]
    if named >= 0:
        text += "=" + SYMBOL_LETTERS[named]
    if millstone:
        text += "+M"
    return text


def parse_play(text: str) -> tuple[int, int, bool] | None:
    """(card, named, millstone) or None. A joker must name a symbol; only jokers do;
    only icon cards carry ``+M``."""
    millstone = text.endswith("+M")
    if millstone:
        text = text[:-2]
    named = -1
    if "=" in text:
        text, _, letter = text.partition("=")
        if letter not in SYMBOL_LETTERS:
            return None
        named = SYMBOL_LETTERS.index(letter)
    card = BY_CODE.get(text)
    if card is None:
        return None
    if IS_JOKER[card] != (named >= 0):
        return None
    if millstone and not IS_ICON[card]:
        return None
    return card, named, millstone


def _seat(text: str) -> int | None:
    if not (text.isascii() and text.isdigit()) or len(text) > 2 or text[0] == "0":
        return None
    return int(text) - 1


def format_move(m: Move) -> str:
    v = m.verb
    if v in VERBS_BARE:
        return v
    if v == "play":
        return f"play {format_play(m.card, m.named, m.millstone)}"
    if v == "attempt":
        return f"attempt {CODES[m.card]}"
    if v == "give":
        return f"give {CODES[m.card]}>{m.seat + 1}"
    if v in _TO_SEAT:
        return f"{v} {m.seat + 1}"
    if v == "race":
        if m.seat < 0:
            return "race none"
        return f"race {m.seat + 1} {format_play(m.card, m.named, m.millstone)}"
    raise ValueError(f"unknown verb {v!r}")


def parse_move(text: str) -> Move | None:
    """The move, or None when the string is not notation at all."""
    if text in VERBS_BARE:
        return Move(text)
    verb, sep, rest = text.partition(" ")
    if not sep or not rest:
        return None
    if verb == "play":
        p = parse_play(rest)
        return None if p is None else Move("play", p[0], p[1], p[2])
    if verb == "attempt":
        card = BY_CODE.get(rest)
        return None if card is None else Move("attempt", card)
    if verb == "give":
        code, gt, who = rest.partition(">")
        card = BY_CODE.get(code)
        seat = _seat(who) if gt else None
        return None if card is None or seat is None else Move("give", card, seat=seat)
    if verb in _TO_SEAT:
        seat = _seat(rest)
        return None if seat is None else Move(verb, seat=seat)
    if verb == "race":
        if rest == "none":
            return Move("race")
        who, sep2, play = rest.partition(" ")
        seat = _seat(who)
        p = parse_play(play) if sep2 else None
        if seat is None or p is None:
            return None
        return Move("race", p[0], p[1], p[2], seat)
    return None


HIDDEN_GIFT = "give ?>"

#: Notation as it would show in a text (``GameEntry.notation``): a card code standing
#: alone. The millstone's lone "M" is left out: a chart marks its column with the
#: word's initial, "M" in English; its leak came as "M (50)", beside the other codes.
LOOKS: tuple[tuple[str, str], ...] = (
    ("Ciao! card code", r"(?<![A-Za-z0-9_.])(?:"
     + "|".join(sorted((re.escape(c) for c in CODES if len(c) > 1), key=len, reverse=True))
     + r")(?![A-Za-z0-9_])"),
)


def hidden_gift(receiver: int) -> str:
    """A gift as a third seat sees it in the history: to ``receiver``, card unknown."""
    return f"{HIDDEN_GIFT}{receiver + 1}"


def parse_logged(text: str) -> Move | None:
    """A history entry: any move, or a hidden gift (``Move("give", card=-1, seat=n)``)."""
    if text.startswith(HIDDEN_GIFT):
        seat = _seat(text[len(HIDDEN_GIFT):])
        return None if seat is None else Move("give", seat=seat)
    return parse_move(text)


#: The moves that are a bare verb, as constants for the bots, screens and migrations
#: that name one (the notation stays written here only).
DRAW, KEEP, TAKE, AGAIN, REVERSE, PASS = VERBS_BARE
