"""The Lab's sentences that name code, safe on a right-to-left page.

The Lab's words are full of Python: a hint says ``game.simulate(view, move, rng)``, an
error says ``choose(view, moves, rng)``. Inside a Persian sentence the Unicode bidi
algorithm gives the neutral characters at a fragment's edge (its closing parenthesis,
a bracket, a quote) to the sentence, so the fragment reads "(choose(view, moves, rng"
with its parenthesis flipped to the far side. Each run of Latin text in a right-to-
left sentence is therefore isolated as left to right: ``<bdi dir="ltr">`` in HTML,
LRI…PDI in plain text (a status line, an aria-label). In a Persian Lab, Latin text is
code (the catalogs write Persian words and digits), so no catalog needs marks and a
translator cannot forget one. A left-to-right page is left as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from parlor.i18n.catalog import Translator
from parlor.render.html import esc

LRI, PDI = "\u2066", "\u2069"
#: A run of printable ASCII, spaces inside but not at its ends.
RUN = re.compile(r"[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?")
#: What a run must hold to be code rather than punctuation between Persian words.
CODE_CHAR = re.compile(r"[A-Za-z0-9_]")
#: The sentence's own punctuation at a run's end (a code fragment does not end so).
SENTENCE_END = ".,:;!?"
PAIRS = {")": "(", "]": "[", "}": "{"}


def _trim(run: str) -> tuple[str, str, str]:
    """``(before, code, after)``: the run without the sentence's punctuation around it
    (a colon before it, a full stop after it, a bracket opened or closed by the Persian
    words around it)."""
    before, code, after = "", run, ""
    changed = True
    while changed and code:
        changed = False
        if code[-1] in SENTENCE_END or code[-1] == " ":
            code, after, changed = code[:-1], code[-1] + after, True
        elif code[0] in SENTENCE_END or code[0] == " ":
            code, before, changed = code[1:], before + code[0], True
        elif code[-1] in PAIRS and code.count(code[-1]) > code.count(PAIRS[code[-1]]):
            code, after, changed = code[:-1], code[-1] + after, True
        elif code[0] in PAIRS.values():
            close = next(k for k, v in PAIRS.items() if v == code[0])
            if code.count(code[0]) > code.count(close):
                code, before, changed = code[1:], before + code[0], True
    return before, code, after


def pieces(text: str) -> Iterator[tuple[bool, str]]:
    """``text`` cut into ``(is_code, piece)``: the Latin runs that hold code and the
    rest, in order (their join is ``text``)."""
    at = 0
    for found in RUN.finditer(text):
        before, code, after = _trim(found.group())
        if not CODE_CHAR.search(code):
            continue
        start = found.start() + len(before)
        yield False, text[at:start]
        yield True, code
        at = start + len(code)
    yield False, text[at:]


def prose(t: Translator, text: str) -> str:
    """``text`` (already in the page's language) as HTML, each code run isolated
    left to right when the page reads right to left."""
    if t.dir != "rtl":
        return esc(text)
    return "".join(f'<bdi dir="ltr">{esc(p)}</bdi>' if code else esc(p)
                   for code, p in pieces(text) if p)


def prose_text(t: Translator, text: str) -> str:
    """``text`` as plain text (a status line), each code run between LRI and PDI when
    the page reads right to left."""
    if t.dir != "rtl":
        return text
    return "".join(f"{LRI}{p}{PDI}" if code else p for code, p in pieces(text) if p)
