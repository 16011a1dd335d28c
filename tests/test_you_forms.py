"""The reader's own moves are said to them (issue: "You" in the move logs).

The seat of the one person at the table is named with the reader's word for "You"
(``name.you``: en "You", fa «شما», ru «Вы», ja «あなた»). Put into a sentence made for a
third person, that word reads wrong: Persian «شما ... گذاشت» needs «گذاشتید», Russian
«Вы ... берёт» needs «берёте», English "You plays again" needs "You play again". So the
reader's moves have their own sentences (``*.log.you.*``, as Saboteur's do), and every
other player's move keeps the third person.
"""

from __future__ import annotations

import re

import pytest

from parlor.app.session import Session
from parlor.app.setup import parse_setup
from parlor.games.kabaleo.describe import describe_move as kabaleo_move
from parlor.games.kabaleo.describe import piles_before_each_move
from parlor.games.kabaleo.ui import render as kabaleo_ui
from parlor.i18n.catalog import FSI, PDI, Translator

LANGS = ("en", "fa", "ru", "ja")


def plain(text: str) -> str:
    """``text`` without the isolate marks around names (Persian wraps them)."""
    return re.sub(f"[{FSI}{PDI}]", "", text)


# ------------------------------------------------------------------------ Kabaleo

#: (the reader's own piece laid on a pile, the same move by another player) per
#: language: the reader's verb is the second person (fa گذاشتید, not گذاشت).
KABALEO_PLACED = {
    "en": ("You played green on pile 1 (orange before)",
           "Bot 2 played green on pile 1 (orange before)"),
    "fa": ("شما یک قطعهٔ سبز روی ستون ۱ گذاشتید (پیش از آن نارنجی)",
           "Bot 2 یک قطعهٔ سبز روی ستون ۱ گذاشت (پیش از آن نارنجی)"),
    "ru": ("Вы: зелёный на башню 1 (до этого сверху был оранжевый)",
           "Bot 2: зелёный на башню 1 (до этого сверху был оранжевый)"),
    "ja": ("あなたが緑のコマを山1に置いた（それまではオレンジ）",
           "Bot 2：緑のコマを山1に置いた（それまではオレンジ）"),
}

KABALEO_CANCELLED = {
    "en": "You played blue on blue at pile 1: both pieces go back to the box and the "
          "pile shows green again",
    "fa": "شما قطعهٔ آبی را روی آبی در ستون ۱ گذاشتید: هر دو قطعه به جعبه برمی‌گردند و "
          "ستون دوباره سبز می‌شود",
    "ru": "Вы: синий на синий в башне 1 — обе фишки уходят в коробку, и сверху снова "
          "зелёный",
    "ja": "あなたが山1の青に青のコマを重ねた。両方のコマは箱に戻り、山は再び緑になった",
}


@pytest.mark.parametrize("lang", LANGS)
def test_kabaleo_says_the_readers_own_move_to_them(lang: str) -> None:
    t = Translator(lang)
    mine, theirs = KABALEO_PLACED[lang]
    assert plain(t.say(kabaleo_move([("O",)], "G1", t("name.you"), you=True))) == mine
    assert plain(t.say(kabaleo_move([("O",)], "G1", "Bot 2"))) == theirs
    cancelled = kabaleo_move([("G", "B")], "B1", t("name.you"), you=True)
    assert plain(t.say(cancelled)) == KABALEO_CANCELLED[lang]


def test_persian_kabaleo_never_puts_you_with_a_third_person_verb() -> None:
    """The sentence of the issue: «شما یک قطعهٔ نارنجی روی ستون ۱ گذاشت» is wrong."""
    t = Translator("fa")
    for before, move in (([("G",)], "O1"), ([("G", "O")], "O1")):
        said = t.say(kabaleo_move(before, move, t("name.you"), you=True))
        assert "گذاشتید" in said and not re.search(r"گذاشت(?!ید)", said), said


def kabaleo_session(seats: str) -> Session:
    q = {"game": "kabaleo", "seats": seats, "seed": "2"}
    return Session.start(parse_setup(q, 1).to_match(), "k-0", 0.0)


@pytest.mark.parametrize("lang", LANGS)
def test_kabaleo_log_finds_the_reader_by_the_name_you(lang: str) -> None:
    """``log_lines`` is given names only: the seat called by the reader's "You" is the
    reader's, every other seat (a bot, a person named otherwise) stays a third person."""
    t = Translator(lang)
    s = kabaleo_session("human,bot:random")
    for _ in range(4):
        s = s.play(s.game.legal_moves(s.state)[0])
    view = s.game.view(s.state, 0)
    before = piles_before_each_move(view.piles, view.history)
    names = (t("name.you"), "Bot 2")
    lines = kabaleo_ui.log_lines(view, names, t)
    assert sorted(seat for seat, _ in view.history) == [0, 0, 1, 1]
    for (seat, move), piles, line in zip(view.history, before, lines, strict=True):
        assert line == t.say(kabaleo_move(piles, move, names[seat], you=seat == 0))
        assert plain(line).startswith(names[seat])
    mine = [line for (seat, _), line in zip(view.history, lines, strict=True) if seat == 0]
    theirs = [line for (seat, _), line in zip(view.history, lines, strict=True) if seat]
    named = kabaleo_ui.log_lines(view, ("Ana", "Bot 2"), t)  # nobody is "You" here
    assert not any(plain(line).startswith(t("name.you")) for line in named)
    if lang == "fa":
        assert all("گذاشتید" in line for line in mine)
        assert not any("گذاشتید" in line for line in theirs + named)
    if lang == "en":
        assert all(line.startswith("You played") for line in mine)
