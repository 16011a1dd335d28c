"""Ciao! rendering: hands are secret, clickable cards are exactly the legal plays."""

from __future__ import annotations

import re

from parlor.app.screens.game import game_screen
from parlor.app.session import Session
from parlor.app.setup import parse_setup
from parlor.core.protocol import TABLE
from parlor.games.ciao.cards import CODES


def start(seats: str, seed: int, extra: dict[str, str] | None = None) -> Session:
    q = {"game": "ciao", "seats": seats, "seed": str(seed), **(extra or {})}
    return Session.start(parse_setup(q, 1).to_match(), "c-0", 0.0)


def titles_in_hand(html: str) -> list[str]:
    hand = re.search(r'data-secret="hand">(.*?)</section>', html, re.S)
    assert hand is not None
    return re.findall(r'class="card[^"]*"[^>]*title="([^"]+)"', hand.group(1))


def test_only_the_viewers_hand_is_on_the_page() -> None:
    for seed in range(10):
        s = start("human,bot:easy,bot:hard", seed)
        html = game_screen(s, None).html
        assert html.count('data-secret="hand"') == 1
        assert len(titles_in_hand(html)) == len(s.state.hands[0])


def test_handoff_between_two_humans_shows_no_hand() -> None:
    s = start("human,human", 3)
    out = game_screen(s, None)
    assert out.phase == "handoff" and "data-secret" not in out.html


def test_clickable_cards_are_the_legal_plays() -> None:
    """docs/design.md: legal_moves is the single source; nothing illegal is clickable."""
    for seed in range(15):
        s = start("human,bot:easy", seed)
        while s.to_act() not in (0, None):
            if s.to_act() == TABLE:
                s = s.play(s.game.legal_moves(s.state)[-1])
            else:
                s = s.play(s.game.legal_moves(s.state)[0])
        if s.to_act() is None:
            continue
        html = game_screen(s, 0).html
        offered = set(re.findall(r'data-move="([^"]+)"', html))
        legal = set(s.game.legal_moves(s.state))
        assert offered <= legal
        picks = set(re.findall(r'data-pick="([^"]+)"', html))
        singles = {m for m in legal if m.split(" ")[-1].split("=")[0].split(">")[0]
                   .removesuffix("+M") not in picks}
        assert singles <= offered
        assert picks <= set(CODES)
