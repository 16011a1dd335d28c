"""The rules of one Saboteur round on a private mutable position, for the search's fast
path (``fast.py`` adds the search's side: rollout policies, scores, notation).

The position is the state's fields as plain lists, dicts and ints (cards, cells and
nodes as ``fast_tables`` numbers) edited in place; a move is a small tuple
``(kind, ...)``:

``(PLACE, card, cell, rot)`` ``(BREAK, tool)`` ``(REPAIR, tool, card)`` ``(KEY, cell)``
``(ROCKFALL, cell)`` ``(MAP, cell)`` ``(CLEAR, tool, card, card)``
``(PASS, card, card or -1)`` ``(BRIBE, cell)`` ``(REVEAL, cell, rot)`` ``(DONE,)``

``legal`` lists exactly ``legal.legal_moves``'s candidates that pass, in its order, and
``play`` follows ``moves.apply`` step for step (the action, reveals, gold secured, the
round-end triggers, the bribe window, the draw, the next turn). Each colour's network
is a ``fast_net.Net`` grown after a placement and walked again after anything else that
may change it. Drawing never touches the state's generator within a round (it is only
used to shuffle at a round's set-up), and the position stops when the round ends:
``to_act`` is then None and ``round_gold`` holds the round's result.
"""

from __future__ import annotations

from parlor.games.saboteur.bots import fast_net
from parlor.games.saboteur.bots.fast_position import Position
from parlor.games.saboteur.bots.fast_tables import (
    DOOR_AT,
    FALLS,
    GROUP_AT,
    IS_PATH,
    JOINS,
    KEY,
    LADDER,
    MAP,
    OPEN,
    REPAIRS,
    ROCKFALL,
    SABOTAGE,
)
from parlor.games.saboteur.state import BRIBE, PLAY, REVEAL

FastMove = tuple[int, ...]
PLACE, BREAK_, REPAIR, KEY_, ROCKFALL_, MAP_, CLEAR, PASS, BRIBE_, REVEAL_, DONE = range(11)
DONE_MOVE: FastMove = (DONE,)
_KEYED: tuple[list[int], ...] = tuple([0] * len(GROUP_AT) for _ in range(2))
for _c in (0, 1):  # orientations with a door of a colour other than _c: key targets
    for _k, _doors in enumerate(DOOR_AT):
        _KEYED[_c][_k] = any(col >= 0 and col != _c for col in _doors)


class SabRound(Position):
    """The moves of a round: ``legal`` and ``play`` (see the module docstring)."""

    def to_act(self) -> int | None:
        return None if self.over else self.to_move

    def legal(self) -> list[FastMove]:
        if self.over:
            return []
        seat, phase = self.to_move, self.phase
        if phase == REVEAL:
            return [(REVEAL_, cell, r) for cell in self.pending for r in self.orientations(cell)]
        net = self.net(seat)
        if phase == BRIBE:
            out: list[FastMove] = [(BRIBE_, c) for c in sorted(net.trolls)] \
                if self.counters[seat] else []
            out.append(DONE_MOVE)
            return out
        hand = self.hands[seat]
        kinds = sorted(set(hand))
        out = [] if self.sabotage[seat] else self.placements(seat, kinds, net)
        sab = self.sabotage[seat]
        if self.players == 2:
            opp = self.sabotage[1 - seat]
            out.extend((BREAK_, t) for t in range(3) if SABOTAGE[t] in hand and not opp >> t & 1)
        if sab:
            for card, tools in REPAIRS:
                if card in hand:
                    out.extend((REPAIR, t, card) for t in tools if sab >> t & 1)
        ori = self.ori
        if KEY in hand and len(self.keys) < 2:
            colour, keyed = self.col[seat], {cell for cell, _ in self.keys}
            out.extend((KEY_, cell) for cell in sorted(ori)
                       if _KEYED[colour][ori[cell]] and cell not in keyed)
        if ROCKFALL in hand:
            out.extend((ROCKFALL_, cell) for cell in sorted(ori) if FALLS[ori[cell] >> 1])
        if MAP in hand:
            out.extend((MAP_, cell) for cell in self.goal_cells if cell in self.down)
        pairs = [(a, b) for i, a in enumerate(kinds) for b in kinds[i:]
                 if a != b or hand.count(a) > 1]
        for t in range(3):
            if sab >> t & 1:
                out.extend((CLEAR, t, a, b) for a, b in pairs)
        out.extend((PASS, a, -1) for a in kinds)
        out.extend((PASS, a, b) for a, b in pairs)
        if self.counters[seat]:
            out.extend((BRIBE_, c) for c in sorted(net.trolls))
        return out

    def placements(self, seat: int, kinds: list[int], net: fast_net.Net) -> list[FastMove]:
        """``legal._candidates``' placements: each path card (in id order) at each
        frontier cell (your own ladder: every empty cell beside the maze), upright then
        turned, where ``reasons._fit_fault`` passes (sides match, ladder spacing,
        a tunnel of the card meets your network)."""
        colour = self.col[seat]
        joins = JOINS[colour]
        frontier = net.frontier
        infos: list[tuple[int, int, int, bool, int]] | None = None
        out: list[FastMove] = []
        for card in kinds:
            if not IS_PATH[card]:
                continue
            ladder = LADDER[card]
            o = 2 * card
            open0, open1 = OPEN[o], OPEN[o + 1]
            if ladder == colour:  # rare: its own cells, no connection needed
                for cell in self.empty_neighbours():
                    constrained, must, touches = self.around(cell)
                    if not touches:
                        if open0 & constrained == must:
                            out.append((PLACE, card, cell, 0))
                        if open1 & constrained == must:
                            out.append((PLACE, card, cell, 1))
                continue
            if infos is None:
                infos = [(cell, *self.around(cell), frontier[cell]) for cell in sorted(frontier)]
            join0, join1 = joins[o], joins[o + 1]
            laddered = ladder >= 0
            for cell, constrained, must, touches, arrive in infos:
                if laddered and touches:
                    continue
                if open0 & constrained == must and arrive & join0:
                    out.append((PLACE, card, cell, 0))
                if open1 & constrained == must and arrive & join1:
                    out.append((PLACE, card, cell, 1))
        return out

    # ---- playing: moves.apply, step for step -------------------------------------------

    def play(self, move: FastMove) -> None:
        k = move[0]
        seat = self.to_move
        if k == DONE:
            self.end_turn(seat, 1)
            return
        if k == REVEAL_:
            cell = move[1]
            self._lay(cell, 2 * self.down.pop(cell) + move[2])
            self.pending.remove(cell)
            self.nets = [None] * self.players
            self.settle(seat, 1 if self.end_turn_after else 0, True, -1)
            return
        if k == BRIBE_:
            self.counters[seat] -= 1
            self.bribes.append((move[1], seat))
            self.bribed.add(move[1])
            self.nets = [None] * self.players
            if self.phase == BRIBE:
                self.settle(seat, 1, True, -1)
            else:
                self.end_turn_after = False
                self.settle(seat, 0, True, -1)
            return
        self.end_turn_after = True
        self.trolls_before = sorted(self.net(seat).trolls)
        draws, grown = 1, -1
        hand = self.hands[seat]
        if k == PLACE:
            card, cell = move[1], move[2]
            hand.remove(card)
            self.placed += 1
            self._lay(cell, 2 * card + move[3])
            self.meta[cell] = (seat, self.placed)
            grown = cell
        elif k == BREAK_:
            hand.remove(SABOTAGE[move[1]])
            self.sabotage[1 - seat] |= 1 << move[1]
        elif k == REPAIR:
            hand.remove(move[2])
            self.discard.append(move[2])
            self.sabotage[seat] &= ~(1 << move[1])
            self.discard.append(SABOTAGE[move[1]])
        elif k == KEY_:
            hand.remove(KEY)
            self.discard.append(KEY)
            self.keys.append((move[1], seat))
            self.nets[seat] = None
        elif k == ROCKFALL_:
            hand.remove(ROCKFALL)
            self.discard.append(ROCKFALL)
            self.remove(move[1])
        elif k == MAP_:
            hand.remove(MAP)
            self.discard.append(MAP)
            self.peeks[seat].append(move[1])
        elif k == CLEAR:
            for card in move[2:]:
                hand.remove(card)
                self.discard.append(card)
            self.sabotage[seat] &= ~(1 << move[1])
            self.discard.append(SABOTAGE[move[1]])
        else:  # PASS
            for card in move[1:]:
                if card >= 0:
                    hand.remove(card)
                    self.discard.append(card)
            draws = 1 if move[2] < 0 else 2
        self.settle(seat, draws, k in (PLACE, KEY_), grown)

    def settle(self, actor: int, draws: int, opened: bool, grown: int) -> None:
        """``moves._settle``: reveals, gold, round end, bribe window, draw, next turn."""
        if grown >= 0:
            for seat in range(self.players):
                net = self.nets[seat]
                if net is not None:
                    fast_net.grow(net, self.ori, self.down, self.col[seat], self.keyed(seat),
                                  self.bribed, grown)
            opened = True
        if opened:
            reached = set(self.pending)
            for seat in range(self.players):
                reached |= self.net(seat).goals
            if reached:
                self.pending = sorted(reached)
                self.phase, self.to_move = REVEAL, actor
                return
        self.phase = PLAY
        if opened:
            self.secure(actor)
        if not self.down or not any(self.counters) or (not self.draw and not any(self.hands)):
            self.over = True
            return
        if not self.end_turn_after:
            self.to_move = actor
            return
        if opened and self.bribe_window(actor):
            self.phase, self.to_move = BRIBE, actor
            return
        self.end_turn(actor, draws)

    def secure(self, actor: int) -> None:
        """``moves._secure``: the actor first, richest gold first, while counters last."""
        for seat in (actor, *(s for s in range(self.players) if s != actor)):
            if not self.counters[seat]:
                continue
            nodes, claimed = self.net(seat).nodes, self.claimed
            for _, node in sorted((-v, node) for node, v in self.gold.items()
                                  if node in nodes and node not in claimed):
                if not self.counters[seat]:
                    break
                claimed.add(node)
                self.counters[seat] -= 1
                self.claims.append((node, seat))

    def bribe_window(self, actor: int) -> bool:
        """``moves._bribe_window``: an unbribed troll reached now but not before."""
        if not self.counters[actor]:
            return False
        fresh = self.troll_cells - self.bribed - set(self.trolls_before)
        return bool(fresh) and not fresh.isdisjoint(self.net(actor).trolls)

    def end_turn(self, actor: int, draws: int) -> None:
        self.phase = PLAY
        self.trolls_before = []
        self.draw_cards(actor, draws)
        for k in range(1, self.players + 1):  # rounds._advance
            seat = (actor + k) % self.players
            if self.hands[seat]:
                self.to_move = seat
                return
        self.over = True
