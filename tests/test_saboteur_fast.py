"""Saboteur's fast simulation (games/saboteur/bots/fast.py) plays exactly the public
rules for a round: the same legal moves in the same order, the same positions and
networks, move by move, over seeded rounds of the duel and the solo game with every
option, and the same round result."""

from __future__ import annotations

import pytest

from parlor.core.rng import Rng
from parlor.games.saboteur import GAME
from parlor.games.saboteur.bots import fast_net
from parlor.games.saboteur.bots.fast import FastSaboteur
from parlor.games.saboteur.bots.fast_tables import CARD_IDS, GROUP_NAMES, xy_of
from parlor.games.saboteur.cards import TOOLS
from parlor.games.saboteur.reasons import network
from parlor.games.saboteur.state import Counter, Placed, SaboteurState

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

CASES = [
    (2, {}), (2, {"rounds": 1}), (2, {"rounds": 2}),
    (1, {}), (1, {"solo_colour": "blue"}), (1, {"rounds": 1}),
]


def _ids(cards: list[int]) -> tuple[str, ...]:
    return tuple(sorted(CARD_IDS[c] for c in cards))


def _counters(items: list[Counter]) -> tuple[Counter, ...]:
    return tuple(sorted(items, key=lambda c: (c.x, c.y, c.group or "", c.seat)))


def same_position(f: FastSaboteur, s: SaboteurState) -> None:
    maze = []
    for cell, (by, order) in f.meta.items():
        x, y = xy_of(cell)
        if cell in f.ori:
            o = f.ori[cell]
            maze.append(Placed(x, y, CARD_IDS[o >> 1], o & 1, True, by, order))
        else:
            maze.append(Placed(x, y, CARD_IDS[f.down[cell]], 0, False, by, order))
    assert tuple(sorted(maze, key=lambda p: p.cell)) == s.maze
    assert tuple(_ids(h) for h in f.hands) == s.hands
    assert tuple(CARD_IDS[c] for c in reversed(f.draw)) == s.draw
    assert _ids(f.discard) == s.discard
    assert tuple(tuple(t for i, t in enumerate(TOOLS) if m >> i & 1) for m in f.sabotage) \
        == s.sabotage
    assert (f.phase, f.to_move, f.end_turn_after, f.placed) == (
        s.phase, s.to_move, s.end_turn_after, s.placed_count)
    assert tuple(f.counters) == s.counters_left
    claims = [Counter(*xy_of(n >> 2), GROUP_NAMES[f.ori[n >> 2]][n & 3], seat)
              for n, seat in f.claims]
    assert _counters(claims) == s.claims
    assert _counters([Counter(*xy_of(c), None, seat) for c, seat in f.bribes]) == s.bribes
    assert _counters([Counter(*xy_of(c), None, seat) for c, seat in f.keys]) == s.keys
    assert tuple(tuple(sorted({xy_of(c) for c in p})) for p in f.peeks) == s.peeks
    assert tuple(xy_of(c) for c in f.pending) == s.pending
    assert tuple(xy_of(c) for c in f.trolls_before) == s.trolls_before
    assert f.rng == s.rng
    for seat in range(s.players):  # the kept networks equal a fresh walk of the rules
        net, r = f.net(seat), network(s, seat)
        assert {(xy_of(n >> 2), GROUP_NAMES[f.ori[n >> 2]][n & 3]) for n in net.nodes} \
            == set(r.nodes)
        assert {xy_of(c): m for c, m in net.frontier.items()} == {
            c: sum(1 << "NESW".index(d) for d in ds) for c, ds in r.frontier.items()}
        assert ({xy_of(c) for c in net.goals}, {xy_of(c) for c in net.trolls}) == (
            set(r.goals), set(r.trolls))
        fresh = fast_net.full(f.ori, f.down, f.col[seat], f.keyed(seat), f.bribed)
        assert fresh.nodes == net.nodes and fresh.trolls == net.trolls


def play_round(players: int, options: dict[str, object], seed: int, greedy: int) -> int:
    """One seeded round (the match's ``seed % 3 + 1``-th when it is that long, the
    earlier ones played at random on the public rules), checked move by move: each move
    is the greedy policy's with probability ``greedy`` in 4, else uniform (random play
    alone seldom reaches a goal). Returns the round's number of moves."""
    s = GAME.new(players, seed, GAME.options_for(players, options))
    rng = Rng(seed)
    # Later rounds too: play the public rules through the first round(s) at random.
    for _ in range(seed % 3):
        if s.round >= s.options.rounds:
            break
        start = s.round
        while s.round == start and not s.finished:
            legal = GAME.legal_moves(s)
            s = GAME.apply(s, legal[rng.randbelow(len(legal))])
    if s.finished:
        assert FastSaboteur(s).to_act() is None
        return 0
    fast = FastSaboteur(s)
    start, moves = s.round, 0
    while True:
        legal = GAME.legal_moves(s)
        fm = fast.legal()
        assert [fast.notation(m) for m in fm] == legal
        assert fast.to_act() == GAME.to_act(s)
        if rng.randbelow(4) < greedy:
            move = fast.greedy_move(rng)
            assert move in fm
            k = fm.index(move)
        else:
            k = rng.randbelow(len(fm))
        branch = fast.copy()
        fast.play(fm[k])
        s = GAME.apply(s, legal[k])
        moves += 1
        if s.round != start or s.finished:  # the round ended: the fast path stops
            assert fast.to_act() is None and fast.legal() == []
            assert fast.round_gold() == list(s.results[-1].total)
            return moves
        same_position(fast, s)
        if moves % 5 == 0 or s.phase != "play":  # a fast path starts from any position
            fresh = FastSaboteur(s)
            same_position(fresh, s)
            assert [fresh.notation(m) for m in fresh.legal()] == GAME.legal_moves(s)
        if moves % 7 == 0:  # a copy plays on apart from the original
            branch.play(fm[k])
            same_position(branch, s)


@pytest.mark.parametrize(("players", "options"), CASES)
@pytest.mark.parametrize("seed", range(10))
def test_fast_path_matches_the_rules_for_a_round(players: int, options: dict[str, object],
                                                 seed: int) -> None:
    play_round(players, options, seed, greedy=0 if seed < 3 else 2)


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("seed", range(6))
def test_greedy_moves_are_legal(players: int, seed: int) -> None:
    """The greedy rollout policy only plays legal moves (checked against the rules on
    the way, so its rounds also exercise gold, trolls and reveals more than random)."""
    play_round(players, {}, 100 + seed, greedy=4)


def test_scores_follow_the_round_gold() -> None:
    s = GAME.new(2, 3, {})
    fast = FastSaboteur(s)
    rng = Rng(5)
    while fast.to_act() is not None:
        fast.play(fast.greedy_move(rng))
    gold = fast.round_gold()
    want = [0.5, 0.5] if gold[0] == gold[1] else [float(g == max(gold)) for g in gold]
    assert fast.scores() == want
    solo = FastSaboteur(GAME.new(1, 3, {}))
    while solo.to_act() is not None:
        solo.play(solo.greedy_move(rng))
    assert solo.scores() == [min(1.0, solo.round_gold()[0] / 30)]
