"""The pseudo-language test: every visible word must come through the
catalogs. A Translator that brackets everything it says (⟦…⟧) draws the screens; any
text left outside brackets (other than numbers, punctuation, isolated names and
notation) was written by the code itself and would stay English in every language."""

from __future__ import annotations

import re

import pytest

from fakes import CLOSE, OPEN, Pseudo
from parlor.app.controller import Controller
from parlor.app.events import Boot, ShowMenu
from parlor.app.saves import DictStore
from parlor.app.screens.game import game_screen
from parlor.app.screens.readable import Reader as Visible
from parlor.i18n.catalog import FSI, PDI, Translator
from screens import classroom_screens, played


def strays(html: str, notation: frozenset[str] = frozenset()) -> list[str]:
    """Words the reader would see that no catalog said: empty when everything went
    through them. The text is read as one run (a message may wrap markup, such as a
    colour chip), bracketed and isolated parts are dropped innermost first, and
    ``notation`` (a game's card codes, language-neutral on purpose) is passed over."""
    parser = Visible()
    parser.feed(html)
    left = "\n".join(parser.texts)
    while True:
        cut = re.sub(f"{FSI}[^{FSI}{PDI}]*{PDI}", "", left)
        cut = re.sub(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}", "", cut)
        if cut == left:
            break
        left = cut
    words = re.findall(r"[^\W\d_][\w-]*[^\W\d_]", left)  # two letters or more
    return [w for w in words if w not in notation and w.split(".")[0] not in notation]


def menu_html(t: Translator, store: DictStore | None = None) -> str:
    c = Controller(store or DictStore(), lambda: 0.0, str)
    c.t = t
    menu = [e for e in c.handle(Boot({})) if isinstance(e, ShowMenu)][-1]
    return ("".join(menu.forms.values()) + "".join(menu.rules.values()) + menu.saves
            + menu.message + menu.status)


def test_the_pseudo_check_catches_a_stray_word() -> None:
    assert strays("<p>⟦fine⟧ 3 ⁨Ann⁩</p>") == []
    assert strays("<p>⟦a <b>chip</b> inside⟧</p>") == []
    assert strays('<p>⟦fine⟧ but not this</p><b aria-label="Nope">x</b>') == [
        "but", "not", "this", "Nope"]
    assert strays("<p>P23 A-KEY Rg.A</p>", frozenset({"A-KEY", "Rg"})) == []


def test_the_menu_says_everything_through_the_catalogs() -> None:
    assert strays(menu_html(Pseudo())) == []


def test_the_save_list_says_everything_through_the_catalogs() -> None:
    store = DictStore()
    store.set("parlor:save:broken", "{not json")
    html = menu_html(Pseudo(), store)
    assert "broken" in html  # the broken save is listed
    assert strays(html) == []


@pytest.mark.parametrize(("game_id", "seats", "options"), [
    ("kabaleo", "human,bot:random,bot:random", {}),
    ("ciao", "human,bot:random,bot:random", {"opt.rounds": "1"}),
    ("saboteur", "human,bot:random", {"opt.rounds": "1"}),
    ("saboteur", "human", {"opt.rounds": "1"}),
])
def test_every_game_screen_says_everything_through_the_catalogs(
        game_id: str, seats: str, options: dict[str, str]) -> None:
    """Play, picks and end screens of every game, drawn by the bracketing Translator:
    whatever a renderer or a rules module wrote itself would be left outside."""
    sessions = played(game_id, seats, 7, options)
    found: dict[str, str] = {}
    for s in sessions[::5] + sessions[-1:]:
        out = game_screen(s, 0, t=Pseudo())
        for stray in strays(out.html + f"<p>{out.status}</p>", NOTATION[game_id]):
            found.setdefault(stray, out.phase)
    assert found == {}


#: Card codes a game prints as they are: none (cards are named in words;
#: tests/test_words_for_people.py looks for notation itself).
NOTATION: dict[str, frozenset[str]] = {"kabaleo": frozenset(), "ciao": frozenset(),
                                       "saboteur": frozenset()}


@pytest.mark.parametrize(("game_id", "seats", "options"), [
    ("kabaleo", "bot:easy,bot:easy,bot:easy", {}),
    ("ciao", "bot:easy,bot:easy,bot:easy", {"opt.rounds": "1"}),
    ("saboteur", "bot:easy,bot:easy", {"opt.rounds": "1"}),
])
def test_the_classroom_screens_say_everything_through_the_catalogs(
        game_id: str, seats: str, options: dict[str, str]) -> None:
    """The classroom's screens: a match of bots watched with everything revealed and a bot's
    beliefs, its review from every perspective, and the guided game's box."""
    screens = classroom_screens(Pseudo(), game_id, seats, options,
                                lambda n: (0, n // 2, n))
    found: dict[str, str] = {}
    for mark in ("data-guide-tip", "data-revealed", "data-beliefs", 'data-action="replay-next"'):
        assert any(mark in s.html for s in screens), mark
    for screen in screens:
        for stray in strays(screen.html + f"<p>{screen.status}</p>", NOTATION[game_id]):
            found.setdefault(stray, screen.phase)
    assert found == {}
