"""The Bot Lab's reference for one game, generated from the code so it cannot drift.

A student writing ``choose(view, moves, rng)`` needs to know what ``view`` holds, what a
move looks like, what ``game`` (the toolbox) and ``rng`` offer. All of it is read from
the code: the view's fields from its dataclass (``dataclasses.fields``, types from
``typing.get_type_hints``), the small dataclasses inside it one level deep, example
moves from ``legal_moves`` of a seeded game, the toolbox's and the generator's methods
from ``inspect``, and each one's value in a real game (``examples.py``). Only the
meanings are words, each a catalog key, so the reference reads in every language of
the page while Python names stay as Python spells them; a test fails when a field or
method has no words or words name something gone.
"""

from __future__ import annotations

import dataclasses
import inspect
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from parlor.app.lab.page.examples import (
    Moment,
    field_examples,
    inner_examples,
    moment,
    rng_examples,
    tool_examples,
)
from parlor.app.lab.page.pytypes import type_name
from parlor.app.lab.sandbox.toolbox import Toolbox, view_class
from parlor.core.rng import Rng
from parlor.games import GAMES

#: What the student writes; the reference's first line.
CONTRACT = "def choose(view, moves, rng):"
#: How many real moves the reference shows, each of a different kind where it can.
EXAMPLES = 6


@dataclass(frozen=True)
class Entry:
    """One line of the reference: a Python name, its type (a field) or its call (a
    method), the catalog key that says what it is for, its value in a real game
    (``example``, when there is one) and its Python types (``python``: ``piles:
    tuple[tuple[str, ...], ...]``, ``game.deal(view: KabaleoView, rng: Rng) ->
    KabaleoState``), which the page folds away for those who want them."""

    name: str
    code: str
    key: str
    example: str = ""
    python: str = ""


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


def _inner_classes(tp: object) -> Iterator[type]:
    """The dataclasses a type is made of (``tuple[Placed, ...]`` gives ``Placed``)."""
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        yield tp
    for arg in typing.get_args(tp):
        yield from _inner_classes(arg)


def _field_entries(cls: type, prefix: str, suffix: str = "", owner: str = "",
                   examples: dict[str, str] | None = None) -> tuple[Entry, ...]:
    """A dataclass's fields, each said by the key ``<prefix><field><suffix>``, with its
    value in ``examples`` and its type written ``<owner><field>: <type>``."""
    hints = typing.get_type_hints(cls)
    return tuple(Entry(f.name, type_name(hints[f.name]), f"{prefix}{f.name}{suffix}",
                       (examples or {}).get(f.name, ""),
                       f"{owner}{f.name}: {type_name(hints[f.name])}")
                 for f in dataclasses.fields(cls))


def _types(game_id: str, view_cls: type, m: Moment) -> tuple[TypeDoc, ...]:
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
        examples = inner_examples(cls, m)
        if via == "options":
            fields = _field_entries(cls, f"option.{game_id}.", ".help", examples=examples)
        else:
            fields = _field_entries(cls, f"lab.ref.{game_id}.type.{cls.__name__}.",
                                    examples=examples)
        out.append(TypeDoc(cls.__name__, fields))
    return tuple(out)


def _call(owner: str, name: str, fn: Callable[..., Any]) -> str:
    """``game.deal(view, rng)``: the call as the student writes it (no annotations)."""
    params = ", ".join(inspect.signature(fn).parameters)
    return f"{owner}.{name}({params})"


def _rng_methods() -> tuple[Entry, ...]:
    examples = rng_examples()
    return tuple(Entry(name, _call("rng", name, getattr(Rng(0), name)), f"lab.ref.rng.{name}",
                       examples.get(name, ""), _signature("rng", name, fn))
                 for name, fn in vars(Rng).items()
                 if inspect.isfunction(fn) and not name.startswith("_"))


def _signature(owner: str, name: str, fn: Callable[..., Any]) -> str:
    """``rng.randbelow(n: int) -> int``: a method's call with its types."""
    hints = typing.get_type_hints(fn)
    params = [p for p in inspect.signature(fn).parameters if p != "self"]
    typed = ", ".join(f"{p}: {type_name(hints[p])}" if p in hints else p for p in params)
    back = hints.get("return")
    return f"{owner}.{name}({typed})" + (f" -> {type_name(back)}" if back is not None else "")


def _tools(game_id: str, m: Moment) -> tuple[Entry, ...]:
    examples = tool_examples(game_id, m)
    return tuple(Entry(name, _call("game", name, fn), f"lab.ref.tool.{name}", *examples[name])
                 for name, fn in Toolbox.of(game_id).tools())


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
    m = moment(game_id)
    return Reference(
        game=game_id,
        contract=CONTRACT,
        view=_field_entries(view_cls, f"lab.ref.{game_id}.view.", owner="view.",
                            examples=field_examples(m)),
        types=_types(game_id, view_cls, m),
        moves_key=f"lab.ref.{game_id}.moves",
        examples=example_moves(game_id),
        tools=_tools(game_id, m),
        rng=_rng_methods(),
    )
