"""The test driver of the whole controller: a stand-in for web/app.py that drives
``Controller`` as the page does (events in, effects out), keeping the timers for the
test to fire and the last screen, menu and address it was told to show.

Named ``Driver``, not ``Page``: each part of the controller reaches the page through a
protocol of its own (``app/page.py``), and a part driven alone, without a controller,
gets a stand-in holding just that (tests/test_parts.py). tests/test_controller.py, the
classroom, menu, tab, guide, room and Bot Lab tests share this one, and
tests/pairing_net.py builds linked devices on it."""

from __future__ import annotations

from fakes import CLOCK_MS
from parlor.app.controller import Controller
from parlor.app.events import After, Confirm, Effect, SetUrl, ShowGame, ShowMenu
from parlor.app.saves import DictStore
from parlor.core.rng import Rng


class Driver:
    """A stand-in for web/app.py: keeps the timers and the last screen."""

    def __init__(self, store: DictStore | None = None, device: int = 1) -> None:
        self.clock = CLOCK_MS
        self.store = store or DictStore()
        # The browser's cryptographic generator, made repeatable: new games' seeds and
        # the Lab's key replay in a test; another ``device`` draws others.
        chance = Rng(device)
        self.c = Controller(self.store, lambda: self.clock, lambda ms: f"t{ms:.0f}",
                            entropy=lambda n: bytes(chance.randbelow(256) for _ in range(n)))
        self.timers: list[After] = []
        self.game: ShowGame | None = None
        self.menu: ShowMenu | None = None
        self.url: SetUrl | None = None

    def send(self, event: object) -> list[Effect]:
        out = self.c.handle(event)  # type: ignore[arg-type]
        for e in out:
            if isinstance(e, After):
                self.timers.append(e)
            elif isinstance(e, ShowGame):
                self.game, self.menu = e, None
            elif isinstance(e, ShowMenu):
                self.menu, self.game = e, None
            elif isinstance(e, SetUrl):
                self.url = e
            elif isinstance(e, Confirm):
                self.send(e.event)  # the person agrees
        return out

    def run_timers(self) -> None:
        """Fire the earliest timer (as the event loop would)."""
        self.timers.sort(key=lambda a: a.ms)
        self.clock += self.timers[0].ms
        self.send(self.timers.pop(0).event)

    def until_human(self) -> None:
        """Let the bots play until a human seat is to act."""
        while self.c.session is not None and self.c.turns.thinking:
            self.run_timers()

    def legal(self) -> list[str]:
        assert self.c.session is not None
        return self.c.session.game.legal_moves(self.c.session.state)
