"""What a reader meets on a screen, and the notation that must never be part of it.

Players read words: a card is "a bend with a troll", a place is "next to the far goal".
Ids, move codes and coordinates are notation, for saves, share links, the page
contract's ``data-*`` attributes and developers' errors. This module is the one list of
what notation looks like (``PATTERNS``: each game's, from its registry entry, and
coordinates), used by the tests that draw every screen in
every language (CPython) and by the browser suite on the live page.
"""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser

from parlor.i18n.catalog import load

#: Attributes whose values a person or a screen reader meets.
READ_ATTRS = ("aria-label", "title", "placeholder", "alt")
FSI, PDI = "\u2068", "\u2069"


_DIGIT = "[0-9\u06f0-\u06f9\u0660-\u0669]"
#: Coordinates as the page once wrote them ("3,-1", Persian "۳،-۱"): two whole numbers
#: joined by a comma with no space (a list has a space after its commas).
COORDINATES = "coordinates"


def patterns() -> dict[str, re.Pattern[str]]:
    """What notation looks like: every game's own (its registry entry's ``notation``:
    card ids, codes, move marks) and coordinates. Never in a text a player reads."""
    from parlor.games import ENTRIES

    out = {COORDINATES: re.compile(rf"-?{_DIGIT}+[,\u060c]-?{_DIGIT}+")}
    for entry in ENTRIES.values():
        out.update((what, re.compile(regex)) for what, regex in entry.notation)
    return out


class Reader(HTMLParser):
    """Text nodes and the read attributes, outside ``<style>`` and ``<script>``."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script"):
            self._hidden += 1
        self.texts.extend(v for k, v in attrs if k in READ_ATTRS and v)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script"):
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.texts.append(data)


#: A start or end tag as Parlor's screens write them (names, then attributes whose values
#: are quoted or plain); an attribute of one.
_VALUE = r"""(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+)"""
_TAG = re.compile(rf"""<(/?)[a-zA-Z][^\s/>]*((?:\s+[^\s"'=/>]+(?:\s*=\s*{_VALUE})?)*)\s*/?>""")
_ATTR = re.compile(rf"""([^\s"'=/>]+)(?:\s*=\s*({_VALUE}))?""")
#: What only the full parser reads right: comments, declarations, style and script.
_ODD = re.compile(r"<[!?]|<(?:style|script)\b", re.IGNORECASE)


def visible_texts(html: str) -> list[str]:
    """Every piece of text a reader meets in ``html`` (text and read attributes), as
    ``Reader`` finds them. The screens' own markup (tags, quoted attributes, escaped
    text) is read by two regular expressions, several times quicker than the parser, which
    the every-screen-in-every-language tests pay for on every screen; markup they do not
    cover (a comment, a style, a ``<`` left in the text) goes to the parser."""
    if _ODD.search(html):
        return _parsed(html)
    texts: list[str] = []
    at = 0
    for tag in _TAG.finditer(html):
        if tag.start() > at:
            texts.append(html[at:tag.start()])
        at = tag.end()
        if tag.group(1):
            continue
        for attr in _ATTR.finditer(tag.group(2)):
            value = attr.group(2)
            if value and value[0] in "\"'":
                value = value[1:-1]
            if value and attr.group(1).lower() in READ_ATTRS:
                texts.append(value)
    if at < len(html):
        texts.append(html[at:])
    if any("<" in text for text in texts):  # a tag the expressions did not read
        return _parsed(html)
    return [unescape(text) for text in texts]


def _parsed(html: str) -> list[str]:
    reader = Reader()
    reader.feed(html)
    return reader.texts


def notation_in(text: str, lang: str = "en") -> list[tuple[str, str]]:
    """(what, the text matched) for each piece of notation in ``text``, read as a page
    in ``lang``: where a decimal is written with a comma (Russian "1,4") a number looks
    like a pair of coordinates, so coordinates are looked for in the other languages
    (the code that would print them is the same in all)."""
    text = text.replace(FSI, "").replace(PDI, "")
    comma = load(lang).get("beliefs.decimal") == "{whole},{tenth}"
    return [(what, m.group(0)) for what, pattern in PATTERNS.items()
            if not (comma and what == COORDINATES) for m in pattern.finditer(text)]


PATTERNS = patterns()
