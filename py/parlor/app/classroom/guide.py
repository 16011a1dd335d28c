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

The guide's progress (which tips were shown) lives in the controller, not in the save:
a guided game is an ordinary saved game, so a reload resumes it without the tips, and
old saves need nothing new.
"""

from __future__ import annotations

from parlor.app.seeds import turn_rng
from parlor.app.session import Session
from parlor.core.guide import Guide, GuideContext, Tip


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
