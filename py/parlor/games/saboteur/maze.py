"""The maze as a graph: which tunnels are unbroken for a colour, and where cards fit.

Nodes are ``(cell, group)``: a group is one tunnel inside a card (bridges and double
curves have two, dead-end stubs are groups with one opening). Two nodes are joined
when their cards touch with an opening on both sides and neither side is blocked for
that colour: a door of the other colour (unless that colour's key lies on the card) or
a troll nobody has bribed. Face-down goals are not part of the graph; an open,
unblocked edge pointing at one means the network has *reached* it.

``reach`` walks the graph once from a colour's roots (its start card and any ladder
card of its colour) and also returns the *frontier*: the empty cells an unbroken
tunnel points at, with the side it arrives from. Legal placements are then tested only
at frontier cells (plus, for your own ladder card, every empty cell beside the maze),
so move generation stays fast on a large maze.

Everything here works on a state's or a view's ``maze`` alike (a view has ``card``
None for face-down goals, which this module never needs to read).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from parlor.core.protocol import Msg
from parlor.games.saboteur.cards import CARDS, DELTA, DIRS, OPP, ORIENTED, Oriented
from parlor.games.saboteur.facts import side_msg
from parlor.games.saboteur.state import Cell, Counter, Placed

Grid = Mapping[Cell, Placed]
Node = tuple[Cell, str]


def grid_of(maze: Iterable[Placed]) -> dict[Cell, Placed]:
    return {(p.x, p.y): p for p in maze}


def step(cell: Cell, d: str) -> Cell:
    dx, dy = DELTA[d]
    return (cell[0] + dx, cell[1] + dy)


def oriented(p: Placed) -> Oriented | None:
    """The placed card's geometry, or None for a face-down goal (it imposes nothing)."""
    if not p.face_up or p.card is None:
        return None
    return ORIENTED[(p.card, p.rot)]


@dataclass(frozen=True)
class Reach:
    """One colour's unbroken network.

    ``frontier[cell]`` holds the sides of the empty ``cell`` that an unbroken tunnel
    reaches; ``goals`` the face-down goal cells it touches; ``trolls`` the cells of
    unbribed troll cards it stands at (from either side of the troll).
    """

    nodes: frozenset[Node]
    frontier: Mapping[Cell, frozenset[str]]
    goals: frozenset[Cell]
    trolls: frozenset[Cell]


def blocker(o: Oriented, cell: Cell, d: str, colour: str, keyed: frozenset[Cell],
            bribed: frozenset[Cell]) -> str | None:
    """Why side ``d`` of this card breaks ``colour``'s tunnel: "door", "troll" or None.

    ``keyed`` are the cells carrying ``colour``'s key token, ``bribed`` the troll cards
    with a counter (open to both players)."""
    door = o.door_at.get(d)
    if door is not None and door != colour and cell not in keyed:
        return "door"
    if d in o.troll_at and cell not in bribed:
        return "troll"
    return None


def roots(grid: Grid, colour: str) -> list[Node]:
    """The colour's start card and ladder cards: their tunnels count as connected."""
    out: list[Node] = []
    for cell, p in grid.items():
        o = oriented(p)
        if o is None or p.card is None or CARDS[p.card].ladder != colour:
            continue
        out.extend((cell, g) for g in o.dirs_of)
    return out


def keyed_cells(keys: Iterable[Counter], seat: int) -> frozenset[Cell]:
    return frozenset(k.cell for k in keys if k.seat == seat)


def bribed_cells(bribes: Iterable[Counter]) -> frozenset[Cell]:
    return frozenset(b.cell for b in bribes)


def reach(grid: Grid, colour: str, keyed: frozenset[Cell], bribed: frozenset[Cell],
          start: list[Node] | None = None, known: frozenset[Node] = frozenset()) -> Reach:
    """The network from the colour's roots; or, given ``start`` and ``known`` (a network
    computed before one card was added), only its growth from ``start``: ``nodes`` is
    then complete but ``frontier``, ``goals`` and ``trolls`` hold only what the growth
    found (all an apply needs to know after a placement)."""
    # The hot loop of move generation and of every apply: inlined on purpose.
    seen: set[Node] = set(known)
    stack = roots(grid, colour) if start is None else [n for n in start if n not in seen]
    seen.update(stack)
    frontier: dict[Cell, set[str]] = {}
    goals: set[Cell] = set()
    trolls: set[Cell] = set()
    orient: dict[Cell, Oriented | None] = {}
    for cell, p in grid.items():
        orient[cell] = ORIENTED[(p.card, p.rot)] if p.face_up and p.card is not None else None

    def broken(o: Oriented, cell: Cell, d: str) -> bool:
        door = o.door_at.get(d)
        if door is not None and door != colour and cell not in keyed:
            return True
        if d in o.troll_at and cell not in bribed:
            trolls.add(cell)
            return True
        return False

    while stack:
        cell, g = stack.pop()
        o = orient[cell]
        assert o is not None
        x, y = cell
        for d in o.dirs_of[g]:
            if (o.door_at or o.troll_at) and broken(o, cell, d):
                continue
            dx, dy = DELTA[d]
            n = (x + dx, y + dy)
            if n not in orient:
                frontier.setdefault(n, set()).add(OPP[d])
                continue
            no = orient[n]
            if no is None:
                goals.add(n)
                continue
            back = OPP[d]
            ng = no.group_at.get(back)
            if ng is None:
                continue
            if (no.door_at or no.troll_at) and broken(no, n, back):
                continue
            node = (n, ng)
            if node not in seen:
                seen.add(node)
                stack.append(node)
    return Reach(
        nodes=frozenset(seen),
        frontier={c: frozenset(ds) for c, ds in frontier.items()},
        goals=frozenset(goals),
        trolls=frozenset(trolls),
    )


def growth_start(grid: Grid, colour: str, keyed: frozenset[Cell], bribed: frozenset[Cell],
                 old: Reach, cell: Cell) -> list[Node]:
    """Groups of the card just placed at ``cell`` that join ``old`` (the colour's network
    before): where ``reach(..., start=..., known=old.nodes)`` grows from."""
    p = grid[cell]
    o = oriented(p)
    assert o is not None and p.card is not None
    if CARDS[p.card].ladder == colour:
        return [(cell, g) for g in o.dirs_of]
    out: list[Node] = []
    for g, ds in o.dirs_of.items():
        for d in ds:
            if blocker(o, cell, d, colour, keyed, bribed) is not None:
                continue
            n = step(cell, d)
            np = grid.get(n)
            no = oriented(np) if np is not None else None
            if no is None:
                continue
            ng = no.group_at.get(OPP[d])
            if ng is None or (n, ng) not in old.nodes:
                continue
            if blocker(no, n, OPP[d], colour, keyed, bribed) is not None:
                continue
            out.append((cell, g))
            break
    return out


def arrivals(grid: Grid, cell: Cell, colour: str, keyed: frozenset[Cell],
             bribed: frozenset[Cell], nodes: frozenset[Node]) -> frozenset[str]:
    """The sides of ``cell`` (a face-down goal) at which an unbroken tunnel of
    ``colour``'s network (``nodes``) opens onto it: exactly the tunnels by which
    ``reach`` counts the goal as reached (a door or troll on that side breaks it; a
    dead-end stub pointing at the goal is no tunnel of the network). The goal's
    orientation is then judged against these sides (rules.reveal_orientations)."""
    out: set[str] = set()
    for d in DIRS:
        n = step(cell, d)
        np = grid.get(n)
        no = oriented(np) if np is not None else None
        if no is None:
            continue
        back = OPP[d]
        g = no.group_at.get(back)
        if g is None or (n, g) not in nodes:
            continue
        if blocker(no, n, back, colour, keyed, bribed) is not None:
            continue
        out.add(d)
    return frozenset(out)


def empty_neighbours(grid: Grid) -> set[Cell]:
    """Empty cells orthogonally next to a card: where any card could possibly go."""
    out: set[Cell] = set()
    for cell in grid:
        for d in DIRS:
            n = step(cell, d)
            if n not in grid:
                out.add(n)
    return out


def mismatch(grid: Grid, cell: Cell, o: Oriented) -> Msg | None:
    """The first side of a card at ``cell`` that does not match its neighbour, in words.

    Face-down goals impose nothing; dead-end stubs count as openings."""
    for d in DIRS:
        np = grid.get(step(cell, d))
        if np is None:
            continue
        no = oriented(np)
        if no is None:
            continue
        mine = o.is_open(d)
        theirs = no.is_open(OPP[d])
        if mine != theirs:
            name = "side_open" if mine else "side_rock"
            return Msg.of(f"saboteur.reason.{name}", side=side_msg(d))
    return None


def touches_goal_or_gold(grid: Grid, cell: Cell) -> bool:
    """Ladder cards may not go next to a goal card (face down or up) or a card showing
    gold."""
    for d in DIRS:
        np = grid.get(step(cell, d))
        if np is None:
            continue
        if np.card is None or not np.face_up:
            return True
        card = CARDS[np.card]
        if card.kind == "goal" or card.shows_gold:
            return True
    return False


def connection(r: Reach, cell: Cell, o: Oriented, colour: str) -> Msg | None:
    """None when one of the card's tunnels at ``cell`` meets ``colour``'s unbroken
    network; otherwise why not."""
    sides = r.frontier.get(cell)
    if not sides:
        return Msg.of("saboteur.reason.not_reached")
    last = Msg.of("saboteur.reason.no_tunnel_meets")
    for d in sides:
        if d not in o.group_at:
            continue
        door = o.door_at.get(d)
        if door is not None and door != colour:
            last = Msg.of("saboteur.reason.door_breaks", side=side_msg(d),
                          door=Msg.of(f"saboteur.door.{door}"))
            continue
        if d in o.troll_at:
            last = Msg.of("saboteur.reason.troll_blocks", side=side_msg(d))
            continue
        return None
    return last


def gold_nodes(grid: Grid, nodes: Iterable[Node]) -> list[tuple[int, Cell, str]]:
    """(nuggets, cell, group) of every gold group among ``nodes``."""
    out: list[tuple[int, Cell, str]] = []
    for cell, g in nodes:
        o = oriented(grid[cell])
        if o is not None and g in o.gold:
            out.append((o.gold[g], cell, g))
    return out
