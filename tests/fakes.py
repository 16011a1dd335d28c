"""The stand-ins several tests share, in one place: a fixed clock, a controller for driving one
part of the controller alone, the pseudo-language translator, and the Bot Lab's worker
with in-process sandboxes.

The controller as a whole is driven by ``controller_driver.Driver``; pairing devices by
``pairing_net``; tests/conftest.py hands these stand-ins out as fixtures too.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field

from parlor.app.lab.referee.referee import Referee
from parlor.app.lab.sandbox.sandbox import Sandbox
from parlor.app.saves import DictStore
from parlor.app.session import Session
from parlor.i18n.catalog import FSI, PDI, Msg, Translator

#: "Now" for every stand-in (14 November 2023, in ms): saves and the menu's list of
#: them carry the same times on every run.
CLOCK_MS = 1_700_000_000_000.0


@dataclass
class StandInController:
    """The controller as the menu and saving see it (``menu.MenuController`` and
    ``saving.SavingController``, nothing more), recording what a part asks of it: a part
    of the controller driven with no controller and no other part (tests/test_parts.py).
    The screen a part opens it returns (``page.Changed.go``): nothing here opens one."""

    store: DictStore = field(default_factory=DictStore)
    t: Translator = field(default_factory=Translator)
    session: Session | None = None
    picks: tuple[str, ...] = ()
    asked: list[str] = field(default_factory=list)

    @property
    def table(self) -> StandInController:
        """The stand-in is its own table: the parts driven with it only drop picks."""
        return self

    def drop_picks(self) -> None:
        self.picks = ()

    def clock(self) -> float:
        return CLOCK_MS

    def fmt_time(self, ms: float) -> str:
        return f"t{ms:.0f}"

    def new_seed(self) -> int:
        return 7

    def net_param(self) -> dict[str, str]:
        return {}


#: The brackets the pseudo-language puts around every message.
OPEN, CLOSE = "⟦", "⟧"


class Pseudo(Translator):
    """English, bracketed; isolates every string argument so names are told apart. A
    screen drawn with it shows, outside brackets and isolates, only what the code wrote
    itself (tests/test_i18n_pseudo.py, tests/test_i18n_kabaleo.py)."""

    def say(self, msg: Msg) -> str:
        return f"{OPEN}{super().say(msg)}{CLOSE}"

    def isolate(self, text: str) -> str:
        return f"{FSI}{text}{PDI}"


#: A scripted answer: given the question's data, the text to send back (None: let the
#: bot's own sandbox answer).
Script = Callable[[dict[str, object]], str | None]


class LabWorker:
    """The Bot Lab's worker played in-process: the referee's ``Out``, and the loop
    assets/lab-worker.js runs, each question answered by its key's own ``Sandbox`` (or
    by ``script``) after ``ms``; ``stopped`` is the watchdog stopping a sandbox."""

    def __init__(self, script: Script | None = None, ms: float = 1.0,
                 clock: Callable[[], float] = lambda: 0.0) -> None:
        self.referee = Referee(self)
        self.clock = clock  # the sandboxes' (their watch reads it; 0: never late)
        self.script = script
        self.ms = ms
        self.reports: list[dict[str, object]] = []
        self.questions: list[tuple[str, str, float]] = []
        self.asked: list[tuple[str, dict[str, object]]] = []
        self.killed: list[str] = []
        self.sandboxes: dict[str, Sandbox] = {}
        self.most_alive = 0

    def report(self, text: str) -> None:
        self.reports.append(json.loads(text))

    def send(self, key: str, text: str, limit_ms: float) -> None:
        self.questions.append((key, text, limit_ms))

    def ahead(self, count: int) -> None:
        """No sandbox to start ahead here: each is made when first asked."""

    def kill(self, key: str) -> None:
        """Its questions not yet answered go with it, as in the worker."""
        self.killed.append(key)
        self.sandboxes.pop(key, None)
        self.questions = [q for q in self.questions if q[0] != key]

    def stopped(self, key: str) -> None:
        """The worker stops ``key``'s sandbox on its own (the watchdog, a crash)."""
        self.sandboxes.pop(key, None)
        self.questions = [q for q in self.questions if q[0] != key]

    def finish(self) -> None:
        while self.step():
            pass

    def step(self) -> bool:
        """Answer the one question out; False when there is none."""
        if not self.questions:
            return False
        key, text, _ = self.questions.pop(0)
        data = json.loads(text)
        self.asked.append((key, data))
        box = self.sandboxes.setdefault(key, Sandbox(self.clock))
        self.most_alive = max(self.most_alive, len(self.sandboxes))
        answer = box.answer(text)  # the sandbox keeps its view, whatever it then says
        scripted = self.script(data) if self.script else None
        self.referee.heard(key, answer if scripted is None else scripted, self.ms)
        return True

    def run(self, request: str) -> list[dict[str, object]]:
        self.referee.start(request)
        while self.step():
            pass
        return self.reports

    def kinds(self) -> list[object]:
        return [r["kind"] for r in self.reports]
