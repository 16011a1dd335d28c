"""Saboteur in every language: each screen kind the game has (play with each
kind of pick, the hand-off, the reveal and bribe windows, the round banner, the duel
and solo end screens) is drawn from the catalogs in en/fa/ru/ja with no key missing,
and the fa/ru/ja pages show no English: whatever Latin letters remain are names inside
isolates or the few marks listed in ``ALLOWED`` (card ids are not shown)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from parlor.app.screens.game import Rendered, game_screen
from parlor.app.screens.readable import visible_texts
from parlor.app.session import Session
from parlor.games.saboteur.cards import CARDS
from parlor.games.saboteur.state import BRIBE, OVER, REVEAL, SaboteurState
from parlor.i18n.catalog import FSI, PDI, Translator, load
from test_render_saboteur import GAME, scenario, start, states

LANGS = ("en", "fa", "ru", "ja")
#: Latin runs a translated page may show on purpose: none (the zoom bar's "+" has no
#: letters).
ALLOWED: frozenset[str] = frozenset()
LATIN_RUN = re.compile(r"[A-Za-z]{2,}")


def visible(rendered: Rendered) -> str:
    return "\n".join([*visible_texts(rendered.html), rendered.status])


def english_left(text: str) -> set[str]:
    """Runs of 2+ Latin letters outside isolates, card ids and ``ALLOWED``."""
    text = re.sub(f"{FSI}[^{PDI}]*{PDI}", " ", text)
    return {run for run in LATIN_RUN.findall(text) if run not in ALLOWED}


def session(s: SaboteurState, seats: str = "human,bot:easy") -> Session:
    players = len(s.colours)
    return Session(start(seats, 2, players=players).match, s, "r-0", 0.0)


def _picks(s: SaboteurState) -> Iterator[tuple[str, ...]]:
    """Nothing picked, each kind of card in seat 0's hand picked (and turned), and the
    discard choice with one and two cards."""
    yield ()
    seen: set[str] = set()
    for cid in s.hands[0]:
        kind = CARDS[cid].kind
        if kind not in seen:
            seen.add(kind)
            yield (f"card:{cid}",)
            if kind == "path":
                yield (f"card:{cid}", "turn")
    yield ("discard",)
    yield ("discard", "discard:0")
    yield ("discard", "discard:0", "discard:1")


def screens() -> Iterator[tuple[str, Session, int | None, tuple[str, ...]]]:
    """(what, session, confirmed seat, picks) for every screen kind Saboteur has."""
    duel = list(states(2, rounds=2, limit=3000))
    assert duel[-1].phase == OVER
    for i, s in enumerate(duel):
        if GAME.to_act(s) == 0 and s.phase not in (REVEAL, BRIBE) and i % 15 == 0:
            for picks in _picks(s):
                yield "play", session(s), 0, picks
        elif GAME.to_act(s) == 1 and i % 40 == 1:
            yield "bot to play", session(s), 0, ()
    banner = next(s for s in duel if s.round == 2)
    yield "round banner", session(banner), 0, ()
    yield "duel end", session(duel[-1]), 0, ()
    yield "hand-off", session(duel[0], "human,human"), None, ()
    solo = list(states(5, players=1, rounds=1, limit=2000))
    yield "solo play", session(solo[len(solo) // 2], "human"), 0, ()
    yield "solo end", session(solo[-1], "human"), 0, ()
    placed = [((1, -1), "P08", 0), ((2, -1), "P08", 0), ((3, -1), "P08", 0),
              ((4, -1), "P23", 0)]
    goal = scenario(placed, hands=[["P01", "P08"], ["P08"]], goals={(5, -2): "G05"})
    yield "reveal", session(GAME.apply(goal, "place P01@4,-2^")), 0, ()
    troll = scenario(hands=[["P12", "P08"], ["P08"]])
    yield "bribe window", session(GAME.apply(troll, "place P12@0,-2v")), 0, ()
    peek = scenario(hands=[["A-MAP", "A-KEY", "A-ROCKFALL"], ["P08"]])
    for cid in ("A-MAP", "A-KEY", "A-ROCKFALL"):
        yield "action", session(peek), 0, (f"card:{cid}",)


SCREENS = list(screens())


def test_every_screen_kind_is_covered() -> None:
    kinds = {what for what, *_ in SCREENS}
    assert {"play", "hand-off", "reveal", "bribe window", "round banner", "duel end",
            "solo end"} <= kinds
    phases = {game_screen(sess, seat, picks).phase for _, sess, seat, picks in SCREENS}
    assert phases == {"play", "handoff", "over"}


@pytest.mark.parametrize("lang", LANGS)
def test_saboteur_screens_are_said_in_the_page_language(lang: str) -> None:
    t = Translator(lang)
    leaks: dict[str, set[str]] = {}
    for what, sess, seat, picks in SCREENS:
        out = game_screen(sess, seat, picks, t=t)
        if lang != "en":
            left = english_left(visible(out))
            if left:
                leaks.setdefault(what, set()).update(left)
    assert t.missing == set()
    assert leaks == {}


def test_every_saboteur_key_is_translated_and_not_left_in_english() -> None:
    """A saboteur.* message equal to its English is a forgotten translation, unless it
    holds no words (a cell "{x},{y}", a list "{a}, {b}")."""
    english = {k: v for k, v in load("en").items() if k.startswith("saboteur.")}
    for lang in ("fa", "ru", "ja"):
        same = [k for k, v in english.items()
                if load(lang)[k] == v and LATIN_RUN.search(re.sub(r"\{\w+\}", "", str(v)))]
        assert same == [], (lang, same)
