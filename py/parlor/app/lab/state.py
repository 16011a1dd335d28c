"""What the Lab's screen shows, as plain values: the settings of a match, the match as
the worker has reported it so far, and a ``LabScreen`` (everything the renderer needs,
so ``app/screens/lab.py`` never reaches into the part)."""

from __future__ import annotations

from dataclasses import dataclass, field

from parlor.app.lab.keep import Shelf
from parlor.app.lab.lessons import Lesson
from parlor.app.lab.matches import LabGame, Score
from parlor.app.lab.student import Problem
from parlor.app.lab.tournament import Duel, pairs

#: What a match plays unless the student chooses otherwise: 20 games, 1 s a move.
GAMES, LIMIT_MS = 20, 1000
#: The choices the Lab offers (a class's patience, not a limit of the code).
GAME_COUNTS = (10, 20, 50, 100, 200)
LIMITS_MS = (100, 250, 500, 1000, 2000, 5000)


@dataclass(frozen=True)
class Settings:
    level: str
    players: int
    games: int = GAMES
    limit_ms: int = LIMIT_MS


@dataclass
class LabRun:
    """A match asked of the worker: its settings, seed, what has come back so far."""

    settings: Settings
    seed: int
    source: str
    played: dict[int, LabGame] = field(default_factory=dict)
    problem: Problem | None = None  # the bot did not compile
    failed: str | None = None  # Parlor's fault (the worker could not start)
    running: bool = True
    stopped_by_student: bool = False
    lesson: int | None = None  # played as this lesson's goal asks: judged against it
    options: dict[str, object] = field(default_factory=dict)  # the games' options asked

    @property
    def games(self) -> list[LabGame]:
        return [self.played[n] for n in sorted(self.played)]

    def score(self) -> Score:
        return Score.of(self.games)


@dataclass
class LabTour:
    """A class tournament asked of the worker: the bots entered (by name, in order),
    games per pair, and the duels come back so far."""

    names: tuple[str, ...]
    games: int
    seed: int
    limit_ms: int
    problems: dict[int, Problem | None] = field(default_factory=dict)  # by entrant,
    # once its file ran: None, or why it did not
    duels: dict[int, Duel] = field(default_factory=dict)
    running: bool = True
    stopped_by_student: bool = False
    failed: str | None = None

    @property
    def total(self) -> int:
        return len(pairs(len(self.names))) * self.games


@dataclass(frozen=True)
class LabScreen:
    game: str
    shelf: Shelf
    settings: Settings
    run: LabRun | None
    said: int | None
    version: int
    note: str | None
    levels: tuple[str, ...]
    player_counts: tuple[int, ...]
    tour: LabTour | None = None
    lessons: tuple[Lesson, ...] = ()
