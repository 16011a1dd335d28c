"""A guided first game: a short game on a fixed seed against a steady bot, with a tip
for each rule at the moment it first matters, which the player may leave at any time.

Each game writes its guide next to its rules (``games/<id>/guide.py``, named by its
registry entry): the set-up and the tips. A tip's ``when`` is asked about the human's
*view* only (never the state: a tip must not give away the bot's cards), the moves the
human may make now, the last move, and the timed window the table is in. The guide
also *suggests* a move on each human turn, the one its planning bot would make from
that view, so that a player who follows the suggestions plays the game the guide was
written for (and meets every tip); any other legal move is fine too, and the tips then
come when their situations arise.

``Guiding``, a part of the controller, starts a guided game, shows each tip once, the
suggested move, "Got it" and "Leave the guide"; it reaches the rest of the app through
``GuideController``, which holds only what this part uses. The guide's progress (which tips
were shown) lives in the part, not in the save: a guided game is an ordinary saved game,
so a reload resumes it without the tips, and old saves need nothing new.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

from parlor.app.events import Action, Effect, MenuMessage
from parlor.app.page import DRAW, NOTHING, Changed, GoNew, Handler, go
from parlor.app.screens.game import renderer
from parlor.app.screens.guide_box import guide_box
from parlor.app.seeds import turn_rng
from parlor.app.session import Session
from parlor.app.setup import parse_setup
from parlor.core.errors import ParlorError
from parlor.core.guide import Guide, GuideContext, Tip
from parlor.render.contract import ActionName

if TYPE_CHECKING:
    from parlor.app.turns import Turns
    from parlor.i18n.catalog import Translator


class GuideController(Protocol):
    """The controller, as the guide sees it: the game shown (its tips are about it) and the
    words. (A tip shown or left it returns, for the controller to draw, and so the
    guided game to start: ``page.GoNew``.)"""

    @property
    def session(self) -> Session | None: ...
    @property
    def t(self) -> Translator: ...


def guide_for(game_id: str) -> Guide | None:
    from importlib import import_module

    from parlor.games import ENTRIES

    module = ENTRIES[game_id].guide
    return None if module is None else import_module(module).GUIDE


def context(session: Session, window: str | None) -> GuideContext:
    human = session.humans[0]
    game = session.game
    view = game.view(session.state, human)
    to_act = session.to_act()
    legal: tuple[str, ...] = ()
    if to_act == human or (window is not None and to_act == -1):
        from parlor.core.protocol import legal_moves_of_view

        legal = tuple(legal_moves_of_view(game, view))
    moves = session.match.moves
    last_by = session.seat_history()[-1] if moves else None
    return GuideContext(view=view, legal=legal, last=moves[-1] if moves else None,
                        last_by=last_by, human=human, window=window, over=to_act is None)


def next_tip(guide: Guide, ctx: GuideContext, shown: frozenset[str]) -> Tip | None:
    """The first tip not shown yet whose moment has come."""
    return next((tip for tip in guide.tips if tip.key not in shown and tip.when(ctx)), None)


def suggestion(guide: Guide, session: Session, ctx: GuideContext) -> str | None:
    """The move the guide plans for the human now (one of ``ctx.legal``), or None."""
    if not ctx.legal or session.to_act() != ctx.human:
        return None
    from parlor.bots import make_bot

    rng = turn_rng(session.match.seed, len(session.match.moves), "bot")
    move = make_bot(guide.game, guide.planner).choose(ctx.view, rng)
    return move if move in ctx.legal else None


class Guiding:
    """Guided-game handlers: a part of the controller."""

    def __init__(self, controller: GuideController, turns: Turns) -> None:
        self.controller = controller
        self.turns = turns  # the open timed window, if any, is part of a tip's context
        #: The guide being followed, for the save it started (None: no guide).
        self.guide: tuple[Guide, str] | None = None
        #: Tips already shown, in the order shown, and the one on screen now.
        self.seen: tuple[str, ...] = ()
        self.tip: str | None = None
        #: The box and what it was worked out for (save, moves, window, tip, language).
        self.box: tuple[tuple[str, int, str | None, str | None, str], str] | None = None

    def actions(self) -> Mapping[ActionName, Handler]:
        """The ``data-action`` names these handlers answer."""
        return {"guide": self.do_guide, "guide-next": self.do_guide_next,
                "guide-leave": self.do_guide_leave}

    # ---- handlers -----------------------------------------------------------------------

    def do_guide(self, event: Action, out: list[Effect]) -> Changed:
        from parlor.games import GAMES

        guide = guide_for(event.game or "") if event.game else None
        if guide is None:
            return NOTHING
        try:
            setup = parse_setup(guide.query(GAMES[guide.game]), 0)
        except ParlorError as err:  # a guide that no longer fits its game's options
            out.append(MenuMessage(self.controller.t("error.cannot_start", reason=err.message)))
            return NOTHING
        # Bound to the save of the game the controller opens next (its key is made there).
        self.guide, self.seen, self.tip = (guide, ""), (), None
        return go(GoNew(setup))

    def do_guide_next(self, event: Action, out: list[Effect]) -> Changed:
        self.tip = None
        return DRAW

    def do_guide_leave(self, event: Action, out: list[Effect]) -> Changed:
        self.guide, self.tip = None, None
        return DRAW

    def refresh(self) -> None:
        """Before the game is drawn: bind a guide just begun to its save, show the next
        tip whose moment has come, and work out the box for this position (the
        planner's suggestion is a bot's move: worked out once per position and language,
        not at every drawing)."""
        session = self.controller.session
        if self.guide is not None and session is not None and not self.guide[1]:
            self.guide = (self.guide[0], session.save_id)
        if self.guide is None or session is None or session.save_id != self.guide[1]:
            self.box = None
            return
        guide = self.guide[0]
        window = self.turns.window
        ctx = context(session, window.kind if window is not None else None)
        if self.tip is None:
            tip = next_tip(guide, ctx, frozenset(self.seen))
            if tip is not None:
                self.tip = tip.key
                self.seen = (*self.seen, tip.key)
        key = (session.save_id, len(session.match.moves), window.kind if window else None,
               self.tip, self.controller.t.lang)
        if self.box is not None and self.box[0] == key:
            return  # the same position, tip and words: the same box
        move = suggestion(guide, session, ctx)
        words = ""
        if move is not None:  # the human's own move, said as their log will say it
            after = session.game.apply(session.state, move)
            t = self.controller.t
            lines = renderer(session.match.game).log_lines(
                session.game.view(after, ctx.human), session.display_names(t), t)
            words = lines[-1] if lines else move
        self.box = (key, guide_box(self.controller.t, session.match.game, self.tip, move, words))

    def panel(self) -> str:
        """The guide's box for the game on screen, as ``refresh`` last worked it out
        ("" when not guided). Drawing reads it and changes nothing."""
        return "" if self.box is None else self.box[1]

