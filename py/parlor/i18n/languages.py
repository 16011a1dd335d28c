"""The languages Parlor speaks, and how a page picks one.

A language is chosen, in order, by ``lang=`` in the link, by what the player picked
before (local storage), and by the browser's preferred languages; English otherwise.
A ``lang=`` value we do not ship is refused (by the caller, which knows how to say so)
with a message that lists the ones we do, like every other link parameter; a browser
preference we do not ship is simply passed over (the browser asked for nothing wrong).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

#: A page's base direction, as HTML's ``dir`` says it.
Direction = Literal["ltr", "rtl"]


@dataclass(frozen=True)
class Language:
    code: str  # BCP 47 primary subtag, also the catalog's file name
    endonym: str  # the language's name in itself, as the picker shows it
    dir: Direction  # the page's base direction
    digits: str  # the ten digits numbers are written with in this language's text


LATIN = "0123456789"
LANGUAGES: tuple[Language, ...] = (
    Language("en", "English", "ltr", LATIN),
    Language("fa", "فارسی", "rtl", "۰۱۲۳۴۵۶۷۸۹"),
    Language("ru", "Русский", "ltr", LATIN),
    Language("ja", "日本語", "ltr", LATIN),
)
BY_CODE = {lang.code: lang for lang in LANGUAGES}
DEFAULT = "en"


def known() -> str:
    """The languages we ship, as a refusal lists them: "en (English), fa (فارسی), …"."""
    return ", ".join(f"{lang.code} ({lang.endonym})" for lang in LANGUAGES)


def parse_lang(value: str) -> str | None:
    """The code for a ``lang=`` value ("fa", "FA", "fa-IR" all give "fa"), or None for
    a language we do not ship (the caller refuses it, naming ``known()``)."""
    code = value.strip().replace("_", "-").split("-")[0].lower()
    return code if code in BY_CODE else None


def negotiate(preferred: Iterable[str]) -> str:
    """The first of the browser's preferred languages (``navigator.languages``) we ship."""
    for tag in preferred:
        code = tag.strip().replace("_", "-").split("-")[0].lower()
        if code in BY_CODE:
            return code
    return DEFAULT
