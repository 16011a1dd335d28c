"""Games leaving the browser they were played in: a file to download, text to paste, a
link to open.

All three carry the match record (``core.match``), nothing derived, and all three come
back through the same door as a save: ``match_from_dict`` checks every field, then
``replay`` plays every move through ``legal_moves``. A file that is corrupt, hand-edited
into an illegal game or from an unknown version is refused with the first reason found;
an accepted one never replaces anything (the app gives it a new save key when the
player keeps it).

A share link carries the match in the URL *fragment* (``index.html#m=<data>``), which
browsers never send to a server: ``<data>`` is the match's compact JSON, compressed with
zlib (deflate, in both CPython and Pyodide's standard library) and written in URL-safe
base64 without padding, behind a version tag so a later encoding can be told apart.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from parlor.core.errors import BadSave
from parlor.core.match import Match, match_from_dict, replay
from parlor.i18n.catalog import Msg

#: The share encoding's tag: ``1.`` + base64url(deflate(match JSON)).
LINK_VERSION = "1"
#: What a pasted text or link may inflate to (a long Ciao! match is ~15 kB of JSON):
#: more is refused rather than letting a crafted link exhaust the page's memory.
MAX_JSON = 2_000_000


def export_text(match: Match) -> str:
    """The file **Export** downloads: the match record, readable and diffable."""
    return json.dumps({"parlor": "match", **match.to_dict()}, indent=1, sort_keys=True) + "\n"


def export_filename(match: Match, stamp: str) -> str:
    """``parlor-<game>-<stamp>.json``; ``stamp`` names the moment (the save's key)."""
    safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in stamp)
    return f"parlor-{match.game}-{safe}.json"


def share_data(match: Match) -> str:
    """The ``#m=`` fragment's value for ``match``."""
    return LINK_VERSION + "." + pack_text(match.to_json())


def pack_text(text: str) -> str:
    """``text`` deflated and written in URL-safe base64 (a link's fragment)."""
    packed = zlib.compress(text.encode("utf-8"), 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def unpack_text(body: str, limit: int, data: str) -> str:
    """``pack_text``'s text back; ``BadSave`` (about the link ``data``) when it is cut,
    not ours, or would inflate past ``limit`` bytes (a crafted link must not exhaust the
    page's memory)."""
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise BadSave(Msg("import.link_cut"), data) from None
    try:
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, limit)
        if inflater.unconsumed_tail:
            raise BadSave(Msg("import.too_big"), data)
        if not inflater.eof:
            raise zlib.error("truncated")
    except zlib.error:
        raise BadSave(Msg("import.link_cut"), data) from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadSave(Msg("import.link_cut"), data) from None


def match_from_share(data: str) -> Match:
    """The match a share link carries, checked like a save; ``BadSave`` says why not."""
    tag, dot, body = data.strip().partition(".")
    if not dot or tag != LINK_VERSION:
        raise BadSave(Msg.of("import.link_version", version=tag if dot else "?",
                             known=LINK_VERSION), data)
    return import_text(unpack_text(body, MAX_JSON, data))


def import_text(text: str) -> Match:
    """A pasted or uploaded game: an exported match, a save (its envelope), or a share
    link pasted whole. Checked field by field and replayed; ``BadSave`` otherwise."""
    from parlor.games import GAMES

    text = text.strip()
    if not text:
        raise BadSave(Msg("import.empty"))
    if "#m=" in text:
        return match_from_share(text.split("#m=", 1)[1])
    if len(text) > MAX_JSON:
        raise BadSave(Msg("import.too_big"))
    try:
        data: Any = json.loads(text)
    except ValueError:
        raise BadSave(Msg("import.not_json"), text) from None
    if isinstance(data, dict) and isinstance(data.get("match"), dict):
        data = data["match"]  # a save's envelope: its id and dates are not imported
    if isinstance(data, dict):
        data = {k: v for k, v in data.items() if k != "parlor"}
    match = match_from_dict(data, GAMES, text)
    replay(match, GAMES[match.game], text)  # every move through legal_moves, or a refusal
    return match
