"""Seat specs as written in URLs and saves: ``human`` or ``bot:<level>``."""

from __future__ import annotations

from dataclasses import dataclass

from parlor.core.errors import BadOptions
from parlor.core.match import HUMAN


@dataclass(frozen=True)
class Seat:
    kind: str  # "human" | "bot"
    level: str | None = None

    @property
    def spec(self) -> str:
        return HUMAN if self.kind == HUMAN else f"bot:{self.level}"

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"


def parse_seat(game_id: str, text: str) -> Seat:
    from parlor.bots import DEFAULT_LEVEL, LEVELS

    text = text.strip()
    if text == HUMAN:
        return Seat(HUMAN)
    if text == "bot":
        return Seat("bot", DEFAULT_LEVEL[game_id])
    if text.startswith("bot:"):
        level = text[4:]
        if level not in LEVELS.get(game_id, ()):
            allowed = ", ".join(LEVELS.get(game_id, ()))
            raise BadOptions(f"there is no bot level {level!r} (levels: {allowed})")
        return Seat("bot", level)
    raise BadOptions(f"a seat is 'human' or 'bot:<level>', not {text!r}")


def default_names(seats: tuple[Seat, ...]) -> tuple[str, ...]:
    """"You" when there is one human; otherwise "Player n"; bots are "Bot n (level)"."""
    humans = [i for i, s in enumerate(seats) if not s.is_bot]
    names: list[str] = []
    for i, s in enumerate(seats):
        if s.is_bot:
            names.append(f"Bot {i + 1}")
        elif len(humans) == 1:
            names.append("You")
        else:
            names.append(f"Player {i + 1}")
    return tuple(names)
