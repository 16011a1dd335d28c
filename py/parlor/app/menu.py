"""The menu's actions: a tile's Play, remembering what a set-up form holds, starting a
game from it, and the saved games' delete and download buttons.

A part of the controller: it owns the forms and reaches the rest of the app through
``MenuController``, which holds only what this part uses.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Protocol

from parlor.app import backup, saves
from parlor.app.events import (
    Action,
    Confirm,
    Download,
    Effect,
    FormChanged,
    MenuMessage,
    SetUrl,
    ShowForm,
    ShowMenu,
    ShowSaves,
)
from parlor.app.forms import MenuForm, initial_forms
from parlor.app.page import NOTHING, Changed, GoMenu, GoNew, Handler, go
from parlor.app.screens.menu import saves_html
from parlor.app.screens.rules import rules_html
from parlor.app.seats import parse_seat
from parlor.app.setup import Setup, parse_setup, play_setup
from parlor.core.errors import BadOptions, BadSave, ParlorError
from parlor.render.contract import ActionName

if TYPE_CHECKING:
    from parlor.app.saves import KeyValue
    from parlor.app.session import Session
    from parlor.i18n.catalog import Translator


class MenuController(Protocol):
    """The controller, as the menu sees it: the saves and their times, the words, the game
    shown (for Play again) and a new game's seed. (A game started, or the menu drawn
    again, it returns, for the controller to open: ``page.GoNew``, ``page.GoMenu``.)"""

    @property
    def store(self) -> KeyValue: ...
    @property
    def t(self) -> Translator: ...
    @property
    def fmt_time(self) -> Callable[[float], str]: ...
    @property
    def session(self) -> Session | None: ...
    def new_seed(self) -> int: ...
    def net_param(self) -> dict[str, str]: ...
    @property
    def clock(self) -> Callable[[], float]: ...


class Menu:
    """Set-up forms and saved-game buttons: a part of the controller."""

    def __init__(self, controller: MenuController) -> None:
        self.controller = controller
        #: What each game's set-up form holds (kept while the page is open).
        self.forms: dict[str, MenuForm] = initial_forms()

    def actions(self) -> Mapping[ActionName, Handler]:
        """The ``data-action`` names these handlers answer."""
        return {"start": self.do_start, "again": self.do_again, "play": self.do_play,
                "delete": self.do_delete, "delete-confirmed": self.do_delete_confirmed,
                "download": self.do_download, "backup": self.do_backup,
                "restore": self.do_restore}

    # ---- the forms and the saves list ---------------------------------------------------

    def do_again(self, event: Action, out: list[Effect]) -> Changed:
        """The end screen's Play again: the same table (a Lab bot with its code), a new
        deal."""
        if self.controller.session is None:
            return NOTHING
        m = self.controller.session.match
        seats = tuple(parse_seat(m.game, s) for s in m.seats)
        return go(GoNew(Setup(game=m.game, seats=seats, seed=self.controller.new_seed(),
                              options=m.options, names=m.names, lab=m.lab)))

    def _remember_form(self, game_id: str, form: Mapping[str, str]) -> None:
        from parlor.games import GAMES

        f = self.forms[game_id]
        f.players = int(form.get("players", f.players))
        f.seats = form.get("seats", "").split(",")
        specs = {s.key: s for s in GAMES[game_id].option_specs}
        for key, text in form.items():
            if key.startswith("opt.") and key[4:] in specs:
                f.options[key[4:]] = specs[key[4:]].parse(text)

    def form_changed(self, event: FormChanged, out: list[Effect]) -> None:
        if event.game not in self.forms:
            return
        try:
            self._remember_form(event.game, event.form)
        except BadOptions as err:
            out.append(MenuMessage(err.says(self.controller.t)))
        if event.field == "players":
            out.append(ShowForm(event.game, self.forms[event.game].html(self.controller.t)))

    def do_start(self, event: Action, out: list[Effect]) -> Changed:
        game_id = event.game
        if game_id is None or game_id not in self.forms or event.form is None:
            return NOTHING
        try:
            self._remember_form(game_id, event.form)
            return self._new(parse_setup(event.form, self.controller.new_seed()))
        except ParlorError as err:
            out.append(MenuMessage(self.controller.t("error.cannot_start", reason=err.message)))
            return NOTHING

    def _new(self, setup: Setup) -> Changed:
        """A new game of ``setup``, saying why the table was changed, if it was."""
        note = self.controller.t.text(setup.note) if setup.note else None
        return go(GoNew(setup, note))

    def do_play(self, event: Action, out: list[Effect]) -> Changed:
        """A tile's Play: the default table at once, ``form["humans"]`` people sharing
        the device and the default bot in every other seat (setup.play_setup). The
        More options form is left as the player set it."""
        if event.game is None:
            return NOTHING
        try:
            setup = play_setup(event.game, (event.form or {}).get("humans", "1"),
                               self.controller.new_seed())
        except ParlorError as err:
            out.append(MenuMessage(self.controller.t("error.cannot_start", reason=err.message)))
            return NOTHING
        return self._new(setup)

    def _saves(self) -> ShowSaves:
        """The saved games' list and the one Continue resumes (the newest readable)."""
        entries = saves.list_saves(self.controller.store)
        latest = next((e for e in entries if e.ok), None)
        return ShowSaves(saves_html(self.controller.t, entries, self.controller.fmt_time),
                         None if latest is None else latest.id)

    def draw(self, message: str, out: list[Effect]) -> None:
        """The menu: the games' tiles, forms and rules, the saved games, ``message``."""
        t = self.controller.t
        listed = self._saves()
        out.append(SetUrl(self.controller.net_param() or None))
        out.append(ShowMenu(
            forms={gid: f.html(t) for gid, f in self.forms.items()},
            saves=listed.saves,
            resume=listed.resume,
            message=message,
            status=message or t("menu.choose"),
            rules={gid: rules_html(t, gid) for gid in self.forms},
        ))

    def saves_changed(self, out: list[Effect]) -> None:
        """Another tab wrote a save: the menu's list is drawn again."""
        out.append(self._saves())

    def do_delete(self, event: Action, out: list[Effect]) -> None:
        if event.save:
            out.append(Confirm(self.controller.t("saves.confirm_delete"),
                               Action("delete-confirmed", save=event.save)))

    def do_delete_confirmed(self, event: Action, out: list[Effect]) -> Changed:
        if not event.save:
            return NOTHING
        saves.delete(self.controller.store, event.save)
        return go(GoMenu())

    def do_download(self, event: Action, out: list[Effect]) -> None:
        raw = self.controller.store.get(saves.PREFIX + (event.save or ""))
        if raw is not None:
            out.append(Download(f"parlor-save-{event.save}.json", raw))


    def do_backup(self, event: Action, out: list[Effect]) -> None:
        """Back up everything: every save, bot and setting in one file (app/backup.py)."""
        now = self.controller.clock()
        out.append(Download(backup.file_name(now), backup.backup_text(self.controller.store, now)))

    def do_restore(self, event: Action, out: list[Effect]) -> Changed:
        """A backup file's text: its saves and bots join this device's, nothing here is
        replaced; the menu says what came in and why anything was left out."""
        t = self.controller.t
        if not (event.value or "").strip():
            out.append(MenuMessage(t("backup.none_chosen")))
            return NOTHING
        try:
            done = backup.restore(self.controller.store, event.value or "", self.controller.clock(),
                                  t.number)
        except BadSave as err:
            out.append(MenuMessage(t("backup.failed", reason=t.text(err.message))))
            return NOTHING
        return go(GoMenu(backup.said(t, done)))
