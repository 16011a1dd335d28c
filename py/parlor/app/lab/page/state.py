"""What the Lab's screen shows, as plain values: the settings of a match, the match as
the worker has reported it so far, and a ``LabScreen`` (everything the renderer needs,
so ``app/screens/lab.py`` never reaches into the part)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

from parlor.app.lab.contest.dice import LabKey
from parlor.app.lab.contest.matches import LabGame, Score
from parlor.app.lab.contest.seating import DUEL, Seating
from parlor.app.lab.contest.tournament import TableGame
from parlor.app.lab.page.handin import HandIn
from parlor.app.lab.page.keep import Shelf
from parlor.app.lab.page.lessons import Lesson
from parlor.app.lab.page.shelf_sync import LabStale
from parlor.app.lab.wire.problems import Problem
from parlor.games import ENTRIES
from parlor.games import GAMES as GAMES_BY_ID
from parlor.i18n.catalog import Translator

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
    seats: int = DUEL  # at a tournament's tables (2: duels)

    @staticmethod
    def read(game: str, form: Mapping[str, str], old: Settings) -> Settings:
        """The settings the page's form asks for; ``old``'s where it asks for none the
        Lab offers."""
        level = form.get("level", old.level)
        players = whole(form.get("players")) or old.players
        games = whole(form.get("games")) or old.games
        limit = whole(form.get("limit")) or old.limit_ms
        seats = whole(form.get("seats")) or old.seats
        return Settings(
            level if level in levels_of(game) else old.level,
            players if players in players_of(game) else old.players,
            games if games in GAME_COUNTS else old.games,
            limit if limit in LIMITS_MS else old.limit_ms,
            seats if seats in players_of(game) else DUEL)


def whole(value: str | None) -> int | None:
    """A whole number from the page (a form's field, an action's value), if it is one."""
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


def fits(lesson: Lesson, settings: Settings) -> bool:
    """A match played as the lesson's goal asks (its level, table and games)."""
    return (settings.level, settings.players, settings.games) == (
        lesson.level, lesson.players, lesson.games)


def levels_of(game_id: str) -> tuple[str, ...]:
    """The levels a Lab bot can be matched against, weakest first."""
    return tuple(level.name for level in ENTRIES[game_id].levels)


def players_of(game_id: str) -> tuple[int, ...]:
    """The table sizes a match may have (a Lab bot always has an opponent)."""
    game = GAMES_BY_ID[game_id]
    return tuple(range(max(2, game.min_players), game.max_players + 1))


def fixed_seed(key: LabKey, game: str, s: Settings) -> int:
    """The seed of the games Run plays for these settings: the same every Run in this
    browser (on every device of a class that typed the same class word), so an
    unchanged bot scores the same and a changed one can be compared, and given by no
    formula a student can read (``dice.py``); "Run on new games" draws a fresh one."""
    return key.deal("run", game, s.level, s.players, s.games)


def match_key(s: Settings, seed: int, options: Mapping[str, object] | None = None) -> str:
    """Which games a score was won on, as it is kept with the bot: the same key is the
    same deals against the same level, with the same time a move and the same options
    (written only when there are any, so a key kept before options counted still
    reads)."""
    extra = "".join(f"/{k}={v}" for k, v in sorted((options or {}).items()))
    return f"{s.level}/{s.players}/{s.games}/{s.limit_ms}/{seed}{extra}"


@dataclass
class LabRun:
    """A match asked of the worker: its settings, seed, what has come back so far.
    ``bot`` is the bot's name; ``match`` the key its score is kept under (None for new
    games, which nothing is compared with) and ``last`` its score there last time."""

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
    bot: str = ""
    match: str | None = None
    last: float | None = None

    @property
    def games(self) -> list[LabGame]:
        return [self.played[n] for n in sorted(self.played)]

    @property
    def complete(self) -> bool:
        """Every game played, the match over: a score to compare and keep."""
        return (not self.running and self.problem is None and self.failed is None
                and len(self.played) == self.settings.games)

    def score(self) -> Score:
        return Score.of(self.games)


@dataclass
class Tally:
    """A tournament's games added up as they come (``LabTour.tally``): each entrant's
    wins and games, each pair's in duels (``row, col``: the row's wins against the col
    and their games), and the first game (lowest number) each entrant gave no move in,
    with why; the games ended at the Lab's move limit: each pair's, both ways round
    (``cut``), how many in all and the most moves one had (the note under the table). A
    redraw reads these, not every game again (30 bots: 1,740 games read four times over
    at each of hundreds of redraws kept the page busy for 100s of ms).
    """

    wins: list[float]
    games: list[int]
    met: dict[tuple[int, int], tuple[float, int]] = field(default_factory=dict)
    failed: dict[int, tuple[int, Problem]] = field(default_factory=dict)
    counted: dict[int, TableGame] = field(default_factory=dict)
    cut: Counter[tuple[int, int]] = field(default_factory=Counter)
    cut_games: int = 0
    cut_most: int = 0  # the moves of the longest game ended at the limit

    @staticmethod
    def of(entrants: int, duels: Mapping[int, TableGame]) -> Tally:
        tally = Tally([0.0] * entrants, [0] * entrants)
        for k in sorted(duels):
            tally.add(k, duels[k])
        return tally

    def add(self, number: int, duel: TableGame) -> None:
        self.counted[number] = duel
        for i, e in enumerate(duel.seats):
            self.wins[e] += duel.shares[i]
            self.games[e] += 1
        if len(duel.seats) == 2:
            a, b = duel.seats
            for row, col, share in ((a, b, duel.shares[0]), (b, a, duel.shares[1])):
                wins, games = self.met.get((row, col), (0.0, 0))
                self.met[row, col] = (wins + share, games + 1)
            if duel.cut:
                self.cut[a, b] += 1
                self.cut[b, a] += 1
        if duel.cut:
            self.cut_games += 1
            self.cut_most = max(self.cut_most, len(duel.move_list))
        if duel.failed is not None and duel.problem is not None:
            first = self.failed.get(duel.failed)
            if first is None or number < first[0]:
                self.failed[duel.failed] = (number, duel.problem)


@dataclass
class LabTour:
    """A class tournament asked of the worker: the bots entered (by name, in order),
    games per pair, the seats at a table (2: duels), and the games come back so far
    (by their number in the tournament). ``shown``: the entrant whose games are listed
    under the table, each one click from the review."""

    names: tuple[str, ...]
    games: int
    seed: int
    limit_ms: int
    problems: dict[int, Problem | None] = field(default_factory=dict)  # by entrant,
    # once its file ran: None, or why it did not
    duels: dict[int, TableGame] = field(default_factory=dict)
    running: bool = True
    stopped_by_student: bool = False
    failed: str | None = None
    seats: int = DUEL
    shown: int | None = None
    pair: tuple[int, int] | None = None  # the pair whose games are listed (duels)
    options: dict[str, object] = field(default_factory=dict)  # the games' (``lab_options``)
    asked: int = 0  # the games a pair the Lab asked for (``games`` is fewer for a big class)

    _tally: Tally | None = field(default=None, init=False, repr=False, compare=False)
    #: The grid's cells as markup, by what they show (``lab_tour_grid.py``; with the
    #: pieces of its rows and the lines of the games listed, ``lab_tour_games.py``): a
    #: redraw of 30 bots builds only the cells whose games changed, not 870 (the page's
    #: main thread runs it, several times a second).
    cells: dict[tuple[object, ...], str] = field(default_factory=dict, init=False,
                                                 repr=False, compare=False)

    @cached_property
    def seating(self) -> Seating:
        return Seating(len(self.names), self.seats, self.games, self.seed)

    def take(self, number: int, duel: TableGame) -> None:
        """Game ``number`` played (a report read): kept, and added to the tally."""
        again = number in self.duels
        self.duels[number] = duel
        if self._tally is not None and not again:
            self._tally.add(number, duel)
        else:
            self._tally = None  # a game replaced: added up afresh when next asked

    @property
    def tally(self) -> Tally:
        """The games so far, added up (afresh if ``duels`` was changed but by
        ``take``)."""
        t = self._tally
        if (t is None or len(t.counted) != len(self.duels)
                or len(t.wins) != len(self.names)):
            t = self._tally = Tally.of(len(self.names), self.duels)
        return t

    @property
    def total(self) -> int:
        return self.seating.total


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
    author: str = ""  # the name the student signs links and files with
    handin: HandIn | None = None  # what a class's links or files last brought
    stale: LabStale | None = None  # the bot in the editor changed in another tab
    class_word: bool = False  # a teacher's class word keys this device's games (dice.py)


def too_few(shelf: Shelf, names: tuple[str, ...], seats: int, t: Translator) -> str:
    """Why a tournament of ``names`` at tables of ``seats`` cannot start: too few bots
    kept, or too few of them chosen."""
    if len(shelf.bots) >= max(2, seats):
        return t("lab.tour.need_chosen", count=len(names))
    return t("lab.tour.need_two") if seats == 2 else t("lab.tour.need", n=seats)
