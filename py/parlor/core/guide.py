"""What a guided first game is made of (``app/classroom/guiding.py`` plays it): plain values a
game's ``guide.py`` builds next to its rules, which may not import the app."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from parlor.core.protocol import Game


@dataclass(frozen=True)
class GuideContext:
    view: Any  # the human seat's view
    legal: tuple[str, ...]  # what the human may play now (empty when not their turn)
    last: str | None  # the last move of the match, as notation
    last_by: int | None  # who made it (-1: the table)
    human: int
    window: str | None  # the kind of timed window open now ("race", "thanks"), if any
    over: bool


@dataclass(frozen=True)
class Tip:
    """``guide.<game>.<key>`` is its text (``key``.title is its heading)."""

    key: str
    when: Callable[[GuideContext], bool]


@dataclass(frozen=True)
class Guide:
    game: str
    seats: tuple[str, ...]  # the human first; bots of a level whose play is repeatable
    seed: int
    options: Mapping[str, object]
    tips: tuple[Tip, ...]
    #: The level whose choice, from the human's view, is the suggested move.
    planner: str = "medium"

    def query(self, game: Game[Any, Any]) -> dict[str, str]:
        """The set-up as link parameters (``app.setup.parse_setup`` reads them); ``game``
        is the guided game, whose option specs name each option's value in words."""
        specs = {s.key: s for s in game.option_specs}
        params = {"game": self.game, "players": str(len(self.seats)),
                  "seats": ",".join(self.seats), "seed": str(self.seed)}
        for key, value in self.options.items():
            word = next(w for v, w in specs[key].choices if v == value)
            params[f"opt.{key}"] = word
        return params
