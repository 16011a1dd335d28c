"""The Bot Lab screen's state and what its buttons do, as pure code.

The controller routes to a ``Lab`` the Lab's actions (``lab-*``), the editor's text
(``LabCode``) and the worker's reports (``LabReport``). Effects ask the page to draw the
Lab (``ShowLab``), start or stop the worker's match or tournament (``LabStart``,
``LabStop``), warm the worker up (``LabWarm``), download or share the code. The Lab in
place of what was shown, the menu, a game against the bot and the review of a game are
returned for the controller to open (``page.GoLab``, ``GoMenu``, ``GoNew``, ``GoReview``).

The editor's part is drawn only when the code comes from elsewhere (the Lab opened, another bot
chosen, a file imported) or a tournament's table comes or goes (read first, it comes first for
the keyboard): redrawn on each report, it would lose the student's cursor and undo history.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from parlor.app.classroom.review import Review
from parlor.app.events import (
    Action,
    Download,
    Effect,
    LabCode,
    LabEnd,
    LabReport,
    LabStart,
    LabStop,
    LabWarm,
    SetUrl,
    ShowLab,
)
from parlor.app.lab.contest.matches import LabGame, said_by_ply
from parlor.app.lab.contest.seating import fitting
from parlor.app.lab.page import handin
from parlor.app.lab.page.carried import Carried, bot_from_link
from parlor.app.lab.page.handin import CARRY_ACTIONS, HandIn, author_of, bot_name
from parlor.app.lab.page.keep import Shelf
from parlor.app.lab.page.key_store import class_word, lab_key
from parlor.app.lab.page.lessons import Lesson, lab_options, lessons
from parlor.app.lab.page.reports import take_duel_report, take_match_report
from parlor.app.lab.page.shelf_actions import SHELF_ACTIONS, Shelves
from parlor.app.lab.page.state import (
    LabRun,
    LabScreen,
    LabTour,
    Settings,
    fits,
    fixed_seed,
    levels_of,
    match_key,
    players_of,
    too_few,
    whole,
)
from parlor.app.lab.page.tour_games import tour_action
from parlor.app.lab.wire.messages import WorkerNews, job_request
from parlor.app.page import NOTHING, Changed, GoLab, GoMenu, GoNew, GoReview, Shown, go
from parlor.app.screens.lab import lab_status
from parlor.app.screens.lab_redraw import lab_drawn
from parlor.app.screens.lab_tournament import tournament_csv
from parlor.app.seats import Seat, default_names
from parlor.app.setup import Setup
from parlor.core.errors import BadSave
from parlor.core.match import HUMAN, LAB, Match
from parlor.games import GAMES as GAMES_BY_ID
from parlor.render.contract import ActionName

if TYPE_CHECKING:
    from parlor.app.saves import KeyValue
    from parlor.app.screens.lab_tour_grid import Grid
    from parlor.i18n.catalog import Translator

#: The Lab's own actions (``data-action``), routed by the controller to ``Lab.act``.
LAB_ACTIONS: tuple[ActionName, ...] = (
    "lab-run", "lab-run-new", "lab-stop", "lab-share", "lab-export", "lab-import", "lab-new",
    "lab-bot", "lab-said", "lab-review", "lab-tournament", "lab-tour-csv", "lab-lesson",
    "lab-play", "lab-paste", "lab-author", "lab-class-word", "lab-tour-bot", "lab-tour-pair",
    "lab-tour-review", *SHELF_ACTIONS)
#: What a tab whose bot changed in another tab does not do until it takes the newer text.
STALE_WAITS = frozenset({"lab-run", "lab-run-new", "lab-tournament", "lab-lesson", "lab-play",
                         "lab-share", "lab-export"})


class LabController(Protocol):
    """The controller, as the Lab sees it: ``shown`` is "lab" while the Lab is drawn."""

    shown: Shown

    @property
    def store(self) -> KeyValue: ...
    @property
    def t(self) -> Translator: ...
    @property
    def entropy(self) -> Callable[[int], bytes]: ...
    def new_seed(self) -> int: ...


@dataclass
class Lab:
    """The Bot Lab's screen: a part of the controller."""

    controller: LabController
    game: str | None = None
    shelf: Shelf | None = None
    settings: Settings | None = None
    run: LabRun | None = None
    tour: LabTour | None = None  # a class tournament (the Lab shows it or ``run``)
    lesson: int | None = None  # the lesson begun last (its number), for its goal
    said: int | None = None  # the game whose "What your bot said" is open
    version: int = 0  # bumped whenever the editor's text is replaced from here
    note: str | None = None  # a message for the student (a file refused, a link cut)
    handin: HandIn | None = None  # what the class's links or files last brought
    shelves: Shelves = field(init=False)  # what changes the bots (and keeps them)

    def __post_init__(self) -> None:
        self.shelves = Shelves(self)
    grid: Grid | None = None  # the tournament's table drawn last (redrawn by its changes)
    live: bool = False  # the Lab's workers may be running (warmed, or a Lab bot's game)

    # ---- opening and closing --------------------------------------------------------

    def open_named(self, game: str, shared: Carried | None = None) -> Changed:
        """The Lab of a game named by the menu, the Lab's own picker, a link's
        ``?lab=`` or the review, opened by the controller in place of what was shown."""
        if game not in GAMES_BY_ID:
            return go(GoMenu(self.controller.t("lab.unknown_game", game=repr(game),
                                               known=", ".join(sorted(GAMES_BY_ID)))))
        return go(GoLab(game, shared))

    def open_link(self, data: str) -> Changed:
        """A ``#bot=`` link: the code opens in its game's Lab as a new bot, not run."""
        try:
            game, bot = bot_from_link(data)
        except BadSave as err:
            return go(GoMenu(self.controller.t("error.import_failed", reason=err.message)))
        return self.open_named(game, shared=bot)

    def open(self, game: str, out: list[Effect], *, shared: Carried | None = None) -> None:
        """The Lab of ``game``; ``shared`` is a bot from a link, added as a new bot
        (named after it and its author) and shown, not run."""
        t = self.controller.t
        if self.game != game:
            self.stop(out)
            self.run, self.tour, self.said, self.handin = None, None, None, None
        self.game = game
        self.shelf = self.shelves.read(game)
        levels = levels_of(game)
        if self.settings is None or self.settings.level not in levels:
            self.settings = Settings(levels[0], players_of(game)[0])
        if shared is not None:
            self.shelf = self.shelf.added(bot_name(shared, t("lab.shared_name"), t),
                                          shared.source, t.number)
            self.shelves.keep(out)
            self.note = t("lab.shared_note")
        self.version += 1
        self.controller.shown = "lab"
        self.live = True
        out.append(LabWarm())
        out.append(SetUrl({"lab": game}))
        self.draw(out, whole=True)

    def close(self, out: list[Effect], *, keep: bool = False) -> None:
        """Leaving the Lab (the menu, a game): a match in progress stops, and the Lab's
        workers end unless ``keep`` (the game opened next seats a Lab bot, whose moves
        the referee plays): they hold two interpreters more than the page's."""
        self.stop(out)
        self.game = None
        if keep:
            self.live = True
        elif self.live:
            self.live = False
            out.append(LabEnd())

    def stop(self, out: list[Effect]) -> None:
        job = self.tour or self.run
        if job is not None and job.running:
            job.running = False
            job.stopped_by_student = True
            out.append(LabStop())

    # ---- the student's input --------------------------------------------------------

    def news(self, event: LabCode | LabReport, out: list[Effect]) -> None:
        """The editor's text (kept as the student types) or the worker's report."""
        if isinstance(event, LabCode):
            self.shelves.code(event.text, out)
        else:
            self.report(event.kind, event.text, out)

    def act(self, event: Action, out: list[Effect]) -> Changed:
        """A ``lab-*`` action (``LAB_ACTIONS``): the Lab draws itself; a game against the
        bot, or one of the match in the review, is left to the controller to open."""
        if self.game is None or self.shelf is None:
            return NOTHING
        name = event.name
        self.shelves.act(name, event, out)  # its own actions; any other lets Undo go
        if name in SHELF_ACTIONS or self.shelves.stale is not None and name in STALE_WAITS:
            return NOTHING  # a stale tab starts nothing from its old text (shelf_sync.py)
        if name in ("lab-run", "lab-run-new"):
            self.start(event.value, event.form or {}, out, new_games=name == "lab-run-new")
        elif name == "lab-tournament":
            self.tournament(event.value, event.form or {}, out)
        elif name == "lab-lesson":
            self.begin_lesson(whole(event.value) or 0, out)
        elif name == "lab-play":
            return self.play_against(event.value, event.form or {}, out)
        elif name == "lab-stop":
            self.stop(out)
            self.draw(out)
        elif name in CARRY_ACTIONS:  # links, files, a class's hand-in (app/lab/page/handin.py)
            handin.act(self, event, out)
        elif name == "lab-tour-csv" and self.tour is not None:
            out.append(Download(f"{self.game}-tournament.csv",
                                tournament_csv(self.tour, self.controller.t), "text/csv"))
        elif name == "lab-said":
            self.said = whole(event.value)
            self.draw(out)
        elif name in ("lab-tour-bot", "lab-tour-pair", "lab-tour-review") and self.tour:
            match = tour_action(self.tour, self.game, event, out, draw=self.draw)
            return NOTHING if match is None else go(GoReview(Review.of(match, lab=True)))
        elif name == "lab-review" and self.run is not None:
            played = self.run.played.get(whole(event.value) or 0)
            if played is not None:  # with what the bot printed at each move
                return go(GoReview(Review.of(self.match_of(played), said=said_by_ply(played),
                                             lab=True)))
        return NOTHING

    def start(self, source: str | None, form: Mapping[str, str], out: list[Effect],
              new_games: bool = False) -> None:
        """Run a match of the code in the editor with the settings in ``form``: on the
        same games as every Run with these settings (so the score can be compared with
        the bot's last), or on ``new_games`` (compared with nothing)."""
        assert self.game is not None and self.shelf is not None and self.settings is not None
        if source is not None:
            self.shelves.code(source, out)
        self.stop(out)
        self.settings = Settings.read(self.game, form, self.settings)
        s, bot = self.settings, self.shelf.current
        lesson = self._lesson()
        # A lesson's goal is checked on games of its own, the same at every Run.
        goal = lesson if lesson is not None and fits(lesson, s) else None
        key = lab_key(self.controller.store, self.controller.entropy)
        seed = (key.deal("lesson", self.game, goal.number) if goal is not None
                else self.controller.new_seed() if new_games else fixed_seed(key, self.game, s))
        options = lab_options(self.game)
        match = None if new_games and goal is None else match_key(s, seed, options)
        self.run = LabRun(s, seed, self.shelf.source,
                          lesson=goal.number if goal is not None else None,
                          options=options, bot=bot, match=match,
                          last=None if match is None else self.shelf.last_score(bot, match))
        self.tour, self.said, self.note = None, None, None
        out.append(LabStart(job_request(
            "match", source=self.run.source, game=self.game, level=s.level,
            players=s.players, games=s.games, first=0, seed=self.run.seed,
            limit_ms=s.limit_ms, options=self.run.options, total=s.games, key=key.hex)))
        self.draw(out)

    def play_against(self, source: str | None, form: Mapping[str, str],
                     out: list[Effect]) -> Changed:
        """A game of this Lab's game: you at the first seat, the bot in the editor at
        the second (its code saved with the game), the chosen level at any other."""
        assert self.game is not None and self.shelf is not None and self.settings is not None
        if source is not None:
            self.shelves.code(source, out)
        self.settings = s = Settings.read(self.game, form, self.settings)
        seats = (Seat(HUMAN), Seat(LAB, LAB),
                 *(Seat("bot", s.level) for _ in range(s.players - 2)))
        names = list(default_names(seats))
        names[1] = self.shelf.current
        codes = ["" for _ in seats]
        codes[1] = self.shelf.source
        return go(GoNew(Setup(self.game, seats, self.controller.new_seed(), {}, tuple(names),
                              lab=tuple(codes))))

    def _lesson(self) -> Lesson | None:
        found = [x for x in lessons(self.game or "") if x.number == self.lesson]
        return found[0] if found else None

    def begin_lesson(self, number: int, out: list[Effect]) -> None:
        """A lesson's starter as a new bot (named after the lesson), and the settings
        of its goal's match."""
        assert self.game is not None and self.shelf is not None and self.settings is not None
        found = [x for x in lessons(self.game) if x.number == number]
        if not found:
            return
        lesson = found[0]
        self.stop(out)
        self.lesson = number
        t = self.controller.t
        self.shelf = self.shelf.added(t(lesson.title_key), lesson.starter_in(t), t.number)
        self.shelves.keep(out)
        self.settings = Settings(lesson.level, lesson.players, lesson.games,
                                 self.settings.limit_ms)
        self.run, self.tour, self.said, self.note = None, None, None, None
        self.version += 1
        self.draw(out, whole=True)

    def tournament(self, source: str | None, form: Mapping[str, str],
                   out: list[Effect]) -> None:
        """The bots chosen for it (all but those left out; the class's come in as new
        bots, from their links or files) play in duels or at tables (``seating.py``),
        the same games at each run (dealt from the Lab's key: ``dice.py``)."""
        assert self.game is not None and self.shelf is not None and self.settings is not None
        if source is not None:
            self.shelves.code(source, out)
        self.stop(out)
        names = tuple(self.shelf.entrants())
        self.settings = s = Settings.read(self.game, form, self.settings)
        if len(names) < max(2, s.seats):
            self.note = too_few(self.shelf, names, s.seats, self.controller.t)
            self.draw(out)
            return
        key = lab_key(self.controller.store, self.controller.entropy)
        self.tour = LabTour(names, fitting(len(names), s.seats, s.games),
                            key.deal("tournament", self.game), s.limit_ms, seats=s.seats,
                            asked=s.games, options=lab_options(self.game))
        self.run, self.said, self.note = None, None, None
        out.append(LabStart(job_request(
            "tournament", game=self.game, sources=[self.shelf.bots[n] for n in names],
            games=self.tour.games, seats=s.seats, seed=self.tour.seed, limit_ms=s.limit_ms,
            first=0, total=self.tour.total, options=self.tour.options, key=key.hex)))
        self.draw(out)

    # ---- the worker's reports -------------------------------------------------------

    def report(self, kind: WorkerNews, text: str, out: list[Effect]) -> None:
        """``batch`` (a JSON list of the referee's reports), ``done`` (the last such
        list, if any) or ``failed`` (why). A report that cannot be read stops the job
        and says so: never an exception out of the page."""
        job = self.tour or self.run
        if job is None or not job.running:
            return  # news of a match already stopped
        if kind in ("batch", "done"):
            try:
                for item in json.loads(text or "[]"):
                    if self.tour is not None:
                        take_duel_report(self.tour, item)
                    elif self.run is not None:
                        take_match_report(self.run, item)
            except (ValueError, AttributeError) as err:  # BadReport, JSON, not a mapping
                job.failed, job.running = f"{type(err).__name__}: {err}", False
                out.append(LabStop())
            else:
                job.running = kind == "batch"
                self._keep_score(out)
        elif kind == "failed":
            job.failed, job.running = text, False
        self.draw(out)

    def _keep_score(self, out: list[Effect]) -> None:
        """A match played to its end on a fixed set of games: its score is kept with
        the bot, for the next Run to compare with."""
        run = self.run
        if (run is not None and self.tour is None and run.complete and run.match is not None
                and self.shelf is not None):
            self.shelf = self.shelf.scored(run.bot, run.match, run.score().wins)
            self.shelves.keep(out)

    # ---- a game of the match, in the review -----------------------------------------

    def match_of(self, played: LabGame) -> Match:
        """The match record of a Lab game (the student's seat is a person's seat named
        after the bot), for the review and the watch mode."""
        assert self.game is not None and self.run is not None and self.shelf is not None
        s = self.run.settings
        seats = tuple(HUMAN if i == played.seat else f"bot:{s.level}" for i in range(s.players))
        t = self.controller.t
        names = tuple(t("lab.your_bot", name=self.shelf.current) if i == played.seat
                      else t("name.bot", n=i + 1) for i in range(s.players))
        options = GAMES_BY_ID[self.game].options_for(s.players, self.run.options)
        return Match(self.game, seats, played.seed, options, played.moves, names=names,
                     cut=played.cut)

    # ---- drawing --------------------------------------------------------------------

    def draw(self, out: list[Effect], whole: bool = False) -> None:
        if self.game is None or self.controller.shown != "lab":
            return  # a report for a Lab not on the page: drawn when it is back
        assert self.shelf is not None and self.settings is not None
        # A tournament's table coming or going moves the results (``results_first``):
        # the whole Lab drawn again mounts a new editor, which reads the page's layout.
        t = self.controller.t
        screen = LabScreen(self.game, self.shelf, self.settings, self.run, self.said,
                           self.version, self.note, levels_of(self.game),
                           players_of(self.game), self.tour, lessons(self.game),
                           author_of(self.controller.store), self.handin,
                           self.shelves.stale, class_word(self.controller.store) is not None)
        html, patch, self.grid = lab_drawn(screen, t, whole, self.grid)
        out.append(ShowLab(self.game, html, whole, lab_status(screen, t), patch,
                           results_first=self.tour is not None))
