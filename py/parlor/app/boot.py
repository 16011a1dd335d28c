"""What a page opens on: its address read once, at start-up.

The address says which screen the page opens (a shared game, a Bot Lab link, an
invitation, a seat of another's game, a review, the Lab, a save, a new game from its
set-up, or else the menu) and the page's own settings (the bot delay; a word on a
language or a delay it could not take). These are the controller's own steps for the
``Boot`` event, kept apart from the steps of a game being played (``controller.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

from parlor.app import saves
from parlor.app.page import DRAW
from parlor.app.page_params import bot_delay, lang_note
from parlor.app.setup import parse_setup
from parlor.core.errors import ParlorError
from parlor.i18n.catalog import Msg

if TYPE_CHECKING:
    from parlor.app.classroom.part import Classroom
    from parlor.app.events import Effect
    from parlor.app.lab.page.part import Lab
    from parlor.app.page import Changed
    from parlor.app.pairing.guesting import Guesting
    from parlor.app.saves import KeyValue
    from parlor.app.session import Session
    from parlor.app.setup import Setup
    from parlor.app.turns import Turns
    from parlor.i18n.catalog import Translator


class Booting(Protocol):
    """The controller, as start-up sees it: the parts an address may open, its verbs for
    a game and the menu, and the page's settings it sets."""

    message: str | None
    loopback: bool

    @property
    def store(self) -> KeyValue: ...
    @property
    def t(self) -> Translator: ...
    @property
    def turns(self) -> Turns: ...
    @property
    def classroom(self) -> Classroom: ...
    @property
    def lab(self) -> Lab: ...
    @property
    def guesting(self) -> Guesting: ...
    def new_seed(self) -> int: ...
    def show_menu(self, out: list[Effect], message: str | None = None) -> None: ...
    def open(self, session: Session, out: list[Effect], raw: str | None) -> None: ...
    def new_game(self, setup: Setup, out: list[Effect]) -> None: ...
    def say(self, text: str, out: list[Effect]) -> None: ...
    def apply(self, changed: Changed, out: list[Effect]) -> None: ...


def boot(c: Booting, params: Mapping[str, str], out: list[Effect], fragment: str = "") -> None:
    """Open what the address names (the fragment first: it is never sent to a server)."""
    read_page_params(c, params)
    c.loopback = params.get("net") == "loopback"
    if fragment.startswith("m="):
        c.apply(c.classroom.open_shared(fragment[2:]), out)
    elif fragment.startswith("bot="):
        c.apply(c.lab.open_link(fragment[4:]), out)
    elif fragment.startswith("join="):
        c.apply(c.guesting.join(fragment[5:], out), out)
    elif "guest" in params:
        if c.guesting.resume(params["guest"], out):
            c.apply(DRAW, out)
        else:
            c.show_menu(out, c.t("link.error.guest_gone"))
    elif "review" in params:
        c.apply(c.classroom.open_review(params["review"]), out)
    elif "lab" in params:
        c.apply(c.lab.open_named(params["lab"]), out)
    elif "save" in params:
        entry = saves.read(c.store, params["save"])
        if entry is not None and entry.session is not None:
            c.open(entry.session, out, entry.raw)
        elif entry is not None:
            c.show_menu(out, c.t("error.link_save_broken", reason=entry.why or ""))
        elif "game" in params:
            start_from_params(c, params, out, note=Msg("error.link_save_gone"))
        else:
            c.show_menu(out, c.t("error.save_missing"))
    elif "game" in params:
        start_from_params(c, params, out)
    else:
        c.show_menu(out)


def read_page_params(c: Booting, params: Mapping[str, str]) -> None:
    c.turns.bot_delay, delay_note = bot_delay(params)
    notes = [c.t.say(m) for m in (delay_note, lang_note(params)) if m is not None]
    if notes:
        c.message = " ".join(notes)


def start_from_params(c: Booting, params: Mapping[str, str], out: list[Effect],
                      note: Msg | None = None) -> None:
    try:
        setup = parse_setup(params, fallback_seed=c.new_seed())
    except ParlorError as err:
        c.show_menu(out, c.t("error.link_failed", reason=err.message))
        return
    c.new_game(setup, out)
    for text in (setup.note, note):
        if text:
            c.say(c.t.text(text), out)
