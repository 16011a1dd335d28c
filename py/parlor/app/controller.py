"""What happens on a click, a bot's turn, a timed window or a reload, as pure code.

The page (``web/app.py``) turns DOM events and timer ticks into ``Event`` values, hands
them to ``Controller.handle`` and carries out the ``Effect`` values it gets back: draw
this screen, set the URL, "after N ms send this event", download a file, ask to confirm.
Nothing here touches the browser, so a CPython test can drive a whole game, bots and
timed windows included, by feeding events and reading effects (tests/test_controller.py).

Saves go through the injected ``KeyValue`` store (local storage, or a ``DictStore`` in
tests) and time through the injected clock. Timers never act on a game they were not
started for: each carries the ``generation`` it was started in, and opening another
game (or the menu, or an undo) starts a new one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from parlor.app import saves
from parlor.app.classroom.desk import CLASSROOM_ACTIONS, Classroom
from parlor.app.classroom.guiding import GUIDE_ACTIONS, GuideDesk
from parlor.app.classroom.review import Review
from parlor.app.classroom.watch import Watch
from parlor.app.events import (
    Action,
    Boot,
    BotTurn,
    Effect,
    Event,
    Focus,
    FormChanged,
    LabChose,
    LabCode,
    LabReport,
    LanguageChosen,
    LinkEvent,
    Move,
    Pick,
    SetUrl,
    ShowGame,
    ShowMenu,
    StoreChanged,
    WindowDecide,
)
from parlor.app.forms import initial_forms
from parlor.app.lab.desk import LAB_ACTIONS, LabDesk
from parlor.app.lab.playing import LabSeats
from parlor.app.menu_desk import MENU_ACTIONS, MenuDesk
from parlor.app.page_params import BOT_DELAY_MS, bot_delay, lang_note
from parlor.app.pairing.guesting import GUEST_ACTIONS, Guest, GuestDesk
from parlor.app.pairing.hosting import HOST_ACTIONS, HostDesk, Peer, host_msg, link_state
from parlor.app.room import make_room_for_watching
from parlor.app.saves import KeyValue
from parlor.app.saving import SAVING_ACTIONS, SavingDesk
from parlor.app.session import Session
from parlor.app.setup import Setup, parse_setup, setup_query
from parlor.app.tabs import Tab
from parlor.app.thinking import BotThinking
from parlor.app.turns import TurnDesk
from parlor.bots import Bot
from parlor.core.errors import IllegalMove, ParlorError
from parlor.core.protocol import TABLE
from parlor.core.windows import Window
from parlor.i18n.catalog import Msg, Translator
from parlor.i18n.languages import DEFAULT as DEFAULT_LANG
from parlor.i18n.languages import parse_lang
from parlor.render.menu import saves_html
from parlor.render.rules import rules_html
from parlor.render.screen import game_screen, next_picks

# --------------------------------------------------------------------------- controller


class Controller(TurnDesk, Classroom, MenuDesk, GuideDesk, HostDesk, GuestDesk, SavingDesk):
    """One page's game state machine; ``handle`` is the only way in."""

    def __init__(self, store: KeyValue, clock: Callable[[], float],
                 fmt_time: Callable[[float], str], storage_note: Msg | None = None,
                 lang: str = DEFAULT_LANG) -> None:
        self.store = store
        self.t = Translator(lang)  # the page's language: every word shown comes from it
        self.clock = clock
        self.fmt_time = fmt_time
        self.storage_note = storage_note
        self.session: Session | None = None
        self.tab = Tab(store)  # one writer per game: what this tab last read or wrote
        self.unsaved: str | None = None  # why the newest moves could not be written
        self.confirmed: int | None = None  # the human who took the device last hand-off
        self.picks: tuple[str, ...] = ()
        self.thinking = False
        self.turn: BotThinking | None = None  # the bot's move in progress
        self.message: str | None = None
        self.generation = 0
        self.bots: dict[int, Bot] = {}
        self.window: Window | None = None  # a timed table decision in progress
        self.bot_delay = BOT_DELAY_MS
        self.forms = initial_forms()
        self.review: Review | None = None  # a match being stepped through (classroom.py)
        self.watch = Watch()  # the pace and reveal of a match of bots being watched
        # Two devices, one game (hosting.py, guesting.py).
        self.peers: dict[int, Peer] = {}  # this page's remote seats' connections
        self.guest: Guest | None = None  # this page as a seat of another device's game
        self.conns = 0
        self.loopback = False  # ?net=loopback: pair over 127.0.0.1 only (tests)
        self.page = ""
        self.window_id, self.window_opened = 0, 0.0
        self.answers: list[tuple[int, str, int, int]] = []
        self.lab_seats = LabSeats()  # a bot written in the Lab, at this game's table
        # The Bot Lab: it leaves what was shown, or goes to the menu, through these.
        self.lab = LabDesk(store, lambda: self.t, self._new_seed,
                           leave=lambda out: self._leave(out, lab=False), menu=self._menu,
                           review=lambda match, said, out: self._show_review(
                               Review.of(match, said=said, lab=True), out),
                           play=self._new_game)

    def handle(self, event: Event) -> list[Effect]:
        out: list[Effect] = []
        if isinstance(event, Boot):
            self.page = event.page
            self._boot(event.params, out, event.fragment)
        elif isinstance(event, StoreChanged):
            self._store_changed(event.key, out)
        elif isinstance(event, Move | Pick | LinkEvent) and self.guest is not None:
            self.guest_handle(event, out)  # this page plays a seat of another's game
        elif isinstance(event, Move):
            self._play(event.move, out)
        elif isinstance(event, Pick):
            self._pick(event.token, out)
        elif isinstance(event, LinkEvent):
            self.host_event(event, out)
        elif isinstance(event, WindowDecide):
            self.window_decide(event, out)
        elif isinstance(event, Action):
            handler = ACTIONS.get(event.name)
            if handler is not None:
                handler(self, event, out)
        elif isinstance(event, FormChanged):
            self.form_changed(event, out)
        elif isinstance(event, LanguageChosen):
            self._language(event.code, out)
        elif isinstance(event, BotTurn):
            self._bot_turn(event.generation, out)
        elif isinstance(event, LabCode):
            self.lab.code(event.text)
        elif isinstance(event, LabReport):
            self.lab.report(event.kind, event.text, out)
        elif isinstance(event, LabChose):
            self.lab_chose(event, out)
        else:
            self._window_answer(event, out)
        return out

    # ---- start-up -------------------------------------------------------------------

    def _boot(self, params: Mapping[str, str], out: list[Effect], fragment: str = "") -> None:
        self._read_page_params(params)
        self.loopback = params.get("net") == "loopback"
        if fragment.startswith("m="):
            self.open_shared(fragment[2:], out)
        elif fragment.startswith("bot="):
            self.lab.open_link(fragment[4:], out)
        elif fragment.startswith("join="):
            self.join(fragment[5:], out)
        elif "guest" in params:
            if not self.guest_resume(params["guest"], out):
                self._menu(out, self.t("link.error.guest_gone"))
        elif "review" in params:
            self.open_review(params["review"], out)
        elif "lab" in params:
            self.lab.open_named(params["lab"], out)
        elif "save" in params:
            entry = saves.read(self.store, params["save"])
            if entry is not None and entry.session is not None:
                self._open(entry.session, out, entry.raw)
            elif entry is not None:
                self._menu(out, self.t("error.link_save_broken", reason=entry.why or ""))
            elif "game" in params:
                self._start_from_params(params, out, note=Msg("error.link_save_gone"))
            else:
                self._menu(out, self.t("error.save_missing"))
        elif "game" in params:
            self._start_from_params(params, out)
        else:
            self._menu(out)

    def _read_page_params(self, params: Mapping[str, str]) -> None:
        self.bot_delay, delay_note = bot_delay(params)
        notes = [self.t.say(m) for m in (delay_note, lang_note(params)) if m is not None]
        if notes:
            self.message = " ".join(notes)

    def _language(self, code: str, out: list[Effect]) -> None:
        """Say everything again in ``code``: the game (its picks and thinking kept) or
        the menu (its forms keep what was chosen)."""
        self.t = Translator(parse_lang(code) or DEFAULT_LANG)
        self.guest_language(out)
        if self.session is not None or self.guest is not None:
            self._render(out)
        elif self.lab.shown:
            self.lab.draw(out, whole=True)
        else:
            self._menu(out)

    def _new_seed(self) -> int:
        return int(self.clock()) % 1_000_000_007

    def _start_from_params(self, params: Mapping[str, str], out: list[Effect],
                           note: Msg | None = None) -> None:
        try:
            setup = parse_setup(params, fallback_seed=self._new_seed())
        except ParlorError as err:
            self._menu(out, self.t("error.link_failed", reason=err.message))
            return
        self._new_game(setup, out)
        for text in (setup.note, note):
            if text:
                self._say(self.t.text(text), out)

    # ---- menu -----------------------------------------------------------------------

    def _leave(self, out: list[Effect], *, lab: bool = True) -> None:
        """Stop what the page showed: a bot still thinking (its timers carry the old
        generation), the connections, a seat of another's game, the Lab's match."""
        self.generation += 1
        if lab:
            self.lab.close(out)
        self.links_stop(out)
        self.guest_leave(out)
        self.session, self.review = None, None
        self.thinking, self.turn, self.window = False, None, None

    def _menu(self, out: list[Effect], message: str | None = None) -> None:
        self._leave(out)
        entries = saves.list_saves(self.store)
        latest = next((e for e in entries if e.ok), None)
        storage = self.t.say(self.storage_note) if self.storage_note else self._room_note()
        notes = [m for m in (message or self.message, storage) if m]
        self.message = None
        out.append(SetUrl(self.net_param() or None))
        out.append(ShowMenu(
            forms={gid: f.html(self.t) for gid, f in self.forms.items()},
            saves=saves_html(self.t, entries, self.fmt_time),
            resume=None if latest is None else latest.id,
            message=" ".join(notes),
            status=" ".join(notes) or self.t("menu.choose"),
            rules={gid: rules_html(self.t, gid) for gid in self.forms},
        ))

    # ---- a game ---------------------------------------------------------------------

    def _new_game(self, setup: Setup, out: list[Effect]) -> None:
        now = self.clock()
        session = Session.start(setup.to_match(), saves.new_id(self.store, now), now)
        if not session.people:  # a match of bots to watch: the oldest ones give way
            make_room_for_watching(self.store, session.save_id)
        self._open(session, out, None)
        if self._save(out) and self.unsaved is not None:
            self._render(out)  # say at once that it could not be saved

    def _open(self, session: Session, out: list[Effect], raw: str | None) -> None:
        """Show ``session``, read from the text ``raw`` (None: a game not saved yet)."""
        self.lab.close(out)
        self.lab_seats.reset()
        self.tab.opened(raw)
        self.unsaved = None
        self.generation += 1
        self.session, self.review = session, None
        self.watch = replace(self.watch, paused=False, stepping=False)
        self.confirmed = None
        self.picks = ()
        self.thinking, self.turn, self.window = False, None, None
        self.bots = {}
        out.append(SetUrl({**setup_query(session.match), "save": session.save_id,
                           **self.net_param()}))
        self.links_start(out)
        self._render(out)
        self._schedule(out)

    def _say(self, text: str, out: list[Effect]) -> None:
        self.message = text
        self._render(out)

    def _render(self, out: list[Effect]) -> None:
        if self.guest is not None:
            self.render_guest(out)
            return
        if self.review is not None:
            self._render_review(out, self.message)
            self.message = None
            return
        if self.session is None:
            return
        session = self.session
        panels, revealed = self.watch_panels()
        panels += self.guide_panel()
        panels += self.host_panels()
        panels = self.saving_panels() + self.lab_panel() + panels
        waiting = host_msg(self.peers, session.display_names(self.t))
        message = self.message or (self.t.say(waiting) if waiting else None)
        screen = game_screen(session, self.confirmed, self.picks, self.thinking,
                             message, self.window, t=self.t, revealed=revealed,
                             panels=panels, paused=self.watch.paused and self.watching(),
                             frozen=self.links_waiting() or self.tab.stale is not None)
        self.message = None
        if self.peers:
            screen = replace(screen, data={**screen.data, "link": link_state(self.peers)})
        screen = replace(screen, status=self.saving_status() or screen.status)
        out.append(ShowGame(session.match.game, screen))
        self.push_tables(out)

    def _play(self, move: str, out: list[Effect]) -> None:
        session = self.session
        if session is None or session.bot_to_act() or self.thinking:
            return
        if session.needs_handoff(self.confirmed):
            return
        if session.to_act() == TABLE and self.window is None:
            return
        if self.links_waiting() or self.to_act_remote():
            self._render(out)  # the status says whom the game waits for
            return
        if not self.tab.check(session, self.clock()):  # a click on an older position
            self._went_stale(out)
            return
        if self.window_remote():  # a race across devices: decided after a grace period
            if move in session.game.legal_moves(session.state) and session.viewer() is not None:
                self.window_answer_in(session.viewer() or 0, move,
                                      int(self.clock() - self.window_opened), out)
            return
        try:
            self.session = session.play(move)
        except IllegalMove as err:
            self._say(self.t("error.move_refused", reason=err.reason_msg), out)
            return
        self.window = None  # a click that answers a timed window closes it
        self.picks = ()
        self._after_move(out)

    def _pick(self, token: str, out: list[Effect]) -> None:
        if self.session is not None:
            self.picks = next_picks(self.session, self.picks, token)
        self._render(out)
        out.append(Focus(token))

    def _after_move(self, out: list[Effect]) -> None:
        self.watch = replace(self.watch, stepping=False)  # "One move" has had its move
        if self._save(out):
            self._render(out)
            self._schedule(out)

    # ---- actions (data-action), dispatched through ACTIONS ---------------------------

    def do_resume(self, event: Action, out: list[Effect]) -> None:
        entry = saves.read(self.store, event.save or "")
        if entry is None or entry.session is None:
            self._menu(out, self.t("error.save_unloadable"))
            return
        self._open(entry.session, out, entry.raw)

    def do_menu(self, event: Action, out: list[Effect]) -> None:
        self._menu(out)

    def do_handoff_ok(self, event: Action, out: list[Effect]) -> None:
        if self.session is not None:
            self.confirmed = self.session.viewer()
            self._render(out)

    def do_undo(self, event: Action, out: list[Effect]) -> None:
        if self.session is None or self.thinking:
            return
        if not self.tab.check(self.session, self.clock()):
            self._went_stale(out)
            return
        self.generation += 1
        self.session = self.session.undo()
        self.picks = ()
        self._after_move(out)


#: Every ``data-action`` the controller answers (the page's own view actions, such as
#: zooming a board, never reach it).
ACTIONS: dict[str, Callable[[Controller, Action, list[Effect]], None]] = {
    "resume": Controller.do_resume,
    "menu": Controller.do_menu,
    "handoff-ok": Controller.do_handoff_ok,
    "undo": Controller.do_undo,
    "lab": lambda c, event, out: c.lab.open_named(event.game or "", out),
    "lab-retry": Controller.lab_retry,
    **{name: lambda c, event, out: c.lab.act(event, out) for name in LAB_ACTIONS},
    **MENU_ACTIONS,
    **CLASSROOM_ACTIONS,
    **GUIDE_ACTIONS,
    **HOST_ACTIONS,
    **GUEST_ACTIONS,
    **SAVING_ACTIONS,
}
