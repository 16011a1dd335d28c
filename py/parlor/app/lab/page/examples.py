"""Example values for the Bot Lab's reference, taken from a real game.

"``view.piles``: every pile as colour letters" says more with ``(('O', 'G'), ('Y',),
…)`` beside it. Each view field, each toolbox method and each ``rng`` method gets the
value it has in one real game of the shipped rules: a game played at random from a
fixed first number (so the reference is the same at every visit and cannot drift from
the code), stopped a few moves in, seen from the seat to move. A method's example is
what it returned there, called as the reference writes it (``game.gold(view, seat)``
with that view and that seat). Long values are cut to a line (``…`` where cut), so a
view with a maze of forty cards still reads as an example.
"""

from __future__ import annotations

import dataclasses
import inspect
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from parlor.app.lab.page.pytypes import type_name
from parlor.app.lab.sandbox.toolbox import Toolbox
from parlor.core.rng import Rng
from parlor.games import GAMES

#: Moves played at random before the example is taken (enough for a game to have a
#: history, few enough that it is far from over).
PLIES = 9
#: The longest example shown, in characters.
WIDTH = 64
#: How many items of a long sequence an example shows before ``…``.
ITEMS = 4


@dataclass(frozen=True)
class Moment:
    """The example game: its state, the view of the seat to move, a move it may play."""

    state: Any  # the game's state (``KabaleoState``, …)
    view: Any  # the game's view, a dataclass
    seat: int
    move: str


def moment(game_id: str, seed: int = 1) -> Moment:
    """The game ``seed`` played at random for ``PLIES`` moves (then on to a move that
    one seat decides), seen from the seat to move."""
    game = GAMES[game_id]
    players = max(2, game.min_players)
    state = game.new(players, seed, game.options_for(players, {}))
    rng = Rng(seed)
    for ply in range(200):
        seat = game.to_act(state)
        assert seat is not None, "the example game ended too early"
        moves = game.legal_moves(state)
        if ply >= PLIES and seat >= 0:
            return Moment(state, game.view(state, seat), seat, moves[0])
        state = game.apply(state, rng.choice(moves))
    raise AssertionError("no seat decided alone in the example game")


def _short(value: object, depth: int = 0, items: int = ITEMS) -> str:
    """``repr`` as a student would type it, long sequences cut after ``items`` items,
    a dataclass (a whole state or view) by its name."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if depth == 0 and len(repr(value)) <= 2 * WIDTH:  # options: a few settings
            return repr(value)
        return f"{type(value).__name__}(…)"  # a whole state or view: too much for a line
    if isinstance(value, tuple | list):
        shown = [_short(v, depth + 1) for v in value[:items]]
        inner = ", ".join(shown) + (", …" if len(value) > items else "")
        if isinstance(value, list):
            return f"[{inner}]"
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, dict):
        pairs = [f"{_short(k, depth + 1)}: {_short(v, depth + 1)}"
                 for k, v in list(value.items())[:items * 2]]
        return "{" + ", ".join(pairs) + (", …" if len(value) > items * 2 else "") + "}"
    return repr(value)


def short(value: object) -> str:
    """A value in one line of at most ``WIDTH`` characters: fewer items of a long
    sequence first, then cut."""
    for items in range(ITEMS, 0, -1):
        text = _short(value, items=items)
        if len(text) <= WIDTH:
            return text
    return text[:WIDTH - 1] + "…"


def field_examples(m: Moment) -> dict[str, str]:
    """Each field of the view, as it is in the example game."""
    return {f.name: short(getattr(m.view, f.name)) for f in dataclasses.fields(m.view)}


def inner_examples(cls: type, m: Moment) -> dict[str, str]:
    """The fields of the first ``cls`` the example view holds (its options, a card of
    the maze), or none when the view holds none yet (no round is over)."""
    for f in dataclasses.fields(m.view):
        value = getattr(m.view, f.name)
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, cls) and dataclasses.is_dataclass(item):
                return {g.name: short(getattr(item, g.name)) for g in dataclasses.fields(item)}
    return {}


def _argument(name: str, m: Moment, rng: Rng) -> object:
    """What the example passes for a parameter, by its name in the reference."""
    known: dict[str, Callable[[], object]] = {
        "view": lambda: m.view, "state": lambda: m.state, "rng": lambda: rng,
        "move": lambda: m.move, "seat": lambda: m.seat, "me": lambda: m.seat,
        "kind": lambda: m.view.hand[0],
    }
    return known[name]()


def _annotation(name: str, annotation: object, m: Moment) -> str:
    """A parameter's type as the student's values have it (the generic toolbox takes
    any game's ``object``; the example says which)."""
    if annotation in (object, inspect.Parameter.empty):
        return type(m.state).__name__ if name == "state" else type(m.view).__name__
    return type_name(annotation)


def tool_examples(game_id: str, m: Moment) -> dict[str, tuple[str, str]]:
    """Each toolbox method's ``(example, signature)``: what it returned in the example
    game, and its Python types (``deal(view: KabaleoView, rng: Rng) -> KabaleoState``)."""
    toolbox = Toolbox.of(game_id)
    out: dict[str, tuple[str, str]] = {}
    for name, fn in toolbox.tools():
        sig = inspect.signature(fn)
        hints = typing.get_type_hints(fn)
        result = fn(*(_argument(p, m, Rng(1)) for p in sig.parameters))
        params = ", ".join(f"{p}: {_annotation(p, hints.get(p, object), m)}"
                           for p in sig.parameters)
        back = hints.get("return", object)
        shown = type(result).__name__ if back is object else type_name(back)
        out[name] = (short(result), f"game.{name}({params}) -> {shown}")
    return out


def rng_examples() -> dict[str, str]:
    """Each of ``rng``'s methods called with real values, and what it gave
    (``rng.randbelow(6) → 4``)."""
    rng = Rng(1)
    calls: dict[str, tuple[str, Callable[[], Any]]] = {
        "next64": ("rng.next64()", rng.next64),
        "randbelow": ("rng.randbelow(6)", lambda: rng.randbelow(6)),
        "random": ("rng.random()", rng.random),
        "choice": ("rng.choice(['Y7', 'O2', 'G5'])", lambda: rng.choice(["Y7", "O2", "G5"])),
        "shuffled": ("rng.shuffled([1, 2, 3, 4])", lambda: rng.shuffled([1, 2, 3, 4])),
        "fork": ("rng.fork().random()", lambda: rng.fork().random()),
    }
    return {name: f"{call} → {short(make())}" for name, (call, make) in calls.items()}
