"""Kabaleo's guided first game: two players, against the steady ``medium`` bot, with
a tip for the secret colour, the cancel, the last-pile ban and the end's tie-breaks,
each when it first matters (``app/classroom/guiding.py`` says how a guide is played)."""

from __future__ import annotations

from parlor.core.guide import Guide, GuideContext, Tip
from parlor.games.kabaleo.notation import parse_move
from parlor.games.kabaleo.rules import place


def _my_turn(c: GuideContext) -> bool:
    return bool(c.legal)


def _can_cancel(c: GuideContext) -> bool:
    """A piece the human could place on a pile topped by the same colour (a cancel)."""
    for move in c.legal:
        parsed = parse_move(move)
        if parsed is not None and place(c.view.piles[parsed[1]], parsed[0])[1]:
            return True
    return False


def _ban(c: GuideContext) -> bool:
    return bool(c.legal) and c.view.options.last_pile_ban and c.view.last_pile is not None


GUIDE = Guide(
    game="kabaleo",
    seats=("human", "bot:medium"),
    seed=1,
    options={},
    tips=(
        Tip("colour", _my_turn),
        Tip("ban", _ban),
        Tip("cancel", _can_cancel),
        Tip("end", lambda c: c.over),
    ),
)
