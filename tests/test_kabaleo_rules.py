"""Kabaleo's rules, one scenario per rule (docs/rules/kabaleo.md is the reference).

Scenario states are built by replacing piles, hands and turn data in a fresh
``new_game`` state, so each test shows exactly the position the rule talks about.
Piles are written bottom first: ``"BOG"`` is a blue base with an orange then a green
piece on it (green on top). Hands are written as the letters held: ``"OOG"``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace

import pytest

from parlor.core.errors import BadOptions, IllegalMove
from parlor.core.rng import Rng
from parlor.games import GAMES
from parlor.games.kabaleo import rules
from parlor.games.kabaleo.colours import LETTERS
from parlor.games.kabaleo.notation import format_move, parse_move
from parlor.games.kabaleo.state import KabaleoState

GAME = GAMES["kabaleo"]
ORANGE = LETTERS.index("O")


def hand(letters: str) -> tuple[int, ...]:
    """A hand in the engine's form (count per colour, canonical order) from letters."""
    return tuple(letters.count(c) for c in LETTERS)


def scenario(
    piles: Sequence[str],
    hands: Sequence[str],
    *,
    to_move: int = 0,
    last_pile: int | None = None,
    options: Mapping[str, object] | None = None,
    targets: Sequence[str] | None = None,
) -> KabaleoState:
    """An exact position: a fresh game for ``len(hands)`` players with its board replaced."""
    players = len(hands)
    start = rules.new_game(players, 0, options or {})
    used = set("".join(piles) + "".join(hands) + "".join(targets or ()))
    return replace(
        start,
        colours=tuple(c for c in LETTERS if c in used) or start.colours,
        piles=tuple(tuple(p) for p in piles),
        hands=tuple(hand(h) for h in hands),
        to_move=to_move,
        last_pile=last_pile,
        targets=tuple(tuple(t) for t in targets) if targets else start.targets,
    )


def piles_of(s: KabaleoState) -> list[str]:
    return ["".join(p) for p in s.piles]


def random_game(players: int, seed: int, options: Mapping[str, object] | None = None):
    """Yield every state of one game played with seeded random legal moves."""
    s = GAME.new(players, seed, options or {})
    rng = Rng(seed ^ 0x5EED)
    yield s
    while not s.finished:
        s = GAME.apply(s, rng.choice(GAME.legal_moves(s)))
        yield s


# --------------------------------------------------------------------------- a turn


def test_cancel_returns_both_pieces_to_the_box() -> None:
    """Rules, "A turn": "If the top of P is a piece of colour c: both the top piece and the
    placed piece leave the game for good; the pile now shows the cone beneath."
    """
    s = scenario(["GBO", "B", "G", "O"], ["OOB", "GG"])
    after = GAME.apply(s, "O1")
    assert piles_of(after) == ["GB", "B", "G", "O"]  # shows the blue piece beneath
    assert after.boxed[ORANGE] == s.boxed[ORANGE] + 2
    assert sum(after.boxed) == sum(s.boxed) + 2
    assert after.hands[0] == hand("OB")
    assert after.hands[1] == s.hands[1]
    assert GAME.inventory(after) == GAME.inventory(s)
    assert after.to_move == 1


def test_stacking_on_a_different_colour() -> None:
    """Rules, "A turn": "Otherwise the piece is stacked and the pile shows c. No height
    limit." (stacking on a bare base of another colour and on a piece of another colour)"""
    s = scenario(["B", "BG", "O"], ["OOB", "GG"], options={"last_pile_ban": False})
    s = GAME.apply(s, "O1")
    assert piles_of(s) == ["BO", "BG", "O"]
    s = GAME.apply(s, "G1")
    assert piles_of(s) == ["BOG", "BG", "O"]
    s = GAME.apply(s, "O2")
    assert piles_of(s) == ["BOG", "BGO", "O"]
    assert s.boxed == (0,) * len(LETTERS)


def test_no_height_limit() -> None:
    """Rules, "A turn": "Otherwise the piece is stacked and the pile shows c. No height
    limit." A 13-cone pile still takes another piece."""
    tall = "BO" * 6 + "B"
    s = scenario([tall, "G"], ["OO", "G"])
    after = GAME.apply(s, "O1")
    assert piles_of(after)[0] == tall + "O"
    assert len(after.piles[0]) == 14


def test_bare_base_of_own_colour_is_illegal() -> None:
    """Rules, "A turn": "Forbidden: a bare base (height 1) of colour c." The refusal says
    why (a base never leaves), and legal_moves does not offer it."""
    s = scenario(["O", "B", "G"], ["OB", "G"])
    assert "O1" not in GAME.legal_moves(s)
    with pytest.raises(IllegalMove) as err:
        GAME.apply(s, "O1")
    assert "base" in err.value.reason
    assert "pile 1" in err.value.reason
    # Another colour may go on that base.
    assert "B1" in GAME.legal_moves(s)


def test_own_colour_base_covered_by_a_piece_is_legal_and_stacks() -> None:
    """Rules, "A turn": only a *bare* base (height 1) of colour c is forbidden; a c base
    covered by another colour is an ordinary pile, and c is stacked on it."""
    s = scenario(["OG", "B"], ["O", "B"])
    assert "O1" in GAME.legal_moves(s)
    assert piles_of(GAME.apply(s, "O1"))[0] == "OGO"


def test_a_base_is_never_removed_by_a_cancel() -> None:
    """Rules, "Components": bases "never move, never leave"; "A turn": a cancel removes
    "the top piece and the placed piece". On [O base, G, O] an orange piece cancels the
    orange piece only; on [G base, O] it cancels down to the bare base, which stays."""
    s = scenario(["OGO", "GO", "P"], ["OO", "BB"])
    s = GAME.apply(s, "O1")
    assert piles_of(s) == ["OG", "GO", "P"]
    s = GAME.apply(s, "B3")
    s = GAME.apply(s, "O2")
    assert piles_of(s) == ["OG", "G", "PB"]
    assert len(s.piles) == 3
    assert all(len(p) >= 1 for p in s.piles)
    assert s.boxed[ORANGE] == 4


def test_a_bare_base_cannot_be_cancelled() -> None:
    """Rules, "A turn": the cancel happens when "the top of P is a piece of colour c";
    a bare base is not a piece, and placing its own colour there is forbidden anyway."""
    s = scenario(["G", "O"], ["G", "O"])
    with pytest.raises(IllegalMove):
        GAME.apply(s, "G1")
    assert piles_of(s) == ["G", "O"]


def test_every_move_changes_one_pile_to_another_colour() -> None:
    """Rules, "A turn": "Every move changes exactly one pile from one colour to a different
    colour. Adjacent cones in a pile never share a colour." Checked over whole games."""
    for players in (2, 3, 4):
        for seed in range(15):
            prev: KabaleoState | None = None
            for s in random_game(players, seed, {"last_pile_ban": seed % 2 == 0}):
                for p in s.piles:
                    assert all(a != b for a, b in zip(p, p[1:], strict=False)), p
                if prev is not None:
                    changed = [i for i in range(len(s.piles)) if s.piles[i] != prev.piles[i]]
                    assert len(changed) == 1
                    i = changed[0]
                    assert s.piles[i][-1] != prev.piles[i][-1]
                    assert s.piles[i][0] == prev.piles[i][0]  # the base stays
                prev = s


# --------------------------------------------------------------------- last-pile ban


def test_last_pile_ban_forbids_the_previous_moves_pile() -> None:
    """Rules, "A turn": "Forbidden (option last_pile_ban, on by default): the pile on which
    the immediately preceding move was played, whoever played it"."""
    s = scenario(["B", "B", "O"], ["OO", "OG"])
    s = GAME.apply(s, "O1")
    assert s.to_move == 1
    legal = GAME.legal_moves(s)
    assert not [m for m in legal if m[1:] == "1"]
    assert "O2" in legal and "G1" not in legal
    with pytest.raises(IllegalMove) as err:
        GAME.apply(s, "G1")
    assert "previous move" in err.value.reason


def test_last_pile_ban_holds_after_a_cancel_to_a_bare_base() -> None:
    """Rules, "A turn": the ban applies "even if that move cancelled back down to a bare
    base". Pile 1 is a bare blue base after the cancel; green could go there otherwise."""
    s = scenario(["BO", "O", "P"], ["O", "G"])
    s = GAME.apply(s, "O1")
    assert piles_of(s)[0] == "B"
    assert "G1" not in GAME.legal_moves(s)
    with pytest.raises(IllegalMove) as err:
        GAME.apply(s, "G1")
    assert "last-pile ban" in err.value.reason


def test_last_pile_ban_lasts_one_move() -> None:
    """Rules, "A turn": only "the immediately preceding move" is banned; after another
    move, the pile is open again."""
    s = scenario(["B", "P", "O"], ["OO", "GG"])
    s = GAME.apply(s, "O1")
    s = GAME.apply(s, "G2")
    assert s.to_move == 0
    assert "O1" in GAME.legal_moves(s)  # pile 1 shows orange: a cancel, and allowed
    assert "O2" not in GAME.legal_moves(s)


def test_first_move_of_the_game_is_free() -> None:
    """Rules, "A turn": "The first move of the game is free." Every pile that is not a bare
    base of a held colour takes every held colour at the start."""
    for players in (2, 3, 4):
        for seed in range(10):
            s = GAME.new(players, seed, {})
            assert s.last_pile is None and s.history == ()
            held = [c for ci, c in enumerate(LETTERS) if s.hands[s.to_move][ci]]
            expected = {
                format_move(c, i) for c in held for i, p in enumerate(s.piles) if p != (c,)
            }
            assert set(GAME.legal_moves(s)) == expected


def test_without_the_ban_the_same_pile_is_allowed() -> None:
    """Rules, "A turn": "The Russian first edition has no such ban; with the option off
    you get that edition." (same pile straight away, also after a cancel)"""
    s = scenario(["BO", "P"], ["OO", "G"], options={"last_pile_ban": False})
    s = GAME.apply(s, "O1")  # cancel down to the bare blue base
    assert "G1" in GAME.legal_moves(s)
    s = GAME.apply(s, "G1")
    assert "O1" in GAME.legal_moves(s)
    s = GAME.apply(s, "O1")
    assert piles_of(s) == ["BGO", "P"]


# ---------------------------------------------------------------------------- set-up


@pytest.mark.parametrize(("players", "pieces", "per_hand"), [(2, 24, 12), (3, 30, 10), (4, 36, 9)])
def test_setup_random_deal(players: int, pieces: int, per_hand: int) -> None:
    """Rules, "Setup": colours in play = players + 2; 4 bases per colour in play; all
    pieces in play dealt (24/30/36), random deal 12/10/9 each; hands only hold colours in
    play; nothing boxed, no previous move."""
    for seed in range(40):
        s = GAME.new(players, seed, {})
        assert len(s.colours) == players + 2 == len(set(s.colours))
        assert set(s.colours) <= set(LETTERS)
        assert len(s.piles) == 4 * (players + 2)
        assert all(len(p) == 1 for p in s.piles)
        assert Counter(p[0] for p in s.piles) == {c: 4 for c in s.colours}
        assert [sum(h) for h in s.hands] == [per_hand] * players
        dealt = [sum(h[ci] for h in s.hands) for ci in range(len(LETTERS))]
        assert sum(dealt) == pieces
        assert dealt == [6 if c in s.colours else 0 for c in LETTERS]
        assert s.boxed == (0,) * len(LETTERS)
        assert s.last_pile is None and s.history == ()
        assert 0 <= s.to_move < players


def test_setup_random_parts_vary_with_the_seed() -> None:
    """Rules, "Setup": removed colours "chosen at random (seeded)", bases in "a random
    arrangement", a random deal and "a random player starts". Over many seeds each of
    these must vary, and the same seed must give the same set-up."""
    states = [GAME.new(2, seed, {}) for seed in range(60)]
    assert len({s.colours for s in states}) > 3
    assert len({s.piles for s in states}) > 50
    assert len({s.hands for s in states}) > 50
    assert {s.to_move for s in states} == {0, 1}
    assert any(len(set(h for h in s.hands[0] if h)) > 1 for s in states)  # uneven deals
    assert all(GAME.new(2, seed, {}) == states[seed] for seed in range(60))
    assert {s.to_move for seed in range(60) for s in [GAME.new(4, seed, {})]} == {0, 1, 2, 3}


@pytest.mark.parametrize(("players", "each"), [(2, 3), (3, 2)])
def test_setup_even_deal(players: int, each: int) -> None:
    """Rules, "Setup": even deal, "3 of each colour" (2 players, 4 colours) and "2 of each
    colour" (3 players, 5 colours)."""
    for seed in range(20):
        s = GAME.new(players, seed, {"distribution": "even"})
        for h in s.hands:
            assert h == tuple(each if c in s.colours else 0 for c in LETTERS)


def test_even_deal_refused_for_four_players() -> None:
    """Rules, "Setup": the even deal is "not offered" for 4 players."""
    with pytest.raises(BadOptions) as err:
        GAME.new(4, 1, {"distribution": "even"})
    assert "even" in str(err.value)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_targets_are_distinct_and_two_colours_belong_to_nobody(players: int) -> None:
    """Rules, "Setup": "Each player secretly gets one distinct target colour from the
    colours in play. Two colours in play therefore belong to nobody." """
    seen: set[tuple[tuple[str, ...], ...]] = set()
    for seed in range(40):
        s = GAME.new(players, seed, {})
        assert all(len(t) == 1 for t in s.targets)
        owned = [t[0] for t in s.targets]
        assert len(set(owned)) == players
        assert set(owned) <= set(s.colours)
        assert len(set(s.colours) - set(owned)) == 2
        seen.add(s.targets)
    assert len(seen) > 10


def test_two_targets_each_in_a_two_player_game() -> None:
    """Rules, "Variants": targets_per_player = 2 (2 players only): with 4 colours in play
    each player gets two, together all four colours."""
    for seed in range(30):
        s = GAME.new(2, seed, {"targets_per_player": 2})
        assert [len(t) for t in s.targets] == [2, 2]
        assert sorted(s.targets[0] + s.targets[1]) == sorted(s.colours)
    with pytest.raises(BadOptions):
        GAME.new(3, 1, {"targets_per_player": 2})


# ------------------------------------------------------------------ length, no pass


@pytest.mark.parametrize(("players", "length"), [(2, 24), (3, 30), (4, 36)])
def test_exact_game_length(players: int, length: int) -> None:
    """Rules, "A turn": "The game lasts 24/30/36 moves." (every piece placed once, cancels
    included; both deals and both ban settings)."""
    variants: list[dict[str, object]] = [{}, {"last_pile_ban": False}]
    if players < 4:
        variants.append({"distribution": "even"})
    for options in variants:
        for seed in range(10):
            states = list(random_game(players, seed, options))
            assert len(states) - 1 == length == rules.total_moves(players)
            assert all(not s.finished for s in states[:-1])
            assert states[-1].finished
            assert GAME.to_act(states[-1]) is None
            assert GAME.legal_moves(states[-1]) == []
            assert [seat for seat, _ in states[-1].history] == [
                (states[0].to_move + i) % players for i in range(length)
            ]


def test_no_pass_is_ever_needed() -> None:
    """Rules, "A turn": "A player always has a legal move (every piece has at least 11
    legal piles), so there is no pass." Checked at every step of many games: each colour
    the mover holds has >= 11 legal piles (and at most 5 piles are closed to it: its 4
    bare bases and the banned pile)."""
    for players in (2, 3, 4):
        for seed in range(25):
            ban = seed % 3 != 0
            for s in random_game(players, seed, {"last_pile_ban": ban}):
                if s.finished:
                    continue
                per_colour = Counter(m[0] for m in GAME.legal_moves(s))
                held = {c for ci, c in enumerate(LETTERS) if s.hands[s.to_move][ci]}
                assert set(per_colour) == held
                for c in held:
                    assert per_colour[c] >= 11
                    assert per_colour[c] >= len(s.piles) - 5


# ----------------------------------------------------------- refusals with reasons


@pytest.mark.parametrize(
    "move",
    ["Z9", "", "Y0", "Y", "y7", "7Y", " Y7", "Y7 ", "Y-1", "Y+7", "Y07", "Y1.5", "YY7",
     "Y\u00b2", "Y\u0661", "Y" + "1" * 5000],
)
def test_apply_refuses_what_is_not_notation(move: str) -> None:
    """Rules, "Move notation": "<colour letter><pile number>", letters O G B P Y V, piles
    numbered from 1. Anything else is refused with the format explained (including
    non-ASCII digits such as "²" and "١", which str.isdigit accepts)."""
    s = scenario(["B", "O", "G"], ["YO", "G"])
    with pytest.raises(IllegalMove) as err:
        GAME.apply(s, move)
    assert err.value.move == move
    assert "colour letter" in err.value.reason and "Y7" in err.value.reason
    assert move not in GAME.legal_moves(s)


@pytest.mark.parametrize("move", ["O4", "O17", "O99999"])
def test_apply_refuses_a_pile_that_does_not_exist(move: str) -> None:
    """Rules, "Move notation": "piles numbered from 1 in board order" — a number past the
    last pile is refused, naming the valid range."""
    s = scenario(["B", "P", "G"], ["O", "G"])
    with pytest.raises(IllegalMove) as err:
        GAME.apply(s, move)
    assert f"no pile {move[1:]}" in err.value.reason
    assert "1 to 3" in err.value.reason


@pytest.mark.parametrize("move", ["G1", "V1"])
def test_apply_refuses_a_colour_not_in_hand(move: str) -> None:
    """Rules, "A turn": "Place exactly one of your pieces" — a colour the mover does not
    hold (the other player's colour, or one not in play) is refused by name."""
    s = scenario(["B", "P", "O"], ["OO", "GG"])
    with pytest.raises(IllegalMove) as err:
        GAME.apply(s, move)
    colour = {"G": "green", "V": "purple"}[move[0]]
    assert f"no {colour} piece" in err.value.reason


def test_apply_refuses_after_the_end() -> None:
    """Rules, "End and scoring": "When the last piece is placed" the game ends; no move
    can follow."""
    s = scenario(["BO", "P"], ["", ""])
    assert s.finished
    with pytest.raises(IllegalMove) as err:
        GAME.apply(s, "O1")
    assert "over" in err.value.reason
    end = list(random_game(2, 3))[-1]
    with pytest.raises(IllegalMove):
        GAME.apply(end, "O1")


def test_illegal_move_message_is_for_a_person() -> None:
    """The error's text names the move and the reason, so the UI can show it as is."""
    s = scenario(["O", "B"], ["O", "B"])
    with pytest.raises(IllegalMove) as err:
        GAME.apply(s, "O1")
    assert "'O1'" in str(err.value) and err.value.reason in str(err.value)


def test_refusal_agrees_with_legal_moves() -> None:
    """``apply`` accepts exactly what ``legal_moves`` offers (every colour letter on every
    pile number, tried in many positions)."""
    for players in (2, 4):
        for seed in range(6):
            for s in random_game(players, seed):
                if s.finished:
                    continue
                legal = set(GAME.legal_moves(s))
                for c in LETTERS:
                    for i in range(len(s.piles) + 1):
                        move = format_move(c, i)
                        if move in legal:
                            GAME.apply(s, move)
                        else:
                            with pytest.raises(IllegalMove):
                                GAME.apply(s, move)


# -------------------------------------------------------------------------- notation


def test_notation_round_trip() -> None:
    """Rules, "Move notation": `Y7` places a yellow piece on pile 7 (1-based numbers for
    0-based piles); parsing and formatting are inverse."""
    assert parse_move("Y7") == ("Y", 6)
    assert format_move("Y", 6) == "Y7"
    for c in LETTERS:
        for i in range(40):
            assert parse_move(format_move(c, i)) == (c, i)
    for s in random_game(3, 11):
        for m in GAME.legal_moves(s):
            parsed = parse_move(m)
            assert parsed is not None and format_move(*parsed) == m


def test_legal_moves_are_in_a_stable_order() -> None:
    """rules.moves_for promises colour order O G B P Y V then pile number, so bots and
    the UI list moves the same way every time."""
    s = scenario(["B", "O", "G"], ["GOB", "P"])
    assert GAME.legal_moves(s) == ["O1", "O3", "G1", "G2", "B2", "B3"]


# ---------------------------------------------------------------- hidden information


def test_hands_are_public_and_targets_secret_until_the_end() -> None:
    """Rules, "Setup": targets are secret, "Hands are public for the whole game"; "End and
    scoring": "Targets are revealed." A seat's view must not depend on other targets."""
    s = GAME.new(3, 5, {})
    other = replace(s, targets=(s.targets[0], s.targets[2], s.targets[1]))
    v0 = GAME.view(s, 0)
    assert v0 == GAME.view(other, 0)
    assert v0.hands == s.hands and v0.my_targets == s.targets[0]
    assert v0.revealed_targets is None
    assert GAME.view(s, 1) != GAME.view(other, 1)
    assert GAME.view(s, None).my_targets == ()
    end = list(random_game(3, 5))[-1]
    assert GAME.view(end, 0).revealed_targets == end.targets
    assert GAME.view(end, None).to_move is None


@pytest.mark.parametrize(
    ("players", "options", "worlds"),
    [(4, {}, 5 * 4 * 3), (3, {}, 4 * 3), (2, {}, 3), (2, {"targets_per_player": 2}, 1)],
)
def test_determinize_samples_every_consistent_target_assignment(
    players: int, options: dict[str, object], worlds: int
) -> None:
    """Rules, "Facts a bot should use": "The only hidden information is who holds which
    target: at most 5·4·3 = 60 assignments from one player's point of view." Sampled
    worlds keep the viewer's target, give the others distinct colours in play, and over
    many samples reach every assignment (with two targets each in a 2-player game there
    is exactly one: the game is open information)."""
    s = GAME.new(players, 12, options)
    v = GAME.view(s, 0)
    rng = Rng(1)
    seen = set()
    for _ in range(40 * worlds):
        world = GAME.determinize(v, rng)
        assert world.targets[0] == s.targets[0]
        owned = [c for t in world.targets for c in t]
        assert len(set(owned)) == len(owned) == players * len(s.targets[0])
        assert set(owned) <= set(s.colours)
        seen.add(world.targets)
    assert len(seen) == worlds
    assert s.targets in seen
