"""Kabaleo's computer opponents: legality, views only, beliefs, and (slow) strength.

Runs on CPython and inside Pyodide (standard library + pytest only, no timing checks).
"""

from __future__ import annotations

import dataclasses
import math

import pytest

from parlor.bots import DEFAULT_LEVEL, LEVELS, level_label_key, make_bot
from parlor.bots.arena import play, win_share
from parlor.core.errors import BadOptions
from parlor.core.rng import Rng
from parlor.games import GAMES
from parlor.games.kabaleo import scoring
from parlor.games.kabaleo.bots.board import candidates, initial_hands, replay_steps
from parlor.games.kabaleo.bots.medium import MediumBot
from parlor.games.kabaleo.bots.tally import Table as _Table
from parlor.games.kabaleo.bots.tally import utility as _utility
from parlor.games.kabaleo.rules import moves_for
from parlor.i18n.catalog import load

G = GAMES["kabaleo"]

#: (players, options): every option set the menu offers, both editions of the ban.
SETUPS = [
    (2, {}),
    (2, {"last_pile_ban": False, "distribution": "even", "targets_per_player": 2}),
    (2, {"targets_per_player": 2}),
    (3, {}),
    (3, {"last_pile_ban": False, "distribution": "even"}),
    (4, {}),
    (4, {"last_pile_ban": False}),
]


def positions(players, options, seed, count):
    """``count`` positions from one seeded game played at random (game over excluded)."""
    rng = Rng(seed)
    state = G.new(players, seed, options)
    out = []
    while G.to_act(state) is not None:
        out.append(state)
        state = G.apply(state, rng.choice(G.legal_moves(state)))
    step = max(1, len(out) // count)
    return out[::step][:count]


# --- the registry --------------------------------------------------------------------


def test_levels_are_declared_consistently():
    for game_id, levels in LEVELS.items():
        assert game_id in GAMES
        assert levels and levels[0] == "random"
        assert DEFAULT_LEVEL[game_id] in levels
        for level in levels:
            assert level_label_key(game_id, level) in load("en")  # the menu can name it
            bot = make_bot(game_id, level)
            assert bot.game == game_id and bot.level == level


def test_unknown_level_or_game_is_refused_with_the_allowed_levels():
    with pytest.raises(BadOptions) as err:
        make_bot("kabaleo", "grandmaster")
    for level in LEVELS["kabaleo"]:
        assert level in str(err.value)
    with pytest.raises(BadOptions):
        make_bot("chess", "random")


# --- legality and views ---------------------------------------------------------------


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_every_level_returns_a_legal_move(players, options):
    for seed in range(3):
        bots = {level: make_bot("kabaleo", level, iterations=30) for level in LEVELS["kabaleo"]}
        for state in positions(players, options, seed, 12):
            legal = G.legal_moves(state)
            view = G.view(state, state.to_move)
            for level, bot in bots.items():
                move = bot.choose(view, Rng(seed))
                assert move in legal, (level, move)


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_whole_games_between_levels_finish(players, options):
    levels = LEVELS["kabaleo"]
    bots = [make_bot("kabaleo", levels[(i + 1) % len(levels)], iterations=30)
            for i in range(players)]
    result = play("kabaleo", bots, seed=7, options=options)
    assert len(result.moves) == 6 * (players + 2)
    assert result.winners


def test_the_bot_decides_from_the_view_alone():
    """Two states differing only in the other seats' targets give the same view, and every
    level then makes the same choice: nothing hidden can have been read."""
    for seed in range(6):
        state = positions(4, {}, seed, 5)[3]
        seat = state.to_move
        view = G.view(state, seat)
        # Same view, different hidden targets.
        other = G.determinize(view, Rng(seed + 100))
        assert other.targets != state.targets or seed  # usually differs
        assert G.view(other, seat) == view
        for level in LEVELS["kabaleo"]:
            a = make_bot("kabaleo", level, iterations=30).choose(view, Rng(42))
            b = make_bot("kabaleo", level, iterations=30).choose(G.view(other, seat), Rng(42))
            assert a == b, level


def test_views_hold_no_other_targets_before_the_end():
    state = positions(3, {}, 1, 5)[2]
    view = G.view(state, state.to_move)
    assert view.revealed_targets is None
    fields = {f.name for f in dataclasses.fields(view)}
    assert "targets" not in fields


@pytest.mark.pyodide
def test_a_bot_is_deterministic_given_its_rng_and_its_cache_is_safe():
    """A medium bot that has followed one game must choose as a fresh one would, also after
    an undo and when handed a view of an unrelated game."""
    game_a = positions(3, {}, 11, 30)
    game_b = positions(3, {}, 12, 30)
    seen = MediumBot()
    order = game_a[::2] + game_a[5:7] + game_b[::3] + game_a[:4]  # forward, undo, other
    for state in order:
        view = G.view(state, state.to_move)
        assert seen.choose(view, Rng(5)) == MediumBot().choose(view, Rng(5))
        got, want = seen.beliefs(view), MediumBot().beliefs(view)
        assert got.keys() == want.keys()
        for s in got:
            assert got[s] == pytest.approx(want[s])


def test_a_bot_refuses_to_move_out_of_turn():
    state = positions(2, {}, 1, 3)[1]
    view = G.view(state, 1 - state.to_move)
    for level in ("easy", "medium", "hard"):
        with pytest.raises(ValueError):
            make_bot("kabaleo", level).choose(view, Rng(0))


@pytest.mark.pyodide
def test_random_bot_is_generic_and_uniformish():
    state = positions(2, {}, 3, 3)[1]
    view = G.view(state, state.to_move)
    bot = make_bot("kabaleo", "random")
    rng = Rng(1)
    picks = {bot.choose(view, rng) for _ in range(200)}
    assert picks <= set(G.legal_moves(state))
    assert len(picks) > len(G.legal_moves(state)) // 3


def test_easy_takes_a_pile_for_its_colour_when_it_can():
    for seed in range(10):
        state = positions(3, {}, seed, 6)[4]
        view = G.view(state, state.to_move)
        mine = set(view.my_targets)
        cands = candidates(view.piles, view.hands[view.seat], view.last_pile, True)
        best = max((c.after in mine) - (c.before in mine) for c in cands)
        move = make_bot("kabaleo", "easy").choose(view, Rng(seed))
        (chosen,) = [c for c in cands if c.move == move]
        assert (chosen.after in mine) - (chosen.before in mine) == best


# --- reconstructing the past ----------------------------------------------------------


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_replaying_the_public_history_rebuilds_the_board(players, options):
    start = G.new(players, 5, options)
    for state in positions(players, options, 5, 8):
        view = G.view(state, state.to_move)
        assert initial_hands(view) == start.hands
        steps, (piles, hands, last) = replay_steps(
            [p[0] for p in view.piles], start.hands, view.history, state.options.last_pile_ban
        )
        assert piles == view.piles and tuple(map(tuple, hands)) == view.hands
        assert last == view.last_pile and len(steps) == len(view.history)
        if steps:
            # The summary of the last position counts exactly the legal moves then.
            prev = G.new(players, 5, options)
            for _, move in view.history[:-1]:
                prev = G.apply(prev, move)
            assert steps[-1].total == len(G.legal_moves(prev))


def test_the_search_scores_positions_exactly_as_the_rules_do():
    rng = Rng(3)
    for seed in range(40):
        players = 2 + seed % 3
        k = 2 if seed % 6 == 0 else 1
        options = {"targets_per_player": k} if players == 2 else {}
        state = positions(players, options, seed, 4)[-1]
        names = tuple(str(i) for i in range(players))
        table = _Table(state.piles, state.targets)
        for seat in range(players):
            out = scoring.score(state.piles, state.targets, names)
            want = 1 / len(out.winners) if seat in out.winners else 0.0
            assert _utility(table.base, seat, 0.0) == pytest.approx(want)
        # ... and after any single move, scored incrementally.
        hand = state.hands[state.to_move]
        for move in rng.shuffled(moves_for(state.piles, hand, state.last_pile, True))[:5]:
            after = G.apply(state, move)
            pile = int(move[1:]) - 1
            out = scoring.score(after.piles, state.targets, names)
            for seat in range(players):
                want = 1 / len(out.winners) if seat in out.winners else 0.0
                old, new = state.piles[pile], after.piles[pile]
                scores = table.after(pile, old[-1], len(old), new[-1], len(new))
                assert _utility(scores, seat, 0.0) == pytest.approx(want), (seed, move, seat)


# --- beliefs -------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_beliefs_are_distributions_over_the_other_seats(players, options):
    k = options.get("targets_per_player", 1)
    bot = MediumBot()
    for state in positions(players, options, 9, 10):
        seat = state.to_move
        view = G.view(state, seat)
        beliefs = bot.beliefs(view)
        assert set(beliefs) == set(range(players)) - {seat}
        for s, row in beliefs.items():
            assert set(row) == set(state.colours)
            assert math.fsum(row.values()) == pytest.approx(k)
            assert all(-1e-12 <= p <= 1 + 1e-12 for p in row.values())
            for c in view.my_targets:
                assert row[c] == 0.0
            if k == 2:  # open information: 2 colours left for the one opponent
                assert {c for c, p in row.items() if p == pytest.approx(1.0)} == set(
                    state.targets[s]
                )


def test_beliefs_follow_a_player_who_keeps_helping_one_colour():
    """Seat 1 plays whatever makes colour X show; the others play at random. The belief
    that seat 1 holds X should climb well above the prior (1 in 4 colours)."""
    for seed in range(4):
        state = G.new(3, seed, {})
        x = [c for c in state.colours if c not in state.targets[0]][seed % 4]
        rng = Rng(seed)
        while len(state.history) < 15:
            moves = G.legal_moves(state)
            if state.to_move == 1:
                cands = candidates(state.piles, state.hands[1], state.last_pile, True)
                helping = [c.move for c in cands if c.after == x and c.before != x]
                moves = helping or moves
            state = G.apply(state, rng.choice(moves))
        beliefs = MediumBot().beliefs(G.view(state, 0))
        assert beliefs[1][x] > 0.5
        assert beliefs[1][x] == max(beliefs[1].values())


def test_a_spectator_gets_beliefs_about_every_seat():
    state = positions(3, {}, 2, 6)[4]
    beliefs = MediumBot().beliefs(G.view(state, None))
    assert set(beliefs) == {0, 1, 2}
    for row in beliefs.values():
        assert math.fsum(row.values()) == pytest.approx(1.0)


def test_revealed_targets_make_beliefs_certain():
    state = G.new(3, 4, {})
    rng = Rng(4)
    while G.to_act(state) is not None:
        state = G.apply(state, rng.choice(G.legal_moves(state)))
    beliefs = MediumBot().beliefs(G.view(state, 0))
    for s in (1, 2):
        assert beliefs[s][state.targets[s][0]] == 1.0


# --- strength (slow: excluded from `make test`) ----------------------------------------


def _share(hero, villain, players, games, options=None):
    total = 0.0
    for seed in range(games):
        seat = seed % players
        bots = [make_bot("kabaleo", hero if i == seat else villain) for i in range(players)]
        total += win_share(play("kabaleo", bots, 1000 + seed, options), seat)
    return total / games


@pytest.mark.slow
def test_medium_beats_random_in_two_player_games():
    assert _share("medium", "random", 2, 100) >= 0.7


@pytest.mark.slow
def test_medium_beats_easy_in_two_player_games():
    assert _share("medium", "easy", 2, 100) >= 0.7


@pytest.mark.slow
def test_easy_beats_random_in_two_player_games():
    assert _share("easy", "random", 2, 100) >= 0.6


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_medium_beats_the_field_in_bigger_games(players):
    # Chance is 1/players; a clear margin over it against easy opponents.
    assert _share("medium", "easy", players, 60) >= 1.5 / players
