"""A class tournament at the game's own tables (Kabaleo 3-4, Ciao! up to 6), and every
game of a tournament one click from the review.

The seating (``seating.py``) must be fair for any class: every bot plays as many games
as every other and sits at each seat equally often, for every size of class and table;
a rerun seats the same. The ranking counts a shared win as its share. A game of the
tournament keeps its seed and moves, and replays in the review to the position it
ended in; a report whose moves do not replay, or that seats the wrong bots, is
refused."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from controller_driver import Driver
from fakes import LabWorker
from parlor.app.events import Action, Boot, LabReport, LabStart, ShowGame, ShowLab
from parlor.app.lab.contest.seating import Seating, rounds
from parlor.app.lab.contest.tournament import SEP, TableGame, forfeit, standings
from parlor.app.lab.page.lessons import lab_options
from parlor.app.lab.referee.here import HERE_KEY, run_here
from parlor.app.lab.referee.jobs import live_for
from parlor.core.match import Match, replay
from parlor.games import GAMES

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

MOVES = "def choose(view, moves, rng):\n    return moves[{i} % len(moves)]\n"


def bots(n: int) -> list[str]:
    """``n`` bots that differ (each takes another of the moves offered)."""
    return [MOVES.format(i=i) for i in range(n)]


def request(n: int, seats: int, games: int = 10, game: str = "kabaleo") -> str:
    """A tournament as the page asks for one, with the Lab's options for the game (Ciao!:
    one round, ``lab_options``), as the page sends them."""
    return json.dumps({"kind": "tournament", "game": game, "sources": bots(n), "games": games,
                       "seats": seats, "seed": 77, "limit_ms": 1000, "first": 0,
                       "options": lab_options(game), "key": HERE_KEY.hex})


@pytest.mark.parametrize(("n", "k"), [(3, 3), (4, 3), (5, 4), (7, 3), (10, 4), (30, 4),
                                      (6, 6), (13, 6), (30, 6)])
def test_every_bot_plays_as_many_games_at_each_seat(n: int, k: int) -> None:
    s = Seating(n, k, 20, 1234)
    assert s.total == len(s.sittings) * k and s.sittings
    at = Counter((e, seat) for g in range(s.total) for seat, e in enumerate(s.order(g)))
    per = {at[e, seat] for e in range(n) for seat in range(k)}
    assert len(per) == 1, "a bot sat at one seat more often than another, or played more"
    assert all(len(set(sitting)) == k for sitting in s.sittings)
    # Each pair meets, on average, about as often as in duels (``games``), never less.
    meetings = Counter(frozenset((a, b)) for sitting in s.sittings for a in sitting
                       for b in sitting if a < b)
    average = sum(meetings.values()) * k / (n * (n - 1) / 2)  # a sitting plays k games
    assert 20 <= average < 20 + k * k * (k - 1) * 2 / (n - 1) + 1


def test_thirty_bots_at_tables_of_four_play_a_lesson_sized_tournament() -> None:
    """Every combination of four of 30 bots would be 27,405 tables; the rounds make 13
    rounds of 30 sittings (1,560 games, 208 a bot) for 20 games a pair."""
    s = Seating(30, 4, 20, 5)
    assert rounds(30, 4, 20) == 13
    assert (len(s.sittings), s.total) == (390, 1560)
    # Neighbouring sittings share three bots: one new sandbox a sitting.
    new = sum(len(set(b) - set(a)) for a, b in zip(s.sittings, s.sittings[1:], strict=False))
    assert new < 2 * len(s.sittings)


def test_the_same_bots_are_seated_and_dealt_the_same_at_every_run() -> None:
    a, b = Seating(12, 4, 20, 99), Seating(12, 4, 20, 99)
    assert a.sittings == b.sittings
    assert [a.deal(k) for k in range(a.total)] == [b.deal(k) for k in range(b.total)]
    assert Seating(12, 4, 20, 98).sittings != a.sittings  # drawn from the seed


@pytest.mark.parametrize("seats", [2, 4])
def test_no_deal_is_played_twice_in_a_tournament(seats: int) -> None:
    """A bot's interpreter lives through all its games: one that met a deal again would
    know the hidden cards it saw played there (docs/lab-threat-model.md)."""
    s = Seating(12, seats, 10, 2**64 - 5)  # a seed near the top of 64 bits: still apart
    deals = [s.deal(k) & (2**64 - 1) for k in range(s.total)]
    assert len(set(deals)) == len(deals) == s.total


def test_duels_are_numbered_as_before() -> None:
    s = Seating(4, 2, 10, 50)
    assert s.sittings[0] == (0, 1) and s.per == 10 and s.total == 60
    assert s.order(0) == (0, 1) and s.order(1) == (1, 0) and s.order(10) == (0, 2)


def test_too_few_bots_for_the_table_seat_nobody() -> None:
    assert not Seating(3, 4, 10, 1).fits and Seating(3, 4, 10, 1).sittings == ()
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    page.send(Action("lab-new"))
    page.send(Action("lab-new"))
    out = page.send(Action("lab-tournament", form={"games": "10", "seats": "4"}))
    assert not [e for e in out if isinstance(e, LabStart)]
    shown = next(e for e in out if isinstance(e, ShowLab))
    assert "Tables of 4 need at least 4 bots" in shown.html


def test_a_table_of_six_keeps_every_bot_of_it_alive() -> None:
    """A table of k bots needs k sandboxes at once (one more keeps the next sitting's
    bots): never more are alive, and none is started again within a sitting."""
    w = LabWorker()
    w.run(request(7, 6, games=1, game="ciao"))
    assert live_for(6) == 7 and w.most_alive <= 7
    played = [r for r in w.reports if r["kind"] == "duel"]
    assert len(played) == Seating(7, 6, 1, 77).total
    loads = [key for key, data in w.asked if data["kind"] == "load"]
    assert len(loads) < 2 * len(Seating(7, 6, 1, 77).sittings)


def test_a_shared_win_counts_as_its_share_in_the_ranking() -> None:
    games = [TableGame((0, 1, 2), 0, (0.5, 0.5, 0.0)),
             TableGame((1, 2, 0), 1, (0.0, 1.0, 0.0)),
             TableGame((2, 0, 1), 2, (1 / 3, 1 / 3, 1 / 3))]
    table = standings(3, games)
    assert [(s.entrant, round(s.wins, 6), s.games) for s in table] == [
        (2, round(1 + 1 / 3, 6), 3), (0, round(0.5 + 1 / 3, 6), 3), (1, round(0.5 + 1 / 3, 6), 3)]
    assert [(s.rank, s.tied) for s in table] == [(1, False), (2, True), (2, True)]
    # A bot that gave no move loses; the others at the table share the win.
    lost = forfeit((0, 1, 2, 3), 0, 2, problem=None, lost=(3,))  # type: ignore[arg-type]
    assert lost.shares == (0.5, 0.5, 0.0, 0.0)


def test_the_pages_running_tally_ranks_as_the_games_read_afresh() -> None:
    """The page adds each game up as its report comes (``LabTour.tally``), so a redraw
    reads no game again: its ranking, each pair's wins and each bot's first problem are
    what reading every game gives, in any order the games came, a game replaced too."""
    from parlor.app.lab.contest.tournament import head_to_head, ranked
    from parlor.app.lab.page.state import LabTour
    from parlor.app.lab.wire.problems import Problem

    texts: list[str] = []
    run_here(request(7, 2, games=4), texts.append, clock=lambda: 0.0)
    played = {int(r["number"]): TableGame.from_dict(r["duel"])
              for r in map(json.loads, texts) if r["kind"] == "duel"}
    failed = played[3].seats[1]  # gave no move in game 3, and in a later game of its own
    later = max(k for k, g in played.items() if failed in g.seats)
    played[3] = forfeit(played[3].seats, 3, failed, Problem("crash", 2))
    played[later] = forfeit(played[later].seats, later, failed, Problem("syntax", 1))
    tour = LabTour(tuple(f"bot {i}" for i in range(7)), 4, 77, 1000)
    for k in sorted(played, key=lambda k: (k * 7919) % 101):  # out of order
        tour.take(k, played[k])
    games = [played[k] for k in sorted(played)]
    tally = tour.tally
    assert ranked(tally.wins, tally.games) == standings(7, games)
    assert {k: (round(w, 9), g) for k, (w, g) in tally.met.items()} == {
        k: (round(w, 9), g) for k, (w, g) in head_to_head(games).items()}
    assert tally.failed == {failed: (3, Problem("crash", 2))}
    tour.take(3, games[4])  # a game replaced: added up afresh
    assert ranked(tour.tally.wins, tour.tally.games) == standings(
        7, [games[4] if k == 3 else played[k] for k in sorted(played)])
    ties = [0.5, 1.0, 0.5, 0.0, 1.0]
    assert [(s.entrant, s.rank, s.tied) for s in ranked(ties, [1] * 5)] == [
        (1, 1, True), (4, 1, True), (0, 3, True), (2, 3, True), (3, 5, False)]


def test_a_table_tournament_plays_each_bot_as_often_and_its_games_replay() -> None:
    texts: list[str] = []
    run_here(request(4, 3), texts.append, clock=lambda: 0.0)
    reports = [json.loads(t) for t in texts]
    played = [TableGame.from_dict(r["duel"]) for r in reports if r["kind"] == "duel"]
    seating = Seating(4, 3, 10, 77)
    assert len(played) == seating.total
    assert Counter(e for g in played for e in g.seats) == {e: seating.total * 3 // 4
                                                           for e in range(4)}
    for g in played:
        match = Match("kabaleo", ("human",) * 3, g.seed, GAMES["kabaleo"].options_for(3, {}),
                      g.move_list)
        state = replay(match, GAMES["kabaleo"])
        assert GAMES["kabaleo"].to_act(state) is None  # played to its end
        assert sum(g.shares) == pytest.approx(1.0)


def test_a_tournament_game_opens_in_the_review_from_its_bot() -> None:
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    page.send(Action("lab-new"))
    page.send(Action("lab-new"))
    out = page.send(Action("lab-tournament", form={"games": "10", "seats": "3"}))
    start = next(e for e in out if isinstance(e, LabStart))
    assert json.loads(start.request)["seats"] == 3
    texts: list[str] = []
    run_here(start.request, texts.append, clock=lambda: 0.0)
    kept = [json.loads(t) for t in texts if json.loads(t)["kind"] != "done"]
    out = page.send(LabReport("done", json.dumps(kept)))
    html = next(e for e in out if isinstance(e, ShowLab)).html
    assert 'data-seats="3"' in html and 'class="vs"' not in html  # no pair columns
    html = next(e for e in page.send(Action("lab-tour-bot", value="1"))
                if isinstance(e, ShowLab)).html
    assert 'id="lab-tour-games"' in html
    assert html.count('data-action="lab-tour-review"') == 18  # all its games (all 3 bots)
    out = page.send(Action("lab-tour-review", value="5"))
    shown = next(e for e in out if isinstance(e, ShowGame))
    tour = page.c.lab.tour
    assert tour is not None
    game = tour.duels[5]
    assert shown.screen.logged == len(game.move_list) > 0  # the whole game, to its end
    assert "My bot 2" in shown.screen.html and "Your bot" not in shown.screen.html


def test_a_cell_of_the_duels_grid_lists_that_pairs_games() -> None:
    """Thirty bots' pairs are one click each: a cell lists the pair's games (each one
    for the review), marked as the one shown; a second press closes the list; a pair
    that is no pair lists nothing."""
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    page.send(Action("lab-new"))
    page.send(Action("lab-new"))
    out = page.send(Action("lab-tournament", form={"games": "10"}))
    start = next(e for e in out if isinstance(e, LabStart))
    texts: list[str] = []
    run_here(start.request, texts.append, clock=lambda: 0.0)
    kept = [json.loads(t) for t in texts if json.loads(t)["kind"] != "done"]
    html = next(e for e in page.send(LabReport("done", json.dumps(kept)))
                if isinstance(e, ShowLab)).html
    assert html.count("data-lab-pair=") == 3 * 2 and 'data-result="' in html

    def shown(value: str) -> str:
        return next(e for e in page.send(Action("lab-tour-pair", value=value))
                    if isinstance(e, ShowLab)).html

    html = shown("2,0")
    assert "The games of My bot 3 against My bot" in html
    assert html.count('data-action="lab-tour-review"') == 10  # that pair's, not all 20
    assert 'data-lab-pair="2,0"' in html and 'aria-current="true"' in html
    assert 'id="lab-tour-games"' not in shown("2,0")  # pressed again: closed
    for bad in ("1,1", "0,9", "x", ""):
        assert 'id="lab-tour-games"' not in shown(bad)


def test_a_tampered_game_is_refused_not_shown() -> None:
    """The moves travel through the worker's reports: a game that does not replay is
    not opened; a report seating the wrong bots, or with forged moves, is refused."""
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    page.send(Action("lab-new"))
    page.send(Action("lab-new"))
    out = page.send(Action("lab-tournament", form={"games": "10", "seats": "3"}))
    start = next(e for e in out if isinstance(e, LabStart))
    seating = Seating(3, 3, 10, json.loads(start.request)["seed"])
    game = TableGame(seating.order(0), 0, (1.0, 0.0, 0.0), seed=seating.deal(0),
                     moves=SEP.join(["Z99", "Z98"]))
    page.send(LabReport("batch", json.dumps([{"kind": "duel", "number": 0,
                                              "duel": game.to_dict()}])))
    assert not [e for e in page.send(Action("lab-tour-review", value="0"))
                if isinstance(e, ShowGame)]
    wrong = TableGame(seating.order(1), 0, (1.0, 0.0, 0.0)).to_dict()
    out = page.send(LabReport("batch", json.dumps([{"kind": "duel", "number": 0,
                                                    "duel": wrong}])))
    assert "game 0" in next(e for e in out if isinstance(e, ShowLab)).html  # the Lab failed
    for bad in ({"moves": ["a" + SEP + "b"]}, {"moves": "O1"}, {"seats": [0, 0, 1]},
                {"shares": [1.0]}, {"failed": 7}):
        with pytest.raises((ValueError, TypeError)):
            TableGame.from_dict({**game.to_dict(), **bad})


def test_a_table_the_game_does_not_have_is_never_asked_for() -> None:
    """A crafted form (a table of 7 in Kabaleo, of 3 in two-player Saboteur, words)
    falls back to duels; a crafted request to the referee is refused."""
    for game, seats in (("kabaleo", "7"), ("kabaleo", "x"), ("saboteur", "3")):
        page = Driver()
        page.send(Boot({"lab": game}))
        page.send(Action("lab-new"))
        out = page.send(Action("lab-tournament", form={"games": "10", "seats": seats}))
        start = next(e for e in out if isinstance(e, LabStart))
        assert json.loads(start.request)["seats"] == 2
    with pytest.raises(ValueError, match="no table of 7"):
        run_here(request(8, 7), lambda text: None, clock=lambda: 0.0)


def test_a_big_class_plays_fewer_games_a_pair_and_is_told_so() -> None:
    """30 bots' duels at 20 games a pair would be 8,700 games, far past a lesson: a pair
    plays the most even number of games that keeps the tournament within
    ``LESSON_GAMES``; a small class plays what the Lab asks."""
    from parlor.app.lab.contest.seating import LESSON_GAMES, fitting

    assert fitting(30, 2, 20) == 4 and Seating(30, 2, 4, 0).total <= LESSON_GAMES
    assert fitting(10, 2, 20) == 20 and fitting(4, 2, 200) == 200
    assert fitting(30, 4, 20) == 20  # tables of four: 1,560 games
    assert Seating(30, 3, fitting(30, 3, 20), 0).total <= LESSON_GAMES
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    for _ in range(29):
        page.send(Action("lab-new"))
    out = page.send(Action("lab-tournament", form={"games": "20"}))
    request_ = json.loads(next(e for e in out if isinstance(e, LabStart)).request)
    assert request_["games"] == 4 and request_["total"] == 435 * 4
    html = next(e for e in out if isinstance(e, ShowLab)).html
    assert "With 30 bots, each pair meets in 4 games rather than 20" in html


def test_a_ciao_tournament_plays_the_one_round_games_its_lessons_teach() -> None:
    """The Lab plays Ciao! one round (``lessons.json``'s options): a tournament must too.
    Over five rounds ``game.simulate`` of a round's last card shows the next deal's
    fresh hand, so the lessons' greedy bots would never go out; and the review replays
    a game with the options it was played with."""
    page = Driver()
    page.send(Boot({"lab": "ciao"}))
    page.send(Action("lab-new"))
    out = page.send(Action("lab-tournament", form={"games": "4", "seats": "2"}))
    start = next(e for e in out if isinstance(e, LabStart))
    assert json.loads(start.request)["options"] == {"rounds": 1}
    texts: list[str] = []
    run_here(start.request, texts.append, clock=lambda: 0.0)
    kept = [json.loads(t) for t in texts if json.loads(t)["kind"] != "done"]
    page.send(LabReport("done", json.dumps(kept)))
    tour = page.c.lab.tour
    assert tour is not None and tour.duels
    for k, game in tour.duels.items():
        one = Match("ciao", (0, 0), game.seed, GAMES["ciao"].options_for(2, {"rounds": 1}),
                    game.move_list)
        assert GAMES["ciao"].to_act(replay(one, GAMES["ciao"])) is None  # one round, over
        out = page.send(Action("lab-tour-review", value=str(k)))
        assert [e for e in out if isinstance(e, ShowGame)], k  # replays as it was played
