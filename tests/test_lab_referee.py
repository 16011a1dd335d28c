"""The referee keeps the Lab's bots at arm's length (see
docs/lab-threat-model.md): a sandbox is asked for one move with its seat's view and
the legal moves, and whatever comes back is checked. A forged, garbled or late answer,
a sandbox that dies or runs out of memory is that bot's problem: its game stops with
the reason, its sandbox is replaced, and the job goes on. Each bot of a tournament has
a sandbox of its own, and no more than ``LIVE`` are alive at once.

The worker (assets/lab-worker.js) is played here by ``Worker``: questions are answered
by in-process ``Sandbox``es unless a test scripts the answer."""

from __future__ import annotations

import json

import pytest

from fakes import LabWorker as Worker
from parlor.app.lab.contest.steps import LIVE
from parlor.app.lab.referee.here import HERE_KEY
from parlor.app.lab.referee.jobs import live_for
from parlor.app.lab.referee.referee import Referee
from parlor.app.lab.wire import wire
from parlor.app.lab.wire.wire import LOAD_LIMIT_MS
from parlor.games import GAMES
from parlor.games.kabaleo.state import KabaleoView

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

KEY = HERE_KEY.hex
MOVES0 = "def choose(view, moves, rng):\n    return moves[0]\n"
def match(source: str = MOVES0, games: int = 4, game: str = "kabaleo",
          limit_ms: int = 1000) -> str:
    return json.dumps({"source": source, "game": game, "level": "random", "players": 2,
                       "games": games, "first": 0, "seed": 5, "limit_ms": limit_ms, "key": KEY,
                       "options": {}})


def tournament(sources: list[str], games: int = 2) -> str:
    return json.dumps({"kind": "tournament", "game": "kabaleo", "sources": sources,
                       "games": games, "seed": 9, "limit_ms": 1000, "first": 0,
                       "key": KEY})


def games(reports: list[dict[str, object]]) -> dict[int, dict[str, object]]:
    """The match's game reports by number (two games are played side by side: they
    end in any order)."""
    return {int(str(r["number"])): r for r in reports if r["kind"] == "game"}


def stopped(report: dict[str, object]) -> dict[str, object] | None:
    game = report["game"]
    assert isinstance(game, dict)
    out = game["stopped"]
    assert out is None or isinstance(out, dict)
    return out


def test_a_sandbox_is_asked_with_its_seats_view_and_the_legal_moves_only() -> None:
    w = Worker()
    reports = w.run(match())
    assert [r["kind"] for r in reports] == ["compiled"] + ["game"] * 4 + ["done"]
    turns = [data for _, data in w.asked if data["kind"] == "turn"]
    assert turns and {tuple(d) for d in (t.keys() for t in turns)} == {
        ("id", "kind", "game", "base", "view", "grown", "moves", "rng", "limit")}
    views: dict[int, object] = {}
    for data in turns:
        ask = wire.read_request(json.dumps(data))
        assert isinstance(ask, wire.Ask)
        last = None if ask.base is None else (ask.base, views[ask.base])
        view = ask.whole_view(KabaleoView, last)  # a view, and all of it: nothing else
        assert isinstance(view, KabaleoView)
        views[ask.id] = view
        assert view.revealed_targets is None and len(view.my_targets) == 1
        assert data["moves"] and all(isinstance(m, str) for m in data["moves"])
    # Each game's moves replay to the end: the questions were the real positions.
    game = GAMES["kabaleo"]
    for r in reports[1:-1]:
        played = r["game"]
        assert isinstance(played, dict) and played["stopped"] is None
        state = game.new(2, int(played["seed"]), game.options_for(2, {}))
        for move in played["moves"]:
            state = game.apply(state, move)
        assert game.to_act(state) is None


@pytest.mark.parametrize(("forged", "kind"), [
    ("not json", "broken"),
    ("x" * (wire.MAX_ANSWER + 1), "broken"),
    ('{"id": 0, "move": "G4", "problem": null, "printed": ""}', "broken"),  # another id
    ('[1, 2]', "broken"),
    ("{id}", "broken"),  # the id asked, but extra words: the wrong shape
    ('{id, "move": "Z9", "problem": null, "printed": ""}', "not_legal"),
    ('{id, "move": 4, "problem": null, "printed": ""}', "not_legal"),
    ('{id, "move": null, "problem": {"kind": "broken", "line": 0, "detail": ""},'
     ' "printed": ""}', "broken"),  # a problem only the referee may find
    # The student's frames, forged: not a list, too many, a line of 0, a line that is
    # not a number, a text past its length, an extra item, a key beside them.
    ('{id, "move": null, "problem": {"kind": "crash", "line": 2, "detail": "",'
     ' "frames": "line 2"}, "printed": ""}', "broken"),
    ('{id, "move": null, "problem": {"kind": "crash", "line": 2, "detail": "",'
     ' "frames": [' + ", ".join(['[2, "f", "x"]'] * 9) + ']}, "printed": ""}', "broken"),
    ('{id, "move": null, "problem": {"kind": "crash", "line": 2, "detail": "",'
     ' "frames": [[0, "choose", "x"]]}, "printed": ""}', "broken"),
    ('{id, "move": null, "problem": {"kind": "crash", "line": 2, "detail": "",'
     ' "frames": [[true, "choose", "x"]]}, "printed": ""}', "broken"),
    ('{id, "move": null, "problem": {"kind": "crash", "line": 2, "detail": "",'
     ' "frames": [[2, "choose", "' + "x" * 201 + '"]]}, "printed": ""}', "broken"),
    ('{id, "move": null, "problem": {"kind": "crash", "line": 2, "detail": "",'
     ' "frames": [[2, "choose", "x", "<b>"]]}, "printed": ""}', "broken"),
    ('{id, "move": null, "problem": {"kind": "crash", "line": 2, "detail": "",'
     ' "frames": [], "where": 1}, "printed": ""}', "broken"),
    ('{id, "move": "G4", "problem": {"kind": "crash", "line": 1, "detail": ""},'
     ' "printed": ""}', "broken"),
    ('{id, "move": null, "problem": null, "printed": 7}', "broken"),
])
def test_a_forged_answer_stops_that_game_only(forged: str, kind: str) -> None:
    """A forged report is refused: the game stops with the reason, nothing
    raises, and the next game is played (by a fresh sandbox, when the answer was not
    one a sandbox may give)."""
    count = [0]

    def script(data: dict[str, object]) -> str | None:
        if data["kind"] != "turn":
            return None
        count[0] += 1
        if count[0] > 1:
            return None
        asked = data["id"]
        text = forged.replace("{id}", f'{{"id": {asked}, "extra": 1}}')
        return text.replace("{id,", f'{{"id": {asked},')

    w = Worker(script)
    played = games(w.run(match(games=2)))
    assert w.kinds() == ["compiled", "game", "game", "done"]
    first = stopped(played[0])  # the first question was game 1's
    assert first is not None and isinstance(first["problem"], dict)
    assert first["problem"]["kind"] == kind
    assert stopped(played[1]) is None  # the match went on
    if kind == "broken":
        assert w.killed  # a sandbox that broke the rules is replaced
        loads = [key for key, data in w.asked if data["kind"] == "load"]
        assert len(loads) == 2  # the fresh one ran the file again


def test_a_move_past_the_limit_is_over_time_even_if_it_came_back() -> None:
    w = Worker(ms=1500.0)
    problem = (stopped(games(w.run(match(games=1, limit_ms=1000)))[0]) or {})["problem"]
    assert problem == {"kind": "over_time", "line": 0, "detail": "1500"}


def test_a_sandbox_the_watchdog_stopped_is_replaced_for_the_next_game() -> None:
    """The worker stops a sandbox past its time (``expired``); that game stops over
    time, the other game under way is asked again of a fresh sandbox, which runs the
    file again, and the match goes on."""
    w = Worker()
    w.referee.start(match(games=3))
    assert w.step()  # the load
    key, text, limit = w.questions.pop(0)
    assert json.loads(text)["kind"] == "turn" and limit == 1000
    assert any(k == key for k, _, _ in w.questions)  # game 2's first question, queued
    w.stopped(key)  # by the worker's watchdog, which then says so
    w.referee.expired(key, 1312.0)
    w.finish()
    assert w.kinds() == ["compiled", "game", "game", "game", "done"]
    played = games(w.reports)
    assert (stopped(played[0]) or {})["problem"] == {
        "kind": "over_time", "line": 0, "detail": "1312"}
    assert stopped(played[1]) is None and stopped(played[2]) is None
    assert [data["kind"] for _, data in w.asked].count("load") == 2


def test_a_file_whose_top_level_never_ends_is_stopped_and_named() -> None:
    w = Worker()
    w.referee.start(match(source="while True:\n    pass\n"))
    key, text, limit = w.questions.pop(0)
    assert json.loads(text)["kind"] == "load" and limit == LOAD_LIMIT_MS
    w.referee.expired(key, LOAD_LIMIT_MS + 300)
    assert w.kinds() == ["compiled", "done"]
    assert w.reports[0]["problem"] == {"kind": "load_time", "line": 0, "detail": "5300"}


def test_a_sandbox_that_died_is_the_bots_problem() -> None:
    w = Worker()
    w.referee.start(match(games=2))
    assert w.step()
    key, _, _ = w.questions.pop(0)
    w.stopped(key)
    w.referee.died(key, "it sent messages it was not asked for")
    w.finish()
    played = games(w.reports)
    assert (stopped(played[0]) or {})["problem"] == {
        "kind": "broken", "line": 0, "detail": "it sent messages it was not asked for"}
    assert stopped(played[1]) is None


def test_running_out_of_memory_stops_the_game_and_replaces_the_sandbox() -> None:
    bomb = "def choose(view, moves, rng):\n    raise MemoryError()\n"
    w = Worker()
    played = games(w.run(match(source=bomb, games=2)))
    assert [(stopped(played[n]) or {}).get("problem") for n in (0, 1)] == [
        {"kind": "memory", "line": 2, "detail": "", "frames": [[2, "choose",
                                                             "raise MemoryError()"]]}] * 2
    assert len(w.killed) == 2


def test_a_late_answer_and_an_unasked_one_are_ignored() -> None:
    w = Worker()
    w.referee.start(match(games=1))
    assert w.step()
    key, text, _ = w.questions[0]
    w.referee.heard("0:someone else", "{}", 1.0)  # no question out to that key
    w.referee.stop()
    assert w.killed == [key]  # the question out may never be answered: its sandbox goes
    w.referee.heard(key, wire.answer_text(json.loads(text)["id"], "G4", None), 1.0)
    assert w.kinds() == ["compiled"]


def test_each_entrant_has_a_sandbox_of_its_own_and_few_are_alive() -> None:
    """No bot's code runs where another's did; at most ``LIVE``
    sandboxes at once; the two of a duel are never stopped in the middle of it."""
    sources = [MOVES0 + f"# bot {i}\n" for i in range(6)]
    w = Worker()
    reports = w.run(tournament(sources))
    assert w.kinds().count("duel") == 15 * 2 and w.kinds()[-1] == "done"
    assert all(r["problem"] is None for r in reports if r["kind"] == "entrant")
    for key, data in w.asked:
        index = int(key.split(":")[0])
        assert key == f"{index}:{sources[index]}"
        if data["kind"] == "load":
            assert data["source"] == sources[index]
    assert w.most_alive <= LIVE
    duels = [r["duel"] for r in reports if r["kind"] == "duel"]
    assert all(isinstance(d, dict) and d["failed"] is None for d in duels)


def test_a_tournament_starts_few_sandboxes_and_numbers_its_duels_as_ever() -> None:
    """Starting a sandbox is a tournament's slow part: the pairs are played in an order
    that keeps the entrants alive that the next pair needs (``tournament.schedule``);
    every pair is played once, and each duel keeps the number of its pair."""
    from parlor.app.lab.contest.tournament import pairs, schedule

    for n in range(2, 11):
        order = schedule(n, LIVE)
        assert sorted(order) == list(range(len(pairs(n))))
    sources = [MOVES0 + f"# bot {i}\n" for i in range(6)]
    w = Worker()
    w.run(tournament(sources, games=1))
    loads = [key for key, data in w.asked if data["kind"] == "load"]
    assert len(loads) == 10  # least recently used first: 12; in the numbering's order: 16
    numbers = [r["number"] for r in w.reports if r["kind"] == "duel"]
    assert sorted(numbers) == list(range(15))
    for r in w.reports:
        if r["kind"] == "duel":
            duel = r["duel"]
            assert isinstance(duel, dict)
            assert tuple(duel["seats"]) in (pairs(6)[int(str(r["number"]))],
                                             pairs(6)[int(str(r["number"]))][::-1])


@pytest.mark.parametrize("room", [LIVE, 4, 6])
def test_a_class_plays_in_windows_that_start_few_sandboxes_and_fit_the_room(room: int) -> None:
    """30 bots: every pair once, each window's bots alive together and never more than
    the room; a block of bots stays alive while every later bot meets it, so far fewer
    sandboxes start than pairs are played (the least recently used order: 408)."""
    from parlor.app.lab.contest.seating import Seating, pairs
    from parlor.app.lab.contest.tournament import play_plan
    from parlor.app.lab.referee.jobs import live_for

    seating = Seating(30, 2, 4, 9)
    live = live_for(2, room)
    plan = play_plan(seating, live)
    played = [s for w in plan for s in w.sittings]
    assert sorted(played) == list(range(len(pairs(30))))
    alive: set[int] = set()
    starts = 0
    for w in plan:
        alive -= set(w.free)
        need = {e for s in w.sittings for e in seating.sittings[s]}
        starts += len(need - alive)
        alive |= need
        assert len(alive) <= live
    assert starts == {LIVE: 226, 4: 156, 6: 100}[room]


@pytest.mark.parametrize("room", [LIVE, 6])
def test_a_class_never_has_more_sandboxes_alive_than_its_room_and_lets_them_all_go(
        room: int) -> None:
    """A tournament's bots are not asked again once it is over (a match's bot is, by
    the next Run): its sandboxes are all stopped at its end, their memory given back;
    while it plays, no more are alive than the room the device has."""
    sources = [MOVES0 + f"# bot {i}\n" for i in range(8)]
    w = Worker()
    w.referee = Referee(w, room)
    reports = w.run(tournament(sources, games=1))
    assert reports[-1]["kind"] == "done"
    assert sorted(int(str(r["number"])) for r in reports if r["kind"] == "duel") == list(
        range(28))
    assert w.most_alive <= live_for(2, room)
    assert w.referee.alive == {} and w.sandboxes == {}


def test_two_entrants_with_the_same_code_do_not_share_a_sandbox() -> None:
    w = Worker()
    w.run(tournament([MOVES0, MOVES0]))
    assert {key for key, _ in w.asked} == {f"0:{MOVES0}", f"1:{MOVES0}"}


def test_a_match_starts_its_bot_afresh_and_frees_the_sandboxes_of_earlier_jobs() -> None:
    """Run plays the same deals every time: a bot whose interpreter lived on from the
    last Run would know their hidden cards (docs/lab-threat-model.md)."""
    w = Worker()
    w.run(match(games=1))
    w.reports.clear()
    w.run(match(source=MOVES0 + "# edited\n", games=1))
    assert w.killed == [f"0:{MOVES0}"]
    w.run(match(source=MOVES0 + "# edited\n", games=1))  # the same code: afresh all the same
    assert w.killed == [f"0:{MOVES0}", f"0:{MOVES0}# edited\n"]


def test_a_bot_at_the_table_keeps_its_interpreter_for_its_game_only() -> None:
    """The next move of a game at the table finds its bot warm; another game (a new
    deal, or the same seed played again) gets a fresh one."""
    from parlor.core.match import HUMAN, LAB, Match

    w = Worker()

    def choose(seed: int, moves: tuple[str, ...] = ()) -> str:
        game = Match("kabaleo", (HUMAN, LAB), seed, {}, moves, lab=("", MOVES0))
        return json.dumps({"kind": "choose", "match": game.to_dict(), "seat": 1,
                           "limit_ms": 1000, "key": KEY})

    kabaleo = GAMES["kabaleo"]
    state, moves = kabaleo.new(2, 5, kabaleo.options_for(2, {})), []
    while kabaleo.to_act(state) != 1 or not moves:  # seat 1's second turn at the latest
        moves.append(kabaleo.legal_moves(state)[0])
        state = kabaleo.apply(state, moves[-1])
    w.run(choose(5))
    first = w.asked[-1][0]
    w.run(choose(5, tuple(moves)))  # the same game, moves later
    assert w.killed == [] and w.asked[-1][0] == first
    w.run(choose(6))
    assert w.killed == [first] and w.asked[-1][0] != first


def test_a_view_is_sent_whole_once_then_only_what_changed() -> None:
    """A Ciao! view is mostly its history: after the first question of a sandbox, each
    sends only the fields that changed and the moves added to the history, and the
    sandbox rebuilds the very view the referee holds."""
    w = Worker()
    w.run(match(game="ciao", games=2))
    turns = [(key, data) for key, data in w.asked if data["kind"] == "turn"]
    assert [data["base"] for _, data in turns[:2]] == [None, None]  # one per game
    assert all(data["base"] is not None for _, data in turns[2:])
    grew = [data for _, data in turns if "history" in data["grown"]]
    assert grew and all("history" not in data["view"] for data in grew)
    sizes = [len(json.dumps(data)) for _, data in turns]
    assert max(sizes[1:]) < sizes[0] * 2 and sum(sizes) / len(sizes) < 4000, sizes[:20]


def test_a_fresh_sandbox_is_sent_whole_views() -> None:
    w = Worker()
    w.referee.start(match(games=1))
    assert w.step() and w.step()  # the load, the first move
    key, text, _ = w.questions.pop(0)
    assert json.loads(text)["base"] is not None
    w.referee.heard(key, w.sandboxes[key].answer(text), 1.0)
    key, text, _ = w.questions[0]
    w.stopped(key)
    w.referee.died(key, "gone")
    w.referee.start(match(games=1))  # the next job: a fresh sandbox
    assert w.step()
    _, text, _ = w.questions[0]
    assert json.loads(text)["base"] is None
    w.finish()
    assert w.kinds()[-1] == "done"


def test_an_answer_that_is_not_json_says_what_came_instead() -> None:
    """A sandbox whose interpreter fails sends its error instead of an answer
    (assets/lab-sandbox/worker.mjs): the problem names it, cut short, so the page and a
    failing test say what broke rather than only that something did."""
    answer = wire.read_answer("failed: RangeError: " + "x" * 400, 3, ("a",))
    assert answer.problem is not None and answer.problem.kind == "broken"
    assert "not JSON: 'failed: RangeError: xxx" in answer.problem.detail
    assert len(answer.problem.detail) < 260
