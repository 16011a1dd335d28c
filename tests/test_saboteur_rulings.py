"""Saboteur: the rulings corrected against the Persian sheet, one scenario each, citing
the canonical rules (docs/rules/saboteur_duel.md): "Goals, gold, trolls" (a reached goal joins the
tunnel that reached it; the bribe right after your own action) and "Solo" (below 15
gold there is no winner).

Positions are built as in test_saboteur_rules.py: a fresh game with the maze, hands
and turn replaced. Grid: green's start at (0,-1), blue's at (0,1), goals at (5,-2)
(5,0) (5,2) (7,-1) (7,1) (9,0); y grows downward. Shapes (cards.json): P08 E-W, P05
N-S, P23 N-W, P01 E-S plus a north stub, P02 cross with a blue door east, P12 cross with
a troll south, P17 N-S-W with a troll south, P04 bridge with 1 gold on N-S, P10 E-W plus
a south stub with 1 gold; goals G05 S-W, G01 three stubs N, E, W.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

import pytest

from parlor.bots import make_bot
from parlor.core.rng import Rng
from parlor.games import GAMES
from parlor.games.saboteur import reasons, rules
from parlor.games.saboteur.cards import ORIENTED
from parlor.games.saboteur.notation import END_TURN, format_move, parse_move
from parlor.games.saboteur.state import BRIBE, PLAY, REVEAL, Counter, Placed, SaboteurState
from test_saboteur_rules import english, legal, refused

GAME = GAMES["saboteur"]
GREEN, BLUE = 0, 1
Cell = tuple[int, int]


def scenario(
    placed: Iterable[tuple[Cell, str, int]] = (),
    *,
    players: int = 2,
    hands: Sequence[Sequence[str]] | None = None,
    goals: Mapping[Cell, str] | None = None,
    **changes: object,
) -> SaboteurState:
    s = rules.new_game(players, 0, {})
    maze = {p.cell: p for p in s.maze}
    for cell, gid in (goals or {}).items():
        maze[cell] = Placed(cell[0], cell[1], gid, 0, False, -1, 0)
    for i, (cell, cid, rot) in enumerate(placed, start=1):
        maze[cell] = Placed(cell[0], cell[1], cid, rot, True, GREEN, i)
    fields: dict[str, object] = {"maze": tuple(maze[c] for c in sorted(maze)),
                                 "to_move": GREEN, "placed_count": len(maze)}
    if hands is not None:
        fields["hands"] = tuple(tuple(sorted(h)) for h in hands)
    fields.update(changes)
    return replace(s, **fields)  # type: ignore[arg-type]


def cell_of(s: SaboteurState, cell: Cell) -> Placed:
    return next(p for p in s.maze if p.cell == cell)


# --------------------------------------------------------------------- goal reveal

#: Green's tunnel ends at (4,-1) (P23: N and W open); P01 at (4,-2) then reaches the
#: goal at (5,-2) with its east side: the goal is reached from the west.
TO_GOAL = [((1, -1), "P08", 0), ((2, -1), "P08", 0), ((3, -1), "P08", 0),
           ((4, -1), "P23", 0)]


def reached(goal: str) -> SaboteurState:
    s = scenario(TO_GOAL, hands=[["P01", "P08"], ["P08"]], goals={(5, -2): goal})
    s = GAME.apply(s, "place P01@4,-2^")
    assert s.phase == REVEAL and s.pending == ((5, -2),)
    return s


def test_exactly_one_joining_orientation_is_forced() -> None:
    """saboteur_duel.md, Goals, gold, trolls: "if exactly one orientation joins the
    reaching tunnel, that one is forced". G05 (S-W) reached from the west: upright its
    west side joins; turned (N-E) it would refuse the connection."""
    s = reached("G05")
    assert legal(s) == ["reveal @5,-2 ^"]
    assert refused(s, "reveal @5,-2 v") == (
        "the goal's tunnels must join the tunnel that reached it: only upright (^) joins")
    up = GAME.apply(s, "reveal @5,-2 ^")
    assert cell_of(up, (5, -2)).face_up and up.claims == (Counter(5, -2, "a", GREEN),)


def test_the_player_chooses_when_both_orientations_join() -> None:
    """Goals, gold, trolls: "if the connection can be made in two ways, you may choose
    one". G01 (stubs N, E, W) reached from the west joins either way up."""
    s = reached("G01")
    assert legal(s) == ["reveal @5,-2 ^", "reveal @5,-2 v"]
    down = GAME.apply(s, "reveal @5,-2 v")
    assert cell_of(down, (5, -2)).rot == 1 and down.phase == PLAY and down.to_move == BLUE


def test_the_player_chooses_when_neither_joins_and_the_mismatch_stands(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Goals, gold, trolls: "if neither does, the player chooses and the mismatch
    stands". Every printed goal is open on one side of each opposite pair, so no real
    goal refuses a tunnel both ways; the ruling is checked on a goal card the rules see
    as a straight N-S tunnel (so from the west neither way joins)."""
    straight = {("G05", rot): ORIENTED[("P05", rot)] for rot in (0, 1)}
    monkeypatch.setattr(reasons, "ORIENTED", {**ORIENTED, **straight})
    s = reached("G05")
    assert rules.joining_orientations(s, (5, -2)) == ()
    assert legal(s) == ["reveal @5,-2 ^", "reveal @5,-2 v"]
    down = GAME.apply(s, "reveal @5,-2 v")  # (the maze itself keeps G05's real shape)
    assert cell_of(down, (5, -2)).face_up and cell_of(down, (5, -2)).rot == 1
    assert down.claims == () and down.to_move == BLUE  # rock against P01's open side


def test_every_tunnel_touching_the_goal_counts_whoever_it_belongs_to() -> None:
    """Ruling on "the tunnel that reached it" (rules.joining_orientations): any
    unbroken tunnel of either network opening onto the goal. Green reaches G05 from
    the west (upright joins); blue's tunnel (ladder at (6,-4), P05, P23) opens onto it
    from the east, which turned joins: so both are allowed."""
    blue = [((6, -4), "LADDER_BLUE", 0), ((6, -3), "P05", 0), ((6, -2), "P23", 0)]
    s = scenario([*TO_GOAL, ((4, -2), "P01", 0), *blue], goals={(5, -2): "G05"},
                 phase=REVEAL, pending=((5, -2),))
    assert (5, -2) in rules.network(s, BLUE).goals
    assert rules.joining_orientations(s, (5, -2)) == (0, 1)
    assert legal(s) == ["reveal @5,-2 ^", "reveal @5,-2 v"]
    alone = replace(s, maze=tuple(p for p in s.maze if p.cell not in {c for c, _, _ in blue}))
    assert legal(alone) == ["reveal @5,-2 ^"]


# --------------------------------------------------------------------- bribe window


def test_an_own_action_reaching_a_troll_opens_the_bribe_window() -> None:
    """Goals, gold, trolls: "when your own action makes a troll reachable, you may bribe
    it before the turn passes, so the opponent cannot rockfall the way first". P12
    turned at (0,-2) joins green's start; its troll (north side) is reached."""
    s = scenario(hands=[["P12", "P08"], ["P08"]])
    assert "bribe @0,-2" not in legal(s) and "done" not in legal(s)
    w = GAME.apply(s, "place P12@0,-2v")
    assert w.phase == BRIBE and w.to_move == GREEN
    assert legal(w) == ["bribe @0,-2", END_TURN]
    assert len(w.hands[GREEN]) == 1  # the draw waits until the turn ends
    assert "bribe a troll it opened the way to" in refused(w, "pass P08")
    # the view carries the window, and a state dealt from it is the same position
    v = GAME.view(w, BLUE)
    assert v.phase == BRIBE and v.trolls_before == w.trolls_before == ()
    assert GAME.view(GAME.determinize(v, Rng(1)), BLUE) == v
    bribed = GAME.apply(w, "bribe @0,-2")
    assert bribed.phase == PLAY and bribed.to_move == BLUE  # nothing more: turn over
    assert bribed.counters_left == (3, 4) and len(bribed.hands[GREEN]) == 2


def test_end_turn_declines_the_bribe_and_draws() -> None:
    """Goals, gold, trolls: the bribe is a choice. ``done`` ends the turn as the action
    would have (draw one, next player); it is no move anywhere else."""
    s = scenario(hands=[["P12", "P08"], ["P08"]])
    w = GAME.apply(s, "place P12@0,-2v")
    after = GAME.apply(w, END_TURN)
    assert after.phase == PLAY and after.to_move == BLUE and after.bribes == ()
    assert len(after.hands[GREEN]) == 2 and after.trolls_before == ()
    assert "there is no bribe to decline" in refused(s, END_TURN)
    m = parse_move(END_TURN)
    assert m is not None and format_move(m) == END_TURN


def test_no_window_without_a_newly_reached_troll_or_a_counter() -> None:
    """Goals, gold, trolls: the window belongs to an action that *makes* a troll
    reachable, with a counter left; otherwise the turn passes at once (no extra
    click)."""
    # no counter left
    s = scenario(hands=[["P12", "P08"], ["P08"]], counters_left=(0, 4))
    after = GAME.apply(s, "place P12@0,-2v")
    assert after.phase == PLAY and after.to_move == BLUE
    # a troll reachable before the action (declined then) does not hold the turn
    s = scenario([((0, -2), "P12", 1)], hands=[["P08", "P05"], ["P08"]])
    assert "bribe @0,-2" in legal(s)
    after = GAME.apply(s, "place P08@1,-1^")
    assert after.phase == PLAY and after.to_move == BLUE
    # an ordinary turn
    after = GAME.apply(scenario(hands=[["P08", "P05"], ["P08"]]), "place P08@1,-1^")
    assert after.phase == PLAY and after.to_move == BLUE
    # blue's own action opens its window the same way (troll south, away from its start)
    s = scenario(hands=[["P08"], ["P12", "P08"]], to_move=BLUE)
    after = GAME.apply(s, "place P12@0,2^")
    assert after.phase == BRIBE and after.to_move == BLUE and legal(after)[-1] == END_TURN


def test_the_window_stays_open_while_a_newly_reached_troll_is_left() -> None:
    """Ruling (rules._bribe_window): a bribe in the window that opens the way to
    another troll keeps the window open; once no troll reached since the action is
    unbribed, the turn ends. P17 at (0,-3) shows its troll to the south, behind P12's."""
    s = scenario([((0, -3), "P17", 0)], hands=[["P12", "P08"], ["P08"]])
    w = GAME.apply(s, "place P12@0,-2v")
    assert legal(w) == ["bribe @0,-2", END_TURN]
    w2 = GAME.apply(w, "bribe @0,-2")
    assert w2.phase == BRIBE and legal(w2) == ["bribe @0,-3", END_TURN]
    done = GAME.apply(w2, "bribe @0,-3")
    assert done.phase == PLAY and done.to_move == BLUE and done.counters_left == (2, 4)


def test_a_key_that_opens_the_way_to_a_troll_opens_the_window() -> None:
    """Goals, gold, trolls: "anything of yours": a key on the blue door of P02 lets
    green through to P12, whose troll it then reaches."""
    s = scenario([((1, -1), "P02", 0), ((2, -1), "P12", 0)], hands=[["A-KEY", "P08"], []])
    w = GAME.apply(s, "key @1,-1")
    assert w.phase == BRIBE and legal(w) == ["bribe @2,-1", END_TURN]


def test_a_round_that_ends_with_the_action_opens_no_window() -> None:
    """Careful order (rules._settle): reveals, gold, round end, then the window. The
    last card played with an empty pile and empty hands ends the round at once."""
    s = scenario(hands=[["P12"], []], draw=())
    after = GAME.apply(s, "place P12@0,-2v")
    assert after.round == 2 and after.phase == PLAY


def test_bribes_before_the_action_still_keep_the_turn() -> None:
    """Goals, gold, trolls: a bribe "before it" stays a free action: the turn goes on
    and no window follows it."""
    s = scenario([((0, -2), "P12", 1)], hands=[["P08", "P05"], ["P08"]])
    b = GAME.apply(s, "bribe @0,-2")
    assert b.phase == PLAY and b.to_move == GREEN and END_TURN not in legal(b)


def test_bots_decide_in_the_window_and_the_medium_bot_bribes_when_it_pays() -> None:
    """Bots treat the window like any decision. Behind P12's troll lie 2 gold (P04's
    N-S tunnel and P10's south stub): bribing costs 1 and secures 2, so the medium bot
    bribes, as it would before its action."""
    s = scenario([((0, -3), "P04", 0), ((0, -4), "P10", 0)],
                 hands=[["P12", "P08"], ["P08"]])
    w = GAME.apply(s, "place P12@0,-2v")
    assert w.phase == BRIBE
    for level in ("random", "easy", "medium", "hard"):
        for seed in range(3):
            bot = make_bot("saboteur", level, iterations=20)
            assert bot.choose(GAME.view(w, GREEN), Rng(seed)) in legal(w)
    assert make_bot("saboteur", "medium").choose(GAME.view(w, GREEN), Rng(0)) == "bribe @0,-2"


# --------------------------------------------------------------------- solo


def test_solo_below_15_gold_has_no_winner() -> None:
    """saboteur_duel.md, Solo: "Below 15 the outcome has no winner: the solo player has
    not won"; the verdict still reads "not a winner". From 15 on the player wins."""
    def finish(treasure: tuple[tuple[str, int], ...]):
        s = scenario(players=1, hands=[["P08"]], draw=(), round=3, treasure=(treasure,))
        out = english(GAME.outcome(GAME.apply(s, "pass P08")))
        assert out is not None
        return out

    low = finish((("G13", 3), ("G15", 3), ("G10", 3), ("G12", 2), ("G03", 2)))
    assert low.points == (13,) and low.winners == ()
    assert "not a winner" in low.explanation[0] and low.details["band"] == "not a winner"
    high = finish((("G13", 3), ("G15", 3), ("G10", 3), ("G12", 2), ("G03", 2), ("G05", 2)))
    assert high.points == (15,) and high.winners == (0,) and high.details["band"] == "not bad"
