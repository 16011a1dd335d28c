"""The page's action names are one vocabulary (``parlor.render.contract.ActionName``):
every ``data-action`` and ``data-change`` a screen draws is in it, and every name in it
is answered by something (a part of the controller, the page, the shell's scripts). A
misspelt name in a screen, or a name nothing answers any more, fails here."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import get_args

import pytest

from controller_driver import Driver
from pairing_net import Net
from parlor.app.events import (
    Action,
    Boot,
    LabCode,
    LabReport,
    LabStart,
    ShowGame,
    ShowLab,
    ShowMenu,
    StoreChanged,
)
from parlor.app.lab.contest.tournament import TableGame
from parlor.app.lab.page.keep import PREFIX
from parlor.app.lab.referee.here import run_here
from parlor.app.lab.wire.problems import Problem
from parlor.app.saves import DictStore
from parlor.app.screens.game import game_screen
from parlor.app.screens.notices import (
    lab_stopped_notice,
    long_game_notice,
    stale_notice,
    unsaved_notice,
)
from parlor.app.screens.untrusted import clean
from parlor.app.tabs import Stale
from parlor.i18n.catalog import Translator
from parlor.render.contract import ActionName, Carry, PageAction, ShellAction
from screens import classroom_screens, played

ROOT = Path(__file__).resolve().parent.parent
NAMES = set(get_args(ActionName))
NAMED = re.compile(r'data-(action|change)="([^"]*)"')
CARRIED = re.compile(r'data-carry="([^"]*)"')
MOVES0 = "def choose(view, moves, rng):\n    return moves[0]\n"


def named(html: str) -> set[str]:
    return {m.group(2) for m in NAMED.finditer(html)}


def shown(out: list[object]) -> str:
    """The markup of every screen among ``out``'s effects."""
    parts: list[str] = []
    for e in out:
        if isinstance(e, ShowGame):
            parts.append(e.screen.html)
        elif isinstance(e, ShowLab):
            parts.append(e.html)
        elif isinstance(e, ShowMenu):
            parts += [*e.forms.values(), *e.rules.values(), e.saves]
    return "".join(parts)


def menu_and_games() -> str:
    """The menu with a save and a broken one, a game with two people sharing the device
    (its hand-off), that game's end screen and the menu's Lab with a finished run and a
    tournament under way."""
    store = DictStore()
    store.set("parlor:save:broken", "{not json")
    page = Driver(store)
    out: list[object] = [*page.send(Boot({"game": "saboteur", "seats": "human,human",
                                          "seed": "3", "opt.rounds": "1"}))]
    out += page.send(Action("menu"))
    for session in played("kabaleo", "human,bot:random,bot:random", 7, {})[-2:]:
        out.append(ShowGame("kabaleo", game_screen(session, 0)))
    out += page.send(Action("lab", game="kabaleo"))
    started = page.send(Action("lab-run", value=MOVES0, form={
        "level": "random", "players": "2", "games": "2", "limit": "1000"}))
    out += started
    texts: list[str] = []
    start = next(e for e in started if isinstance(e, LabStart))
    run_here(start.request, texts.append, clock=lambda: 0.0)
    out += page.send(LabReport("batch", json.dumps([json.loads(t) for t in texts[:-1]])))
    out += page.send(LabReport("done", "[]"))
    page.send(Action("lab-new"))  # a tournament of two bots, one game played
    page.send(Action("lab-tournament", form={"games": "10"}))
    duel = TableGame((0, 1), 0, (1.0, 0.0)).to_dict()
    out += page.send(LabReport("done", json.dumps([{"kind": "duel", "number": 0,
                                                     "duel": duel}])))
    out += page.send(Action("lab-delete"))  # its Undo offer
    other = Driver(store)  # a second tab types in the bot the first one shows
    other.send(Boot({"lab": "kabaleo"}))
    other.send(LabCode(MOVES0 + "# typed elsewhere\n"))
    out += page.send(StoreChanged(PREFIX + "kabaleo"))  # the first tab stops
    out += page.send(Action("lab-tour-bot", value="0"))  # its games, each for the review
    return shown(out)


def pairing() -> str:
    """A host waiting for, then connected to, a guest; the guest's own screens."""
    net = Net({"game": "kabaleo", "seats": "human,remote,bot:random", "seed": "4",
               "net": "loopback"})
    net.offer(1)
    html = net.host.html
    guest = net.pair(1)
    return html + net.host.html + guest.html


def notices() -> str:
    t = Translator()
    return (stale_notice(t, Stale(deleted=True)) + stale_notice(t, Stale(False, "k", True))
            + unsaved_notice(t, "full")
            + lab_stopped_notice(t, "kabaleo", Problem("failed", 0, "gone"))
            + long_game_notice(t, "ciao", 12000, 12000))


@pytest.fixture(scope="module")
def every_screen() -> str:
    classroom = "".join(s.html for game, seats, options in (
        ("kabaleo", "bot:easy,bot:easy,bot:easy", {}),
        ("saboteur", "bot:easy,bot:easy", {"opt.rounds": "1"}))
        for s in classroom_screens(Translator(), game, seats, options,
                                   lambda n: (0, n // 2, n)))
    shell = (ROOT / "index.html").read_text()
    return menu_and_games() + pairing() + notices() + classroom + shell


def test_every_name_a_screen_draws_is_an_action(every_screen: str) -> None:
    assert named(every_screen) - NAMES == set()


def test_the_screens_draw_the_names(every_screen: str) -> None:
    """The check above reads real screens: every name is drawn there, bar those that
    are sent, not drawn (a confirmed deletion, a Lab file chosen), and a panel these
    screens do not reach (a connection that failed)."""
    unseen = NAMES - named(every_screen)
    assert unseen <= {"delete-confirmed", "lab-import", "link-retry"}, sorted(unseen)


def test_what_a_press_carries_is_a_kind_the_page_reads(every_screen: str) -> None:
    """Every ``data-carry`` drawn is a ``Carry``, and every ``Carry`` is drawn: the page
    reads what a press carries by that word, not by the action's name."""
    assert set(CARRIED.findall(every_screen)) == set(get_args(Carry))


def test_every_name_is_answered_once() -> None:
    """The controller's parts answer every name but the page's and the shell's own, and
    none of those."""
    answered = set(Driver().c.actions)
    own = set(get_args(PageAction)) | set(get_args(ShellAction))
    assert answered & own == set()
    assert answered | own == NAMES


@pytest.mark.parametrize(("names", "where"), [
    (PageAction, "py/parlor/web/*.py"), (ShellAction, "assets/*.js")])
def test_the_page_and_the_shell_answer_their_own(names: object, where: str) -> None:
    code = "".join(p.read_text() for p in ROOT.glob(where))
    assert [n for n in get_args(names) if f'"{n}"' not in code] == []


def test_a_hosts_markup_carries_nothing_on_a_guests_page() -> None:
    """A guest's page shows the host's markup; what a press there reads from the guest's
    page is the guest's own screens' business, never the host's."""
    html = clean('<button data-action="zoom-in" data-carry="file">+</button>')
    assert "data-carry" not in html and 'data-action="zoom-in"' in html
