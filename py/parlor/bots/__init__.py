"""Computer opponents, per game and level, behind one factory.

``LEVELS`` lists each game's levels weakest first (the menu shows them in that order);
``make_bot`` is the only way the app creates a bot, so an unknown level from a URL or a
save is refused with a message naming the allowed ones.
"""

from __future__ import annotations

from collections.abc import Callable

from parlor.bots.base import Believer, Bot
from parlor.core.errors import BadOptions

__all__ = ["Believer", "Bot", "DEFAULT_LEVEL", "LEVELS", "LEVEL_LABELS", "make_bot"]

LEVELS: dict[str, tuple[str, ...]] = {
    "kabaleo": ("random", "easy", "hard"),
    "ciao": ("random", "easy", "hard"),
    "saboteur": ("random", "easy", "hard"),
}

DEFAULT_LEVEL: dict[str, str] = {
    "kabaleo": "hard",
    "ciao": "hard",
    "saboteur": "hard",
}

#: What each level does, per game, in the words the menu shows.
LEVEL_LABELS: dict[str, dict[str, str]] = {
    "kabaleo": {
        "random": "Random (plays any legal move)",
        "easy": "Easy (grabs piles for its colour, never hides it)",
        "hard": "Hard (reads your moves, hides its colour, plans the last round)",
    },
    "ciao": {
        "random": "Random (plays any legal card)",
        "easy": "Easy (slow in races, sometimes forgets to say thank you)",
        "hard": "Hard (keeps jokers for +3s, sheds millstones, quick in races)",
    },
    "saboteur": {
        "random": "Random (places any legal card)",
        "easy": "Easy (digs toward the goals)",
        "hard": "Hard (reads its maps, sabotages you near gold, bribes when it pays)",
    },
}


def _random(game_id: str) -> Bot:
    from parlor.bots.random_bot import RandomBot

    return RandomBot(game_id)


def _ciao_easy(game_id: str) -> Bot:
    from parlor.bots.ciao.heuristic import EasyBot

    return EasyBot()


def _ciao_hard(game_id: str) -> Bot:
    from parlor.bots.ciao.heuristic import HardBot

    return HardBot()


def _kabaleo_easy(game_id: str) -> Bot:
    from parlor.bots.kabaleo.easy import EasyBot

    return EasyBot()


def _kabaleo_hard(game_id: str) -> Bot:
    from parlor.bots.kabaleo.hard import HardBot

    return HardBot()


def _saboteur_easy(game_id: str) -> Bot:
    from parlor.bots.saboteur.easy import EasyBot

    return EasyBot()


def _saboteur_hard(game_id: str) -> Bot:
    from parlor.bots.saboteur.hard import HardBot

    return HardBot()


_FACTORIES: dict[tuple[str, str], Callable[[str], Bot]] = {
    ("kabaleo", "random"): _random,
    ("kabaleo", "easy"): _kabaleo_easy,
    ("kabaleo", "hard"): _kabaleo_hard,
    ("ciao", "random"): _random,
    ("ciao", "easy"): _ciao_easy,
    ("ciao", "hard"): _ciao_hard,
    ("saboteur", "random"): _random,
    ("saboteur", "easy"): _saboteur_easy,
    ("saboteur", "hard"): _saboteur_hard,
}


def make_bot(game_id: str, level: str) -> Bot:
    """A fresh bot (one per seat: bots may remember things between their turns)."""
    if game_id not in LEVELS:
        known = ", ".join(sorted(LEVELS))
        raise BadOptions(f"there are no computer players for {game_id!r} (only for {known})")
    if level not in LEVELS[game_id]:
        allowed = ", ".join(LEVELS[game_id])
        raise BadOptions(f"unknown bot level {level!r} for {game_id}; choose one of {allowed}")
    return _FACTORIES[(game_id, level)](game_id)
