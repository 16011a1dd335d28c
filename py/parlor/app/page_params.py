"""The link parameters that set up the page rather than a game (``botdelay``, ``lang``),
read the way every parameter is: a wrong value is explained (a ``Msg``), never fatal,
and the page goes on with its default."""

from __future__ import annotations

from collections.abc import Mapping

from parlor.i18n.catalog import Msg
from parlor.i18n.languages import known, parse_lang

#: How long a bot "thinks" before its move shows, so a person can follow the game.
BOT_DELAY_MS = 700
MAX_BOT_DELAY_MS = 10_000


def bot_delay(params: Mapping[str, str]) -> tuple[int, Msg | None]:
    """``botdelay=<ms>`` (0 to ``MAX_BOT_DELAY_MS``), else the default and why."""
    text = params.get("botdelay")
    if text is None:
        return BOT_DELAY_MS, None
    if text.isdigit() and int(text) <= MAX_BOT_DELAY_MS:
        return int(text), None
    return BOT_DELAY_MS, Msg.of("error.bad_botdelay", most=MAX_BOT_DELAY_MS,
                                value=repr(text), used=BOT_DELAY_MS)


def lang_note(params: Mapping[str, str]) -> Msg | None:
    """Why a ``lang=`` is not used. The page already speaks the language it chose
    (assets/lang.js passes over a ``lang=`` it does not know); here it is explained."""
    text = params.get("lang")
    if text is not None and parse_lang(text) is None:
        return Msg.of("error.bad_lang", value=repr(text), known=known())
    return None
