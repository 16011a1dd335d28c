"""What happens on a click, a bot's turn, a timed window or a reload, as pure code.

The page (``web/app.py``) turns DOM events and timer ticks into ``Event`` values, hands them
to ``Controller.handle`` and carries out the ``Effect`` values it gets back: draw this screen,
set the URL, "after N ms send this event", download a file, ask to confirm. Nothing here
touches the browser, so a CPython test can drive a whole game, bots and timed windows
included, by feeding events and reading effects (tests/test_controller.py).

Each event goes to a part that owns its state and sees the controller through a protocol of
its own; each is the attribute of its name (a package's part is its ``part.py``):
``table`` plays every move; ``turns`` (bots, timed windows), ``saving`` (writes, a
stale tab), ``menu`` (start, again, delete, download), ``classroom.part`` (reviews,
transfer, watching bots), ``classroom.guiding``, ``pairing.hosting``/``guesting``, ``lab.part``.
A part answers with what changed (``page.Changed``) and the controller carries it out once
per event (``apply``): it alone schedules and draws (``page.py`` says what parts still ask
of it). The controller's own steps stand by concern: what an address opens at start-up in
``boot.py``, the game screen put together from the parts' shares in ``drawing.py``, and
here the routing, opening and leaving a game, and a click's way to the table.

Saves go through the injected ``KeyValue`` store (local storage, or a ``DictStore`` in
tests), time through the injected clock and chance through the injected entropy. Timers
never act on a game they were not started for: each carries the ``generation`` it was
started in (``Turns``); opening another game (or the menu, or an undo) starts a new one.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from parlor.app import saves
from parlor.app.boot import boot
from parlor.app.classroom.guiding import Guiding
from parlor.app.classroom.part import Classroom
from parlor.app.drawing import game_drawn
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
    MenuMessage,
    Move,
    Pick,
    SetUrl,
    StoreChanged,
    WindowDecide,
)
from parlor.app.lab.page.part import LAB_ACTIONS, Lab
from parlor.app.menu import Menu
from parlor.app.page import (
    DRAW,
    MOVED,
    NOTHING,
    Changed,
    Go,
    GoGame,
    GoMenu,
    GoNew,
    GoReview,
    Handler,
    Shown,
    merged,
    said,
)
from parlor.app.pairing.guesting import Guesting
from parlor.app.pairing.hosting import Hosting
from parlor.app.room import make_room_for_watching
from parlor.app.saves import KeyValue
from parlor.app.saving import Saving
from parlor.app.seeds import fresh_seed
from parlor.app.session import Session
from parlor.app.setup import Setup, setup_query
from parlor.app.table import Table
from parlor.app.turns import Turns
from parlor.core.errors import IllegalMove, ParlorError
from parlor.core.protocol import TABLE
from parlor.i18n.catalog import Msg, Translator
from parlor.i18n.languages import DEFAULT as DEFAULT_LANG
from parlor.i18n.languages import parse_lang
from parlor.render.contract import ActionName

# --------------------------------------------------------------------------- controller


class Controller:
    """One page's game state machine; ``handle`` is the only way in."""

    def __init__(self, store: KeyValue, clock: Callable[[], float],
                 fmt_time: Callable[[float], str], storage_note: Msg | None = None,
                 lang: str = DEFAULT_LANG, entropy: Callable[[int], bytes] = os.urandom) -> None:
        self.store = store
        self.t = Translator(lang)  # the page's language: every word shown comes from it
        self.clock = clock
        self.entropy = entropy  # the browser's cryptographic generator: seeds, the Lab's key
        self.fmt_time = fmt_time
        self.storage_note = storage_note
        self.shown: Shown = "menu"
        self.message: str | None = None
        self.conns = 0  # connections to other devices made so far (hosting, guesting)
        self.loopback = False  # ?net=loopback: pair over 127.0.0.1 only (tests)
        self.url = ""
        self.menu = Menu(self)
        self.saving = Saving(self)
        self.classroom = Classroom(self)
        self.lab = Lab(self)
        self.turns = Turns(self, self.classroom, self.saving)
        self.table = Table(self.turns, self.saving, self.classroom)
        self.guiding = Guiding(self, self.turns)
        self.hosting = Hosting(self, self.turns, self.saving)
        self.guesting = Guesting(self)
        #: Every ``data-action`` the controller answers (the page's own view actions,
        #: such as zooming a board, never reach it), each to the part it concerns.
        self.actions: dict[ActionName, Handler] = merged(
            {"resume": self.do_resume,
             "menu": self.do_menu,
             "handoff-ok": self.do_handoff_ok,
             "undo": self.do_undo,
             "lab": lambda event, out: self.lab.open_named(event.game or event.value or "")},
            dict.fromkeys(LAB_ACTIONS, self.lab.act),
            self.menu.actions(),
            self.classroom.actions(),
            self.turns.actions(),
            self.guiding.actions(),
            self.hosting.actions(),
            self.guesting.actions(),
            self.saving.actions(),
        )

    @property
    def session(self) -> Session | None:
        """The game at the table (``table.py`` owns it)."""
        return self.table.session

    @property
    def picks(self) -> tuple[str, ...]:
        return self.table.picks

    @property
    def confirmed(self) -> int | None:
        return self.table.confirmed

    def handle(self, event: Event) -> list[Effect]:
        """One pass: the part the event concerns answers it with what changed, and the
        controller carries that out (``apply``): it schedules and draws once."""
        out: list[Effect] = []
        self.apply(self._route(event, out) or NOTHING, out)
        return out

    def _route(self, event: Event, out: list[Effect]) -> Changed | None:
        if isinstance(event, Boot):
            self.url = event.page
            boot(self, event.params, out, event.fragment)
        elif isinstance(event, StoreChanged):
            return self._store_changed(event.key, out)
        elif isinstance(event, Move | Pick | LinkEvent) and self.guesting.guest is not None:
            return self.guesting.handle(event, out)  # this page plays a seat of another's game
        elif isinstance(event, Move):
            return self._play(event.move, out)
        elif isinstance(event, Pick):
            self._pick(event.token, out)
        elif isinstance(event, LinkEvent):
            return self.hosting.event(event, out)
        elif isinstance(event, WindowDecide):
            return self.turns.window_decide(event, out)
        elif isinstance(event, Action):
            handler = self.actions.get(event.name)
            return handler(event, out) if handler is not None else None
        elif isinstance(event, FormChanged):
            self.menu.form_changed(event, out)
        elif isinstance(event, LanguageChosen):
            self._language(event.code, out)
        elif isinstance(event, BotTurn):
            return self.turns.bot_turn(event.generation, out)
        elif isinstance(event, LabCode | LabReport):
            self.lab.news(event, out)
        elif isinstance(event, LabChose):
            return self.turns.lab_chose(event, out)
        else:
            return self.turns.window_answer(event, out)
        return None

    def apply(self, changed: Changed, out: list[Effect]) -> None:
        """Carry out what a part left: the screen it goes to, opened, then what the game
        waited on dropped, its sentence, then what the game waits on next
        (unless a remote seat's device is away: hosting says whom, and the game goes on
        at its return), then one drawing of it all, then the timers that were started
        (a screen before the timers, as the page has always had them)."""
        if changed.go is not None:
            self._go(changed.go, out)
        if changed.stop:
            self.turns.stop()
        if changed.said is not None:
            self.message = changed.said
        timers: list[Effect] = []
        if changed.schedule and not self.hosting.waiting():
            changed |= self.turns.schedule(timers)
        if changed.draw:
            self.render(out)
        out.extend(timers)

    def _go(self, to: Go, out: list[Effect]) -> None:
        """Open the screen a part's answer goes to, the part being done with the event."""
        if isinstance(to, GoMenu):
            self.show_menu(out, to.said)
        elif isinstance(to, GoNew):
            try:
                self.new_game(to.setup, out)
            except ParlorError as err:  # a set-up the game refuses: nothing was opened
                out.append(MenuMessage(self.t("error.cannot_start", reason=err.message)))
                return
            if to.said is not None:
                self.say(to.said, out)
        elif isinstance(to, GoGame):
            self.open(to.session, out, to.raw)
            if to.save and not self.saving.save(out):
                self.apply(self.saving.went_stale(), out)
        elif isinstance(to, GoReview):
            self.turns.stop()  # what played stops: no timer started for it acts
            self.classroom.show_review(to.review, out, to.note)
        else:
            self._leave(out, lab=False)
            self.lab.open(to.game, out, shared=to.shared)

    # ---- start-up -------------------------------------------------------------------

    def _language(self, code: str, out: list[Effect]) -> None:
        """Say everything again in ``code``: the game (its picks and thinking kept) or
        the menu (its forms keep what was chosen)."""
        self.t = Translator(parse_lang(code) or DEFAULT_LANG)
        if self.shown == "guest":
            self.guesting.language(out)
        if self.shown == "lab":
            self.lab.draw(out, whole=True)
        elif self.shown == "menu":
            self.show_menu(out)
        else:
            self.render(out)

    def new_seed(self) -> int:
        return fresh_seed(self.entropy)

    def new_conn(self) -> int:
        self.conns += 1
        return self.conns

    def _store_changed(self, key: str | None, out: list[Effect]) -> Changed:
        """Another tab wrote: this tab's game may have gone on there (saving.py), or
        the Lab's bots (lab/page/shelf_sync.py); the menu's list of saves is drawn again."""
        if self.shown == "lab":
            self.lab.shelves.store_changed(key, out)
        if key is not None and not key.startswith(saves.PREFIX):
            return NOTHING
        if self.shown == "game":
            return self.saving.store_changed(key, out)
        if self.shown in ("menu", "lab"):  # the menu's list, drawn or behind the Lab
            self.menu.saves_changed(out)
        return NOTHING

    def net_param(self) -> dict[str, str]:
        """``net=loopback`` kept in the address, so a reload pairs over loopback too."""
        return {"net": "loopback"} if self.loopback else {}

    def stop(self) -> None:
        self.turns.stop()

    # ---- menu -----------------------------------------------------------------------

    def _leave(self, out: list[Effect], *, lab: bool = True) -> None:
        """Stop what the page showed: a bot still thinking (its timers carry the old
        generation), the connections, a seat of another's game, the Lab's match."""
        self.turns.stop()
        if lab:
            self.lab.close(out)
        self.hosting.stop(out)
        self.guesting.leave(out)
        self.table.clear()
        self.classroom.leave()

    def show_menu(self, out: list[Effect], message: str | None = None) -> None:
        self._leave(out)
        storage = self.t.say(self.storage_note) if self.storage_note else self.saving.room_note()
        notes = [m for m in (message or self.message, storage) if m]
        self.message = None
        self.shown = "menu"
        self.menu.draw(" ".join(notes), out)

    # ---- a game ---------------------------------------------------------------------

    def new_game(self, setup: Setup, out: list[Effect]) -> None:
        now = self.clock()
        session = Session.start(setup.to_match(), saves.new_id(self.store, now), now)
        if not session.people:  # a match of bots to watch: the oldest ones give way
            make_room_for_watching(self.store, session.save_id)
        self.open(session, out, None)
        if not self.saving.save(out):
            self.apply(self.saving.went_stale(), out)
        elif self.saving.unsaved is not None:
            self.render(out)  # say at once that it could not be saved

    def open(self, session: Session, out: list[Effect], raw: str | None) -> None:
        """Show ``session``, read from the text ``raw`` (None: a game not saved yet)."""
        self.lab.close(out, keep=any(seat.is_lab for seat in session.seats))
        self.turns.reset()
        self.saving.opened(raw)
        self.table.sit(session)
        self.shown = "game"
        self.classroom.opened()
        out.append(SetUrl({**setup_query(session.match), "save": session.save_id,
                           **self.net_param()}))
        self.hosting.start(out)
        self.apply(MOVED, out)  # drawn once, with whatever it waits on already started

    def say(self, text: str, out: list[Effect]) -> None:
        self.message = text
        self.render(out)

    def render(self, out: list[Effect]) -> None:
        """Draw what is shown again (the menu and the Lab draw themselves)."""
        if self.shown in ("guest", "review"):
            draw = self.guesting.render if self.shown == "guest" else self.classroom.render_review
            draw(out, self.message)
            self.message = None
            return
        if self.shown != "game" or self.session is None:
            return
        self.guiding.refresh()  # what the guide says now; drawing below changes nothing
        out.append(game_drawn(self, self.session, self.message))
        self.message = None
        self.hosting.push_tables(out)

    def _play(self, move: str, out: list[Effect]) -> Changed:
        """A click on a move: played at the table if this page may play it now."""
        session, turns = self.session, self.turns
        if (session is None or session.bot_to_act() or turns.thinking or turns.asking()
                or session.needs_handoff(self.confirmed)):
            return NOTHING
        if session.to_act() == TABLE and turns.window is None:
            return NOTHING
        if self.hosting.waiting() or self.hosting.to_act_remote():
            return DRAW  # the status says whom the game waits for
        if not self.saving.tab.check(session, self.clock()):  # a click on an older position
            return self.saving.went_stale()
        if turns.window_remote():  # a race across devices: decided after a grace period
            if move in session.game.legal_moves(session.state) and session.viewer() is not None:
                turns.window_answer_in(session.viewer() or 0, move, turns.since_opened(), out)
            return NOTHING
        try:
            return self.table.play(move, out)  # a click that answers a timed window closes it
        except IllegalMove as err:
            return said(self.t("error.move_refused", reason=err.reason_msg))

    def _pick(self, token: str, out: list[Effect]) -> None:
        self.table.pick(token)
        self.render(out)
        out.append(Focus(token))

    # ---- actions (data-action), dispatched through self.actions ---------------------------

    def do_resume(self, event: Action, out: list[Effect]) -> None:
        entry = saves.read(self.store, event.save or "")
        if entry is None or entry.session is None:
            self.show_menu(out, self.t("error.save_unloadable"))
            return
        self.open(entry.session, out, entry.raw)

    def do_menu(self, event: Action, out: list[Effect]) -> None:
        self.show_menu(out)

    def do_handoff_ok(self, event: Action, out: list[Effect]) -> Changed:
        if self.session is None:
            return NOTHING
        self.table.hand_over()
        return DRAW

    def do_undo(self, event: Action, out: list[Effect]) -> Changed:
        if self.session is None or self.turns.thinking:
            return NOTHING
        if not self.saving.tab.check(self.session, self.clock()):
            return self.saving.went_stale()
        return self.table.undo(out)

