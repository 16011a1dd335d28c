"""The Bot Lab's toolbox: what a student's bot may call as ``game``. A
look-ahead starts from the bot's view only: a dealt state looks exactly like the view,
and two truths that look the same to the seat give the same deals, so a simulation
never sees another seat's secrets. A three-line look-ahead bot, written as a student
writes it, plays whole matches in every game."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from parlor.app.lab.referee.here import lab_match
from parlor.app.lab.sandbox.student import StudentBot, compile_bot
from parlor.app.lab.sandbox.toolbox import GENERIC, Toolbox
from parlor.core.rng import Rng
from parlor.games import GAMES

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

SETUPS = {"kabaleo": (3, {}), "ciao": (3, {"rounds": 1}), "saboteur": (2, {"rounds": 1})}


def start(game_id: str, seed: int = 3, plies: int = 6) -> Any:
    """A state a few random moves into a seeded game, with a seat to act."""
    game = GAMES[game_id]
    players, options = SETUPS[game_id]
    state = game.new(players, seed, game.options_for(players, options))
    rng = Rng(seed)
    for _ in range(plies):
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    while (game.to_act(state) or 0) < 0:  # a table decision: play past it
        state = game.apply(state, game.legal_moves(state)[0])
    return state


def other_truth(game_id: str, state: Any, seat: int) -> Any:
    """The same position with what ``seat`` cannot see changed."""
    if game_id == "kabaleo":
        t = list(state.targets)
        a, b = [s for s in range(state.players) if s != seat][:2]
        t[a], t[b] = t[b], t[a]
        return dataclasses.replace(state, targets=tuple(t))
    if game_id == "ciao":
        return dataclasses.replace(state, draw=tuple(reversed(state.draw)))
    hands = list(state.hands)
    other = 1 - seat
    pool = list(state.draw) + list(hands[other])
    pool.reverse()
    hands[other] = tuple(sorted(pool[: len(hands[other])]))
    return dataclasses.replace(state, hands=tuple(hands), draw=tuple(pool[len(hands[other]):]))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_deal_looks_like_the_view_and_never_depends_on_the_hidden_truth(game_id: str) -> None:
    game = GAMES[game_id]
    tb = Toolbox.of(game_id)
    state = start(game_id)
    seat = game.to_act(state)
    assert seat is not None and seat >= 0
    view = game.view(state, seat)
    twin = other_truth(game_id, state, seat)
    assert twin != state and game.view(twin, seat) == view
    for seed in range(5):
        dealt = tb.deal(view, Rng(seed))
        assert tb.view(dealt, seat) == view
        assert tb.deal(game.view(twin, seat), Rng(seed)) == dealt
    assert tb.seat(view) == seat
    assert tb.moves(tb.deal(view, Rng(0))) == game.legal_moves(state)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_play_simulate_and_the_end(game_id: str) -> None:
    game = GAMES[game_id]
    tb = Toolbox.of(game_id)
    state = start(game_id)
    seat = game.to_act(state)
    view = game.view(state, seat)
    move = tb.moves(state)[0]
    after = tb.play(state, move)
    assert after != state and tb.to_act(state) == seat  # the given state is unchanged
    assert not tb.over(after) and tb.winners(after) == () and tb.points(after) == ()
    assert tb.simulate(view, move, Rng(4)) == tb.view(tb.play(tb.deal(view, Rng(4)), move), seat)
    rng = Rng(1)
    while not tb.over(state):
        state = tb.play(state, rng.choice(tb.moves(state)))
    assert tb.to_act(state) is None and set(tb.winners(state)) <= set(range(len(tb.points(state))))
    assert tb.winners(state) == game.outcome(state).winners  # type: ignore[union-attr]


def test_a_view_where_a_state_is_needed_is_refused_with_the_way_out() -> None:
    tb = Toolbox.of("kabaleo")
    state = start("kabaleo")
    with pytest.raises(TypeError, match=r"game\.deal\(view, rng\)"):
        tb.moves(GAMES["kabaleo"].view(state, 0))


def test_every_game_offers_the_generic_tools_and_its_own() -> None:
    own = {"kabaleo": {"colour_scores", "my_score"}, "ciao": {"card", "fits", "hand_points"},
           "saboteur": {"gold", "distance"}}
    for game_id, names in own.items():
        tools = dict(Toolbox.of(game_id).tools())
        assert set(tools) == set(GENERIC) | names
        assert all(fn.__doc__ for fn in tools.values())


def test_the_games_helpers_read_the_view() -> None:
    k = GAMES["kabaleo"]
    tb = Toolbox.of("kabaleo")
    state = start("kabaleo", plies=0)
    view = k.view(state, 0)
    scores = tb.colour_scores(view)  # type: ignore[attr-defined]
    assert sorted(scores) == sorted(view.colours) and sum(scores.values()) == len(view.piles)
    assert tb.my_score(view) == (scores[view.my_targets[0]], 0, 1)  # type: ignore[attr-defined]
    c = GAMES["ciao"]
    tc = Toolbox.of("ciao")
    cview = c.view(start("ciao"), 0)
    assert all(isinstance(tc.card(k), str) for k in cview.hand)  # type: ignore[attr-defined]
    assert tc.hand_points(cview) >= 10 * len(cview.hand)  # type: ignore[attr-defined]
    ts = Toolbox.of("saboteur")
    sview = GAMES["saboteur"].view(start("saboteur", plies=0), 0)
    assert ts.gold(sview, 0) == 0  # type: ignore[attr-defined]
    assert 0 < ts.distance(sview, 0) < 100  # type: ignore[attr-defined]


LOOK_AHEAD = {
    "kabaleo": "def choose(view, moves, rng):\n"
               "    return max(moves, key=lambda m: game.my_score(game.simulate(view, m, rng)))\n",
    "ciao": "def choose(view, moves, rng):\n"
            "    return min(moves, key=lambda m: game.hand_points(game.simulate(view, m, rng)))\n",
    "saboteur": "def choose(view, moves, rng):\n    me = game.seat(view)\n"
                "    return min(moves,\n"
                "               key=lambda m: game.distance(game.simulate(view, m, rng), me))\n",
}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_three_line_look_ahead_bot_plays_whole_matches(game_id: str) -> None:
    bot = compile_bot(LOOK_AHEAD[game_id], {"game": Toolbox.of(game_id)})
    assert isinstance(bot, StudentBot), bot
    players, options = SETUPS[game_id]
    played = lab_match(GAMES[game_id], bot, "random", players, 2, 11, clock=lambda: 0.0,
                       options=options)
    assert [g.stopped for g in played] == [None, None]
    assert all(g.turns for g in played)


def test_names_given_to_compile_bot_are_in_the_students_module() -> None:
    bot = compile_bot("X = game * 2\ndef choose(view, moves, rng):\n    return moves[X - 2]\n",
                      {"game": 1})
    assert isinstance(bot, StudentBot)
    assert compile_bot("def choose(view, moves, rng):\n    return moves[0]\n") is not None


def test_saboteur_gold_counts_a_claim_the_moment_it_is_made() -> None:
    """A greedy bot weighs ``game.gold`` after each move: gold its counter claims must
    count then, not only once the round ends (when the move that won it is long past),
    and a bribe costs its nugget as soon as it is made."""
    game = GAMES["saboteur"]
    gold = Toolbox.of("saboteur").gold  # type: ignore[attr-defined]
    seen = 0
    for seed in range(1, 30):
        state = game.new(2, seed, game.options_for(2, {"rounds": 1}))
        rng = Rng(seed)
        while game.to_act(state) is not None:
            before = state
            moves = game.legal_moves(state)
            state = game.apply(state, rng.choice(moves))
            new = [c for c in state.claims if c not in before.claims]
            bribed = [b for b in state.bribes if b not in before.bribes]
            if state.round != before.round or not (new or bribed):
                continue
            seen += 1
            for seat in (0, 1):
                gained = sum(dict(_card(state, c.cell).gold)[c.group]
                             for c in new if c.seat == seat)
                paid = sum(1 for b in bribed if b.seat == seat)
                view = game.view(state, seat)
                assert gold(view, seat) - gold(game.view(before, seat), seat) == gained - paid
        if seen >= 3:
            break
    assert seen >= 3


def _card(state: Any, cell: tuple[int, int]) -> Any:
    from parlor.games.saboteur.cards import CARDS

    return CARDS[next(p.card for p in state.maze if p.cell == cell)]
