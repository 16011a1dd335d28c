"""What a student's bot may call as ``game``: the rules of the game it plays, made small.

The Bot Lab's exercises go from "pick a move at random" to "look one move ahead" and
beyond; a student should not have to rebuild the rules for that. ``Toolbox`` wraps the
game's own ``Game`` object (the same rules the page and our bots use, so a look-ahead
can never disagree with the referee) in a few methods with plain names, and adds the
game's own helpers (its ``lab`` module's ``TOOLS``: the scoring a bot wants to look at).

A look-ahead only ever starts from the bot's ``view``: ``deal`` fills the hidden parts
in at random through the game's ``determinize``, so a simulation never sees another
seat's secrets. Each method's docstring is what the student reads (the Lab's
reference lists them, ``app/lab/page/reference.py``).
"""

from __future__ import annotations

import importlib
import typing
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from parlor.core.protocol import Game
from parlor.core.rng import Rng
from parlor.games import ENTRIES

#: The methods every game's toolbox has, in the order the reference lists them.
GENERIC: tuple[str, ...] = ("seat", "deal", "moves", "play", "to_act", "over", "winners",
                            "points", "view", "simulate")


def view_class(game: Game[Any, Any]) -> type:
    """The class of the game's views, read from the return type of its ``view``."""
    return _view_class(type(game))


@cache
def _view_class(kind: type[Game[Any, Any]]) -> type:
    """Read once per game (the sandbox rebuilds a view at every turn)."""
    cls = typing.get_type_hints(kind.view)["return"]
    assert isinstance(cls, type), cls
    return cls


class Toolbox:
    """One game's rules for a student's bot, given to it as ``game``."""

    def __init__(self, game: Game[Any, Any], extras: Sequence[Callable[..., object]] = ()) -> None:
        self._game = game
        self._view_cls = view_class(game)
        self._extras = tuple(f.__name__ for f in extras)
        for f in extras:
            assert f.__name__ not in GENERIC and not hasattr(self, f.__name__), f.__name__
            setattr(self, f.__name__, f)

    @staticmethod
    def of(game_id: str) -> Toolbox:
        """The toolbox of a game we ship, its own helpers included."""
        entry = ENTRIES[game_id]
        extras: Sequence[Callable[..., object]] = ()
        if entry.lab:
            extras = importlib.import_module(entry.lab).TOOLS
        return Toolbox(entry.game, extras)

    def tools(self) -> list[tuple[str, Callable[..., Any]]]:
        """Every method a student may call, by name: the generic ones, then the game's."""
        return [(name, getattr(self, name)) for name in (*GENERIC, *self._extras)]

    def __repr__(self) -> str:
        return f"<the rules of {self._game.name}: {', '.join(n for n, _ in self.tools())}>"

    def _state(self, state: object, method: str) -> object:
        """``state`` itself; a view passed by mistake is refused with the way out."""
        if isinstance(state, self._view_cls):
            raise TypeError(f"game.{method} needs a state, not a view: "
                            "game.deal(view, rng) makes one from your view")
        return state

    def seat(self, view: object) -> int:
        """Your seat: 0 for the first player, 1 for the second, and so on."""
        seat = getattr(view, "seat", None)  # every game's view names its seat
        assert isinstance(seat, int)
        return seat

    def deal(self, view: object, rng: Rng) -> object:
        """A whole game state that looks exactly like ``view`` to you: what you cannot
        see (other hands, the draw pile, secret colours) is dealt at random from what
        is left, a different guess each time. Look ahead from it with ``play``."""
        return self._game.determinize(view, rng)

    def moves(self, state: object) -> list[str]:
        """The legal moves in ``state`` for whoever is to act, as ``choose`` gets them."""
        return list(self._game.legal_moves(self._state(state, "moves")))

    def play(self, state: object, move: str) -> object:
        """The state after ``move`` is played in ``state`` (``state`` itself is left as
        it was). The move must be one of ``moves(state)``."""
        return self._game.apply(self._state(state, "play"), move)

    def to_act(self, state: object) -> int | None:
        """The seat to act in ``state``; None once the game is over (-1: the whole
        table decides at once, as in a Ciao! speed race)."""
        return self._game.to_act(self._state(state, "to_act"))

    def over(self, state: object) -> bool:
        """Whether the game in ``state`` is finished."""
        return self._game.to_act(self._state(state, "over")) is None

    def winners(self, state: object) -> tuple[int, ...]:
        """The seats that won a finished game (several when they share the win); empty
        while the game goes on."""
        out = self._game.outcome(self._state(state, "winners"))
        return out.winners if out is not None else ()

    def points(self, state: object) -> tuple[int, ...]:
        """Each seat's points in a finished game, as the game counts them (Ciao!:
        penalty points, fewer is better); empty while the game goes on."""
        out = self._game.outcome(self._state(state, "points"))
        return out.points if out is not None else ()

    def view(self, state: object, seat: int) -> object:
        """What ``seat`` would see in ``state``: the same kind of value as your ``view``."""
        return self._game.view(self._state(state, "view"), seat)

    def simulate(self, view: object, move: str, rng: Rng) -> object:
        """Your view after you play ``move``: the hidden parts dealt at random (``deal``),
        the move played, and the result seen from your seat. One step of look-ahead:
        ``max(moves, key=lambda m: score(game.simulate(view, m, rng)))``."""
        after = self.play(self.deal(view, rng), move)
        return self._game.view(after, self.seat(view))
