"""Saving a game, for the controller: one writer per game across tabs (app/tabs.py) and
a storage that fills up (app/room.py).

Every write of a game goes through ``_save``: a compare-and-set against what this tab
last read or wrote, so a tab showing an older position never writes over a game that
went on in another tab; it stops instead and offers the newer position. ``Controller``
inherits these and provides the few methods declared at the top.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from parlor.app import saves
from parlor.app.classroom.review import Review
from parlor.app.events import Action, Effect, ShowSaves
from parlor.app.pairing.guesting import Guest
from parlor.app.room import WARN_AT, free_some, fullness
from parlor.app.saves import KeyValue
from parlor.app.session import Session
from parlor.app.tabs import Tab
from parlor.app.thinking import BotThinking
from parlor.core.windows import Window
from parlor.i18n.catalog import Translator
from parlor.render.menu import saves_html
from parlor.render.notices import stale_notice, stale_title, unsaved_notice


class SavingDesk:
    """Writes, the stale tab and the full storage (mixed into ``Controller``)."""

    store: KeyValue
    t: Translator
    clock: Callable[[], float]
    fmt_time: Callable[[float], str]
    session: Session | None
    review: Review | None
    guest: Guest | None
    tab: Tab
    unsaved: str | None  # why the newest moves could not be written
    generation: int
    thinking: bool
    turn: BotThinking | None
    window: Window | None
    picks: tuple[str, ...]
    message: str | None

    # ---- provided by Controller (declared for the type checker only: a stub here would
    # hide the real method in the MRO) ----------------------------------------------------

    if TYPE_CHECKING:
        def _render(self, out: list[Effect]) -> None: ...

        def _menu(self, out: list[Effect], message: str | None = None) -> None: ...

        def _open(self, session: Session, out: list[Effect], raw: str | None) -> None: ...

    # ---- writing ------------------------------------------------------------------------

    def _save(self, out: list[Effect]) -> bool:
        """Write the game; False when it went on in another tab (this tab then stops).
        A full storage makes watched games give way (app/room.py); when nothing more
        can, the game goes on unsaved, saying so, and the text saved before is kept."""
        session = self.session
        assert session is not None
        while True:
            try:
                saved = self.tab.save(session, self.clock())
            except Exception as err:  # storage full or gone
                if free_some(self.store, session.save_id):
                    continue
                self.unsaved = str(err)
                return True
            break
        self.unsaved = None
        if not saved:
            self._went_stale(out)
        return saved

    def _went_stale(self, out: list[Effect]) -> None:
        """The game went on (or was deleted) in another tab: stop here and say so."""
        self.generation += 1  # no bot of this tab moves again
        self.thinking, self.turn, self.window, self.picks = False, None, None, ()
        self._render(out)

    def saving_panels(self) -> str:
        """The notice above the board when this tab may not, or could not, save."""
        stale = self.tab.stale
        if stale is not None:
            return stale_notice(self.t, stale)
        if self.unsaved is not None:
            return unsaved_notice(self.t, self.unsaved)
        return ""

    def saving_status(self) -> str | None:
        """The whole status line of a stale tab: the turn it shows is not the game's."""
        return None if self.tab.stale is None else stale_title(self.t, self.tab.stale)

    # ---- news from other tabs, and the menu's storage line ---------------------------------

    def _room_note(self) -> str | None:
        """How full local storage is, once it passes ``WARN_AT`` (app/room.py)."""
        used = fullness(self.store)
        if used < WARN_AT:
            return None
        return self.t("room.warn", percent=self.t.number(min(100, round(used * 100))))

    def _store_changed(self, key: str | None, out: list[Effect]) -> None:
        """Another tab wrote: this tab's game may have gone on there (app/tabs.py); the
        menu's list of saves is drawn again."""
        if key is not None and not key.startswith(saves.PREFIX):
            return
        session = self.session
        if session is not None and self.guest is None:
            if key in (None, saves.PREFIX + session.save_id) and not self.tab.check(
                    session, self.clock()):
                self._went_stale(out)
        elif self.session is None and self.review is None and self.guest is None:
            entries = saves.list_saves(self.store)
            latest = next((e for e in entries if e.ok), None)
            out.append(ShowSaves(saves_html(self.t, entries, self.fmt_time),
                                 None if latest is None else latest.id))

    # ---- the stale tab's choices ---------------------------------------------------------

    def do_take_newer(self, event: Action, out: list[Effect]) -> None:
        """The stale tab goes on from the position saved by the other tab."""
        if self.session is None:
            return
        entry = saves.read(self.store, self.session.save_id)
        if entry is None:
            self._menu(out, self.t("error.save_missing"))
        elif entry.session is None:
            self._menu(out, self.t("error.link_save_broken", reason=entry.why or ""))
        else:
            self._open(entry.session, out, entry.raw)

    def do_keep_here(self, event: Action, out: list[Effect]) -> None:
        """The game was deleted in another tab; this tab's player saves it again."""
        session = self.session
        stale = self.tab.stale
        if session is None or stale is None or not stale.deleted:
            return
        self._open(session, out, self.store.get(saves.PREFIX + session.save_id))
        self._save(out)


#: The actions of a stale tab's notice.
SAVING_ACTIONS: dict[str, Callable[[SavingDesk, Action, list[Effect]], None]] = {
    "take-newer": SavingDesk.do_take_newer,
    "keep-here": SavingDesk.do_keep_here,
}
