"""The Bot Lab's reference for one game, generated from the code so it cannot drift.

A student writing ``choose(view, moves, rng)`` needs to know what ``view`` holds, what a
move looks like, what ``game`` (the toolbox) and ``rng`` offer. All of it is read from
the code: the view's fields from its dataclass (``dataclasses.fields``, types from
``typing.get_type_hints``), the small dataclasses inside it one level deep, example
moves from ``legal_moves`` of a seeded game, the toolbox's and the generator's methods
from ``inspect``. Only the meanings are words, each a catalog key, so the reference
reads in every language of the page while Python names stay as Python spells them; a
test fails when a field or method has no words or words name something gone.
"""

from __future__ import annotations

import dataclasses
import inspect
import types
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from parlor.app.lab.toolbox import Toolbox, view_class
from parlor.core.rng import Rng
from parlor.games import GAMES

#: What the student writes; the reference's first line.
CONTRACT = "def choose(view, moves, rng):"
#: How many real moves the reference shows, each of a different kind where it can.
EXAMPLES = 6


@dataclass(frozen=True)
class Entry:
    """One line of the reference: a Python name, its type (a field) or its call (a
    method), and the catalog key that says what it is for."""

    name: str
    code: str
    key: str


@dataclass(frozen=True)
class TypeDoc:
    """A small dataclass found inside the view (a card in the maze, a round's result,
    the options), with its fields."""

    name: str
    fields: tuple[Entry, ...]


@dataclass(frozen=True)
class Reference:
    """Everything the reference says about one game, language-neutral."""

    game: str
    contract: str
    view: tuple[Entry, ...]
    types: tuple[TypeDoc, ...]
    moves_key: str
    examples: tuple[str, ...]
    tools: tuple[Entry, ...]
    rng: tuple[Entry, ...]

    def keys(self) -> set[str]:
        """Every catalog key this reference says something with."""
        entries = [*self.view, *self.tools, *self.rng, *(f for t in self.types for f in t.fields)]
        return {self.moves_key, *(e.key for e in entries)}


def type_name(tp: object) -> str:
    """A type as a student would write it: ``tuple[int, ...]``, ``int | None``, ``Placed``."""
    if tp is type(None):
        return "None"
    if tp is Ellipsis:
        return "..."
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is typing.Literal:  # a phase: the type of its values, as a student tests them
        return " | ".join(dict.fromkeys(type(a).__name__ for a in args))
    if origin is typing.Union or origin is types.UnionType:
        return " | ".join(type_name(a) for a in args)
    if origin is not None:
        name = getattr(origin, "__name__", str(origin))
        return f"{name}[{', '.join(type_name(a) for a in args)}]" if args else name
    if isinstance(tp, type):
        return tp.__name__
    return str(tp)


def _inner_classes(tp: object) -> Iterator[type]:
    """The dataclasses a type is made of (``tuple[Placed, ...]`` gives ``Placed``)."""
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        yield tp
    for arg in typing.get_args(tp):
        yield from _inner_classes(arg)


def _field_entries(cls: type, prefix: str, suffix: str = "") -> tuple[Entry, ...]:
    """A dataclass's fields, each said by the key ``<prefix><field><suffix>``."""
    hints = typing.get_type_hints(cls)
    return tuple(Entry(f.name, type_name(hints[f.name]), f"{prefix}{f.name}{suffix}")
                 for f in dataclasses.fields(cls))


def _types(game_id: str, view_cls: type) -> tuple[TypeDoc, ...]:
    """The game's own dataclasses inside the view, in the order the view first names
    them. The options' fields are said by the menu's words for them (``option.<game>.
    <name>.help``), so the Lab and the menu never describe an option differently."""
    hints = typing.get_type_hints(view_cls)
    found: dict[type, str] = {}
    for f in dataclasses.fields(view_cls):
        for cls in _inner_classes(hints[f.name]):
            if cls.__module__.startswith(f"parlor.games.{game_id}.") and cls is not view_cls:
                found.setdefault(cls, f.name)
    out = []
    for cls, via in found.items():
        if via == "options":
            fields = _field_entries(cls, f"option.{game_id}.", ".help")
        else:
            fields = _field_entries(cls, f"lab.ref.{game_id}.type.{cls.__name__}.")
        out.append(TypeDoc(cls.__name__, fields))
    return tuple(out)


def _call(owner: str, name: str, fn: Callable[..., Any]) -> str:
    """``game.deal(view, rng)``: the call as the student writes it (no annotations)."""
    params = ", ".join(inspect.signature(fn).parameters)
    return f"{owner}.{name}({params})"


def _rng_methods() -> tuple[Entry, ...]:
    return tuple(Entry(name, _call("rng", name, getattr(Rng(0), name)), f"lab.ref.rng.{name}")
                 for name, fn in vars(Rng).items()
                 if inspect.isfunction(fn) and not name.startswith("_"))


def _shape(move: str) -> str:
    """A move's kind, to show one of each: its first word without digits
    (``play Rg`` -> ``play``, Kabaleo's ``Y7`` -> ``Y``)."""
    return "".join(c for c in move.split(" ")[0] if not c.isdigit())


def example_moves(game_id: str, seed: int = 1) -> tuple[str, ...]:
    """Real moves of a seeded game played at random, one of each kind, as the first
    seat to meet them is offered them (a table's timed decisions, never offered to a
    bot, are left out)."""
    game = GAMES[game_id]
    players = max(2, game.min_players)
    state = game.new(players, seed, game.options_for(players, {}))
    rng = Rng(seed)
    kinds: set[str] = set()
    out: list[str] = []
    for _ply in range(200):
        seat = game.to_act(state)
        if seat is None or len(out) >= EXAMPLES:
            break
        moves = game.legal_moves(state)
        for move in moves if seat >= 0 else ():
            if _shape(move) not in kinds and len(out) < EXAMPLES:
                kinds.add(_shape(move))
                out.append(move)
        state = game.apply(state, rng.choice(moves))
    return tuple(out)


@cache
def reference(game_id: str) -> Reference:
    """The reference of a game we ship (computed once: it plays a short seeded game)."""
    game = GAMES[game_id]
    view_cls = view_class(game)
    toolbox = Toolbox.of(game_id)
    return Reference(
        game=game_id,
        contract=CONTRACT,
        view=_field_entries(view_cls, f"lab.ref.{game_id}.view."),
        types=_types(game_id, view_cls),
        moves_key=f"lab.ref.{game_id}.moves",
        examples=example_moves(game_id),
        tools=tuple(Entry(name, _call("game", name, fn), f"lab.ref.tool.{name}")
                    for name, fn in toolbox.tools()),
        rng=_rng_methods(),
    )
