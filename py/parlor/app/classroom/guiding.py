"""The controller's side of a guided first game (``app/classroom/guide.py``): starting one,
showing each tip once, the suggested move, "Got it" and "Leave the guide".

A part of the controller: it owns which guide is followed and which tips were shown,
and reaches the rest of the page through ``page.Page``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.app.classroom.guide import context, guide_for, next_tip, suggestion
from parlor.app.events import Action, Effect, MenuMessage
from parlor.app.page import Handler, Page
from parlor.app.setup import parse_setup
from parlor.core.errors import ParlorError
from parlor.core.guide import Guide
from parlor.render.guide_box import guide_box
from parlor.render.screen import renderer

if TYPE_CHECKING:
    from parlor.app.turns import TurnDesk


class GuideDesk:
    """Guided-game handlers: a part of the controller (``page.py``)."""

    def __init__(self, page: Page, turns: TurnDesk) -> None:
        self.page = page
        self.turns = turns  # the open timed window, if any, is part of a tip's context
        #: The guide being followed, for the save it started (None: no guide).
        self.guide: tuple[Guide, str] | None = None
        #: Tips already shown, in the order shown, and the one on screen now.
        self.seen: tuple[str, ...] = ()
        self.tip: str | None = None

    def actions(self) -> dict[str, Handler]:
        """The ``data-action`` names these handlers answer."""
        return {"guide": self.do_guide, "guide-next": self.do_guide_next,
                "guide-leave": self.do_guide_leave}

    # ---- handlers -----------------------------------------------------------------------

    def do_guide(self, event: Action, out: list[Effect]) -> None:
        from parlor.games import GAMES

        guide = guide_for(event.game or "") if event.game else None
        if guide is None:
            return
        try:
            setup = parse_setup(guide.query(GAMES[guide.game]), 0)
        except ParlorError as err:  # a guide that no longer fits its game's options
            out.append(MenuMessage(self.page.t("error.cannot_start", reason=err.message)))
            return
        # Bound to the save new_game is about to open (its key is made there).
        self.guide, self.seen, self.tip = (guide, ""), (), None
        self.page.new_game(setup, out)

    def do_guide_next(self, event: Action, out: list[Effect]) -> None:
        self.tip = None
        self.page.render(out)

    def do_guide_leave(self, event: Action, out: list[Effect]) -> None:
        self.guide, self.tip = None, None
        self.page.render(out)

    def panel(self) -> str:
        """The guide's box for the game on screen ("" when not guided)."""
        session = self.page.session
        if self.guide is not None and session is not None and not self.guide[1]:
            self.guide = (self.guide[0], session.save_id)
        if self.guide is None or session is None or session.save_id != self.guide[1]:
            return ""
        guide = self.guide[0]
        window = self.turns.window
        ctx = context(session, window.kind if window is not None else None)
        if self.tip is None:
            tip = next_tip(guide, ctx, frozenset(self.seen))
            if tip is not None:
                self.tip = tip.key
                self.seen = (*self.seen, tip.key)
        move = suggestion(guide, session, ctx)
        words = ""
        if move is not None:  # the human's own move, said as their log will say it
            after = session.game.apply(session.state, move)
            t = self.page.t
            lines = renderer(session.match.game).log_lines(
                session.game.view(after, ctx.human), session.display_names(t), t)
            words = lines[-1] if lines else move
        return guide_box(self.page.t, session.match.game, self.tip, move, words)

