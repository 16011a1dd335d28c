"""The Bot Lab on the page: its screen drawn, its worker asked (assets/lab.js), the
editor's text and the ``.py`` files chosen or dropped read. What any of it means is
``app/lab/page/part.py``'s business."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_proxy

from parlor.app.events import (
    Action,
    Effect,
    Event,
    LabChoose,
    LabChose,
    LabCode,
    LabEnd,
    LabReport,
    LabStart,
    LabStop,
    LabWarm,
    ShowLab,
)
from parlor.app.lab.page.handin import MAX_BOTS, MAX_FILE_BYTES, files_json
from parlor.app.lab.wire.messages import worker_news
from parlor.render.contract import ActionName
from parlor.web.dom import absent, attr, el, redraw
from parlor.web.tasks import background
from parlor.web.voice import Voice

LAB_EFFECTS = (ShowLab, LabStart, LabStop, LabWarm, LabEnd, LabChoose)


class LabPage:
    def __init__(self, send: Callable[[Event], None], voice: Voice) -> None:
        self.send, self.voice = send, voice
        self._report = create_proxy(self.report)  # kept: the worker calls it for a while
        self._chose = create_proxy(self.chose)  # a Lab bot's move in a game

    def apply(self, effect: Effect) -> None:
        if isinstance(effect, ShowLab):
            self.show(effect)
        elif isinstance(effect, LabStart):
            js.parlorLab.run(effect.request, self._report)
        elif isinstance(effect, LabStop):
            js.parlorLab.stop()
        elif isinstance(effect, LabWarm):
            js.parlorLab.warm()
        elif isinstance(effect, LabEnd):
            js.parlorLab.end()
        elif isinstance(effect, LabChoose):
            js.parlorLab.run(effect.request, self._chose)

    def report(self, kind: Any, text: Any) -> None:
        self.send(LabReport(*worker_news(str(kind), str(text))))

    def chose(self, kind: Any, text: Any) -> None:
        self.send(LabChose(*worker_news(str(kind), str(text))))

    def show(self, effect: ShowLab) -> None:
        status = el("status")
        if status.textContent != effect.status:  # said once, not at each redraw
            self.voice.menu(effect.status)
        root = el("game")
        if not effect.whole:
            slot = el("lab-results")
            if not absent(slot) and attr(root, "data-phase") == "lab":
                js.parlorLab.place(slot, effect.results_first)  # before or after the code
                # nodes kept, next task (lab.js); a tournament's table by its changes
                rest, grid = effect.patch or (effect.html, None)
                js.parlorLab.drawSoon(slot, rest, grid)
            return
        js.parlorLab.drop()  # redraws asked for before are older than this one
        el("menu").hidden = True
        root.hidden = False
        js.document.body.dataset.screen = "lab"
        redraw(root, effect.html)
        root.setAttribute("data-game", effect.game)
        root.setAttribute("data-phase", "lab")
        for name in ("data-to-act", "data-ply", "data-plies", "data-moves", "data-link",
                     "data-busy", "data-still"):
            root.removeAttribute(name)

    def run_action(self, name: ActionName) -> Action:
        """Run or a tournament: the code as the editor has it and the settings."""
        code = js.document.querySelector("textarea[data-lab-code]")
        form = {str(attr(node, "data-lab-field")): str(node.value)
                for node in js.document.querySelectorAll("[data-lab-field]")}
        return Action(name, value=None if absent(code) else str(code.value), form=form)

    def on_input(self, event: Any) -> None:
        if event.target.hasAttribute("data-lab-code"):
            self.send(LabCode(str(event.target.value)))

    async def import_file(self, node: Any) -> None:
        """``.py`` files chosen to become new bots (one, or a class's)."""
        files = [node.files.item(i) for i in range(node.files.length)]
        node.value = ""  # the same files can be chosen again (this empties ``node.files``)
        await self.send_files(files)

    async def send_files(self, files: list[Any]) -> None:
        """The text of each of ``files`` to Python, which judges it: a file over
        ``MAX_FILE_BYTES`` or past the ``MAX_BOTS``-th is not read, only named (a dropped
        folder of videos must not fill the page's memory)."""
        if not files:
            return
        read: list[tuple[str, str | None, int]] = []
        for i, chosen in enumerate(files):
            size = int(chosen.size)
            fits = size <= MAX_FILE_BYTES and i < MAX_BOTS
            read.append((str(chosen.name), str(await chosen.text()) if fits else None, size))
        self.send(Action("lab-import", value=files_json(read)))

    def on_drag(self, event: Any) -> None:
        """Files dragged over the Lab may be dropped there (elsewhere the page says no)."""
        if str(js.document.body.dataset.screen or "") == "lab":
            event.preventDefault()

    def on_drop(self, event: Any) -> None:
        """Files dropped on the Lab become bots, as if opened; dropped anywhere else on
        the Lab, they do not replace the page (a browser opens a dropped file)."""
        if str(js.document.body.dataset.screen or "") != "lab":
            return
        event.preventDefault()
        transfer = event.dataTransfer
        if not absent(transfer):
            files = transfer.files
            background(self.send_files([files.item(i) for i in range(files.length)]))
