"""Saboteur: The Duel, one scenario per rule (docs/rules/saboteur_duel.md is the
reference; section names are quoted in each docstring).

Scenario states are a fresh ``new_game`` with the maze, hands and turn replaced, so a
test shows exactly the position its rule talks about. Grid reminders: green's start is
at (0,-1), blue's at (0,1), goals at (5,-2) (5,0) (5,2) (7,-1) (7,1) (9,0); y grows
downward. Shapes used below (cards.json): P08 east-west straight, P05 north-south
straight, P23 north-west curve, P16 south-west curve, P02 cross with a blue door on its
east side, P07 N/E/S with a green door on its south side, P12 cross with a troll on its
south side, P13 bridge (N-S and E-W apart), P09 E-S curve plus a west dead-end stub,
P01 E-S curve plus a north stub, P14 gold (1) on a north stub, G05 goal S-W with 2 gold.
"""

from __future__ import annotations

import json
import pathlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from itertools import combinations_with_replacement

import pytest

from parlor.core.errors import BadOptions, IllegalMove
from parlor.core.protocol import Outcome
from parlor.core.rng import Rng
from parlor.games import GAMES
from parlor.games.saboteur import rules
from parlor.games.saboteur.cards import CARDS, COUNTS, DATA_PATH, DECK, GOAL_IDS, oriented_edges
from parlor.games.saboteur.describe import describe_move
from parlor.games.saboteur.notation import format_move, parse_move
from parlor.games.saboteur.state import (
    BRIBE,
    OVER,
    PLAY,
    REVEAL,
    Counter,
    Placed,
    SaboteurState,
    SaboteurView,
)
from parlor.i18n.catalog import Msg, Translator

GAME = GAMES["saboteur"]
ROOT = pathlib.Path(__file__).resolve().parent.parent
#: The canonical card data, beside the rules it belongs to.
CANONICAL_CARDS = ROOT / "docs" / "rules" / "saboteur_duel_cards.json"
GREEN, BLUE = 0, 1

Cell = tuple[int, int]

#: Rules speak in ``Msg`` values; these tests read them in English.
EN = Translator("en")


def said(msg: Msg | None) -> str | None:
    return None if msg is None else EN.say(msg)


def english(out: Outcome | None) -> Outcome | None:
    """The outcome with its explanation said in English."""
    if out is None:
        return None
    return replace(out, explanation=tuple(EN.text(line) for line in out.explanation))


def scenario(
    placed: Iterable[tuple[Cell, str, int]] = (),
    *,
    players: int = 2,
    hands: Sequence[Sequence[str]] | None = None,
    to_move: int = GREEN,
    goals: Mapping[Cell, str] | None = None,
    face_up: Mapping[Cell, int] | None = None,
    by: int | None = None,
    options: Mapping[str, object] | None = None,
    **changes: object,
) -> SaboteurState:
    """A fresh game with extra cards in the maze (``(cell, card, rot)``), chosen goal
    cards (face down unless listed in ``face_up`` with their rotation) and hands."""
    s = rules.new_game(players, 0, options or {})
    maze = {p.cell: p for p in s.maze}
    for cell, gid in (goals or {}).items():
        assert cell in s.goal_cells
        maze[cell] = Placed(cell[0], cell[1], gid, 0, False, -1, 0)
    for cell, rot in (face_up or {}).items():
        p = maze[cell]
        maze[cell] = replace(p, rot=rot, face_up=True)
    order = 0
    for cell, cid, rot in placed:
        order += 1
        maze[cell] = Placed(cell[0], cell[1], cid, rot, True,
                            to_move if by is None else by, order)
    fields: dict[str, object] = {
        "maze": tuple(maze[c] for c in sorted(maze)),
        "to_move": to_move,
        "placed_count": order,
    }
    if hands is not None:
        fields["hands"] = tuple(tuple(sorted(h)) for h in hands)
    fields.update(changes)
    return replace(s, **fields)  # type: ignore[arg-type]


def legal(s: SaboteurState) -> list[str]:
    return GAME.legal_moves(s)


def refused(s: SaboteurState, move: str) -> str:
    reason = rules.refusal(s, move)
    assert reason is not None, f"{move} was allowed"
    with pytest.raises(IllegalMove):
        GAME.apply(s, move)
    return EN.say(reason)


def frontier(s: SaboteurState, seat: int) -> set[Cell]:
    return set(rules.network(s, seat).frontier)


def cell_of(s: SaboteurState | SaboteurView, cell: Cell) -> Placed:
    return next(p for p in s.maze if p.cell == cell)


# --------------------------------------------------------------------------- data


def test_card_data_is_a_verbatim_copy_of_the_canonical_file() -> None:
    """The engine reads its own copy (the browser sees only the package, not docs/rules/)."""
    assert DATA_PATH.read_bytes() == CANONICAL_CARDS.read_bytes()


def test_card_counts_match_the_rule_sheet() -> None:
    """Components: 36 path cards (2 starts), 18 goals, 18 action cards."""
    raw = json.loads(DATA_PATH.read_text())
    paths = sum(c["count"] for c in raw["cards"] if c["kind"] in ("start", "path"))
    assert paths == 36
    assert len(GOAL_IDS) == 18
    assert sum(a["count"] for a in raw["actions"]) == 18
    assert len(DECK) == 34 + 18
    assert sum(1 for c in CARDS.values() if c.kind == "path" and c.gold) == 5
    assert sum(1 for c in CARDS.values() if c.kind == "path" and c.trolls) == 3
    assert sum(1 for c in CARDS.values() if c.kind == "path" and c.doors) == 6


def test_oriented_edges_turn_the_card_by_180_degrees() -> None:
    """Placing: "Upright or turned 180°": turned, the printed north faces south."""
    up = oriented_edges("P07", 0)
    down = oriented_edges("P07", 1)
    assert up["S"].door == "green" and up["W"].open is False
    assert down["N"].door == "green" and down["E"].open is False
    assert up["N"].group == down["S"].group


# --------------------------------------------------------------------------- connectivity


def test_a_door_of_the_other_colour_breaks_the_tunnel_and_its_own_colour_passes() -> None:
    """Placing: "A tunnel is broken by a door of the other colour"; doors let their
    own colour through."""
    # P02: cross, blue door on its east side, right of green's start.
    s = scenario([((1, -1), "P02", 0)])
    assert (2, -1) not in frontier(s, GREEN)
    assert {(1, -2), (1, 0)} <= frontier(s, GREEN)
    # Blue reaches the same card from below (blue start (0,1) -> P23 at (1,1), open W
    # and N -> P05 at (1,0)) and passes the blue door.
    s = scenario([((1, -1), "P02", 0), ((1, 0), "P05", 0), ((1, 1), "P23", 0)], to_move=BLUE)
    assert (2, -1) in frontier(s, BLUE)
    # P07 turned: its green door faces north, and green passes it.
    s = scenario([((1, -1), "P07", 1)])
    assert (1, -2) in frontier(s, GREEN)


def test_a_green_door_blocks_blue() -> None:
    """Placing: doors of the other colour break the tunnel (blue side)."""
    # P07 turned at (1,1): open N, W, S... turned: printed S (green door) faces north.
    s = scenario([((1, 1), "P07", 1)], to_move=BLUE)
    assert (1, 0) not in frontier(s, BLUE)
    assert (1, 2) in frontier(s, BLUE)


def test_a_key_opens_a_door_of_the_other_colour_for_its_owner() -> None:
    """Action cards, "Key: put a key token on a door of the other colour; it is open to
    you for the round"."""
    s = scenario([((1, -1), "P02", 0)], hands=[["A-KEY", "P08"], ["P08"]])
    assert "key @1,-1" in legal(s)
    s2 = GAME.apply(s, "key @1,-1")
    assert s2.keys == (Counter(1, -1, None, GREEN),)
    assert (2, -1) in frontier(s2, GREEN)
    assert "A-KEY" in s2.discard
    # a door of your own colour takes no key; a keyed door takes no second key
    s3 = scenario([((1, -1), "P07", 0)], hands=[["A-KEY"], []])
    assert "that card has no door of the other colour" in refused(s3, "key @1,-1")


def test_an_unbribed_troll_blocks_and_a_bribed_one_opens_for_both() -> None:
    """Goals, gold, trolls: "A troll blocks the tunnel behind it ... you may bribe it
    with one of your counters (a free action beside your turn's action): the troll is
    then open to both players"."""
    s = scenario([((1, -1), "P12", 0)], hands=[["P05"], ["P08"]])
    assert (1, 0) not in frontier(s, GREEN)
    assert "bribe @1,-1" in legal(s)
    s2 = GAME.apply(s, "bribe @1,-1")
    assert s2.to_move == GREEN and s2.phase == PLAY  # the turn goes on
    assert s2.counters_left == (3, 4)
    assert (1, 0) in frontier(s2, GREEN)
    assert "place P05@1,0^" in legal(s2)
    # blue comes from below (start -> P23 at (1,1) -> P05 at (1,0)) to the troll's side
    linked = [((1, -1), "P12", 0), ((1, 0), "P05", 0), ((1, 1), "P23", 0)]
    s3 = scenario(linked, to_move=BLUE)
    assert ((1, -1), "a") not in rules.network(s3, BLUE).nodes
    assert (1, -1) in rules.network(s3, BLUE).trolls  # blue may bribe it from below
    s4 = scenario(linked, to_move=BLUE, bribes=(Counter(1, -1, None, GREEN),))
    assert ((1, -1), "a") in rules.network(s4, BLUE).nodes  # green's bribe opens it


def test_bribe_needs_your_tunnel_to_reach_the_troll() -> None:
    """Goals, gold, trolls: "when your start reaches a troll, you may bribe it"."""
    s = scenario([((1, -1), "P12", 0)], to_move=BLUE, hands=[[], ["P08"]])
    assert "your unbroken tunnel does not reach that troll" in refused(s, "bribe @1,-1")


def test_a_ladder_card_counts_as_connected_to_its_colours_start() -> None:
    """Placing: "A ladder card's tunnels count as connected to the start of the ladder's
    colour, so a ladder card needs no tunnel connection"."""
    # Green's tunnel is broken at P02's blue door; beyond it, a green ladder at (3,0)
    # joins the far side to green's network anyway.
    placed = [((1, -1), "P02", 0), ((2, -1), "P08", 0), ((3, -1), "P16", 0),
              ((3, 0), "LADDER_GREEN", 0)]
    s = scenario(placed)
    assert (3, 1) in frontier(s, GREEN)
    assert ((2, -1), "a") in rules.network(s, GREEN).nodes
    # ... and green may place its ladder card where no tunnel of green's leads: under
    # blue's start
    s = scenario(hands=[["LADDER_GREEN"], []])
    assert "place LADDER_GREEN@0,2^" in legal(s)
    # blue's ladder is a plain straight for green
    s = scenario(hands=[["LADDER_BLUE"], []])
    assert "place LADDER_BLUE@0,2^" not in legal(s)


def test_a_bridge_connects_only_the_tunnel_that_touches_the_network() -> None:
    """Special cards: "for a bridge or double curve, one of its two tunnels is enough";
    the other tunnel stays unconnected."""
    s = scenario([((1, -1), "P13", 0)], hands=[["P05", "P08"], []])
    nodes = rules.network(s, GREEN).nodes
    assert ((1, -1), "b") in nodes and ((1, -1), "a") not in nodes
    assert (2, -1) in frontier(s, GREEN)
    assert (1, -2) not in frontier(s, GREEN) and (1, 0) not in frontier(s, GREEN)
    assert "place P13@1,-1^" in legal(scenario(hands=[["P13"], []]))


def test_a_dead_end_stub_is_an_opening_that_leads_nowhere() -> None:
    """Placing: "dead-end stubs are openings": P09's west stub may meet the tunnel, but
    its other tunnel is not connected by it."""
    s0 = scenario(hands=[["P09"], []])
    assert "place P09@1,-1^" in legal(s0)
    s = GAME.apply(s0, "place P09@1,-1^")
    assert (2, -1) not in frontier(s, GREEN) and (1, 0) not in frontier(s, GREEN)


# --------------------------------------------------------------------------- refusals


def test_placement_refusals_say_why() -> None:
    """Placing: matching sides, connection, never sideways, not while sabotaged."""
    s = scenario(hands=[["P08", "P14", "LADDER_GREEN"], []])
    assert refused(s, "place P08@0,-2^") == (
        "the card's south side is rock but the tunnel beside it is open")
    assert refused(s, "place P08@4,0^") == "no unbroken tunnel from your start reaches this cell"
    assert "never sideways" in refused(s, "place P08@1,-1>")
    assert "never sideways" in refused(s, "place P08@1,-1<")
    assert "orthogonally next to" in refused(s, "place P08@2,-3^")
    assert "already lies" in refused(s, "place P08@5,0^")
    assert "no straight tunnel in your hand" in refused(s, "place P05@1,-1^")
    sab = replace(s, sabotage=(("pick",), ()))
    assert refused(sab, "place P08@1,-1^") == "you have a broken pick in front of you"
    assert not any(m.startswith("place") for m in legal(sab))


def test_a_ladder_may_not_go_next_to_a_goal_or_gold() -> None:
    """Placing: a ladder card "may not be placed next to a goal card or a card showing
    gold"."""
    # P14 turned at (2,-1): open W, N, E; its gold stub faces south.
    s = scenario([((1, -1), "P08", 0), ((2, -1), "P14", 1)], hands=[["LADDER_GREEN"], []])
    # (4,-2) touches the face-down goal at (5,-2); (2,-2) touches P14's gold.
    assert "next to a goal card" in refused(s, "place LADDER_GREEN@4,-2^")
    assert "showing gold" in refused(s, "place LADDER_GREEN@2,-2^")
    assert "place LADDER_GREEN@1,-2^" not in legal(s)  # rock against P08? no: P08 N rock
    assert "place LADDER_GREEN@3,-2^" not in legal(s)  # touches nothing


def test_a_card_matching_only_a_face_down_goal_is_fine() -> None:
    """Placing: "Face-down goal cards impose nothing"."""
    s = _to_goal("G05")
    s = replace(s, hands=(("P01", "P16"), ("P08",)))
    # At (4,-2) the goal (5,-2) is east: P01's open east side and P16's rock east side
    # are both fine against a face-down goal.
    assert "place P01@4,-2^" in legal(s) and "place P16@4,-2^" in legal(s)


# --------------------------------------------------------------------------- goals


def _to_goal(goal: str) -> SaboteurState:
    """Green's tunnel ends at (4,-1) (P23: N and W open); P01 at (4,-2) reaches the goal
    at (5,-2) with its east side."""
    placed = [((1, -1), "P08", 0), ((2, -1), "P08", 0), ((3, -1), "P08", 0),
              ((4, -1), "P23", 0)]
    return scenario(placed, hands=[["P01", "P08"], ["P08"]], goals={(5, -2): goal})


def test_reaching_a_goal_asks_for_its_orientation() -> None:
    """Goals, gold, trolls: "When your unbroken tunnel reaches a face-down goal card,
    turn it face up in place, upright or turned, so that its tunnels join the tunnel
    that reached it". G05 (S-W) reached from the west joins only upright: forced."""
    s = GAME.apply(_to_goal("G05"), "place P01@4,-2^")
    assert s.phase == REVEAL and s.pending == ((5, -2),) and s.to_move == GREEN
    assert legal(s) == ["reveal @5,-2 ^"]
    # the card being turned is seen (by both) before its orientation is chosen
    assert cell_of(GAME.view(s, GREEN), (5, -2)).card == "G05"
    assert cell_of(GAME.view(s, BLUE), (5, -2)).card == "G05"
    assert len(s.hands[GREEN]) == 1  # the draw waits until the reveal is done
    assert "first choose" in refused(s, "pass P08")
    up = GAME.apply(s, "reveal @5,-2 ^")
    assert cell_of(up, (5, -2)).face_up and cell_of(up, (5, -2)).rot == 0
    assert up.phase == PLAY and up.to_move == BLUE and len(up.hands[GREEN]) == 2
    # Upright, G05's west side is open onto P01: the 2 gold is green's.
    assert up.claims == (Counter(5, -2, "a", GREEN),) and up.counters_left == (3, 4)


def test_an_orientation_refusing_the_connection_is_refused() -> None:
    """Goals, gold, trolls: "if exactly one orientation joins the reaching tunnel, that
    one is forced". Turned, G05's west side would be rock against P01's open east side
    (a way to refuse the connection): refused, with the reason in words."""
    s = GAME.apply(_to_goal("G05"), "place P01@4,-2^")
    assert refused(s, "reveal @5,-2 v") == (
        "the goal's tunnels must join the tunnel that reached it: only upright (^) joins")


def test_map_peek_is_private() -> None:
    """Action cards, "Map: look secretly at one face-down goal card"."""
    s = scenario(hands=[["A-MAP", "P08"], ["P08"]], goals={(7, -1): "G13"})
    s2 = GAME.apply(s, "map @7,-1")
    assert GAME.view(s2, GREEN).peeked == (((7, -1), "G13"),)
    assert GAME.view(s2, BLUE).peeked == ()
    assert GAME.view(s2, None).peeked == ()
    assert "G13" not in repr(GAME.view(s2, BLUE))
    assert GAME.view(s2, BLUE).peeks == (((7, -1),), ())  # that green looked is public
    v = GAME.view(s, GREEN)
    assert EN.say(describe_move(v, "map @7,-1")) == (
        "Green looks secretly at the upper goal of the middle column")


# --------------------------------------------------------------------------- gold


def test_gold_is_kept_when_a_rockfall_breaks_the_tunnel() -> None:
    """Gold: "that gold is yours at round end, even if the tunnel is later broken";
    Rockfall removes a path card (not a start, goal, gold or troll card)."""
    s = GAME.apply(_to_goal("G05"), "place P01@4,-2^")
    s = GAME.apply(s, "reveal @5,-2 ^")
    s = replace(s, hands=(s.hands[0], ("A-ROCKFALL", "P08")))
    assert "rockfall @2,-1" in legal(s)
    s = GAME.apply(s, "rockfall @2,-1")
    assert not any(p.cell == (2, -1) for p in s.maze)
    assert s.claims == (Counter(5, -2, "a", GREEN),)
    assert "a rockfall cannot remove a start or goal card" in refused(
        replace(s, to_move=BLUE, hands=(s.hands[0], ("A-ROCKFALL",))), "rockfall @5,-2")
    # end the round: nobody holds a card and the pile is empty
    s = replace(s, draw=(), hands=(("P08",), ()), to_move=GREEN)
    s = GAME.apply(s, "pass P08")
    assert s.round == 2 and s.results[0].won == (2, 0)
    assert s.treasure[GREEN] == (("G05", 2),)


def test_rockfall_refuses_gold_and_troll_cards_and_returns_a_key() -> None:
    """Rockfall: "not a start, goal, gold or troll card. A key on a removed door returns
    to the supply"."""
    s = scenario([((1, -1), "P02", 0), ((1, 0), "P14", 0), ((1, -2), "P12", 1)],
                 hands=[["A-ROCKFALL"], []], keys=(Counter(1, -1, None, GREEN),))
    assert "showing gold" in refused(s, "rockfall @1,0")
    assert "troll" in refused(s, "rockfall @1,-2")
    assert "start or goal" in refused(s, "rockfall @0,-1")
    s2 = GAME.apply(s, "rockfall @1,-1")
    assert s2.keys == () and "P02" in s2.discard


def test_the_placer_secures_shared_gold_first() -> None:
    """Gold: "When one placement connects both players to the same gold, the player
    who made it secures it first"; "If the opponent's card connects you, the gold is
    still yours"."""
    # P04 (a bridge with gold on its N-S tunnel) at (0,0) joins both starts.
    s = scenario(hands=[["P04"], ["P08"]], counters_left=(4, 4))
    s2 = GAME.apply(s, "place P04@0,0^")
    assert s2.claims == (Counter(0, 0, "a", GREEN),)
    s3 = GAME.apply(replace(s, to_move=BLUE, hands=(("P08",), ("P04",))), "place P04@0,0^")
    assert s3.claims == (Counter(0, 0, "a", BLUE),)
    # with no counter left the placer cannot, and the opponent connected by it can
    s4 = GAME.apply(replace(s, counters_left=(0, 1)), "place P04@0,0^")
    assert s4.round == 2  # that was the last counter: the round is over
    assert s4.treasure == ((), (("P04", 1),))


def test_key_securing_gold_it_opens() -> None:
    """Key: "If it opens a way to unclaimed gold, secure it at once"."""
    # Blue door east on P02 at (1,-1); beyond it P22's gold stub.
    s = scenario([((1, -1), "P02", 0), ((2, -1), "P22", 1)], hands=[["A-KEY"], []])
    # P22 turned: printed W (group a with N,S) faces east; printed E stub (gold) faces W.
    s2 = GAME.apply(s, "key @1,-1")
    assert s2.claims == (Counter(2, -1, "b", GREEN),)


# --------------------------------------------------------------------------- trolls


def test_troll_payment_gives_no_change() -> None:
    """Trolls: "pay with gold cards, and if no exact sum exists, overpay with the
    smallest sufficient card; with too little gold, pay all you have"."""
    pay = rules.pay_trolls
    assert pay([("G05", 2), ("P14", 1)], 1) == [1]  # exact
    assert pay([("G05", 2), ("G13", 3)], 1) == [0]  # overpay with the smallest card
    assert pay([("G13", 3), ("G05", 2), ("G12", 2)], 3) == [0]  # exact with one card
    assert pay([("G05", 2), ("G12", 2)], 3) == [0, 1]  # no exact sum: smallest total
    assert pay([("P14", 1)], 2) == [0]  # too little: everything
    assert pay([], 2) == []
    assert pay([("G13", 3)], 0) == []


def test_bribes_are_paid_at_round_end() -> None:
    """End of a round: "then pays for bribed trolls"."""
    s = scenario(
        hands=[["P08"], []], draw=(), treasure=((("G13", 3), ("P14", 1)), ()),
        bribes=(Counter(1, -1, None, GREEN),), counters_left=(3, 4),
    )
    s = replace(s, maze=tuple(sorted((*s.maze, Placed(1, -1, "P12", 0, True, 0, 1)),
                                     key=lambda p: p.cell)))
    s2 = GAME.apply(s, "pass P08")
    assert s2.treasure[GREEN] == (("G13", 3),)
    assert s2.paid == (("P14", 1, GREEN),)
    assert s2.results[0].paid == (1, 0)


# --------------------------------------------------------------------------- turn actions


def test_sabotage_one_of_each_tool_and_repair_removes_one() -> None:
    """Action cards: "at most one of each tool in front of a player"; "a two-tool
    repair removes one, not two"."""
    s = scenario(hands=[["A-BRK-PICK", "A-BRK-LAMP"], ["A-FIX-PICK-LAMP", "P08"]],
                 sabotage=((), ("pick",)))
    assert "break pick" not in legal(s) and "break lamp" in legal(s)
    assert "already lies" in refused(s, "break pick")
    s2 = GAME.apply(s, "break lamp")
    assert s2.sabotage == ((), ("pick", "lamp"))
    assert "repair pick with pick+lamp" in legal(s2) and "repair lamp with pick+lamp" in legal(s2)
    assert "no repair card shows lamp+pick" in refused(s2, "repair pick with lamp+pick")
    s3 = GAME.apply(s2, "repair pick with pick+lamp")
    assert s3.sabotage == ((), ("lamp",))
    assert {"A-FIX-PICK-LAMP", "A-BRK-PICK"} <= set(s3.discard)


def test_clear_discards_two_and_the_hand_shrinks() -> None:
    """A turn: "discard 2 cards to remove one sabotage card in front of you | 1 (the
    hand shrinks by one for this round)"."""
    hand = ["P08", "P16", "P23", "P05", "A-MAP", "A-KEY"]
    s = scenario(hands=[hand, ["P08"]], sabotage=(("cart",), ()))
    assert "clear cart discard P08 P16" in legal(s)
    assert "sorted order" in refused(s, "clear cart discard P16 P08")
    s2 = GAME.apply(s, "clear cart discard P08 P16")
    assert s2.sabotage == ((), ()) and len(s2.hands[GREEN]) == 5
    assert len(s2.draw) == len(s.draw) - 1


def test_pass_draws_as_many_as_discarded() -> None:
    """A turn: "pass, discarding 1 or 2 cards | as many as discarded"."""
    hand = ["P08", "P08", "P23", "P05", "A-MAP", "A-KEY"]
    s = scenario(hands=[hand, ["P08"]])
    assert "pass P08 P08" in legal(s) and "pass P08" in legal(s)
    s2 = GAME.apply(s, "pass P08 P08")
    assert len(s2.hands[GREEN]) == 6 and len(s2.draw) == len(s.draw) - 2
    assert s2.discard.count("P08") == 2
    s3 = GAME.apply(replace(s, draw=("P05",)), "pass P08 P23")
    assert len(s3.hands[GREEN]) == 5  # the pile ran out: fewer cards come back


def test_an_empty_hand_sits_out() -> None:
    """A turn: "a player with an empty hand sits out the round"."""
    s = scenario(hands=[["P08", "P05"], []], draw=())
    s2 = GAME.apply(s, "pass P08")
    assert s2.to_move == GREEN and s2.round == 1


# --------------------------------------------------------------------------- round end


def test_round_ends_when_all_goals_are_face_up() -> None:
    """End of a round: "when all 6 goals are face up"."""
    others = {(5, 0): 0, (5, 2): 0, (7, -1): 0, (7, 1): 0, (9, 0): 0}
    s = GAME.apply(_to_goal("G04"), "place P01@4,-2^")
    s = replace(s, maze=tuple(replace(p, face_up=True) if p.cell in others else p
                              for p in s.maze))
    s2 = GAME.apply(s, "reveal @5,-2 ^")
    assert s2.round == 2 and s2.results[0].round == 1


def test_round_ends_when_all_counters_are_on_the_table() -> None:
    """End of a round: "or all 8 counters are on the table"."""
    s = scenario(hands=[["P04"], ["P08"]], counters_left=(1, 0))
    s2 = GAME.apply(s, "place P04@0,0^")
    assert s2.round == 2 and s2.results[0].won == (1, 0)


def test_round_ends_when_pile_and_hands_are_empty() -> None:
    """End of a round: "or the draw pile and both hands are empty"."""
    s = scenario(hands=[["P08"], ["P05"]], draw=())
    s = GAME.apply(s, "pass P08")
    assert s.round == 1 and s.to_move == BLUE
    s = GAME.apply(s, "pass P05")
    assert s.round == 2


def test_who_starts_each_round() -> None:
    """Setup: "Green starts round 1; later rounds the player with less gold starts,
    blue on a tie"."""
    assert rules.new_game(2, 5, {}).to_move == GREEN
    base = scenario(hands=[["P08"], []], draw=())
    tie = GAME.apply(base, "pass P08")
    assert tie.round == 2 and tie.to_move == BLUE
    richer_green = GAME.apply(replace(base, treasure=((("G13", 3),), ())), "pass P08")
    assert richer_green.to_move == BLUE
    richer_blue = GAME.apply(replace(base, treasure=((), (("G13", 3),))), "pass P08")
    assert richer_blue.to_move == GREEN


def test_kept_gold_path_cards_leave_the_deck() -> None:
    """End of a round: "kept gold path cards leave the deck for later rounds"."""
    s = scenario(hands=[["P04"], ["P08"]], counters_left=(1, 0))
    s2 = GAME.apply(s, "place P04@0,0^")
    assert s2.treasure[GREEN] == (("P04", 1),)
    everywhere = [*s2.draw, *(c for h in s2.hands for c in h), *s2.set_aside]
    assert "P04" not in everywhere
    assert GAME.inventory(s2) == dict(COUNTS)


def test_the_game_ends_after_the_last_round_and_most_gold_wins() -> None:
    """End of game: "After round 3 the player with the most gold wins; equal gold
    shares the win"."""
    s = scenario(hands=[["P08"], []], draw=(), round=3,
                 treasure=((("G13", 3),), (("G05", 2),)))
    end = GAME.apply(s, "pass P08")
    assert end.phase == OVER and GAME.to_act(end) is None and legal(end) == []
    out = GAME.outcome(end)
    assert out is not None and out.winners == (GREEN,) and out.points == (3, 2)
    tie = GAME.apply(replace(s, treasure=((("G13", 3),), (("G12", 3),))), "pass P08")
    out = GAME.outcome(tie)
    assert out is not None and out.winners == (GREEN, BLUE)


# --------------------------------------------------------------------------- solo


def test_solo_set_up() -> None:
    """Solo: "its start card only, 6 counters, goals 7 card widths away"; "set 10
    random cards aside unseen"."""
    s = rules.new_game(1, 3, {})
    starts = [p for p in s.maze if p.card and CARDS[p.card].kind == "start"]
    assert [p.card for p in starts] == ["START_GREEN"] and s.counters_left == (6,)
    assert s.goal_cells == ((8, -2), (8, 0), (8, 2), (10, -1), (10, 1), (12, 0))
    assert len(s.set_aside) == 10 and len(s.hands[0]) == 6
    assert "START_BLUE" in s.boxed
    v = GAME.view(s, 0)
    assert v.set_aside_size == 10 and not hasattr(v, "set_aside")
    blue = rules.new_game(1, 3, {"solo_colour": "blue"})
    assert any(p.card == "START_BLUE" and p.cell == (0, 1) for p in blue.maze)


def test_solo_sabotage_drawn_goes_in_front_and_a_duplicate_is_discarded() -> None:
    """Solo: "A sabotage card you draw goes face up in front of you at once and you
    draw again (a duplicate is discarded without effect)"."""
    s = scenario(players=1, hands=[["P08", "P05"]],
                 draw=("A-BRK-PICK", "A-BRK-PICK", "P16", "P23"), sabotage=((),))
    s2 = GAME.apply(s, "pass P08")
    assert s2.sabotage == (("pick",),)
    assert s2.hands[0] == ("P05", "P16") and s2.draw == ("P23",)
    assert s2.discard.count("A-BRK-PICK") == 1
    assert not any(m.startswith("break") for m in legal(s2))


def test_solo_rockfall_drawn_hits_the_last_plain_path_card() -> None:
    """Solo: "A rockfall you draw is played at once on the last path card you placed
    that has no gold and no troll, and you draw again"."""
    placed = [((1, -1), "P08", 0), ((2, -1), "P14", 1), ((1, -2), "P12", 0)]
    s = scenario(placed, players=1, hands=[["P05", "P16"]], draw=("A-ROCKFALL", "P23"),
                 sabotage=((),))
    s2 = GAME.apply(s, "pass P16")
    assert not any(p.cell == (1, -1) for p in s2.maze)  # P14 (gold), P12 (troll) skipped
    assert s2.hands[0] == ("P05", "P23")
    assert {"A-ROCKFALL", "P08"} <= set(s2.discard)


def test_solo_bands() -> None:
    """Solo: "0–14 not a winner, 15–19 not bad, 20–24 a good nose for gold, 25+ boss
    of all mines"."""
    assert [rules.band(n) for n in (0, 14, 15, 19, 20, 24, 25, 40)] == [
        "not a winner", "not a winner", "not bad", "not bad", "a good nose for gold",
        "a good nose for gold", "boss of all mines", "boss of all mines"]
    s = scenario(players=1, hands=[["P08"]], draw=(), round=3,
                 treasure=((("G13", 3), ("G15", 3), ("G10", 3), ("G12", 2), ("G03", 2),
                            ("G05", 2), ("G06", 2)),))
    out = english(GAME.outcome(GAME.apply(s, "pass P08")))
    assert out is not None and out.points == (17,)
    assert "not bad" in out.explanation[0] and out.details["band"] == "not bad"


def test_solo_set_aside_cards_return_next_round() -> None:
    """Solo: "they return next round": every round starts from the whole deck."""
    s = rules.new_game(1, 11, {})
    s = replace(s, hands=(("P08",),), draw=())
    s2 = GAME.apply(s, "pass P08")
    assert s2.round == 2 and len(s2.set_aside) == 10
    assert GAME.inventory(s2) == dict(COUNTS)


# --------------------------------------------------------------------------- notation


def test_notation_round_trips() -> None:
    """Move notation: parse and format round-trip."""
    for move in ("place P14@6,-1^", "place LADDER_GREEN@0,2v", "break pick", "repair pick",
                 "repair lamp with lamp+cart", "key @3,0", "rockfall @2,1", "map @7,-1",
                 "clear pick discard P08 P16", "pass P08", "pass P08 P16", "bribe @4,1",
                 "reveal @5,0 v", "reveal @-3,-12 ^"):
        m = parse_move(move)
        assert m is not None and format_move(m) == move
    for bad in ("place P14@6,-01^", "place P14@-0,1^", "pass", "key 3,0", "break axe",
                "reveal @5,0", "place p14@1,1^", "pass P08 P16 P23"):
        assert parse_move(bad) is None, bad


def test_options_are_validated() -> None:
    """A hand-edited URL gets a reason, not a strange game."""
    assert GAME.options_for(2, {}) == {"rounds": 3}
    assert GAME.options_for(1, {"rounds": "1"}) == {"rounds": 1, "solo_colour": "green"}
    for players, bad in ((2, {"rounds": 4}), (2, {"colour": "red"}), (1, {"solo_colour": "red"}),
                         (3, {}), (2, {"solo_colour": "blue"})):
        with pytest.raises(BadOptions):
            GAME.options_for(players, bad)


# --------------------------------------------------------------------------- engine-wide


def _random_states(players: int, seeds: Iterable[int], rounds: int = 1):
    for seed in seeds:
        s = GAME.new(players, seed, {"rounds": rounds})
        rng = Rng(seed + 99)
        while GAME.to_act(s) is not None:
            yield s
            s = GAME.apply(s, rng.choice(legal(s)))
        yield s


def _probe_moves(s: SaboteurState) -> list[str]:
    """Many plausible moves, legal or not, for the refusal cross-check."""
    hand = sorted(set(s.hands[s.to_move])) + ["P08", "A-KEY"]
    cells = {p.cell for p in s.maze}
    near = {(x + dx, y + dy) for x, y in cells for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
    out = [f"place {c}@{x},{y}{r}" for c in hand for (x, y) in near for r in "^v"]
    out += [f"{k} @{x},{y}" for k in ("key", "rockfall", "map", "bribe") for (x, y) in cells]
    out += [f"reveal @{x},{y} {r}" for (x, y) in s.goal_cells for r in "^v"]
    out += [f"break {t}" for t in ("pick", "lamp", "cart")]
    out += [f"repair {t}" for t in ("pick", "lamp", "cart")]
    out += [f"repair {t} with {a}+{b}" for t in ("pick", "lamp", "cart")
            for a, b in (("pick", "lamp"), ("pick", "cart"), ("lamp", "cart"), ("lamp", "pick"))]
    pairs = list(combinations_with_replacement(hand, 2))
    out += [f"pass {a} {b}" for a, b in pairs] + [f"pass {b} {a}" for a, b in pairs]
    out += [f"pass {a}" for a in hand]
    out += [f"clear {t} discard {a} {b}" for t in ("pick", "cart") for a, b in pairs]
    return out


@pytest.mark.parametrize("players", [1, 2])
def test_refusal_agrees_with_legal_moves(players: int) -> None:
    """``legal_moves`` is the one source of legality: ``refusal`` is None exactly for
    the moves it lists, and ``apply`` refuses every other probe."""
    for i, s in enumerate(_random_states(players, range(6))):
        if i % 3:
            continue
        moves = set(legal(s))
        for move in _probe_moves(s):
            reason = rules.refusal(s, move)
            assert (reason is None) == (move in moves), (move, reason)
        for move in moves:
            assert rules.refusal(GAME.view(s, s.to_move), move) is None


def test_refusal_from_a_view_of_the_other_seat() -> None:
    s = rules.new_game(2, 1, {})
    assert said(rules.refusal(GAME.view(s, BLUE), "pass P08")) == "it is not your turn"


@pytest.mark.parametrize("players", [1, 2])
def test_full_three_round_games_keep_every_card(players: int) -> None:
    """Three rounds: every card stays accounted for, and every game ends."""
    for seed in range(4):
        last = None
        for last in _random_states(players, [seed], rounds=3):
            assert GAME.inventory(last) == dict(COUNTS)
        assert last is not None and last.phase == OVER and len(last.results) == 3
        # every turn uses up a card of the pile or the hand: a round is short
        assert len(last.history) < 3 * 90
        out = GAME.outcome(last)
        assert out is not None and len(out.explanation) >= 4


def _big_maze() -> SaboteurState:
    """A duel position with 40+ cards in the maze, grown by placing random legal cards
    from an oversized hand (green only, no sabotage)."""
    rng = Rng(7)
    s = rules.new_game(2, 7, {})
    paths = [c for c in DECK if CARDS[c].kind == "path"] * 2
    s = replace(s, hands=(tuple(sorted(paths)), ()), draw=())
    near_goal = {(x + dx, y + dy) for x, y in s.goal_cells
                 for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
    while len(s.maze) < 48:
        moves = [m for m in legal(s) if m.startswith("place")
                 and parse_move(m).cell not in near_goal]  # type: ignore[union-attr]
        if not moves:
            break
        s = GAME.apply(s, rng.choice(moves))
        if s.phase == BRIBE:  # the placement reached a troll: decline the bribe
            s = GAME.apply(s, "done")
        s = replace(s, to_move=GREEN, hands=(s.hands[0], ()), counters_left=(4, 4))
    hand = ("P08", "P16", "P23", "P13", "P20", "LADDER_GREEN")
    return replace(s, hands=(tuple(sorted(hand)), ("P05",)))


def test_legal_moves_on_a_big_maze_do_not_depend_on_the_memo() -> None:
    """On a large maze, a fresh copy (no memoized networks) offers the same moves as the
    memoized state, and every one applies (their speed is measured by `make bench`)."""
    s = _big_maze()
    assert len(s.maze) >= 40
    moves = legal(s)
    assert moves and legal(replace(s)) == moves
    for move in moves[:: max(1, len(moves) // 20)]:
        GAME.apply(s, move)


def test_describe_move_in_words() -> None:
    """The move log reads like the table talk."""
    s = scenario(hands=[["P14", "A-BRK-PICK"], ["P08"]])
    v = GAME.view(s, GREEN)
    assert EN.say(describe_move(v, "place P14@1,-1v")) == (
        "Green places a three-way junction with 1 gold and a dead end, turned, "
        "next to the green start")
    assert EN.say(describe_move(v, "break pick", ("Ann", "Bob"))) == "Ann breaks Bob's pick"
    assert EN.say(describe_move(v, "break pick", ("Ann", "You"), you=1)) == (
        "Ann breaks your pick")
    assert EN.say(describe_move(v, "pass P08 P16")) == (
        "Green passes, discarding a straight tunnel and a bend")
    assert EN.say(describe_move(v, "bribe @4,1")) == (
        "Green bribes a troll, next to the bottom goal of the near column")
    assert EN.say(describe_move(v, "place P14@3,1^")) == (
        "Green places a three-way junction with 1 gold and a dead end, upright")


def test_network_of_a_view_matches_the_state() -> None:
    s = scenario([((1, -1), "P02", 0)])
    assert rules.network(GAME.view(s, BLUE), GREEN) == rules.network(s, GREEN)
