"""Saboteur: The Duel's rules (shared/rules/saboteur_duel.md): set-up, legality, moves,
round ends, scoring. Duel for two seats, the solo game for one.

``legal_moves`` is the only place legality is decided: every candidate move goes
through the same ``_reason`` function that ``refusal`` and ``apply`` use to explain a
refusal, so the three can never disagree. ``apply`` works on a mutable copy
(``_Work``) and freezes it again: the state itself is never changed.

Flow of a turn: the player to act may first bribe trolls (free actions, the turn goes
on), then does exactly one action (place, action card, clear, pass). If the action
makes any unbroken tunnel reach a face-down goal, the phase becomes ``reveal`` and the
acting player chooses each goal's orientation (``reveal`` moves, only those whose
tunnels join the tunnel that reached the goal: ``reveal_orientations``); then gold
newly connected is secured (the acting player first), the round-end triggers are
checked; if the round goes on and the action (or a reveal it caused) made a troll
reachable from the actor's start that it did not reach before, and the actor has a
counter left, the phase becomes ``bribe`` (the bribe window: ``bribe`` moves or
``done``); then the player draws and the turn passes to the next player holding cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from itertools import combinations_with_replacement

from parlor.core.errors import IllegalMove
from parlor.core.rng import Rng
from parlor.games.saboteur import maze as mz
from parlor.games.saboteur.cards import (
    ACTION_OF_KIND,
    CARDS,
    COUNTS,
    DECK,
    GOAL_IDS,
    ORIENTED,
    REPAIR_CARD,
    SABOTAGE_CARD,
    START_OF,
    TOOLS,
    goal_cells,
    start_cell,
)
from parlor.games.saboteur.notation import (
    END_TURN,
    ROT_MARK,
    Move,
    cell_text,
    format_move,
    parse_move,
)
from parlor.games.saboteur.options import normalize
from parlor.games.saboteur.state import (
    BRIBE,
    OVER,
    PLAY,
    REVEAL,
    Cell,
    Counter,
    Placed,
    RoundResult,
    SaboteurState,
    SaboteurView,
)

HAND_SIZE = 6
SET_ASIDE = 10
KEY_TOKENS = 2
COUNTERS = {1: 6, 2: 4}
SOLO_BANDS: tuple[tuple[int, str], ...] = (
    (25, "boss of all mines"),
    (20, "a good nose for gold"),
    (15, "not bad"),
    (0, "not a winner"),
)

NOT_NOTATION = (
    "not a move; moves look like: place P14@6,-1^, break pick, repair pick, key @3,0, "
    "rockfall @2,1, map @7,-1, clear pick discard P08 P16, pass P08 P16, bribe @4,1, "
    "reveal @5,0 v, done"
)
ROT_WORDS = ("upright (^)", "turned (v)")


def colour_name(colour: str) -> str:
    return colour.capitalize()


def band(points: int) -> str:
    """The solo result's words for a score (rules, "Solo")."""
    for low, words in SOLO_BANDS:
        if points >= low:
            return words
    return SOLO_BANDS[-1][1]


# --------------------------------------------------------------------------- set-up


def new_game(players: int, seed: int, given: Mapping[str, object]) -> SaboteurState:
    opts = normalize(players, given)
    colours = ("green", "blue") if players == 2 else (opts.solo_colour,)
    unused_starts = tuple(sorted(cid for col, cid in START_OF.items() if col not in colours))
    base = SaboteurState(
        players=players,
        colours=colours,
        options=opts,
        round=0,
        phase=PLAY,
        to_move=0,
        maze=(),
        goal_cells=goal_cells(players),
        hands=((),) * players,
        draw=(),
        discard=(),
        set_aside=(),
        goal_stack=GOAL_IDS,
        sabotage=((),) * players,
        counters_left=(COUNTERS[players],) * players,
        claims=(),
        bribes=(),
        keys=(),
        peeks=((),) * players,
        pending=(),
        end_turn_after=True,
        trolls_before=(),
        treasure=((),) * players,
        paid=(),
        boxed=unused_starts,
        results=(),
        history=(),
        log=(),
        placed_count=0,
        rng=seed,
        last_maze=(),
        last_counters=(),
    )
    w = _Work(base)
    _start_round(w, first=0)  # green starts round 1 (solo: the only seat)
    return w.freeze()


def _start_round(w: _Work, first: int) -> None:
    """Rules, "Setup of a round": starts, six face-down goals, shuffle, deal."""
    w.round += 1
    stack = w.rng.shuffled(sorted(w.goal_stack))
    goals, w.goal_stack = list(stack[: len(w.goal_cells)]), list(stack[len(w.goal_cells):])
    w.maze = {}
    for colour in w.colours:
        cell = start_cell(colour)
        w.maze[cell] = Placed(cell[0], cell[1], START_OF[colour], 0, True, -1, 0)
    for cell, gid in zip(w.goal_cells, goals, strict=True):
        w.maze[cell] = Placed(cell[0], cell[1], gid, 0, False, -1, 0)
    w.placed_count = 0
    # Kept gold path cards (and path cards paid to trolls) leave the deck for good.
    gone = {cid for cid, _ in _all_treasure_and_paid(w) if CARDS[cid].kind == "path"}
    deck = [cid for cid in DECK if cid not in gone]
    deck = list(w.rng.shuffled(deck))
    if w.players == 1:
        w.set_aside, deck = deck[:SET_ASIDE], deck[SET_ASIDE:]
    else:
        w.set_aside = []
    w.draw = deck
    w.discard = []
    w.hands = [[] for _ in range(w.players)]
    w.sabotage = [[] for _ in range(w.players)]
    w.counters_left = [COUNTERS[w.players]] * w.players
    w.claims, w.bribes, w.keys = [], [], []
    w.peeks = [[] for _ in range(w.players)]
    w.pending = []
    w.end_turn_after = True
    w.trolls_before = []
    w.phase = PLAY
    for seat in range(w.players):
        _draw(w, seat, HAND_SIZE)
    w.to_move = first
    if not w.hands[first]:
        _advance(w, first)


def _all_treasure_and_paid(w: _Work) -> list[tuple[str, int]]:
    out = [piece for pieces in w.treasure for piece in pieces]
    out.extend((cid, v) for cid, v, _ in w.paid)
    return out


# --------------------------------------------------------------------------- working copy


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

    def note(self, text: str) -> None:
        self.log.append((self.round, text))

    def name(self, seat: int) -> str:
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


# --------------------------------------------------------------------------- drawing


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
                    w.note(f"Drew a second broken {tool}: discarded without effect.")
                else:
                    w.sabotage[seat].append(tool)
                    w.note(f"Drew a broken {tool}: it goes in front of you.")
                continue
            if w.players == 1 and card.kind == "rockfall":
                w.discard.append(cid)
                target = _solo_rockfall_target(w, seat)
                if target is None:
                    w.note("Drew a rockfall: no path card of yours to hit, discarded.")
                else:
                    removed = w.maze[target].card
                    _remove_card(w, target)
                    w.note(f"Drew a rockfall: it removes {removed} at "
                           f"{cell_text(target)[1:]}.")
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


# --------------------------------------------------------------------------- legality


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
                    if no.is_open(mz.OPP[d]):
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


def _reveal_reason(c: _Ctx, m: Move) -> str | None:
    s = c.s
    assert m.cell is not None
    if m.cell not in s.pending:
        return f"no goal card waits to be turned face up at {cell_text(m.cell)[1:]}"
    allowed = reveal_orientations(s, m.cell)
    if m.rot not in allowed:
        return ("the goal's tunnels must join the tunnel that reached it: only "
                f"{ROT_WORDS[allowed[0]]} joins")
    return None


def _reason(c: _Ctx, m: Move) -> str | None:
    """Why move ``m`` is not legal for the seat to act (None: it is). The one test."""
    s = c.s
    if s.phase == OVER:
        return "the game is over"
    if s.phase == REVEAL:
        if m.kind != "reveal":
            where = ", ".join(cell_text(p)[1:] for p in s.pending)
            return f"first choose how to turn the goal card you reached ({where}) face up"
        return _reveal_reason(c, m)
    if m.kind == "reveal":
        return "no goal card is waiting to be turned face up"
    if s.phase == BRIBE:
        if m.kind == "done":
            return None
        if m.kind == "bribe":
            return _bribe_reason(c, m)
        return ("your action is done: bribe a troll it opened the way to, or end your turn "
                f"({END_TURN})")
    if m.kind == "done":
        return ("there is no bribe to decline: your turn ends by itself after your action "
                f"({END_TURN} only follows an action that made a troll reachable)")
    return _REASONS[m.kind](c, m)


def _place_reason(c: _Ctx, m: Move) -> str | None:
    assert m.card is not None and m.cell is not None
    if m.rot < 0:
        return "cards are placed upright (^) or turned 180 degrees (v), never sideways"
    card = CARDS.get(m.card)
    if card is None:
        return f"there is no card {m.card}"
    if not card.is_path:
        return f"{m.card} is not a path card"
    if not c.has(m.card):
        return f"you have no {m.card} in your hand"
    tools = c.s.sabotage[c.seat]
    if tools:
        return f"you have a broken {tools[0]} in front of you"
    grid = c.grid
    if m.cell in grid:
        p = grid[m.cell]
        what = "a goal card" if p.card is None or CARDS[p.card].kind == "goal" else "a card"
        return f"{what} already lies at {cell_text(m.cell)[1:]}"
    return _fit_reason(c, m.card, m.cell, m.rot)


def _fit_reason(c: _Ctx, cid: str, cell: Cell, rot: int) -> str | None:
    """The maze's part of a placement's legality (the hand and sabotage checks done):
    beside a card, every touching side matching, ladder spacing, connection."""
    anyone, constrained, must_open = c.around(cell)
    if not anyone:
        return "a card must go orthogonally next to a card already in the maze"
    o = ORIENTED[(cid, rot)]
    if o.open_mask & constrained != must_open:
        bad = mz.mismatch(c.grid, cell, o)
        assert bad is not None
        return bad
    ladder = CARDS[cid].ladder
    if ladder is not None and mz.touches_goal_or_gold(c.grid, cell):
        return "a ladder card may not go next to a goal card or a card showing gold"
    if ladder == c.colour:
        return None  # its tunnels count as connected to your start
    return mz.connection(c.reach, cell, o, c.colour)


def _break_reason(c: _Ctx, m: Move) -> str | None:
    assert m.tool is not None
    if c.s.players == 1:
        return "there is no opponent to sabotage in the solo game"
    cid = SABOTAGE_CARD[m.tool]
    if not c.has(cid):
        return f"you have no broken-{m.tool} card in your hand"
    opp = 1 - c.seat
    if m.tool in c.s.sabotage[opp]:
        return f"a broken {m.tool} already lies in front of your opponent"
    return None


def _repair_reason(c: _Ctx, m: Move) -> str | None:
    assert m.tool is not None
    tools = m.tools or (m.tool,)
    cid = REPAIR_CARD.get(tools)
    if cid is None:
        return f"no repair card shows {'+'.join(tools)}"
    if m.tool not in tools:
        return f"that repair card does not mend a {m.tool}"
    if not c.has(cid):
        return f"you have no {'+'.join(tools)} repair card in your hand"
    if m.tool not in c.s.sabotage[c.seat]:
        return f"there is no broken {m.tool} in front of you"
    return None


def _key_target(c: _Ctx, cell: Cell) -> str | None:
    p = c.grid.get(cell)
    if p is None:
        return f"there is no card at {cell_text(cell)[1:]}"
    o = mz.oriented(p)
    if o is None:
        return "the goal card there is face down"
    if not any(col != c.colour for col in o.door_at.values()):
        return "that card has no door of the other colour"
    if cell in c.keyed:
        return "a key already lies on that card"
    return None


def _key_reason(c: _Ctx, m: Move) -> str | None:
    assert m.cell is not None
    if not c.has(ACTION_OF_KIND["key"]):
        return "you have no key card in your hand"
    if len(c.s.keys) >= KEY_TOKENS:
        return "both key tokens are already on the table"
    return _key_target(c, m.cell)


def _rockfall_reason(c: _Ctx, m: Move) -> str | None:
    assert m.cell is not None
    if not c.has(ACTION_OF_KIND["rockfall"]):
        return "you have no rockfall card in your hand"
    p = c.grid.get(m.cell)
    if p is None:
        return f"there is no card at {cell_text(m.cell)[1:]}"
    if p.card is None or CARDS[p.card].kind != "path":
        return "a rockfall cannot remove a start or goal card"
    card = CARDS[p.card]
    if card.shows_gold:
        return "a rockfall cannot remove a card showing gold"
    if card.has_troll:
        return "a rockfall cannot remove a troll card"
    return None


def _map_reason(c: _Ctx, m: Move) -> str | None:
    assert m.cell is not None
    if not c.has(ACTION_OF_KIND["map"]):
        return "you have no map card in your hand"
    p = c.grid.get(m.cell)
    if p is None or m.cell not in c.s.goal_cells:
        return f"there is no goal card at {cell_text(m.cell)[1:]}"
    if p.face_up:
        return "that goal card is already face up"
    return None


def _discards_reason(c: _Ctx, cards: tuple[str, ...]) -> str | None:
    if tuple(sorted(cards)) != cards:
        return "write the discarded cards in sorted order: " + " ".join(sorted(cards))
    for cid in set(cards):
        if not c.has(cid, cards.count(cid)):
            return f"you do not hold {cards.count(cid)} x {cid}"
    return None


def _clear_reason(c: _Ctx, m: Move) -> str | None:
    assert m.tool is not None
    if m.tool not in c.s.sabotage[c.seat]:
        return f"there is no broken {m.tool} in front of you"
    return _discards_reason(c, m.cards)


def _pass_reason(c: _Ctx, m: Move) -> str | None:
    return _discards_reason(c, m.cards)


def _bribe_reason(c: _Ctx, m: Move) -> str | None:
    assert m.cell is not None
    p = c.grid.get(m.cell)
    if p is None or p.card is None or not p.face_up or not CARDS[p.card].has_troll:
        return f"there is no troll at {cell_text(m.cell)[1:]}"
    if m.cell in c.bribed:
        return "that troll has already been bribed"
    if c.s.counters_left[c.seat] == 0:
        return "you have no dwarf counter left"
    if m.cell not in c.reach.trolls:
        return "your unbroken tunnel does not reach that troll"
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


def _candidates(c: _Ctx) -> list[Move]:
    """Every move that could be legal, in the stable order ``legal_moves`` lists them."""
    s = c.s
    if s.phase == REVEAL:
        return [Move("reveal", cell=cell, rot=rot)
                for cell in s.pending for rot in reveal_orientations(s, cell)]
    if s.phase == BRIBE:
        return [*(Move("bribe", cell=cell) for cell in sorted(c.reach.trolls)), Move("done")]
    out: list[Move] = []
    hand = sorted(set(c.hand))
    if not s.sabotage[c.seat]:
        # Placements: only frontier cells (or, for your own ladder, cells beside the
        # maze) can pass, the hand and sabotage checks hold by construction, so the
        # maze part of the test (_fit_reason, shared with _place_reason) decides.
        paths = [cid for cid in hand if CARDS[cid].is_path]
        frontier = sorted(c.reach.frontier)
        around: list[Cell] | None = None
        for cid in paths:
            if CARDS[cid].ladder == c.colour:
                if around is None:
                    around = sorted(mz.empty_neighbours(c.grid))
                cells = around
            else:
                cells = frontier
            for cell in cells:
                for rot in (0, 1):
                    if _fit_reason(c, cid, cell, rot) is None:
                        out.append(Move("place", card=cid, cell=cell, rot=rot))
    for tool in TOOLS:
        if SABOTAGE_CARD[tool] in hand:
            out.append(Move("break", tool=tool))
    for tools, cid in sorted(REPAIR_CARD.items(), key=lambda kv: (len(kv[0]), kv[1])):
        if cid in hand:
            for tool in tools:
                out.append(Move("repair", tool=tool, tools=tools if len(tools) > 1 else ()))
    if ACTION_OF_KIND["key"] in hand:
        out.extend(Move("key", cell=cell) for cell, p in sorted(c.grid.items())
                   if p.card is not None and CARDS[p.card].doors)
    if ACTION_OF_KIND["rockfall"] in hand:
        out.extend(Move("rockfall", cell=cell) for cell, p in sorted(c.grid.items())
                   if p.card is not None and CARDS[p.card].kind == "path")
    if ACTION_OF_KIND["map"] in hand:
        out.extend(Move("map", cell=cell) for cell in s.goal_cells)
    pairs = [
        pair for pair in combinations_with_replacement(hand, 2)
        if pair[0] != pair[1] or c.has(pair[0], 2)
    ]
    for tool in s.sabotage[c.seat]:
        out.extend(Move("clear", tool=tool, cards=pair) for pair in pairs)
    out.extend(Move("pass", cards=(cid,)) for cid in hand)
    out.extend(Move("pass", cards=pair) for pair in pairs)
    if s.counters_left[c.seat] > 0:
        out.extend(Move("bribe", cell=cell) for cell in sorted(c.reach.trolls))
    return out


#: Candidates of these kinds are generated only when they pass (placements via
#: _fit_reason, discards from the hand's own cards); the others are filtered here.
#: tests/test_saboteur_rules.py checks refusal() against legal_moves() over random play.
_BY_CONSTRUCTION = frozenset({"place", "pass", "clear"})


def legal_moves(s: SaboteurState) -> list[str]:
    if s.phase == OVER:
        return []
    c = _Ctx(s)
    return [format_move(m) for m in _candidates(c)
            if m.kind in _BY_CONSTRUCTION or _reason(c, m) is None]


def refusal(s: SaboteurState | SaboteurView, move: str) -> str | None:
    """Why ``move`` is not legal now (None when it is), in words for a person.

    Takes a state or a view: legality never depends on hidden information, so for a
    view the question is answered on a state consistent with it (the UI asks this to
    explain why a cell or card cannot be used)."""
    if isinstance(s, SaboteurView):
        if s.phase == OVER:
            return "the game is over"
        if s.seat is None or s.to_move != s.seat:
            return "it is not your turn"
        from parlor.games.saboteur.view import determinize

        s = determinize(s, Rng(0))
    m = parse_move(move)
    if m is None:
        return NOT_NOTATION
    return _check(_Ctx(s), m, move)


def _check(c: _Ctx, m: Move, move: str) -> str | None:
    if c.s.phase == OVER:
        return "the game is over"
    if (m.kind == "place" and m.rot < 0) or (c.s.phase == REVEAL) != (m.kind == "reveal"):
        return _reason(c, m)
    if format_move(m) != move:
        return f"write it as {format_move(m)!r}"
    return _reason(c, m)


# --------------------------------------------------------------------------- apply


def apply(s: SaboteurState, move: str) -> SaboteurState:
    m = parse_move(move)
    if m is None:
        raise IllegalMove(move, "the game is over" if s.phase == OVER else NOT_NOTATION)
    reason = _check(_Ctx(s), m, move)
    if reason is not None:
        raise IllegalMove(move, reason)
    w = _Work(s)
    seat = s.to_move
    w.history.append((s.round, seat, move))
    k = m.kind
    w.opened = k in ("place", "key", "bribe", "reveal")
    if k == "done":
        _end_turn(w, seat, 1)  # only placements and keys open a troll: both draw one
        return w.freeze()
    if k == "reveal":
        assert m.cell is not None
        p = w.maze[m.cell]
        w.maze[m.cell] = Placed(p.x, p.y, p.card, m.rot, True, p.by, p.order)
        w.pending.remove(m.cell)
        w.note(f"{w.name(seat)} turns {p.card} face up at {cell_text(m.cell)[1:]} "
               f"({'upright' if m.rot == 0 else 'turned'}).")
        _settle(w, seat, 1 if w.end_turn_after else 0)
        return w.freeze()
    if k == "bribe":
        assert m.cell is not None
        w.counters_left[seat] -= 1
        w.bribes.append(Counter(m.cell[0], m.cell[1], None, seat))
        if s.phase == BRIBE:  # in the window after the action: the turn ends after it
            _settle(w, seat, 1)
        else:  # before the action: the turn goes on
            w.end_turn_after = False
            _settle(w, seat, 0)
        return w.freeze()
    w.end_turn_after = True
    w.trolls_before = sorted(network(s, seat).trolls)
    draws = 1
    hand = w.hands[seat]
    if k == "place":
        assert m.card is not None and m.cell is not None
        hand.remove(m.card)
        w.placed_count += 1
        w.maze[m.cell] = Placed(m.cell[0], m.cell[1], m.card, m.rot, True, seat,
                                w.placed_count)
        if s.phase == PLAY:
            w.grown = (s, m.cell)
    elif k == "break":
        assert m.tool is not None
        hand.remove(SABOTAGE_CARD[m.tool])
        w.sabotage[1 - seat].append(m.tool)
    elif k == "repair":
        assert m.tool is not None
        hand.remove(REPAIR_CARD[m.tools or (m.tool,)])
        w.discard.append(REPAIR_CARD[m.tools or (m.tool,)])
        w.sabotage[seat].remove(m.tool)
        w.discard.append(SABOTAGE_CARD[m.tool])
    elif k == "key":
        assert m.cell is not None
        hand.remove(ACTION_OF_KIND["key"])
        w.discard.append(ACTION_OF_KIND["key"])
        w.keys.append(Counter(m.cell[0], m.cell[1], None, seat))
    elif k == "rockfall":
        assert m.cell is not None
        hand.remove(ACTION_OF_KIND["rockfall"])
        w.discard.append(ACTION_OF_KIND["rockfall"])
        _remove_card(w, m.cell)
    elif k == "map":
        assert m.cell is not None
        hand.remove(ACTION_OF_KIND["map"])
        w.discard.append(ACTION_OF_KIND["map"])
        w.peeks[seat].append(m.cell)
    elif k == "clear":
        assert m.tool is not None
        for cid in m.cards:
            hand.remove(cid)
            w.discard.append(cid)
        w.sabotage[seat].remove(m.tool)
        w.discard.append(SABOTAGE_CARD[m.tool])
    elif k == "pass":
        for cid in m.cards:
            hand.remove(cid)
            w.discard.append(cid)
        draws = len(m.cards)
    _settle(w, seat, draws)
    return w.freeze()


def _settle(w: _Work, actor: int, draws: int) -> None:
    """After an action: reveals first (a decision for ``actor``), then gold, then the
    round-end triggers (a round that ended opens no window), then the bribe window (a
    decision for ``actor``), then (if the action ends the turn) the draw and the next
    turn."""
    # Only a new card, a key, a bribe or a revealed goal can open a tunnel; after any
    # other action nothing new is reached (the position before it was settled).
    reaches: list[mz.Reach] | None = None
    if w.grown is not None:
        # One card was added to a settled maze: only what grows through it is new.
        before, cell = w.grown
        reaches = []
        for seat in range(w.players):
            old = network(before, seat)
            keyed = mz.keyed_cells(w.keys, seat)
            bribed = mz.bribed_cells(w.bribes)
            start = mz.growth_start(w.maze, w.colours[seat], keyed, bribed, old, cell)
            reaches.append(mz.reach(w.maze, w.colours[seat], keyed, bribed, start, old.nodes))
        w.grown = None
    elif w.opened:
        reaches = [w.reach(seat) for seat in range(w.players)]
    reached = {cell for r in reaches or () for cell in r.goals}
    pending = set(w.pending) | reached
    if pending:
        w.pending = sorted(pending)
        w.phase = REVEAL
        w.to_move = actor
        return
    w.phase = PLAY
    if reaches is not None:
        _secure(w, actor, reaches)
    if _round_over_now(w):
        _end_round(w)
        return
    if not w.end_turn_after:
        w.to_move = actor
        return
    if reaches is not None and _bribe_window(w, actor):
        w.phase = BRIBE
        w.to_move = actor
        return
    _end_turn(w, actor, draws)


def _bribe_window(w: _Work, actor: int) -> bool:
    """Rules, "Goals, gold, trolls": "when your own action makes a troll reachable, you
    may bribe it before the turn passes". True while the actor has a counter and its
    network reaches an unbribed troll it did not reach before its action (whatever
    made it reachable: the action, a reveal it caused, or a bribe in the window). So
    the window stays open after a bribe only while such a troll is left: trolls the
    player could already bribe before the action do not hold the turn (the window
    still offers them, like every bribe the player may make)."""
    if w.counters_left[actor] == 0:
        return False
    before = set(w.trolls_before)
    bribed = mz.bribed_cells(w.bribes)
    fresh = {cell for cell, p in w.maze.items()
             if p.face_up and p.card is not None and CARDS[p.card].has_troll
             and cell not in bribed and cell not in before}
    # The full network is walked only when a troll card could be newly reached.
    return bool(fresh) and bool(w.reach(actor).trolls & fresh)


def _end_turn(w: _Work, actor: int, draws: int) -> None:
    """The actor draws and the turn passes."""
    w.phase = PLAY
    w.trolls_before = []
    _draw(w, actor, draws)
    _advance(w, actor)


def _secure(w: _Work, actor: int, reaches: list[mz.Reach]) -> None:
    """Rules, "Goals, gold, trolls": each player whose unbroken tunnel reaches an
    unclaimed gold group puts a counter on it while counters last; the player who acted
    first, and the richest groups first (a counter is worth more on 3 nuggets)."""
    taken = {(c.cell, c.group) for c in w.claims}
    for seat in (actor, *(s for s in range(w.players) if s != actor)):
        if w.counters_left[seat] == 0:
            continue
        golds = mz.gold_nodes(w.maze, reaches[seat].nodes)
        for value, cell, g in sorted(golds, key=lambda t: (-t[0], t[1], t[2])):
            if w.counters_left[seat] == 0:
                break
            if (cell, g) in taken:
                continue
            taken.add((cell, g))
            w.counters_left[seat] -= 1
            w.claims.append(Counter(cell[0], cell[1], g, seat))
            w.note(f"{w.name(seat)} secures {value} gold at {cell_text(cell)[1:]}.")


def _round_over_now(w: _Work) -> bool:
    """All goals face up, or every counter on the table, or the draw pile and every
    hand empty (checked here too, not only when the turn passes, so that a round that
    ends "at once" with the last card opens no bribe window)."""
    if all(w.maze[c].face_up for c in w.goal_cells):
        return True
    return sum(w.counters_left) == 0 or (not w.draw and not any(w.hands))


def _advance(w: _Work, actor: int) -> None:
    """Next player holding cards; a player with an empty hand sits out. Nobody holding
    a card (the draw pile is then empty too) ends the round."""
    for k in range(1, w.players + 1):
        seat = (actor + k) % w.players
        if w.hands[seat]:
            w.to_move = seat
            return
    _end_round(w)


# --------------------------------------------------------------------------- round end


def pay_trolls(pieces: list[tuple[str, int]], debt: int) -> list[int]:
    """Indices of the gold pieces paid for ``debt`` bribes. Trolls give no change: an
    exact sum if one exists (fewest cards), else the smallest total above the debt
    (fewest cards; one card when one suffices, "overpay with the smallest sufficient
    card"), and with too little gold everything."""
    if debt <= 0 or not pieces:
        return []
    total = sum(v for _, v in pieces)
    if total <= debt:
        return list(range(len(pieces)))
    by_value: dict[int, list[int]] = {}
    for i, (_, v) in enumerate(pieces):
        by_value.setdefault(v, []).append(i)
    values = sorted(by_value)
    best: tuple[int, int, tuple[int, ...]] | None = None  # (sum, cards, counts)

    def walk(i: int, counts: tuple[int, ...], acc: int, n: int) -> None:
        nonlocal best
        if i == len(values):
            if acc < debt:
                return
            key = (acc, n, counts)
            if best is None or key[:2] < best[:2]:
                best = key
            return
        v = values[i]
        for k in range(len(by_value[v]) + 1):
            if acc + k * v > debt + max(values) and k > 0:
                break
            walk(i + 1, (*counts, k), acc + k * v, n + k)

    walk(0, (), 0, 0)
    assert best is not None
    out: list[int] = []
    for v, k in zip(values, best[2], strict=True):
        out.extend(by_value[v][:k])
    return sorted(out)


def _end_round(w: _Work) -> None:
    """Rules, "End of a round": take gold with counters, pay trolls, put the goals
    away, then set up the next round (less gold starts, blue on a tie) or end."""
    won = [0] * w.players
    per_card: dict[tuple[int, Cell], int] = {}
    for c in w.claims:
        p = w.maze[c.cell]
        assert p.card is not None and c.group is not None
        value = dict(CARDS[p.card].gold)[c.group]
        per_card[(c.seat, c.cell)] = per_card.get((c.seat, c.cell), 0) + value
        won[c.seat] += value
    taken_cells = {cell for _, cell in per_card}
    for (seat, cell), value in sorted(per_card.items()):
        card = w.maze[cell].card
        assert card is not None
        w.treasure[seat].append((card, value))
    paid = [0] * w.players
    for seat in range(w.players):
        debt = sum(1 for b in w.bribes if b.seat == seat)
        idx = pay_trolls(w.treasure[seat], debt)
        for i in idx:
            cid, v = w.treasure[seat][i]
            w.paid.append((cid, v, seat))
            paid[seat] += v
        w.treasure[seat] = [p for i, p in enumerate(w.treasure[seat]) if i not in set(idx)]
        if debt:
            w.note(f"{w.name(seat)} owes {debt} gold to trolls and pays {paid[seat]}.")
    for cell in w.goal_cells:
        p = w.maze[cell]
        assert p.card is not None
        if not p.face_up:
            w.goal_stack.append(p.card)
        elif cell not in taken_cells:
            w.boxed.append(p.card)
    totals = tuple(sum(v for _, v in t) for t in w.treasure)
    w.results.append(RoundResult(w.round, tuple(won), tuple(paid), totals))
    w.note(f"Round {w.round} ends: " + ", ".join(
        f"{w.name(s)} takes {won[s]} gold" for s in range(w.players)) + ".")
    w.last_maze = tuple(
        p if p.face_up else Placed(p.x, p.y, None, 0, False, p.by, p.order)
        for _, p in sorted(w.maze.items())
    )
    w.last_counters = tuple(sorted(
        (*w.claims, *w.bribes), key=lambda c: (c.x, c.y, c.group or "", c.seat)))
    # Cards of the finished round: the maze, hands, piles and set-aside return to the
    # deck (rebuilt from the full list in _start_round); kept gold left with the players.
    w.maze = {}
    w.hands = [[] for _ in range(w.players)]
    w.draw, w.discard, w.set_aside = [], [], []
    w.sabotage = [[] for _ in range(w.players)]
    w.claims, w.bribes, w.keys, w.pending = [], [], [], []
    w.peeks = [[] for _ in range(w.players)]
    w.end_turn_after = True
    w.trolls_before = []
    if w.round >= w.s.options.rounds:
        w.phase = OVER
        w.to_move = 0
        # The table is cleared: every card not won or paid goes back in the box (kept
        # as the draw pile so the cards stay accounted for).
        gone = {cid for cid, _ in _all_treasure_and_paid(w) if CARDS[cid].kind == "path"}
        w.draw = [cid for cid in DECK if cid not in gone]
        w.boxed.extend(START_OF[colour] for colour in w.colours)
        return
    if w.players == 1:
        first = 0
    else:
        blue = w.colours.index("blue")
        first = blue if totals[0] == totals[1] else min(range(2), key=lambda s: totals[s])
    _start_round(w, first)


# --------------------------------------------------------------------------- inventory


def inventory(s: SaboteurState) -> dict[str, int]:
    """Where every card is: maze, hands, piles, set-aside, goal stack, box, tools in
    front of players, and won or paid gold (a goal split between players counts once)."""
    out = dict.fromkeys(COUNTS, 0)
    for p in s.maze:
        assert p.card is not None
        out[p.card] += 1
    for zone in (*s.hands, s.draw, s.discard, s.set_aside, s.goal_stack, s.boxed):
        for cid in zone:
            out[cid] += 1
    for tools in s.sabotage:
        for tool in tools:
            out[SABOTAGE_CARD[tool]] += 1
    gold = {cid for pieces in s.treasure for cid, _ in pieces} | {cid for cid, _, _ in s.paid}
    for cid in gold:
        out[cid] += 1
    return out


def rot_mark(rot: int) -> str:
    return ROT_MARK[rot]
