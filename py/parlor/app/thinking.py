"""A bot's move in progress, run in slices so the page never freezes.

A search bot (``think``) runs a few iterations at a time: each slice stops after
``SLICE_MS`` of the clock, and the controller schedules the next slice with a zero
delay, which lets the browser paint, animate the status line and take clicks in
between. The page caps the thinking at ``CAP_MS``: then the best move found so far is
played (a test's clock stands still during a slice, so a test always runs the whole
iteration budget and stays reproducible). Bots without ``think`` answer at once.

The move shows no earlier than the page's bot delay after the thinking began, so a
person can follow the game whatever the bot's speed.
"""

from __future__ import annotations

from collections.abc import Callable

from parlor.bots.base import Bot
from parlor.core.rng import Rng

#: A slice's share of the main thread (the browser's long-task mark is 50 ms; the
#: budget is no task over 100 ms, and one iteration can take a few ms).
SLICE_MS = 30.0
#: Most a bot may think in the page before it plays its best move so far.
CAP_MS = 1200.0
#: Iterations run between two looks at the clock.
STEP = 4


class BotThinking:
    """One bot's turn: its view was taken when the turn began."""

    def __init__(self, bot: Bot, view: object, rng: Rng, clock: Callable[[], float]) -> None:
        self.bot, self.clock = bot, clock
        self.started = clock()
        self.search = bot.think(view, rng) if hasattr(bot, "think") else None
        self.move: str | None = None if self.search is not None else bot.choose(view, rng)

    def slice(self) -> str | None:
        """Think for one slice; the chosen move once it is decided, else None."""
        search = self.search
        if self.move is None and search is not None:
            begin = self.clock()
            while not search.done:
                search.step(STEP)
                now = self.clock()
                if now - self.started >= CAP_MS:
                    break
                if now - begin >= SLICE_MS:
                    return None
            self.move = search.best()
        return self.move

    def wait_ms(self, delay_ms: float) -> int:
        """How long the decided move should still wait to honour the bot delay."""
        return max(0, int(delay_ms - (self.clock() - self.started)))

    def elapsed_ms(self) -> float:
        return self.clock() - self.started
