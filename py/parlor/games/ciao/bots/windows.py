"""How Ciao!'s bots answer in the timed windows (the speed race and "Thank you!";
``games/ciao/windows.py`` opens the windows and asks these helpers).

The engine has no clock: after a speed card the table decides ``race <seat> <card>``
or ``race none``, and after a gift ``thanks <seat>`` or ``nothanks <seat>``. The app
runs the windows (options ``race_seconds`` and ``thanks_seconds``) and asks these
helpers when each bot would act:

- ``race_card(view, seat)``: the table move the bot would make if it is fastest
  (``race 2 Pg``), or None when it has no card to answer with;
- ``reaction_ms(level, rng)``: how long the bot takes to lay it (never under 500 ms,
  so a person can win; easy bots are slower);
- ``thanks_ms(level, rng)``: when the bot says "Thank you!", or None when it forgets
  (easy bots sometimes do, hard bots never).

The first valid answer by time wins; when no one answers within the window the app
applies ``race none``.
"""

from __future__ import annotations

from parlor.core.rng import Rng
from parlor.games.ciao.cards import (
    EFFECT_OF,
    IS_ICON,
    IS_JOKER,
    MILLSTONE,
    PENALTY_OF,
    SYMBOL_OF,
    playable,
)
from parlor.games.ciao.notation import Move, format_move
from parlor.games.ciao.state import CiaoView

MIN_REACTION_MS = 500

#: (fastest, slowest) reaction per level, in milliseconds.
REACTION = {"random": (900, 3500), "easy": (1200, 3200), "medium": (600, 1400),
            "hard": (600, 1400)}
#: (fastest, slowest) thank-you per level and the chance to forget it.
THANKS = {"random": (600, 2600, 0.3), "easy": (700, 2400, 0.25), "medium": (500, 1100, 0.0),
          "hard": (500, 1100, 0.0)}


def _between(lo: int, hi: int, rng: Rng) -> int:
    return lo + int(rng.random() * (hi - lo))


def reaction_ms(level: str, rng: Rng) -> int:
    lo, hi = REACTION.get(level, REACTION["easy"])
    return max(MIN_REACTION_MS, _between(lo, hi, rng))


def thanks_ms(level: str, rng: Rng) -> int | None:
    lo, hi, forget = THANKS.get(level, THANKS["easy"])
    if rng.random() < forget:
        return None
    return max(MIN_REACTION_MS, _between(lo, hi, rng))


def race_card(view: CiaoView, seat: int) -> str | None:
    """The ``race`` move ``seat`` would answer the speed card with, from its own view:
    the most expensive card that fits (a joker only as the last resort), or None."""
    if view.phase != "race" or seat == view.speed_player or view.seat != seat:
        return None
    colours = view.options.colours
    fits = [c for c in set(view.hand)
            if playable(c, view.top_symbol, view.top_colour, colours)]
    if not fits:
        return None
    card = max(fits, key=lambda c: (not IS_JOKER[c], EFFECT_OF[c] != "plus3",
                                    PENALTY_OF[c], -c))
    named, millstone = -1, False
    if IS_JOKER[card]:
        # name the symbol that beats the most of our own cards' weaknesses: simply the
        # symbol our remaining cards beat most often, so we can follow later
        rest = [c for c in view.hand if c != card and SYMBOL_OF[c] >= 0]
        counts = [sum(1 for c in rest if (SYMBOL_OF[c] - x) % 3 == 1) for x in range(3)]
        named = max(range(3), key=lambda x: counts[x])
    elif (view.options.millstone_discard_with_special and IS_ICON[card]
          and MILLSTONE is not None and MILLSTONE in view.hand):
        millstone = True
    return format_move(Move("race", card, named, millstone, seat))
