"""Kabaleo's end of game (docs/rules/kabaleo.md, "End and scoring").

Each tie-break gets a board where it, and only it, decides, and where the criteria
*after* it would pick someone else, so a wrong order of criteria fails the test.
Piles are written bottom first (``"BOG"``: blue base, orange, green on top).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from parlor.core.protocol import Outcome
from parlor.core.rng import Rng
from parlor.games import GAMES
from parlor.games.kabaleo import rules
from parlor.games.kabaleo.scoring import score

GAME = GAMES["kabaleo"]
NAMES = ("Ada", "Bruno", "Chiara", "Dmitri")


def outcome(piles: Sequence[str], targets: Sequence[str], names: Sequence[str] = NAMES) -> Outcome:
    """Score a finished board through the public ``Game.outcome``.

    ``targets[s]`` lists seat s's colour letters. The state comes from a real new game
    with its piles replaced and every hand emptied (that is what "finished" means)."""
    players = len(targets)
    start = rules.new_game(players, 0, {"targets_per_player": 2} if len(targets[0]) == 2 else {})
    s = replace(
        start,
        piles=tuple(tuple(p) for p in piles),
        targets=tuple(tuple(t) for t in targets),
        hands=tuple((0,) * len(h) for h in start.hands),
    )
    assert s.finished
    out = GAME.outcome(s, tuple(names[:players]))
    assert out is not None
    return out


def criteria(out: Outcome) -> list[str]:
    return [step["criterion"] for step in out.details["steps"]]


def test_most_piles_wins() -> None:
    """Rules, "End and scoring": "Each player's score is the number of piles of their target
    colour"; tie-breaks only apply to "ties among the leaders". Bruno's piles are covered
    and taller, but Ada has more piles, so Ada wins on the count alone."""
    out = outcome(["O", "O", "O", "BOG", "BOBOBG", "P"], ["O", "G"])
    assert out.winners == (0,)
    assert out.points == (3, 2)
    assert criteria(out) == ["piles"]
    assert out.explanation[-1] == "Ada wins."


def test_tie_on_piles_broken_by_covered_piles() -> None:
    """Rules, "End and scoring": tie-break 1, "more piles of their colour whose top is a
    piece (not a bare base)". Both have 3 piles (a bare base counts for the score), Ada 2
    covered against Bruno's 1; Bruno's taller pile does not matter."""
    out = outcome(["O", "GO", "BO", "G", "G", "BOBOG"], ["O", "G"])
    assert out.points == (3, 3)
    assert out.winners == (0,)
    assert criteria(out) == ["piles", "covered"]
    tallies = out.details["tallies"]
    assert [t["covered"] for t in tallies] == [2, 1]
    assert [t["tallest"] for t in tallies] == [2, 5]


def test_bare_base_counts_for_score_but_not_tie_break_1() -> None:
    """Rules, "End and scoring": "every pile counts for the colour of its top cone (a bare
    base for its own colour)", but tie-break 1 counts only piles "whose top is a piece".
    Ada's two bare bases score; Bruno's single covered pile wins the tie-break."""
    out = outcome(["O", "O", "G", "OG", "B"], ["O", "G"])
    assert out.points == (2, 2)
    assert out.winners == (1,)
    assert criteria(out) == ["piles", "covered"]
    assert [t["covered"] for t in out.details["tallies"]] == [0, 1]


def test_tie_on_piles_and_covered_broken_by_tallest_pile() -> None:
    """Rules, "End and scoring": tie-break 2, "the tallest pile of their colour (height
    counts the base)". Both have 2 covered piles; Bruno's tallest is 4 cones, Ada's 3."""
    out = outcome(["GO", "BGO", "OG", "BOBG", "P"], ["O", "G"])
    assert out.points == (2, 2)
    assert out.winners == (1,)
    assert criteria(out) == ["piles", "covered", "tallest"]
    assert [t["tallest"] for t in out.details["tallies"]] == [3, 4]
    assert out.explanation[-1] == "Bruno wins."


def test_height_counts_the_base() -> None:
    """Rules, "End and scoring": "height counts the base": a base with two pieces is 3
    high, a bare base 1 high; a seat with no pile at all has nothing to measure (0)."""
    out = outcome(["BGO", "G", "P"], ["O", "G", "Y"])
    assert [t["tallest"] for t in out.details["tallies"]] == [3, 1, 0]


def test_still_tied_is_a_shared_win() -> None:
    """Rules, "End and scoring": "3. still tied: a shared win." Equal on all three
    criteria: both seats are winners, and the explanation says they share it."""
    out = outcome(["GO", "B", "OG", "P"], ["O", "G"])
    assert out.winners == (0, 1)
    assert criteria(out) == ["piles", "covered", "tallest"]
    assert "share the win" in out.explanation[-1]
    assert "Ada" in out.explanation[-1] and "Bruno" in out.explanation[-1]


def test_only_the_leaders_go_to_the_tie_breaks() -> None:
    """Rules, "End and scoring": "Ties among the leaders are broken". Chiara has the
    tallest and most covered piles but fewer piles, so she is out after the count; the
    tie-break is between Ada and Bruno only."""
    out = outcome(
        ["O", "O", "GO", "G", "OG", "OG", "BOBOB", "BOBOB", "P"], ["O", "G", "B"]
    )
    assert out.points == (3, 3, 2)
    assert out.winners == (1,)
    steps = out.details["steps"]
    assert steps[0]["kept"] == [0, 1]
    assert set(steps[1]["values"]) == {"0", "1"}  # Chiara is no longer compared
    assert steps[1]["kept"] == [1]
    assert "Chiara" not in out.explanation[-2]


def test_colours_that_belong_to_nobody_do_not_compete() -> None:
    """Rules, "End and scoring": "colours that belong to nobody do not compete". Yellow
    tops most piles but has no owner; the winner is a seat, scored on its own colour."""
    out = outcome(["Y", "Y", "Y", "Y", "GY", "OY", "O", "BG"], ["O", "G"])
    assert out.points == (1, 1)
    assert out.winners == (1,)  # Bruno's green pile is covered, Ada's orange is bare


def test_steps_list_every_criterion_compared() -> None:
    """Rules, "End and scoring": "The end screen must show every step of this comparison".
    Each step names its criterion, a label, every contender's value, the best value and
    who stayed in; the explanation has a line per step."""
    out = outcome(["GO", "BGO", "OG", "BOBG", "P"], ["O", "G"])
    steps = out.details["steps"]
    assert [s["values"] for s in steps] == [
        {"0": 2, "1": 2},
        {"0": 2, "1": 2},
        {"0": 3, "1": 4},
    ]
    assert [s["best"] for s in steps] == [2, 2, 4]
    assert [s["kept"] for s in steps] == [[0, 1], [0, 1], [1]]
    assert all(isinstance(s["label"], str) and s["label"] for s in steps)
    text = "\n".join(out.explanation)
    assert "tie-break 1" in text and "tie-break 2" in text
    assert "Ada 3, Bruno 4" in text


def test_explanation_names_the_players_and_reveals_targets() -> None:
    """Rules, "End and scoring": "Targets are revealed." The explanation uses the names
    given in seat_names (and "Player n" when none are given)."""
    out = outcome(["O", "O", "G", "P"], ["O", "G"], names=("Zoé", "Kwame"))
    text = "\n".join(out.explanation)
    assert "Zoé's colour: orange" in text
    assert "Kwame's colour: green" in text
    assert out.explanation[-1] == "Zoé wins."
    end = replace(rules.new_game(2, 0, {}), hands=((0,) * 6, (0,) * 6))
    default = GAME.outcome(end)
    assert default is not None and "Player 1" in "\n".join(default.explanation)


def test_two_targets_add_both_colours() -> None:
    """Rules, "Variants": "With 2 targets each, a player's score on every criterion adds
    their two colours' counts". Ada (orange+green) scores 2+2 = 4, Bruno (blue+pink) 3+1
    = 4; on tie-break 1 Bruno's covered piles 2+1 = 3 beat Ada's 1+1 = 2."""
    out = outcome(["O", "GO", "G", "OG", "B", "OB", "OBGBGB", "BP"], ["OG", "BP"])
    assert out.points == (4, 4)
    tallies = out.details["tallies"]
    assert [t["covered"] for t in tallies] == [2, 3]
    assert out.winners == (1,)


def test_two_targets_tallest_among_either_colour() -> None:
    """Rules, "Variants": "tie-break 2 takes their tallest pile among either colour".
    Equal on count and covered piles; Ada's tallest pile is in her *second* colour."""
    out = outcome(["BO", "BOBG", "OB", "GP"], ["OG", "BP"])
    assert out.points == (2, 2)
    tallies = out.details["tallies"]
    assert [t["covered"] for t in tallies] == [2, 2]
    assert [t["tallest"] for t in tallies] == [4, 2]
    assert out.winners == (0,)
    assert "orange and green" in out.explanation[0]


def test_outcome_is_none_until_the_end() -> None:
    """Rules, "End and scoring": scoring happens "When the last piece is placed"."""
    s = GAME.new(3, 4, {})
    rng = Rng(9)
    while not s.finished:
        assert GAME.outcome(s) is None
        s = GAME.apply(s, rng.choice(GAME.legal_moves(s)))
    out = GAME.outcome(s)
    assert out is not None and len(out.points) == 3
    # Points are the piles showing each seat's target, recomputed independently here.
    assert out.points == tuple(sum(1 for p in s.piles if p[-1] in t) for t in s.targets)


def test_score_function_matches_outcome() -> None:
    """``scoring.score`` is what ``outcome`` reports (the end screen may call either)."""
    piles = [("G", "O"), ("B",), ("O", "G")]
    direct = score(piles, [("O",), ("G",)], ("A", "B"))
    via = outcome(["GO", "B", "OG"], ["O", "G"], names=("A", "B"))
    assert direct == via
