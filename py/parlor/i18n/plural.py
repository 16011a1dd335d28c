"""Plural categories of whole numbers, by the CLDR rules of each language we ship.

A catalog message that depends on a count is a table of forms keyed by category
("1 card", "5 cards"; Russian "1 карта", "2 карты", "5 карт"). Only whole numbers
are counted in Parlor (cards, pieces, gold, rounds), so only the categories a whole
number can fall into are listed: a catalog must give exactly these forms, no more
(a form nobody can reach would be untested text) and no fewer.
"""

from __future__ import annotations

from collections.abc import Callable


def _en(n: int) -> str:
    return "one" if n == 1 else "other"


def _fa(n: int) -> str:
    # CLDR: one for i = 0 or n = 1. Persian keeps the noun singular after a number
    # ("۵ کارت"), so the two forms usually read the same; the rule is kept anyway.
    return "one" if n in (0, 1) else "other"


def _ru(n: int) -> str:
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


def _ja(n: int) -> str:
    return "other"


RULES: dict[str, Callable[[int], str]] = {"en": _en, "fa": _fa, "ru": _ru, "ja": _ja}

#: The forms a catalog must give for a counted message, per language.
CATEGORIES: dict[str, tuple[str, ...]] = {
    "en": ("one", "other"),
    "fa": ("one", "other"),
    "ru": ("one", "few", "many"),
    "ja": ("other",),
}


def category(lang: str, n: int) -> str:
    """The plural category of ``n`` in ``lang`` (a language we ship)."""
    return RULES[lang](n)
