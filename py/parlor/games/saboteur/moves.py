"""Applying a move: the action itself, then what follows it in order: reveals, gold
secured, the round-end triggers, the bribe window, the draw and the next turn."""

from __future__ import annotations

from parlor.core.errors import IllegalMove, InvalidMove
from parlor.core.protocol import Msg
from parlor.games.saboteur import maze as mz
from parlor.games.saboteur.cards import (
    ACTION_OF_KIND,
    CARDS,
    REPAIR_CARD,
    SABOTAGE_CARD,
)
from parlor.games.saboteur.facts import NOT_NOTATION
from parlor.games.saboteur.legal import _check
from parlor.games.saboteur.naming import a_card, goal_msg, place_msg
from parlor.games.saboteur.notation import parse_move
from parlor.games.saboteur.reasons import _Ctx, network
from parlor.games.saboteur.rounds import _advance, _end_round
from parlor.games.saboteur.state import (
    BRIBE,
    OVER,
    PLAY,
    REVEAL,
    Counter,
    Placed,
    SaboteurState,
)
from parlor.games.saboteur.work import _draw, _remove_card, _Work


def apply(s: SaboteurState, move: str) -> SaboteurState:
    m = parse_move(move)
    if m is None:
        if s.phase == OVER:
            raise IllegalMove(move, Msg.of("saboteur.reason.game_over"))
        raise InvalidMove(move, NOT_NOTATION)
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
        assert p.card is not None
        w.note("revealed", who=w.name(seat), card=a_card(p.card),
               goal=goal_msg(m.cell, w.players, w.colours),
               rot=Msg.of(f"saboteur.rot.{m.rot}"))
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
            w.note("secured", who=w.name(seat), n=value,
                   place=place_msg(cell, w.players, w.colours))


def _round_over_now(w: _Work) -> bool:
    """All goals face up, or every counter on the table, or the draw pile and every
    hand empty (checked here too, not only when the turn passes, so that a round that
    ends "at once" with the last card opens no bribe window)."""
    if all(w.maze[c].face_up for c in w.goal_cells):
        return True
    return sum(w.counters_left) == 0 or (not w.draw and not any(w.hands))
