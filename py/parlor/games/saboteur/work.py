"""The mutable working copy of a state that one ``apply`` edits and freezes again (the
state itself never changes), and drawing cards into it (with the solo game's forced
sabotage and rockfall on drawing)."""

from __future__ import annotations

from parlor.core.protocol import Msg
from parlor.core.rng import Rng
from parlor.games.saboteur import maze as mz
from parlor.games.saboteur.cards import (
    CARDS,
    TOOLS,
)
from parlor.games.saboteur.facts import (
    colour_name,
    tool_msg,
)
from parlor.games.saboteur.naming import a_card, place_msg
from parlor.games.saboteur.state import (
    Cell,
    Counter,
    SaboteurState,
)


class _Work:
    """A mutable copy of a state for one ``apply``; ``freeze`` gives the new state."""

    def __init__(self, s: SaboteurState) -> None:
        self.s = s
        self.players = s.players
        self.colours = s.colours
        self.round = s.round
        self.phase = s.phase
        self.to_move = s.to_move
        self.maze = mz.grid_of(s.maze)
        self.goal_cells = s.goal_cells
        self.hands = [list(h) for h in s.hands]
        self.draw = list(s.draw)
        self.discard = list(s.discard)
        self.set_aside = list(s.set_aside)
        self.goal_stack = list(s.goal_stack)
        self.sabotage = [list(t) for t in s.sabotage]
        self.counters_left = list(s.counters_left)
        self.claims = list(s.claims)
        self.bribes = list(s.bribes)
        self.keys = list(s.keys)
        self.peeks = [list(p) for p in s.peeks]
        self.pending = list(s.pending)
        self.end_turn_after = s.end_turn_after
        self.trolls_before = list(s.trolls_before)
        self.treasure = [list(t) for t in s.treasure]
        self.paid = list(s.paid)
        self.boxed = list(s.boxed)
        self.results = list(s.results)
        self.history = list(s.history)
        self.log = list(s.log)
        self.placed_count = s.placed_count
        self.rng = Rng(s.rng)
        self.last_maze = s.last_maze
        self.last_counters = s.last_counters
        self.opened = False  # set by moves that may open tunnels (see _settle)
        self.grown: tuple[SaboteurState, Cell] | None = None  # a placement's (before, cell)

    def note(self, key: str, **args: str | int | Msg) -> None:
        """An event of the round, said by the page (``saboteur.note.*`` keys)."""
        self.log.append((self.round, Msg.of(f"saboteur.note.{key}", **args)))

    def name(self, seat: int) -> Msg:
        return colour_name(self.colours[seat])

    def reach(self, seat: int) -> mz.Reach:
        return mz.reach(
            self.maze, self.colours[seat], mz.keyed_cells(self.keys, seat),
            mz.bribed_cells(self.bribes),
        )

    def freeze(self) -> SaboteurState:
        def counters(cs: list[Counter]) -> tuple[Counter, ...]:
            return tuple(sorted(cs, key=lambda c: (c.x, c.y, c.group or "", c.seat)))

        return SaboteurState(
            players=self.players,
            colours=self.colours,
            options=self.s.options,
            round=self.round,
            phase=self.phase,
            to_move=self.to_move,
            maze=tuple(self.maze[c] for c in sorted(self.maze)),
            goal_cells=self.goal_cells,
            hands=tuple(tuple(sorted(h)) for h in self.hands),
            draw=tuple(self.draw),
            discard=tuple(sorted(self.discard)),
            set_aside=tuple(self.set_aside),
            goal_stack=tuple(sorted(self.goal_stack)),
            sabotage=tuple(tuple(t for t in TOOLS if t in tools) for tools in self.sabotage),
            counters_left=tuple(self.counters_left),
            claims=counters(self.claims),
            bribes=counters(self.bribes),
            keys=counters(self.keys),
            peeks=tuple(tuple(sorted(set(p))) for p in self.peeks),
            pending=tuple(sorted(set(self.pending))),
            end_turn_after=self.end_turn_after,
            trolls_before=tuple(sorted(self.trolls_before)),
            treasure=tuple(tuple(t) for t in self.treasure),
            paid=tuple(self.paid),
            boxed=tuple(sorted(self.boxed)),
            results=tuple(self.results),
            history=tuple(self.history),
            log=tuple(self.log),
            placed_count=self.placed_count,
            rng=self.rng.state,
            last_maze=self.last_maze,
            last_counters=self.last_counters,
        )


def _draw(w: _Work, seat: int, n: int) -> None:
    """Draw ``n`` cards (fewer when the pile runs out: no draw from an empty pile).

    Solo: a sabotage card drawn goes face up in front of the player (a second one of
    the same tool is discarded without effect) and a rockfall is played at once on the
    last path card placed that shows no gold and no troll; either way, draw again.
    """
    for _ in range(n):
        while w.draw:
            cid = w.draw.pop(0)
            card = CARDS[cid]
            if w.players == 1 and card.kind == "sabotage":
                tool = card.tools[0]
                if tool in w.sabotage[seat]:
                    w.discard.append(cid)
                    w.note("second_broken", tool=tool_msg(tool))
                else:
                    w.sabotage[seat].append(tool)
                    w.note("broken", tool=tool_msg(tool))
                continue
            if w.players == 1 and card.kind == "rockfall":
                w.discard.append(cid)
                target = _solo_rockfall_target(w, seat)
                if target is None:
                    w.note("rockfall_none")
                else:
                    removed = w.maze[target].card
                    assert removed is not None
                    _remove_card(w, target)
                    w.note("rockfall", card=a_card(removed),
                           place=place_msg(target, w.players, w.colours))
                continue
            w.hands[seat].append(cid)
            break


def _solo_rockfall_target(w: _Work, seat: int) -> Cell | None:
    best: tuple[int, Cell] | None = None
    for cell, p in w.maze.items():
        if p.by != seat or p.card is None:
            continue
        card = CARDS[p.card]
        if card.kind != "path" or card.shows_gold or card.has_troll:
            continue
        if best is None or p.order > best[0]:
            best = (p.order, cell)
    return None if best is None else best[1]


def _remove_card(w: _Work, cell: Cell) -> None:
    """Rockfall: the card goes to the discard pile; a key on it returns to the supply."""
    p = w.maze.pop(cell)
    assert p.card is not None
    w.discard.append(p.card)
    w.keys = [k for k in w.keys if k.cell != cell]
