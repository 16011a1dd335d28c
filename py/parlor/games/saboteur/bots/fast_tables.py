"""Flat tables for Saboteur's fast simulation (``fast.py``): cards, orientations and
cells as small integers, read once from the card data (``cards.py``).

- A *card* is its index in ``CARD_IDS`` (sorted ids, so sorting indices sorts ids).
- An *orientation* is ``card * 2 + rot``; per orientation the tables give, for each
  world direction ``0..3`` (``N E S W``, as ``cards.DIRS``), the group index there
  (-1: rock), the door's colour index (-1: none), the troll and open sides as bit masks,
  the directions of each group and its nuggets. Group indices follow the printed labels
  in order (``a`` = 0), so sorting by index sorts by label.
- A *cell* ``(x, y)`` is ``(x + OFF) * STRIDE + (y + OFF)``: integer order is the
  tuples' order, and the neighbour in direction ``d`` is ``cell + DELTA[d]``. The maze
  holds at most 42 cards, so coordinates stay far inside ``[-OFF, OFF)``.
- A *node* (one tunnel of a card) is ``cell * 4 + group``.
- A colour is its index in ``cards.COLOURS`` (0 green, 1 blue).
"""

from __future__ import annotations

from parlor.games.saboteur.cards import (
    ACTION_OF_KIND,
    CARDS,
    COLOURS,
    DIRS,
    ORIENTED,
    REPAIR_CARD,
    SABOTAGE_CARD,
    TOOLS,
)

OFF = 64
STRIDE = 128
DELTA: tuple[int, ...] = (-1, STRIDE, 1, -STRIDE)  # N E S W


def cell_of(xy: tuple[int, int]) -> int:
    return (xy[0] + OFF) * STRIDE + xy[1] + OFF


def xy_of(cell: int) -> tuple[int, int]:
    x, y = divmod(cell, STRIDE)
    return (x - OFF, y - OFF)


CARD_IDS: tuple[str, ...] = tuple(sorted(CARDS))
INDEX: dict[str, int] = {cid: i for i, cid in enumerate(CARD_IDS)}
_N = len(CARD_IDS)

KIND: tuple[str, ...] = tuple(CARDS[c].kind for c in CARD_IDS)
IS_PATH: tuple[bool, ...] = tuple(CARDS[c].is_path for c in CARD_IDS)
LADDER: tuple[int, ...] = tuple(
    COLOURS.index(lad) if (lad := CARDS[c].ladder) is not None else -1 for c in CARD_IDS)
SHOWS_GOLD: tuple[bool, ...] = tuple(CARDS[c].shows_gold for c in CARD_IDS)
HAS_TROLL: tuple[bool, ...] = tuple(CARDS[c].has_troll for c in CARD_IDS)
#: Path cards a rockfall may hit (no gold, no troll): also the solo rockfall's targets.
FALLS: tuple[bool, ...] = tuple(
    IS_PATH[i] and not SHOWS_GOLD[i] and not HAS_TROLL[i] for i in range(_N))
HAS_DOORS: tuple[bool, ...] = tuple(bool(CARDS[c].doors) for c in CARD_IDS)
#: The tool a sabotage card breaks (index in TOOLS), else -1.
BREAKS: tuple[int, ...] = tuple(
    TOOLS.index(CARDS[c].tools[0]) if KIND[i] == "sabotage" else -1
    for i, c in enumerate(CARD_IDS))
SABOTAGE: tuple[int, ...] = tuple(INDEX[SABOTAGE_CARD[t]] for t in TOOLS)
#: Repair cards in the order legal moves list them: (card, tools it shows).
REPAIRS: tuple[tuple[int, tuple[int, ...]], ...] = tuple(
    (INDEX[cid], tuple(TOOLS.index(t) for t in tools))
    for tools, cid in sorted(REPAIR_CARD.items(), key=lambda kv: (len(kv[0]), kv[1])))
KEY = INDEX[ACTION_OF_KIND["key"]]
ROCKFALL = INDEX[ACTION_OF_KIND["rockfall"]]
MAP = INDEX[ACTION_OF_KIND["map"]]

_NO4 = (-1, -1, -1, -1)
GROUP_AT: list[tuple[int, ...]] = [_NO4] * (2 * _N)
DOOR_AT: list[tuple[int, ...]] = [_NO4] * (2 * _N)
DIRS_OF: list[tuple[tuple[int, ...], ...]] = [()] * (2 * _N)
GOLD: list[tuple[int, ...]] = [()] * (2 * _N)
TROLL: list[int] = [0] * (2 * _N)
OPEN: list[int] = [0] * (2 * _N)
BLOCKS: list[bool] = [False] * (2 * _N)  # any door or troll: the walk checks sides
#: Per colour: the sides where that colour's tunnel arriving at a new card goes on
#: (open, no door of the other colour, no troll): ``maze.connection`` as a mask.
JOINS: tuple[list[int], ...] = ([0] * (2 * _N), [0] * (2 * _N))
GROUP_NAMES: list[tuple[str, ...]] = [()] * (2 * _N)

for _i, _cid in enumerate(CARD_IDS):
    if not CARDS[_cid].is_tunnel:
        continue
    for _rot in (0, 1):
        _o = ORIENTED[(_cid, _rot)]
        _k = 2 * _i + _rot
        _names = tuple(sorted(_o.dirs_of))
        GROUP_NAMES[_k] = _names
        GROUP_AT[_k] = tuple(_names.index(_o.group_at[d]) if d in _o.group_at else -1
                             for d in DIRS)
        DOOR_AT[_k] = tuple(COLOURS.index(_o.door_at[d]) if d in _o.door_at else -1
                            for d in DIRS)
        DIRS_OF[_k] = tuple(tuple(DIRS.index(d) for d in _o.dirs_of[g]) for g in _names)
        GOLD[_k] = tuple(_o.gold.get(g, 0) for g in _names)
        TROLL[_k] = sum(1 << j for j, d in enumerate(DIRS) if d in _o.troll_at)
        OPEN[_k] = _o.open_mask
        BLOCKS[_k] = bool(_o.door_at or _o.troll_at)
        for _c in (0, 1):
            JOINS[_c][_k] = sum(
                1 << j for j, d in enumerate(DIRS)
                if d in _o.group_at and d not in _o.troll_at
                and _o.door_at.get(d, COLOURS[_c]) == COLOURS[_c])
