"""A bot as it travels between students: a share link and a ``.py`` file, both carrying
the bot's name and its author's chosen name, so a teacher who collects a class's bots
sees whose each one is.

A share link's fragment is ``bot=<game>.<version>.<body>``: the fragment never reaches a
server, and a link opens the code in the editor without running it. Version 1's body is
the source, deflated, in base64url; version 2's is the same packing of the file text
below (its first line names the bot). Version-1 links keep reading, as bots with no
name.

A file is the source with a first comment line ``# parlor-bot: {"author": …, "game": …,
"name": …}`` (JSON, one line): still valid Python, so the file runs as it is anywhere,
and a plain ``.py`` file (none, or a line that cannot be read) is a bot with no name.
Everything read from a link or a file is hostile: the source is bounded (``MAX_SOURCE``,
also while inflating, so a crafted link cannot exhaust the page's memory), the header's
line too, and names are cut short and cleaned of line breaks and bidi controls (a name
shown on the projector cannot reorder the text around it).
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass

from parlor.app.classroom.transfer import pack_text, unpack_text
from parlor.core.errors import BadSave
from parlor.i18n.catalog import Msg

LINK_VERSION = "2"
#: Link versions this Lab reads (1: source only; 2: the file text, with its header).
READS = ("1", "2")
#: Longest source a link or a file may bring (a bot is a few kB; more is refused so a
#: crafted link cannot exhaust the page's memory).
MAX_SOURCE = 200_000
#: A name or an author's name is cut to this many characters (a label, not a text).
MAX_NAME = 40
#: The header's first-line mark; a longer first line is never parsed as a header.
HEADER = "# parlor-bot: "
MAX_HEADER = 600
#: Bidi embeddings, overrides and isolates: dropped from names (they could reorder the
#: words around a name on the page).
#: What makes a comment in a file's first two lines an encoding declaration (PEP 263).
CODING = re.compile(r"coding([:=])")
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


@dataclass(frozen=True)
class Carried:
    """A bot brought by a link or a file: its source (without the header line), and
    the name, author and game its header gave ("" when it gave none)."""

    source: str
    name: str = ""
    author: str = ""
    game: str = ""


def clean_name(text: object) -> str:
    """A name fit for a label: a string, without control characters, line breaks or
    bidi controls, spaces collapsed, at most ``MAX_NAME`` characters."""
    if not isinstance(text, str):
        return ""
    kept = "".join(" " if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c
                   for c in text if c not in BIDI_CONTROLS)
    return " ".join(kept.split())[:MAX_NAME].strip()


def file_text(source: str, game: str, name: str, author: str) -> str:
    """The text of a bot's ``.py`` file (and of a version-2 link): the header line,
    then the source. The source's own first line is never a header (``read_file_text``
    takes at most one), so one is not stacked on another."""
    head = {"game": game, "name": clean_name(name), "author": clean_name(author)}
    line = HEADER + json.dumps(head, ensure_ascii=False, sort_keys=True)
    # A name holding "coding:" would make the line an encoding declaration (PEP 263)
    # to CPython; the colon is written as JSON's escape instead (the same name).
    line = CODING.sub(lambda m: f"coding\\u{ord(m.group(1)):04x}", line)
    return f"{line}\n{strip_header(source)}"


def strip_header(source: str) -> str:
    """``source`` without a first line that is a header (a file re-imported as is)."""
    first, newline, rest = source.partition("\n")
    return rest if newline and first.startswith(HEADER) else source


def read_file_text(text: str) -> Carried:
    """The bot in a file's ``text``: its header read defensively (a header that cannot
    be read is left in the source as the comment it is, and names nothing)."""
    first, newline, rest = text.removeprefix("\ufeff").partition("\n")
    if not first.startswith(HEADER) or len(first) > MAX_HEADER:
        return Carried(text)
    try:
        head = json.loads(first[len(HEADER):])
    except ValueError:
        return Carried(text)
    if not isinstance(head, dict):
        return Carried(text)
    game = head.get("game")
    return Carried(rest if newline else "", clean_name(head.get("name")),
                   clean_name(head.get("author")),
                   game if isinstance(game, str) and game.isascii() and game.isalnum() else "")


def share_fragment(game: str, source: str, name: str = "", author: str = "") -> str:
    """The value after ``#bot=`` of a link that opens ``source`` in ``game``'s Lab,
    named ``name`` by ``author``."""
    return f"{game}.{LINK_VERSION}.{pack_text(file_text(source, game, name, author))}"


def bot_from_link(data: str) -> tuple[str, Carried]:
    """``(game, bot)`` from a fragment's value after ``bot=``; ``BadSave`` says why not
    (the words of a cut, foreign or oversized link). The link's game is the one before
    its version, whatever its header says."""
    game, _, rest = data.strip().partition(".")
    tag, dot, body = rest.partition(".")
    if not dot or tag not in READS:
        raise BadSave(Msg.of("import.link_version", version=tag[:8] or "?",
                             known=LINK_VERSION), data[:200])
    try:
        text = unpack_text(body, MAX_SOURCE + MAX_HEADER, data[:200])
    except BadSave as err:  # a game's words ("too large to be a game") said of a bot
        big = isinstance(err.message, Msg) and err.message.key == "import.too_big"
        if not big:
            raise
        raise BadSave(Msg("lab.handin.too_big"), data[:200]) from None
    bot = Carried(text) if tag == "1" else read_file_text(text)
    if len(bot.source) > MAX_SOURCE:
        raise BadSave(Msg("lab.handin.too_big"), data[:200])
    return game, Carried(bot.source, bot.name, bot.author, game)


def file_name(name: str) -> str:
    """``<name>.py`` with only letters, digits, ``-`` and ``_`` (a download's name)."""
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in name.strip())
    return (safe or "bot") + ".py"


def name_of_file(filename: str) -> str:
    """The bot name an imported file gets when it names none: its name without
    ``.py``."""
    base = filename.rsplit("/", 1)[-1].rsplit("\\", 1)[-1]
    return clean_name(base[:-3] if base.lower().endswith(".py") else base)
