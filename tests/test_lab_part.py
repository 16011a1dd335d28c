"""The Bot Lab's screen as the controller drives it:
opened from the menu or a link, the code kept as it is typed (several named bots per
game), a match asked of the worker and its reports drawn (progress, score, errors with
the student's line), a share link that opens the code without running it, and a game of
the match one click from the review with what the bot printed at each move.

The worker is played here by ``run_here`` (app/lab/referee/here.py), fed the request the
controller asked for: the referee the page's worker runs, with in-process sandboxes."""

from __future__ import annotations

import json
import re

import pytest

from controller_driver import Driver
from fakes import LabWorker
from parlor.app.events import (
    Action,
    Boot,
    Download,
    LabCode,
    LabReport,
    LabStart,
    LabStop,
    LabWarm,
    ShareLink,
    ShowGame,
    ShowLab,
)
from parlor.app.lab.page.carried import Carried, bot_from_link, share_fragment
from parlor.app.lab.page.handin import files_json
from parlor.app.lab.page.keep import PREFIX, STARTER
from parlor.app.lab.page.key_store import lab_key
from parlor.app.lab.referee.here import run_here as run
from parlor.core.errors import BadSave

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

MOVES0 = "def choose(view, moves, rng):\n    print('first of', len(moves))\n    return moves[0]\n"


def opened(name: str, text: str) -> Action:
    """One file opened in the Lab, as the page sends it."""
    return Action("lab-import", value=files_json([(name, text, len(text.encode()))]))


def lab(page: Driver, out: list[object]) -> ShowLab:
    shows = [e for e in out if isinstance(e, ShowLab)]
    assert shows, out
    return shows[-1]


def worker(page: Driver, out: list[object], *, batch: int = 5) -> list[object]:
    """Play the worker: run the request the controller asked for and send its reports
    back in batches, as assets/lab.js does."""
    start = next(e for e in out if isinstance(e, LabStart))
    texts: list[str] = []
    run(start.request, texts.append, clock=lambda: 0.0)
    reports = [json.loads(t) for t in texts]  # the referee times the bot itself: no marks
    kept = [r for r in reports if r["kind"] != "done"]
    assert reports[-1]["kind"] == "done"
    effects: list[object] = []
    for i in range(0, len(kept), batch):
        effects += page.send(LabReport("batch", json.dumps(kept[i:i + batch])))
    effects += page.send(LabReport("done", "[]"))
    return effects


def run_form(games: int = 10, level: str = "random") -> dict[str, str]:
    return {"level": level, "players": "2", "games": str(games), "limit": "1000"}


def test_the_lab_opens_from_the_menu_with_a_starter_bot_and_warms_its_worker() -> None:
    page = Driver()
    page.send(Boot({}))
    out = page.send(Action("lab", game="kabaleo"))
    shown = lab(page, out)
    assert shown.whole and shown.game == "kabaleo"
    assert any(isinstance(e, LabWarm) for e in out)
    assert page.url is not None and page.url.params == {"lab": "kabaleo"}
    area = re.search(r"<textarea[^>]*data-lab-code[^>]*>(.*?)</textarea>", shown.html, re.S)
    assert area is not None and "def choose(view, moves, rng):" in area.group(1)
    for hook in ('data-action="lab-run"', 'data-action="lab-stop"', 'data-action="lab-share"',
                 'data-lab-field="level"', 'id="lab-results"'):
        assert hook in shown.html, hook


@pytest.mark.parametrize("game", ["kabaleo", "ciao", "saboteur"])
def test_a_moves0_bot_plays_a_match_and_its_score_is_drawn(game: str) -> None:
    """The issue's newcomer: three lines, ten games against random, a score."""
    page = Driver()
    page.send(Boot({"lab": game}))
    page.send(LabCode(MOVES0))
    out = page.send(Action("lab-run", value=MOVES0, form=run_form()))
    assert lab(page, out).status == "Your bot is playing 10 games…"
    effects = worker(page, out)
    html = lab(page, effects).html
    assert lab(page, effects).status.startswith("Your bot won ")  # the header says it once
    score = re.search(r'data-lab-score data-wins="([\d.]+)" data-games="(\d+)"', html)
    assert score is not None and score.group(2) == "10", html
    assert 0 <= float(score.group(1)) <= 10
    assert 'data-done="10" data-total="10"' in html
    assert "data-lab-error" not in html
    assert page.c.lab.run is not None and not page.c.lab.run.running


def test_a_syntax_error_is_shown_with_the_students_line() -> None:
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    bad = "def choose(view, moves, rng):\n    x = (\n    return moves[0]\n"
    out = page.send(Action("lab-run", value=bad, form=run_form()))
    html = lab(page, worker(page, out)).html
    error = re.search(r'data-lab-error="syntax" data-line="(\d+)"', html)
    assert error is not None and error.group(1) in ("2", "3"), html
    assert "Line" in html


def test_a_move_not_offered_stops_that_game_and_lists_the_legal_ones() -> None:
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    out = page.send(Action("lab-run", value="def choose(view, moves, rng):\n    return 'Z9'\n",
                           form=run_form(games=10)))
    html = lab(page, worker(page, out)).html
    assert 'data-lab-error="not_legal"' in html
    assert "&#x27;Z9&#x27;" in html and "The moves were:" in html
    assert 'data-wins="0"' in html and 'data-games="10"' in html


def stuck(request: str, source: str, ms: float) -> list[dict[str, object]]:
    """Play the worker for a job in which the bot with ``source`` loads, then never
    answers a move: its watchdog stops the sandbox after ``ms`` (``Referee.expired``).
    Every other bot answers from an in-process sandbox. The reports, as JSON objects."""
    w = LabWorker()
    w.referee.start(request)
    while w.questions:
        key, text, _ = w.questions[0]
        if key.endswith(source) and '"kind": "turn"' in text:
            w.stopped(key)  # by the watchdog, with the questions it still had
            w.referee.expired(key, ms)
        else:
            w.step()
    return w.reports


LOOP = "def choose(view, moves, rng):\n    while True: pass\n"


def test_a_call_that_ran_over_is_reported_with_its_game_and_move() -> None:
    """The worker's watchdog stops the sandbox; the referee reports that game stopped
    ``over_time`` at its move, with the time it had run."""
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    out = page.send(Action("lab-run", value=LOOP, form=run_form()))
    start = next(e for e in out if isinstance(e, LabStart))
    reports = stuck(start.request, LOOP, 1312.0)
    html = lab(page, page.send(LabReport("batch", json.dumps(reports[:2])))).html
    assert 'data-lab-error="over_time"' in html
    ply = reports[1]["game"]["plies"][-1]  # the other seat may have moved first
    assert f"Game 1, move {ply + 1}:" in html and "1312 ms" in html and "1000 ms" in html


def test_stop_tells_the_worker_and_later_news_is_ignored() -> None:
    page = Driver()
    page.send(Boot({"lab": "ciao"}))
    out = page.send(Action("lab-run", value=MOVES0, form=run_form()))
    start = next(e for e in out if isinstance(e, LabStart))
    assert json.loads(start.request)["game"] == "ciao"
    assert any(isinstance(e, LabStop) for e in page.send(Action("lab-stop")))
    assert page.send(LabReport("batch", json.dumps([{"kind": "compiled", "problem": None}]))) == []
    assert any(isinstance(e, LabStop) for e in
               page.send(Action("lab-run", value=MOVES0, form=run_form())) +
               page.send(Action("menu")))


def test_code_is_kept_as_typed_and_several_bots_live_side_by_side() -> None:
    page = Driver()
    page.send(Boot({"lab": "saboteur"}))
    page.send(LabCode(MOVES0))
    page.send(Action("lab-new"))
    page.send(LabCode("def choose(view, moves, rng):\n    return moves[-1]\n"))
    stored = json.loads(page.store.get(PREFIX + "saboteur") or "")
    assert stored["bots"] == {"My bot": MOVES0,
                              "My bot 2": "def choose(view, moves, rng):\n    return moves[-1]\n"}
    # A reload finds them; choosing the first puts its code back in the editor.
    again = Driver(page.store)
    again.send(Boot({"lab": "saboteur"}))
    html = lab(again, again.send(Action("lab-bot", value="My bot"))).html
    assert "first of" in html and 'data-lab-version="' in html


def test_unreadable_stored_bots_are_never_written_over() -> None:
    page = Driver()
    page.store.set(PREFIX + "kabaleo", "{not json")
    out = page.send(Boot({"lab": "kabaleo"}))
    assert "could not be read" in lab(page, out).html
    page.send(LabCode(MOVES0))
    assert page.store.get(PREFIX + "kabaleo") == "{not json"


def test_a_share_link_opens_the_code_as_a_new_bot_and_runs_nothing() -> None:
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    page.send(LabCode(MOVES0))
    page.send(Action("lab-author", value="Sara"))
    link = next(e for e in page.send(Action("lab-share")) if isinstance(e, ShareLink))
    assert link.key == "bot" and link.data.startswith("kabaleo.2.")
    assert bot_from_link(link.data) == ("kabaleo", Carried(MOVES0, "My bot", "Sara", "kabaleo"))
    reader = Driver()
    out = reader.send(Boot({}, fragment="bot=" + link.data))
    assert not any(isinstance(e, LabStart) for e in out)
    html = lab(reader, out).html
    assert "first of" in html and "runs only when you press Run" in html
    assert '<option value="My bot (Sara)" selected>' in html  # whose bot it is


def test_a_cut_or_foreign_share_link_says_why_and_keeps_the_menu() -> None:
    with pytest.raises(BadSave):
        bot_from_link("kabaleo.1.AAAA")
    page = Driver()
    page.send(Boot({}, fragment="bot=" + share_fragment("kabaleo", MOVES0)[:-6]))
    assert page.menu is not None and page.menu.message
    page.send(Boot({"lab": "chess"}))
    assert page.menu is not None and "no Lab for" in page.menu.message


def test_export_and_import_of_a_py_file() -> None:
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    page.send(LabCode(MOVES0))
    files = [e for e in page.send(Action("lab-export")) if isinstance(e, Download)]
    assert files and files[0].filename == "My_bot.py"
    header = '# parlor-bot: {"author": "", "game": "kabaleo", "name": "My bot"}'
    assert files[0].text == f"{header}\n{MOVES0}"  # its name, and still Python
    out = page.send(opened("greedy.py", STARTER))
    html = lab(page, out).html
    assert '<option value="greedy" selected>' in html


def test_a_game_of_the_match_opens_in_the_review_with_what_the_bot_printed() -> None:
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    out = page.send(Action("lab-run", value=MOVES0, form=run_form(games=10)))
    worker(page, out)
    review = page.send(Action("lab-review", value="1"))
    game = next(e for e in review if isinstance(e, ShowGame))
    assert game.screen.phase == "replay"
    assert "Your bot: My bot" in game.screen.html
    assert 'data-action="lab"' in game.screen.html  # the way back to the Lab
    assert page.c.lab.run is not None
    first = page.c.lab.run.played[1].plies[0]  # the bot's first move in game 1 (seat 1)
    said = page.send(Action("replay-goto", value=str(first + 1)))
    html = next(e for e in said if isinstance(e, ShowGame)).screen.html
    assert "What your bot printed at this move" in html and "first of" in html
    back = page.send(Action("lab", game="kabaleo"))
    assert "data-lab-score" in lab(page, back).html  # the match's results are still there


def test_the_interval_stays_honest_when_a_bot_wins_every_game() -> None:
    """Wilson's 95% interval: 10 wins of 10 is not "between 100% and 100%"."""
    from parlor.app.lab.contest.matches import LabGame, Score

    every = Score.of([LabGame(0, g, 1.0, ()) for g in range(10)])
    assert (every.share, every.high) == (1.0, 1.0) and 0.70 < every.low < 0.75
    six = Score.of([LabGame(0, g, 1.0 if g < 6 else 0.0, ()) for g in range(10)])
    assert 0.30 < six.low < six.share < six.high < 0.85


def tournament(page: Driver, out: list[object]) -> list[object]:
    """Play the worker for a tournament: the same referee, its reports sent back."""
    start = next(e for e in out if isinstance(e, LabStart))
    assert json.loads(start.request)["kind"] == "tournament"
    texts: list[str] = []
    run(start.request, texts.append, clock=lambda: 0.0)
    assert all(re.fullmatch(r"T\d+:\d+:\d+|D", m) for m in texts if not m.startswith("{"))
    reports = [t for t in texts if t.startswith("{")]
    return page.send(LabReport("done", "[" + ",".join(reports[:-1]) + "]"))


def test_a_class_tournament_plays_every_pair_and_ranks_the_bots() -> None:
    """Bots brought in from links or files play a round robin."""
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    one = page.send(Action("lab-tournament", form=run_form(games=10)))
    assert "at least two bots" in lab(page, one).html
    assert not any(isinstance(e, LabStart) for e in one)
    page.send(LabCode(MOVES0))
    page.send(opened("last.py", "def choose(view, moves, rng):\n    return moves[-1]\n"))
    page.send(opened("broken.py", "def choose(view, moves, rng):\n    return 1 / 0\n"))
    page.send(opened("typo", "def choose(view, moves, rng)\n"))
    out = page.send(Action("lab-tournament", form=run_form(games=10)))
    assert lab(page, out).status == "The tournament is playing 60 games…"
    shown = lab(page, tournament(page, out))
    html = shown.html
    assert 'data-lab-tournament data-done="60" data-total="60"' in html
    rows = re.findall(r'data-lab-entrant="([^"]+)" data-wins="([\d.]+)"', html)
    assert {name for name, _ in rows} == {"My bot", "last", "broken", "typo"}
    wins = {name: float(w) for name, w in rows}
    # "typo" never compiled, so it loses every game; "broken" crashes at its first move,
    # so it wins only against "typo" (a bot that gives no move loses to any that plays).
    assert wins["typo"] == 0 and wins["broken"] == 10
    assert sum(wins.values()) == 60  # every game is won by someone (shared wins split)
    assert [name for name, _ in rows][-2:] == ["broken", "typo"]  # the best first
    assert 'data-lab-entrant-error="crash"' in html and 'data-lab-entrant-error="syntax"' in html
    assert "data-lab-error" not in html  # that would mark a line of the code in the editor
    assert shown.status.startswith("The tournament is over: ")


def test_a_tournament_coming_or_going_draws_the_results_only_before_or_after_the_code(
        ) -> None:
    """The table spans the Lab above the code (screens/lab.py): the results move before
    it, and back after it when a match is run, without the whole Lab drawn again (that
    mounted a new editor, which read the page's layout with the table just added)."""
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    page.send(LabCode(MOVES0))
    page.send(opened("last.py", "def choose(view, moves, rng):\n    return moves[-1]\n"))
    shown = lab(page, page.send(Action("lab-tournament", form=run_form(games=10))))
    assert not shown.whole and shown.results_first
    assert "data-lab-tournament" in shown.html and "data-lab-code" not in shown.html
    shown = lab(page, page.send(Action("lab-run", value=MOVES0, form=run_form())))
    assert not shown.whole and not shown.results_first
    assert "data-lab-tournament" not in shown.html


def test_equal_shares_share_a_place_and_the_rule_is_said() -> None:
    """Ties are shown as ties (1, =2, =2, 4), never broken by the order
    the bots were entered in, and the ranking rule is stated under the table."""
    from parlor.app.lab.contest.tournament import TableGame, pairs, standings

    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    for _ in range(3):
        page.send(Action("lab-new"))
    out = page.send(Action("lab-tournament", form=run_form(games=10)))
    assert any(isinstance(e, LabStart) for e in out)
    # One game of each pair: bot 1 beats all; 2 and 3 share their game, each beats 4.
    shares = {(0, 1): (1.0, 0.0), (0, 2): (1.0, 0.0), (0, 3): (1.0, 0.0),
              (1, 2): (0.5, 0.5), (1, 3): (1.0, 0.0), (2, 3): (1.0, 0.0)}
    reports = [{"kind": "duel", "number": 10 * i,
                "duel": TableGame((a, b), 0, shares[a, b]).to_dict()}
               for i, (a, b) in enumerate(pairs(4))]
    html = lab(page, page.send(LabReport("done", json.dumps(reports)))).html
    rows = re.findall(r'data-lab-entrant="([^"]+)" data-wins="[\d.]+" data-rank="(\d)"'
                      r'( data-tied)?><td class="rank">([^<]*)</td>', html)
    assert rows == [("My bot", "1", "", "1"), ("My bot 2", "2", " data-tied", "=2"),
                    ("My bot 3", "2", " data-tied", "=2"), ("My bot 4", "4", "", "4")]
    assert "Equal shares share a place" in html
    # The leaderboard's columns first, then a column a bot, headed by its place (its
    # name the header's title: thirty fit a projector's screen).
    head = re.findall(r'<th scope="col"[^>]*>([^<]*)</th>', html)
    assert head[:3] == ["Place", "Bot", "In all"]
    assert re.findall(r'<th scope="col" class="vs" title="([^"]+)"><abbr[^>]*>(\d)</abbr>',
                      html) == [("My bot", "1"), ("My bot 2", "2"), ("My bot 3", "3"),
                                ("My bot 4", "4")]
    assert re.search(r'<div class="lab-tour-box" tabindex="0"[^>]*><table class="lab-tour"', html)
    page.send(LabCode(MOVES0))  # a tie for first: both named, neither silently first
    reports[0]["duel"] = TableGame((0, 1), 0, (0.5, 0.5)).to_dict()
    reports[3]["duel"] = TableGame((1, 2), 0, (1.0, 0.0)).to_dict()
    page.send(Action("lab-tournament", form=run_form(games=10)))
    shown = lab(page, page.send(LabReport("done", json.dumps(reports))))
    assert shown.status == "The tournament is over: My bot and My bot 2 share first place."

    even = [TableGame((0, 1), 0, (1.0, 0.0)), TableGame((0, 1), 1, (0.0, 1.0)),
            TableGame((0, 2), 0, (0.5, 0.5)), TableGame((1, 2), 0, (0.5, 0.5))]
    assert [(s.rank, s.tied) for s in standings(3, even)] == [(1, True)] * 3


def test_a_tournament_run_again_plays_the_same_games_and_gives_the_same_table() -> None:
    """The seed comes from the Lab's key, not the clock: a class that runs its
    tournament again sees the same table, and so does another computer once the same
    class word is typed there (a bot sees neither the key nor the word)."""
    tables, seeds = [], []
    for clock, device in ((1000.0, 1), (987654.0, 2)):
        page = Driver(device=device)  # another browser: a key of its own
        page.clock = clock  # a seed drawn anew would differ
        page.send(Boot({"lab": "kabaleo"}))
        page.send(Action("lab-class-word", value=" Blue  Whale "))
        page.send(LabCode("def choose(view, moves, rng):\n    return rng.choice(moves)\n"))
        page.send(opened("first.py", MOVES0))
        page.send(opened("last.py", "def choose(view, moves, rng):\n"
                         "    return moves[-1]\n"))
        for _ in range(2):
            out = page.send(Action("lab-tournament", form=run_form(games=10)))
            seeds.append(json.loads(next(e for e in out if isinstance(e, LabStart)).request)
                         ["seed"])
            html = lab(page, tournament(page, out)).html
            table = re.search(r"<table.*</table>", html, re.S)
            assert table is not None
            tables.append(table.group(0))
    assert len(set(seeds)) == 1 and len(set(tables)) == 1
    assert 'data-done="30"' in tables[0]


def test_the_tournament_table_downloads_as_csv_and_prints() -> None:
    """The table as a CSV file (the Download the Lab's .py files use),
    places as plain numbers (a tie: one place twice, never "=2", a formula to a
    spreadsheet), names that look like formulas quoted; and a button that prints."""
    import csv

    from parlor.app.lab.contest.tournament import TableGame, pairs

    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    assert not [e for e in page.send(Action("lab-tour-csv")) if isinstance(e, Download)]
    page.send(opened("=1+1.py", MOVES0))
    page.send(Action("lab-new"))
    out = page.send(Action("lab-tournament", form=run_form(games=10)))
    assert 'data-action="lab-tour-csv"' not in lab(page, out).html  # nothing played yet
    shares = {(0, 1): (1.0, 0.0), (0, 2): (0.5, 0.5), (1, 2): (0.0, 1.0)}
    reports = [{"kind": "duel", "number": 10 * i,
                "duel": TableGame((a, b), 0, shares[a, b]).to_dict()}
               for i, (a, b) in enumerate(pairs(3))]
    html = lab(page, page.send(LabReport("done", json.dumps(reports)))).html
    assert 'data-action="lab-tour-csv"' in html and 'data-action="print"' in html
    got = [e for e in page.send(Action("lab-tour-csv")) if isinstance(e, Download)]
    assert len(got) == 1 and got[0].filename == "kabaleo-tournament.csv"
    assert got[0].mime == "text/csv" and got[0].text.startswith("\ufeff")
    rows = list(csv.reader(got[0].text[1:].splitlines()))
    # The bots are entered by name: "=1+1", "My bot", "My bot 2".
    assert rows == [["Place", "Bot", "Wins", "Games", "'=1+1", "My bot 2", "My bot"],
                    ["1", "'=1+1", "1.5", "2", "", "0.5", "1"],
                    ["1", "My bot 2", "1.5", "2", "0.5", "", "1"],
                    ["3", "My bot", "0", "2", "0", "0", ""]]


def test_a_tournament_game_stopped_by_the_watchdog_is_lost_by_its_bot() -> None:
    page = Driver()
    page.send(Boot({"lab": "ciao"}))
    page.send(Action("lab-new"))
    page.send(LabCode(LOOP))
    out = page.send(Action("lab-tournament", form=run_form(games=10)))
    start = next(e for e in out if isinstance(e, LabStart))
    reports = stuck(start.request, LOOP, 1400.0)
    entrants = [r for r in reports if r["kind"] == "entrant"]
    duels = [r for r in reports if r["kind"] == "duel"]
    html = lab(page, page.send(LabReport("batch", json.dumps(entrants + duels[3:4])))).html
    assert 'data-lab-entrant="My bot 2" data-wins="0"' in html
    assert 'data-lab-entrant="My bot" data-wins="1"' in html
    assert 'data-lab-entrant-error="over_time"' in html and "1400 ms" in html


def test_a_lesson_starts_as_a_new_bot_and_its_goal_is_judged_on_its_own_games() -> None:
    """A lesson's starter, its goal's settings, its verdict."""
    from pathlib import Path

    from parlor.app.lab.page.lessons import lessons

    lesson = lessons("kabaleo")[1]
    page = Driver()
    first = page.send(Boot({"lab": "kabaleo"}))
    assert '<details class="lab-lessons" data-keep="lab-lessons" open>' in lab(page, first).html
    html = lab(page, page.send(Action("lab-lesson", value="2"))).html
    assert '<option value="A greedy bot" selected>' in html
    assert f'<option value="{lesson.level}" selected>' in html
    solution = (Path(__file__).parent / "fixtures" / "lab" / "kabaleo-2.py").read_text()
    out = page.send(Action("lab-run", value=solution,
                           form={"level": lesson.level, "players": "2",
                                 "games": str(lesson.games), "limit": "1000"}))
    start = next(e for e in out if isinstance(e, LabStart))
    key = lab_key(page.store, page.c.entropy)  # the lesson's own games, from this browser's key
    assert json.loads(start.request)["seed"] == key.deal("lesson", "kabaleo", 2)
    html = lab(page, worker(page, out)).html
    assert 'data-lab-goal="reached"' in html and "Goal reached!" in html
    # Other settings are a match like any other, not judged against the lesson.
    out = page.send(Action("lab-run", value=solution, form=run_form(games=20)))
    assert 'data-lab-goal' not in lab(page, worker(page, out)).html


@pytest.mark.parametrize("lang", ["en", "fa", "ru", "ja"])
def test_each_tiles_lab_button_is_named_with_its_visible_words(lang: str) -> None:
    """axe's label-content-name-mismatch: a voice-control user says what they see."""
    from parlor.i18n.catalog import load

    words = load(lang)
    for game in ("kabaleo", "ciao", "saboteur"):
        assert str(words["shell.lab"]) in str(words[f"shell.{game}.lab"]), (lang, game)


def test_a_second_bots_name_is_numbered_in_the_pages_digits() -> None:
    page = Driver()
    page.c.t = type(page.c.t)("fa")  # the page's language, as the shell chose it
    page.send(Boot({"lab": "kabaleo"}))
    html = lab(page, page.send(Action("lab-new"))).html
    assert "ربات من ۲" in html and "ربات من 2" not in html
    from parlor.app.screens.lab_problems import wins_text
    assert wins_text(25.5, page.c.t) == "۲۵٫۵" and wins_text(3.0, page.c.t) == "۳"


def test_a_bot_name_cannot_break_the_csv_into_other_columns_or_rows() -> None:
    """Bot names come from classmates' files and links: a comma, a quote or a line break
    in one stays inside its own cell (RFC 4180 quoting), and one that starts like a
    formula is kept as text, so a spreadsheet shows the table as the page does."""
    import csv

    from parlor.app.lab.contest.tournament import TableGame
    from parlor.app.lab.page.state import LabTour
    from parlor.app.screens.lab_tournament import tournament_csv
    from parlor.i18n.catalog import Translator

    names = ('a,b "c"\r\nd', "-2+3")
    tour = LabTour(names, 2, 1, 1000, duels={0: TableGame((0, 1), 0, (2.0, 0.0))})
    text = tournament_csv(tour, Translator())
    rows = list(csv.reader(text[1:].splitlines(keepends=True)))
    assert [len(r) for r in rows] == [6, 6, 6]
    assert rows[0][4:] == ['a,b "c"\r\nd', "'-2+3"]
    assert [r[1] for r in rows[1:]] == ['a,b "c"\r\nd', "'-2+3"]


def test_a_scores_key_names_the_options_only_when_there_are_any() -> None:
    """A score kept before the Lab's options counted (Kabaleo, Saboteur: none) keeps
    its key, so "+6 wins since last time" still finds it; Ciao!'s one round is named,
    so a five-round score is never compared with a one-round one."""
    from parlor.app.lab.page.state import Settings, match_key
    s = Settings("random", 2, 10, 1000)
    assert match_key(s, 5) == match_key(s, 5, {}) == "random/2/10/1000/5"
    assert match_key(s, 5, {"rounds": 1}) == "random/2/10/1000/5/rounds=1"
