"""Ciao! rulings corrected against the Persian sheet: the race-won card is
its player's play, the four kids' variants, a drawn card's secrecy. Each test cites
the paragraph of docs/rules/ciao.md it checks."""

from __future__ import annotations

from dataclasses import replace

import pytest

from parlor.core.rng import Rng
from parlor.games.ciao import GAME
from test_ciao_rules import BY_CODE, hand, play, scenario


@pytest.mark.parametrize("continue_after", ["winner", "speed_player"])
def test_a_race_won_plus3_never_hits_its_own_player(continue_after: str) -> None:
    """ciao.md, "Special icons", speed challenge: "The card that wins a race is that
    player's play in every respect: a +3 hits the player who plays next, never its own
    player." Seat 2 sits right after the speed card's player (seat 1) and wins with a
    +3: with speed_continue = speed_player, play would go on with seat 2 itself, so the
    +3 hits seat 3 instead; after the winner, it is seat 3 too."""
    s = scenario(["Sg", "Rr.F Sg", "Py.3 Sg", "Sg Rg"], discard="Sy", turn=1,
                 options={"speed_continue": continue_after})
    s = play(s, "play Rr.F", "race 3 Py.3")
    assert s.phase == "plus3" and s.turn == 3 and s.pending == 3
    assert GAME.legal_moves(s) == ["take"]
    s = play(s, "take")
    assert hand(s, 3).count(" ") + 1 == 5 and s.turn == 0


def test_a_race_won_plus3_hits_whoever_plays_next() -> None:
    """ciao.md, speed challenge, with speed_continue = speed_player: a +3 laid by a
    winner who does not sit right after the speed card's player hits the player who
    plays next, the one after the speed card's player."""
    s = scenario(["Rr.F Sg", "Sg Rg", "Py.3 Sg", "Sg"], discard="Sy",
                 options={"speed_continue": "speed_player"})
    s = play(s, "play Rr.F", "race 3 Py.3")
    assert s.phase == "plus3" and s.turn == 1


@pytest.mark.parametrize("continue_after", ["winner", "speed_player"])
def test_turn_order_mode_race_won_plus3_skips_its_player(continue_after: str) -> None:
    """ciao.md, speed challenge: "Same in speed_mode = turn_order"."""
    s = scenario(["Sg", "Rr.F Sg", "Py.3 Sg", "Sg Rg"], discard="Sy", turn=1,
                 options={"speed_continue": continue_after, "speed_mode": "turn_order"})
    s = play(s, "play Rr.F")
    assert s.phase == "race_turn" and s.turn == 2
    s = play(s, "play Py.3")
    assert s.phase == "plus3" and s.turn == 3


def test_a_race_won_speed_card_opens_its_own_race() -> None:
    """ciao.md, speed challenge: "a speed card that wins a race opens a new race of its
    own, and 'the speed card's player' is then the race winner": with speed_continue =
    speed_player, after that second race play goes on after its winner's speed card
    player, seat 2, not after seat 0 who opened the first race."""
    s = scenario(["Rr.F Sg", "Sg Sg", "Pg.F Sg", "Sr Sg"], discard="Sy",
                 options={"speed_continue": "speed_player"})
    s = play(s, "play Rr.F", "race 3 Pg.F")
    assert s.phase == "race" and s.speed_player == 2
    assert "race 3 Sg" not in GAME.legal_moves(s)  # its own player may not race
    s = play(s, "race 4 Sr")
    assert s.turn == 3 and s.phase == "play"  # after seat 2, the new speed card's player


@pytest.mark.parametrize(
    ("variant", "icons", "millstones", "colours"),
    [(1, 0, 0, False), (2, 18, 0, False), (3, 18, 0, True), (4, 18, 3, True)],
)
def test_the_four_kids_variants(variant: int, icons: int, millstones: int,
                                colours: bool) -> None:
    """ciao.md, "Variants for younger players": 1 symbols only; 2 adds the icon cards;
    3 adds colours (icon cards and colours, still no millstones); 4 the full game."""
    inv = GAME.inventory(GAME.new(3, 5, {"variant": variant}))
    assert sum(n for c, n in inv.items() if "." in c) == icons
    assert inv["M"] == millstones
    s = scenario(["Rr Pg", "Sg"], discard="Rg", options={"variant": variant})
    assert ("play Rr" in GAME.legal_moves(s)) is colours  # a red rock beats a green one


def test_the_full_game_is_the_default_and_variant_names_are_read() -> None:
    """ciao.md, "Variants": "The variant option offers all four, the full game by
    default"."""
    assert GAME.options_for(3, {})["variant"] == 4
    assert GAME.options_for(3, {"variant": "colours"})["variant"] == 3
    assert GAME.options_for(3, {"variant": "full"})["variant"] == 4


@pytest.mark.parametrize("drawn", ["Py", "Sy"])
def test_a_drawn_card_is_secret(drawn: str) -> None:
    """ciao.md, "A turn": "Nothing another seat can see (its view, the page, the log)
    may tell whether the drawn card could have been played." Drawing a playable card
    (Py on Rg) and an unplayable one (Sy) give the other seats the same view; only the
    drawer's own view differs."""
    a = play(scenario(["Rg Sg", "Sg"], discard="Rg", draw=f"Sg {drawn}"), "draw")
    b = play(scenario(["Rg Sg", "Sg"], discard="Rg", draw=f"Sg {'Sy' if drawn == 'Py' else 'Py'}"),
             "draw")
    assert a.phase == b.phase == "drawn"
    assert GAME.view(a, 1) == GAME.view(b, 1)
    assert GAME.view(a, None) == GAME.view(b, None)
    assert GAME.view(a, 0).drawn == BY_CODE[drawn]
    kept_a, kept_b = play(a, "keep"), play(b, "keep")
    assert GAME.view(kept_a, 1).history == GAME.view(kept_b, 1).history


def test_a_spectators_world_draws_any_card_as_the_drawn_one() -> None:
    """ciao.md, "A turn" (secrecy): a sampled world for another seat does not favour a
    playable drawn card, and stays consistent with the view."""
    s = GAME.new(3, 11, {})
    while GAME.to_act(s) is not None and "draw" not in GAME.legal_moves(s):
        s = GAME.apply(s, GAME.legal_moves(s)[0])
    s = GAME.apply(s, "draw")
    assert s.phase == "drawn"
    other = (s.turn + 1) % 3
    v = GAME.view(s, other)
    seen = {GAME.determinize(v, Rng(k)).drawn for k in range(40)}
    assert len(seen) > 1
    for k in range(5):
        assert GAME.view(GAME.determinize(v, Rng(k)), other) == v


def test_an_empty_draw_pile_skips_the_draw() -> None:
    """ciao.md, "A turn": "if nothing is left to draw, a draw is skipped" (the turn
    passes: no card was drawn, so there is nothing to decide about)."""
    s = scenario(["Rg Sg", "Sg"], discard="Rg", draw="")
    s = play(replace(s, discard=(BY_CODE["Rg"],)), "draw")
    assert s.phase == "play" and s.turn == 1
