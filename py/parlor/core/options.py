"""Describing a game's options once, so the menu, the URL parser and the engine agree.

A spec holds no words for people: its label, help and each choice's name are in the
message catalogs (``option.<game>.<key>``, ``….help``, ``….<value>``, or ``….n`` for a
counted choice such as a number of rounds), so the menu speaks the page's language
while links and saves keep the language-neutral choice words (``on``, ``even``)."""

from __future__ import annotations

from dataclasses import dataclass

from parlor.core.errors import BadOptions
from parlor.i18n.catalog import Msg


@dataclass(frozen=True)
class OptionSpec:
    key: str
    choices: tuple[tuple[object, str], ...]  # (value, its word in links and forms)
    default: object
    min_players: int
    max_players: int
    counted: bool = False  # the values are numbers, named by one counted message

    def choice_key(self, game_id: str, value: object) -> str:
        """The catalog key naming ``value`` (a counted choice is ``….n`` with n=value)."""
        if self.counted:
            return f"option.{game_id}.{self.key}.n"
        return f"option.{game_id}.{self.key}.{str(value).lower()}"

    def applies(self, players: int) -> bool:
        return self.min_players <= players <= self.max_players

    def parse(self, text: str) -> object:
        """Turn a URL or form string into one of ``choices``'s values, or refuse clearly."""
        for value, label in self.choices:
            if text == label or text == str(value) or (
                isinstance(value, bool) and text == ("1" if value else "0")
            ):
                return value
        allowed = ", ".join(label for _, label in self.choices)
        raise BadOptions(Msg.of("setup.bad_choice", option=self.key, allowed=allowed,
                                value=repr(text)))


def parse_bool(key: str, value: object) -> bool:
    if isinstance(value, bool):
        return value
    if value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.lower() in ("1", "0", "on", "off", "true", "false"):
        return value.lower() in ("1", "on", "true")
    raise BadOptions(Msg.of("setup.not_on_off", option=key, value=repr(value)))
