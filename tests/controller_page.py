"""A stand-in for web/app.py that drives the controller as the page does: events in,
effects out, timers kept and fired by the test (tests/test_controller.py and the
classroom tests share it)."""

from __future__ import annotations

from parlor.app.controller import Controller
from parlor.app.events import After, Confirm, Effect, SetUrl, ShowGame, ShowMenu
from parlor.app.saves import DictStore


class Page:
    """A stand-in for web/app.py: keeps the timers and the last screen."""

    def __init__(self, store: DictStore | None = None) -> None:
        self.clock = 1_700_000_000_000.0
        self.store = store or DictStore()
        self.c = Controller(self.store, lambda: self.clock, lambda ms: f"t{ms:.0f}")
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
