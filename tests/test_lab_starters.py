"""The starters' comments read in the page's language, their code stays Python.

Every comment of a lesson's starter and of a new bot's is a catalog key (a comment
written in English, as lessons were before, fails here naming its line); each
language's starter compiles and plays, its comments in that language; words from a
catalog cannot leave their comment, whatever line breaks they hold; and the Lab puts
the starter in the editor in the page's language."""

from __future__ import annotations

import io
import re
import tokenize

import pytest

from controller_driver import Driver
from parlor.app.events import Action, Boot, ShowLab
from parlor.app.lab.here import lab_match
from parlor.app.lab.keep import OLD_STARTER, STARTER, starter, untouched_starters
from parlor.app.lab.lessons import Lesson, games_with_lessons, lessons
from parlor.app.lab.starters import in_language, keys, unkeyed
from parlor.app.lab.student import StudentBot, compile_bot
from parlor.app.lab.toolbox import Toolbox
from parlor.games import GAMES
from parlor.i18n.catalog import Translator, load
from parlor.i18n.languages import LANGUAGES

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

CODES = [lang.code for lang in LANGUAGES]
ALL = [lesson for game_id in games_with_lessons() for lesson in lessons(game_id)]
#: Letters each language's comments must hold (the words really are translated).
SCRIPT = {"en": re.compile(r"[A-Za-z]"), "fa": re.compile(r"[\u0600-\u06ff]"),
          "ru": re.compile(r"[\u0400-\u04ff]"), "ja": re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")}


def _id(lesson: Lesson) -> str:
    return f"{lesson.game}-{lesson.number}"


def _code_tokens(source: str) -> list[tuple[int, str]]:
    """What Python runs: every token but comments and line breaks."""
    skip = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE}
    return [(t.type, t.string) for t in tokenize.generate_tokens(io.StringIO(source).readline)
            if t.type not in skip]


def _comments(source: str) -> list[str]:
    return [t.string for t in tokenize.generate_tokens(io.StringIO(source).readline)
            if t.type == tokenize.COMMENT]


def test_every_starter_comment_goes_through_the_catalog() -> None:
    """A lesson added in the old format (English comments) is named here, line by line,
    so whoever adds it knows which lines still need keys."""
    need = [f"{_id(lesson)} line {line}: {text}"
            for lesson in ALL for line, text in unkeyed(lesson.starter)]
    need += [f"new bot line {line}: {text}" for line, text in unkeyed(STARTER)]
    assert need == [], "these starter comments need a catalog key:\n" + "\n".join(need)
    assert all(keys(lesson.starter) for lesson in ALL) and keys(STARTER) == ("lab.starter.new",)


def test_an_old_format_starter_still_loads_and_its_english_lines_are_named() -> None:
    old = ('# Lesson 4: beat medium.\n\n\ndef choose(view, moves, rng):\n'
           '    s = "# not a comment"  # {lab.starter.new}\n'
           '    return moves[0]  # the first move\n')
    assert unkeyed(old) == [(1, "# Lesson 4: beat medium."), (6, "# the first move")]
    assert keys(old) == ("lab.starter.new",)
    lesson = Lesson("ciao", 4, "medium", 10, 0.5, old, 2)
    english = lesson.starter_in(Translator("en"))
    assert "# Lesson 4: beat medium." in english and '"# not a comment"' in english
    assert _code_tokens(english) == _code_tokens(old)


def test_starter_words_are_in_every_catalog_and_none_are_left_over() -> None:
    used = {key for lesson in ALL for key in lesson.starter_keys()} | set(keys(STARTER))
    for code in CODES:
        assert sorted(used - set(load(code))) == [], code
    ours = {key for key in load("en") if key.startswith("lab.starter.")}
    assert sorted(ours - used) == []


@pytest.mark.parametrize("code", CODES)
def test_each_language_gets_the_same_code_with_its_own_comments(code: str) -> None:
    t = Translator(code)
    for lesson in [*ALL, None]:
        raw = STARTER if lesson is None else lesson.starter
        said = starter(t) if lesson is None else lesson.starter_in(t)
        assert _code_tokens(said) == _code_tokens(raw)
        assert _comments(said) and "{lab." not in said
        for key in keys(raw):  # each comment's words are in the language, not English
            assert SCRIPT[code].search(t(key)), (code, key)
            assert code == "en" or t(key) != Translator()(key), (code, key)
    assert t.missing == set()


def test_the_english_starter_is_the_one_the_lessons_were_measured_with() -> None:
    """The lessons' measured numbers hold for the English starter; a translation only
    changes comments, so they hold in every language."""
    t = Translator("en")
    assert all("Your turn" in lesson.starter_in(t) for lesson in ALL)
    assert "Return one of moves: the move your bot plays." in starter(t)


def _bot(lesson: Lesson, source: str) -> StudentBot:
    bot = compile_bot(source, {"game": Toolbox.of(lesson.game)})
    assert isinstance(bot, StudentBot), bot
    return bot


@pytest.mark.parametrize("code", ["fa", "ru", "ja"])
@pytest.mark.parametrize("lesson", ALL, ids=_id)
def test_a_translated_starter_compiles_and_plays(lesson: Lesson, code: str) -> None:
    source = lesson.starter_in(Translator(code))
    played = lab_match(GAMES[lesson.game], _bot(lesson, source), lesson.level, lesson.players,
                       1, 1, clock=lambda: 0.0, options=lesson.options)
    assert [g.stopped for g in played] == [None] and played[0].turns


@pytest.mark.parametrize("words", [
    "one\nimport os", "one\rraise SystemExit", "one\u2028x = 1", "one\x0cx = 1",
    "one\x85x = 1", "a NUL\x00 inside", "\n\n", "", "#{lab.starter.new}\n    return 1"])
def test_words_from_a_catalog_cannot_leave_their_comment(words: str) -> None:
    """Whatever a catalog holds (a careless edit or a crafted one), the code that runs
    is the starter's: each line of the words is a comment line of its own."""
    for lesson in ALL:
        said = in_language(lesson.starter, lambda key, w=words: w)
        compile(said, "<starter>", "exec")
        assert _code_tokens(said) == _code_tokens(lesson.starter), words
        assert "\x00" not in said and "\u2028" not in said


def test_a_new_bot_is_written_in_the_page_language_and_still_counts_as_new() -> None:
    assert OLD_STARTER in untouched_starters()  # a bot stored by an older Lab
    assert all(starter(Translator(code)) in untouched_starters() for code in CODES)
    assert "return moves[0]" not in untouched_starters()


def _editor(out: list[object]) -> str:
    shows = [e for e in out if isinstance(e, ShowLab)]
    area = re.search(r"<textarea[^>]*data-lab-code[^>]*>(.*?)</textarea>", shows[-1].html, re.S)
    assert area is not None
    return area.group(1)


def test_the_lab_puts_starters_in_the_editor_in_the_page_language() -> None:
    page = Driver()
    page.c.t = Translator("fa")  # the page's language, as the shell chose it
    out = page.send(Boot({"lab": "kabaleo"}))
    first = _editor(out)
    assert "def choose(view, moves, rng):" in first and SCRIPT["fa"].search(first)
    html = [e for e in out if isinstance(e, ShowLab)][-1].html
    assert 'class="lab-lessons" data-keep="lab-lessons" open' in html  # still a newcomer
    code = _editor(page.send(Action("lab-lesson", value="1")))
    assert "# درس ۱" in code and "{lab." not in code
    assert "return view.piles[int(move[1:]) - 1][-1]" in code
    fresh = _editor(page.send(Action("lab-new")))
    assert "# یکی از `moves` را برگردانید" in fresh
