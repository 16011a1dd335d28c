"""Every screen a game has, drawn for the tests that read them (the pseudo-language
test, the words-for-people test): a seeded game played to its end, and the classroom's
screens (a watched bot match with secrets and beliefs shown, its review from every seat
at some moves, the guided game)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from parlor.app.classroom.review import Review
from parlor.app.controller import Controller
from parlor.app.events import Action, Boot, ShowGame
from parlor.app.saves import DictStore
from parlor.app.screens.game import Rendered
from parlor.app.session import Session
from parlor.app.setup import parse_setup
from parlor.core.protocol import TABLE, legal_moves_of_view
from parlor.i18n.catalog import Translator


def played(game_id: str, seats: str, seed: int, options: dict[str, str]) -> list[Session]:
    """A seeded game played to its end by random legal choices, a session per move."""
    s = Session.start(parse_setup({"game": game_id, "seats": seats, "seed": str(seed),
                                   **options}, 1).to_match(), "p-0", 0.0)
    rng, out = random.Random(seed), [s]
    while (to_act := s.to_act()) is not None:
        viewer = to_act if to_act != TABLE else None
        moves = (legal_moves_of_view(s.game, s.game.view(s.state, viewer))
                 if viewer is not None else s.game.legal_moves(s.state))
        s = s.play(moves[rng.randrange(len(moves))])
        out.append(s)
    return out


def classroom_screens(t: Translator, game_id: str, seats: str, options: dict[str, str],
                      plies: Callable[[int], Sequence[int]]) -> list[Rendered]:
    """A bot match (``seats`` all bots, seed 5) watched with every secret revealed and
    the first bot's beliefs, its review from every seat at ``plies(total)``, and the
    game's guide, each drawn in ``t``'s language."""
    c = Controller(DictStore(), lambda: 0.0, str)
    c.t = t
    c.handle(Boot({"game": game_id, "seats": seats, "seed": "5", **options}))
    c.handle(Action("reveal"))
    c.handle(Action("pause"))
    screens = [e.screen for e in c.handle(Action("watch-thinks", value="1"))
               if isinstance(e, ShowGame)]
    review = Review.of(played(game_id, seats, 5, options)[-1].match)
    for seat in review.perspectives():
        for ply in plies(review.plies):
            c.classroom.review = review.at(ply).looking(seat)
            screens += [e.screen for e in c.handle(Action("replay-goto", value=str(ply)))
                        if isinstance(e, ShowGame)]
    c.classroom.review = None
    screens += [e.screen for e in c.handle(Action("guide", game=game_id))
                if isinstance(e, ShowGame)]
    return screens
