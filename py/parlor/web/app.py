"""The page: DOM events in, ``app.controller`` effects out, nothing decided here.

This module only reads the DOM (which element was clicked, a set-up form's fields),
keeps the timers the controller asks for, and writes what the controller returns into
the page. What a click, a bot's turn or a timed window does is the controller's
business, tested in CPython (tests/test_controller.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_proxy, to_js

from parlor.app.controller import Controller
from parlor.app.drawn import drawn_once
from parlor.app.events import (
    Action,
    After,
    Boot,
    BotMoved,
    Confirm,
    Download,
    Effect,
    Event,
    Focus,
    FormChanged,
    LanguageChosen,
    LinkAccept,
    LinkClose,
    LinkOpen,
    LinkSend,
    MenuMessage,
    Move,
    Pick,
    SetUrl,
    ShareLink,
    ShowForm,
    ShowGame,
    ShowMenu,
    ShowSaves,
    StoreChanged,
)
from parlor.render.contract import ActionName, Carry, is_action, is_carry
from parlor.web.carry import pressed, read_form, with_form, with_people
from parlor.web.dom import absent, attr, el, redraw
from parlor.web.lab import LAB_EFFECTS, LabPage
from parlor.web.panzoom import PanZoom
from parlor.web.peer import Peers, draw_codes, pairing_action, scan
from parlor.web.storage import open_store
from parlor.web.tasks import background
from parlor.web.touch import LongPress
from parlor.web.voice import Voice


def now_ms() -> float:
    return float(js.Date.now())


def fmt_time(ms: float) -> str:
    """A save's date as the browser writes it in the page's language (Persian calendar)."""
    return str(js.Date.new(ms).toLocaleString(js.document.documentElement.lang))


def query_params() -> dict[str, str]:
    params = js.URLSearchParams.new(js.window.location.search)
    return {str(k): str(v) for k, v in params.entries()}


def set_url(params: Any, fragment: str = "") -> None:
    path = str(js.window.location.pathname)
    if params:
        query = js.URLSearchParams.new(to_js(dict(params), dict_converter=js.Object.fromEntries))
        path += "?" + str(query.toString())
    if fragment:
        path += "#" + fragment
    js.window.history.replaceState(None, "", path)


def page_address() -> str:
    """This page's address without query or fragment (invitation links start with it)."""
    return str(js.window.location.origin) + str(js.window.location.pathname)


def fragment() -> str:
    """The address after "#" (a share link's ``m=<data>``), as it was typed."""
    return str(js.window.location.hash or "")[1:]


#: Keys that move through a review (reading direction decides which arrow is "next").
REPLAY_KEYS: dict[str, ActionName] = {"Home": "replay-first", "End": "replay-last"}


class App:
    def __init__(self) -> None:
        store, note = open_store()
        # The language assets/lang.js chose before the page was drawn.
        lang = str(js.document.documentElement.lang or "en")
        self.controller = Controller(store, now_ms, fmt_time, note, lang=lang)
        self._proxies: list[Any] = []
        # Pan/zoom of svg[data-panzoom] boards: view state of the page, per save.
        self.panzoom = PanZoom(lambda: self.controller.session.save_id
                               if self.controller.session else "")
        self.voice = Voice()
        #: Actions that only change how the page looks, never the game.
        self.view_actions: dict[ActionName, Callable[[], None]] = {
            "zoom-in": lambda: self.panzoom.zoom(1 / 1.25),
            "zoom-out": lambda: self.panzoom.zoom(1.25),
            "zoom-fit": self.panzoom.fit,
            "share-close": lambda: setattr(el("share-box"), "hidden", True),
            "print": lambda: js.window.print(),  # the print stylesheet picks what shows
        }
        self.peers = Peers(self.send)  # connections to other devices
        self.lab = LabPage(self.send, self.voice)  # the Bot Lab's screen and worker
        #: How the page reads what a pressed element carries (its ``data-carry``, which
        #: the screen that drew it wrote), by kind; each sends the action with it.
        self.carriers: dict[Carry, Callable[[Any, ActionName], object]] = {
            "form": lambda target, action: self.send(with_form(target, action)),
            "people": lambda target, action: self.send(with_people(target, action)),
            "lab": lambda target, action: self.send(self.lab.run_action(action)),
            "pairing": lambda target, action: self.send(pairing_action(target, action)),
            "file": lambda target, action: background(
                self.import_game(target, action)),
            "scan": lambda target, action: background(scan(target, self.activate)),
        }

    def boot(self) -> None:
        root = js.document.body
        for kind, handler in (("click", self.on_click), ("keydown", self.on_key),
                              ("change", self.on_change), ("input", self.lab.on_input),
                              ("dragover", self.lab.on_drag), ("drop", self.lab.on_drop)):
            proxy = create_proxy(handler)
            self._proxies.append(proxy)
            root.addEventListener(kind, proxy)
        for kind, handler in (("hashchange", self.on_hash), ("storage", self.on_storage)):
            proxy = create_proxy(handler)
            self._proxies.append(proxy)
            js.window.addEventListener(kind, proxy)
        self.panzoom.bind(root, self._proxies)  # wheel, pointers, keys inside the board
        LongPress().bind(root, self._proxies)  # no context menu over pieces on a tablet
        self.send(Boot(query_params(), fragment(), page_address()))
        el("loading").hidden = True
        for b in js.document.querySelectorAll("[data-needs-python]"):
            b.disabled = False
        js.document.body.dataset.ready = "1"
        js.performance.mark("parlor:ready")

    # ---- carrying out effects -------------------------------------------------------

    def send(self, event: Event) -> None:
        started = float(js.performance.now())
        for effect in drawn_once(self.controller.handle(event)):
            self.apply(effect, started)

    def apply(self, effect: Effect, started: float) -> None:
        if isinstance(effect, ShowGame):
            self.show_game(effect)
        elif isinstance(effect, ShowMenu):
            self.show_menu(effect)
        elif isinstance(effect, ShowSaves):
            self.show_saves(effect.saves, effect.resume)
        elif isinstance(effect, ShowForm):
            slot = el(f"setup-{effect.game}")
            if not absent(slot):
                redraw(slot, effect.html)
        elif isinstance(effect, MenuMessage):
            el("menu-message").textContent = effect.text
            el("menu-message").hidden = False
        elif isinstance(effect, SetUrl):
            set_url(effect.params, effect.fragment)
        elif isinstance(effect, After):
            background(self.later(effect.ms, effect.event))
        elif isinstance(effect, Focus):
            node = js.document.querySelector(f'[data-pick="{effect.pick}"]')
            if not absent(node):
                node.focus()
        elif isinstance(effect, LinkOpen | LinkAccept | LinkSend | LinkClose):
            self.peers.apply(effect)
        elif isinstance(effect, ShareLink):
            self.share(effect.data, effect.key)
        elif isinstance(effect, LAB_EFFECTS):
            self.lab.apply(effect)
        elif isinstance(effect, Download):
            self.download(effect.filename, effect.text, effect.mime)
        elif isinstance(effect, Confirm):
            if js.window.confirm(effect.question):
                self.send(effect.event)
        elif isinstance(effect, BotMoved):
            # Measured for `make bench` (bot move time in the browser, per level).
            now = float(js.performance.now())
            js.performance.measure(effect.label, to_js(
                {"start": min(started, now - effect.ms), "end": now},
                dict_converter=js.Object.fromEntries))

    async def later(self, ms: int, event: Event) -> None:
        await asyncio.sleep(ms / 1000)
        self.send(event)

    def show_game(self, effect: ShowGame) -> None:
        out = effect.screen
        el("menu").hidden = True
        root = el("game")
        root.hidden = False
        js.document.body.dataset.screen = "game"
        redraw(root, out.html)
        self.panzoom.restore()  # the view this save's board had (pan/zoom is not game state)
        root.setAttribute("data-game", effect.game)
        root.setAttribute("data-phase", out.phase)
        root.setAttribute("data-to-act", "" if out.to_act is None else str(out.to_act))
        # A redraw with no new move keeps still what was animated already.
        still = out.data.get("moves") is not None and attr(root, "data-moves") == out.data["moves"]
        root.toggleAttribute("data-still", still)
        for name in ("ply", "plies", "moves", "link", "busy"):  # page contract
            if name in out.data:
                root.setAttribute(f"data-{name}", out.data[name])
            else:
                root.removeAttribute(f"data-{name}")
        self.voice.game(out)
        draw_codes(root)

    def show_menu(self, effect: ShowMenu) -> None:
        el("game").hidden = True
        el("game").innerHTML = ""
        el("menu").hidden = False
        js.document.body.dataset.screen = "menu"
        for prefix, parts in (("setup", effect.forms), ("rules", effect.rules)):
            for game_id, html in parts.items():
                slot = el(f"{prefix}-{game_id}")
                if not absent(slot):
                    redraw(slot, html)
        self.show_saves(effect.saves, effect.resume)
        banner = el("menu-message")
        banner.textContent = effect.message
        banner.hidden = not effect.message
        self.voice.menu(effect.status)
        draw_codes(el("menu"))

    def show_saves(self, markup: str, resume: str | None) -> None:
        el("saves").innerHTML = markup
        cont = el("continue")
        cont.hidden = resume is None
        if resume is not None:
            cont.setAttribute("data-save", resume)

    def share(self, data: str, key: str = "m") -> None:
        """Put the link in the share box, show it and try to copy it (the clipboard may
        refuse: the box then says to copy it by hand). ``key`` "bot": a Lab bot's link,
        whose box says so."""
        href = str(js.window.location.href).split("#")[0].split("?")[0]
        link = f"{href}#{key}={data}"
        box, field_ = el("share-box"), js.document.querySelector("input[data-share-link]")
        lang = js.document.documentElement.lang
        bot = key == "bot"
        for node_id, words in (("share-title", ("shell.share.bot_title", "shell.share.title")),
                               ("share-help", ("shell.share.bot_help", "shell.share.help"))):
            el(node_id).textContent = str(js.parlorShell.word(lang, words[0 if bot else 1]))
        field_.value = link
        box.hidden = False
        field_.focus()
        field_.select()
        note = el("share-note")

        def said(key: str) -> Callable[[Any], None]:
            return lambda _: setattr(note, "textContent", str(js.parlorShell.word(lang, key)))

        note.textContent = ""
        try:
            js.navigator.clipboard.writeText(link).then(
                create_proxy(said("shell.share.copied")),
                create_proxy(said("shell.share.copy_by_hand")))
        except Exception:  # no clipboard in this browser: the selected link is there
            said("shell.share.copy_by_hand")(None)

    async def import_game(self, target: Any, action: ActionName) -> None:
        """A file form (the button's own section: import a game, restore a backup):
        pasted text wins; else the chosen file's text."""
        form = target.closest("section")
        area = form.querySelector("textarea[data-import-text]")
        text = "" if absent(area) else str(area.value or "")
        files = form.querySelector("input[type=file]").files
        if not text.strip() and files.length > 0:
            text = str(await files.item(0).text())
        self.send(Action(action, value=text))

    def download(self, filename: str, text: str, mime: str) -> None:
        blob = js.Blob.new([text], to_js({"type": mime},
                                         dict_converter=js.Object.fromEntries))
        link = js.document.createElement("a")
        link.href = js.URL.createObjectURL(blob)
        link.download = filename
        link.click()

    # ---- DOM events -----------------------------------------------------------------

    def on_key(self, event: Any) -> None:
        key = str(event.key)
        if key not in ("Enter", " "):
            self.replay_key(event, key)
            return
        target = event.target.closest("[data-move],[data-pick]")
        if not absent(target):
            event.preventDefault()
            self.activate(target)

    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-move],[data-pick],[data-action]")
        if not absent(target) and not target.hasAttribute("disabled"):
            self.activate(target)

    def replay_key(self, event: Any, key: str) -> None:
        """Arrows, Home and End step through a review (not while typing in a field)."""
        if str(el("game").dataset.phase or "") != "replay" or str(event.target.tagName) in (
                "INPUT", "SELECT", "TEXTAREA"):
            return
        rtl = str(js.document.documentElement.dir) == "rtl"
        arrows: dict[str, ActionName] = {"ArrowRight": "replay-prev" if rtl else "replay-next",
                  "ArrowLeft": "replay-next" if rtl else "replay-prev"}
        action = REPLAY_KEYS.get(key) or arrows.get(key)
        if action is not None:
            event.preventDefault()
            self.send(Action(action))

    def on_hash(self, event: Any) -> None:
        """An invitation link opened in a tab that is already open."""
        frag = fragment()
        if frag.startswith("join="):
            self.send(Action("join", value=frag[5:]))

    def on_storage(self, event: Any) -> None:
        """Another tab wrote to local storage (app/tabs.py; its own writes fire none)."""
        self.send(StoreChanged(None if absent(event.key) else str(event.key)))

    def on_change(self, event: Any) -> None:
        if str(event.target.id) == "lang-picker":  # the shell has switched its own words
            self.send(LanguageChosen(str(event.target.value)))
            return
        changed = attr(event.target, "data-change")  # a review's or watch bar's control
        if is_action(changed):  # a box says whether it is checked (the Lab's entrants)
            box = str(event.target.type) == "checkbox"
            checked = {"checked": "true" if event.target.checked else ""} if box else None
            self.send(Action(changed, value=str(event.target.value), form=checked))
            return
        if event.target.hasAttribute("data-lab-import"):
            background(self.lab.import_file(event.target))
            return
        field_ = attr(event.target, "data-field")
        form = event.target.closest("[data-game-form]")
        if field_ is None or absent(form):
            return
        game_id = attr(form, "data-game-form") or ""
        self.send(FormChanged(game_id, field_, read_form(game_id)))

    def activate(self, target: Any) -> None:
        move = attr(target, "data-move")
        if move is not None:
            self.send(Move(move))
            return
        pick = attr(target, "data-pick")
        if pick is not None:
            self.send(Pick(pick))
            return
        action = attr(target, "data-action")
        if not is_action(action):  # nothing answers it
            return
        if action in self.view_actions:
            self.view_actions[action]()
            return
        carry = attr(target, "data-carry")
        if is_carry(carry):
            self.carriers[carry](target, action)
        else:
            self.send(pressed(target, action))


def main() -> None:
    # For `make bench`: PyScript has unpacked the files and imported this module.
    js.performance.mark("parlor:main")
    app = App()
    js.window.parlorApp = create_proxy(app)
    try:
        app.boot()
    except Exception as err:
        el("loading").hidden = False
        el("loading").textContent = str(js.parlorShell.word(
            js.document.documentElement.lang, "shell.failed")).replace("{reason}", str(err))
        raise
