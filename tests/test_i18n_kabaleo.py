"""Kabaleo in every language: seeded games played to the end, every screen
Kabaleo has (play, a picked piece with its refusals, a bot thinking, the hand-off, a
spectator, the end walk-through) drawn in en/fa/ru/ja. Each language must find every
key in its own catalog, and the fa/ru/ja screens must show no English: the visible text
(text nodes, aria-label/title/placeholder) outside the isolates that wrap names and
notation has no run of two Latin letters. A pseudo-language page (every message in
brackets) catches words the code writes itself, whatever the language."""

from __future__ import annotations

import random
import re

import pytest

from fakes import CLOSE, OPEN, Pseudo
from parlor.app.screens.game import game_screen
from parlor.app.screens.readable import visible_texts as read_texts
from parlor.app.session import Session
from parlor.app.setup import parse_setup
from parlor.core.errors import BadOptions, IllegalMove, ParlorError
from parlor.games import GAMES
from parlor.games.kabaleo import rules
from parlor.i18n.catalog import FSI, PDI, Translator

LANGS = ("en", "fa", "ru", "ja")
#: Latin words a translated screen may show on purpose: the app's name "Parlor" (the
#: rules page), the game name "Ciao!" (menus), link words quoted in option refusals
#: ('random', 'even', an unknown option's name).
ALLOWED = re.compile(r"Parlor|Ciao!|'[^']*'")
WORD = re.compile(r"[A-Za-z]{2,}")


def unisolated(text: str) -> str:
    """``text`` without what sits between isolates (names, notation), innermost first."""
    while True:
        cut = re.sub(f"{FSI}[^{FSI}{PDI}]*{PDI}", "", text)
        if cut == text:
            return text
        text = cut


def visible_texts(html: str) -> list[str]:
    return [unisolated(text) for text in read_texts(html)]


def english_in(text: str) -> list[str]:
    return WORD.findall(ALLOWED.sub("", unisolated(text)))


def english_on_screen(html: str) -> list[str]:
    return [word for text in read_texts(html) for word in english_in(text)]


def strays(html: str) -> list[str]:
    """Visible words outside brackets and isolates: written by code, not the catalogs.
    The page's texts are read as one run, since a sentence may hold markup (the colour
    chips of the secret-colour panel)."""
    left = " ".join(read_texts(html))
    while True:
        cut = re.sub(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}", "", unisolated(left))
        if cut == left:
            return WORD.findall(left)
        left = cut


def start(seats: str, seed: int, **opts: str) -> Session:
    query = {"game": "kabaleo", "seats": seats, "seed": str(seed)}
    query.update({f"opt.{k}": v for k, v in opts.items()})
    return Session.start(parse_setup(query, 1).to_match(), "k-0", 0.0)


def screens(s: Session, t: Translator, rng: random.Random) -> list[str]:
    """Every screen of one game played to the end with random moves, in ``t``'s language:
    the html and the status line of each."""
    out: list[str] = []
    while True:
        viewer = s.viewer()
        shown = [game_screen(s, None, t=t)]  # the hand-off, or a spectator's board
        if viewer is not None:
            shown.append(game_screen(s, viewer, t=t))
            if s.to_act() == viewer:
                shown.append(game_screen(s, viewer, thinking=True, t=t))
                for colour in sorted(set(re.findall(r'data-pick="(\w)"', shown[1].html))):
                    shown.append(game_screen(s, viewer, picks=(colour,), t=t))
        out += [part for r in shown for part in (r.html, r.status)]
        if s.to_act() is None:
            return out
        s = s.play(rng.choice(s.game.legal_moves(s.state)))


GAMES_PLAYED = [
    ("human,bot:easy", 12, {}),
    ("human,bot:random", 5, {"targets_per_player": "2"}),
    ("human,human,human", 3, {"distribution": "even"}),
    ("human,human,bot:medium,bot:hard", 7, {"last_pile_ban": "off"}),
]


@pytest.mark.parametrize("lang", LANGS)
def test_every_kabaleo_screen_is_said_in_the_pages_language(lang: str) -> None:
    t = Translator(lang)
    for seats, seed, opts in GAMES_PLAYED:
        texts = screens(start(seats, seed, **opts), t, random.Random(seed))
        assert t.missing == set()
        if lang != "en":
            for text in texts:
                assert english_on_screen(text) == [], (seats, seed, text[:200])


def test_the_pseudo_language_finds_no_word_written_by_the_code() -> None:
    t = Pseudo()
    for seats, seed, opts in GAMES_PLAYED[:2]:
        for text in screens(start(seats, seed, **opts), t, random.Random(seed)):
            assert strays(text) == [], text[:200]


def refusals() -> list[ParlorError]:
    """One of each refusal this game's modules raise: moves and set-ups."""
    s = rules.new_game(2, 1, {})
    hand = s.hands[s.to_move]
    missing = next(c for i, c in enumerate("OGBPYV") if hand[i] == 0)
    own = next(f"{p[0]}{i + 1}" for i, p in enumerate(s.piles)
               if hand["OGBPYV".index(p[0])] > 0)
    first = rules.legal_moves(s)[0]
    after = rules.apply(s, first)
    pile = int(first[1:]) - 1
    nxt = after.hands[after.to_move]
    again = next(f"{c}{pile + 1}" for i, c in enumerate("OGBPYV")
                 if nxt[i] > 0 and after.piles[pile] != (c,))
    moves = [(s, f"{missing}1"), (s, "O99"), (s, own), (s, "Q1"), (after, again)]
    errors: list[ParlorError] = []
    for state, move in moves:
        with pytest.raises(IllegalMove) as err:
            GAMES["kabaleo"].apply(state, move)
        errors.append(err.value)
    over = [(5, {}), (2, {"colourblind": True}), (2, {"distribution": "fair"}),
            (4, {"distribution": "even"}), (2, {"targets_per_player": 3}),
            (3, {"targets_per_player": 2})]
    for players, opts in over:
        with pytest.raises(BadOptions) as bad:
            GAMES["kabaleo"].options_for(players, opts)
        errors.append(bad.value)
    return errors


@pytest.mark.parametrize("lang", LANGS)
def test_refusals_are_said_in_the_pages_language(lang: str) -> None:
    t = Translator(lang)
    errors = refusals()
    assert all(err.msg is not None for err in errors)
    said = [err.says(t) for err in errors]
    assert t.missing == set()
    if lang == "en":
        assert said == [str(err) for err in errors]
    else:
        for text in said:
            assert english_in(text) == [], text


def test_persian_numbers_on_the_board_and_in_the_log() -> None:
    s = start("human,bot:random", 2)
    rng = random.Random(2)
    for _ in range(4):
        s = s.play(rng.choice(s.game.legal_moves(s.state)))
    out = game_screen(s, s.viewer(), t=Translator("fa"))
    assert ">۱۶</text>" in out.html  # pile numbers
    assert not re.search(r"[0-9]", "".join(visible_texts(out.html)))
