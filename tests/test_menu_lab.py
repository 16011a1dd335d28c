"""The Bot Lab found from the menu: a "Bot Lab (Python)" entry on the
menu's first screen, before the game tiles, whose words come from the catalogs in every
language; the Lab it opens says in one line what to write (the Python in its own
left-to-right ``<code>``, so a Persian sentence keeps its order) and picks another
game's Lab in one choice."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from controller_driver import Driver
from parlor.app.events import Action, Boot, ShowLab
from parlor.games import GAMES
from parlor.i18n.catalog import FSI, PDI, Translator, load
from parlor.i18n.languages import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
CODES = [lang.code for lang in LANGUAGES]


class MenuButtons(HTMLParser):
    """The menu's ``data-action="lab"`` buttons, each with its attributes and whether it
    sits in a game's tile, and where the tiles begin."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.buttons: list[tuple[dict[str, str | None], bool, int]] = []
        self.tiles_at: int | None = None
        self.seen = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self.seen += 1
        if tag == "div" and found.get("class") == "games" and self.tiles_at is None:
            self.tiles_at = self.seen
        if tag == "button" and found.get("data-action") == "lab":
            self.buttons.append((found, "article" in self.open, self.seen))
        if tag not in ("img", "input", "br", "meta", "link", "option"):
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.open:
            while self.open.pop() != tag:
                pass


def menu_buttons() -> MenuButtons:
    parser = MenuButtons()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    return parser


def test_the_menu_has_a_lab_entry_of_its_own_before_the_game_tiles() -> None:
    menu = menu_buttons()
    entries = [(a, at) for a, in_tile, at in menu.buttons if not in_tile]
    assert len(entries) == 1, entries
    entry, at = entries[0]
    assert menu.tiles_at is not None and at < menu.tiles_at  # on the first screen
    assert entry.get("data-game") in GAMES
    assert entry.get("data-i18n") == "shell.lab"  # the tiles' own words for the Lab
    assert "data-needs-python" in entry
    line = entry.get("aria-describedby")
    assert line and f'id="{line}"' in (ROOT / "index.html").read_text(encoding="utf-8")
    tiles = [a for a, in_tile, _ in menu.buttons if in_tile]
    assert sorted(a.get("data-game") or "" for a in tiles) == sorted(GAMES)
    assert all(a.get("data-i18n") == "shell.lab" for a in tiles)


@pytest.mark.parametrize("lang", CODES)
def test_the_labs_name_says_python_in_every_language(lang: str) -> None:
    words, english = load(lang), load("en")
    for key in ("shell.lab", "shell.lab_line"):
        said = str(words[key])
        assert "Python" in said or "پایتون" in said, (lang, key, said)
        assert lang == "en" or said != english[key], (lang, key)  # translated, not copied


@pytest.mark.parametrize("lang", CODES)
def test_the_labs_first_view_says_in_one_line_what_to_write(lang: str) -> None:
    page = Driver()
    page.c.t = Translator(lang)
    out = page.send(Boot({"lab": "kabaleo"}))
    html = [e for e in out if isinstance(e, ShowLab)][-1].html
    intro = re.findall(r'<p class="lab-intro">(.*?)</p>', html)
    assert len(intro) == 1
    line = intro[0]
    assert '<code dir="ltr">choose(view, moves, rng)</code>' in line
    assert '<code dir="ltr">moves</code>' in line
    assert Translator(lang)("lab.run") in line  # the Run button's own word
    # Only the words and the code: no placeholder nor mark left behind, no stray isolate.
    assert not re.search(r"[{}\ue000-\uf8ff]", line), line
    assert FSI + "<code" not in line and PDI not in line.replace(FSI, "")


def test_the_labs_game_picker_opens_another_games_lab_keeping_each_ones_code() -> None:
    page = Driver()
    out = page.send(Action("lab", game="kabaleo"))  # the menu's entry
    html = [e for e in out if isinstance(e, ShowLab)][-1].html
    picker = re.search(r'<select data-change="lab">(.*?)</select>', html)
    assert picker is not None
    assert re.findall(r'<option value="(\w+)"', picker.group(1)) == list(GAMES)
    assert '<option value="kabaleo" selected>' in picker.group(1)
    page.send(Action("lab-new"))  # a second bot for Kabaleo
    out = page.send(Action("lab", value="ciao"))  # the picker's change
    shown = [e for e in out if isinstance(e, ShowLab)][-1]
    assert shown.game == "ciao" and shown.whole
    assert '<option value="ciao" selected>' in shown.html
    assert "My bot 2" not in shown.html  # Ciao!'s shelf, not Kabaleo's
    back = [e for e in page.send(Action("lab", value="kabaleo")) if isinstance(e, ShowLab)]
    assert "My bot 2" in back[-1].html
