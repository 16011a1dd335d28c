"""Late positions for the browser tests, made in the test process by the engine and its
own bots, and handed to the page as a save (the app's own format, ``app/saves.py``).

A browser test shows what only a browser shows: clicks becoming moves, the screens, the
end screen. The course of a whole game is the CPython tests' (tests/test_contract.py
plays seeded games of every game to their end, tests/test_pairing.py a Saboteur duel
across two devices); a test that needs a game's end, or a late round, starts here and
clicks the rest.

``bot_prefix`` plays each seat with the built-in bot of ``level`` and the generator a
page gives that seat's bot (``app/seeds.py``: seed and ply), so the moves of a bot seat
are the very moves the page's bot would play at that point of the same match (as long
as the level's bot keeps nothing between turns that changes its choice).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from playwright.sync_api import Page

from parlor.app import saves
from parlor.app.seats import default_names, parse_seat
from parlor.app.seeds import turn_rng
from parlor.app.session import Session
from parlor.bots import make_bot
from parlor.core.match import Match, replay
from parlor.games import GAMES


def bot_prefix(game_id: str, seats: tuple[str, ...], seed: int,
               options: Mapping[str, object], stop: Callable[[Any, int], bool],
               level: str = "easy") -> Match:
    """The match of ``seats`` with ``seed``, every seat played by the ``level`` bot, up to
    the first position where ``stop(state, moves_so_far)`` holds (or the end). For games
    whose seats all take turns (no timed window, where the table acts)."""
    game = GAMES[game_id]
    full = game.options_for(len(seats), options)
    state = game.new(len(seats), seed, full)
    bots: dict[int, object] = {}
    moves: list[str] = []
    while (seat := game.to_act(state)) is not None and not stop(state, len(moves)):
        bot = bots.setdefault(seat, make_bot(game_id, level))
        move = bot.choose(game.view(state, seat),  # type: ignore[attr-defined]
                          turn_rng(seed, len(moves), "bot"))
        moves.append(move)
        state = game.apply(state, move)
    names = default_names(tuple(parse_seat(game_id, x) for x in seats))
    return Match(game=game_id, seats=seats, seed=seed, options=full, moves=tuple(moves),
                 rules_version=game.rules_version, names=names)


def save_text(match: Match, save_id: str) -> str:
    """``match`` as the page would have saved it under ``save_id``."""
    session = Session(match=match, state=replay(match, GAMES[match.game]), save_id=save_id,
                      created=1.0)
    return saves.encode(session, 2.0)


def store(page: Page, base_url: str, match: Match, save_id: str = "test-0") -> str:
    """Put ``match`` in the local storage of ``page``'s origin as a save, from a small
    file of that origin (an image: no app is booted only to write it); the save's URL
    query, for the app to open it."""
    page.goto(f"{base_url}/assets/icon.svg")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                  [saves.PREFIX + save_id, save_text(match, save_id)])
    return f"?save={save_id}"
