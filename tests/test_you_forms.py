"""The reader's own moves are said to them (issue: "You" in the move logs).

The seat of the one person at the table is named with the reader's word for "You"
(``name.you``: en "You", fa «شما», ru «Вы», ja «あなた»). Put into a sentence made for a
third person, that word reads wrong: Persian «شما ... گذاشت» needs «گذاشتید», Russian
«Вы ... берёт» needs «берёте», English "You plays again" needs "You play again". So the
reader's moves have their own sentences (``*.log.you.*``, as Saboteur's do), and every
other player's move keeps the third person.
"""

from __future__ import annotations

import random
import re

import pytest

from parlor.app.session import Session
from parlor.app.setup import parse_setup
from parlor.games.ciao.describe import describe as ciao_describe
from parlor.games.ciao.describe import describe_move as ciao_move
from parlor.games.ciao.ui import render as ciao_ui
from parlor.games.kabaleo.describe import describe_move as kabaleo_move
from parlor.games.kabaleo.describe import piles_before_each_move
from parlor.games.kabaleo.ui import render as kabaleo_ui
from parlor.i18n.catalog import FSI, PDI, Translator
from test_ciao_rules import GAME as CIAO
from test_ciao_rules import scenario as ciao_scenario

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


# ------------------------------------------------------------------------ Ciao!

#: Moves from the history by the reader (seat 0, "You") and by Bot 2, per language: the
#: reader's verb is the second person, the bot's stays the third.
CIAO_MOVES = {
    "en": [("again", "You play again", "Bot 2 plays again"),
           ("draw", "You drew a card", "Bot 2 drew a card"),
           ("play Jy=P", "You played a yellow joker naming paper",
            "Bot 2 played a yellow joker naming paper")],
    "fa": [("play Rg", "شما سنگ سبز بازی کردید", "Bot 2 سنگ سبز بازی کرد"),
           ("play Jy=P", "شما جوکر زرد بازی کردید و گفتید کاغذ",
            "Bot 2 جوکر زرد بازی کرد و گفت کاغذ"),
           ("play Py.3+M", "شما کاغذ زرد «+۳» بازی کردید و یک دردسرساز کنار گذاشتید (+۳)",
            "Bot 2 کاغذ زرد «+۳» بازی کرد و یک دردسرساز کنار گذاشت (+۳)"),
           ("draw", "شما یک کارت کشیدید", "Bot 2 یک کارت کشید"),
           ("again", "شما دوباره بازی می‌کنید", "Bot 2 دوباره بازی می‌کند"),
           ("swap 3", "شما دستتان را با Bot 3 عوض کردید", "Bot 2 دستش را با Bot 3 عوض کرد")],
    "ru": [("play Jy=P", "Вы кладёте карту «жёлтый джокер» и называете: бумага",
            "Bot 2 кладёт карту «жёлтый джокер» и называет: бумага"),
           ("take", "Вы берёте штраф +3", "Bot 2 берёт штраф +3"),
           ("give Rg>3", "Вы отдаёте карту «зелёный камень» игроку Bot 3",
            "Bot 2 отдаёт карту «зелёный камень» игроку Bot 3")],
    "ja": [("play Rg", "あなたが緑のグーを出した", "Bot 2が緑のグーを出した"),
           ("keep", "あなたは引いたカードを手元に残した", "Bot 2は引いたカードを手元に残した")],
}


@pytest.mark.parametrize("lang", LANGS)
def test_ciao_says_the_readers_own_moves_to_them(lang: str) -> None:
    t = Translator(lang)
    names = (t("name.you"), "Bot 2", "Bot 3")
    for move, mine, theirs in CIAO_MOVES[lang]:
        assert plain(t.say(ciao_describe(0, move, names, you=0))) == mine
        assert plain(t.say(ciao_describe(1, move, names, you=0))) == theirs
        # Without knowing the reader, the old sentences stay as they were.
        assert plain(t.say(ciao_describe(1, move, names))) == theirs


@pytest.mark.parametrize("lang", LANGS)
def test_ciao_thanks_is_said_about_the_seat_given_the_card(lang: str) -> None:
    """"thanks n" is the table's move about seat n: its sentence has seat n as subject."""
    t = Translator(lang)
    names = (t("name.you"), "Bot 2")
    expected = {"en": ("You forgot to say “Thank you!” and draw 3", "Bot 2 said “Thank you!”"),
                "fa": ("شما یادتان رفت بگویید «متشکرم!» و ۳ کارت می‌کشید",
                       "Bot 2 گفت «متشکرم!»"),
                "ru": ("Вы забываете сказать «Спасибо!» и берёте 3 карты",
                       "Bot 2 говорит «Спасибо!»"),
                "ja": ("あなたは「ありがとう！」を言い忘れて3枚引く",
                       "Bot 2が「ありがとう！」と言った")}[lang]
    assert plain(t.say(ciao_describe(0, "nothanks 1", names, you=0))) == expected[0]
    assert plain(t.say(ciao_describe(1, "thanks 2", names, you=0))) == expected[1]


#: A gift and a swap *to* the reader: Russian cannot say «игроку Вы», Japanese gives to
#: the reader with くれた; the giver stays the third person.
CIAO_TO_YOU = {
    "en": ("Bot 2 gave you a green rock", "Bot 2 gave you a card",
           "Bot 2 swapped hands with you"),
    "fa": ("Bot 2 سنگ سبز را به شما داد", "Bot 2 یک کارت به شما داد",
           "Bot 2 دستش را با شما عوض کرد"),
    "ru": ("Bot 2 отдаёт вам карту «зелёный камень»", "Bot 2 отдаёт вам карту",
           "Bot 2 меняется руками с вами"),
    "ja": ("Bot 2があなたに緑のグーをくれた", "Bot 2があなたにカードを1枚くれた",
           "Bot 2があなたと手札を交換した"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_ciao_gifts_and_swaps_to_the_reader(lang: str) -> None:
    t = Translator(lang)
    names = (t("name.you"), "Bot 2", "Bot 3")
    said = tuple(plain(t.say(ciao_describe(1, move, names, you=0)))
                 for move in ("give Rg>1", "give ?>1", "swap 1"))
    assert said == CIAO_TO_YOU[lang]
    assert "игроку Вы" not in " ".join(said)


#: (hands, seat to play, what follows "… played a yellow paper +3"): the reader plays and
#: a bot must answer; a bot plays and the reader must answer; the reader's last card.
CIAO_THEN = {
    "en": ("You played a yellow paper +3: Bot 2 must answer or draw 3",
           "Bot 3 played a yellow paper +3: You must answer or draw 3",
           "You played a yellow paper +3: You have no cards left and win the round"),
    "fa": ("شما کاغذ زرد «+۳» بازی کردید: Bot 2 باید جواب بدهد یا ۳ کارت بکشد",
           "Bot 3 کاغذ زرد «+۳» بازی کرد: شما باید جواب بدهید یا ۳ کارت بکشید",
           "شما کاغذ زرد «+۳» بازی کردید: شما دیگر کارتی ندارید و این دور را می‌برید"),
    "ru": ("Вы кладёте карту «жёлтая бумага, +3»: Bot 2 отвечает или берёт 3 карты",
           "Bot 3 кладёт карту «жёлтая бумага, +3»: Вы отвечаете или берёте 3 карты",
           "Вы кладёте карту «жёлтая бумага, +3»: Вы избавляетесь от всех карт и "
           "выигрываете раунд"),
    "ja": ("あなたが黄のパー「+3」を出した：Bot 2は返すか、3枚引く",
           "Bot 3が黄のパー「+3」を出した：あなたは返すか、3枚引く",
           "あなたが黄のパー「+3」を出した：あなたの手札がなくなり、このラウンドの勝ち"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_ciao_what_a_card_does_next_is_said_to_the_reader(lang: str) -> None:
    """The ``ciao.then.*`` clause names who must act next: "You must answer" (fa
    «شما باید جواب بدهید», not «بدهد») when that is the reader."""
    t = Translator(lang)
    names = (t("name.you"), "Bot 2", "Bot 3")
    said = []
    for hands, turn in ((["Py.3 Sg", "Sg", "Sg"], 0), (["Sg", "Sg", "Py.3 Sg"], 2),
                        (["Py.3", "Sg", "Sg"], 0)):
        s = ciao_scenario(hands, discard="Rg", turn=turn)
        said.append(plain(t.say(ciao_move(CIAO.view(s, None), "play Py.3", names, you=0))))
    assert tuple(said) == CIAO_THEN[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_ciao_log_finds_the_reader_by_the_name_you(lang: str) -> None:
    """``log_lines`` (the log, the status line, #said, reviews) and the animated notice
    say the seat called "You" in the second person; a seat named otherwise is not."""
    t = Translator(lang)
    q = {"game": "ciao", "seats": "human,bot:random,bot:random", "seed": "3", "rounds": "1"}
    s = Session.start(parse_setup(q, 1).to_match(), "c-0", 0.0)
    rng = random.Random(3)
    while len(s.state.history) < 40 and s.to_act() is not None:
        s = s.play(rng.choice(s.game.legal_moves(s.state)))
    view = s.game.view(s.state, 0)
    names = (t("name.you"), "Bot 2", "Bot 3")
    lines = ciao_ui.log_lines(view, names, t)
    assert lines == [t.say(ciao_describe(a, m, names, you=0)) for a, m in view.history]
    assert any(a == 0 for a, _ in view.history)
    named = ciao_ui.log_lines(view, ("Ana", "Bot 2", "Bot 3"), t)
    assert named == [t.say(ciao_describe(a, m, ("Ana", "Bot 2", "Bot 3")))
                     for a, m in view.history]
    if lang == "fa":  # no "You" with a third-person past verb («شما ... کرد»)
        assert not any(re.search(r"(کرد|کشید|داد|گذاشت)(?!ید)\b", line)
                       for line in lines if plain(line).startswith("شما"))
