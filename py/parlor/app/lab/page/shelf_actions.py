"""What the Lab's buttons do to its bots: a new one, another chosen, one renamed,
deleted (and brought back), duplicated, entered in or left out of the tournament; the
code kept as it is typed; and what another tab wrote.

The Lab part (app/lab/page/part.py) owns the shelf and draws; this part changes the shelf
and keeps it, through ``LabTab`` (app/lab/page/shelf_sync.py), so that two tabs on one Lab
merge rather than write over each other. A refused name says why in the Lab's note.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from parlor.app.events import Action, Effect
from parlor.app.lab.page.keep import PREFIX, Shelf, starter
from parlor.app.lab.page.shelf_edits import (
    deleted,
    duplicated,
    entered,
    forgotten,
    name_problem,
    renamed,
    restored,
    tidy,
)
from parlor.app.lab.page.shelf_sync import LabStale, LabTab
from parlor.app.lab.page.state import LabRun
from parlor.render.contract import ActionName

if TYPE_CHECKING:
    from parlor.app.saves import KeyValue
    from parlor.i18n.catalog import Translator

#: The actions answered here (``Lab.act`` hands them over).
SHELF_ACTIONS: tuple[ActionName, ...] = (
    "lab-new", "lab-bot", "lab-rename", "lab-delete", "lab-undo",
    "lab-duplicate", "lab-enter", "lab-take-newer")


class ShelfController(Protocol):
    @property
    def store(self) -> KeyValue: ...
    @property
    def t(self) -> Translator: ...


class ShelfHolder(Protocol):
    """The Lab part, as this part sees it."""

    @property
    def controller(self) -> ShelfController: ...
    game: str | None
    shelf: Shelf | None
    version: int  # bumped when the editor's text is replaced from here
    note: str | None
    run: LabRun | None  # its score is kept under its bot's name, whatever it is by then

    def draw(self, out: list[Effect], whole: bool = False) -> None: ...


class Shelves:
    """The bots of the Lab's game, kept in step with the store and other tabs."""

    def __init__(self, lab: ShelfHolder) -> None:
        self.lab = lab
        self.tab = LabTab(lab.controller.store)

    @property
    def stale(self) -> LabStale | None:
        return self.tab.stale

    def read(self, game: str) -> Shelf:
        t = self.lab.controller.t
        shelf = self.tab.read(game, t("lab.first_name"), starter(t))
        if shelf.unreadable is not None:
            self.lab.note = self.lab.controller.t("lab.unreadable")
        return shelf

    def _keep_as(self, name: str) -> str:
        return self.lab.controller.t("lab.kept_name", name=name)

    def keep(self, out: list[Effect]) -> None:
        """Store the shelf (merged with another tab's writes); a tab that thereby
        learns its bot changed elsewhere stops and is drawn again."""
        lab, t = self.lab, self.lab.controller.t
        if lab.shelf is None:
            return
        was = self.tab.stale
        kept = self.tab.write(lab.shelf, self._keep_as, t.number)
        if kept is None:
            if lab.note != t("lab.unreadable"):  # said once, not at every keystroke
                lab.note = t("lab.unreadable")
                lab.draw(out)
            return
        lab.shelf = kept
        if self.tab.stale != was:
            lab.version += 1
            lab.draw(out, whole=True)

    def code(self, text: str, out: list[Effect]) -> None:
        """The editor's text, kept as the student types."""
        lab = self.lab
        if lab.shelf is not None:
            lab.shelf = self.tab.typed(lab.shelf, text, self._keep_as, lab.controller.t.number)
            self.keep(out)

    def store_changed(self, key: str | None, out: list[Effect]) -> None:
        """Another tab wrote ``key`` (None: it is not known what)."""
        lab = self.lab
        if lab.shelf is None or lab.game is None or key not in (None, PREFIX + lab.game):
            return
        was, before = self.tab.stale, lab.shelf
        lab.shelf = self.tab.changed(lab.shelf, self._keep_as, lab.controller.t.number)
        listed = (before.names(), before.left_out) != (lab.shelf.names(), lab.shelf.left_out)
        if self.tab.stale != was or listed:  # a bot made, renamed or left out there
            lab.version += 1
            lab.draw(out, whole=True)

    def act(self, name: ActionName, event: Action, out: list[Effect]) -> None:
        """A ``SHELF_ACTIONS`` action; any other action first lets a deleted bot go
        (Undo is offered until the next action)."""
        lab = self.lab
        assert lab.shelf is not None and lab.game is not None
        if self.tab.stale is not None:
            if name == "lab-take-newer":
                self._take_newer(out)
            return  # a stale tab does nothing else: it would work on an old text
        if name != "lab-undo" and lab.shelf.deleted is not None:
            lab.shelf = forgotten(lab.shelf)
            self.keep(out)
            if name not in SHELF_ACTIONS:
                lab.draw(out)  # the Undo offer goes
        if name not in SHELF_ACTIONS:
            return
        t = lab.controller.t
        shelf, lab.note = lab.shelf, None
        if name == "lab-new":
            shelf = shelf.added(t("lab.first_name"), starter(t), t.number)
        elif name == "lab-bot":
            shelf = shelf.chosen(event.value or "")
        elif name == "lab-rename":
            new = tidy((event.form or {}).get("name", ""))
            problem = name_problem(shelf, new, shelf.current)
            if problem is not None:
                lab.note = t.say(problem)
                lab.draw(out)
                return
            if lab.run is not None and lab.run.bot == shelf.current:
                lab.run.bot = new  # a match under way keeps its score under the new name
            shelf = renamed(shelf, shelf.current, new)
        elif name == "lab-delete":
            if len(shelf.bots) < 2:
                lab.note = t("lab.delete.last")
                lab.draw(out)
                return
            shelf = deleted(shelf, shelf.current)
        elif name == "lab-undo":
            shelf = restored(shelf, t.number)
        elif name == "lab-duplicate":
            shelf = duplicated(shelf, shelf.current, t("lab.copy_name", name=shelf.current),
                               t.number)
        elif name == "lab-enter":
            on = (event.form or {}).get("checked") == "true"
            lab.shelf = entered(shelf, event.value or "", on)
            self.keep(out)
            return  # the box shows it already: the editor is left as it is
        lab.shelf = shelf
        self.keep(out)
        lab.version += 1
        lab.draw(out, whole=True)

    def _take_newer(self, out: list[Effect]) -> None:
        """The stale tab goes on from what the other tab stored, in the bot it was on
        (or the one its own text was kept as, when that bot is gone)."""
        lab, stale = self.lab, self.tab.stale
        assert lab.game is not None and stale is not None
        shelf = self.read(lab.game)
        for name in (stale.bot, stale.kept):
            if name is not None and name in shelf.bots:
                shelf = shelf.chosen(name)
                break
        lab.shelf = shelf
        if stale.kept is not None:
            lab.note = lab.controller.t("lab.stale.kept", name=stale.kept)
        lab.version += 1
        lab.draw(out, whole=True)
