"""Two devices, one game: the screen a host draws for a guest's seat is drawn from that
seat's view alone, with that seat's moves only, whoever is at the host's device (no
hand-off: the guest holds its own device)."""

from __future__ import annotations

import re

import pytest

from parlor.app.screens.game import game_screen
from parlor.app.session import Session
from parlor.app.setup import parse_setup
from parlor.core.protocol import legal_moves_of_view


def session(game: str, seats: str) -> Session:
    setup = parse_setup({"game": game, "seats": seats, "seed": "4"}, 1)
    return Session.start(setup.to_match(), "s-0", 0.0)


@pytest.mark.parametrize(("game", "seats"), [("ciao", "human,human,human"),
                                             ("kabaleo", "human,human"),
                                             ("saboteur", "human,human")])
def test_a_guest_seat_is_drawn_from_its_own_view_with_its_own_moves(
        game: str, seats: str, monkeypatch: pytest.MonkeyPatch) -> None:
    s = session(game, seats)
    real_view = type(s.game).view
    asked: list[int | None] = []

    def view(self, state, seat):  # type: ignore[no-untyped-def]
        asked.append(seat)
        return real_view(self, state, seat)

    monkeypatch.setattr(type(s.game), "view", view)
    for seat in range(len(s.seats)):
        asked.clear()
        out = game_screen(s, confirmed=None, seat=seat)
        assert out.phase == "play"  # never the hand-off
        assert set(asked) == {seat}  # nothing of another seat reached the renderer
        moves = set(re.findall(r'data-move="([^"]+)"', out.html))
        mine = set(legal_moves_of_view(s.game, real_view(s.game, s.state, seat)))
        assert moves <= mine
        if s.to_act() != seat:
            assert moves == set()  # not its turn: nothing to click
