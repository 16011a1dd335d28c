"""Move notation for Saboteur: The Duel. Every move is one line; parse and format
round-trip, and only the canonical spelling is legal (so a move has one string).

Cells are written ``@x,y`` (x toward the goals, y downward, the origin the empty cell
between the two start cards; coordinates may be negative and have no leading zeros).
Orientation is ``^`` (upright, as printed) or ``v`` (turned 180 degrees); cards are never
placed sideways. Tools are ``pick``, ``lamp`` and ``cart``.

=================================  ========================================================
``place P14@6,-1^``                place path card P14 at (6,-1), upright
``break pick``                     put a broken-pick card in front of the opponent (duel)
``repair pick``                    remove your broken pick with the pick repair card
``repair pick with pick+lamp``     ... with the two-tool card (it still removes only one)
``key @3,0``                       put a key token on the door card at (3,0)
``rockfall @2,1``                  remove the path card at (2,1)
``map @7,-1``                      look secretly at the face-down goal at (7,-1)
``clear pick discard P08 P16``     discard two cards to remove your broken pick
``pass P08``                       pass, discarding one card (draw one)
``pass P08 P16``                   pass, discarding two (draw two)
``bribe @4,1``                     put a counter on the troll at (4,1) (does not end the turn)
``reveal @5,0 v``                  turn the goal you reached at (5,0) face up, turned
``done``                           end the turn without (further) bribes, in the bribe window
=================================  ========================================================

When a tunnel reaches a face-down goal, ``reveal`` moves choose how it lies; only the
orientations whose tunnels join the tunnel that reached it are legal (both when
neither joins). After your action made a troll reachable from your start (and you have
a counter left) the turn waits in a short *bribe window*: ``bribe`` moves for the
trolls you reach and ``done``, which ends the turn (draw, next player). ``done`` is
legal nowhere else, so a turn without a newly reached troll needs no extra move.

Card identity: the hand may hold copies of one card (four P08s); copies are
interchangeable, so a move names the card id, never a hand position, and
``legal_moves`` lists each distinct move once. Two discarded cards are written in
sorted order (``pass P08 P16``, never ``pass P16 P08``); ``pass P08 P08`` discards two
copies. Action cards are named by effect, not id: ``break lamp`` plays A-BRK-LAMP,
``repair lamp with lamp+cart`` plays A-FIX-LAMP-CART (the tools in the card's order).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from parlor.games.saboteur.cards import CARDS, TOOLS

Cell = tuple[int, int]
#: A move's first word: what it does (the table above).
MoveKind = Literal["place", "break", "repair", "key", "rockfall", "map", "clear", "pass",
                   "bribe", "reveal", "done"]

_INT = r"(0|-?[1-9][0-9]{0,5})"
_CELL = rf"@{_INT},{_INT}"
_ID = r"([A-Z][A-Z0-9_\-]{0,19})"
_TOOL = r"(pick|lamp|cart)"
_PATTERNS: tuple[tuple[MoveKind, re.Pattern[str]], ...] = (
    ("place", re.compile(rf"place {_ID}{_CELL}([\^v<>])")),
    ("break", re.compile(rf"break {_TOOL}")),
    ("repair", re.compile(rf"repair {_TOOL}(?: with {_TOOL}\+{_TOOL})?")),
    ("key", re.compile(rf"key {_CELL}")),
    ("rockfall", re.compile(rf"rockfall {_CELL}")),
    ("map", re.compile(rf"map {_CELL}")),
    ("clear", re.compile(rf"clear {_TOOL} discard {_ID} {_ID}")),
    ("pass", re.compile(rf"pass {_ID}(?: {_ID})?")),
    ("bribe", re.compile(rf"bribe {_CELL}")),
    ("reveal", re.compile(rf"reveal {_CELL} ([\^v])")),
    ("done", re.compile(r"done")),
)

ROT_MARK = ("^", "v")
#: The move that closes the bribe window: the turn ends (draw, next player).
END_TURN = "done"


def _alternatives(words: list[str]) -> str:
    """A regex alternation trying the longest word first."""
    return "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True))


#: Notation as it would show in a text (``GameEntry.notation``): a card id standing
#: alone, a cell after ``@``, an orientation mark in brackets.
LOOKS: tuple[tuple[str, str], ...] = (
    ("Saboteur card id", rf"(?<![A-Za-z0-9_-])(?:{_alternatives(list(CARDS))})(?![A-Za-z0-9_-])"),
    ("Saboteur move mark", r"@-?[0-9]|\([\^v]\)"),
)


@dataclass(frozen=True)
class Move:
    """A parsed move. ``rot`` is 0 (``^``), 1 (``v``) or -1 for a sideways mark (``<``
    or ``>``), kept only so the refusal can say why; ``tools`` is the two-tool repair
    card's pair; ``cards`` the discarded cards."""

    kind: MoveKind
    card: str | None = None
    cell: Cell | None = None
    rot: int = 0
    tool: str | None = None
    tools: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()


def cell_text(cell: Cell) -> str:
    return f"@{cell[0]},{cell[1]}"


def format_move(m: Move) -> str:
    k = m.kind
    if k == "place":
        assert m.cell is not None and m.card is not None
        return f"place {m.card}{cell_text(m.cell)}{ROT_MARK[m.rot] if m.rot >= 0 else '>'}"
    if k == "break":
        return f"break {m.tool}"
    if k == "repair":
        if m.tools:
            return f"repair {m.tool} with {'+'.join(m.tools)}"
        return f"repair {m.tool}"
    if k in ("key", "rockfall", "map", "bribe"):
        assert m.cell is not None
        return f"{k} {cell_text(m.cell)}"
    if k == "clear":
        return f"clear {m.tool} discard {' '.join(m.cards)}"
    if k == "pass":
        return "pass " + " ".join(m.cards)
    if k == "reveal":
        assert m.cell is not None
        return f"reveal {cell_text(m.cell)} {ROT_MARK[m.rot]}"
    if k == "done":
        return END_TURN
    raise ValueError(f"unknown move kind {k!r}")


def kind_of(text: str) -> MoveKind | None:
    """A move's kind ("place", "key", "reveal"…), or None when the text is not a move:
    what screens, the guide and the bots ask instead of matching the string's start."""
    m = parse_move(text)
    return None if m is None else m.kind


def parse_move(text: str) -> Move | None:
    """The move, or None when the text is not notation at all. Non-canonical spellings
    (unsorted discards, a tool order unlike the card's) parse; the rules refuse them."""
    for kind, pattern in _PATTERNS:
        m = pattern.fullmatch(text)
        if m is None:
            continue
        g = m.groups()
        if kind == "place":
            mark = g[3]
            rot = 0 if mark == "^" else 1 if mark == "v" else -1
            return Move(kind, card=g[0], cell=(int(g[1]), int(g[2])), rot=rot)
        if kind == "break":
            return Move(kind, tool=g[0])
        if kind == "repair":
            tools = (g[1], g[2]) if g[1] is not None else ()
            return Move(kind, tool=g[0], tools=tools)
        if kind in ("key", "rockfall", "map", "bribe"):
            return Move(kind, cell=(int(g[0]), int(g[1])))
        if kind == "clear":
            return Move(kind, tool=g[0], cards=(g[1], g[2]))
        if kind == "pass":
            return Move(kind, cards=tuple(c for c in g if c is not None))
        if kind == "reveal":
            return Move(kind, cell=(int(g[0]), int(g[1])), rot=ROT_MARK.index(g[2]))
        if kind == "done":
            return Move(kind)
    return None


assert TOOLS == ("pick", "lamp", "cart")  # the regexes above spell them out
