"""Watching a match of bots: its pace and what the watchers see.

Only a game with no human seat is watched this way (``Session.humans`` is empty): then
nobody at the table has a secret to keep, so the watchers may reveal every hand and
hear what a bot believes. The settings belong to the page, not the match: they are
never saved, and a new game keeps the pace and the reveal the teacher chose.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The pause between two bot moves at each speed, in ms; "normal" is the page's bot
#: delay (``botdelay=`` in links), so a test can still run a watched game quickly.
SPEEDS: dict[str, int | None] = {"slow": 2500, "normal": None, "fast": 150}


@dataclass(frozen=True)
class Watch:
    paused: bool = False
    speed: str = "normal"
    reveal: bool = False
    #: The bot whose beliefs are drawn (None: no panel).
    thinks: int | None = None
    #: One move is asked for while paused ("One move").
    stepping: bool = False

    def delay(self, normal_ms: int) -> int:
        ms = SPEEDS.get(self.speed)
        return normal_ms if ms is None else ms
