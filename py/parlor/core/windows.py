"""Timed decisions made by the table (Ciao!'s speed race and "Thank you!"), as values.

The engine has no clock: when ``to_act`` is ``TABLE`` it offers table moves. A game
with such decisions names, in its registry entry, a ``windows`` module with

- ``open_window(state, levels, rng) -> Window | None``: the window the game waits on
  (``levels[seat]`` is a bot seat's level, None for a person), how long it lasts, what
  each bot would answer and when (``rng`` times the bots' reflexes), and the move
  applied when nobody answers in time;
- ``adjust_options(seats, options) -> (options, note | None)``: options one shared
  screen cannot honour, changed with a note saying why.

The page (through ``app.windows``) keeps only the timers and the arena asks the same
function, so bots meet the same windows in a benchmark as in the app: the first valid
answer by time wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

#: Which decision a window is: the speed race, or "Thank you!" (the page's status line
#: says each in its own words, ``status.<kind>``).
WindowKind = Literal["race", "thanks"]


@dataclass(frozen=True)
class Plan:
    """A bot's answer: ``move`` after ``delay_ms`` from the window's opening."""

    delay_ms: int
    move: str


@dataclass(frozen=True)
class Window:
    kind: WindowKind
    seconds: float
    timeout_move: str  # applied when the window closes unanswered
    humans: tuple[int, ...]  # human seats that may answer by clicking
    plans: tuple[Plan, ...]  # the bots' answers, earliest first

    def without_people(self) -> str:
        """What the table decides when nobody clicks: the fastest bot's answer if it
        comes in time, else the timeout move."""
        due = [p for p in self.plans if p.delay_ms < self.seconds * 1000]
        return min(due, key=lambda p: p.delay_ms).move if due else self.timeout_move
