"""Kabaleo on screen: rendering is a pure function of a view; secrets only reach the seat
that may see them (docs/design.md, "Secrets never reach the DOM of a seat that may not see
them")."""

from __future__ import annotations

import re

from parlor.app.screens.game import game_screen
from parlor.app.session import Session
from parlor.app.setup import parse_setup
from parlor.games.kabaleo.colours import name


def start(seats: str, seed: int) -> Session:
    return Session.start(parse_setup({"game": "kabaleo", "seats": seats, "seed": str(seed)},
                                     1).to_match(), "r-0", 0.0)


def secret_text(html: str) -> str:
    found = re.findall(r'data-secret="target">(.*?)</div>', html)
    return " ".join(found)


def test_only_the_human_target_is_rendered_against_bots() -> None:
    for seed in range(20):
        s = start("human,bot:easy,bot:random", seed)
        out = game_screen(s, None)
        secret = secret_text(out.html)
        assert name(s.state.targets[0][0]) in secret
        for other in s.state.targets[1:]:
            assert name(other[0]) not in secret
        assert out.html.count("data-secret") == 1


def test_handoff_renders_no_view_at_all() -> None:
    s = start("human,human", 2)
    out = game_screen(s, None)
    assert out.phase == "handoff" and "data-secret" not in out.html
    assert "data-move" not in out.html and "data-pick" not in out.html
    shown = game_screen(s, s.viewer())
    assert shown.phase == "play" and shown.html.count("data-secret") == 1


def test_clickable_targets_are_exactly_the_legal_moves() -> None:
    """docs/design.md: legal_moves is the single source; nothing illegal is clickable."""
    s = start("human,bot:easy", 9)
    while s.to_act() != 0:
        s = s.play(s.game.legal_moves(s.state)[0])
    picks = set(re.findall(r'data-pick="(\w)"', game_screen(s, 0).html))
    for colour in picks:
        html = game_screen(s, 0, picks=(colour,)).html
        offered = set(re.findall(r'data-move="(\w+)"', html))
        assert offered == {m for m in s.game.legal_moves(s.state) if m[0] == colour}


def test_end_screen_walks_through_the_count() -> None:
    s = start("human,bot:easy", 12)
    while s.to_act() is not None:
        s = s.play(s.game.legal_moves(s.state)[0])
    out = game_screen(s, None)
    assert out.phase == "over" and "Game over" in out.status
    assert "How it was decided" in out.html
    for t in s.state.targets:
        assert name(t[0]) in out.html
