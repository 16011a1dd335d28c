"""Python types written as a student would write them, for the Lab's reference.

``tuple[tuple[str, ...], ...]`` and ``int | None`` are what the student's values are;
the reference shows them folded, for those who want them (``typing``'s own ``repr``
says ``typing.Optional`` and module paths no student typed).
"""

from __future__ import annotations

import types
import typing


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
    if isinstance(tp, type | typing.TypeVar):  # a TypeVar (``T``): any one kind
        return tp.__name__
    return str(tp)
