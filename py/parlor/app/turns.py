"""What the game waits on after each move, as the controller's part: a bot's turn,
thought in slices so the page stays responsive (``thinking.py``), or a timed table
window (``realtime.py``) whose answers race each other, or, with a person on another
device among those who may answer, are collected and decided by each device's own
time (``hosting.py``). Timers carry the ``generation`` they were started in, so none
acts on a game it was not started for."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from parlor.app.events import (
    Action,
    After,
    BotMoved,
    BotTurn,
    Effect,
    LabChose,
    WindowAnswer,
    WindowDecide,
)
from parlor.app.lab.playing import LabSeats
from parlor.app.pairing import link
from parlor.app.pairing.hosting import GRACE_MS
from parlor.app.seeds import turn_rng
from parlor.app.tabs import Tab
from parlor.app.thinking import BotThinking
from parlor.app.windows import open_window
from parlor.bots import Bot, make_bot
from parlor.i18n.catalog import Translator
from parlor.render.notices import lab_stopped_notice

if TYPE_CHECKING:
    from parlor.app.classroom.watch import Watch
    from parlor.app.session import Session
    from parlor.core.windows import Window


class TurnDesk:
    """Mixed into ``Controller``: bot turns and timed windows, across devices too."""

    session: Session | None
    window: Window | None
    generation: int
    thinking: bool
    turn: BotThinking | None
    bots: dict[int, Bot]
    bot_delay: int
    watch: Watch
    clock: Callable[[], float]
    window_opened: float
    window_id: int
    answers: list[tuple[int, str, int, int]]
    picks: tuple[str, ...]
    tab: Tab
    lab_seats: LabSeats
    t: Translator

    # ---- provided by Controller and its other parts (declared for the type checker
    # only: a stub here would hide them, this class coming first) ------------------------

    if TYPE_CHECKING:
        def _render(self, out: list[Effect]) -> None: ...

        def _after_move(self, out: list[Effect]) -> None: ...

        def watching(self) -> bool: ...

        def links_waiting(self) -> bool: ...

    # ---- turns ----------------------------------------------------------------------

    def _schedule(self, out: list[Effect]) -> None:
        """Start whatever the game now waits on: a timed table window or a bot."""
        if self.session is None or self.links_waiting():
            return  # a remote seat's device is away: the game waits for it
        if self.tab.stale is not None:
            return  # the game went on in another tab: this one only says so
        window = open_window(self.session)
        if window is not None:
            # The bots' answers and the deadline race each other and any click; the
            # first to arrive is applied, the rest find the window gone. With a person
            # on another device, answers are collected and decided (hosting.py).
            self.window = window
            self.window_opened_now()
            self._render(out)
            for plan in window.plans:
                out.append(After(plan.delay_ms, WindowAnswer(self.generation, window,
                                                             plan.move)))
            deadline = int(window.seconds * 1000)
            out.append(After(deadline + GRACE_MS, WindowDecide(self.generation, window))
                       if self.window_remote() else
                       After(deadline, WindowAnswer(self.generation, window,
                                                    window.timeout_move)))
        elif self.session.bot_to_act():
            if self.watching() and self.watch.paused and not self.watch.stepping:
                self.thinking, self.turn = False, None
                self._render(out)
                return
            self.thinking, self.turn = True, None
            self._render(out)
            out.append(After(0, BotTurn(self.generation)))

    def _window_answer(self, event: WindowAnswer, out: list[Effect]) -> None:
        if (event.generation != self.generation or self.window is not event.window
                or self.session is None):
            return
        if self.window_remote():  # a bot's answer, to compete with the people's
            self.window_answer_in(len(self.session.seats), event.move,
                                  int(self.clock() - self.window_opened), out)
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
        if session.seats[seat].is_lab:
            self._lab_turn(session, seat, out)
            return
        bot = self.bots.get(seat)
        if bot is None:
            bot = self.bots[seat] = make_bot(session.match.game, session.seats[seat].level or "")
        if self.turn is None:
            self.turn = BotThinking(bot, session.game.view(session.state, seat), turn_rng(
                session.match.seed, len(session.match.moves), "bot"), self.clock)
        move = self.turn.slice()
        delay = self.watch.delay(self.bot_delay) if self.watching() else self.bot_delay
        wait = self.turn.wait_ms(delay)
        if move is None or wait > 0:
            out.append(After(0 if move is None else wait, BotTurn(self.generation)))
            return
        out.append(BotMoved(f"parlor:bot:{session.match.game}:{bot.level}",
                            self.turn.elapsed_ms()))
        self.session = session.play(move)
        self.thinking, self.turn = False, None
        self._after_move(out)

    # ---- a bot written in the Lab (app/lab/playing.py) ------------------------------

    def _lab_turn(self, session: Session, seat: int, out: list[Effect]) -> None:
        """Ask the worker for the Lab bot's move; play it once it is back and the bot
        delay has passed."""
        move = self.lab_seats.ready(self.generation, len(session.match.moves))
        if move is None:  # asked once per turn: a turn that got no move waits for a retry
            ask = self.lab_seats.ask(session.match, seat, self.generation, self.clock())
            if ask is not None:
                out.append(ask)
            return
        delay = self.watch.delay(self.bot_delay) if self.watching() else self.bot_delay
        wait = int(delay - (self.clock() - self.lab_seats.started))
        if wait > 0:
            out.append(After(wait, BotTurn(self.generation)))
            return
        elapsed = self.clock() - self.lab_seats.started
        self.lab_seats.reset()
        out.append(BotMoved(f"parlor:bot:{session.match.game}:lab", elapsed))
        self.session = session.play(move)
        self.thinking, self.turn = False, None
        self._after_move(out)

    def lab_chose(self, event: LabChose, out: list[Effect]) -> None:
        """The worker's answer: the move is played by ``_lab_turn``; no move stops the
        game with the reason (``lab_panel``)."""
        if self.session is None or not self.lab_seats.answer(event.kind, event.text):
            return
        if self.lab_seats.problem is not None:
            self.thinking = False
            self._render(out)
        else:
            out.append(After(0, BotTurn(self.generation)))

    def lab_retry(self, event: Action, out: list[Effect]) -> None:
        """Ask the Lab bot again (it ran over once, or the worker had failed)."""
        self.lab_seats.reset()
        self._schedule(out)

    def lab_panel(self) -> str:
        problem = self.lab_seats.problem
        if problem is None or self.session is None:
            return ""
        return lab_stopped_notice(self.t, self.session.match.game, problem)

    # ---- timed windows across devices ------------------------------------------------

    def window_remote(self) -> bool:
        """The open window has a person on another device among those who may answer:
        answers are collected for a grace period and decided by their own devices' times."""
        return (self.window is not None and self.session is not None
                and any(s in self.session.remotes for s in self.window.humans))

    def window_answer_in(self, seat: int, move: str, ms: int, out: list[Effect]) -> None:
        """An answer to the open window (a bot's, a click here, a guest's)."""
        assert self.window is not None
        self.answers.append((seat, move, ms, int(self.clock() - self.window_opened)))
        if len(self.answers) == 1:
            out.append(After(GRACE_MS, WindowDecide(self.generation, self.window)))

    def window_decide(self, event: WindowDecide, out: list[Effect]) -> None:
        if (event.generation != self.generation or self.window is not event.window
                or self.session is None):
            return
        decided = link.decide_window(tuple(self.answers), GRACE_MS)
        move = decided[1] if decided is not None else event.window.timeout_move
        self.window, self.answers = None, []
        self.session = self.session.play(move)
        self._after_move(out)

    def window_opened_now(self) -> None:
        self.window_id += 1
        self.window_opened = self.clock()
        self.answers = []
