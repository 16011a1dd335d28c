"""Saving a game, for the controller: one writer per game across tabs (app/tabs.py) and
a storage that fills up (app/room.py).

Every write of a game goes through ``save``: a compare-and-set against what this tab
last read or wrote, so a tab showing an older position never writes over a game that
went on in another tab; it stops instead and offers the newer position. A part of the
controller: it owns the tab's record and reaches the rest through ``SavingController``, which
holds only what this part uses.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Protocol

from parlor.app import saves
from parlor.app.events import Action, Effect
from parlor.app.page import NOTHING, STOPPED, Changed, GoGame, GoMenu, Handler, go
from parlor.app.room import WARN_AT, free_some, fullness
from parlor.app.screens.notices import stale_notice, stale_title, unsaved_notice
from parlor.app.tabs import Tab
from parlor.render.contract import ActionName

if TYPE_CHECKING:
    from parlor.app.saves import KeyValue
    from parlor.app.session import Session
    from parlor.app.table import Table
    from parlor.i18n.catalog import Translator


class SavingController(Protocol):
    """The controller, as saving sees it: the game to write, the store and clock, the words of
    its notices and the table (a stale tab drops its picks). What a stale tab leaves to
    do (stop, draw) it returns (``page.STOPPED``), and so the screen its choices open
    (the newer position, or the menu when there is none: ``page.GoGame``, ``GoMenu``)."""

    @property
    def session(self) -> Session | None: ...
    @property
    def store(self) -> KeyValue: ...
    @property
    def clock(self) -> Callable[[], float]: ...
    @property
    def t(self) -> Translator: ...
    @property
    def table(self) -> Table: ...


class Saving:
    """Writes, the stale tab and the full storage: a part of the controller."""

    def __init__(self, controller: SavingController) -> None:
        self.controller = controller
        self.tab = Tab(controller.store)  # one writer per game: what this tab last read or wrote
        self.unsaved: str | None = None  # why the newest moves could not be written

    def actions(self) -> Mapping[ActionName, Handler]:
        """The actions of a stale tab's notice."""
        return {"take-newer": self.do_take_newer, "keep-here": self.do_keep_here}

    def opened(self, raw: str | None) -> None:
        """A game opened from the saved text ``raw`` (None: not saved yet)."""
        self.tab.opened(raw)
        self.unsaved = None

    # ---- writing ------------------------------------------------------------------------

    def save(self, out: list[Effect]) -> bool:
        """Write the game; False when it went on in another tab (the caller then answers
        with ``went_stale``: this tab stops). A full storage makes watched games give way
        (app/room.py); when nothing more can, the game goes on unsaved, saying so, and
        the text saved before is kept."""
        session = self.controller.session
        assert session is not None
        while True:
            try:
                saved = self.tab.save(session, self.controller.clock())
            except Exception as err:  # storage full or gone
                if free_some(self.controller.store, session.save_id):
                    continue
                self.unsaved = str(err)
                return True
            break
        self.unsaved = None
        return saved

    def went_stale(self) -> Changed:
        """The game went on (or was deleted) in another tab: stop here (no bot of this
        tab moves again) and say so."""
        self.controller.table.drop_picks()
        return STOPPED

    def panel(self) -> str:
        """The notice above the board when this tab may not, or could not, save."""
        stale = self.tab.stale
        if stale is not None:
            return stale_notice(self.controller.t, stale)
        if self.unsaved is not None:
            return unsaved_notice(self.controller.t, self.unsaved)
        return ""

    def status(self) -> str | None:
        """The whole status line of a stale tab: the turn it shows is not the game's."""
        return None if self.tab.stale is None else stale_title(self.controller.t, self.tab.stale)

    # ---- news from other tabs, and the menu's storage line ---------------------------------

    def room_note(self) -> str | None:
        """How full local storage is, once it passes ``WARN_AT`` (app/room.py)."""
        used = fullness(self.controller.store)
        if used < WARN_AT:
            return None
        t = self.controller.t
        return t("room.warn", percent=t.number(min(100, round(used * 100))))

    def store_changed(self, key: str | None, out: list[Effect]) -> Changed:
        """Another tab wrote (``key``; None: it is not known what): this tab's game may
        have gone on there (app/tabs.py)."""
        session = self.controller.session
        assert session is not None
        if key in (None, saves.PREFIX + session.save_id) and not self.tab.check(
                session, self.controller.clock()):
            return self.went_stale()
        return NOTHING

    # ---- the stale tab's choices ---------------------------------------------------------

    def do_take_newer(self, event: Action, out: list[Effect]) -> Changed:
        """The stale tab goes on from the position saved by the other tab."""
        if self.controller.session is None:
            return NOTHING
        entry = saves.read(self.controller.store, self.controller.session.save_id)
        t = self.controller.t
        if entry is None:
            return go(GoMenu(t("error.save_missing")))
        if entry.session is None:
            return go(GoMenu(t("error.link_save_broken", reason=entry.why or "")))
        return go(GoGame(entry.session, entry.raw))

    def do_keep_here(self, event: Action, out: list[Effect]) -> Changed:
        """The game was deleted in another tab; this tab's player saves it again (opened
        afresh first: that resets the tab's record, which the write goes by)."""
        session = self.controller.session
        stale = self.tab.stale
        if session is None or stale is None or not stale.deleted:
            return NOTHING
        raw = self.controller.store.get(saves.PREFIX + session.save_id)
        return go(GoGame(session, raw, save=True))

