"""Ciao! in every language: seeded games played to the end, every screen kind drawn in
en/fa/ru/ja, no catalog key missing and no English left on the fa/ru/ja screens."""

from __future__ import annotations

import random
import re
from functools import cache
from html import unescape

import pytest

from parlor.app.screens.game import game_screen
from parlor.app.session import Session
from parlor.app.setup import parse_setup
from parlor.core.protocol import TABLE, legal_moves_of_view
from parlor.games.ciao.cards import CODES
from parlor.i18n.catalog import FSI, PDI, Translator

#: Latin words a non-English Ciao! screen may show on purpose: the game's name and the
#: card codes of the end screen's tallies (notation, language-neutral).
ALLOWED = {"Parlor", "Ciao", *(code.split(".")[0] for code in CODES)}  # the app's name too
TEXT = re.compile(r">([^<]+)<|(?:aria-label|title|placeholder)=\"([^\"]*)\"")
ISOLATED = re.compile(f"{FSI}[^{PDI}]*{PDI}")


def visible(html: str) -> str:
    html = re.sub(r"<svg.*?</svg>", "", html, flags=re.S)
    parts = [unescape(a or b) for a, b in TEXT.findall(html)]
    return ISOLATED.sub(" ", " ".join(parts))


def english_words(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z]{2,}", text)) - ALLOWED


@cache
def screens(seats: str, seed: int) -> list[Session]:
    """Sessions at every move of a seeded game played by random choices to the end."""
    q = {"game": "ciao", "seats": seats, "seed": str(seed), "rounds": "1"}
    s = Session.start(parse_setup(q, 1).to_match(), "c-0", 0.0)
    rng, out = random.Random(seed), [s]
    while s.to_act() is not None:
        to_act = s.to_act()
        seat = to_act if to_act != TABLE else None
        moves = legal_moves_of_view(s.game, s.game.view(s.state, seat)) if seat is not None \
            else s.game.legal_moves(s.state)
        s = s.play(moves[rng.randrange(len(moves))])
        out.append(s)
    return out


@pytest.mark.parametrize("lang", ["en", "fa", "ru", "ja"])
def test_every_ciao_screen_is_in_the_page_language(lang: str) -> None:
    t = Translator(lang)
    kinds: set[str] = set()
    for seats, seed in (("human,bot:random,bot:random", 3), ("human,human", 5)):
        sessions = screens(seats, seed)
        for s in sessions[::9] + sessions[-2:]:  # every 7th move keeps it fast
            for confirmed in (None, 0):
                out = game_screen(s, confirmed, t=t)
                kinds.add(out.phase)
                if lang != "en":
                    words = english_words(visible(out.html) + " " + out.status)
                    assert not words, (out.phase, sorted(words))
    assert t.missing == set()
    assert {"play", "handoff", "over"} <= kinds
