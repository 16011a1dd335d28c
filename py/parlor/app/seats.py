"""Seat specs as written in URLs and saves: ``human``, ``remote`` or ``bot:<level>``.

``remote`` is a person playing on another device paired with this one: this
page holds the game and sends that seat its own screen; the hand-off between people at
this device never counts them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from parlor.core.errors import BadOptions
from parlor.core.match import HUMAN, LAB, REMOTE
from parlor.i18n.catalog import Msg, Translator

#: Who sits at a seat: a person here, a person on a paired device, a built-in bot (its
#: level in ``Seat.level``) or a bot written in the Lab.
SeatKind = Literal["human", "remote", "bot", "lab"]


@dataclass(frozen=True)
class Seat:
    kind: SeatKind
    level: str | None = None

    @property
    def spec(self) -> str:
        return self.kind if self.kind in (HUMAN, REMOTE, LAB) else f"bot:{self.level}"

    @property
    def is_bot(self) -> bool:
        """A computer player: a built-in level, or a bot written in the Lab."""
        return self.kind in ("bot", LAB)

    @property
    def is_lab(self) -> bool:
        return self.kind == LAB

    @property
    def is_remote(self) -> bool:
        return self.kind == REMOTE

    @property
    def is_local_human(self) -> bool:
        """A person at this device (who takes it at a hand-off)."""
        return self.kind == HUMAN


def parse_seat(game_id: str, text: str) -> Seat:
    from parlor.bots import DEFAULT_LEVEL, LEVELS

    text = text.strip()
    if text == HUMAN:
        return Seat(HUMAN)
    if text == REMOTE:
        return Seat(REMOTE)
    if text == LAB:
        return Seat(LAB, LAB)
    if text == "bot":
        return Seat("bot", DEFAULT_LEVEL[game_id])
    if text.startswith("bot:"):
        level = text[4:]
        if level not in LEVELS.get(game_id, ()):
            allowed = ", ".join(LEVELS.get(game_id, ()))
            raise BadOptions(Msg.of("setup.no_level", level=repr(level), allowed=allowed))
        return Seat("bot", level)
    raise BadOptions(Msg.of("setup.bad_seat", seat=repr(text)))


def default_name_msgs(seats: tuple[Seat, ...]) -> tuple[Msg, ...]:
    """"You" when there is one person; otherwise "Player n" (also when one plays on
    another device: both screens show these names); bots are "Bot n"."""
    humans = [i for i, s in enumerate(seats) if not s.is_bot]
    names: list[Msg] = []
    for i, s in enumerate(seats):
        if s.is_bot:
            names.append(Msg.of("name.bot", n=i + 1))
        elif len(humans) == 1:
            names.append(Msg.of("name.you"))
        else:
            names.append(Msg.of("name.player", n=i + 1))
    return tuple(names)


def default_names(seats: tuple[Seat, ...]) -> tuple[str, ...]:
    """The names a new game is saved with: the defaults, in English. Saves keep English
    so a save reads the same in any page; ``display_names`` says them in the page's
    language."""
    english = Translator("en")
    return tuple(english.say(m) for m in default_name_msgs(seats))


def display_names(t: Translator, seats: tuple[Seat, ...],
                  stored: tuple[str, ...]) -> tuple[str, ...]:
    """The seats' names for the reader: a name the app gave (a default, as saved) in the
    reader's language; a name someone chose stays as it was written."""
    english = default_names(seats)
    return tuple(t.say(msg) if i >= len(stored) or stored[i] == english[i] else stored[i]
                 for i, msg in enumerate(default_name_msgs(seats)))
