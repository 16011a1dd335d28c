"""Frozen values as plain JSON data, and back, read from their type hints.

The Bot Lab runs a student's bot in a sandbox of its own, an interpreter that never
holds a game state (docs/lab-threat-model.md): each turn the referee sends it one
seat's view as JSON, and the sandbox rebuilds the same frozen view from it. Views are
frozen dataclasses of ints, strings (or a ``Literal``'s few, as a phase), tuples and
smaller dataclasses (options, cards on the table, ``Msg`` sentences), so one codec
serves every game, and a new field needs no code here: the class's own annotations say
what to build.

A class's codec is worked out once from its hints and kept (a Ciao! view holds a long
history, sent at every turn): a tuple of plain values is copied whole, not item by
item. Decoding trusts the shape it is given, since the referee wrote it; the contract
suite checks, for every game, that decoding what was encoded gives the view back
(tests/test_contract.py), and a hint this codec cannot follow is refused when its
codec is first worked out, not guessed at.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Hashable
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")

#: JSON as ``json.loads`` gives it.
Plain = None | bool | int | float | str | list["Plain"] | dict[str, "Plain"]
Convert = Callable[[Any], Any]
#: The leaves: JSON holds them as they are.
SCALARS: tuple[type, ...] = (bool, int, float, str, type(None))


def encode(value: object) -> Plain:
    """``value`` (a frozen dataclass) as JSON data: an object of its fields, tuples as
    lists; ``decode`` with the value's class gives it back."""
    encoded: Plain = _codec(typing.cast(Hashable, type(value)))[0](value)
    return encoded


def decode(cls: type[T], data: Plain) -> T:
    """The value of class ``cls`` that ``encode`` made ``data`` from."""
    out: T = _codec(typing.cast(Hashable, cls))[1](data)
    return out


def _same(x: Any) -> Any:
    return x


@cache
def _codec(hint: object) -> tuple[Convert, Convert]:
    """(encode, decode) for values of type ``hint``, built once per hint."""
    if _plain(hint):
        return _same, _same
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass(hint)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _tuple_of(args[0])
    if origin is tuple:
        return _fixed_tuple(args)
    if origin in (typing.Union, types.UnionType):
        return _union(args)
    raise TypeError(f"no codec for {hint!r}")


def _plain(hint: object) -> bool:
    """Whether values of ``hint`` are JSON as they are (scalars, ``Literal``s of them,
    and their unions)."""
    if hint in SCALARS:
        return True
    if typing.get_origin(hint) is typing.Literal:
        return all(isinstance(a, SCALARS) for a in typing.get_args(hint))
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return all(_plain(a) for a in typing.get_args(hint))
    return False


def _plain_tuple(hint: object) -> bool:
    """A tuple of plain values (``tuple[int, str]``, ``tuple[int, ...]``): a list of them
    in JSON."""
    args = typing.get_args(hint)
    return typing.get_origin(hint) is tuple and all(_plain(a) for a in args if a is not ...)


def _tuple_of(item: object) -> tuple[Convert, Convert]:
    if _plain(item):
        return list, tuple
    if _plain_tuple(item):  # a history of (seat, move) pairs: the longest part of a view
        return (lambda v: [list(x) for x in v]), (lambda d: tuple(map(tuple, d)))
    enc, dec = _codec(item)
    return (lambda v: [enc(x) for x in v]), (lambda d: tuple(dec(x) for x in d))


def _fixed_tuple(args: tuple[object, ...]) -> tuple[Convert, Convert]:
    codecs = tuple(_codec(a) for a in args)

    def enc(v: tuple[Any, ...]) -> list[Any]:
        return [c[0](x) for c, x in zip(codecs, v, strict=True)]

    def dec(d: list[Any]) -> tuple[Any, ...]:
        return tuple(c[1](x) for c, x in zip(codecs, d, strict=True))

    return enc, dec


def _union(options: tuple[object, ...]) -> tuple[Convert, Convert]:
    """A union is told apart by the JSON kind of the data (null, a number, a string, a
    list, an object), so no two of its members may share a kind; the hints in views
    never do (``str | int | Msg``, ``int | None``), and a union that did is refused."""
    if _plain(typing.Union[options]):  # noqa: UP007 - built from a tuple of hints
        return _same, _same
    by_kind: dict[type, tuple[Convert, Convert]] = {}
    for option in options:
        kinds = _json_kinds(option)
        if any(k in by_kind for k in kinds):
            raise TypeError(f"two members of {options!r} are read from the same JSON kind")
        for k in kinds:
            by_kind[k] = _lazy(option)

    def enc(v: Any) -> Any:
        if isinstance(v, SCALARS):
            return v
        return (by_kind[dict] if dataclasses.is_dataclass(v) else by_kind[list])[0](v)

    def dec(d: Any) -> Any:
        return by_kind[type(d)][1](d)

    return enc, dec


def _json_kinds(hint: object) -> tuple[type, ...]:
    """The Python types ``json.loads`` gives for values of ``hint``."""
    if hint in (int, float):
        return (int, float)
    if isinstance(hint, type) and hint in SCALARS:
        return (hint,)
    if _plain(hint) and typing.get_origin(hint) is typing.Literal:
        return tuple(dict.fromkeys(k for a in typing.get_args(hint) for k in _json_kinds(type(a))))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return (dict,)
    if typing.get_origin(hint) is tuple:
        return (list,)
    raise TypeError(f"no codec for {hint!r} in a union")


def _lazy(hint: object) -> tuple[Convert, Convert]:
    """``_codec(hint)``, looked up at first use: a class may hold itself, through a union
    (``Msg``'s arguments may be ``Msg``s)."""
    return (lambda v: _codec(hint)[0](v)), (lambda d: _codec(hint)[1](d))


def field_codecs(cls: type) -> dict[str, tuple[Convert, Convert]]:
    """Each field of dataclass ``cls`` with its (encode, decode): the Lab sends a view's
    changed fields alone (app/lab/wire/wire.py)."""
    return dict(_field_codecs(typing.cast(Hashable, cls)))


@cache
def _field_codecs(cls: type) -> tuple[tuple[str, tuple[Convert, Convert]], ...]:
    hints = typing.get_type_hints(cls)  # each base's names from its own module
    return tuple((f.name, (_same, _same) if _plain(hints[f.name]) else _lazy(hints[f.name]))
                 for f in dataclasses.fields(cls) if f.init)


def _dataclass(cls: type) -> tuple[Convert, Convert]:
    fields = _field_codecs(cls)
    names = frozenset(name for name, _ in fields)

    def enc(v: Any) -> dict[str, Any]:
        return {name: codec[0](getattr(v, name)) for name, codec in fields}

    def dec(d: dict[str, Any]) -> Any:
        if d.keys() != names:
            raise ValueError(f"the fields of {cls.__name__} expected, got {sorted(d)}")
        return cls(**{name: codec[1](d[name]) for name, codec in fields})

    return enc, dec
