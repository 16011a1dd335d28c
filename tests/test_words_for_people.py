"""No id, move code or bare coordinate in anything a player reads, in any language.

Every screen a game has (play along a seeded game to its end screen, the watch mode with
every secret revealed and a bot's beliefs, the review from every seat, the guide) is
drawn in en, fa, ru and ja, and the text a reader meets (text nodes, aria-labels,
titles) is searched for notation with the one list of patterns, ``render.readable``.
Notation belongs to saves, links and the page contract (``data-*``), which are not read.
Every clickable element (``data-move``, ``data-pick``, ``data-action``) must also have
a name in words for assistive technology.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from parlor.app.screens.game import game_screen
from parlor.app.screens.readable import PATTERNS, notation_in, visible_texts
from parlor.i18n.catalog import Translator
from screens import classroom_screens, played

LANGS = ("en", "fa", "ru", "ja")
PLAYED = [
    ("kabaleo", "human,bot:random,bot:random,bot:random", {}),
    ("ciao", "human,bot:random,bot:random", {"opt.rounds": "2"}),
    ("saboteur", "human,bot:random", {"opt.rounds": "2"}),
    ("saboteur", "human", {"opt.rounds": "1"}),
]
WATCHED = [
    ("kabaleo", "bot:easy,bot:easy,bot:easy", {}),
    ("ciao", "bot:easy,bot:easy,bot:easy", {"opt.rounds": "1"}),
    ("saboteur", "bot:easy,bot:easy", {"opt.rounds": "1"}),
    ("saboteur", "bot:easy", {"opt.rounds": "1"}),
]


def leaks(html: str, lang: str) -> list[tuple[str, str, str]]:
    """(what, match, the text it is in) for each piece of notation a reader would meet."""
    return [(what, found, text.strip()[:120]) for text in visible_texts(html)
            for what, found in notation_in(text, lang)]


def test_the_patterns_catch_what_players_were_shown() -> None:
    """The texts of the issue (Saboteur's log and hand, Ciao!'s round table) are caught,
    and the words that replaced them are not."""
    for bad in ("Bot 2 passes, discarding A-BRK-PICK", "You pass, discarding LADDER_BLUE",
                "P10", "Blue secures 1 gold at 1,-2", "Sy.F (20)", "Rg (10) M (50)",
                "Cards: Sr.A", "۵،-۲", "place P14@6,-1^", "turned (v)", "Y7"):
        assert notation_in(bad), bad
    for good in ("Bot 2 passes, discarding a broken pick", "a yellow scissors, speed",
                 "Blue secures 1 gold next to the far goal", "1, 2 or 3 marks",
                 "Round 2", "P.S.", "12 pieces each with 2 players, 10 with 3"):
        assert not notation_in(good), good
    assert notation_in("1,4", "en") and not notation_in("1,4", "ru")  # a Russian decimal
    assert set(PATTERNS) >= {"Saboteur card id", "Ciao! card code", "coordinates"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("game_id", "seats", "options"), PLAYED)
def test_a_played_game_shows_words_not_notation(lang: str, game_id: str, seats: str,
                                                options: dict[str, str]) -> None:
    """Every third position of a seeded game and its end screen, from the person's
    seat: board, hand, log, "What happened", status line, the end screen's tables."""
    t = Translator(lang)
    found: dict[tuple[str, str], str] = {}
    game = played(game_id, seats, 11, options)
    for s in game[::3] + game[-1:]:
        out = game_screen(s, 0, t=t)
        for what, match, text in leaks(out.html + f"<p>{out.status}</p>", lang):
            found.setdefault((what, match), text)
    assert found == {}
    assert t.missing == set()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("game_id", "seats", "options"), WATCHED)
def test_watch_review_and_guide_show_words_not_notation(
        lang: str, game_id: str, seats: str, options: dict[str, str]) -> None:
    """The classroom's screens: a match of bots watched with every secret revealed and a
    bot's beliefs, its review from every seat at several moves, and the guided game."""
    screens = classroom_screens(Translator(lang), game_id, seats, options,
                                lambda n: range(0, n + 1, max(1, n // 6)))
    assert len(screens) > 5
    found: dict[tuple[str, str], str] = {}
    for screen in screens:
        for what, match, text in leaks(screen.html + f"<p>{screen.status}</p>", lang):
            found.setdefault((what, match), text)
    assert found == {}


class _Clickables(HTMLParser):
    """Each element a player can act on, with the words that name it: its aria-label,
    else its text (an SVG ``<title>`` included)."""

    ACTS = ("data-move", "data-pick", "data-action")
    VOID = ("input", "img", "br", "hr", "meta", "link", "rect", "path", "circle", "use")

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str]] = []  # (the element's opening, its name)
        self._open: list[tuple[str, str, list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        acts = any(k in a for k in self.ACTS)
        if acts and a.get("aria-label"):
            self.found.append((self.get_starttag_text() or tag, a["aria-label"] or ""))
            acts = False
        if tag in self.VOID or tag.endswith("/"):
            if acts:
                self.found.append((self.get_starttag_text() or tag, a.get("value") or ""))
            return
        self._open.append((tag, self.get_starttag_text() or tag if acts else "", []))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        # ``<rect/>``: opened and closed at once; no end tag may unwind the stack.
        self.handle_starttag(tag if tag in self.VOID else "input", attrs)

    def handle_endtag(self, tag: str) -> None:
        if not any(name == tag for name, _, _ in self._open):
            return  # the end of an element this parser never held open (a void one)
        while self._open:
            name, opening, words = self._open.pop()
            if opening:
                self.found.append((opening, " ".join(words)))
            if self._open:
                self._open[-1][2].extend(words)
            if name == tag:
                break

    def handle_data(self, data: str) -> None:
        if self._open and data.strip():
            self._open[-1][2].append(data.strip())


def clickables(html: str) -> list[tuple[str, str]]:
    parser = _Clickables()
    parser.feed(html)
    return parser.found


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("game_id", "seats", "options"), PLAYED)
def test_every_clickable_thing_has_a_name_in_words(lang: str, game_id: str, seats: str,
                                                    options: dict[str, str]) -> None:
    """Cards, cells, piles and buttons: a name a screen reader can say, with letters in
    it (not a bare number or mark) and no notation."""
    t = Translator(lang)
    seen = 0
    bad: dict[str, str] = {}
    for s in played(game_id, seats, 3, options)[::4]:
        for opening, name in clickables(game_screen(s, 0, t=t).html):
            seen += 1
            if not re.search(r"[^\W\d_]", name) or notation_in(name, lang):
                bad.setdefault(opening[:100], name)
    assert seen > 10
    assert bad == {}


def test_the_name_check_reads_what_a_screen_reader_reads() -> None:
    """An aria-label names an element; else its text does, an SVG's included, and a
    self-closed SVG shape inside it does not end it."""
    html = ('<div><button data-action="x">P10</button><g data-move="a"><title>Place here'
            '</title><rect/></g><span data-pick="c" aria-label="Pick">x</span>'
            '<div data-pick="z"><svg><rect x="1"/></svg><span class="sr-only">Pick the bend'
            '</span></div><input data-action="y"></div>')
    assert clickables(html) == [('<button data-action="x">', "P10"),
                                ('<g data-move="a">', "Place here"),
                                ('<span data-pick="c" aria-label="Pick">', "Pick"),
                                ('<div data-pick="z">', "Pick the bend"),
                                ('<input data-action="y">', "")]
