"""Names in right-to-left text: a game's, a bot's, a player's, an author's.

A name runs in its own direction: alone in a Persian paragraph "Ciao!" reads "!Ciao", and
in a sentence a name running the other way scrambles the words around it. Every name
shown, in a sentence or alone in an element (a button, an option, a cell: its paragraph
is the page's, right to left), must sit in an isolating element (``<bdi>``, an element
with ``dir``) or between Unicode isolates (LRI/RLI/FSI … PDI: ``Translator.isolate``
wraps every argument of a right-to-left sentence); so must names in the status line and
in the attributes a person reads (a label, a title). The checks draw every screen in
Persian with names at their worst (Latin, ending in punctuation; Persian ones too), and
the games renamed so (``Named``), so a screen that isolates nothing shows it whatever
the catalog's own marks. The Lab's screens are checked in tests/test_lab_bidi.py with the
same checker.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from html.parser import HTMLParser

import pytest

from parlor.app import saves
from parlor.app.controller import Controller
from parlor.app.events import Boot, ShowMenu
from parlor.app.lab.wire.problems import Problem
from parlor.app.pairing.link import Hello
from parlor.app.saves import DictStore
from parlor.app.screens.game import game_screen
from parlor.app.screens.lab_cut import ended_note, limit_words
from parlor.app.screens.notices import lab_stopped_notice, long_game_notice
from parlor.app.screens.pairing import guest_panel, guest_toolbar, host_panel
from parlor.app.session import Session
from parlor.games import GAMES
from parlor.i18n.catalog import Translator
from screens import classroom_screens, played

#: Elements whose text is isolated from the sentence around it (or is no sentence).
ISOLATING = {"code", "bdi", "pre", "textarea", "script", "style", "option", "kbd", "samp"}
VOID = {"br", "img", "input", "meta", "link", "hr", "wbr", "source", "col"}

#: Game names at their worst (the catalog's Persian "Ciao!" carries its own isolate).
GAME_NAMES = {"kabaleo": "Kabaleo X!", "ciao": "Ciao X!", "saboteur": "Saboteur X!"}
#: People's and bots' names, as typed.
SEATS = ("Ali!", "مریم؟", "Bo (2)", "Zed.", "Eve+", "Sam 6!")
BOTS = ("Bot A!", "ربات ب!", "Cat 3?")
AUTHOR = "Sara K."
OPENERS, CLOSER = "\u2066\u2067\u2068", "\u2069"
READS = ("aria-label", "title", "placeholder", "alt")


class Named(Translator):
    """Persian, with each game named as ``GAME_NAMES`` says."""

    def __init__(self) -> None:
        super().__init__("fa")

    def _message(self, key: str) -> str | dict[str, str]:
        found = re.fullmatch(r"game\.([a-z]+)\.name", key)
        if found is not None:
            return GAME_NAMES[found.group(1)]
        return super()._message(key)


def loose_in(text: str, names: tuple[str, ...], inside: bool = False) -> list[str]:
    """Each name in ``text`` that no isolate around it holds (``inside``: the element
    isolates it)."""
    if inside:
        return []
    depth, level = [], 0
    for ch in text:
        depth.append(level)
        level = level + 1 if ch in OPENERS else max(0, level - 1) if ch == CLOSER else level
    found = []
    for name in names:
        start = 0
        while (i := text.find(name, start)) >= 0:
            if depth[i] == 0:
                found.append(text[max(0, i - 20): i + len(name) + 20])
            start = i + 1
    return found


class Names(HTMLParser):
    """Names shown outside any isolation, in text and in the attributes a person reads."""

    def __init__(self, names: tuple[str, ...]) -> None:
        super().__init__()
        self.names = names
        self.stack: list[bool] = []
        self.loose: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        got = dict(attrs)
        for key in READS:
            self.loose += loose_in(got.get(key) or "", self.names)
        if tag not in VOID:
            self.stack.append(tag in ISOLATING - {"option"} or got.get("dir") is not None)

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.loose += loose_in(data, self.names, any(self.stack))


ALL_NAMES = (*GAME_NAMES.values(), *SEATS, *BOTS, AUTHOR)


def loose_names(html: str, status: str = "") -> list[str]:
    parser = Names(ALL_NAMES)
    parser.feed(html)
    return parser.loose + loose_in(status, ALL_NAMES)


def test_the_name_check_finds_a_loose_name_and_passes_an_isolated_one() -> None:
    assert loose_names("<p>بازی Ali! تمام شد</p>") == ["بازی Ali! تمام شد"]
    assert loose_names("<button>Bot A!</button><option>Cat 3?</option>")
    assert loose_names('<p aria-label="نوبت Ali!">x</p>')
    assert loose_names("", "نوبت Ali!")
    assert loose_names("<p>بازی \u2068Ali!\u2069 و <bdi>Bot A!</bdi></p>"
                       '<b dir="auto">Cat 3?</b><option>\u2068Zed.\u2069</option>',
                       "نوبت \u2068Ali!\u2069") == []


def named_sessions(game_id: str, seats: str, options: dict[str, str]) -> list[Session]:
    """A seeded game played to its end (``screens.played``), its seats named ``SEATS``."""
    out = []
    for s in played(game_id, seats, 11, options):
        names = SEATS[: len(s.match.seats)]
        out.append(replace(s, match=replace(s.match, names=names)))
    return out


@pytest.mark.parametrize(("game_id", "seats", "options"), [
    ("kabaleo", "human,bot:random,bot:random,human", {}),
    ("ciao", "human,bot:random,bot:random,bot:random,bot:random,human", {"opt.rounds": "2"}),
    ("saboteur", "human,bot:random", {"opt.rounds": "1"}),
    ("saboteur", "human", {"opt.rounds": "1"}),
])
def test_every_game_screen_isolates_every_name(game_id: str, seats: str,
                                               options: dict[str, str]) -> None:
    """Play (each seat's turn, the hand-off between people), and the end: seat names in
    the board, the log, the status and the end's explanation; the game's name in the
    toolbar's title and the rules."""
    t = Named()
    sessions = named_sessions(game_id, seats, options)
    found: list[str] = []
    for s in sessions[::7] + sessions[-1:]:
        for confirmed in (None, s.viewer()):
            out = game_screen(s, confirmed, t=t)
            found += loose_names(out.html, out.status)
    assert found == []


@pytest.mark.parametrize(("game_id", "seats", "options"), [
    ("kabaleo", "bot:easy,bot:easy,bot:easy", {}),
    ("ciao", "bot:easy,bot:easy,bot:easy", {"opt.rounds": "1"}),
    ("saboteur", "bot:easy,bot:easy", {"opt.rounds": "1"}),
])
def test_the_classroom_screens_isolate_every_name(game_id: str, seats: str,
                                                  options: dict[str, str]) -> None:
    """A watched match, its review from every seat, the guide: the game's name."""
    screens = classroom_screens(Named(), game_id, seats, options, lambda n: (0, n // 2, n))
    found = [x for s in screens for x in loose_names(s.html, s.status)]
    assert found == []


def test_the_menu_and_its_saves_isolate_every_name() -> None:
    """The menu's forms and rules (game names), the list of saves (a game's name, its
    players' names)."""
    store = DictStore()
    for game_id, seats in (("kabaleo", "human,bot:easy"), ("ciao", "human,lab"),
                           ("saboteur", "human,bot:easy")):
        s = named_sessions(game_id, seats.replace("lab", "bot:easy"), {})[3]
        if seats.endswith("lab"):
            s = replace(s, match=replace(s.match, seats=("human", "lab"),
                                         lab=("", "def choose(view, moves, rng):\n"
                                                  "    return moves[0]\n")))
        saves.write(store, replace(s, save_id=f"s-{game_id}"), 0.0, expect=None)
    c = Controller(store, lambda: 0.0, str)
    c.t = Named()
    menu = [e for e in c.handle(Boot({})) if isinstance(e, ShowMenu)][-1]
    html = ("".join(menu.forms.values()) + "".join(menu.rules.values()) + menu.saves
            + menu.message)
    assert "s-ciao" in html
    assert loose_names(html, menu.status) == []


@dataclass(frozen=True)
class Linked:
    """A remote seat's connection, or a guest's link, as the pairing screens read them."""

    state: str
    invite: str = "invite-text"
    answer: str = "answer-text"
    lost: bool = False
    error: str = ""
    hello: Hello | None = None


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_pairing_screens_and_the_notices_isolate_every_name(game_id: str) -> None:
    """Two devices: the host's panel for a remote seat (waiting, lost), the guest's
    screen and title; the notices over a game: a Lab bot that gave no move, a long game
    with a Lab bot, a game ended at the Lab's move limit."""
    t = Named()
    html = "".join(host_panel(t, 1, SEATS[0], Linked(state), "page", "")
                   for state in ("offering", "offered", "lost"))
    hello = Hello(game_id, 1, "s-1", SEATS[:2])
    html += guest_panel(t, Linked("answered", hello=hello), "")
    html += guest_toolbar(t, Linked("connected", hello=hello))
    html += lab_stopped_notice(t, game_id, Problem("crash", 2, "boom"))
    html += long_game_notice(t, game_id, 700, 700)
    html += ended_note(game_id, 700, t) + limit_words(game_id, [700, 700], t)
    assert SEATS[0] in html and GAME_NAMES[game_id] in html
    assert loose_names(html) == []
