"""Describing a game's options once, so the menu, the URL parser and the engine agree.

A spec holds no words for people: its label, help and each choice's name are in the
message catalogs (``option.<game>.<key>``, ``….help``, ``….<value>``, or ``….n`` for a
counted choice such as a number of rounds), so the menu speaks the page's language
while links and saves keep the language-neutral choice words (``on``, ``even``).

The engine's check of a whole set of options (``checked``) is derived from the specs
too, so what a game accepts is what its specs say and every game refuses a table size,
an unknown option or a bad value in the same words; a game adds only the checks its
specs cannot say (combinations, such as Kabaleo's even deal with four players)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
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
        raise BadOptions(Msg.of("setup.bad_choice", option=repr(self.key), allowed=allowed,
                                value=repr(text)))

    def value_of(self, given: object) -> object:
        """One of ``choices``'s values for what the engine is handed: the value itself (a
        save, the menu), or its word or the value written out (a link); on/off options
        as ``parse_bool`` reads them. ``True`` is never the number 1 here."""
        if isinstance(self.default, bool):
            return parse_bool(self.key, given)
        for value, label in self.choices:
            if isinstance(given, bool) != isinstance(value, bool):
                continue
            if given == value or (isinstance(given, str) and given in (label, str(value))):
                return value
        allowed = ", ".join(repr(value) for value, _ in self.choices)
        raise BadOptions(Msg.of("setup.bad_choice", option=repr(self.key), allowed=allowed,
                                value=repr(given)))


#: A game's own words for refusing one option's value, by key (a message from the value).
Refusals = Mapping[str, Callable[[object], Msg]]


def checked(game_id: str, specs: Sequence[OptionSpec], players: int, low: int, high: int,
            given: Mapping[str, object], refusals: Refusals | None = None,
            ) -> dict[str, object]:
    """Each spec's value for a table of ``players`` (``low`` to ``high``), defaults
    filled in; ``BadOptions`` names the first problem: the table size, an option the
    game does not have, then each value in the specs' order. An option that does not
    apply to this table size is still checked (the menu hides it, a save may hold it)."""
    game = Msg(f"game.{game_id}.name")
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        n = players if isinstance(players, int) and not isinstance(players, bool) else str(players)
        raise BadOptions(Msg.of("setup.player_range", game=game, low=low, high=high, n=n))
    unknown = sorted(set(given) - {s.key for s in specs})
    if unknown:
        raise BadOptions(Msg.of("setup.no_option", game=game, option=repr(unknown[0])))
    out: dict[str, object] = {}
    for spec in specs:
        value = given.get(spec.key, spec.default)
        try:
            out[spec.key] = spec.value_of(value)
        except BadOptions:
            if refusals is None or spec.key not in refusals:
                raise
            raise BadOptions(refusals[spec.key](value)) from None
    return out


def parse_bool(key: str, value: object) -> bool:
    if isinstance(value, bool):
        return value
    if value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.lower() in ("1", "0", "on", "off", "true", "false"):
        return value.lower() in ("1", "on", "true")
    raise BadOptions(Msg.of("setup.not_on_off", option=repr(key), value=repr(value)))
