"""A game ended before its end, scored as it stands (``Game.outcome_now``): how the
Bot Lab decides a game it cuts at its move limit, and a game at the table the person
agrees to end. Each test cites the paragraph of docs/rules/ it checks ("cut short").
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from parlor.core.rng import Rng
from parlor.games import GAMES
from parlor.games.ciao import GAME as CIAO
from parlor.games.kabaleo import GAME as KABALEO
from parlor.games.saboteur import GAME as SABOTEUR
from parlor.games.saboteur.cards import COUNTS
from parlor.games.saboteur.rounds import ended_now
from parlor.i18n.catalog import Translator
from test_ciao_rules import scenario as ciao_at
from test_saboteur_rules import BLUE, GREEN, _to_goal

EN = Translator("en")


def test_a_ciao_round_cut_short_is_scored_as_it_stands() -> None:
    """ciao.md, "A round cut short": the round in progress ends as if it ended now with
    nobody out; every player scores the cards left in hand (green 10, yellow 20, red 30,
    joker or millstone 50); lowest total wins."""
    s = ciao_at(["Rg Sy", "Pr Jg", "Sg"], discard="Ry", options={"rounds": 1})
    assert CIAO.outcome(s) is None
    out = CIAO.outcome_now(s, ("Ann", "Bob", "Cy"))
    assert out.points == (30, 80, 10) and out.winners == (2,)
    said = [EN.text(line) for line in out.explanation]
    assert said[0] == ("Round 1 was ended before anyone went out, scored as it stood: "
                       "Ann 30, Bob 80, Cy 10.")
    assert said[-1] == "Cy wins with the lowest total, 10."
    assert [r["winner"] for r in out.details["rounds"]] == [-1]


def test_a_ciao_match_cut_in_a_later_round_adds_that_round_to_the_totals() -> None:
    """ciao.md, "A round cut short": "the match ends on those totals"; "equal totals
    share the win" ("End of a round and the match")."""
    s = ciao_at(["Rg", "Sy"], discard="Ry", options={"rounds": 3})
    s = replace(s, round=2, scores=(20, 10))
    out = CIAO.outcome_now(s)
    assert out.points == (30, 30) and out.winners == (0, 1)


def test_a_kabaleo_game_cut_short_scores_the_board_as_it_stands() -> None:
    """kabaleo.md, "A game cut short": the count and the tie-breaks on the piles as they
    are. Before the first move every pile is a bare base: each player's colour tops its
    four bases, none topped by a piece, tallest 1: all share the win."""
    s = KABALEO.new(3, 7, KABALEO.options_for(3, {}))
    out = KABALEO.outcome_now(s)
    assert out.points == (4, 4, 4) and out.winners == (0, 1, 2)


def test_a_saboteur_game_cut_short_ends_its_round_and_counts_the_gold() -> None:
    """saboteur_duel.md, "A game cut short": the round in progress ends now as a round's
    end is scored (the gold under each player's counters), it is the last, most gold
    wins. Green reached G05 (2 gold) in round 1 of 3."""
    s = SABOTEUR.apply(_to_goal("G05"), "place P01@4,-2^")
    s = SABOTEUR.apply(s, "reveal @5,-2 ^")
    assert s.round == 1 and SABOTEUR.outcome(s) is None
    out = SABOTEUR.outcome_now(s)
    assert out.points == (2, 0) and out.winners == (GREEN,)
    end = ended_now(s)
    assert SABOTEUR.to_act(end) is None and end.options == s.options
    assert end.results[0].won == (2, 0)
    tie = SABOTEUR.outcome_now(replace(s, claims=()))
    assert tie.points == (0, 0) and tie.winners == (GREEN, BLUE)


def test_a_saboteur_game_cut_short_keeps_every_card() -> None:
    """saboteur_duel.md, "A game cut short" and "End of a round": the round's cards go
    back as at any round's end; the inventory (every card somewhere) is unchanged."""
    for seed in range(3):
        s = SABOTEUR.new(2, seed, SABOTEUR.options_for(2, {}))
        rng = Rng(seed)
        for _ in range(40 + 30 * seed):
            s = SABOTEUR.apply(s, rng.choice(SABOTEUR.legal_moves(s)))
        assert SABOTEUR.inventory(ended_now(s)) == dict(COUNTS)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_scored_as_it_stands_at_every_moment_and_as_the_end_once_over(game_id: str) -> None:
    """Each rules page's "cut short": any position can be scored as it stands; a game
    played to its end is scored as its end is (every player count, a few seeds)."""
    game = GAMES[game_id]
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(3):
            s = game.new(players, seed, game.options_for(players, {}))
            rng, k = Rng(seed), 0
            while game.to_act(s) is not None:
                if k % 5 == 0:
                    out = game.outcome_now(s)
                    assert len(out.points) == players
                    assert all(0 <= w < players for w in out.winners)
                    assert all(EN.text(line) for line in out.explanation)
                s, k = game.apply(s, rng.choice(game.legal_moves(s))), k + 1
            assert game.outcome_now(s) == game.outcome(s)
