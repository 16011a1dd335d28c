"""The menu's set-up forms: what the player chose so far in each game's form, kept
across re-renders by the controller."""

from __future__ import annotations

from dataclasses import dataclass, field

from parlor.app.screens.menu import setup_form
from parlor.app.setup import default_players
from parlor.i18n.catalog import Translator


@dataclass
class MenuForm:
    """What the player chose so far in one game's set-up form (kept across re-renders)."""

    game: str
    players: int
    seats: list[str] = field(default_factory=list)
    options: dict[str, object] = field(default_factory=dict)

    def html(self, t: Translator) -> str:
        return setup_form(t, self.game, self.players, self.seats, self.options)


def initial_forms() -> dict[str, MenuForm]:
    from parlor.games import GAMES

    return {gid: MenuForm(gid, default_players(gid)) for gid in GAMES}
