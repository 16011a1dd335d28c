"""Ciao!'s rules, one scenario per rule (docs/rules/ciao.md is the reference; each
docstring quotes the section it checks).

Scenario states replace hands, piles and turn data in a fresh ``new_game`` state, so
each test shows exactly the position the rule talks about. Cards are written in move
notation: ``Rg`` green rock, ``Py.3`` yellow paper +3, ``Jr`` red joker, ``M`` millstone.
Seats are 0-based in the state and 1-based in notation (``give Rg>2`` gives to seat 1).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from parlor.core.errors import BadOptions, IllegalMove
from parlor.core.protocol import TABLE
from parlor.core.rng import Rng
from parlor.games import GAMES
from parlor.games.ciao import cards, rules
from parlor.games.ciao.cards import BY_CODE, CODES
from parlor.games.ciao.describe import describe_move
from parlor.games.ciao.notation import format_move, parse_move
from parlor.games.ciao.state import CiaoState
from parlor.i18n.catalog import Translator

GAME = GAMES["ciao"]
ROOT = Path(__file__).resolve().parent.parent
#: The canonical deck, beside the rules it belongs to.
CANONICAL_DECK = ROOT / "docs" / "rules" / "ciao_deck.json"


def ids(codes: str) -> tuple[int, ...]:
    return tuple(BY_CODE[c] for c in codes.split())


def codes(cs: Sequence[int]) -> str:
    return " ".join(CODES[c] for c in cs)


def scenario(
    hands: Sequence[str],
    *,
    discard: str = "",
    named: str = "",
    draw: str = "Sg Sg Sg Sg Sg Sg Sg Sg Sg",
    turn: int = 0,
    phase: str = "play",
    options: Mapping[str, object] | None = None,
    **fields: object,
) -> CiaoState:
    """An exact position for ``len(hands)`` players (draw pile: last card on top)."""
    start = rules.new_game(len(hands), 0, {"first_leader": "seat1", **(options or {})})
    return replace(
        start,
        hands=tuple(tuple(sorted(ids(h))) for h in hands),
        discard=ids(discard) if discard else (),
        named="RPS".index(named) if named else -1,
        draw=ids(draw) if draw else (),
        turn=turn,
        base=fields.pop("base", turn),  # type: ignore[arg-type]
        phase=phase,
        **fields,  # type: ignore[arg-type]
    )


def hand(s: CiaoState, seat: int) -> str:
    return codes(s.hands[seat])


def play(s: CiaoState, *moves: str) -> CiaoState:
    for m in moves:
        assert m in GAME.legal_moves(s), (m, GAME.legal_moves(s))
        s = GAME.apply(s, m)
    return s


# --------------------------------------------------------------------------- the deck


def test_deck_comes_from_the_data_file() -> None:
    """Rules, "The deck": 81 plain cards, 18 icon cards, 6 jokers, 3 millstones = 108,
    kept in data (``ciao_deck.json``), never in code."""
    data = json.loads(cards.DECK_FILE.read_text(encoding="utf-8"))
    assert sum(c["count"] for c in data["cards"]) == sum(cards.BOX_COUNTS) == 108
    kinds = {k.code: n for k, n in zip(cards.KINDS, cards.BOX_COUNTS, strict=True)}
    assert kinds["M"] == 3 and kinds["Jg"] + kinds["Jy"] + kinds["Jr"] == 6
    assert sum(n for k, n in zip(cards.KINDS, cards.BOX_COUNTS, strict=True) if k.is_icon) == 18
    for sym in "RPS":
        assert sum(n for c, n in kinds.items() if c[0] == sym and "." not in c) == 27


def test_deck_copy_equals_the_canonical_rules_file() -> None:
    """The engine's ``deck.json`` is a verbatim copy of the rules' ``ciao_deck.json``
    (docs/rules/): the package carries its own, as the browser sees only the package."""
    assert cards.DECK_FILE.read_bytes() == CANONICAL_DECK.read_bytes()


def test_inventory_counts_every_card() -> None:
    s = GAME.new(4, 1, {})
    assert sum(GAME.inventory(s).values()) == 108
    assert all(len(h) == 7 for h in s.hands)


# --------------------------------------------------------------------------- order


@pytest.mark.parametrize(
    ("top", "card", "ok"),
    [
        ("Rg", "Pg", True),  # paper beats rock, any colour
        ("Rr", "Pg", True),
        ("Sg", "Rg", True),  # rock beats scissors
        ("Pr", "Sg", True),  # scissors beat paper
        ("Rg", "Sr", False),  # scissors lose to rock whatever the colour
        ("Rg", "Ry", True),  # same symbol, higher colour
        ("Ry", "Rr", True),
        ("Ry", "Ry", False),  # same colour is not higher
        ("Rr", "Rg", False),
        ("Rg", "Jg", True),  # a joker goes on anything...
        ("Jr", "Jg", True),  # ...including a joker
        ("Rg", "M", False),  # millstones are never played
        ("Rg", "Py.3", True),  # icon cards follow the same order
        ("Rg", "Sy.3", False),
    ],
)
def test_which_card_goes_on_which(top: str, card: str, ok: bool) -> None:
    """Rules, "Which card may go on which": symbol beats (paper > rock > scissors >
    paper) any colours; or same symbol, strictly higher colour; or a joker, on anything.
    "Millstones are never played." """
    named = "R" if top.startswith("J") else ""
    s = scenario([f"{card} Sg", "Sg"], discard=top, named=named)
    prefix = f"play {card}"
    offered = any(m == prefix or m.startswith(prefix + "=") for m in GAME.legal_moves(s))
    assert offered == ok


def test_joker_counts_as_the_named_symbol_in_its_own_colour() -> None:
    """Rules: "A joker's player names a symbol; the joker then counts as that symbol in
    the joker's own colour." (the sheet's example: a yellow joker named paper on a green
    rock; next must beat a yellow paper, e.g. a green scissors)."""
    s = scenario(["Jy Rr", "Sg Pg Py Pr Ry"], discard="Rg")
    assert [m for m in GAME.legal_moves(s) if m.startswith("play Jy")] == [
        "play Jy=R", "play Jy=P", "play Jy=S"]
    s = play(s, "play Jy=P")
    assert (s.top_symbol, s.top_colour) == (1, 2)
    assert GAME.view(s, 0).named == 1
    assert GAME.legal_moves(s) == ["play Pr", "play Sg", "draw"]


def test_joker_on_a_joker() -> None:
    """Rules: a joker may be played "any time, on anything, including a joker"."""
    s = scenario(["Jg Rr", "Jr Rg"], discard="Jy", named="P")
    s = play(s, "play Jg=S")
    s = play(s, "play Jr=R")
    assert s.top_symbol == 0 and s.top_colour == 3


def test_opening_lead_is_any_card_but_a_millstone() -> None:
    """Rules: "The opening lead of a round may be any card but a millstone." """
    s = scenario(["Rg Sr M", "Pg"])
    assert GAME.legal_moves(s) == ["play Rg", "play Sr", "draw"]


# --------------------------------------------------------------------------- a turn


def test_draw_then_play_the_drawn_card_or_keep_it() -> None:
    """Rules, "A turn": "Play one legal card, or draw one card ... If the drawn card is
    legal you may play it at once." (``keep`` declines)."""
    s = scenario(["Rg Sg", "Sg"], discard="Rg", draw="Sg Py")
    s = play(s, "draw")
    assert s.phase == "drawn" and GAME.legal_moves(s) == ["play Py", "keep"]
    assert GAME.view(s, 0).drawn == BY_CODE["Py"] and GAME.view(s, 1).drawn == -1
    played = play(s, "play Py")
    assert played.top == BY_CODE["Py"] and played.turn == 1
    kept = play(s, "keep")
    assert hand(kept, 0) == "Rg Py Sg" and kept.turn == 1 and kept.phase == "play"


def test_voluntary_draw_although_a_card_could_be_played() -> None:
    """Rules: "Drawing is allowed even when you could play (a voluntary pass costs that
    draw)"; a drawn card that may not be played can only be kept ("A drawn card is
    secret": the drawer still decides, so the turn does not pass by itself)."""
    s = scenario(["Pg", "Sg"], discard="Rg", draw="Sg")
    assert "play Pg" in GAME.legal_moves(s) and "draw" in GAME.legal_moves(s)
    s = play(s, "draw")
    assert s.phase == "drawn" and GAME.legal_moves(s) == ["keep"]
    s = play(s, "keep")
    assert hand(s, 0) == "Pg Sg" and s.turn == 1 and s.phase == "play"


def test_reshuffle_keeps_the_top_card() -> None:
    """Rules: "When the draw pile is empty, the discards except the top card are
    shuffled into a new draw pile" (ours)."""
    s = scenario(["Rg", "Sg"], discard="Sy Sr Pg Rr", draw="")
    s = play(s, "draw")
    assert s.discard == ids("Rr")
    assert len(s.draw) == 2 and sorted(s.draw + s.hands[0]) == sorted(ids("Sy Sr Pg Rg"))


def test_draw_is_skipped_when_nothing_is_left() -> None:
    """Rules: "if nothing is left to draw, a draw is skipped" (the turn passes)."""
    s = scenario(["Rg", "Sg"], discard="Rr", draw="")
    s = play(s, "draw")
    assert hand(s, 0) == "Rg" and s.turn == 1 and s.discard == ids("Rr")


def test_play_goes_clockwise() -> None:
    """Rules: "Play goes clockwise at the start of each round." """
    s = scenario(["Pg Pg", "Sg Sg", "Rg Rg"], discard="Rg")
    assert play(s, "play Pg").turn == 1


# --------------------------------------------------------------------------- icons


def test_again_plays_again_on_the_own_card() -> None:
    """Icons, "play again or reverse": "play again at once (must beat this card; if
    unable, draw one, and may play it if legal)"."""
    s = scenario(["Rg.A Pg Sg Sg", "Sg", "Sg"], discard="Sy")
    s = play(s, "play Rg.A")
    assert s.phase == "again_or_reverse" and GAME.legal_moves(s) == ["again", "reverse"]
    s = play(s, "again")
    assert s.turn == 0 and GAME.legal_moves(s) == ["play Pg", "draw"]
    s = play(s, "play Pg")
    assert s.turn == 1


def test_again_unable_draws_and_may_play_it() -> None:
    """Icons: "if unable, draw one, and may play it if legal"."""
    s = scenario(["Rg.A Sg Sg", "Sg", "Sg"], discard="Sy", draw="Pg")
    s = play(s, "play Rg.A", "again")
    assert GAME.legal_moves(s) == ["draw"]
    s = play(s, "draw")
    assert GAME.legal_moves(s) == ["play Pg", "keep"]
    assert play(s, "play Pg").turn == 1


def test_reverse_changes_direction() -> None:
    """Icons: "or reverse the direction"."""
    s = scenario(["Rg.A Sg", "Sg", "Sg"], discard="Sy")
    s = play(s, "play Rg.A", "reverse")
    assert s.direction == -1 and s.turn == 2


def test_reverse_with_two_players_changes_nothing() -> None:
    """Icons: "With 2 players reverse changes nothing" (the other player plays next)."""
    s = scenario(["Rg.A Sg", "Sg"], discard="Sy")
    s = play(s, "play Rg.A", "reverse")
    assert s.turn == 1


def test_speed_race_winner_plays_and_play_continues_after_the_winner() -> None:
    """Icons, "speed challenge": "every *other* player races to lay a legal card on it;
    the fastest wins the race and play continues with the player after the winner"."""
    s = scenario(["Rr.F Sg", "Sg Pg", "Pr Sg", "Sg"], discard="Sy")
    s = play(s, "play Rr.F")
    assert s.phase == "race" and GAME.to_act(s) == TABLE
    moves = GAME.legal_moves(s)
    assert moves == ["race 2 Pg", "race 3 Pr", "race none"]  # not the speed player
    s = play(s, "race 3 Pr")
    assert s.top == BY_CODE["Pr"] and hand(s, 2) == "Sg" and s.turn == 3


def test_speed_race_option_continues_after_the_speed_player() -> None:
    """Icons, speed: "(ours; option: after the speed card's player)"."""
    s = scenario(["Rr.F Sg", "Sg Pg", "Pr Sg", "Sg"], discard="Sy",
                 options={"speed_continue": "speed_player"})
    s = play(s, "play Rr.F", "race 3 Pr")
    assert s.turn == 1


def test_speed_nobody_answers() -> None:
    """Icons, speed: "If nobody answers, play goes on normally." """
    s = scenario(["Rr.F Sg", "Sg", "Sg"], discard="Sy")
    s = play(s, "play Rr.F")
    assert GAME.legal_moves(s) == ["race none"]
    s = play(s, "race none")
    assert s.turn == 1 and s.phase == "play"


def test_speed_turn_order_mode_asks_each_player_in_order() -> None:
    """Real-time parts: "Option speed_mode = turn_order asks the eligible players in seat
    order instead" (starting after the speed card's player, in the direction of play)."""
    s = scenario(["Rr.F Sg", "Sg Pg", "Pr Sg"], discard="Sy",
                 options={"speed_mode": "turn_order"})
    s = play(s, "play Rr.F")
    assert s.phase == "race_turn" and GAME.to_act(s) == 1
    assert GAME.legal_moves(s) == ["play Pg", "pass"]
    s = play(s, "pass")
    assert GAME.to_act(s) == 2
    s = play(s, "play Pr")
    assert s.turn == 0 and s.phase == "play"  # after the winner (seat 2): seat 0
    t = scenario(["Rr.F Sg", "Sg", "Sg"], discard="Sy", options={"speed_mode": "turn_order"})
    t = play(t, "play Rr.F", "pass", "pass")
    assert t.turn == 1 and t.phase == "play"


def test_plus3_take() -> None:
    """Icons, "+3": "the next player draws 3 and loses the turn, unless they answer"."""
    s = scenario(["Py.3 Sg", "Sg Rg", "Sg"], discard="Rg", draw="Rr Rr Rr Rr")
    s = play(s, "play Py.3")
    assert s.phase == "plus3" and s.pending == 3 and GAME.to_act(s) == 1
    assert GAME.legal_moves(s) == ["take"]
    s = play(s, "take")
    assert len(s.hands[1]) == 5 and s.turn == 2 and s.pending == 0 and s.phase == "play"


def test_plus3_stacks_to_six() -> None:
    """Icons, "+3": "or another +3 (adds 3 more for the following player: 6, 9, …). A +3
    answer need not beat the top card (ours)"."""
    s = scenario(["Py.3 Sg", "Rg.3 Sg", "Sg"], discard="Rg", draw="Rr " * 8)
    s = play(s, "play Py.3")
    assert "play Rg.3" in GAME.legal_moves(s)  # a green rock does not beat yellow paper
    s = play(s, "play Rg.3")
    assert s.pending == 6 and GAME.to_act(s) == 2
    s = play(s, "take")
    assert len(s.hands[2]) == 7 and s.turn == 0


def test_plus3_stack_requires_legal_option() -> None:
    """Option ``plus3_stack_requires_legal``: the +3 answer must also beat the top."""
    s = scenario(["Py.3 Sg", "Rg.3 Sr.3 Sg", "Sg"], discard="Rg",
                 options={"plus3_stack_requires_legal": True})
    s = play(s, "play Py.3")
    assert GAME.legal_moves(s) == ["play Sr.3", "take"]


def test_plus3_answered_by_a_joker_cancels_the_chain() -> None:
    """Icons, "+3": "unless they answer with a joker (cancels the whole pending
    penalty)"; play then goes on normally after the joker."""
    s = scenario(["Py.3 Sg", "Rg.3 Sg", "Jg Sg", "Sg"], discard="Rg")
    s = play(s, "play Py.3", "play Rg.3")
    s = play(s, "play Jg=R")
    assert s.pending == 0 and s.phase == "play" and s.turn == 3
    assert len(s.hands[2]) == 1


def test_give_and_thank_you() -> None:
    """Icons, "give a card": "the player gives one card of their choice (a millstone
    too) to any player, who must say "Thank you!" or draw 3"."""
    s = scenario(["Sg.G M Rr", "Sg", "Sg"], discard="Pg", draw="Rg Rg Rg")
    s = play(s, "play Sg.G")
    assert s.phase == "give_target"
    assert GAME.legal_moves(s) == ["give Rr>2", "give Rr>3", "give M>2", "give M>3"]
    s = play(s, "give M>3")
    assert hand(s, 2) == "Sg M" and s.phase == "thanks" and GAME.to_act(s) == TABLE
    assert GAME.legal_moves(s) == ["thanks 3", "nothanks 3"]
    assert GAME.view(s, 1).history[-1] == (0, "give ?>3")  # a gift stays private
    assert GAME.view(s, 2).history[-1] == (0, "give M>3")
    thanked = play(s, "thanks 3")
    assert hand(thanked, 2) == "Sg M" and thanked.turn == 1
    missed = play(s, "nothanks 3")
    assert len(missed.hands[2]) == 5 and missed.turn == 1


def test_auto_thank_skips_the_decision() -> None:
    """Real-time parts: "Option auto_thank" (no thank-you decision, no penalty)."""
    s = scenario(["Sg.G Rr Rr", "Sg"], discard="Pg", options={"auto_thank": True})
    s = play(s, "play Sg.G", "give Rr>2")
    assert s.phase == "play" and s.turn == 1 and hand(s, 1) == "Rr Sg"


def test_giving_the_last_card_wins() -> None:
    """Icons: "If giving empties the giver's hand, the giver wins." """
    s = scenario(["Sg.G Rr", "Sg", "Sg"], discard="Pg", options={"rounds": 1})
    s = play(s, "play Sg.G", "give Rr>2")
    assert s.finished and s.results[-1].winner == 0


def test_swap_hands() -> None:
    """Icons, "swap hands": "the player swaps hands with any player of their choice"."""
    s = scenario(["Sg.X Rr Rr", "Sg", "Pg Pg Pg"], discard="Pg")
    s = play(s, "play Sg.X")
    assert GAME.legal_moves(s) == ["swap 2", "swap 3"]
    s = play(s, "swap 3")
    assert hand(s, 0) == "Pg Pg Pg" and hand(s, 2) == "Rr Rr" and s.turn == 1


def test_swap_as_the_last_card_wins_and_the_effect_is_skipped() -> None:
    """Icons: "The effect resolves after the card is laid. If the hand is then empty, the
    player has won the round and the effect is skipped" (no swap into a full hand)."""
    s = scenario(["Sg.X", "Sg Rr", "Pg"], discard="Pg", options={"rounds": 1})
    s = play(s, "play Sg.X")
    assert s.finished and s.results[-1].winner == 0 and hand(s, 1) == "Rr Sg"


def test_plus3_as_the_last_card_is_skipped() -> None:
    """Icons: an icon card that empties the hand wins; its effect is skipped."""
    s = scenario(["Py.3", "Sg", "Sg"], discard="Rg", options={"rounds": 2})
    s = play(s, "play Py.3")
    assert s.round == 2 and s.pending == 0 and s.results[-1].winner == 0


def test_millstone_discard_with_special_option() -> None:
    """Rules: "Millstones leave a hand only through give-a-card or swap-hands (ours;
    option millstone_discard_with_special: playing any icon card also lets you discard
    one millstone)"."""
    plain = scenario(["Py.3 M Sg", "Sg"], discard="Rg")
    assert "play Py.3+M" not in GAME.legal_moves(plain)
    s = scenario(["Py.3 M Sg", "Sg"], discard="Rg",
                 options={"millstone_discard_with_special": True})
    assert "play Py.3+M" in GAME.legal_moves(s)
    s = play(s, "play Py.3+M")
    assert hand(s, 0) == "Sg" and s.top == BY_CODE["Py.3"] and s.discard[-2] == BY_CODE["M"]


def test_strict_table_mistake_costs_three_cards_and_the_turn() -> None:
    """Rules, mistakes: "option strict_table hides the highlight and applies the 3-card
    penalty to an illegal attempt, the card going back to hand"."""
    s = scenario(["Sg Pg M", "Sg"], discard="Rg", draw="Rr Rr Rr Rr",
                 options={"strict_table": True})
    assert GAME.legal_moves(s) == ["play Pg", "attempt Sg", "attempt M", "draw"]
    assert "attempt Sg" not in GAME.legal_moves(replace(s, options=replace(
        s.options, strict_table=False)))
    s = play(s, "attempt Sg")
    assert len(s.hands[0]) == 6 and BY_CODE["Sg"] in s.hands[0]
    assert s.turn == 1 and s.discard == ids("Rg")


# --------------------------------------------------------------------------- variants


def test_variant_1_symbols_only() -> None:
    """Variants: "1. No icon cards, no millstones, colours ignored (only the symbol
    decides)"."""
    s = GAME.new(3, 5, {"variant": 1})
    inv = GAME.inventory(s)
    assert inv["M"] == 0 and all(n == 0 for c, n in inv.items() if "." in c)
    t = scenario(["Rr Pg", "Sg"], discard="Rg", options={"variant": 1})
    assert GAME.legal_moves(t) == ["play Pg", "draw"]  # a red rock is not higher now


def test_variant_2_adds_icons() -> None:
    """Variants: "2. Add the icon cards." (colours still ignored, no millstones)."""
    inv = GAME.inventory(GAME.new(3, 5, {"variant": 2}))
    assert inv["M"] == 0 and sum(n for c, n in inv.items() if "." in c) == 18
    full = GAME.inventory(GAME.new(3, 5, {"variant": 4}))
    assert full["M"] == 3


def test_options_are_validated() -> None:
    assert GAME.options_for(3, {"variant": "symbols"})["variant"] == 1
    assert GAME.options_for(3, {"rounds": "7"})["rounds"] == 7
    with pytest.raises(BadOptions):
        GAME.options_for(3, {"rounds": 11})
    with pytest.raises(BadOptions):
        GAME.options_for(7, {})
    with pytest.raises(BadOptions):
        GAME.options_for(3, {"nope": 1})


# --------------------------------------------------------------------------- rounds


def test_round_scoring_and_next_round_led_by_the_winner() -> None:
    """End of a round: "The winner scores 0 and leads the next round. Everyone else
    scores the cards left in hand: green 10, yellow 20, red 30 (icon cards by their
    colour), joker or millstone 50." """
    s = scenario(["Pg", "Rg Py.3 Sr", "Jg M"], discard="Rg", options={"rounds": 2})
    s = play(s, "play Pg")
    assert s.round == 2 and s.turn == 0 and s.leader == 0 and s.phase == "play"
    r = s.results[-1]
    assert r.winner == 0 and r.penalties == (0, 60, 100) and s.scores == (0, 60, 100)
    assert all(len(h) == 7 for h in s.hands) and s.discard == ()


def test_match_end_lowest_total_wins_and_ties_share() -> None:
    """The match: "lowest total wins; equal totals share the win"."""
    s = scenario(["Pg", "Rg", "Rg"], discard="Rg", options={"rounds": 1},
                 scores=(30, 0, 10))
    s = play(s, "play Pg")
    out = GAME.outcome(s, ("A", "B", "C"))
    assert out is not None and s.finished and GAME.to_act(s) is None
    assert out.points == (30, 10, 20) and out.winners == (1,)
    assert out.details["rounds"][0]["table"][1]["cards"] == ["Rg"]
    tied = play(scenario(["Pg", "Rg", "Rg"], discard="Rg", options={"rounds": 1},
                         scores=(30, 10, 10)), "play Pg")
    out2 = GAME.outcome(tied)
    assert out2 is not None and out2.winners == (1, 2)


def test_first_round_leader_option() -> None:
    """End of match: "Round 1 is led by the youngest player: ask, or let the table choose
    a random leader" (option first_leader: seat 1 or random)."""
    assert {GAME.new(4, seed, {"first_leader": "seat1"}).turn for seed in range(10)} == {0}
    assert len({GAME.new(4, seed, {}).turn for seed in range(30)}) > 1


def test_cards_are_conserved_over_whole_matches() -> None:
    """108 cards across draw pile, discards and hands, whatever happens."""
    for players in (2, 4, 6):
        s = GAME.new(players, players, {"rounds": 2, "millstone_discard_with_special": True})
        start = GAME.inventory(s)
        rng = Rng(players)
        while GAME.to_act(s) is not None:
            s = GAME.apply(s, rng.choice(GAME.legal_moves(s)))
            assert GAME.inventory(s) == start
        assert len(s.results) == 2


# --------------------------------------------------------------------------- notation


def test_notation_round_trips() -> None:
    for move in ["play Rg", "play Jy=P", "play Py.3+M", "attempt M", "draw", "keep",
                 "take", "again", "reverse", "pass", "give Rg>2", "give M>6", "swap 3",
                 "thanks 2", "nothanks 4", "race 1 Pr", "race 2 Jr=S", "race none"]:
        parsed = parse_move(move)
        assert parsed is not None and format_move(parsed) == move
    for bad in ["play Jy", "play Rg=P", "play Rg+M", "give Rg>0", "swap 03", "race 1",
                "play", "thanks", "play Xx", "race none Rg"]:
        assert parse_move(bad) is None, bad


def test_illegal_moves_say_why() -> None:
    s = scenario(["Sg Rr", "Sg"], discard="Rg")
    with pytest.raises(IllegalMove, match="does not beat"):
        GAME.apply(s, "play Sg")
    with pytest.raises(IllegalMove, match="holds no"):
        GAME.apply(s, "play Pg")
    with pytest.raises(IllegalMove, match="notation"):
        GAME.apply(s, "hello")


def test_describe_move() -> None:
    s = scenario(["Py.3 Sg", "Sg", "Sg"], discard="Rg")
    text = Translator().say(
        describe_move(GAME.view(s, None), "play Py.3", ("Bot 1", "Bot 2", "Bot 3")))
    assert text == "Bot 1 played a yellow paper +3: Bot 2 must answer or draw 3"
