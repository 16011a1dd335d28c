"""The six cone colours, their notation letters and the second cue for colour-blind play.

A colour's name comes from the catalogs (``kabaleo.colour.<letter>``): ``name`` gives it
as an ``English`` value, plain English text where a caller reads text and a message a
``Translator`` says in the page's language."""

from __future__ import annotations

from parlor.core.words import English

#: Notation letters in canonical order (rules page: O G B P Y V).
LETTERS: tuple[str, ...] = ("O", "G", "B", "P", "Y", "V")


def name(letter: str) -> English:
    if letter not in LETTERS:
        raise KeyError(letter)
    return English.of(f"kabaleo.colour.{letter}")


def order(letter: str) -> int:
    return LETTERS.index(letter)
