"""Why a move is not legal, one reason function per kind of move: the one test that
``legal_moves``, ``refusal`` and ``apply`` share, so they can never disagree. Also the
networks it reads (each colour's unbroken tunnels) and a goal's allowed orientations."""

from __future__ import annotations

from functools import cached_property

from parlor.core.protocol import Msg
from parlor.games.saboteur import maze as mz
from parlor.games.saboteur.cards import (
    ACTION_OF_KIND,
    CARDS,
    DIRS,
    OPP,
    ORIENTED,
    REPAIR_CARD,
    SABOTAGE_CARD,
)
from parlor.games.saboteur.facts import KEY_TOKENS, chain, rot_msg, tool_msg
from parlor.games.saboteur.naming import card_name, goal_msg, place_msg
from parlor.games.saboteur.notation import END_TURN, Move
from parlor.games.saboteur.state import (
    BRIBE,
    OVER,
    REVEAL,
    Cell,
    Placed,
    SaboteurState,
    SaboteurView,
)

R = "saboteur.reason."


def _at(c: _Ctx, cell: Cell) -> Msg:
    """Where ``cell`` is, in words (``naming.place_msg``)."""
    return place_msg(cell, c.s.players, c.s.colours)


def _why(name: str, **args: str | int | Msg) -> Msg:
    """A refusal reason: said by the page in its language (saboteur.reason.* keys)."""
    return Msg.of(R + name, **args)


class _Ctx:
    """What legality needs for the seat to act, computed once per call."""

    def __init__(self, s: SaboteurState) -> None:
        self.s = s
        self.seat = s.to_move
        self.colour = s.colours[self.seat]
        self.hand = s.hands[self.seat]

    @cached_property
    def grid(self) -> dict[Cell, Placed]:
        return mz.grid_of(self.s.maze)

    @cached_property
    def reach(self) -> mz.Reach:
        return network(self.s, self.seat)

    @cached_property
    def keyed(self) -> frozenset[Cell]:
        return frozenset(k.cell for k in self.s.keys)

    @cached_property
    def bribed(self) -> frozenset[Cell]:
        return mz.bribed_cells(self.s.bribes)

    def has(self, cid: str, n: int = 1) -> bool:
        return self.hand.count(cid) >= n

    @cached_property
    def _cells(self) -> dict[Cell, tuple[bool, int, int]]:
        return {}

    @cached_property
    def _near(self) -> dict[Cell, bool]:
        return {}

    @cached_property
    def entries(self) -> dict[Cell, int]:
        """The frontier as DIRS bit masks: the sides of each empty cell an unbroken
        tunnel of the seat's network arrives at (``Oriented.enter_mask`` meets them)."""
        return {cell: sum(1 << i for i, d in enumerate(DIRS) if d in sides)
                for cell, sides in self.reach.frontier.items()}

    def near_goal(self, cell: Cell) -> bool:
        """``maze.touches_goal_or_gold``, cached per cell for this call."""
        got = self._near.get(cell)
        if got is None:
            got = self._near[cell] = mz.touches_goal_or_gold(self.grid, cell)
        return got

    def around(self, cell: Cell) -> tuple[bool, int, int]:
        """(any card beside the cell, the sides a face-up neighbour constrains, which
        of those must be open) as DIRS bit masks, cached per cell for this call: a card
        fits when ``open_mask & constrained == must_open``."""
        got = self._cells.get(cell)
        if got is None:
            grid = self.grid
            anyone = False
            constrained = must_open = 0
            for i, d in enumerate("NESW"):
                np = grid.get(mz.step(cell, d))
                if np is None:
                    continue
                anyone = True
                no = mz.oriented(np)
                if no is not None:
                    constrained |= 1 << i
                    if no.is_open(OPP[d]):
                        must_open |= 1 << i
            got = (anyone, constrained, must_open)
            self._cells[cell] = got
        return got


def network(s: SaboteurState | SaboteurView, seat: int) -> mz.Reach:
    """``seat``'s unbroken network (memoized on a state; a view works too, for the
    renderer's highlighting): ``nodes`` (cell, group), ``frontier`` (empty cells an
    unbroken tunnel points at), ``goals`` touched, ``trolls`` it may bribe."""
    memo = s.memo if isinstance(s, SaboteurState) else {}
    key = ("reach", seat)
    got = memo.get(key)
    if got is None:
        got = mz.reach(
            mz.grid_of(s.maze), s.colours[seat], mz.keyed_cells(s.keys, seat),
            mz.bribed_cells(s.bribes),
        )
        memo[key] = got
    assert isinstance(got, mz.Reach)
    return got


def reveal_orientations(s: SaboteurState | SaboteurView, cell: Cell) -> tuple[int, ...]:
    """The orientations (0 upright, 1 turned) the pending goal at ``cell`` may take:
    rules, "Goals, gold, trolls": it is turned face up "so that its tunnels join the
    tunnel that reached it"; if exactly one orientation joins, that one is forced; if
    both do, or neither does (the mismatch then stands), the player chooses."""
    return joining_orientations(s, cell) or (0, 1)


def joining_orientations(s: SaboteurState | SaboteurView, cell: Cell) -> tuple[int, ...]:
    """The orientations in which the pending goal at ``cell`` joins the tunnel that
    reached it (possibly none; a view works too, the screen says why a choice is forced).

    Ruling on "the tunnel that reached it": every unbroken tunnel that opens onto the
    goal, of either player's network (``mz.arrivals``, the same tunnels by which
    ``reach`` counts a goal as reached), judged when the choice is made. So when one
    action makes both networks touch the goal, or reaches several goals at once, each
    goal is judged against all tunnels touching it at that moment, goals already turned
    face up this turn included (the acting player picks the order of the reveals).
    "Joins" is geometric, as the matching rule is: the goal card in that orientation
    has an opening (a dead-end stub counts) on a side where such a tunnel arrives; a
    door on the goal's side does not stop the tunnels joining, it only breaks the way
    for the other colour as any door does."""
    grid = mz.grid_of(s.maze)
    card = grid[cell].card
    assert card is not None, "a pending goal is seen by everybody"
    bribed = mz.bribed_cells(s.bribes)
    sides: set[str] = set()
    for seat, colour in enumerate(s.colours):
        nodes = network(s, seat).nodes
        sides |= mz.arrivals(grid, cell, colour, mz.keyed_cells(s.keys, seat), bribed, nodes)
    return tuple(rot for rot in (0, 1) if any(ORIENTED[(card, rot)].is_open(d) for d in sides))


def _reveal_reason(c: _Ctx, m: Move) -> Msg | None:
    s = c.s
    assert m.cell is not None
    if m.cell not in s.pending:
        return _why("no_goal_waiting_at", place=_at(c, m.cell))
    allowed = reveal_orientations(s, m.cell)
    if m.rot not in allowed:
        return _why("must_join", rot=rot_msg(allowed[0]))
    return None


def _reason(c: _Ctx, m: Move) -> Msg | None:
    """Why move ``m`` is not legal for the seat to act (None: it is). The one test."""
    s = c.s
    if s.phase == OVER:
        return _why("game_over")
    if s.phase == REVEAL:
        if m.kind != "reveal":
            goals = [goal_msg(x, s.players, s.colours) for x in s.pending]
            return _why("reveal_first", where=chain("saboteur.and", goals))
        return _reveal_reason(c, m)
    if m.kind == "reveal":
        return _why("no_goal_waiting")
    if s.phase == BRIBE:
        if m.kind == "done":
            return None
        if m.kind == "bribe":
            return _bribe_reason(c, m)
        return _why("bribe_window", done=END_TURN)
    if m.kind == "done":
        return _why("no_bribe_to_decline", done=END_TURN)
    return _REASONS[m.kind](c, m)


def _place_reason(c: _Ctx, m: Move) -> Msg | None:
    assert m.card is not None and m.cell is not None
    if m.rot < 0:
        return _why("sideways")
    card = CARDS.get(m.card)
    if card is None:
        return _why("no_such_card", card=m.card)
    if not card.is_path:
        return _why("not_path", card=card_name(m.card))
    if not c.has(m.card):
        return _why("not_in_hand", card=card_name(m.card))
    tools = c.s.sabotage[c.seat]
    if tools:
        return _why("broken_tool", tool=tool_msg(tools[0]))
    grid = c.grid
    if m.cell in grid:
        p = grid[m.cell]
        goal = p.card is None or CARDS[p.card].kind == "goal"
        return _why("goal_lies_at" if goal else "card_lies_at", place=_at(c, m.cell))
    return _fit_reason(c, m.card, m.cell, m.rot)


#: The maze checks of a placement, in the order they are made (``_fit_fault``).
NOT_ADJACENT, MISMATCH, LADDER_NEAR_GOAL, NOT_CONNECTED = range(1, 5)


def _fit_fault(c: _Ctx, cid: str, cell: Cell, rot: int) -> int:
    """The maze's part of a placement's legality (the hand and sabotage checks done),
    the one test ``legal_moves`` runs on every candidate and ``_fit_reason`` puts into
    words: 0 when the card fits, else the first check it fails (beside a card, every
    touching side matching, ladder spacing, connection). Words are built only for a
    refusal someone reads: move generation rejects most candidates and never says why.
    """
    anyone, constrained, must_open = c.around(cell)
    if not anyone:
        return NOT_ADJACENT
    o = ORIENTED[(cid, rot)]
    if o.open_mask & constrained != must_open:
        return MISMATCH
    ladder = CARDS[cid].ladder
    if ladder is not None and c.near_goal(cell):
        return LADDER_NEAR_GOAL
    if ladder == c.colour:
        return 0  # its tunnels count as connected to your start
    if not c.entries.get(cell, 0) & o.enter_mask[c.colour]:
        return NOT_CONNECTED
    return 0


def _fit_reason(c: _Ctx, cid: str, cell: Cell, rot: int) -> Msg | None:
    """Why the card does not fit (``_fit_fault``'s verdict, in words), None if it does."""
    fault = _fit_fault(c, cid, cell, rot)
    if fault == 0:
        return None
    if fault == NOT_ADJACENT:
        return _why("not_adjacent")
    if fault == LADDER_NEAR_GOAL:
        return _why("ladder_near_goal")
    o = ORIENTED[(cid, rot)]
    why = mz.mismatch(c.grid, cell, o) if fault == MISMATCH else mz.connection(
        c.reach, cell, o, c.colour)
    assert why is not None, "the words and the verdict come from the same sides"
    return why


def _break_reason(c: _Ctx, m: Move) -> Msg | None:
    assert m.tool is not None
    if c.s.players == 1:
        return _why("solo_no_opponent")
    cid = SABOTAGE_CARD[m.tool]
    if not c.has(cid):
        return _why("no_break_card", tool=tool_msg(m.tool))
    opp = 1 - c.seat
    if m.tool in c.s.sabotage[opp]:
        return _why("opponent_broken", tool=tool_msg(m.tool))
    return None


def _repair_reason(c: _Ctx, m: Move) -> Msg | None:
    assert m.tool is not None
    tools = m.tools or (m.tool,)
    cid = REPAIR_CARD.get(tools)
    if cid is None:
        return _why("no_repair_shows", tools=tool_msg(*tools))
    if m.tool not in tools:
        return _why("repair_not_mend", tool=tool_msg(m.tool))
    if not c.has(cid):
        return _why("no_repair_card", tools=tool_msg(*tools))
    if m.tool not in c.s.sabotage[c.seat]:
        return _why("nothing_broken", tool=tool_msg(m.tool))
    return None


def _key_target(c: _Ctx, cell: Cell) -> Msg | None:
    p = c.grid.get(cell)
    if p is None:
        return _why("no_card_at", place=_at(c, cell))
    o = mz.oriented(p)
    if o is None:
        return _why("goal_face_down")
    if not any(col != c.colour for col in o.door_at.values()):
        return _why("no_other_door")
    if cell in c.keyed:
        return _why("key_there")
    return None


def _key_reason(c: _Ctx, m: Move) -> Msg | None:
    assert m.cell is not None
    if not c.has(ACTION_OF_KIND["key"]):
        return _why("no_key_card")
    if len(c.s.keys) >= KEY_TOKENS:
        return _why("keys_used")
    return _key_target(c, m.cell)


def _rockfall_reason(c: _Ctx, m: Move) -> Msg | None:
    assert m.cell is not None
    if not c.has(ACTION_OF_KIND["rockfall"]):
        return _why("no_rockfall_card")
    p = c.grid.get(m.cell)
    if p is None:
        return _why("no_card_at", place=_at(c, m.cell))
    if p.card is None or CARDS[p.card].kind != "path":
        return _why("rockfall_start_goal")
    card = CARDS[p.card]
    if card.shows_gold:
        return _why("rockfall_gold")
    if card.has_troll:
        return _why("rockfall_troll")
    return None


def _map_reason(c: _Ctx, m: Move) -> Msg | None:
    assert m.cell is not None
    if not c.has(ACTION_OF_KIND["map"]):
        return _why("no_map_card")
    p = c.grid.get(m.cell)
    if p is None or m.cell not in c.s.goal_cells:
        return _why("no_goal_at", place=_at(c, m.cell))
    if p.face_up:
        return _why("goal_face_up")
    return None


def _discards_reason(c: _Ctx, cards: tuple[str, ...]) -> Msg | None:
    if tuple(sorted(cards)) != cards:
        return _why("discards_sorted", cards=" ".join(sorted(cards)))
    for cid in set(cards):
        if not c.has(cid, cards.count(cid)):
            return _why("not_holding", n=cards.count(cid), card=card_name(cid))
    return None


def _clear_reason(c: _Ctx, m: Move) -> Msg | None:
    assert m.tool is not None
    if m.tool not in c.s.sabotage[c.seat]:
        return _why("nothing_broken", tool=tool_msg(m.tool))
    return _discards_reason(c, m.cards)


def _pass_reason(c: _Ctx, m: Move) -> Msg | None:
    return _discards_reason(c, m.cards)


def _bribe_reason(c: _Ctx, m: Move) -> Msg | None:
    assert m.cell is not None
    p = c.grid.get(m.cell)
    if p is None or p.card is None or not p.face_up or not CARDS[p.card].has_troll:
        return _why("no_troll_at", place=_at(c, m.cell))
    if m.cell in c.bribed:
        return _why("troll_bribed")
    if c.s.counters_left[c.seat] == 0:
        return _why("no_counter")
    if m.cell not in c.reach.trolls:
        return _why("troll_not_reached")
    return None


_REASONS = {
    "place": _place_reason,
    "break": _break_reason,
    "repair": _repair_reason,
    "key": _key_reason,
    "rockfall": _rockfall_reason,
    "map": _map_reason,
    "clear": _clear_reason,
    "pass": _pass_reason,
    "bribe": _bribe_reason,
}
