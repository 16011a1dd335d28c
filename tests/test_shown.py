"""What the page shows is one word (``app.page.Shown``), set by the part that shows it;
drawing again, a language switch and another tab's write all go by it. Every screen
survives a language switch (the same screen, in the new language) and a write of
another game in another tab (the same screen; the menu's list of saves, drawn or
behind the Lab, is drawn again)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from controller_driver import Driver
from pairing_net import Net
from parlor.app import saves
from parlor.app.classroom.transfer import share_data
from parlor.app.events import (
    Action,
    Boot,
    LabCode,
    LabReport,
    LanguageChosen,
    Move,
    ShowGame,
    ShowLab,
    ShowMenu,
    StoreChanged,
)
from parlor.app.lab.referee.here import run_here

WATCH = {"game": "kabaleo", "seats": "bot:random,bot:random", "botdelay": "0", "seed": "4"}
MOVES0 = "def choose(view, moves, rng):\n    return moves[0]\n"


def finished(page: Driver) -> str:
    """A watched game played to its end; its save's id."""
    page.send(Boot(WATCH))
    while page.timers:
        page.run_timers()
    assert page.c.session is not None and page.c.session.to_act() is None
    return page.c.session.save_id


def menu(page: Driver) -> None:
    page.send(Boot({}))


def game(page: Driver) -> None:
    page.send(Boot({"game": "kabaleo", "seats": "human,bot:random", "seed": "9",
                    "botdelay": "0"}))
    page.until_human()


def watch(page: Driver) -> None:
    page.send(Boot({**WATCH, "botdelay": "5000"}))


def review_of_a_save(page: Driver) -> None:
    save = finished(page)
    page.send(Action("review", save=save))


def review_from_a_link(page: Driver) -> None:
    other = Driver()
    finished(other)
    assert other.c.session is not None
    page.send(Boot({}, "m=" + share_data(other.c.session.match)))


def lab(page: Driver) -> None:
    page.send(Boot({"lab": "kabaleo"}))


def lab_review(page: Driver) -> None:
    """A game of a Lab match, in the review."""
    page.send(Boot({"lab": "kabaleo"}))
    page.send(LabCode(MOVES0))
    out = page.send(Action("lab-run", value=MOVES0, form={
        "level": "random", "players": "2", "games": "10", "limit": "1000"}))
    start = next(e for e in out if type(e).__name__ == "LabStart")
    texts: list[str] = []
    run_here(start.request, texts.append, clock=lambda: 0.0)  # type: ignore[attr-defined]
    page.send(LabReport("done", "[" + ",".join(t for t in texts if '"done"' not in t) + "]"))
    page.send(Action("lab-review", value="0"))


#: Each screen: how it is opened, its word, and how it is drawn (``what``).
SCREENS: dict[str, tuple[Callable[[Driver], None], str, tuple[str, str]]] = {
    "menu": (menu, "menu", ("menu", "")),
    "game": (game, "game", ("game", "play")),
    "watch": (watch, "game", ("game", "play")),
    "review of a save": (review_of_a_save, "review", ("game", "replay")),
    "review from a link": (review_from_a_link, "review", ("game", "replay")),
    "the lab": (lab, "lab", ("lab", "kabaleo")),
    "a game of a lab match": (lab_review, "review", ("game", "replay")),
}


def what(out: list[object]) -> list[tuple[str, str]]:
    """The screens drawn: (kind, phase or game)."""
    drawn: list[tuple[str, str]] = []
    for e in out:
        if isinstance(e, ShowGame):
            drawn.append(("game", e.screen.phase))
        elif isinstance(e, ShowMenu):
            drawn.append(("menu", ""))
        elif isinstance(e, ShowLab) and e.whole:
            drawn.append(("lab", e.game))
    return drawn


@pytest.mark.parametrize("name", SCREENS)
def test_a_language_switch_says_the_same_screen_in_the_new_language(name: str) -> None:
    open_it, shown, drawn = SCREENS[name]
    page = Driver()
    open_it(page)
    assert page.c.shown == shown
    for lang in ("fa", "en"):
        out = page.send(LanguageChosen(lang))
        assert page.c.shown == shown and page.c.t.lang == lang
        assert what(out) == [drawn], (name, lang)
    if shown == "game":
        assert page.c.session is not None


@pytest.mark.parametrize("name", SCREENS)
def test_another_tabs_write_leaves_the_screen_shown(name: str) -> None:
    open_it, shown, _ = SCREENS[name]
    page = Driver()
    open_it(page)
    other = Driver(page.store)  # another tab of the same browser saves a game of its own
    other.send(Boot({"game": "ciao", "seats": "human,bot:random", "seed": "2"}))
    assert other.c.session is not None
    key = saves.PREFIX + other.c.session.save_id
    out = page.send(StoreChanged(key))
    assert page.c.shown == shown
    assert not any(isinstance(e, ShowMenu) for e in out) or shown == "menu"
    if shown in ("menu", "lab"):  # the menu's list, drawn or kept behind the Lab
        assert any(type(e).__name__ == "ShowSaves" for e in out), out


def test_a_guests_screen_survives_a_language_switch_and_another_tabs_write() -> None:
    net = Net({"game": "kabaleo", "seats": "remote,human", "seed": "3"})
    guest = net.pair(0)
    assert guest.c.shown == "guest"
    out = guest.send(LanguageChosen("ru"))
    assert guest.c.shown == "guest" and [k for k, _ in what(out)] == ["game"]
    out = guest.send(StoreChanged(saves.PREFIX + "elsewhere"))
    assert guest.c.shown == "guest" and not what(out)


def test_a_move_is_played_through_the_table_alone() -> None:
    """The controller and its parts read the game; only the table changes it."""
    page = Driver()
    game(page)
    session = page.c.session
    assert session is not None
    page.send(Move(page.legal()[0]))
    assert page.c.session is not session and page.c.table.session is page.c.session
    with pytest.raises(AttributeError):
        page.c.session = None  # type: ignore[misc]
