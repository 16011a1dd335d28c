"""Saboteur's cards and places in words (games/saboteur/naming.py): a card by what is
printed on it, a cell by the start or goal a player sees beside it (rules, "Grid
coordinates": starts at (0,-1) and (0,1), six goals in a triangle, farther in solo)."""

from __future__ import annotations

import pytest

from parlor.app.screens.readable import notation_in
from parlor.games.saboteur.cards import CARDS
from parlor.games.saboteur.naming import (
    a_card,
    card_name,
    cell_in,
    landmark_msg,
    landmarks,
    place_msg,
)
from parlor.i18n.catalog import Msg, Translator

EN = Translator()


@pytest.mark.parametrize(("cid", "words"), [
    ("P05", "a straight tunnel"),
    ("P16", "a bend"),
    ("P02", "a crossroads with a blue door"),
    ("P12", "a crossroads with a troll"),
    ("P13", "a bridge"),
    ("P04", "a bridge with 1 gold"),
    ("P20", "a double bend"),
    ("P14", "a three-way junction with 1 gold and a dead end"),
    ("LADDER_BLUE", "the blue ladder"),
    ("START_GREEN", "the green start"),
    ("A-BRK-PICK", "a broken pick"),
    ("A-FIX-LAMP-CART", "a repair for the lamp or cart"),
    ("A-MAP", "a map"),
    ("G13", "a goal card with 3 gold"),
    ("G01", "a goal card without gold"),
])
def test_a_card_is_named_by_what_is_printed_on_it(cid: str, words: str) -> None:
    assert EN.say(a_card(cid)) == words


@pytest.mark.parametrize("lang", ["en", "fa", "ru", "ja"])
def test_every_card_has_a_name_in_every_language_and_no_id_in_it(lang: str) -> None:
    t = Translator(lang)
    for cid in CARDS:
        name = t.say(card_name(cid))
        assert name and not notation_in(name, lang), (cid, name)
    assert t.missing == set()


@pytest.mark.parametrize("players", [1, 2])
def test_every_goal_and_start_has_its_own_name(players: int) -> None:
    marks = landmarks(players, ("green", "blue") if players == 2 else ("green",))
    assert len(set(marks.values())) == len(marks) == 6 + players
    words = {EN.say(Msg(f"saboteur.landmark.{m}")) for m in marks.values()}
    assert len(words) == len(marks)
    far = max(marks, key=lambda c: c[0])
    assert EN.say(landmark_msg(far, players, ("green",)) or Msg("x")) == "the far goal"


def test_a_place_is_said_by_what_is_beside_it_or_not_at_all() -> None:
    colours = ("green", "blue")
    assert EN.say(place_msg((5, -2), 2, colours)) == ", at the top goal of the near column"
    assert EN.say(place_msg((8, 0), 2, colours)) == ", next to the far goal"
    assert EN.say(place_msg((1, 1), 2, colours)) == ", next to the blue start"
    assert EN.say(place_msg((3, 0), 2, colours)) == ""
    # In solo the goals lie farther away: (8, 0) is the near column's centre goal.
    assert EN.say(place_msg((8, 0), 1, ("green",))) == (
        ", at the centre goal of the near column")
    # The page finds the cell again in a sentence to light it on the board.
    said = Msg.of("saboteur.log.bribed", who="Ann", place=place_msg((3, 0), 2, colours))
    assert cell_in(said) == (3, 0) and cell_in(Msg("saboteur.log.done")) is None
