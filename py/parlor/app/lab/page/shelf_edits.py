"""Bots as things: renaming, deleting (and bringing back), duplicating a bot, and
choosing which bots enter a tournament, as pure changes of a ``Shelf``.

A name is what a student types, or what a crafted request carries: it is tidied
(runs of spaces and line breaks become one space, control characters go) and then
refused when it is empty, longer than ``MAX_NAME`` or another bot's (letter case
aside: "Greedy" and "greedy" side by side would confuse a class). A refusal is a
catalog key with its arguments, said to the student as it is.

A deleted bot is not dropped at once: it stays in ``Shelf.deleted`` (stored with the
shelf) until the student's next action, so Undo brings it back with its scores, even
after a reload. Deleting the last bot is refused: the Lab always has one to edit.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import replace

from parlor.app.lab.page.keep import Deleted, Shelf
from parlor.i18n.catalog import Msg

#: The longest bot name: it must fit a tournament table's column and a file's name.
MAX_NAME = 40


def tidy(name: str) -> str:
    """``name`` without control characters, its spaces and line breaks made single."""
    kept = "".join(" " if unicodedata.category(c) == "Cc" else c for c in name)
    return " ".join(kept.split())


def name_problem(shelf: Shelf, name: str, old: str | None = None) -> Msg | None:
    """Why ``name`` (tidied) cannot be a bot's name (``old`` being renamed), if it
    cannot."""
    if not name:
        return Msg("lab.name.empty")
    if len(name) > MAX_NAME:
        return Msg.of("lab.name.too_long", most=MAX_NAME, got=len(name))
    if any(n.casefold() == name.casefold() for n in shelf.bots if n != old):
        return Msg.of("lab.name.taken", name=name)
    return None


def renamed(shelf: Shelf, old: str, new: str) -> Shelf:
    """Bot ``old`` named ``new`` (checked by ``name_problem``): its code, its kept
    scores and its place in or out of the tournament go with it; its place in the
    editor too."""
    if old not in shelf.bots or old == new:
        return shelf
    bots = {(new if k == old else k): v for k, v in shelf.bots.items()}
    scores = {(new if k == old else k): v for k, v in shelf.scores.items()}
    left_out = frozenset(new if k == old else k for k in shelf.left_out)
    current = new if shelf.current == old else shelf.current
    return replace(shelf, bots=bots, scores=scores, left_out=left_out, current=current)


def deleted(shelf: Shelf, name: str) -> Shelf:
    """Bot ``name`` gone from the list and kept for Undo (replacing the one kept
    before); the editor moves to the first bot left."""
    if name not in shelf.bots or len(shelf.bots) < 2:
        return shelf
    bots = {k: v for k, v in shelf.bots.items() if k != name}
    gone = Deleted(name, shelf.bots[name], dict(shelf.scores.get(name, {})),
                   name in shelf.left_out)
    rest = replace(shelf, bots=bots, scores={k: v for k, v in shelf.scores.items() if k != name},
                   left_out=shelf.left_out - {name}, deleted=gone)
    return replace(rest, current=(shelf.current if shelf.current != name
                                  else rest.names()[0]))


def restored(shelf: Shelf, number: Callable[[int], str] = str) -> Shelf:
    """The deleted bot back, with its scores, in the editor; numbered when a bot of
    its name came meanwhile (another tab), never written over it."""
    gone = shelf.deleted
    if gone is None:
        return shelf
    back = replace(shelf, deleted=None).added(gone.name, gone.source, number)
    name = back.current
    return replace(back, scores={**back.scores, name: dict(gone.scores)} if gone.scores
                   else back.scores,
                   left_out=back.left_out | {name} if gone.left_out else back.left_out)


def forgotten(shelf: Shelf) -> Shelf:
    """The deleted bot let go: the student did something else, Undo is gone."""
    return shelf if shelf.deleted is None else replace(shelf, deleted=None)


def duplicated(shelf: Shelf, name: str, copy_name: str,
               number: Callable[[int], str] = str) -> Shelf:
    """A copy of bot ``name`` as a new bot ``copy_name`` (numbered when taken), in the
    editor: a safe place to try a change. Scores stay with the original (the copy has
    not played yet)."""
    if name not in shelf.bots:
        return shelf
    return shelf.added(copy_name, shelf.bots[name], number)


def entered(shelf: Shelf, name: str, enter: bool) -> Shelf:
    """Bot ``name`` in the next tournament, or left out of it."""
    if name not in shelf.bots:
        return shelf
    left_out = shelf.left_out - {name} if enter else shelf.left_out | {name}
    return replace(shelf, left_out=left_out)
