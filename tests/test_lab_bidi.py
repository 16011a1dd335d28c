"""Code inside the Lab's Persian sentences reads left to right, in its order, and every
name in the Lab (a bot's, an author's, a game's) is isolated from the sentence around it.

On a right-to-left page the bidi algorithm hands a code fragment's edge (a closing
parenthesis, a bracket, a quote) to the sentence around it: "choose(view, moves, rng)"
read "(choose(view, moves, rng". Every piece of Latin text in the Persian Lab (code:
the catalogs write Persian words and digits) must sit in an isolating element
(``<code dir="ltr">``, ``<bdi>``, the editor) or between Unicode isolates. The check
walks the rendered HTML of the whole Lab (lessons, hints, reference, errors, status) of
every game, so a new sentence with code in it is checked without a list to update."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from controller_driver import Driver
from parlor.app.events import (
    Action,
    Boot,
    LabChoose,
    LabChose,
    LabCode,
    LabReport,
    LabStart,
    Move,
    ShowGame,
    ShowLab,
)
from parlor.app.lab.contest.tournament import TableGame
from parlor.app.lab.page.state import LabTour
from parlor.app.lab.referee.here import run_here
from parlor.app.lab.wire.problems import Problem
from parlor.app.screens.lab_prose import LRI, PDI, pieces, prose, prose_text
from parlor.app.screens.lab_tournament import tournament_html
from parlor.games import GAMES
from parlor.i18n.catalog import Translator
from test_lab_handin import link
from test_names_bidi import AUTHOR, BOTS, ISOLATING, VOID, Named, loose_names

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

#: Text between Unicode isolates (FSI, LRI, RLI … PDI) is isolated too.
ISOLATED = re.compile("[\u2066-\u2068][^\u2069]*\u2069")


class Loose(HTMLParser):
    """The text of the page that holds Latin letters or digits outside any isolation."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[bool] = []
        self.loose: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in VOID:
            self.stack.append(tag in ISOLATING or dict(attrs).get("dir") is not None)

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if not any(self.stack) and re.search(r"[A-Za-z0-9]", ISOLATED.sub("", data)):
            self.loose.append(data)


def loose(html: str) -> list[str]:
    parser = Loose()
    parser.feed(html)
    assert parser.stack == [], "unbalanced HTML"
    return parser.loose


def shown(out: list[object]) -> ShowLab:
    return [e for e in out if isinstance(e, ShowLab)][-1]


def test_a_fragment_is_cut_from_the_sentences_own_punctuation() -> None:
    text = "کد شما به تابع choose(view, moves, rng) نیاز دارد: view، moves و rng."
    code = [p for is_code, p in pieces(text) if is_code]
    assert code == ["choose(view, moves, rng)", "view", "moves", "rng"]
    assert "".join(p for _, p in pieces(text)) == text
    # A Persian parenthesis around code stays the sentence's; a bracket of the code, its.
    assert [p for c, p in pieces("(مثل after[mine])، یا (1, 2).") if c] == ["after[mine]",
                                                                         "(1, 2)"]
    assert [p for c, p in pieces("«۷» - : ، (هیچ)") if c] == []  # no code, nothing marked


def test_persian_prose_isolates_code_and_english_prose_is_left_alone() -> None:
    fa, en = Translator("fa"), Translator("en")
    said = "تابع choose(view, moves, rng) را بنویسید."
    assert prose(fa, said) == 'تابع <bdi dir="ltr">choose(view, moves, rng)</bdi> را بنویسید.'
    assert prose_text(fa, said) == f"تابع {LRI}choose(view, moves, rng){PDI} را بنویسید."
    assert prose(en, "Write choose(view, moves, rng).") == "Write choose(view, moves, rng)."
    # Words from elsewhere (a bot's error) are escaped, inside code or not.
    assert prose(fa, 'خطا <img src=x onerror="alert(1)">') == (
        'خطا <bdi dir="ltr">&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</bdi>')


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_persian_lab_isolates_every_code_fragment(game: str) -> None:
    """The whole first view: intro, lessons with their hints, the reference."""
    page = Driver()
    page.c.t = Translator("fa")
    html = shown(page.send(Boot({"lab": game}))).html
    assert "<bdi" in html and 'data-lesson="1"' in html and 'class="lab-ref"' in html
    assert loose(html) == []


def _worked(page: Driver, out: list[object]) -> list[object]:
    start = next(e for e in out if isinstance(e, LabStart))
    texts: list[str] = []
    run_here(start.request, texts.append, clock=lambda: 0.0)
    kept = [r for r in map(json.loads, texts) if r["kind"] != "done"]
    return page.send(LabReport("batch", json.dumps(kept))) + page.send(LabReport("done", "[]"))


@pytest.mark.parametrize("source", [
    "def choose(view, moves, rng):\n    x = (\n",
    "def chose(view, moves, rng):\n    return moves[0]\n",
    "def choose(view, moves):\n    return moves[0]\n",
    "def choose(view, moves, rng):\n    return 'Z99'\n",
    "def choose(view, moves, rng):\n    return view.nothing[0]\n",
], ids=["syntax", "missing", "signature", "not_legal", "crash"])
def test_a_persian_error_isolates_its_code_in_the_page_and_the_status_line(source: str) -> None:
    page = Driver()
    page.c.t = Translator("fa")
    page.send(Boot({"lab": "kabaleo"}))
    form = {"level": "random", "players": "2", "games": "10", "limit": "1000"}
    drawn = shown(_worked(page, page.send(Action("lab-run", value=source, form=form))))
    assert "data-lab-error" in drawn.html
    assert loose(drawn.html) == []
    assert not re.search(r"[A-Za-z0-9]", ISOLATED.sub("", drawn.status)), drawn.status


def test_a_persian_tournament_isolates_its_entrants_problems() -> None:
    """A classmate's bot that cannot play is named with its problem, the code in it
    isolated like the rest (a bot's name, from a file or a link, is escaped too)."""
    tour = LabTour(("ربات من", "<b>Ali</b>"), 2, 1, 1000, running=False,
                   problems={0: None, 1: Problem("missing")},
                   duels={0: TableGame((0, 1), 0, (1.0, 0.0))})
    html = tournament_html(tour, Translator("fa"), "kabaleo")
    problems = re.search(r'<ul class="lab-tour-problems">.*?</ul>', html)
    assert problems is not None and "<b>" not in html
    assert loose(problems.group()) == []


GOOD = "def choose(view, moves, rng):\n    return moves[0]\n"
BAD = "def choose(view, moves, rng):\n    return moves[99]\n"


def named_lab(game: str) -> Driver:
    """The Persian Lab of ``game`` with three bots named ``BOTS`` (the last one crashes)
    and an author."""
    page = Driver()
    page.c.t = Named()
    page.send(Boot({"lab": game}))
    for i, name in enumerate(BOTS):
        if i:
            page.send(Action("lab-new"))
        page.send(LabCode(BAD if i == len(BOTS) - 1 else GOOD))
        page.send(Action("lab-rename", form={"name": name}))
    page.send(Action("lab-author", value=AUTHOR))
    assert page.c.lab.shelf is not None and set(BOTS) <= set(page.c.lab.shelf.bots)
    return page


def shown_all(out: list[object]) -> list[tuple[str, str]]:
    return [(e.html, e.status) for e in out if isinstance(e, ShowLab)] + [
        (e.screen.html, e.screen.status) for e in out if isinstance(e, ShowGame)]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_lab_screen_isolates_every_name(game: str) -> None:
    """The Lab: its bots (the picker, the entrants, a deleted one's Undo), its author, a
    Run with an error and its review, a tournament (its table, status, a bot's games,
    their review, a classmate's problem), a hand-in of links (their names, authors, and
    a link of another game), the game's name in titles and pickers."""
    page = named_lab(game)
    screens = shown_all(page.send(Action("lab-bot", value=BOTS[0])))
    form = {"level": "random", "players": "2", "games": "10", "limit": "1000", "seats": "2"}
    screens += shown_all(_worked(page, page.send(Action("lab-run", value=BAD, form=form))))
    screens += shown_all(_worked(page, page.send(Action("lab-run", value=GOOD, form=form))))
    screens += shown_all(page.send(Action("lab-review", value="0")))
    page.send(Action("lab", game=game))
    screens += shown_all(_worked(page, page.send(Action("lab-tournament", form=form))))
    assert page.c.lab.tour is not None and page.c.lab.tour.duels
    screens += shown_all(page.send(Action("lab-tour-bot", value="0")))
    screens += shown_all(page.send(Action("lab-tour-review", value="0")))
    page.send(Action("lab", game=game))
    other = next(g for g in sorted(GAMES) if g != game)
    links = " ".join(link(g, f"# {i}\n{GOOD}", f"{name} {i}", AUTHOR)
                     for i, (g, name) in enumerate([(game, BOTS[0]), (other, BOTS[1])]))
    screens += shown_all(page.send(Action("lab-paste", value=None, form={"links": links})))
    page.send(Action("lab-bot", value=BOTS[2]))
    screens += shown_all(page.send(Action("lab-delete")))
    every = "".join(html for html, _ in screens)
    for drawn in ("data-lab-error", "lab-said", 'class="lab-tour"', 'id="lab-tour-games"',
                  "lab-tour-problems", "data-lab-handin", "data-lab-deleted", "replay-log",
                  "data-lab-entrants", f"{BOTS[0]} 0 ({AUTHOR})"):
        assert drawn in every, drawn
    assert [x for html, status in screens for x in loose_names(html, status)] == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_lab_bot_at_the_table_is_named_isolated(game: str) -> None:
    """Play against a bot named ``Bot A!``: the game's screen, and the notice when the
    bot gives no move."""
    page = named_lab(game)
    page.send(Action("lab-bot", value=BOTS[2]))  # the one that crashes
    out = page.send(Action("lab-play", value=BAD, form={"players": "2"}))
    screens = shown_all(out)
    for _ in range(50):
        session = page.c.session
        assert session is not None
        if page.c.turns.lab_seats.problem is not None:
            break
        asked = [e for e in out if isinstance(e, LabChoose)]
        if asked:
            texts: list[str] = []
            run_here(asked[-1].request, texts.append, clock=lambda: 0.0)
            reports = [x for x in texts if '"done"' not in x]
            out = page.send(LabChose("done", "[" + ",".join(reports) + "]"))
        elif session.to_act() == 0:
            out = page.send(Move(page.legal()[0]))
        else:
            page.timers.sort(key=lambda a: a.ms)
            out = page.send(page.timers.pop(0).event)
        screens += shown_all(out)
    assert any(BOTS[2] in html for html, _ in screens)
    assert any('data-notice="lab"' in html for html, _ in screens)
    assert [x for html, status in screens for x in loose_names(html, status)] == []
