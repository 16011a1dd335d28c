"""The controller's side of a guided first game (``app/classroom/guide.py``): starting one,
showing each tip once, the suggested move, "Got it" and "Leave the guide".

Kept out of the controller so it stays about playing; ``Controller`` inherits these
and provides the few methods declared at the top.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from parlor.app.classroom.guide import context, guide_for, next_tip, suggestion
from parlor.app.events import Action, Effect, MenuMessage
from parlor.app.session import Session
from parlor.app.setup import Setup, parse_setup
from parlor.core.errors import ParlorError
from parlor.core.guide import Guide
from parlor.i18n.catalog import Translator
from parlor.render.guide_box import guide_box
from parlor.render.screen import renderer


class GuideDesk:
    """Guided-game handlers (mixed into ``Controller``)."""

    t: Translator
    session: Session | None
    window: Any
    #: The guide being followed, for the save it started (None: no guide).
    guide: tuple[Guide, str] | None = None
    #: Tips already shown, in the order shown, and the one on screen now.
    guide_seen: tuple[str, ...] = ()
    guide_tip: str | None = None

    # ---- provided by Controller --------------------------------------------------------

    def _new_game(self, setup: Setup, out: list[Effect]) -> None:
        raise NotImplementedError

    def _render(self, out: list[Effect]) -> None:
        raise NotImplementedError

    # ---- handlers -----------------------------------------------------------------------

    def do_guide(self, event: Action, out: list[Effect]) -> None:
        from parlor.games import GAMES

        guide = guide_for(event.game or "") if event.game else None
        if guide is None:
            return
        try:
            setup = parse_setup(guide.query(GAMES[guide.game]), 0)
        except ParlorError as err:  # a guide that no longer fits its game's options
            out.append(MenuMessage(self.t("error.cannot_start", reason=err.message)))
            return
        # Bound to the save _new_game is about to open (its key is made there).
        self.guide, self.guide_seen, self.guide_tip = (guide, ""), (), None
        self._new_game(setup, out)

    def do_guide_next(self, event: Action, out: list[Effect]) -> None:
        self.guide_tip = None
        self._render(out)

    def do_guide_leave(self, event: Action, out: list[Effect]) -> None:
        self.guide, self.guide_tip = None, None
        self._render(out)

    def guide_panel(self) -> str:
        """The guide's box for the game on screen ("" when not guided)."""
        session = self.session
        if self.guide is not None and session is not None and not self.guide[1]:
            self.guide = (self.guide[0], session.save_id)
        if self.guide is None or session is None or session.save_id != self.guide[1]:
            return ""
        guide = self.guide[0]
        ctx = context(session, getattr(self.window, "kind", None))
        if self.guide_tip is None:
            tip = next_tip(guide, ctx, frozenset(self.guide_seen))
            if tip is not None:
                self.guide_tip = tip.key
                self.guide_seen = (*self.guide_seen, tip.key)
        move = suggestion(guide, session, ctx)
        words = ""
        if move is not None:  # the human's own move, said as their log will say it
            after = session.game.apply(session.state, move)
            lines = renderer(session.match.game).log_lines(
                session.game.view(after, ctx.human), session.display_names(self.t), self.t)
            words = lines[-1] if lines else move
        return guide_box(self.t, session.match.game, self.guide_tip, move, words)


#: The ``data-action`` names these handlers answer (merged into the controller's table).
GUIDE_ACTIONS: dict[str, Callable[[GuideDesk, Action, list[Effect]], None]] = {
    "guide": GuideDesk.do_guide,
    "guide-next": GuideDesk.do_guide_next,
    "guide-leave": GuideDesk.do_guide_leave,
}
