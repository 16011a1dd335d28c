"""The contract every game in ``GAMES`` keeps (parlor.core.protocol.Game).

Nothing here knows a game's rules: it plays seeded random legal moves and checks the
promises the app, the bots and saves rely on, at every step:

(a) hidden information: for every seat and for a spectator (None),
    ``view(determinize(view(s, p), rng), p) == view(s, p)``: a bot's sampled world is
    indistinguishable, for it, from the real one;
(b) ``inventory`` (cones, cards...) never changes;
(c) every move ``legal_moves`` offers applies (checked at some steps, it is the costly
    part), and strings it does not offer raise ``IllegalMove``;
(d) ``to_act`` is None exactly when ``legal_moves`` is empty and ``outcome`` exists;
(e) the game ends within a bound;
(f) the view of the seat to act survives its trip as JSON (``core.values``), as the
    Bot Lab sends it to a student's sandbox (at the steps where every move is applied);
and at the end: the match record replays to the same state, set-up is deterministic,
and the outcome is well formed.

Adding a game to ``GAMES`` adds it here with no change to this file.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from typing import Any

import pytest

from parlor.core.errors import IllegalMove, InvalidMove
from parlor.core.match import Match, match_from_json, replay
from parlor.core.protocol import TABLE, Game, Msg, Outcome
from parlor.core.rng import Rng
from parlor.core.values import decode, encode
from parlor.games import GAMES

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

#: Inside Pyodide the suite runs to catch differences between CPython 3.11 and the
#: browser's 3.14, not to repeat the coverage: the same code plays the same seeds, so a
#: difference shows in the first games. A sample of the seeds keeps `make test` within
#: its budget there (at 12 seeds the sweeps were still a third of the Pyodide run, Ciao!'s
#: long random rounds most of it; docs/decisions/contract-suite-seeds.md), while CPython
#: plays all 200 (a game may sample fewer, ``contract_seeds``, and all under -m slow).
IN_PYODIDE = sys.platform == "emscripten"
SEEDS = range(4 if IN_PYODIDE else 200)
VARIANT_SEEDS = range(1 if IN_PYODIDE else 25)
MAX_MOVES = 10_000
#: Apply every legal move at one step in this many (and at the first and last steps).
APPLY_ALL_EVERY = 5
GARBAGE = ("", " ", "?", "0", "-1", "pass", "\u00b2", "A" * 60, "\n", "None")


def setups() -> list[tuple[str, int]]:
    return [
        (gid, players)
        for gid, game in sorted(GAMES.items())
        for players in range(game.min_players, game.max_players + 1)
    ]


def variants() -> list[tuple[str, int, dict[str, object]]]:
    """Each non-default choice of each option, alone, for the player counts it applies to."""
    out: list[tuple[str, int, dict[str, object]]] = []
    for gid, players in setups():
        # A game may leave out options its engine never reads (clock settings) or that
        # its own tests sweep with a fitting policy; it says why next to the attribute.
        skip = getattr(GAMES[gid], "contract_skip_options", ())
        for spec in GAMES[gid].option_specs:
            if not spec.applies(players) or spec.key in skip:
                continue
            for value, _ in spec.choices:
                if value != spec.default:
                    out.append((gid, players, {spec.key: value}))
    return out


def check_step(
    game: Game, s: Any, players: int, rng: Rng, initial_inventory: Mapping[str, int],
    foreign: list[str], apply_all: bool,
) -> list[str]:
    """All per-step checks; returns the legal moves."""
    legal = game.legal_moves(s)
    actor = game.to_act(s)
    # (a) views survive determinization, for every seat and for a spectator; the sampled
    # world offers the player to act the same moves (a bot searches from it) and, at
    # some steps, holds the same things
    for seat in (*range(players), None):
        v = game.view(s, seat)
        world = game.determinize(v, rng)
        assert game.view(world, seat) == v, f"seat {seat}"
        if seat is not None and seat == actor:
            assert game.to_act(world) == actor
            assert game.legal_moves(world) == legal
        if apply_all:
            assert game.inventory(world) == initial_inventory, f"seat {seat}"
            if seat == actor:  # (f) the view the Lab sends a sandbox is the one rebuilt
                assert decode(type(v), json.loads(json.dumps(encode(v)))) == v
    # (b) conservation
    assert game.inventory(s) == initial_inventory
    # (d) to_act, legal_moves and outcome agree on whether the game is over
    out = game.outcome(s)
    if actor is None:
        assert legal == [] and out is not None
    else:
        assert legal and out is None
        assert actor == TABLE or 0 <= actor < players
    assert len(set(legal)) == len(legal), "legal_moves has duplicates"
    assert all(isinstance(m, str) and m for m in legal)
    # (c) legal moves apply, without changing the state they are applied to
    if apply_all:
        before = game.view(s, None)
        for move in legal:
            game.apply(s, move)
        assert game.view(s, None) == before
    # (c) strings not offered are refused
    offered = set(legal)
    candidates = [rng.choice(foreign) for _ in range(3)] if foreign else []
    candidates.append(GARBAGE[rng.randbelow(len(GARBAGE))])
    for move in candidates:
        if move not in offered:
            with pytest.raises(IllegalMove):
                game.apply(s, move)
    return legal


def play_and_check(game: Game, players: int, seed: int, options: Mapping[str, object],
                   foreign: list[str]) -> None:
    """One seeded random game with every check; ``foreign`` collects moves across games
    so later states get tried with moves that were legal somewhere else. A game may
    declare ``contract_options`` (e.g. fewer rounds) that keep these sweeps fast; the
    options under test override them."""
    full = game.options_for(players, {**getattr(game, "contract_options", {}), **options})
    s = game.new(players, seed, full)
    assert game.new(players, seed, full) == s, "new() is not deterministic"
    initial_inventory = dict(game.inventory(s))
    rng = Rng(seed * 7919 + players)
    moves: list[str] = []
    step = 0
    while True:
        legal = check_step(
            game, s, players, rng, initial_inventory, foreign,
            apply_all=step % APPLY_ALL_EVERY == 0 or game.to_act(s) is None,
        )
        if not legal:
            break
        move = rng.choice(legal)
        if len(foreign) < 2000:
            foreign.append(move)
        else:
            foreign[rng.randbelow(len(foreign))] = move
        s = game.apply(s, move)
        moves.append(move)
        step += 1
        assert step <= MAX_MOVES, "the game does not end"
    # the record, saved and loaded, replays to the same state (same seed + same moves)
    match = Match(game=game.id, seats=("human",) * players, seed=seed, options=full,
                  moves=tuple(moves), rules_version=game.rules_version)
    loaded = match_from_json(match.to_json(), GAMES)
    assert loaded == match
    assert replay(loaded, game) == s
    # the outcome is well formed
    out = game.outcome(s, tuple(f"Seat{i}" for i in range(players)))
    assert isinstance(out, Outcome)
    # A game may end without a winner (Saboteur solo below 15 gold is "not a winner").
    assert set(out.winners) <= set(range(players))
    assert len(set(out.winners)) == len(out.winners)
    assert len(out.points) == players
    assert out.explanation and all(isinstance(line, (str, Msg)) for line in out.explanation)
    assert game.outcome(s, tuple(f"Seat{i}" for i in range(players))) == out


@pytest.mark.parametrize(("game_id", "players"), setups())
def test_contract_default_options(game_id: str, players: int) -> None:
    game = GAMES[game_id]
    foreign: list[str] = []
    # A game whose random games are long may sweep fewer seeds here, and all of them in
    # its own slow tests; it says why next to the attribute.
    for seed in SEEDS[: getattr(game, "contract_seeds", len(SEEDS))]:
        play_and_check(game, players, seed, {}, foreign)


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players"), [
    (g, p) for g, p in setups() if getattr(GAMES[g], "contract_seeds", len(SEEDS)) < len(SEEDS)])
def test_contract_the_seeds_a_game_samples_out(game_id: str, players: int) -> None:
    """Under ``-m slow``, the seeds ``test_contract_default_options`` leaves out for a game
    that samples (``contract_seeds``), so the slow run plays all of them
    (docs/decisions/contract-suite-seeds.md)."""
    game = GAMES[game_id]
    foreign: list[str] = []
    for seed in SEEDS[getattr(game, "contract_seeds", len(SEEDS)):]:
        play_and_check(game, players, seed, {}, foreign)


@pytest.mark.parametrize(
    ("game_id", "players", "options"), variants(),
    ids=[f"{g}-{p}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for g, p, o in variants()],
)
def test_contract_each_option(game_id: str, players: int, options: dict[str, object]) -> None:
    game = GAMES[game_id]
    foreign: list[str] = []
    for seed in VARIANT_SEEDS[: getattr(game, "contract_variant_seeds", len(VARIANT_SEEDS))]:
        play_and_check(game, players, seed, options, foreign)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_game_declares_the_protocol(game_id: str) -> None:
    game = GAMES[game_id]
    assert game.id == game_id
    assert isinstance(game.name, str) and game.name
    assert 1 <= game.min_players <= game.max_players
    assert isinstance(game.rules_version, int) and game.rules_version >= 1


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_different_seeds_give_different_games(game_id: str) -> None:
    """Seeds matter: 20 seeds must not all produce the same starting state."""
    game = GAMES[game_id]
    players = game.min_players
    starts = [game.new(players, seed, game.options_for(players, {})) for seed in range(20)]
    assert len({repr(s) for s in starts}) > 1


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_bad_notation_is_told_apart_from_an_illegal_move(game_id: str) -> None:
    """Standards (python-chess's split): a string that is not notation raises
    ``InvalidMove``; a well-written move the rules refuse now raises ``IllegalMove`` but
    not ``InvalidMove``; both carry a reason for a person."""
    game = GAMES[game_id]
    players = max(2, game.min_players)
    s = game.new(players, 3, game.options_for(players, {}))
    with pytest.raises(InvalidMove) as bad:
        game.apply(s, "not a move")
    assert bad.value.reason
    legal = set(game.legal_moves(s))
    later = s
    for _ in range(200):  # a well-written move that is legal later but not now
        if game.to_act(later) is None:
            break
        later = game.apply(later, game.legal_moves(later)[-1])
        written = [m for m in game.legal_moves(later) if m not in legal]
        if written:
            with pytest.raises(IllegalMove) as refused:
                game.apply(s, written[0])
            assert not isinstance(refused.value, InvalidMove) and refused.value.reason
            return
    pytest.fail("no move legal later and refused now was found")
