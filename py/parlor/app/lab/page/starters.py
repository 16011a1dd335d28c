"""The starters' comments in the page's language, their code in Python.

A starter (a lesson's, ``lessons.json``, or a new bot's, ``keep.STARTER``) is Python
whose comments are catalog keys: a comment that is only a key in braces,
``# {lab.starter.kabaleo.1.intro}``, is replaced by the catalog's words when the
starter is put in the editor (``in_language``). A comment alone on its line becomes as
many comment lines, at its indentation, as the words have lines (a translator keeps a
sentence whole and breaks it where their language reads well); a comment after code
stays on that line. Only comments change, so the code that runs is the same in every
language, and no words can leave a comment: every line break a string can hold ends a
comment line and the next starts with ``#`` again.

A starter written the old way (English comments, say a lesson added since) still loads
and runs: ``unkeyed`` lists the comments that do not go through the catalog, which a
test turns into a failure naming each line.
"""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Callable, Iterator
from dataclasses import dataclass

#: A comment that is a catalog key: ``# {lab.starter.<...>}``.
KEY_COMMENT = re.compile(r"#\s*\{(lab\.starter\.[a-z0-9_.]+)\}\s*$")


@dataclass(frozen=True)
class Comment:
    """A comment of a starter: its line (from 1), column, text (with ``#``), and
    whether code comes before it on its line."""

    line: int
    column: int
    text: str
    after_code: bool

    @property
    def key(self) -> str | None:
        found = KEY_COMMENT.fullmatch(self.text)
        return found.group(1) if found else None


def comments(source: str) -> Iterator[Comment]:
    """The comments of ``source``, read by Python's own tokenizer (a ``#`` inside a
    string is no comment)."""
    lines = source.splitlines(keepends=True)
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            row, col = tok.start
            yield Comment(row, col, tok.string, bool(lines[row - 1][:col].strip()))


def keys(source: str) -> tuple[str, ...]:
    """The catalog keys a starter's comments name, in order."""
    return tuple(k for c in comments(source) if (k := c.key) is not None)


def unkeyed(source: str) -> list[tuple[int, str]]:
    """The comments (line from 1, text) whose words do not come from the catalog."""
    return [(c.line, c.text) for c in comments(source) if c.key is None]


def _lines_of(words: str) -> list[str]:
    """The words' lines, stripped, none empty: ``splitlines`` breaks at every line
    break Python's tokenizer or an editor might honour (``\\r``, ``\\x0b``, ``\\x0c``,
    ``\\x1c``–``\\x1e``, ``\\x85``, ``\\u2028``, ``\\u2029``); other control
    characters (a NUL Python refuses) are dropped."""
    clean = ("".join(ch for ch in line if ch >= " ").strip() for line in words.splitlines())
    return [line for line in clean if line]


def in_language(source: str, say: Callable[[str], str]) -> str:
    """``source`` with each key comment replaced by ``say(key)``: the starter as the
    student sees it in the editor. Other lines are kept exactly."""
    by_line = {c.line: c for c in comments(source) if c.key is not None}
    out: list[str] = []
    for number, line in enumerate(source.splitlines(), start=1):
        found = by_line.get(number)
        if found is None or found.key is None:
            out.append(line)
            continue
        words = _lines_of(say(found.key)) or ["…"]
        head = line[:found.column]
        if found.after_code:
            out.append(f"{head}# {' '.join(words)}")
        else:
            out.extend(f"{head}# {w}" for w in words)
    return "\n".join(out) + ("\n" if source.endswith("\n") else "")
