"""The position of a Saboteur round for the search's fast path, as plain mutable
values: the maze as ``ori`` (cell -> orientation of a face-up card) and ``down`` (cell
-> face-down goal), who placed each card and when (``meta``: the solo rockfall hits
the latest), the gold nodes and troll cards on the table, hands (card numbers), the
draw pile (top last), tools broken (bit masks), counters, claims, bribes, keys and the
turn's bookkeeping, all numbered as in ``fast_tables``. Each colour's network
(``fast_net.Net``) is kept here and dropped when something may cut or open a tunnel
other than a new card (``fast_round`` grows it after a placement).

Also what the moves read of the maze (a cell's neighbours, a goal's allowed
orientations) and the changes that are not moves of their own: drawing (with the solo
game's forced sabotage and rockfall) and a rockfall's removal (``work.py``).
"""

from __future__ import annotations

from parlor.games.saboteur.bots import fast_net
from parlor.games.saboteur.bots.fast_tables import (
    BREAKS,
    DELTA,
    DOOR_AT,
    FALLS,
    GOLD,
    GROUP_AT,
    GROUP_NAMES,
    HAS_TROLL,
    INDEX,
    KIND,
    OPEN,
    ROCKFALL,
    SHOWS_GOLD,
    TROLL,
    cell_of,
)
from parlor.games.saboteur.cards import COLOURS, TOOLS
from parlor.games.saboteur.state import OVER, SaboteurState

#: Cards a ladder may not touch: goals (face up or down) and cards showing gold.
_GOLDISH = tuple(KIND[i] == "goal" or SHOWS_GOLD[i] for i in range(len(KIND)))


class Position:
    """A round's position; ``over`` once the round ended."""

    def __init__(self, s: SaboteurState) -> None:
        self.players = s.players
        self.col = [COLOURS.index(c) for c in s.colours]
        self.phase, self.to_move = s.phase, s.to_move
        self.over = s.phase == OVER
        self.ori: dict[int, int] = {}
        self.down: dict[int, int] = {}
        self.meta: dict[int, tuple[int, int]] = {}  # cell -> (placed by, order)
        self.gold: dict[int, int] = {}  # gold node -> nuggets, face-up cards
        self.troll_cells: set[int] = set()
        for p in s.maze:
            assert p.card is not None
            cell = cell_of((p.x, p.y))
            self.meta[cell] = (p.by, p.order)
            if p.face_up:
                self._lay(cell, 2 * INDEX[p.card] + p.rot)
            else:
                self.down[cell] = INDEX[p.card]
        self.goal_cells = [cell_of(c) for c in s.goal_cells]
        self.hands = [[INDEX[c] for c in h] for h in s.hands]
        self.draw = [INDEX[c] for c in reversed(s.draw)]  # top last
        self.discard = [INDEX[c] for c in s.discard]
        self.sabotage = [sum(1 << TOOLS.index(t) for t in ts) for ts in s.sabotage]
        self.counters = list(s.counters_left)
        self.claims: list[tuple[int, int]] = []  # (node, seat)
        for c in s.claims:
            cell = cell_of(c.cell)
            self.claims.append((cell * 4 + GROUP_NAMES[self.ori[cell]].index(str(c.group)),
                                c.seat))
        self.claimed = {node for node, _ in self.claims}
        self.bribes = [(cell_of(b.cell), b.seat) for b in s.bribes]
        self.bribed = {cell for cell, _ in self.bribes}
        self.keys = [(cell_of(k.cell), k.seat) for k in s.keys]
        self.peeks = [[cell_of(c) for c in p] for p in s.peeks]
        self.pending = [cell_of(c) for c in s.pending]
        self.end_turn_after = s.end_turn_after
        self.trolls_before = [cell_of(c) for c in s.trolls_before]
        self.placed = s.placed_count
        self.treasure = s.treasure
        self.rng = s.rng  # untouched within a round
        self.nets: list[fast_net.Net | None] = [None] * s.players

    def _lay(self, cell: int, o: int) -> None:
        self.ori[cell] = o
        for g, v in enumerate(GOLD[o]):
            if v:
                self.gold[cell * 4 + g] = v
        if HAS_TROLL[o >> 1]:
            self.troll_cells.add(cell)

    # ---- networks ----------------------------------------------------------------------

    def keyed(self, seat: int) -> frozenset[int]:
        return frozenset(cell for cell, k in self.keys if k == seat) if self.keys \
            else frozenset()

    def net(self, seat: int) -> fast_net.Net:
        got = self.nets[seat]
        if got is None:
            got = self.nets[seat] = fast_net.full(self.ori, self.down, self.col[seat],
                                                  self.keyed(seat), self.bribed)
        return got

    def orientations(self, cell: int) -> tuple[int, ...]:
        """``reasons.reveal_orientations``: the goal's orientations that join a tunnel of
        either network arriving at it (both when none does)."""
        ori, sides = self.ori, 0
        for seat in range(self.players):
            nodes, colour, keyed = self.net(seat).nodes, self.col[seat], self.keyed(seat)
            for d in range(4):
                n = cell + DELTA[d]
                no = ori.get(n)
                if no is None:
                    continue
                back = (d + 2) & 3
                g = GROUP_AT[no][back]
                if g < 0 or n * 4 + g not in nodes:
                    continue
                door = DOOR_AT[no][back]
                if door >= 0 and door != colour and n not in keyed:
                    continue
                if TROLL[no] >> back & 1 and n not in self.bribed:
                    continue
                sides |= 1 << d
        card = self.down[cell]
        return tuple(r for r in (0, 1) if OPEN[2 * card + r] & sides) or (0, 1)

    # ---- legal moves -------------------------------------------------------------------

    def around(self, cell: int) -> tuple[int, int, bool]:
        """(sides a face-up neighbour constrains, those that must be open, whether a
        goal or a card showing gold is beside the cell) as ``reasons._Ctx.around``."""
        ori, down = self.ori, self.down
        constrained = must = 0
        touches = False
        for d in range(4):
            n = cell + DELTA[d]
            no = ori.get(n)
            if no is None:
                if n in down:
                    touches = True
                continue
            constrained |= 1 << d
            if OPEN[no] >> ((d + 2) & 3) & 1:
                must |= 1 << d
            if _GOLDISH[no >> 1]:
                touches = True
        return constrained, must, touches

    def empty_neighbours(self) -> list[int]:
        out: set[int] = set()
        for grid in (self.ori, self.down):
            for cell in grid:
                for dd in DELTA:
                    n = cell + dd
                    if n not in self.ori and n not in self.down:
                        out.add(n)
        return sorted(out)

    def draw_cards(self, seat: int, n: int) -> None:
        """``work._draw``, with the solo game's forced sabotage and rockfall."""
        draw = self.draw
        for _ in range(n):
            while draw:
                card = draw.pop()
                if self.players == 1:
                    tool = BREAKS[card]
                    if tool >= 0:
                        if self.sabotage[seat] >> tool & 1:
                            self.discard.append(card)
                        else:
                            self.sabotage[seat] |= 1 << tool
                        continue
                    if card == ROCKFALL:
                        self.discard.append(card)
                        best, target = -1, -1
                        for cell, (by, order) in self.meta.items():
                            if by == seat and cell in self.ori and FALLS[self.ori[cell] >> 1] \
                                    and order > best:
                                best, target = order, cell
                        if target >= 0:
                            self.remove(target)
                        continue
                self.hands[seat].append(card)
                break

    def remove(self, cell: int) -> None:
        """``work._remove_card``: a rockfall; a key on the card returns to the supply."""
        self.discard.append(self.ori.pop(cell) >> 1)
        del self.meta[cell]
        self.keys = [k for k in self.keys if k[0] != cell]
        self.nets = [None] * self.players
