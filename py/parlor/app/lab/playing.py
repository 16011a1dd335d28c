"""A Lab bot at the table: a game in which a seat is a bot the student wrote.

Its code is in the match (``Match.lab``), so the game saves, resumes and replays with
the code it began with. Its move is asked of the Lab's referee (``LabChoose``; its
``choose_job`` replays the match there and asks the bot's sandbox, with its seat's
view only), never computed on the page's thread; the answer (``LabChose``) is played
after the page's bot delay, like any bot's, once the page has checked it is a move
this seat may play. A bot that gives no move (a crash, a move not
offered, over its time) stops the game where it is, with the reason and a way to ask
again: nothing is played for it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from parlor.app.events import LabChoose
from parlor.app.lab.dice import LabKey
from parlor.app.lab.messages import WorkerNews, job_request, report_kind
from parlor.app.lab.reports import BadReport
from parlor.app.lab.state import LIMIT_MS
from parlor.app.lab.student import Problem
from parlor.core.match import Match


@dataclass
class LabSeats:
    """The Lab bot's turn in progress: which turn was asked, the move come back (played
    when the bot delay allows), or why there is none."""

    asked: tuple[int, int] | None = None  # (generation, ply) of the question
    started: float = 0.0  # when it was asked (the bot delay counts from here)
    move: str | None = None  # the answer to ``asked``
    problem: Problem | None = None  # the bot gave no move: the game waits

    def reset(self) -> None:
        self.asked, self.move, self.problem = None, None, None

    def ask(self, match: Match, seat: int, generation: int, now: float,
            key: LabKey) -> LabChoose | None:
        """The question for the seat to act, once per turn (None: already asked); the
        bot's dice come from ``key`` (``dice.py``)."""
        turn = (generation, len(match.moves))
        if self.asked == turn:
            return None
        self.asked, self.started, self.move, self.problem = turn, now, None, None
        return LabChoose(job_request("choose", match=match.to_dict(), seat=seat,
                                     limit_ms=LIMIT_MS, total=1, key=key.hex))

    def answer(self, kind: WorkerNews, text: str) -> bool:
        """Take the worker's answer; True when it is news for the turn asked. A report
        that cannot be read is the bot's problem for this turn, never an exception."""
        if self.asked is None or self.move is not None or self.problem is not None:
            return False
        if kind == "failed":
            self.problem = Problem("failed", 0, text)
            return True
        try:
            items = json.loads(text or "[]")
            for item in items:
                if report_kind(item) == "chose" and int(item["ply"]) == self.asked[1]:
                    p = item["problem"]
                    if p is not None:
                        self.problem = Problem.from_dict(p)
                    elif isinstance(item["move"], str):
                        self.move = item["move"]
                    else:
                        raise BadReport(f"move {item['move']!r}")
        except (ValueError, KeyError, TypeError, AttributeError) as err:
            self.problem = Problem("failed", 0, f"{type(err).__name__}: {err}")
        return self.move is not None or self.problem is not None

    def refuse(self, problem: Problem) -> None:
        """The move that came back is not one this seat may play: the game waits."""
        self.move, self.problem = None, problem

    def ready(self, generation: int, ply: int) -> str | None:
        """The move for this turn, if it has come back."""
        return self.move if self.asked == (generation, ply) else None
