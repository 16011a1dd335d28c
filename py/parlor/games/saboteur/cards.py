"""Saboteur: The Duel's cards, read from ``cards.json`` (a verbatim copy of
docs/rules/saboteur_duel_cards.json), and their geometry after orientation.

Shapes, gold, doors, trolls and ladders live only in the data file, so a correction to
the transcription (or to an ``inferred`` guess in it) never needs a code change. This
module turns the data into read-only tables the rules and the renderer share.

Geometry: directions are ``N E S W`` with y growing downward (N is y-1). A card lies
``upright`` (rot 0, notation ``^``) or ``turned`` 180 degrees (rot 1, ``v``); turned, the
printed N side faces south and the printed E side faces west. Group labels ("a", "b")
are the printed ones and do not change with orientation, so a maze node is
``(cell, group)`` whatever the orientation.
"""

from __future__ import annotations

import json
import pathlib
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal, get_args

DIRS: tuple[str, ...] = ("N", "E", "S", "W")
OPP: MappingProxyType[str, str] = MappingProxyType({"N": "S", "S": "N", "E": "W", "W": "E"})
DELTA: MappingProxyType[str, tuple[int, int]] = MappingProxyType(
    {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
)
COLOURS: tuple[str, ...] = ("green", "blue")

#: Tool names in notation (short, as players say them) and in the data file.
TOOLS: tuple[str, ...] = ("pick", "lamp", "cart")
_TOOL_FROM_DATA = MappingProxyType({"pickaxe": "pick", "lamp": "lamp", "cart": "cart"})

DATA_PATH = pathlib.Path(__file__).with_name("cards.json")

#: What a card is: the maze's (``start``, ``path``, ``goal``) or an action
#: (``sabotage`` breaks a tool, ``repair`` mends one, ``key``, ``rockfall``, ``map``).
CardKind = Literal["start", "path", "goal", "sabotage", "repair", "key", "rockfall", "map"]


def side(d: str, rot: int) -> str:
    """The printed side of a card that faces world direction ``d``."""
    return d if rot == 0 else OPP[d]


@dataclass(frozen=True)
class Oriented:
    """One card in one orientation, in world directions (what the maze and the SVG use).

    ``group_at[d]`` is the group label of the opening facing ``d`` (absent = rock);
    ``dirs_of[g]`` the world directions group ``g`` opens to (one = a dead-end stub);
    ``door_at[d]`` the colour of the door on that side; ``troll_at`` the sides a troll
    blocks; ``gold`` the nuggets per group.
    """

    card: str
    rot: int
    group_at: MappingProxyType[str, str]
    dirs_of: MappingProxyType[str, tuple[str, ...]]
    door_at: MappingProxyType[str, str]
    troll_at: frozenset[str]
    gold: MappingProxyType[str, int]
    open_mask: int  # bit i set when side DIRS[i] is open (fast side matching)
    #: Per colour, the open sides (DIRS bits) a tunnel of that colour may enter by: no
    #: door of the other colour, no troll (``maze.connection`` in one AND, for move
    #: generation; a card just placed carries no key and no bribe yet).
    enter_mask: MappingProxyType[str, int]

    def is_open(self, d: str) -> bool:
        return d in self.group_at


@dataclass(frozen=True)
class Card:
    """A card as printed. ``edges`` follows ``DIRS``; ``None`` is rock."""

    id: str
    kind: CardKind
    count: int
    edges: tuple[str | None, ...] = (None, None, None, None)
    groups: tuple[tuple[str, str], ...] = ()
    gold: tuple[tuple[str, int], ...] = ()
    doors: tuple[tuple[str, str], ...] = ()
    trolls: tuple[str, ...] = ()
    ladder: str | None = None
    tools: tuple[str, ...] = ()

    @property
    def is_path(self) -> bool:
        """Cards a player can place in the maze (start and goal cards never are)."""
        return self.kind == "path"

    @property
    def is_tunnel(self) -> bool:
        return self.kind in ("start", "path", "goal")

    @property
    def gold_total(self) -> int:
        return sum(v for _, v in self.gold)

    @property
    def shows_gold(self) -> bool:
        return bool(self.gold)

    @property
    def has_troll(self) -> bool:
        return bool(self.trolls)

    @property
    def is_bridge_like(self) -> bool:
        """Two separate through-tunnels (bridges, double curves)."""
        return sum(1 for _, e in self.groups if len(e) >= 2) >= 2

    def oriented(self, rot: int) -> Oriented:
        return ORIENTED[(self.id, rot)]


def _card(raw: dict[str, Any]) -> Card:
    edges = raw.get("edges") or {}
    return Card(
        id=raw["id"],
        kind=raw["kind"],
        count=int(raw["count"]),
        edges=tuple(edges.get(d) for d in DIRS),
        groups=tuple(sorted((raw.get("groups") or {}).items())),
        gold=tuple(sorted((raw.get("gold") or {}).items())),
        doors=tuple(sorted((raw.get("doors") or {}).items())),
        trolls=tuple(raw.get("trolls") or ()),
        ladder=raw.get("ladder"),
        tools=tuple(_TOOL_FROM_DATA[t] for t in raw.get("tools", ())),
    )


def _orient(card: Card, rot: int) -> Oriented:
    group_at: dict[str, str] = {}
    dirs_of: dict[str, list[str]] = {}
    door_at: dict[str, str] = {}
    troll_at: set[str] = set()
    doors = dict(card.doors)
    for d in DIRS:
        p = side(d, rot)
        g = card.edges[DIRS.index(p)]
        if g is None:
            continue
        group_at[d] = g
        dirs_of.setdefault(g, []).append(d)
        if p in doors:
            door_at[d] = doors[p]
        if p in card.trolls:
            troll_at.add(d)
    return Oriented(
        card=card.id,
        rot=rot,
        group_at=MappingProxyType(group_at),
        dirs_of=MappingProxyType({g: tuple(ds) for g, ds in dirs_of.items()}),
        door_at=MappingProxyType(door_at),
        troll_at=frozenset(troll_at),
        gold=MappingProxyType(dict(card.gold)),
        open_mask=sum(1 << i for i, d in enumerate(DIRS) if d in group_at),
        enter_mask=MappingProxyType({
            colour: sum(1 << i for i, d in enumerate(DIRS) if d in group_at
                        and door_at.get(d, colour) == colour and d not in troll_at)
            for colour in COLOURS
        }),
    )


def _load() -> dict[str, Any]:
    with DATA_PATH.open(encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


_RAW = _load()

CARDS: MappingProxyType[str, Card] = MappingProxyType(
    {c.id: c for c in (_card(r) for r in (*_RAW["cards"], *_RAW["actions"]))}
)
# The data file names only kinds the rules know (read as JSON, unchecked by the types).
assert {c.kind for c in CARDS.values()} <= set(get_args(CardKind))
ORIENTED: MappingProxyType[tuple[str, int], Oriented] = MappingProxyType(
    {(c.id, rot): _orient(c, rot) for c in CARDS.values() if c.is_tunnel for rot in (0, 1)}
)

#: Every card id once per copy, in data order: the universe ``inventory`` counts.
COUNTS: MappingProxyType[str, int] = MappingProxyType({c.id: c.count for c in CARDS.values()})
START_OF: MappingProxyType[str, str] = MappingProxyType(
    {c.ladder: c.id for c in CARDS.values() if c.kind == "start" and c.ladder}
)
GOAL_IDS: tuple[str, ...] = tuple(sorted(c.id for c in CARDS.values() if c.kind == "goal"))
#: The shuffled deck's cards (path cards but the starts, and the action cards), each copy.
DECK: tuple[str, ...] = tuple(
    sorted(
        cid
        for c in CARDS.values()
        if c.kind not in ("start", "goal")
        for cid in [c.id] * c.count
    )
)
SABOTAGE_CARD: MappingProxyType[str, str] = MappingProxyType(
    {c.tools[0]: c.id for c in CARDS.values() if c.kind == "sabotage"}
)
#: Repair cards by the tools they show (a two-tool card removes only one of them).
REPAIR_CARD: MappingProxyType[tuple[str, ...], str] = MappingProxyType(
    {c.tools: c.id for c in CARDS.values() if c.kind == "repair"}
)
ACTION_OF_KIND: MappingProxyType[str, str] = MappingProxyType(
    {c.kind: c.id for c in CARDS.values() if c.kind in ("key", "rockfall", "map")}
)


def _cell(raw: Any) -> tuple[int, int]:
    return (int(raw[0]), int(raw[1]))


LAYOUT: MappingProxyType[str, Any] = MappingProxyType(
    {
        "duel_start": MappingProxyType(
            {col: _cell(xy) for col, xy in _RAW["layout"]["duel"]["start"].items()}
        ),
        "duel_goals": tuple(_cell(xy) for xy in _RAW["layout"]["duel"]["goals"]),
        "solo_goals": tuple(_cell(xy) for xy in _RAW["layout"]["solo"]["goals"]),
    }
)


def start_cell(colour: str) -> tuple[int, int]:
    """Where a colour's start card lies (solo uses its colour's duel position)."""
    cell: tuple[int, int] = LAYOUT["duel_start"][colour]
    return cell


def goal_cells(players: int) -> tuple[tuple[int, int], ...]:
    cells: tuple[tuple[int, int], ...] = LAYOUT["solo_goals" if players == 1 else "duel_goals"]
    return cells


@dataclass(frozen=True)
class Edge:
    """One side of a placed card, for the renderer: is it open, which tunnel (group) it
    belongs to, a door's colour, a troll, and the nuggets on that tunnel."""

    open: bool
    group: str | None
    door: str | None
    troll: bool
    gold: int
    stub: bool  # the tunnel ends on the card (a dead end)


def oriented_edges(card_id: str, rot: int) -> dict[str, Edge]:
    """The four sides (``N E S W``, world directions) of ``card_id`` lying upright
    (``rot`` 0) or turned (1): what the SVG draws for a card in the maze or in hand."""
    o = ORIENTED[(card_id, rot)]
    out: dict[str, Edge] = {}
    for d in DIRS:
        g = o.group_at.get(d)
        out[d] = Edge(
            open=g is not None,
            group=g,
            door=o.door_at.get(d),
            troll=d in o.troll_at,
            gold=o.gold.get(g, 0) if g is not None else 0,
            stub=g is not None and len(o.dirs_of[g]) == 1,
        )
    return out
