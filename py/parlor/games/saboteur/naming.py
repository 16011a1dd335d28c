"""Cards and places in words a player can check against the board, never as ids.

A card is named by what is printed on it: its tunnels' shape (a straight tunnel, a
bend, a three-way junction, a crossroads, a bridge of two tunnels that do not meet, a
double bend, a dead end), then what it carries (gold, a troll, a door, a second dead
end); an action card by what it does ("a broken pickaxe", "a map"); the two ladders and
the starts by their colour. Shapes do not change when a card is turned, so a name holds
in both orientations.

A maze cell is named by the landmark a player can see beside it: a start card or one of
the goal cards, told apart by where they lie (the goals form a triangle pointing away
from the starts: the nearest column of three, the middle column of two, the farthest
goal). A cell on a landmark says "at the farthest goal", a cell next to one "next to the
green start", any other cell says nothing: the screen highlights it instead (the log
line carries the cell in ``data-cell``). ``place_msg`` keeps the cell in its arguments
(``x``, ``y``, unused by the words), as does ``landmark_msg``, so the page can find
the cell again in a sentence (``cell_in``).

Ids and coordinates stay in notation, saves and the page contract.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from parlor.core.protocol import Msg
from parlor.games.saboteur.cards import CARDS, goal_cells, start_cell
from parlor.games.saboteur.facts import chain, tool_msg

Cell = tuple[int, int]
OPPOSITE = ({"N", "S"}, {"E", "W"})


def _shape(card_id: str) -> tuple[str, bool]:
    """The shape's key (``saboteur.shape.*``) and whether a dead end sits beside it."""
    exits = [set(e) for _, e in CARDS[card_id].groups]
    through = [e for e in exits if len(e) >= 2]
    stub = len(through) < len(exits)
    if not through:
        return "dead_end", False
    if len(through) >= 2:
        return ("bridge" if all(e in OPPOSITE for e in through) else "double_bend"), stub
    e = through[0]
    if len(e) == 4:
        return "crossroads", stub
    if len(e) == 3:
        return "junction", stub
    return ("straight" if e in OPPOSITE else "bend"), stub


def card_name(card_id: str) -> Msg:
    """A card by what it is, without an article: "straight tunnel with a troll"."""
    card = CARDS[card_id]
    if card.kind == "sabotage":
        return Msg(f"saboteur.name.broken.{card.tools[0]}")
    if card.kind == "repair":
        return Msg.of("saboteur.name.repair",
                      tools=chain("saboteur.or", [tool_msg(x) for x in card.tools]))
    if card.kind in ("key", "rockfall", "map"):
        return Msg(f"saboteur.name.{card.kind}")
    if card.kind == "start":
        return Msg(f"saboteur.name.start.{card.ladder}")
    if card.kind == "goal":
        gold = card.gold_total
        return Msg.of("saboteur.name.goal_gold", n=gold) if gold else Msg(
            "saboteur.name.goal_empty")
    if card.ladder:
        return Msg(f"saboteur.name.ladder.{card.ladder}")
    shape, stub = _shape(card_id)
    extras: list[str | Msg] = []
    if card.gold_total:
        extras.append(Msg.of("saboteur.extra.gold", n=card.gold_total))
    if card.trolls:
        extras.append(Msg("saboteur.extra.troll"))
    for colour in sorted({c for _, c in card.doors}):
        extras.append(Msg(f"saboteur.extra.door.{colour}"))
    if stub:
        extras.append(Msg("saboteur.extra.dead_end"))
    base = Msg(f"saboteur.shape.{shape}")
    if not extras:
        return base
    return Msg.of("saboteur.name.with", shape=base, extras=chain("saboteur.and", extras))


def a_card(card_id: str) -> Msg:
    """The name as a log line says it: "a bend", but "the blue ladder" (one of a kind)."""
    card = CARDS[card_id]
    unique = card.kind == "start" or bool(card.ladder and card.kind == "path")
    return Msg.of("saboteur.name.the" if unique else "saboteur.name.a", card=card_name(card_id))


def cards_named(card_ids: Sequence[str]) -> str | Msg:
    """Several cards in a list: "a map and a broken lamp"."""
    return chain("saboteur.and", [a_card(c) for c in card_ids]) if card_ids else ""


def landmarks(players: int, colours: Sequence[str]) -> dict[Cell, str]:
    """The cells a player can point at, with their id (``goal.near.top``, ``start.blue``).

    Goals are told apart by column (nearest, middle, farthest from the starts) and by
    row inside their column (top, middle, bottom of three; upper, lower of two)."""
    return _landmarks(players, tuple(colours))


@cache  # asked for every cell a screen names: a handful of layouts in all
def _landmarks(players: int, colours: tuple[str, ...]) -> dict[Cell, str]:
    out: dict[Cell, str] = {start_cell(c): f"start.{c}" for c in colours}
    goals = goal_cells(players)
    columns = sorted({x for x, _ in goals})
    for x, y in goals:
        col = ("near" if x == columns[0] else "far" if x == columns[-1] else "mid")
        rows = sorted(gy for gx, gy in goals if gx == x)
        row = {1: ("",), 2: ("upper", "lower"), 3: ("top", "middle", "bottom")}[len(rows)]
        word = row[rows.index(y)]
        out[(x, y)] = f"goal.{col}" + (f".{word}" if word else "")
    return out


def landmark_msg(cell: Cell, players: int, colours: Sequence[str]) -> Msg | None:
    """A landmark's own name ("the farthest goal"), None if ``cell`` is not one."""
    mark = landmarks(players, colours).get(cell)
    return Msg.of(f"saboteur.landmark.{mark}", x=cell[0], y=cell[1]) if mark else None


def place_msg(cell: Cell, players: int, colours: Sequence[str]) -> Msg:
    """Where ``cell`` is, as words that follow a sentence (each language puts its own
    separator in them): on a landmark, next to one, or nothing at all."""
    marks = landmarks(players, colours)
    x, y = cell
    if cell in marks:
        return Msg.of(f"saboteur.place.at.{marks[cell]}", x=x, y=y)
    near = [(abs(mx - x) + abs(my - y), mark) for (mx, my), mark in marks.items()
            if max(abs(mx - x), abs(my - y)) == 1]
    if near:
        return Msg.of(f"saboteur.place.next.{min(near)[1]}", x=x, y=y)
    return Msg.of("saboteur.place.none", x=x, y=y)


def goal_msg(cell: Cell, players: int, colours: Sequence[str]) -> Msg:
    """A goal named by its place ("the far goal"); for a cell that is no landmark (never
    for a legal move), where it is (``place_msg``)."""
    return landmark_msg(cell, players, colours) or place_msg(cell, players, colours)


def cell_in(msg: object) -> Cell | None:
    """The first maze cell a sentence names (from a ``place_msg`` inside it), if any."""
    if not isinstance(msg, Msg):
        return None
    if msg.key.startswith(("saboteur.place.", "saboteur.landmark.")):
        args = dict(msg.args)
        x, y = args.get("x"), args.get("y")
        return (x, y) if isinstance(x, int) and isinstance(y, int) else None
    for _, arg in msg.args:
        found = cell_in(arg)
        if found is not None:
            return found
    return None
