"""Ciao!'s guided first game: one round against the steady ``medium`` bot, with a tip
for the order of symbols and colours, jokers, +3, the speed race and "Thank you!", each
when it first matters (``app/classroom/guiding.py`` says how a guide is played). The kind of
window open (race, thanks) comes from the table; everything else from the human's view
and moves, read as notation."""

from __future__ import annotations

from parlor.core.guide import Guide, GuideContext, Tip


def _seen(c: GuideContext, mark: str) -> bool:
    """A card with ``mark`` in its notation may be played now or was just played."""
    return any(mark in m for m in c.legal) or (c.last is not None and mark in c.last)


def _joker(c: GuideContext) -> bool:
    return _seen(c, " J") or any(" J" in m for _, m in c.view.history[-2:])


GUIDE = Guide(
    game="ciao",
    seats=("human", "bot:medium"),
    seed=2,
    options={"rounds": 1},
    tips=(
        Tip("order", lambda c: bool(c.legal) and c.window is None),
        Tip("race", lambda c: c.window == "race"),
        Tip("thanks", lambda c: c.window == "thanks"),
        Tip("joker", _joker),
        Tip("plus3", lambda c: _seen(c, ".3")),
        Tip("end", lambda c: c.over),
    ),
)
