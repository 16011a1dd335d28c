"""The page controller: events in, session updates, markup out, saves after every move.

Everything decided here is decided by pure code elsewhere (session, setup, saves,
render); this module only reads the DOM, storage and the clock, and writes results.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy, jsnull, to_js  # type: ignore[import-not-found]

from parlor.app import saves
from parlor.app.realtime import Window, open_window
from parlor.app.saves import DictStore, KeyValue
from parlor.app.session import Session
from parlor.app.setup import Setup, parse_setup, setup_query
from parlor.bots import make_bot
from parlor.core.errors import BadOptions, IllegalMove, ParlorError
from parlor.core.match import Match
from parlor.core.protocol import TABLE
from parlor.core.rng import Rng
from parlor.render.menu import saves_html, setup_form
from parlor.render.screen import game_screen, next_picks
from parlor.web.panzoom import PanZoom

#: How long a bot "thinks" before its move shows, so a person can follow the game.
BOT_DELAY_MS = 700
MAX_BOT_DELAY_MS = 10_000


def now_ms() -> float:
    return float(js.Date.now())


def fmt_time(ms: float) -> str:
    return str(js.Date.new(ms).toLocaleString())


def query_params() -> dict[str, str]:
    params = js.URLSearchParams.new(js.window.location.search)
    return {str(k): str(v) for k, v in params.entries()}


def set_url(params: dict[str, str] | None) -> None:
    path = str(js.window.location.pathname)
    if params:
        query = js.URLSearchParams.new(to_js(params, dict_converter=js.Object.fromEntries))
        path += "?" + str(query.toString())
    js.window.history.replaceState(None, "", path)


def el(id_: str) -> Any:
    return js.document.getElementById(id_)


def absent(value: Any) -> bool:
    """JS null arrives as ``jsnull`` and undefined as None: both mean "not there"."""
    return value is None or value is jsnull


def attr(node: Any, name: str) -> str | None:
    value = node.getAttribute(name)
    return None if absent(value) else str(value)


@dataclass
class MenuForm:
    """What the player chose so far in one game's set-up form (kept across re-renders)."""

    game: str
    players: int
    seats: list[str] = field(default_factory=list)
    options: dict[str, object] = field(default_factory=dict)


def initial_forms() -> dict[str, MenuForm]:
    from parlor.games import GAMES

    return {gid: MenuForm(gid, max(2, g.min_players) if g.max_players >= 2 else g.min_players)
            for gid, g in GAMES.items()}


class App:
    def __init__(self) -> None:
        self.store: KeyValue
        self.storage_note = ""
        try:
            from parlor.web.storage import LocalStore

            self.store = LocalStore()
            self.store.keys()
        except Exception as err:  # storage disabled (privacy mode, sandboxed iframe)
            self.store = DictStore()
            self.storage_note = f"Saving is unavailable in this browser ({err}); games " \
                                "will be lost when the page closes."
        self.session: Session | None = None
        self.confirmed: int | None = None
        self.picks: tuple[str, ...] = ()
        self.thinking = False
        self.message: str | None = None
        self.generation = 0
        self.bots: dict[int, Any] = {}
        self.window: Window | None = None  # a timed table decision in progress
        self.bot_delay = BOT_DELAY_MS
        self.forms = initial_forms()
        self._proxies: list[Any] = []
        # Saboteur: pan/zoom of svg[data-panzoom] boards (UI state, per save, in memory).
        self.panzoom = PanZoom(lambda: self.session.save_id if self.session else "")

    # ---- start-up -------------------------------------------------------------------

    def boot(self) -> None:
        root = js.document.body
        for kind, handler in (("click", self.on_click), ("keydown", self.on_key),
                              ("change", self.on_change)):
            proxy = create_proxy(handler)
            self._proxies.append(proxy)
            root.addEventListener(kind, proxy)
        self.panzoom.bind(root, self._proxies)  # wheel, pointers, keys inside the board
        params = query_params()
        self.read_delay(params)
        if "save" in params:
            entry = saves.read(self.store, params["save"])
            if entry is not None and entry.session is not None:
                self.open(entry.session)
            elif entry is not None:
                self.show_menu(f"The saved game in this link cannot be loaded: {entry.error}. "
                               "It is kept in the list below; you can download its text.")
            elif "game" in params:
                self.start_from_params(params, note="That saved game is gone; here is a new "
                                       "one with the same set-up.")
            else:
                self.show_menu("That saved game no longer exists.")
        elif "game" in params:
            self.start_from_params(params)
        else:
            self.show_menu()
        el("loading").hidden = True
        for b in js.document.querySelectorAll("[data-needs-python]"):
            b.disabled = False
        js.document.body.dataset.ready = "1"
        js.performance.mark("parlor:ready")

    def read_delay(self, params: dict[str, str]) -> None:
        text = params.get("botdelay")
        if text is None:
            return
        if text.isdigit() and int(text) <= MAX_BOT_DELAY_MS:
            self.bot_delay = int(text)
        else:
            self.message = f"botdelay must be a number of milliseconds up to " \
                           f"{MAX_BOT_DELAY_MS}, not {text!r}; using {BOT_DELAY_MS}."

    def start_from_params(self, params: dict[str, str], note: str | None = None) -> None:
        try:
            setup = parse_setup(params, fallback_seed=int(now_ms()) % 1_000_000_007)
        except ParlorError as err:
            self.show_menu(f"This link could not start a game: {err}.")
            return
        self.new_game(setup)
        for text in (setup.note, note):
            if text:
                self.say(text)

    # ---- menu -----------------------------------------------------------------------

    def show_menu(self, message: str | None = None) -> None:
        self.generation += 1  # stops any bot still thinking for the old game
        self.session = None
        self.thinking = False
        set_url(None)
        el("game").hidden = True
        el("game").innerHTML = ""
        el("menu").hidden = False
        js.document.body.dataset.screen = "menu"
        for game_id in self.forms:
            self.render_form(game_id)
        entries = saves.list_saves(self.store)
        el("saves").innerHTML = saves_html(entries, fmt_time)
        latest = next((e for e in entries if e.ok), None)
        cont = el("continue")
        cont.hidden = latest is None
        if latest is not None:
            cont.setAttribute("data-save", latest.id)
        notes = [m for m in (message or self.message, self.storage_note) if m]
        self.message = None
        banner = el("menu-message")
        banner.textContent = " ".join(notes)
        banner.hidden = not notes
        el("status").textContent = " ".join(notes) or "Choose a game."

    def render_form(self, game_id: str) -> None:
        f = self.forms[game_id]
        slot = el(f"setup-{game_id}")
        if not absent(slot):
            slot.innerHTML = setup_form(f.game, f.players, f.seats, f.options)

    def read_form(self, game_id: str) -> dict[str, str]:
        params: dict[str, str] = {"game": game_id}
        seats = []
        for node in js.document.querySelectorAll(f"#setup-{game_id} [data-field]"):
            name, value = attr(node, "data-field") or "", str(node.value)
            if name.startswith("seat"):
                seats.append(value)
            elif name != "seed" or value:
                params[name] = value
        params["seats"] = ",".join(seats)
        return params

    def remember_form(self, game_id: str) -> None:
        from parlor.games import GAMES

        form = self.forms[game_id]
        params = self.read_form(game_id)
        form.players = int(params.get("players", form.players))
        form.seats = params["seats"].split(",")
        specs = {s.key: s for s in GAMES[game_id].option_specs}
        for key, text in params.items():
            if key.startswith("opt.") and key[4:] in specs:
                form.options[key[4:]] = specs[key[4:]].parse(text)

    # ---- game -----------------------------------------------------------------------

    def new_game(self, setup: Setup) -> None:
        match = setup.to_match()
        now = now_ms()
        session = Session.start(match, saves.new_id(self.store, now), now)
        self.open(session)
        self.save()

    def open(self, session: Session) -> None:
        self.generation += 1
        self.session = session
        self.confirmed = None
        self.picks = ()
        self.thinking = False
        self.window = None
        self.bots = {}
        set_url({**setup_query(session.match), "save": session.save_id})
        el("menu").hidden = True
        el("game").hidden = False
        js.document.body.dataset.screen = "game"
        self.render()
        self.schedule_bot()

    def save(self) -> None:
        assert self.session is not None
        try:
            saves.write(self.store, self.session, now_ms())
        except Exception as err:
            self.say(f"Could not save this game ({err}). It goes on, but a reload would "
                     "lose it.")

    def say(self, text: str) -> None:
        self.message = text
        self.render()

    def render(self) -> None:
        if self.session is None:
            return
        out = game_screen(self.session, self.confirmed, self.picks, self.thinking, self.message,
                          self.window)
        self.message = None
        root = el("game")
        root.innerHTML = out.html
        self.panzoom.restore()  # the view this save's board had (pan/zoom is not game state)
        root.setAttribute("data-game", self.session.match.game)
        root.setAttribute("data-phase", out.phase)
        root.setAttribute("data-to-act", "" if out.to_act is None else str(out.to_act))
        el("status").textContent = out.status

    def play(self, move: str) -> None:
        session = self.session
        if session is None or session.bot_to_act() or self.thinking:
            return
        if session.needs_handoff(self.confirmed):
            return
        if session.to_act() == TABLE and self.window is None:
            return
        try:
            self.session = session.play(move)
        except IllegalMove as err:
            self.say(f"That move is not allowed: {err.reason}.")
            return
        self.window = None  # a click that answers a timed window closes it
        self.picks = ()
        self.after_move()

    def after_move(self) -> None:
        self.save()
        self.render()
        self.schedule_bot()

    def schedule_bot(self) -> None:
        if self.session is None:
            return
        window = open_window(self.session)
        if window is not None:
            self.open_table_window(window)
        elif self.session.bot_to_act():
            self.thinking = True
            self.render()
            asyncio.ensure_future(self.bot_turn(self.generation))

    def open_table_window(self, window: Window) -> None:
        """Time a table decision: the bots' answers and the deadline race each other and
        any click; the first to arrive is applied, the rest find the window gone."""
        self.window = window
        self.render()
        for plan in window.plans:
            asyncio.ensure_future(self.window_answer(self.generation, window, plan.delay_ms,
                                                     plan.move))
        asyncio.ensure_future(self.window_answer(self.generation, window,
                                                 int(window.seconds * 1000), window.timeout_move))

    async def window_answer(self, generation: int, window: Window, delay_ms: int,
                            move: str) -> None:
        await asyncio.sleep(delay_ms / 1000)
        if generation != self.generation or self.window is not window or self.session is None:
            return
        self.window = None
        self.session = self.session.play(move)
        self.picks = ()
        self.after_move()

    async def bot_turn(self, generation: int) -> None:
        await asyncio.sleep(self.bot_delay / 1000)
        session = self.session
        if generation != self.generation or session is None or not session.bot_to_act():
            return
        seat = session.to_act()
        assert seat is not None
        bot = self.bots.get(seat)
        if bot is None:
            level = session.seats[seat].level or ""
            bot = self.bots[seat] = make_bot(session.match.game, level)
        view = session.game.view(session.state, seat)
        rng = Rng(session.match.seed * 1_000_003 + len(session.match.moves))
        started = float(js.performance.now())
        move = bot.choose(view, rng)
        # Measured for `make bench` (bot move time in the browser, per level).
        js.performance.measure(f"parlor:bot:{session.match.game}:{bot.level}",
                               to_js({"start": started}, dict_converter=js.Object.fromEntries))
        self.session = session.play(move)
        self.thinking = False
        self.after_move()

    # ---- events ---------------------------------------------------------------------

    def on_key(self, event: Any) -> None:
        if str(event.key) not in ("Enter", " "):
            return
        target = event.target.closest("[data-move],[data-pick]")
        if not absent(target):
            event.preventDefault()
            self.activate(target)

    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-move],[data-pick],[data-action]")
        if not absent(target) and not target.hasAttribute("disabled"):
            self.activate(target)

    def on_change(self, event: Any) -> None:
        field_ = attr(event.target, "data-field")
        form = event.target.closest("[data-game-form]")
        if field_ is None or absent(form):
            return
        game_id = attr(form, "data-game-form") or ""
        if game_id not in self.forms:
            return
        try:
            self.remember_form(game_id)
        except BadOptions as err:
            el("menu-message").textContent = str(err)
            el("menu-message").hidden = False
        if field_ == "players":
            self.render_form(game_id)

    def activate(self, target: Any) -> None:
        move = attr(target, "data-move")
        if move is not None:
            self.play(move)
            return
        pick = attr(target, "data-pick")
        if pick is not None:
            if self.session is not None:
                self.picks = next_picks(self.session, self.picks, pick)
            self.render()
            focus = js.document.querySelector(f'[data-pick="{pick}"]')
            if not absent(focus):
                focus.focus()
            return
        action = attr(target, "data-action") or ""
        if action == "start":
            self.do_start(None, target)
            return
        handler = getattr(self, f"do_{action.replace('-', '_')}", None)
        if handler is not None:
            handler(attr(target, "data-save"))

    def do_start(self, _: str | None, target: Any = None) -> None:
        game_id = attr(target, "data-game") if target is not None else None
        if game_id not in self.forms:
            return
        try:
            self.remember_form(game_id)
            setup = parse_setup(self.read_form(game_id), int(now_ms()) % 1_000_000_007)
            self.new_game(setup)
            if setup.note:
                self.say(setup.note)
        except ParlorError as err:
            el("menu-message").textContent = f"Cannot start: {err}."
            el("menu-message").hidden = False

    def do_resume(self, save_id: str | None) -> None:
        entry = saves.read(self.store, save_id or "")
        if entry is None or entry.session is None:
            self.show_menu("That saved game cannot be loaded.")
            return
        self.open(entry.session)

    def do_delete(self, save_id: str | None) -> None:
        if save_id and js.window.confirm("Delete this saved game for good?"):
            saves.delete(self.store, save_id)
            self.show_menu()

    def do_download(self, save_id: str | None) -> None:
        raw = self.store.get(saves.PREFIX + (save_id or ""))
        if raw is None:
            return
        blob = js.Blob.new([raw], to_js({"type": "application/json"},
                                        dict_converter=js.Object.fromEntries))
        link = js.document.createElement("a")
        link.href = js.URL.createObjectURL(blob)
        link.download = f"parlor-save-{save_id}.json"
        link.click()

    def do_zoom_in(self, _: str | None) -> None:
        self.panzoom.zoom(1 / 1.25)

    def do_zoom_out(self, _: str | None) -> None:
        self.panzoom.zoom(1.25)

    def do_zoom_fit(self, _: str | None) -> None:
        self.panzoom.fit()

    def do_menu(self, _: str | None) -> None:
        self.show_menu()

    def do_handoff_ok(self, _: str | None) -> None:
        if self.session is not None:
            self.confirmed = self.session.viewer()
            self.render()

    def do_undo(self, _: str | None) -> None:
        if self.session is None or self.thinking:
            return
        self.generation += 1
        self.session = self.session.undo()
        self.picks = ()
        self.after_move()

    def do_again(self, _: str | None) -> None:
        if self.session is None:
            return
        m: Match = self.session.match
        from parlor.app.seats import parse_seat

        seats = tuple(parse_seat(m.game, s) for s in m.seats)
        self.new_game(Setup(game=m.game, seats=seats, seed=int(now_ms()) % 1_000_000_007,
                            options=m.options, names=m.names))


def main() -> None:
    app = App()
    js.window.parlorApp = create_proxy(app)
    try:
        app.boot()
    except Exception as err:
        el("loading").hidden = False
        el("loading").textContent = f"Parlor could not start: {err}"
        raise
