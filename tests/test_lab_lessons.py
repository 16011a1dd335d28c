"""The Bot Lab's lessons: three per game, each a starter that runs as
it is, a goal checked by a match, hints and a title in every language.

The fast tests check that every starter and every reference solution
(``tests/fixtures/lab/<game>-<n>.py``) compiles with the game's toolbox and plays whole
games. The slow test (run by the benchmark, ``-m slow``) proves each goal is fair: the
reference solution reaches it over a hundred seeded games, the lower end of its 95%
interval above the target, and the starter as it is does not.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from parlor.app.lab.here import lab_match
from parlor.app.lab.lessons import Lesson, games_with_lessons, lessons
from parlor.app.lab.matches import Score
from parlor.app.lab.student import StudentBot, compile_bot
from parlor.app.lab.toolbox import Toolbox
from parlor.bots import LEVELS
from parlor.games import GAMES
from parlor.i18n.catalog import Translator, load
from parlor.i18n.languages import LANGUAGES

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

SOLUTIONS = Path(__file__).parent / "fixtures" / "lab"
ALL = [lesson for game_id in sorted(GAMES) for lesson in lessons(game_id)]


def _id(lesson: Lesson) -> str:
    return f"{lesson.game}-{lesson.number}"


def _bot(lesson: Lesson, source: str) -> StudentBot:
    bot = compile_bot(source, {"game": Toolbox.of(lesson.game)})
    assert isinstance(bot, StudentBot), bot
    return bot


def _solution(lesson: Lesson) -> str:
    return (SOLUTIONS / f"{_id(lesson)}.py").read_text(encoding="utf-8")


def test_every_game_has_three_lessons_with_fair_goals() -> None:
    assert sorted(games_with_lessons()) == sorted(GAMES)
    for game_id in GAMES:
        found = lessons(game_id)
        assert [lesson.number for lesson in found] == [1, 2, 3]
        for lesson in found:
            assert lesson.level in LEVELS[game_id], lesson
            assert 0 < lesson.target < 1 and lesson.games >= 6, lesson
            assert 1 <= lesson.wins <= lesson.games
            assert 2 <= lesson.hints <= 3
            GAMES[game_id].options_for(lesson.players, lesson.options)  # valid options
    assert lessons("no such game") == ()


def test_starters_are_short_english_and_leave_a_part_to_write() -> None:
    for lesson in ALL:
        lines = lesson.starter.splitlines()
        assert len(lines) <= 40 and all(len(line) <= 79 for line in lines), _id(lesson)
        assert lesson.starter.isascii(), _id(lesson)
        assert "Your turn" in lesson.starter, _id(lesson)
        assert lesson.starter != _solution(lesson)


def test_the_goal_is_met_by_enough_wins() -> None:
    lesson = lessons("ciao")[0]
    need = lesson.wins
    assert lesson.reached(Score(lesson.games, float(need), need / lesson.games, 0.1))
    assert not lesson.reached(Score(lesson.games, need - 0.5, 0.0, 0.1))
    assert not lesson.reached(Score(lesson.games - 1, float(need), 1.0, 0.1))


@pytest.mark.parametrize("code", [lang.code for lang in LANGUAGES])
def test_every_lesson_reads_in_every_language(code: str) -> None:
    t = Translator(code)
    for lesson in ALL:
        for key in lesson.keys():
            assert t.say(lesson.goal()) if key == "lab.lesson.goal" else t(key)
        goal = t.say(lesson.goal())
        assert t.number(lesson.wins) in goal and t.number(lesson.games) in goal
    assert t.missing == set()


def test_no_words_for_a_lesson_that_is_gone() -> None:
    used = {key for lesson in ALL for key in lesson.keys()}
    ours = {key for key in load("en") if key.startswith("lab.lesson.")}
    assert ours == used


@pytest.mark.parametrize("lesson", ALL, ids=_id)
@pytest.mark.parametrize("which", ["starter", "solution"])
def test_starter_and_solution_compile_and_play_two_games(lesson: Lesson, which: str) -> None:
    source = lesson.starter if which == "starter" else _solution(lesson)
    played = lab_match(GAMES[lesson.game], _bot(lesson, source), lesson.level, lesson.players,
                       2, lesson.seed, clock=lambda: 0.0, options=lesson.options)
    assert [g.stopped for g in played] == [None, None]
    assert all(g.turns for g in played)


#: Games per lesson in the slow proof, and its first seed (not the lessons' own).
PROOF_GAMES = 100
PROOF_SEED = 7000


@pytest.mark.slow
@pytest.mark.parametrize("lesson", ALL, ids=_id)
def test_the_solution_reaches_the_goal_and_the_starter_does_not(lesson: Lesson) -> None:
    game = GAMES[lesson.game]

    def measure(source: str) -> tuple[Score, float]:
        played = lab_match(game, _bot(lesson, source), lesson.level, lesson.players,
                           PROOF_GAMES, PROOF_SEED, clock=lambda: time.perf_counter() * 1000,
                           limit_ms=400.0, options=lesson.options)
        assert [g.stopped for g in played if g.stopped] == []
        return Score.of(played), max(t.ms for g in played for t in g.turns)

    solved, slowest = measure(_solution(lesson))
    start, _ = measure(lesson.starter)
    print(f"\n{_id(lesson)} vs {lesson.level}, target {lesson.target:.2f}: solution "
          f"{solved.share:.2f} ± {solved.half_interval:.2f} (slowest move {slowest:.0f} ms), "
          f"starter {start.share:.2f} ± {start.half_interval:.2f}")
    assert solved.share - solved.half_interval > lesson.target
    assert start.share < lesson.target
