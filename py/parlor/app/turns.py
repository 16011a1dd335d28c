"""What the game waits on after each move, as the controller's part: a bot's turn,
thought in slices so the page stays responsive (``thinking.py``), or a timed table
window (``windows.py``) whose answers race each other, or, with a person on another
device among those who may answer, are collected and decided by each device's own
time (``hosting.py``). Timers carry the ``generation`` they were started in, so none
acts on a game it was not started for. A part of the controller: it reaches the rest of
the app through ``TurnsController``, which holds only what this part uses."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Protocol

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
from parlor.app.lab.page.key_store import lab_key
from parlor.app.lab.page.long_game import LongGame
from parlor.app.lab.page.playing import LabSeats
from parlor.app.lab.wire.problems import Problem
from parlor.app.page import DRAW, MOVED, NOTHING, Changed, Handler
from parlor.app.page_params import BOT_DELAY_MS
from parlor.app.pairing import link
from parlor.app.screens.notices import lab_stopped_notice, long_game_notice
from parlor.app.seeds import turn_rng
from parlor.app.thinking import BotThinking
from parlor.app.windows import GRACE_MS, open_window
from parlor.bots import Bot, make_bot
from parlor.render.contract import ActionName

if TYPE_CHECKING:
    from parlor.app.classroom.part import Classroom
    from parlor.app.saves import KeyValue
    from parlor.app.saving import Saving
    from parlor.app.session import Session
    from parlor.app.table import Table
    from parlor.core.windows import Window
    from parlor.i18n.catalog import Translator


class TurnsController(Protocol):
    """The controller, as the turns see it: the game and the table its moves are played at,
    the clock, and the words of a Lab bot's stop notice. (What this part changed it
    returns, for the controller to draw and schedule.)"""

    @property
    def session(self) -> Session | None: ...
    @property
    def table(self) -> Table: ...
    @property
    def clock(self) -> Callable[[], float]: ...
    @property
    def entropy(self) -> Callable[[int], bytes]: ...
    @property
    def store(self) -> KeyValue: ...
    @property
    def t(self) -> Translator: ...


class Turns:
    """Bot turns and timed windows, across devices too: a part of the controller. It
    owns what the game waits on and the ``generation`` its timers carry."""

    def __init__(self, controller: TurnsController, classroom: Classroom, saving: Saving) -> None:
        self.controller = controller
        self.classroom = classroom  # a match of bots being watched sets the pace
        self.saving = saving  # a stale tab starts nothing
        self.generation = 0
        self.thinking = False
        self.turn: BotThinking | None = None  # the bot's move in progress
        self.bots: dict[int, Bot] = {}
        self.bot_delay = BOT_DELAY_MS
        self.window: Window | None = None  # a timed table decision in progress
        self.window_id, self.window_opened = 0, 0.0
        self.answers: list[tuple[int, str, int, int]] = []
        self.lab_seats = LabSeats()  # a bot written in the Lab, at this game's table
        self.long_game = LongGame()  # past the Lab's move limit: end it, or play on?

    def actions(self) -> Mapping[ActionName, Handler]:
        return {"lab-retry": self.lab_retry, "lab-end-now": self.end_now,
                "lab-play-on": self.play_on}

    def asking(self) -> bool:
        """The person is asked whether to end a Lab bot's long game: nothing moves."""
        return self.long_game.due(self.controller.session)

    def stop(self) -> None:
        """A new generation: no timer started before acts; the bot stops thinking and
        an open window closes."""
        self.generation += 1
        self.thinking, self.turn, self.window = False, None, None

    def moved(self) -> None:
        """A move was played: what this part waited on for the old position is done
        (an open window and its answers, a bot's thinking)."""
        self.window, self.answers = None, []
        self.thinking, self.turn = False, None

    def reset(self) -> None:
        """Another game opened: its bots are made afresh."""
        self.stop()
        self.bots = {}
        self.lab_seats.reset()
        self.long_game.reset()

    # ---- turns ----------------------------------------------------------------------

    def schedule(self, out: list[Effect]) -> Changed:
        """Start whatever the game now waits on: a timed table window or a bot, and
        say whether the screen changed with it. (The controller asks this only while no
        remote seat's device is away, and draws after.)"""
        if self.controller.session is None:
            return NOTHING
        if self.saving.tab.stale is not None:
            return NOTHING  # the game went on in another tab: this one only says so
        if self.asking():  # the game waits for the person's answer (lab/page/long_game.py)
            self.thinking, self.turn = False, None
            return DRAW
        window = open_window(self.controller.session)
        if window is not None:
            # The bots' answers and the deadline race each other and any click; the
            # first to arrive is applied, the rest find the window gone. With a person
            # on another device, answers are collected and decided (hosting.py).
            self.window = window
            self.window_opened_now()
            for plan in window.plans:
                out.append(After(plan.delay_ms, WindowAnswer(self.generation, window,
                                                             plan.move)))
            deadline = int(window.seconds * 1000)
            out.append(After(deadline + GRACE_MS, WindowDecide(self.generation, window))
                       if self.window_remote() else
                       After(deadline, WindowAnswer(self.generation, window,
                                                    window.timeout_move)))
            return DRAW
        if self.controller.session.bot_to_act():
            if self.classroom.holds():
                self.thinking, self.turn = False, None
                return DRAW
            self.thinking, self.turn = True, None
            out.append(After(0, BotTurn(self.generation)))
            return DRAW
        return NOTHING

    def window_answer(self, event: WindowAnswer, out: list[Effect]) -> Changed:
        if (event.generation != self.generation or self.window is not event.window
                or self.controller.session is None):
            return NOTHING
        if self.window_remote():  # a bot's answer, to compete with the people's
            self.window_answer_in(len(self.controller.session.seats), event.move,
                                  self.since_opened(), out)
            return NOTHING
        return self.controller.table.play(event.move, out)

    def bot_turn(self, generation: int, out: list[Effect]) -> Changed:
        """One slice of the bot's thinking (``thinking.py``); its move once decided and
        the bot delay has passed."""
        session = self.controller.session
        if (generation != self.generation or session is None or not session.bot_to_act()
                or self.asking()):
            return NOTHING
        seat = session.to_act()
        assert seat is not None
        if session.seats[seat].is_lab:
            return self._lab_turn(session, seat, out)
        bot = self.bots.get(seat)
        if bot is None:
            bot = self.bots[seat] = make_bot(session.match.game, session.seats[seat].level or "")
        if self.turn is None:
            self.turn = BotThinking(bot, session.game.view(session.state, seat), turn_rng(
                session.match.seed, len(session.match.moves), "bot"), self.controller.clock)
        move = self.turn.slice()
        delay = self.classroom.pace(self.bot_delay)
        wait = self.turn.wait_ms(delay)
        if move is None or wait > 0:
            out.append(After(0 if move is None else wait, BotTurn(self.generation)))
            return NOTHING
        out.append(BotMoved(f"parlor:bot:{session.match.game}:{bot.level}",
                            self.turn.elapsed_ms()))
        return self.controller.table.play(move, out)

    # ---- a bot written in the Lab (app/lab/page/playing.py) ------------------------------

    def _lab_turn(self, session: Session, seat: int, out: list[Effect]) -> Changed:
        """Ask the worker for the Lab bot's move; play it once it is back and the bot
        delay has passed."""
        move = self.lab_seats.ready(self.generation, len(session.match.moves))
        if move is None:  # asked once per turn: a turn that got no move waits for a retry
            ask = self.lab_seats.ask(session.match, seat, self.generation, self.controller.clock(),
                                     lab_key(self.controller.store, self.controller.entropy))
            if ask is not None:
                out.append(ask)
            return NOTHING
        if move not in session.game.legal_moves_for(session.state, seat):
            # The referee checked it already; a move that is not this seat's stops the
            # game like any other answer that is no move, whoever sent it.
            self.lab_seats.refuse(Problem("not_legal", 0, repr(move)[:200]))
            self.thinking = False
            return DRAW
        delay = self.classroom.pace(self.bot_delay)
        wait = int(delay - (self.controller.clock() - self.lab_seats.started))
        if wait > 0:
            out.append(After(wait, BotTurn(self.generation)))
            return NOTHING
        elapsed = self.controller.clock() - self.lab_seats.started
        self.lab_seats.reset()
        out.append(BotMoved(f"parlor:bot:{session.match.game}:lab", elapsed))
        return self.controller.table.play(move, out)

    def lab_chose(self, event: LabChose, out: list[Effect]) -> Changed:
        """The worker's answer: the move is played by ``_lab_turn``; no move stops the
        game with the reason (``lab_panel``)."""
        if self.controller.session is None or not self.lab_seats.answer(event.kind, event.text):
            return NOTHING
        if self.lab_seats.problem is not None:
            self.thinking = False
            return DRAW
        out.append(After(0, BotTurn(self.generation)))
        return NOTHING

    def lab_retry(self, event: Action, out: list[Effect]) -> Changed:
        """Ask the Lab bot again (it ran over once, or the worker had failed)."""
        self.lab_seats.reset()
        return Changed(schedule=True)

    def end_now(self, event: Action, out: list[Effect]) -> Changed:
        """End the Lab bot's long game where it stands, scored so."""
        return self.controller.table.end(out) if self.asking() else NOTHING

    def play_on(self, event: Action, out: list[Effect]) -> Changed:
        """Go on with the Lab bot's long game: asked again after as many moves more."""
        session = self.controller.session
        if session is not None and self.asking():
            self.long_game.play_on(session)
            return MOVED
        return NOTHING

    def lab_panel(self) -> str:
        session = self.controller.session
        if session is None:
            return ""
        if self.asking():
            return long_game_notice(self.controller.t, session.match.game, len(session.match.moves),
                                    LongGame.limit(session) or 0)
        problem = self.lab_seats.problem
        if problem is None:
            return ""
        return lab_stopped_notice(self.controller.t, session.match.game, problem)

    # ---- timed windows across devices ------------------------------------------------

    def window_remote(self) -> bool:
        """The open window has a person on another device among those who may answer:
        answers are collected for a grace period and decided by their own devices' times."""
        return (self.window is not None and self.controller.session is not None
                and any(s in self.controller.session.remotes for s in self.window.humans))

    def window_answer_in(self, seat: int, move: str, ms: int, out: list[Effect]) -> None:
        """An answer to the open window (a bot's, a click here, a guest's)."""
        assert self.window is not None
        self.answers.append((seat, move, ms, self.since_opened()))
        if len(self.answers) == 1:
            out.append(After(GRACE_MS, WindowDecide(self.generation, self.window)))

    def window_decide(self, event: WindowDecide, out: list[Effect]) -> Changed:
        if (event.generation != self.generation or self.window is not event.window
                or self.controller.session is None):
            return NOTHING
        decided = link.decide_window(tuple(self.answers), GRACE_MS)
        move = decided[1] if decided is not None else event.window.timeout_move
        return self.controller.table.play(move, out)

    def since_opened(self) -> int:
        """Milliseconds since the open window appeared on this page."""
        return int(self.controller.clock() - self.window_opened)

    def window_opened_now(self) -> None:
        self.window_id += 1
        self.window_opened = self.controller.clock()
        self.answers = []
