"""What a teacher does with a game besides playing it: review it, export it, share it as
a link, import one, and watch a match of bots (reveal, pause, one move, speed).

A part of the controller: it owns the review and the watch settings and reaches the
rest of the app through ``ClassroomController``, which holds only what this part uses.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

from parlor.app import saves
from parlor.app.classroom.review import EVERYTHING, Review
from parlor.app.classroom.transfer import (
    export_filename,
    export_text,
    import_text,
    match_from_share,
    share_data,
)
from parlor.app.classroom.watch import SPEEDS, Watch
from parlor.app.events import Action, Download, Effect, SetUrl, ShareLink, ShowGame
from parlor.app.page import (
    DRAW,
    NOTHING,
    STOPPED,
    Changed,
    GoGame,
    GoMenu,
    GoReview,
    Handler,
    Shown,
    go,
)
from parlor.app.screens.review import move_lines, review_screen
from parlor.app.screens.thinks import beliefs_html
from parlor.app.screens.watch import watch_bar
from parlor.app.seats import default_names, display_names, parse_seat
from parlor.app.session import Session
from parlor.core.errors import BadSave
from parlor.core.match import Match
from parlor.i18n.catalog import Msg
from parlor.render.contract import ActionName

if TYPE_CHECKING:
    from parlor.app.saves import KeyValue
    from parlor.app.table import Table
    from parlor.i18n.catalog import Translator


class ClassroomController(Protocol):
    """The controller, as the classroom sees it: the game shown and its table (cleared for a
    review), the saves, clock and words, and what the page shows (a review, once shown). (A
    watched match drawn again, paused or gone on with it returns, for the controller to
    carry out, and so a review, a game or the menu to go to: ``page.GoReview``,
    ``GoGame``, ``GoMenu``; the controller stops what played before a review is shown.)"""

    #: What the page shows: "review" once this part shows one.
    shown: Shown

    @property
    def session(self) -> Session | None: ...
    @property
    def table(self) -> Table: ...
    @property
    def store(self) -> KeyValue: ...
    @property
    def clock(self) -> Callable[[], float]: ...
    @property
    def t(self) -> Translator: ...


class Classroom:
    """Review, transfer and watch handlers: a part of the controller."""

    def __init__(self, controller: ClassroomController) -> None:
        self.controller = controller
        self.review: Review | None = None  # a match being stepped through
        self.watch = Watch()  # the pace and reveal of a match of bots being watched
        #: The review's move list in words, kept while only the step changes (a long
        #: Ciao! match has thousands of moves to describe).
        self._review_lines: tuple[object, tuple[str, ...]] = (None, ())

    def actions(self) -> Mapping[ActionName, Handler]:
        """The ``data-action`` names these handlers answer."""
        return {
            "review": self.do_review,
            "replay-first": self.do_replay_first,
            "replay-prev": self.do_replay_prev,
            "replay-next": self.do_replay_next,
            "replay-last": self.do_replay_last,
            "replay-goto": self.do_replay_goto,
            "replay-seat": self.do_replay_seat,
            "export": self.do_export,
            "share": self.do_share,
            "import": self.do_import,
            "adopt": self.do_adopt,
            "reveal": self.do_reveal,
            "pause": self.do_pause,
            "step": self.do_step,
            "watch-speed": self.do_watch_speed,
            "watch-thinks": self.do_watch_thinks,
        }

    # ---- reviews ------------------------------------------------------------------------

    def _source(self, event: Action) -> tuple[Match, str | None] | None:
        """The match an action is about: its ``data-save``, else the review or game shown."""
        if event.save:
            entry = saves.read(self.controller.store, event.save)
            if entry is not None and entry.session is not None:
                return entry.session.match, event.save
            return None
        if self.review is not None:
            return self.review.match, self.review.save_id
        if self.controller.session is not None:
            return self.controller.session.match, self.controller.session.save_id
        return None

    def leave(self) -> None:
        """The page shows something else: no review."""
        self.review = None

    def show_review(self, review: Review, out: list[Effect], note: str | None = None) -> None:
        """Show ``review`` in place of the game (nothing is saved): the controller's step
        for ``page.GoReview``, once it has stopped what played."""
        self.controller.table.clear()
        self.review = review
        self.controller.shown = "review"
        if review.save_id is not None:
            out.append(SetUrl({"review": review.save_id}))
        else:
            out.append(SetUrl(None, fragment="m=" + share_data(review.match)))
        self.render_review(out, note)

    def render_review(self, out: list[Effect], note: str | None = None) -> None:
        r = self.review
        assert r is not None
        seats = tuple(parse_seat(r.match.game, s) for s in r.match.seats)
        names = display_names(self.controller.t, seats, r.match.names)
        humans = r.humans
        own = r.match.names or default_names(seats)
        you = (humans[0] if len(humans) == 1 and own[humans[0]] == default_names(seats)[humans[0]]
               else None)
        key = (r.match, r.seat, self.controller.t.lang)
        if self._review_lines[0] != key:  # the move list changes with these, not the step
            self._review_lines = (key, move_lines(self.controller.t, r, names))
        out.append(ShowGame(r.match.game, review_screen(r, self.controller.t, names, you, note,
                                                        self._review_lines[1])))

    def open_review(self, save_id: str) -> Changed:
        """A saved game's review (``?review=<save>`` in the page's address)."""
        entry = saves.read(self.controller.store, save_id)
        if entry is None or entry.session is None:
            return go(GoMenu(self.controller.t("error.save_unloadable")))
        return go(GoReview(Review.of(entry.session.match, save_id)))

    def open_shared(self, data: str) -> Changed:
        """A share link's match, for review; refused with its reason, nothing changed."""
        return self._open_outside(match_from_share, data)

    def _open_outside(self, read: Callable[[str], Match], text: str) -> Changed:
        """A match from outside (a link, a file, pasted text) opens for review, saving
        nothing; one that ``read`` refuses leaves the menu saying why."""
        try:
            match = read(text)
        except BadSave as err:
            return go(GoMenu(self.controller.t("error.import_failed", reason=err.message)))
        done = self.controller.t("import.done", game=Msg(f"game.{match.game}.name"))
        return go(GoReview(Review.of(match), done))

    def do_review(self, event: Action, out: list[Effect]) -> Changed:
        source = self._source(event)
        if source is None:
            return go(GoMenu(self.controller.t("error.save_unloadable")))
        match, save_id = source
        return go(GoReview(Review.of(match, save_id)))

    def _step(self, ply: int, out: list[Effect]) -> None:
        if self.review is not None:
            self.review = self.review.at(ply)
            self.render_review(out)

    def do_replay_first(self, event: Action, out: list[Effect]) -> None:
        self._step(0, out)

    def do_replay_prev(self, event: Action, out: list[Effect]) -> None:
        if self.review is not None:
            self._step(self.review.ply - 1, out)

    def do_replay_next(self, event: Action, out: list[Effect]) -> None:
        if self.review is not None:
            self._step(self.review.ply + 1, out)

    def do_replay_last(self, event: Action, out: list[Effect]) -> None:
        if self.review is not None:
            self._step(self.review.plies, out)

    def do_replay_goto(self, event: Action, out: list[Effect]) -> None:
        if self.review is not None and (event.value or "").isdigit():
            self._step(int(event.value or 0), out)

    def do_replay_seat(self, event: Action, out: list[Effect]) -> None:
        text = event.value or ""
        if self.review is not None and text.lstrip("-").isdigit():
            seat = int(text)
            self.review = self.review.looking(EVERYTHING if seat < 0 else seat)
            self.render_review(out)

    # ---- files and links ----------------------------------------------------------------

    def do_export(self, event: Action, out: list[Effect]) -> None:
        source = self._source(event)
        if source is not None:
            match, save_id = source
            out.append(Download(export_filename(match, save_id or "shared"), export_text(match)))

    def do_share(self, event: Action, out: list[Effect]) -> None:
        source = self._source(event)
        if source is not None:
            out.append(ShareLink(share_data(source[0])))

    def do_import(self, event: Action, out: list[Effect]) -> Changed:
        """A pasted or uploaded game opens for review; nothing is saved until it is kept."""
        return self._open_outside(import_text, event.value or "")

    def do_adopt(self, event: Action, out: list[Effect]) -> Changed:
        """Keep an imported game as a new save (a new key: nothing is overwritten); one
        still being played opens to be played on."""
        r = self.review
        if r is None or r.save_id is not None:
            return NOTHING
        now = self.controller.clock()
        session = Session(match=r.match, state=r.states[-1],
                          save_id=saves.new_id(self.controller.store, now), created=now)
        try:
            raw = saves.write(self.controller.store, session, now, expect=None)
        except Exception as err:  # storage full: the import stays open for review
            self.render_review(out, self.controller.t("error.save_failed", detail=str(err)))
            return NOTHING
        if r.over:
            return go(GoReview(replace(r, save_id=session.save_id)))
        self.review = None
        return go(GoGame(session, raw))

    # ---- watching a match of bots --------------------------------------------------------

    def watching(self) -> bool:
        return self.controller.session is not None and not self.controller.session.people

    def paused(self) -> bool:
        """A match of bots stopped by Pause (one move at a time, if any)."""
        return self.watch.paused and self.watching()

    def holds(self) -> bool:
        """A paused match of bots not asked for one move: no bot moves."""
        return self.paused() and not self.watch.stepping

    def pace(self, bot_delay: int) -> int:
        """How long a bot's move waits: the watch's speed in a match of bots."""
        return self.watch.delay(bot_delay) if self.watching() else bot_delay

    def opened(self) -> None:
        """A game opened: no review, and a match of bots plays on from the start."""
        self.review = None
        self.watch = replace(self.watch, paused=False, stepping=False)

    def moved(self) -> None:
        """A move was played: "One move" has had its move."""
        self.watch = replace(self.watch, stepping=False)

    def watch_panels(self) -> tuple[str, object]:
        """Above the board of a match of bots: the watch bar and the chosen bot's beliefs;
        and every secret when revealed. Nothing for a game with a human seat."""
        from parlor.games import ENTRIES

        session = self.controller.session
        if session is None or not self.watching():
            return "", None
        names = session.display_names(self.controller.t)
        panels = watch_bar(self.controller.t, self.watch, names, session.to_act() is None,
                           ENTRIES[session.match.game].beliefs is not None)
        if self.watch.thinks is not None:
            panels += beliefs_html(self.controller.t, session.game, session.state,
                                   (self.watch.thinks,), names)
        return panels, session.game.reveal(session.state) if self.watch.reveal else None

    def do_reveal(self, event: Action, out: list[Effect]) -> Changed:
        if not self.watching():
            return NOTHING
        self.watch = replace(self.watch, reveal=not self.watch.reveal)
        return DRAW

    def do_pause(self, event: Action, out: list[Effect]) -> Changed:
        if not self.watching():
            return NOTHING
        if self.watch.paused:
            self.watch = replace(self.watch, paused=False, stepping=False)
            return Changed(schedule=True)
        # A new generation drops the bot's thinking and any open race; resuming
        # starts them again from the same position.
        self.watch = replace(self.watch, paused=True)
        return STOPPED

    def do_step(self, event: Action, out: list[Effect]) -> Changed:
        if self.watching() and self.watch.paused and not self.watch.stepping:
            self.watch = replace(self.watch, stepping=True)
            return Changed(schedule=True)
        return NOTHING

    def do_watch_speed(self, event: Action, out: list[Effect]) -> Changed:
        if event.value not in SPEEDS:
            return NOTHING
        self.watch = replace(self.watch, speed=event.value or "normal")
        return DRAW

    def do_watch_thinks(self, event: Action, out: list[Effect]) -> Changed:
        text = event.value or ""
        if self.controller.session is None:
            return NOTHING
        seats = len(self.controller.session.seats)
        seat = int(text) if text.isdigit() and int(text) < seats else None
        self.watch = replace(self.watch, thinks=seat)
        return DRAW

