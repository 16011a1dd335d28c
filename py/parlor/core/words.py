"""What a game's rules say things with: ``Msg`` (a sentence as data, said later by the
page's ``Translator``) and ``English``, a ``Msg`` that is also its English text. Rules
import them from here, the core, never from ``i18n`` (tests/test_layers.py).

Some values a game hands out were plain English strings before the catalogs, and code
and tests still read them as such (``Outcome.explanation`` lines compared with ``==``,
joined with ``"\\n"``, a colour's name looked for in the page, refusal reasons quoted
in logs). An ``English`` value keeps that contract, since it *is* a ``str`` holding the
English catalog's text, and is at the same time a ``Msg``, so a ``Translator`` (and a
message that nests it as an argument) says it in the page's language. The English is
read from the catalog when the value is made: no sentence lives in the code.
"""

from __future__ import annotations

from parlor.i18n.catalog import Arg, Msg, Translator

__all__ = ["Arg", "English", "Msg"]

_ENGLISH = Translator("en")


class English(str, Msg):
    """``English(Msg.of(key, ...))`` or ``English.of(key, ...)``: the message's English as
    a ``str`` that a ``Translator`` still says in any language."""

    def __new__(cls, msg: Msg) -> English:
        self = str.__new__(cls, _ENGLISH.say(msg))
        object.__setattr__(self, "key", msg.key)
        object.__setattr__(self, "args", msg.args)
        return self

    def __init__(self, msg: Msg) -> None:  # fields set in __new__ (Msg is frozen)
        pass

    def __reduce__(self) -> tuple[type[English], tuple[Msg]]:
        """Copies and pickles are made from the message, not from the English."""
        return English, (Msg(self.key, self.args),)

    @staticmethod
    def of(key: str, **args: Arg) -> English:
        return English(Msg.of(key, **args))
