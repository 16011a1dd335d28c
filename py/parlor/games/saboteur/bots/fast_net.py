"""One colour's unbroken tunnel network for the fast simulation: ``maze.reach`` on
integer cells and nodes (``fast_tables``), kept up to date as the maze grows.

The maze is two dicts: ``ori`` (cell -> orientation of a face-up card) and ``down``
(cell -> card of a face-down goal). A ``Net`` holds what ``maze.Reach`` holds, as
mutable sets: ``nodes`` (``cell * 4 + group``), ``frontier`` (empty cell -> bit mask of
its sides an unbroken tunnel arrives at), ``goals`` (face-down goals touched) and
``trolls`` (unbribed troll cards the network stands at).

Adding a card only adds tunnels, so after a placement ``grow`` walks on from the new
card alone and the network equals a full walk of the new maze (nodes, frontier, goals
and trolls all; tests/test_saboteur_fast.py compares them). Anything that may cut or
open tunnels otherwise (a rockfall, a key, a bribe, a revealed goal) makes the owner
drop the network and walk it again (``full``) when next asked.
"""

from __future__ import annotations

from parlor.games.saboteur.bots.fast_tables import (
    BLOCKS,
    DELTA,
    DIRS_OF,
    DOOR_AT,
    GROUP_AT,
    LADDER,
    TROLL,
)


class Net:
    __slots__ = ("nodes", "frontier", "goals", "trolls")

    def __init__(self) -> None:
        self.nodes: set[int] = set()
        self.frontier: dict[int, int] = {}
        self.goals: set[int] = set()
        self.trolls: set[int] = set()


def _walk(net: Net, stack: list[int], ori: dict[int, int], down: dict[int, int],
          colour: int, keyed: set[int] | frozenset[int], bribed: set[int]) -> None:
    """The hot loop (``maze.reach``'s), inlined on purpose."""
    seen, frontier, trolls = net.nodes, net.frontier, net.trolls
    while stack:
        node = stack.pop()
        cell = node >> 2
        o = ori[cell]
        blocks = BLOCKS[o]
        for d in DIRS_OF[o][node & 3]:
            if blocks:
                door = DOOR_AT[o][d]
                if door >= 0 and door != colour and cell not in keyed:
                    continue
                if TROLL[o] >> d & 1 and cell not in bribed:
                    trolls.add(cell)
                    continue
            n = cell + DELTA[d]
            no = ori.get(n)
            back = (d + 2) & 3
            if no is None:
                if n in down:
                    net.goals.add(n)
                else:
                    frontier[n] = frontier.get(n, 0) | (1 << back)
                continue
            ng = GROUP_AT[no][back]
            if ng < 0:
                continue
            if BLOCKS[no]:
                door = DOOR_AT[no][back]
                if door >= 0 and door != colour and n not in keyed:
                    continue
                if TROLL[no] >> back & 1 and n not in bribed:
                    trolls.add(n)
                    continue
            nn = n * 4 + ng
            if nn not in seen:
                seen.add(nn)
                stack.append(nn)


def full(ori: dict[int, int], down: dict[int, int], colour: int,
         keyed: set[int] | frozenset[int], bribed: set[int]) -> Net:
    """The network from the colour's roots (its start card and ladder cards)."""
    net = Net()
    stack = [cell * 4 + g for cell, o in ori.items() if LADDER[o >> 1] == colour
             for g in range(len(DIRS_OF[o]))]
    net.nodes.update(stack)
    _walk(net, stack, ori, down, colour, keyed, bribed)
    return net


def grow(net: Net, ori: dict[int, int], down: dict[int, int], colour: int,
         keyed: set[int] | frozenset[int], bribed: set[int], cell: int) -> None:
    """The network after a card was added at ``cell`` (``maze.growth_start``, plus the
    troll the new card may show toward the network, which a full walk would record)."""
    net.frontier.pop(cell, None)
    o = ori[cell]
    nodes = net.nodes
    stack: list[int] = []
    if LADDER[o >> 1] == colour:
        stack = [cell * 4 + g for g in range(len(DIRS_OF[o]))]
    else:
        blocks = BLOCKS[o]
        for d, g in enumerate(GROUP_AT[o]):
            if g < 0 or cell * 4 + g in stack:
                continue
            n = cell + DELTA[d]
            no = ori.get(n)
            if no is None:
                continue
            back = (d + 2) & 3
            ng = GROUP_AT[no][back]
            if ng < 0 or n * 4 + ng not in nodes:
                continue
            if BLOCKS[no]:
                door = DOOR_AT[no][back]
                if door >= 0 and door != colour and n not in keyed:
                    continue
                if TROLL[no] >> back & 1 and n not in bribed:
                    continue
            if blocks:
                door = DOOR_AT[o][d]
                if door >= 0 and door != colour and cell not in keyed:
                    continue
                if TROLL[o] >> d & 1 and cell not in bribed:
                    net.trolls.add(cell)
                    continue
            stack.append(cell * 4 + g)
    stack = [n for n in stack if n not in nodes]
    nodes.update(stack)
    _walk(net, stack, ori, down, colour, keyed, bribed)
