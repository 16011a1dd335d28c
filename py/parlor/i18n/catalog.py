"""Message catalogs: every word a player reads, one JSON file per language.

A catalog maps a key ("menu.players") to a message: a string with named placeholders
("{name} to play.") or, for a message that depends on a count, a table of plural forms
chosen by the ``n`` argument (``plural.CATEGORIES`` lists the forms each language
must give). The rules and the app never hold sentences: they hold ``Msg`` values (a key
and its arguments), and only the page's renderers turn them into text with a
``Translator``, so a move log or a refusal reason reads in whatever language the page
is in, and saves and notation stay language-neutral.

Arguments are formatted for the language: whole numbers in its digits (Persian ۰–۹),
nested ``Msg`` values translated, and text that may run the other way (a player's
name, a game's name, a move in notation) wrapped in Unicode isolates (FSI … PDI) so it
never scrambles the sentence around it. A key missing from a catalog falls back to English
and is recorded in ``Translator.missing`` (the catalog tests fail on any); a key
missing from English too raises, since it is a programming error, never shown raw.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from parlor.i18n.languages import BY_CODE, DEFAULT
from parlor.i18n.plural import category

CATALOG_DIR = Path(__file__).with_name("catalogs")
Message = str | dict[str, str]
PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
#: Characters of right-to-left scripts (Hebrew, Arabic and their presentation forms).
RTL_CHARS = re.compile(r"[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")
FSI, PDI = "\u2068", "\u2069"
#: Keys whose message is a name (a game's): as an argument it is isolated like a
#: player's name, so "Ciao!" never reads "!Ciao" in a right-to-left sentence.
NAME_KEY = re.compile(r"game\.[a-z_]+\.name")


@dataclass(frozen=True)
class Msg:
    """A sentence to be said in the reader's language: a catalog key and its arguments.

    Arguments are kept as a sorted tuple so a ``Msg`` is hashable and compares by value
    (it may sit inside frozen views and outcomes)."""

    key: str
    args: tuple[tuple[str, Arg], ...] = ()

    @staticmethod
    def of(key: str, **args: Arg) -> Msg:
        return Msg(key, tuple(sorted(args.items())))


Arg = str | int | Msg


@cache
def load(code: str) -> Mapping[str, Message]:
    """The catalog of a language we ship, read once from its data file."""
    with (CATALOG_DIR / f"{code}.json").open(encoding="utf-8") as f:
        data: dict[str, Message] = json.load(f)
    return data


def placeholders(message: Message) -> frozenset[str]:
    """The argument names a message uses (over all its plural forms)."""
    forms = message.values() if isinstance(message, dict) else (message,)
    return frozenset(name for form in forms for name in PLACEHOLDER.findall(form))


#: Each language's digits as ``str.translate``'s table, by language code.
_DIGIT_TABLES: dict[str, dict[int, int]] = {}


@dataclass
class Translator:
    """Says ``Msg`` values in one language; ``missing`` collects keys it fell back on."""

    lang: str = DEFAULT
    missing: set[str] = field(default_factory=set)

    @property
    def dir(self) -> str:
        return BY_CODE[self.lang].dir

    def number(self, n: int) -> str:
        table = _DIGIT_TABLES.get(self.lang)
        if table is None:  # made once a language: a class's table says 1,000s of numbers
            table = _DIGIT_TABLES[self.lang] = str.maketrans("0123456789",
                                                             BY_CODE[self.lang].digits)
        return str(n).translate(table)

    def isolate(self, text: str) -> str:
        """``text`` wrapped in isolates when it could scramble the sentence: always in a
        right-to-left language, else only when it holds right-to-left letters."""
        if self.dir == "rtl" or RTL_CHARS.search(text):
            return f"{FSI}{text}{PDI}"
        return text

    def join(self, items: Sequence[str]) -> str:
        """``a, b and c`` in this language; each item isolated like an argument."""
        parts = [self.isolate(item) for item in items]
        if not parts:
            return ""
        text = parts[-1]
        if len(parts) > 1:
            text = self._form("list.pair").replace("{a}", parts[-2]).replace("{b}", text)
        for part in reversed(parts[:-2]):
            text = self._form("list.more").replace("{a}", part).replace("{b}", text)
        return text

    def compose(self, key: str, **parts: str) -> str:
        """Sentences already said in this language, put together by the catalog's form
        (``status.after_move``: "{last}. {now}"): the parts are not isolated, since they
        are this language's own text."""
        text = self._form(key)
        for name, part in parts.items():
            text = text.replace("{" + name + "}", part)
        return text

    def _form(self, key: str) -> str:
        message = self._message(key)
        assert isinstance(message, str)
        return message

    def _message(self, key: str) -> Message:
        message = load(self.lang).get(key)
        if message is None:
            self.missing.add(key)
            message = load(DEFAULT).get(key)
            if message is None:
                raise KeyError(f"no message {key!r} in the English catalog")
        return message

    def text(self, value: str | Msg) -> str:
        """A ``Msg`` said in this language; plain text (a name, a typed reason) as is."""
        return self.say(value) if isinstance(value, Msg) else value

    def __call__(self, key: str, **args: Arg) -> str:
        return self.say(Msg.of(key, **args))

    def say(self, msg: Msg) -> str:
        message = self._message(msg.key)
        args = dict(msg.args)
        if isinstance(message, dict):
            n = args.get("n")
            if not isinstance(n, int):
                raise TypeError(f"{msg.key!r} is counted: it needs a whole number n")
            form = message[category(self.lang, n)]
        else:
            form = message
        return PLACEHOLDER.sub(lambda m: self._arg(msg.key, args, m.group(1)), form)

    def _arg(self, key: str, args: Mapping[str, Arg], name: str) -> str:
        if name not in args:
            raise KeyError(f"message {key!r} needs the argument {name!r}")
        value = args[name]
        if isinstance(value, Msg):
            said = self.say(value)
            return self.isolate(said) if NAME_KEY.fullmatch(value.key) else said
        if isinstance(value, int):
            return self.number(value)
        return self.isolate(value)
