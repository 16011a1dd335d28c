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

from parlor.app import saves
from parlor.app.events import (
    Action,
    After,
    Boot,
    BotMoved,
    BotTurn,
    Confirm,
    Download,
    Effect,
    Event,
    Focus,
    FormChanged,
    LanguageChosen,
    MenuMessage,
    Move,
    Pick,
    SetUrl,
    ShowForm,
    ShowGame,
    ShowMenu,
    WindowAnswer,
)
from parlor.app.forms import initial_forms
from parlor.app.page_params import BOT_DELAY_MS, bot_delay, lang_note
from parlor.app.realtime import open_window
from parlor.app.saves import KeyValue
from parlor.app.seats import parse_seat
from parlor.app.seeds import turn_rng
from parlor.app.session import Session
from parlor.app.setup import Setup, parse_setup, setup_query
from parlor.app.thinking import BotThinking
from parlor.bots import Bot, make_bot
from parlor.core.errors import BadOptions, IllegalMove, ParlorError
from parlor.core.protocol import TABLE
from parlor.core.timing import Window
from parlor.i18n.catalog import Msg, Translator
from parlor.i18n.languages import DEFAULT as DEFAULT_LANG
from parlor.i18n.languages import parse_lang
from parlor.render.menu import saves_html
from parlor.render.screen import game_screen, next_picks

# --------------------------------------------------------------------------- controller


class Controller:
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

    def handle(self, event: Event) -> list[Effect]:
        out: list[Effect] = []
        if isinstance(event, Boot):
            self._boot(event.params, out)
        elif isinstance(event, Move):
            self._play(event.move, out)
        elif isinstance(event, Pick):
            self._pick(event.token, out)
        elif isinstance(event, Action):
            handler = ACTIONS.get(event.name)
            if handler is not None:
                handler(self, event, out)
        elif isinstance(event, FormChanged):
            self._form_changed(event, out)
        elif isinstance(event, LanguageChosen):
            self._language(event.code, out)
        elif isinstance(event, BotTurn):
            self._bot_turn(event.generation, out)
        else:
            self._window_answer(event, out)
        return out

    # ---- start-up -------------------------------------------------------------------

    def _boot(self, params: Mapping[str, str], out: list[Effect]) -> None:
        self._read_page_params(params)
        if "save" in params:
            entry = saves.read(self.store, params["save"])
            if entry is not None and entry.session is not None:
                self._open(entry.session, out)
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
        if self.session is not None:
            self._render(out)
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

    def _menu(self, out: list[Effect], message: str | None = None) -> None:
        self.generation += 1  # stops any bot still thinking for the old game
        self.session = None
        self.thinking, self.turn, self.window = False, None, None
        entries = saves.list_saves(self.store)
        latest = next((e for e in entries if e.ok), None)
        storage = self.t.say(self.storage_note) if self.storage_note else None
        notes = [m for m in (message or self.message, storage) if m]
        self.message = None
        out.append(SetUrl(None))
        out.append(ShowMenu(
            forms={gid: f.html(self.t) for gid, f in self.forms.items()},
            saves=saves_html(self.t, entries, self.fmt_time),
            resume=None if latest is None else latest.id,
            message=" ".join(notes),
            status=" ".join(notes) or self.t("menu.choose"),
        ))

    def _remember_form(self, game_id: str, form: Mapping[str, str]) -> None:
        from parlor.games import GAMES

        f = self.forms[game_id]
        f.players = int(form.get("players", f.players))
        f.seats = form.get("seats", "").split(",")
        specs = {s.key: s for s in GAMES[game_id].option_specs}
        for key, text in form.items():
            if key.startswith("opt.") and key[4:] in specs:
                f.options[key[4:]] = specs[key[4:]].parse(text)

    def _form_changed(self, event: FormChanged, out: list[Effect]) -> None:
        if event.game not in self.forms:
            return
        try:
            self._remember_form(event.game, event.form)
        except BadOptions as err:
            out.append(MenuMessage(err.says(self.t)))
        if event.field == "players":
            out.append(ShowForm(event.game, self.forms[event.game].html(self.t)))

    # ---- a game ---------------------------------------------------------------------

    def _new_game(self, setup: Setup, out: list[Effect]) -> None:
        now = self.clock()
        session = Session.start(setup.to_match(), saves.new_id(self.store, now), now)
        self._open(session, out)
        self._save(out)

    def _open(self, session: Session, out: list[Effect]) -> None:
        self.generation += 1
        self.session = session
        self.confirmed = None
        self.picks = ()
        self.thinking, self.turn, self.window = False, None, None
        self.bots = {}
        out.append(SetUrl({**setup_query(session.match), "save": session.save_id}))
        self._render(out)
        self._schedule(out)

    def _save(self, out: list[Effect]) -> None:
        assert self.session is not None
        try:
            saves.write(self.store, self.session, self.clock())
        except Exception as err:  # storage full or gone: say so, keep playing
            self._say(self.t("error.save_failed", detail=str(err)), out)

    def _say(self, text: str, out: list[Effect]) -> None:
        self.message = text
        self._render(out)

    def _render(self, out: list[Effect]) -> None:
        if self.session is None:
            return
        screen = game_screen(self.session, self.confirmed, self.picks, self.thinking,
                             self.message, self.window, t=self.t)
        self.message = None
        out.append(ShowGame(self.session.match.game, screen))

    def _play(self, move: str, out: list[Effect]) -> None:
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
        self._save(out)
        self._render(out)
        self._schedule(out)

    def _schedule(self, out: list[Effect]) -> None:
        """Start whatever the game now waits on: a timed table window or a bot."""
        if self.session is None:
            return
        window = open_window(self.session)
        if window is not None:
            # The bots' answers and the deadline race each other and any click; the
            # first to arrive is applied, the rest find the window gone.
            self.window = window
            self._render(out)
            for plan in window.plans:
                out.append(After(plan.delay_ms, WindowAnswer(self.generation, window,
                                                             plan.move)))
            out.append(After(int(window.seconds * 1000),
                             WindowAnswer(self.generation, window, window.timeout_move)))
        elif self.session.bot_to_act():
            self.thinking, self.turn = True, None
            self._render(out)
            out.append(After(0, BotTurn(self.generation)))

    def _window_answer(self, event: WindowAnswer, out: list[Effect]) -> None:
        if (event.generation != self.generation or self.window is not event.window
                or self.session is None):
            return
        self.window = None
        self.session = self.session.play(event.move)
        self.picks = ()
        self._after_move(out)

    def _bot_turn(self, generation: int, out: list[Effect]) -> None:
        """One slice of the bot's thinking (``thinking.py``); its move once decided and
        the bot delay has passed."""
        session = self.session
        if generation != self.generation or session is None or not session.bot_to_act():
            return
        seat = session.to_act()
        assert seat is not None
        bot = self.bots.get(seat)
        if bot is None:
            bot = self.bots[seat] = make_bot(session.match.game, session.seats[seat].level or "")
        if self.turn is None:
            self.turn = BotThinking(bot, session.game.view(session.state, seat), turn_rng(
                session.match.seed, len(session.match.moves), "bot"), self.clock)
        move = self.turn.slice()
        wait = self.turn.wait_ms(self.bot_delay)
        if move is None or wait > 0:
            out.append(After(0 if move is None else wait, BotTurn(self.generation)))
            return
        out.append(BotMoved(f"parlor:bot:{session.match.game}:{bot.level}",
                            self.turn.elapsed_ms()))
        self.session = session.play(move)
        self.thinking, self.turn = False, None
        self._after_move(out)

    # ---- actions (data-action), dispatched through ACTIONS ---------------------------

    def do_start(self, event: Action, out: list[Effect]) -> None:
        game_id = event.game
        if game_id is None or game_id not in self.forms or event.form is None:
            return
        try:
            self._remember_form(game_id, event.form)
            setup = parse_setup(event.form, self._new_seed())
            self._new_game(setup, out)
            if setup.note:
                self._say(self.t.text(setup.note), out)
        except ParlorError as err:
            out.append(MenuMessage(self.t("error.cannot_start", reason=err.message)))

    def do_resume(self, event: Action, out: list[Effect]) -> None:
        entry = saves.read(self.store, event.save or "")
        if entry is None or entry.session is None:
            self._menu(out, self.t("error.save_unloadable"))
            return
        self._open(entry.session, out)

    def do_delete(self, event: Action, out: list[Effect]) -> None:
        if event.save:
            out.append(Confirm(self.t("saves.confirm_delete"),
                               Action("delete-confirmed", save=event.save)))

    def do_delete_confirmed(self, event: Action, out: list[Effect]) -> None:
        if event.save:
            saves.delete(self.store, event.save)
            self._menu(out)

    def do_download(self, event: Action, out: list[Effect]) -> None:
        raw = self.store.get(saves.PREFIX + (event.save or ""))
        if raw is not None:
            out.append(Download(f"parlor-save-{event.save}.json", raw))

    def do_menu(self, event: Action, out: list[Effect]) -> None:
        self._menu(out)

    def do_handoff_ok(self, event: Action, out: list[Effect]) -> None:
        if self.session is not None:
            self.confirmed = self.session.viewer()
            self._render(out)

    def do_undo(self, event: Action, out: list[Effect]) -> None:
        if self.session is None or self.thinking:
            return
        self.generation += 1
        self.session = self.session.undo()
        self.picks = ()
        self._after_move(out)

    def do_again(self, event: Action, out: list[Effect]) -> None:
        if self.session is None:
            return
        m = self.session.match
        seats = tuple(parse_seat(m.game, s) for s in m.seats)
        self._new_game(Setup(game=m.game, seats=seats, seed=self._new_seed(),
                             options=m.options, names=m.names), out)


#: Every ``data-action`` the controller answers (the page's own view actions, such as
#: zooming a board, never reach it).
ACTIONS: dict[str, Callable[[Controller, Action, list[Effect]], None]] = {
    "start": Controller.do_start,
    "resume": Controller.do_resume,
    "delete": Controller.do_delete,
    "delete-confirmed": Controller.do_delete_confirmed,
    "download": Controller.do_download,
    "menu": Controller.do_menu,
    "handoff-ok": Controller.do_handoff_ok,
    "undo": Controller.do_undo,
    "again": Controller.do_again,
}
