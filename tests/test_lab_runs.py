"""Comparable runs in the Bot Lab: Run plays the same games
every time, so an unchanged bot scores the same and a changed one is compared with its
last score on those games (kept with the bot in local storage); "Run on new games"
deals fresh ones and compares them with nothing; the score is said in words a child
reads, its interval folded behind "How sure?"; a bot that did not compile shows only
its error. Bots kept before scores were still read.

The worker is played by ``run_here``, as in test_lab_part.py."""

from __future__ import annotations

import json
import re

import pytest

from controller_driver import Driver
from parlor.app.events import Action, Boot, LabCode, LabStart
from parlor.app.lab.dice import lab_key
from parlor.app.lab.keep import PREFIX, STARTER, Shelf
from parlor.app.lab.matches import LabGame
from parlor.app.lab.state import LabRun, Settings
from parlor.app.screens.lab_score import score_html, score_words
from parlor.i18n.catalog import Translator
from test_lab_part import MOVES0, lab, run_form, worker

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

LAST = "def choose(view, moves, rng):\n    return moves[-1]\n"


def play(page: Driver, code: str, action: str = "lab-run",
         games: int = 10) -> tuple[int, str, str]:
    """Run ``code`` (Run, or Run on new games) and play the match out: its seed, the
    results' HTML and the status line."""
    out = page.send(Action(action, value=code, form=run_form(games=games)))
    start = next(e for e in out if isinstance(e, LabStart))
    shown = lab(page, worker(page, out))
    return json.loads(start.request)["seed"], shown.html, shown.status


def wins(html: str) -> float:
    found = re.search(r'data-lab-score data-wins="([\d.]+)"', html)
    assert found is not None, html
    return float(found.group(1))


def delta(html: str) -> str | None:
    found = re.search(r'data-lab-delta="([^"]+)"', html)
    return None if found is None else found.group(1)


def stored(page: Driver, game: str = "kabaleo") -> dict[str, object]:
    return json.loads(page.store.get(PREFIX + game) or "")  # type: ignore[no-any-return]


def test_run_plays_the_same_games_twice_and_says_the_score_is_the_same() -> None:
    """A bot that draws on its rng still scores the same: the deals, the level's moves
    and the bot's own generator all come from the match's fixed seed."""
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    seed1, first, _ = play(page, STARTER)
    assert "Run plays these same games every time" in first and delta(first) is None
    page.clock += 60_000  # another moment: the page's seed would differ, Run's does not
    seed2, second, status = play(page, STARTER)
    assert seed1 == seed2 and wins(first) == wins(second)
    assert delta(second) == "+0" and "The same as last time on these same games." in second
    assert status.endswith("The same as last time on these same games.")
    assert page.c.lab.run is not None
    assert [g.seed for g in page.c.lab.run.games] == list(range(seed1, seed1 + 10))


def test_a_changed_bot_is_compared_with_its_last_score_on_the_same_games() -> None:
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    page.send(LabCode(STARTER))
    _, before, _ = play(page, STARTER, games=20)
    _, after, _ = play(page, MOVES0, games=20)
    diff = wins(after) - wins(before)
    assert delta(after) == format(diff, "+g")
    if diff:
        word = "more" if diff > 0 else "fewer"
        assert f"{format(abs(diff), 'g')} {word} win" in after
    # Kept with the bot, under its games: the last score only.
    scores = stored(page)["scores"]
    assert isinstance(scores, dict) and list(scores) == ["My bot"]
    assert list(scores["My bot"].values()) == [wins(after)]
    # Another settings' games are other games: nothing to compare with yet.
    _, ten, _ = play(page, MOVES0, games=10)
    assert delta(ten) is None and "Run plays these same games every time" in ten
    # Another bot has a history of its own.
    page.send(Action("lab-new"))
    _, other, _ = play(page, MOVES0, games=20)
    assert delta(other) is None


def test_run_on_new_games_deals_new_ones_and_compares_with_nothing() -> None:
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    fixed, _, _ = play(page, MOVES0)
    kept = stored(page)["scores"]
    new1, html, status = play(page, MOVES0, "lab-run-new")
    assert new1 != fixed and delta(html) is None
    assert "These were new games, so there is nothing to compare with." in html
    assert "nothing to compare with" in status
    assert stored(page)["scores"] == kept  # a fresh set is never kept to compare with
    page.clock += 60_000
    new2, _, _ = play(page, MOVES0, "lab-run-new")
    assert new2 not in (new1, fixed)
    again, html, _ = play(page, MOVES0)  # Run: the usual games, compared with their last
    assert again == fixed and delta(html) == "+0"
    assert 'data-action="lab-run-new"' in html


def test_a_lesson_keeps_its_own_seeded_games() -> None:
    from parlor.app.lab.lessons import lessons

    lesson = lessons("kabaleo")[0]
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    page.send(Action("lab-lesson", value=str(lesson.number)))
    for action in ("lab-run", "lab-run-new"):
        out = page.send(Action(action, value=lesson.starter,
                               form={"level": lesson.level, "players": str(lesson.players),
                                     "games": str(lesson.games), "limit": "1000"}))
        start = next(e for e in out if isinstance(e, LabStart))
        key = lab_key(page.store, page.c.entropy)  # the lesson's games, this browser's
        assert json.loads(start.request)["seed"] == key.deal("lesson", "kabaleo", lesson.number)


def games(won: int, shared: list[float], lost: int) -> list[LabGame]:
    shares = [1.0] * won + shared + [0.0] * lost
    return [LabGame(i % 2, i, s, ()) for i, s in enumerate(shares)]


def test_the_score_is_said_in_words_a_child_reads() -> None:
    t = Translator("en")
    assert score_words(games(18, [0.5], 31), t) == (
        "Your bot won 18 of 50 games. 1 shared win counts as half a win.")
    assert score_words(games(1, [], 0), t) == "Your bot won 1 of 1 game."
    assert score_words(games(3, [0.5, 0.5, 1 / 3], 6), t) == (
        "Your bot won 3 of 12 games. 2 shared wins count as half a win each. "
        "1 shared win counts as a third of a win.")
    run = LabRun(Settings("random", 2, 50), 1, STARTER, running=False)
    run.played = dict(enumerate(games(18, [0.5], 31)))
    html = score_html(run, run.games, t)
    assert 'data-lab-score data-wins="18.5" data-games="50"' in html
    sure = re.search(r'<details class="lab-sure"[^>]*><summary>How sure\?</summary>'
                     r"<p>(.*?)</p></details>", html)
    assert sure is not None and "37%" in sure.group(1) and "95% sure" in sure.group(1)
    assert "95%" not in html.split("<details")[0]  # the interval only behind the fold
    said = {}
    for last in (17.5, 20.0, 18.5, 10.5):
        run.match, run.last = "m", last
        said[last] = re.search(r'data-lab-delta="([^"]+)">([^<]*)<', score_html(run, run.games, t))
    assert [(m.group(1), m.group(2)) for m in said.values() if m is not None] == [
        ("+1", "1 more win than last time on these same games."),
        ("-1.5", "1.5 fewer wins than last time on these same games."),
        ("+0", "The same as last time on these same games."),
        ("+8", "8 more wins than last time on these same games.")]


@pytest.mark.parametrize("lang", ["fa", "ru", "ja"])
def test_the_score_words_are_in_every_language(lang: str) -> None:
    t = Translator(lang)
    for played in (games(18, [0.5], 31), games(1, [1 / 3, 0.25, 0.2, 1 / 6], 2),
                   games(2, [0.5] * 5, 0)):
        run = LabRun(Settings("random", 2, len(played)), 1, STARTER, running=False,
                     match="m", last=1.5)
        run.played = dict(enumerate(played))
        assert "Your bot" not in score_html(run, run.games, t)
    assert not t.missing


def test_a_bot_that_does_not_compile_shows_only_its_error() -> None:
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    _, html, status = play(page, "def choose(view, moves, rng)\n    return moves[0]\n")
    assert 'data-lab-error="syntax"' in html
    assert "Done" not in html and "data-lab-progress" not in html
    assert "data-lab-score" not in html and "Done" not in status
    assert "scores" not in stored(page) or stored(page)["scores"] == {}


OLD = {"current": "greedy", "bots": {"greedy": LAST, "My bot": STARTER}}


def test_bots_kept_before_scores_were_still_read_and_keep_their_code() -> None:
    """The format before comparable runs had no ``scores``: its bots read as they were, and
    the first Run adds a score beside them."""
    page = Driver()
    page.store.set(PREFIX + "kabaleo", json.dumps(OLD, sort_keys=True))
    shown = lab(page, page.send(Boot({"lab": "kabaleo"})))
    assert "return moves[-1]" in shown.html and "could not be read" not in shown.html
    _, html, _ = play(page, LAST)
    assert delta(html) is None  # no score yet to compare with
    now = stored(page)
    assert now["bots"] == OLD["bots"] and now["current"] == "greedy"
    assert list(now["scores"]) == ["greedy"]  # type: ignore[call-overload]


@pytest.mark.parametrize("scores", ["not a table", {"greedy": [1]}, {"greedy": {"k": "x"}},
                                    {"greedy": {"k": float("nan")}}, {"gone": {"k": 2}}])
def test_scores_that_cannot_be_read_are_dropped_never_the_bots(scores: object) -> None:
    page = Driver()
    page.store.set(PREFIX + "kabaleo", json.dumps({**OLD, "scores": scores}))
    shelf = Shelf.read(page.store, "kabaleo", "My bot")
    assert shelf.bots == OLD["bots"] and shelf.unreadable is None
    assert shelf.scores == {}
    assert Shelf.read(page.store, "kabaleo", "My bot").scored("greedy", "k", 3).scores == {
        "greedy": {"k": 3}}


def test_a_score_with_thirds_reads_back_exactly_so_the_same_is_the_same() -> None:
    """A win shared by three counts 1/3: the score is kept to the last bit, or the next
    Run would call an unchanged bot "0.0 more wins"."""
    page = Driver()
    shelf = Shelf("ciao", {"b": STARTER}, "b").scored("b", "k", 10 + 2 / 3)
    assert shelf.write(page.store)
    again = Shelf.read(page.store, "ciao", "My bot")
    assert again.last_score("b", "k") == 10 + 2 / 3 and again.last_score("b", "x") is None
