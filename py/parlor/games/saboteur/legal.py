"""The legal moves: every candidate in a stable order, filtered by ``reasons``; and
``refusal``, the words for why a move (of a state or of a view) is not legal now."""

from __future__ import annotations

from itertools import combinations_with_replacement

from parlor.core.protocol import Msg
from parlor.core.rng import Rng
from parlor.games.saboteur import maze as mz
from parlor.games.saboteur.cards import (
    ACTION_OF_KIND,
    CARDS,
    REPAIR_CARD,
    SABOTAGE_CARD,
    TOOLS,
)
from parlor.games.saboteur.facts import (
    NOT_NOTATION,
)
from parlor.games.saboteur.notation import (
    Move,
    format_move,
    parse_move,
)
from parlor.games.saboteur.reasons import _Ctx, _fit_fault, _reason, reveal_orientations
from parlor.games.saboteur.state import (
    BRIBE,
    OVER,
    REVEAL,
    Cell,
    SaboteurState,
    SaboteurView,
)


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
        # maze part of the test (_fit_fault, shared with _place_reason) decides.
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
                    if not _fit_fault(c, cid, cell, rot):
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
#: _fit_fault, discards from the hand's own cards); the others are filtered here.
#: tests/test_saboteur_rules.py checks refusal() against legal_moves() over random play.
_BY_CONSTRUCTION = frozenset({"place", "pass", "clear"})


def legal_moves(s: SaboteurState) -> list[str]:
    if s.phase == OVER:
        return []
    c = _Ctx(s)
    return [format_move(m) for m in _candidates(c)
            if m.kind in _BY_CONSTRUCTION or _reason(c, m) is None]


def refusal(s: SaboteurState | SaboteurView, move: str) -> Msg | None:
    """Why ``move`` is not legal now (None when it is), a ``Msg`` the page says.

    Takes a state or a view: legality never depends on hidden information, so for a
    view the question is answered on a state consistent with it (the UI asks this to
    explain why a cell or card cannot be used)."""
    if isinstance(s, SaboteurView):
        if s.phase == OVER:
            return Msg.of("saboteur.reason.game_over")
        if s.seat is None or s.to_move != s.seat:
            return Msg.of("saboteur.reason.not_your_turn")
        from parlor.games.saboteur.view import determinize

        s = determinize(s, Rng(0))
    m = parse_move(move)
    if m is None:
        return NOT_NOTATION
    return _check(_Ctx(s), m, move)


def _check(c: _Ctx, m: Move, move: str) -> Msg | None:
    if c.s.phase == OVER:
        return Msg.of("saboteur.reason.game_over")
    if (m.kind == "place" and m.rot < 0) or (c.s.phase == REVEAL) != (m.kind == "reveal"):
        return _reason(c, m)
    if format_move(m) != move:
        return Msg.of("saboteur.reason.write_as", move=format_move(m))
    return _reason(c, m)
