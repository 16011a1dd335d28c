"""A fair contest: nothing a Lab bot receives lets it deal its game again
(docs/lab-threat-model.md, "What a bot learns").

The cheater (``tests/fixtures/lab/cheater.py``, a student's file) is handed exactly what
a sandbox is handed, every question the referee sends as JSON text, and the clock, and
tries every way Parlor ever derived a bot's dice or a game's seed: it walks its
generator back through SplitMix64's inverse, and tries the public formulas and the
clock. With the old derivations it deals the game again (the first test: the check
works). Through the Lab's jobs, as the page asks for them (Run, Run on new games, a
lesson, a tournament, a game at the table), none of its seeds is a game's seed.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from controller_driver import Driver
from fakes import LabWorker
from parlor.app.events import Action, Boot, LabChoose, LabStart, Move
from parlor.app.lab.contest import dice
from parlor.app.lab.contest.dice import LabKey, stretched
from parlor.app.lab.page import key_store
from parlor.app.lab.page.key_store import lab_key, set_class_word
from parlor.app.lab.page.lessons import lab_options
from parlor.app.saves import DictStore
from parlor.app.seeds import turn_rng
from parlor.core.match import HUMAN, LAB, Match, match_from_dict, replay
from parlor.core.rng import Rng
from parlor.games import GAMES

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py: the dice's HMAC too

#: Inside Pyodide these run to show the key, its HMAC and the jobs work there, on a sample.
IN_PYODIDE = sys.platform == "emscripten"
SOURCE = (Path(__file__).parent / "fixtures" / "lab" / "cheater.py").read_text()
MASK = (1 << 64) - 1
#: The cheater walks back 16 forks and 100 moves: more than a game's first turns, which
#: are what it is asked about below.
FORKS, PLIES = 16, 100
SETUPS = [("kabaleo", 2), ("kabaleo", 4), ("ciao", 2), ("ciao", 6), ("saboteur", 2)]
RUNS = [("ciao", 2), ("saboteur", 2)] if IN_PYODIDE else SETUPS
DEVICES = [1] if IN_PYODIDE else [1, 2]
TABLES = [("ciao", 2)] if IN_PYODIDE else [("kabaleo", 2), ("ciao", 2), ("ciao", 4),
                                            ("saboteur", 2)]


def cheater() -> dict[str, Any]:
    found: dict[str, Any] = {"__name__": "cheater"}
    exec(compile(SOURCE, "cheater.py", "exec"), found)  # noqa: S102 - our own fixture
    return found


CHEATER = cheater()


def tried(state: int, game_id: str, players: int, now_ms: float
          ) -> tuple[set[int], list[range]]:
    seeds, clock = CHEATER["candidates"](state, game_id, players, now_ms, FORKS, PLIES)
    return {s & MASK for s in seeds}, clock


def hit(seed: int, seeds: set[int], clock: list[range]) -> bool:
    """Whether one of the cheater's seeds deals the game of ``seed`` (a game's deal is
    a function of ``Rng(seed)``: of the seed's low 64 bits)."""
    return seed & MASK in seeds or any(seed in r for r in clock)


def test_the_cheater_deals_the_game_again_from_the_old_derivations() -> None:
    """The check works: a bot handed the generator a built-in bot gets (the arena's,
    the table's) or sitting at a game seeded by a public formula or the clock finds the
    seed, and the seed deals the very game."""
    now = 1_764_000_000_000.0
    for game_id, players in SETUPS:
        rules = GAMES[game_id]
        opts = rules.options_for(players, {})
        for seed in (3, 2**40 + 7, 987_654_321, 2**63 + 5):
            master = Rng(seed ^ 0x5EED_B075)  # bots/arena.py
            seats = [master.fork() for _ in range(players)]
            for seat in range(players):
                handed = seats[seat].fork()  # app/lab/contest/matches.py: call()
                assert hit(seed, *tried(handed.state, game_id, players, now)), (seat, seed)
            at_table = turn_rng(seed, 17, "bot")  # app/lab/referee/jobs.py: choose_job()
            at_table.fork()  # legal_moves_of_view drew once
            seeds, clock = tried(at_table.state, game_id, players, now)
            assert hit(seed, seeds, clock)
            recovered = next(s for s in seeds if s == seed & MASK)
            assert rules.new(players, recovered, opts) == rules.new(players, seed, opts)
        public, clock = tried(0, game_id, players, now)
        assert hit(1, public, clock)  # a lesson's first game
        assert hit(int(now) % 1_000_000_007 + 3, public, clock)  # a new table's, game 3


def seated(bot: dict[str, Any], seed: int, handed: Rng, pick: random.Random,
           plies: int, opening: random.Random | None = None) -> RuntimeError | None:
    """Two-player one-round Ciao! dealt from ``seed``, the cheater at seat 0 handed
    ``handed`` each turn, both seats' moves drawn from ``pick`` (from ``opening`` before
    the cheater's first turn, if given); what the cheater raised
    (it was asked at every turn of its until then), or None after ``plies`` moves. At
    each of its later turns the cheater must raise exactly when a suspect has then dealt
    ``CONFIRM_VIEWS`` later views, ``CONFIRM_MOVES`` moves past its first."""
    rules = GAMES["ciao"]
    state = rules.new(2, seed, rules.options_for(2, {"rounds": 1}))
    asked = False
    for _ in range(plies):
        assert rules.to_act(state) is not None, "the game ended first"
        moves = list(rules.legal_moves(state))
        if rules.to_act(state) == 0:
            view = rules.view(state, 0)
            due = [s for s, (dealt, first) in bot["suspects"].items()
                   if dealt + 1 >= bot["CONFIRM_VIEWS"]
                   and len(view.history) - first >= bot["CONFIRM_MOVES"]
                   and bot["dealt_again"](s, view, "ciao") is not None]
            try:
                bot["choose"](view, moves, handed)
            except RuntimeError as raised:
                assert due, "it named a hand before a suspect had dealt enough views"
                return raised
            assert not due, "a suspect dealt enough views and it named nothing"
            asked = True
        state = rules.apply(state, (pick if asked or opening is None else opening).choice(moves))
    return None


def test_the_cheater_names_a_hand_once_many_later_views_confirm_the_deal() -> None:
    """The browser tests' alarm rings for a real re-deal: the game's own seed, found at
    the cheater's first turn, deals every later view of its, and once it has dealt
    ``CONFIRM_VIEWS`` of them, ``CONFIRM_MOVES`` moves on, the cheater raises CHEATED
    naming the other seat's hand."""
    bot = cheater()
    seed = 2**40 + 7
    raised = seated(bot, seed, Rng(seed), random.Random(1), 600)  # its state: 1st candidate
    assert raised is not None
    assert str(raised).startswith(f"CHEATED: seed {seed}; seat 1 holds")


def test_a_chance_deal_that_gives_many_views_is_not_called_the_game() -> None:
    """Nor does the alarm ring for a chance deal: two random seeds of two-player Ciao!
    give a seat the same first view about once in 350,000 pairs, and the cheater tries
    thousands a game; 40% of such suspects deal its next view too (early turns show
    little that is hidden: a slow-day run's cheater called one the game's at move 4).
    Of 80,000 such pairs this one lasted longest: its deal gives seat 0 the game's
    views for 11 later turns, 24 moves (docs/lab-threat-model.md, "A chance deal"). The
    cheater keeps it a suspect and names nothing; the game goes on."""
    bot = cheater()
    game, chance = 14_233_065_367_789_208_806, 929_209_659_086_467_280
    # Seat 1 leads; the search that found the pair played its first move from Random(0).
    assert seated(bot, game, Rng(chance), random.Random(game), 160, random.Random(0)) is None
    dealt, _ = bot["suspects"][chance]
    assert dealt == 11  # the old check, one later view, called it the game's


def questions(worker: LabWorker) -> Iterable[tuple[str, dict[str, Any]]]:
    """Each bot's first three questions of each game it plays (its generator walked
    back from a game's start is the cheater's best chance), as its sandbox got them."""
    seen: dict[tuple[str, int], int] = {}
    for key, data in worker.asked:
        if data.get("kind") != "turn":
            continue
        lane = (key, int(data["base"] is None))
        seen[lane] = seen.get(lane, 0) + 1 if data["base"] is not None else 0
        if seen[lane] < 3:
            yield key, data


def assert_never_dealt(worker: LabWorker, seeds: set[int], game_id: str, players: int,
                       now_ms: float, key: LabKey) -> None:
    """No question gives the cheater any of ``seeds``; nor does any text a sandbox got
    hold the key or a seed."""
    asked = 0
    for _, data in questions(worker):
        found, clock = tried(int(data["rng"]), game_id, players, now_ms)
        assert not [s for s in seeds if hit(s, found, clock)], data["rng"]
        asked += 1
    assert asked
    for _, data in worker.asked:
        text = json.dumps(data)
        assert key.hex not in text and all(str(s) not in text for s in seeds)


def run_job(request: str) -> tuple[LabWorker, list[dict[str, Any]]]:
    worker = LabWorker()
    reports = worker.run(request)
    assert reports[-1]["kind"] == "done"
    return worker, reports


def played_seeds(reports: list[dict[str, Any]]) -> set[int]:
    return {int(r.get("game", r.get("duel", {}))["seed"]) for r in reports
            if r["kind"] in ("game", "duel")}


RANDOM = "def choose(view, moves, rng):\n    return rng.choice(moves)\n"


@pytest.mark.parametrize(("game_id", "players"), RUNS)
@pytest.mark.parametrize("device", DEVICES)
def test_a_run_gives_the_cheater_nothing(game_id: str, players: int, device: int) -> None:
    """Run (its fixed games), Run on new games and a lesson: the bot's dice and the
    seeds come from the Lab's key and the browser's cryptographic generator."""
    page = Driver(device=device)
    page.send(Boot({"lab": game_id}))
    form = {"level": "random", "players": str(players), "games": "10", "limit": "1000"}
    for action in ("lab-run", "lab-run-new"):
        out = page.send(Action(action, value=RANDOM, form=form))
        start = next(e for e in out if isinstance(e, LabStart))
        worker, reports = run_job(start.request)
        seeds = played_seeds(reports)
        assert len(seeds) == 10
        key = lab_key(page.store, page.c.entropy)
        assert_never_dealt(worker, seeds, game_id, players, page.clock, key)


@pytest.mark.parametrize(("game_id", "seats"), TABLES)
def test_a_tournament_gives_the_cheater_nothing(game_id: str, seats: int) -> None:
    """Every entrant's questions: the deals come from the Lab's key, each game its
    own."""
    page = Driver(device=seats)
    page.send(Boot({"lab": game_id}))
    for _ in range(seats - 1):
        page.send(Action("lab-new"))
    out = page.send(Action("lab-tournament", value=SOURCE,
                           form={"games": "10", "seats": str(seats), "limit": "1000"}))
    start = next(e for e in out if isinstance(e, LabStart))
    request = json.loads(start.request)
    request["sources"] = [RANDOM] * len(request["sources"])
    worker, reports = run_job(json.dumps(request))
    seeds = played_seeds(reports)
    assert len(seeds) == request["total"]  # no deal played twice
    key = lab_key(page.store, page.c.entropy)
    assert_never_dealt(worker, seeds, game_id, seats, page.clock, key)


@pytest.mark.parametrize("game_id", ["kabaleo", "ciao", "saboteur"])
@pytest.mark.parametrize("typed", [None, "31415926535"])
def test_play_against_this_bot_gives_the_cheater_nothing(game_id: str, typed: str | None
                                                         ) -> None:
    """A game at the table, on the menu's new seed or one typed in a link: the bot's
    dice tell it neither. (A typed seed is the player's choice: one as small as 7 a bot
    could guess, as the cheater's small numbers do, but nothing it is handed says so.)"""
    page = Driver(device=9)
    page.send(Boot({"lab": game_id}))
    out = page.send(Action("lab-play", value=RANDOM,
                           form={"level": "random", "players": "2", "limit": "1000"}))
    asked: list[LabChoose] = []
    for _ in range(40):  # the person's moves and the timers, until the bot is asked
        asked = [e for e in out if isinstance(e, LabChoose)]
        session = page.c.session
        if asked or session is None:
            break
        if not session.bot_to_act() and not page.c.turns.thinking:
            out = page.send(Move(page.legal()[0]))
        elif page.timers:
            page.timers.sort(key=lambda a: a.ms)
            page.clock += page.timers[0].ms
            out = page.send(page.timers.pop(0).event)
    request = json.loads(asked[0].request)
    if typed is not None:  # a table whose seed the player typed, the bot to act first
        rules = GAMES[game_id]
        opts = rules.options_for(2, lab_options(game_id))
        first = rules.to_act(rules.new(2, int(typed), opts))
        seats, codes = [HUMAN, HUMAN], ["", ""]
        seats[first], codes[first] = LAB, RANDOM
        request["match"] = Match(game_id, tuple(seats), int(typed), opts, (),
                                 lab=tuple(codes)).to_dict()
        request["seat"] = first
    match = match_from_dict(request["match"], GAMES)
    replay(match, GAMES[game_id])  # a real game
    worker, reports = run_job(json.dumps(request))
    assert [r["kind"] for r in reports] == ["chose", "done"]
    key = lab_key(page.store, page.c.entropy)
    assert_never_dealt(worker, {match.seed}, game_id, 2, page.clock, key)


def test_a_job_without_the_labs_key_is_refused() -> None:
    with pytest.raises(ValueError, match="key"):
        LabWorker().run(json.dumps({"source": RANDOM, "game": "kabaleo", "level": "random",
                                    "players": 2, "games": 1, "seed": 1, "limit_ms": 100}))


def test_the_browsers_key_is_drawn_once_and_kept() -> None:
    store, draws = DictStore(), []

    def entropy(n: int) -> bytes:
        draws.append(n)
        return bytes([len(draws)]) * n

    first = key_store.own_key(store, entropy)
    assert key_store.own_key(store, entropy) == first and draws == [32]
    store.set(key_store.KEY_ENTRY, "not a key")  # hand-edited: replaced, nothing else touched
    assert key_store.own_key(store, entropy) != first and draws == [32, 32]


def test_a_class_word_gives_every_device_the_same_key_and_can_be_forgotten() -> None:
    a, b = DictStore(), DictStore()
    assert lab_key(a, lambda n: b"\1" * n) != lab_key(b, lambda n: b"\2" * n)
    set_class_word(a, "Blue Whale")
    set_class_word(b, "  blue   whale ")  # another device, typed another way
    assert lab_key(a, lambda n: b"\1" * n) == lab_key(b, lambda n: b"\2" * n)
    assert key_store.class_word(a) is not None
    set_class_word(a, "")
    assert key_store.class_word(a) is None and lab_key(a, lambda n: b"\1" * n) == key_store.own_key(
        a, lambda n: b"\1" * n)
    a.set(key_store.CLASS_ENTRY, "{broken")
    assert key_store.class_word(a) is None


@pytest.mark.cpython_only  # Pyodide's hashlib has no pbkdf2_hmac to compare with
def test_a_class_words_key_is_pbkdf2() -> None:
    """Written out (Pyodide's hashlib has no pbkdf2_hmac): the standard's own result."""
    expected = hashlib.pbkdf2_hmac("sha256", b"blue whale", b"parlor class word", dice.ROUNDS)
    assert stretched("Blue Whale").secret == expected


def test_dice_are_one_way_and_their_own_per_seat_and_move() -> None:
    key = LabKey(bytes(range(32)))
    draws = {key.dice(5, seat, ply).state for seat in range(4) for ply in range(50)}
    assert len(draws) == 200
    assert key.dice(5, 1, 3).state == key.dice(5, 1, 3).state  # a rerun replays
    assert LabKey(bytes(32)).dice(5, 1, 3).state != key.dice(5, 1, 3).state
    assert key.deal("run", "ciao") != key.deal("tournament", "ciao")
