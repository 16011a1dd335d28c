"""Every Lab game ends: a game still going at the Lab's move limit
(``app/lab/contest/limits.py``) is ended there by the referee's own code, scored as it stands
(each rules page's "cut short", ``Game.outcome_now``), and the page says so: the
match's game list and its note, the status line, the review, a tournament's note and
its marked games.

The bots here are the ones a class met: a Ciao! bot that always plays ``moves[-1]``
(draw, then keep: once every card is in the hands, each draw is skipped and the turn
goes round for ever), ``moves[len(moves) // 2]`` and ``moves[0]``, as outside seats
through the referee (``run_here``, the worker's loop with in-process sandboxes). The limit is
lowered here so the suite stays fast: what is checked is that a game at the limit
ends there whatever its bots do; tests/test_lab_limits.py (slow) plays the real one.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest

from controller_driver import Driver
from parlor.app.events import Action, Boot, LabCode, LabReport, LabStart, ShowGame, ShowLab
from parlor.app.lab.contest import limits
from parlor.app.lab.contest.matches import LabGame
from parlor.app.lab.contest.tournament import TableGame
from parlor.app.lab.referee.here import HERE_KEY, run_here
from parlor.core.match import Match, match_from_dict, replay
from parlor.games import GAMES

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

CIAO = GAMES["ciao"]
#: Simple policies; the first two play some Ciao! games for ever.
POLICIES = {"last": "moves[-1]", "middle": "moves[len(moves) // 2]", "first": "moves[0]"}
#: The limit in these tests (a Ciao! round of honest play: hundreds of moves).
LIMIT = 150


def source(policy: str) -> str:
    return f"def choose(view, moves, rng):\n    return {POLICIES[policy]}\n"


@pytest.fixture(autouse=True)
def low_limit(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(limits, "LIMITS", {
        game: dict.fromkeys(sizes, LIMIT) for game, sizes in limits.LIMITS.items()})
    yield


def reports(request: dict[str, object]) -> list[dict[str, object]]:
    texts: list[str] = []
    run_here(json.dumps({"limit_ms": 1000, "key": HERE_KEY.hex, **request}), texts.append,
             clock=lambda: 0.0)
    out = [json.loads(t) for t in texts]
    assert out[-1]["kind"] == "done"
    return out


def scored_as_it_stands(game: str, players: int, seed: int, moves: tuple[str, ...],
                        seats: tuple[int, ...]) -> tuple[float, ...]:
    """Each seat's share of a game ended after ``moves``, by the rules' own scoring of
    the position (``outcome_now``), computed here from the moves alone."""
    rules = GAMES[game]
    match = Match(game, ("human",) * players, seed,
                  rules.options_for(players, {"rounds": 1} if game == "ciao" else {}), moves)
    state = replay(match, rules)
    assert rules.to_act(state) is not None, "cut, yet over by the rules"
    out = rules.outcome_now(state)
    return tuple(1 / len(out.winners) if s in out.winners else 0.0 for s in seats)


@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_every_game_of_a_match_ends_at_the_limit_at_the_latest(policy: str,
                                                               players: int) -> None:
    """ciao.md, "A round cut short": "a game that passes a move limit is scored as the
    round stands". Against easy, ``moves[-1]`` and the middle move play 2-player games
    for ever: those end at the limit, scored so; the others end by the rules."""
    out = reports({"source": source(policy), "game": "ciao", "level": "easy",
                   "players": players, "games": 4, "seed": 5, "options": {"rounds": 1}})
    games = [LabGame.from_dict(r["game"]) for r in out if r["kind"] == "game"]  # type: ignore[arg-type]
    assert len(games) == 4 and all(g.stopped is None for g in games)
    for g in games:
        assert len(g.moves) <= LIMIT
        assert g.cut == (len(g.moves) == LIMIT)
        if g.cut:
            shares = scored_as_it_stands("ciao", players, g.seed, g.moves, (g.seat,))
            assert g.share == shares[0]
    if players == 2 and policy != "first":
        assert any(g.cut for g in games), "the endless games were not met"


@pytest.mark.parametrize("seats", [2, pytest.param(6, marks=pytest.mark.cpython_only)])
def test_a_tournament_of_bots_that_never_finish_a_round_finishes(seats: int) -> None:
    """ciao.md, "A round cut short", in a tournament: Ciao! bots that always draw and
    keep, or take the middle move, at every seat; every game ends at the limit, scored
    as the round stands, and the tournament says ``done``."""
    n = max(3, seats)
    sources = [source("last" if i % 2 else "middle") for i in range(n)]
    out = reports({"kind": "tournament", "game": "ciao", "sources": sources,
                   "games": 2 if seats == 2 else 1, "seats": seats, "seed": 9,
                   "options": {"rounds": 1}})
    played = [TableGame.from_dict(r["duel"]) for r in out if r["kind"] == "duel"]  # type: ignore[arg-type]
    assert played and all(g.failed is None for g in played)
    assert any(g.cut for g in played)
    for g in played:
        if g.cut:
            assert len(g.move_list) == LIMIT
            assert g.shares == scored_as_it_stands("ciao", seats, g.seed, g.move_list,
                                                   tuple(range(seats)))


@pytest.mark.parametrize(("asked", "cut_at"), [(40, 40), (10**9, LIMIT), ("40", LIMIT),
                                               (True, LIMIT), (0, LIMIT)])
def test_a_request_may_lower_the_limit_never_raise_it(asked: object, cut_at: int) -> None:
    """A match's request may ask for a lower move limit (``"moves"``: the browser test's
    short games); a higher one, or one that is no count of moves, leaves the Lab's."""
    out = reports({"source": source("last"), "game": "ciao", "level": "easy", "players": 2,
                   "games": 1, "seed": 5, "options": {"rounds": 1}, "moves": asked})
    games = [LabGame.from_dict(r["game"]) for r in out if r["kind"] == "game"]  # type: ignore[arg-type]
    assert [(g.cut, len(g.moves)) for g in games] == [(True, cut_at)]


def test_kept_games_from_before_the_limit_still_read() -> None:
    """A match's game and a tournament's, as the page kept them before: not cut."""
    old = LabGame(0, 7, 1.0, ()).to_dict()
    del old["cut"]
    assert LabGame.from_dict(old).cut is False
    duel = TableGame((0, 1), 0, (1.0, 0.0), seed=3).to_dict()
    del duel["cut"]
    assert TableGame.from_dict(duel).cut is False
    assert LabGame.from_dict(LabGame(0, 7, 0.5, (), cut=True).to_dict()).cut is True


def test_a_match_record_keeps_that_it_was_ended_and_old_records_read() -> None:
    match = Match("ciao", ("human", "bot:easy"), 4, CIAO.options_for(2, {}), ("draw",),
                  cut=True)
    assert match_from_dict(json.loads(match.to_json()), GAMES).cut is True
    assert "cut" not in Match("ciao", ("human", "bot:easy"), 4, {}).to_dict()
    data = match.to_dict()
    data["cut"] = "yes"
    with pytest.raises(Exception, match="neither yes nor no"):
        match_from_dict(data, GAMES)


def lab(out: list[object]) -> ShowLab:
    return [e for e in out if isinstance(e, ShowLab)][-1]


def worked(page: Driver, out: list[object]) -> list[object]:
    start = next(e for e in out if isinstance(e, LabStart))
    texts: list[str] = []
    run_here(start.request, texts.append, clock=lambda: 0.0)
    kept = [r for r in map(json.loads, texts) if r["kind"] != "done"]
    return page.send(LabReport("batch", json.dumps(kept))) + page.send(LabReport("done", "[]"))


def test_the_page_says_which_games_were_ended_and_why() -> None:
    """The game list ("lost, ended after 300 moves"), the note under it and the status
    line say the limit and the rule; the review of such a game says it too and shows
    its result."""
    page = Driver()
    page.send(Boot({"lab": "ciao"}))
    form = {"level": "easy", "players": "2", "games": "10", "limit": "1000"}
    shown = lab(worked(page, page.send(Action("lab-run", value=source("last"), form=form))))
    run = page.c.lab.run
    assert run is not None and not run.running
    cut = [n for n, g in run.played.items() if g.cut]
    assert cut, "no game reached the limit"
    rule = "the round in progress was scored as it stood (every card left in a hand counts)"
    note = re.search(r'<p class="lab-cut-note help" data-lab-cut="(\d+)">([^<]*)</p>', shown.html)
    assert note is not None and int(note.group(1)) == len(cut)
    games = "game passed" if len(cut) == 1 else "games passed"
    assert note.group(2) == (f"{len(cut)} {games} {LIMIT} moves and "
                             f"{'was' if len(cut) == 1 else 'were'} ended there: {rule}.")
    assert note.group(2) in shown.status
    row = re.search(rf'<tr data-lab-game="{cut[0]}">(.*?)</tr>', shown.html)
    assert row is not None and f"ended after {LIMIT} moves" in row.group(1)
    review = [e.screen for e in page.send(Action("lab-review", value=str(cut[0])))
              if isinstance(e, ShowGame)][-1]
    assert f"This game was ended after {LIMIT} moves, before its end: {rule}." in review.html
    assert 'class="end"' in review.html  # the result, as the rules score it there


def test_a_lesson_with_a_bot_that_never_ends_its_round_ends_and_gets_its_verdict() -> None:
    """ciao.md, "A round cut short", in a lesson: lesson 2 (against easy) run by a bot
    that always draws and keeps ends every game, scored as the round stands; the
    lesson's verdict and the note saying why are shown."""
    from parlor.app.lab.page.lessons import lessons

    lesson = lessons("ciao")[1]
    page = Driver()
    page.send(Boot({"lab": "ciao"}))
    page.send(Action("lab-lesson", value=str(lesson.number)))
    form = {"level": lesson.level, "players": str(lesson.players),
            "games": str(lesson.games), "limit": "1000"}
    shown = lab(worked(page, page.send(Action("lab-run", value=source("last"), form=form))))
    run = page.c.lab.run
    assert run is not None and not run.running and len(run.played) == lesson.games
    cut = sum(g.cut for g in run.played.values())
    assert cut, "no game of the lesson reached the limit"
    assert f'data-lab-cut="{cut}"' in shown.html and "data-lab-goal=" in shown.html


@pytest.mark.cpython_only  # the same referee as above, drawn: nothing Python-version-bound
def test_a_tournament_marks_its_games_ended_at_the_limit_and_says_why() -> None:
    page = Driver()
    page.send(Boot({"lab": "ciao"}))
    page.send(LabCode(source("first")))
    for policy in ("last", "middle"):
        page.send(Action("lab-new"))
        page.send(LabCode(source(policy)))
    form = {"level": "easy", "players": "2", "games": "10", "limit": "1000", "seats": "2"}
    out = worked(page, page.send(Action("lab-tournament", form=form)))
    html = lab(out).html
    tour = page.c.lab.tour
    assert tour is not None and not tour.running
    cut = sum(d.cut for d in tour.duels.values())
    assert cut and f'data-lab-cut="{cut}"' in html and f"passed {LIMIT} moves" in html
    entrant = next(e for d in tour.duels.values() if d.cut for e in d.seats)
    listed = lab(page.send(Action("lab-tour-bot", value=str(entrant)))).html
    assert "lab-tour-game" in listed and " cut" in listed and "✂" in listed
    assert f"ended after {LIMIT} moves" in listed
    # The grid: each pair's cell counts its games ended at the limit, marked, both ways.
    per_pair: dict[str, int] = {}
    for d in tour.duels.values():
        a, b = d.seats
        for pair in (f"{a},{b}", f"{b},{a}"):
            per_pair[pair] = per_pair.get(pair, 0) + d.cut
    cells = {re.search(r'data-lab-pair="([^"]*)"', tag).group(1):  # type: ignore[union-attr]
             int(re.search(r'data-lab-cut="(\d+)"', tag).group(1)) if "data-lab-cut" in tag
             else 0  # type: ignore[union-attr]
             for tag in re.findall(r"<td [^>]*data-lab-pair=[^>]*>", html)}
    assert cells == per_pair
    pair = next(p for p, n in per_pair.items() if n)
    cell = re.search(rf'<td [^>]*data-lab-pair="{pair}"[^>]*>([^<]*)</td>', html)
    assert cell is not None and cell.group(1).endswith("✂")
    games = "games was" if per_pair[pair] == 1 else "games were"
    assert f"{per_pair[pair]} of these {games} ended at the move limit" in cell.group(0)
    shown = lab(page.send(Action("lab-tour-pair", value=pair))).html
    listed = shown[shown.index('id="lab-tour-games"'):]
    assert listed.count("lab-tour-game won cut") + listed.count("lab-tour-game lost cut") \
        + listed.count("lab-tour-game shared cut") == per_pair[pair]  # its cut games, marked
