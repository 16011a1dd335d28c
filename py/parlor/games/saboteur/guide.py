"""Saboteur: The Duel's guided first game: one round against the steady ``medium``
bot, with a tip for placing and turning path cards, doors and keys, trolls, gold and
the reveal of a goal, each when it first matters (``app/classroom/guiding.py`` says how a
guide is played). Cards are told apart by their printed features (``cards.CARDS``)."""

from __future__ import annotations

from parlor.core.guide import Guide, GuideContext, Tip
from parlor.games.saboteur.cards import CARDS
from parlor.games.saboteur.notation import kind_of


def _in_hand_or_maze(c: GuideContext, feature: str) -> bool:
    ids = [*c.view.hand, *(p.card for p in c.view.maze if p.card is not None and p.by >= 0)]
    return any(getattr(CARDS[i], feature) for i in ids if i in CARDS)


def _keys(c: GuideContext) -> bool:
    return any(kind_of(m) == "key" for m in c.legal) or any(
        CARDS[i].kind == "key" for i in c.view.hand if i in CARDS)


GUIDE = Guide(
    game="saboteur",
    seats=("human", "bot:medium"),
    seed=16,
    options={"rounds": 1},
    tips=(
        Tip("place", lambda c: any(kind_of(m) == "place" for m in c.legal)),
        Tip("doors", lambda c: any(CARDS[i].doors for i in c.view.hand if i in CARDS)
            or _keys(c)),
        Tip("trolls", lambda c: _in_hand_or_maze(c, "has_troll")),
        Tip("reveal", lambda c: any(kind_of(m) == "reveal" for m in c.legal)
            or (c.last is not None and kind_of(c.last) == "reveal")),
        Tip("gold", lambda c: any(c.view.treasure[s] for s in range(len(c.view.treasure)))),
        Tip("end", lambda c: c.over),
    ),
)
