"""The referee: plays the Lab's jobs in trusted code and asks each student's bot, in a
sandbox of its own, for its moves only (docs/lab-threat-model.md).

It runs in the Lab's worker, an ordinary worker of the page's origin
(``assets/lab-worker.js``), which never runs a line of a student's code: the true
state, the other seats, the built-in bots and the score stay here. A student's bot is
reached through ``Out.send`` by a key (its place in the job and its source): the
worker keeps one sandbox per key, its own interpreter, reused only for that bot.

The referee is driven by what comes back, never blocked on it: ``start`` runs the job
until it waits on sandboxes, and ``heard`` (an answer, with the milliseconds the
worker measured the sandbox spent on it), ``expired`` (the worker's watchdog stopped a
sandbox past its time, which its own watch could not stop at a line) or ``died`` (a
sandbox crashed or misbehaved) take the job on.
Every answer is read by ``wire.read_answer``; whatever a sandbox does is that bot's
problem, never an exception here.

A match plays two games side by side (``Games``): a sandbox answers its questions in
the order they came, so while it thinks about one game the referee plays the built-in
seats of the other. Each game has its own lane, and each lane's views are sent to the
sandbox as changes to that lane's last one.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from parlor.app.lab.contest.steps import LIVE, Call, Free, Games, GameSteps, Load, Say, Step
from parlor.app.lab.referee.jobs import Plan, plan, say
from parlor.app.lab.wire import wire
from parlor.app.lab.wire.problems import Problem, Turn


class Out(Protocol):
    """What the referee asks of the worker it runs in (``assets/lab-worker.js``)."""

    def report(self, text: str) -> None:
        """A report for the page (JSON text)."""

    def send(self, key: str, text: str, limit_ms: float) -> None:
        """``text`` to bot ``key``'s sandbox (started if there is none). Its questions
        are answered in order; the watchdog gives each ``limit_ms`` (plus a grace) from
        the moment the sandbox could start on it, then stops the sandbox."""

    def kill(self, key: str) -> None:
        """Stop bot ``key``'s sandbox: the next ``send`` to it starts a fresh one."""

    def ahead(self, count: int) -> None:
        """Keep ``count`` sandboxes starting ahead while this job plays, so a bot it has
        not asked yet finds one ready (a tournament's next bots); 0: none."""


@dataclass
class Lane:
    """One game of a ``Games`` step under way."""

    number: int
    game: GameSteps
    #: The last view sent in it to each sandbox (its question's id, the view).
    views: dict[str, tuple[int, object]] = field(default_factory=dict)


@dataclass(frozen=True)
class Question:
    """A question out to a sandbox: the step it serves (the job's own when ``lane`` is
    None), whether it runs the bot's file first (``loading``), and its time limit."""

    key: str
    id: int
    step: Load | Call
    lane: Lane | None
    loading: bool
    limit_ms: float


@dataclass
class Batch:
    """A ``Games`` step under way: the games not started yet and the lanes playing."""

    games: Iterator[tuple[int, GameSteps]]
    said: Any
    width: int
    lanes: list[Lane] = field(default_factory=list)


class Referee:
    """One per worker, across jobs: it knows which sandboxes are alive."""

    def __init__(self, out: Out, room: int = LIVE) -> None:
        self.out = out
        self.room = room  # sandboxes a tournament may keep alive (the device's memory)
        self.alive: dict[str, None] = {}  # live sandboxes, least recently used first
        self.plan: Plan | None = None
        self.batch: Batch | None = None
        self.loaded: set[str] = set()  # keys whose file ran in this job
        self.out_to: dict[str, deque[Question]] = {}  # questions out, by sandbox, in order
        self.waiting: dict[str, list[tuple[Load | Call, Lane | None]]] = {}  # on a load
        self.asked = 0  # the last question's id
        #: Each bot's questions are numbered on their own: one count for all would tell
        #: a bot how many questions the others were asked between its own.
        self.numbered: dict[str, int] = {}
        self.sent: dict[str, deque[int]] = {}  # by sandbox, its last views' questions

    # ---- what the worker tells the referee ------------------------------------------

    def start(self, request: str) -> None:
        """A new job (the page's request); a job still running is dropped."""
        self.stop()
        self.plan = plan(request, self.room)
        self.out.ahead(self.plan.ahead)
        wanted = {self.key(i) for i in range(len(self.plan.sources))}
        for key in [k for k in self.alive if k not in wanted or self.plan.game_tag is None]:
            self._kill(key)  # an earlier job's bots; every bot of a match or tournament
        self.loaded = set()
        self._go(None)

    def stop(self) -> None:
        """The page stopped the job: a question out may never be answered (an endless
        loop), so its sandbox goes with it."""
        for key in [k for k, q in self.out_to.items() if q]:
            self._kill(key)
        if self.plan is not None:
            self.out.ahead(0)
        self.plan, self.batch = None, None
        self.out_to, self.waiting = {}, {}

    def forget(self) -> None:
        """Every sandbox is gone (the page let them go while the Lab was idle): the next
        job starts the ones it needs."""
        self.stop()
        self.alive.clear()
        self.loaded.clear()
        self.sent.clear()

    def heard(self, key: str, text: str, ms: float) -> None:
        """A sandbox's answer to its oldest question out, ``ms`` after it could start
        on it."""
        queue = self.out_to.get(key)
        if not queue:
            return  # not asked: the worker drops these before they get here
        q = queue.popleft()
        offered = q.step.moves if isinstance(q.step, Call) and not q.loading else None
        answer = wire.read_answer(text, q.id, offered)
        problem = answer.problem
        if problem is not None and problem.kind in ("over_time", "load_time"):
            problem = _over(q, ms, problem)  # stopped at its line by its watch
        elif ms > q.limit_ms and (problem is None or problem.kind == "not_legal"):
            problem = _over(q, ms)
        again = []
        if problem is not None and problem.kind in ("memory", "broken"):
            again = self._drop(key)  # a fresh interpreter for what comes next
            self.out.kill(key)
        self._answered(q, answer.move if problem is None else None, problem, answer.printed,
                       ms)
        self._ask_again(again)

    def expired(self, key: str, ms: float) -> None:
        """The worker stopped bot ``key``'s sandbox: its oldest question had no answer
        in time."""
        self._lost(key, lambda q: _over(q, ms), ms)

    def died(self, key: str, why: str) -> None:
        """Bot ``key``'s sandbox is gone (it crashed, or the worker stopped it for
        saying what it was not asked)."""
        self._lost(key, lambda q: Problem("broken", 0, why[: wire.MAX_DETAIL]), 0.0)

    # ---- the job --------------------------------------------------------------------

    def key(self, bot: int) -> str:
        """The sandbox of bot ``bot`` of this job: its place, its game at the table and
        its code, so a bot is never run in an interpreter another bot's code or another
        game ran in, and the same bot asked again (the next move of that game) finds its
        interpreter warm."""
        assert self.plan is not None
        tag = "" if self.plan.game_tag is None else f"{self.plan.game_tag}:"
        return f"{tag}{bot}:{self.plan.sources[bot]}"

    def _go(self, value: object) -> None:
        """Run the job until it waits on sandboxes, or ends."""
        while self.plan is not None and self.batch is None:
            try:
                step: Step = self.plan.job.send(value)
            except StopIteration:
                if not self.plan.keep:
                    for key in list(self.alive):
                        self._kill(key)
                self.plan = None
                self.out.ahead(0)
                self.out.report(say("done").text)
                return
            value = None
            if isinstance(step, Say):
                self.out.report(step.text)
            elif isinstance(step, Free):
                key = self.key(step.bot)
                if key in self.alive and not self.out_to.get(key) and key not in self.waiting:
                    self._kill(key)
            elif isinstance(step, Games):
                self.batch = Batch(step.games, step.said, step.width)
                self._fill()
            else:
                self._ask(step, None)
                return

    def _fill(self) -> None:
        """Start games in free lanes; once none is left to start or play, the job goes
        on."""
        b = self.batch
        assert b is not None
        while len(b.lanes) < b.width:
            nxt = next(b.games, None)
            if nxt is None:
                break
            lane = Lane(*nxt)
            b.lanes.append(lane)
            self._step(lane, None)
            if self.batch is not b:
                return
        if not b.lanes:
            self.batch = None
            self._go(None)

    def _step(self, lane: Lane, turn: Turn | None) -> None:
        """Take ``lane``'s game on by one move (the first call when ``turn`` is None)."""
        b = self.batch
        assert b is not None
        try:
            step = next(lane.game) if turn is None else lane.game.send(turn)
        except StopIteration as over:
            b.lanes.remove(lane)
            self.out.report(b.said(lane.number, over.value))
            self._fill()
            return
        self._ask(step, lane)

    def _ask(self, step: Load | Call, lane: Lane | None) -> None:
        """The question for ``step``, or its bot's file first when its sandbox has not
        run it (a step waits while a load is out)."""
        assert self.plan is not None
        key = self.key(step.bot)
        if key in self.waiting:
            self.waiting[key].append((step, lane))
            return
        loading = isinstance(step, Load) or key not in self.loaded
        if loading:
            self.waiting[key] = []
            limit = wire.LOAD_LIMIT_MS
            text = wire.load_text(self._id(key), self.plan.game, self.plan.sources[step.bot],
                                  limit)
        else:
            assert isinstance(step, Call)
            last = lane.views.get(key) if lane is not None else None
            if last is not None and last[0] not in self.sent.get(key, ()):
                # The sandbox keeps its last few views: at a table of six, a bot asked
                # many times in one game while its other game waits on the other bots
                # no longer holds that game's last one. The whole view then.
                last = None
            limit = self.plan.limit_ms
            text = wire.ask_text(self._id(key), self.plan.game, step.view, step.moves,
                                 step.rng.state, last, limit)
            self.sent.setdefault(key, deque(maxlen=wire.KEPT_VIEWS)).append(self.asked)
            if lane is not None:
                lane.views[key] = (self.asked, step.view)
        self.out_to.setdefault(key, deque()).append(
            Question(key, self.asked, step, lane, loading, limit))
        self.out.send(key, text, limit)

    def _id(self, key: str) -> int:
        self._use(key)
        self.asked = self.numbered[key] = self.numbered.get(key, 0) + 1
        return self.asked

    def _answered(self, q: Question, move: str | None, problem: Problem | None,
                  printed: str, ms: float) -> None:
        """Take the job on with what bot ``q.key`` answered."""
        if q.loading:
            waiting = self.waiting.pop(q.key, [])
            if problem is None:
                self.loaded.add(q.key)
            if isinstance(q.step, Call):
                waiting.insert(0, (q.step, q.lane))
            elif self.plan is not None:
                self._go(problem)
            for step, lane in waiting:  # loaded: now the moves; or each fails with it
                if problem is None:
                    self._ask(step, lane)
                elif isinstance(step, Call):
                    self._resume(lane, Turn(None, "", ms, step.moves, problem))
            return
        assert isinstance(q.step, Call)
        self._resume(q.lane, Turn(move, printed, ms, q.step.moves, problem))

    def _resume(self, lane: Lane | None, turn: Turn) -> None:
        if lane is None:
            self._go(turn)
        elif self.batch is not None and lane in self.batch.lanes:
            self._step(lane, turn)

    # ---- sandboxes ------------------------------------------------------------------

    def _lost(self, key: str, why: Any, ms: float) -> None:
        """Bot ``key``'s sandbox is gone: its oldest question fails with ``why(q)``, the
        others are asked again of a fresh one."""
        questions = self._drop(key)
        if questions:
            first = questions.pop(0)
            problem = why(first)
            self._answered(first, None, problem, "", ms)
        self._ask_again(questions)

    def _ask_again(self, questions: list[Question]) -> None:
        for q in questions:
            if self.plan is not None:
                self._ask(q.step, q.lane)

    def _drop(self, key: str) -> list[Question]:
        """Forget bot ``key``'s sandbox; the questions it had not answered."""
        self.alive.pop(key, None)
        self.loaded.discard(key)
        self.sent.pop(key, None)
        for lane in self.batch.lanes if self.batch is not None else ():
            lane.views.pop(key, None)  # a fresh sandbox holds no view
        waiting = self.waiting.pop(key, [])
        out = list(self.out_to.pop(key, ()))
        # Steps that waited on a load that will never come are asked again too.
        return out + [Question(key, 0, step, lane, False, 0.0) for step, lane in waiting]

    def _use(self, key: str) -> None:
        """``key`` is about to be asked: most recently used; the least recently used
        other idle sandbox is stopped when more than ``LIVE`` would be alive."""
        self.alive.pop(key, None)
        idle = [k for k in self.alive if not self.out_to.get(k) and k not in self.waiting]
        live = self.plan.live if self.plan is not None else LIVE
        while len(self.alive) >= live and idle:
            victim = idle.pop(0)
            self._drop(victim)
            self.out.kill(victim)
        self.alive[key] = None

    def _kill(self, key: str) -> None:
        self._drop(key)
        self.out.kill(key)


def _over(q: Question, ms: float, stopped: Problem | None = None) -> Problem:
    """Over time: a move past the job's limit, or a file whose top level ran too long,
    judged by the referee's question (load or move) and clock. ``stopped`` is the
    sandbox's word when its watch stopped the code: only its line and frames are taken
    (a sandbox that says so early loses only its own move)."""
    kind: Literal["load_time", "over_time"] = "load_time" if q.loading else "over_time"
    if stopped is None:
        return Problem(kind, 0, f"{ms:.0f}")
    return Problem(kind, stopped.line, f"{ms:.0f}", stopped.frames)
