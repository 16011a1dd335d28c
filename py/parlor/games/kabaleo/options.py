"""Kabaleo's variants (rules page, "Variants"), validated so a hand-edited URL or save
gets a clear refusal instead of a strange game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from parlor.core.errors import BadOptions
from parlor.core.options import OptionSpec, checked
from parlor.core.words import Msg

SPECS: tuple[OptionSpec, ...] = (
    OptionSpec(
        key="last_pile_ban",
        choices=((True, "on"), (False, "off")),
        default=True,
        min_players=2,
        max_players=4,
    ),
    OptionSpec(
        key="distribution",
        choices=(("random", "random"), ("even", "even")),
        default="random",
        min_players=2,
        max_players=3,
    ),
    OptionSpec(
        key="targets_per_player",
        choices=((1, "one"), (2, "two")),
        default=1,
        min_players=2,
        max_players=2,
    ),
)


@dataclass(frozen=True)
class KabaleoOptions:
    last_pile_ban: bool = True
    #: How the pieces are dealt: at random, or each colour evenly (a rules variant).
    distribution: Literal["random", "even"] = "random"
    targets_per_player: int = 1

    def as_dict(self) -> dict[str, object]:
        return {
            "last_pile_ban": self.last_pile_ban,
            "distribution": self.distribution,
            "targets_per_player": self.targets_per_player,
        }


def _targets_refused(value: object) -> Msg:
    """Kabaleo's own words for a bad ``targets_per_player`` (tests/test_options.py asks
    for "targets per player")."""
    return Msg.of("kabaleo.options.targets", a=1, b=2, value=repr(value))


def normalize(players: int, given: Mapping[str, object]) -> KabaleoOptions:
    """Defaults filled in, every value checked against ``SPECS``, then the variants'
    table sizes (rules page, "Variants"); ``BadOptions`` names the first problem."""
    values = checked("kabaleo", SPECS, players, 2, 4, given,
                     {"targets_per_player": _targets_refused})
    if values["distribution"] == "even" and players == 4:
        raise BadOptions(Msg.of("kabaleo.options.even_deal", a=2, b=3, pieces=36, n=4))
    if values["targets_per_player"] == 2 and players != 2:
        raise BadOptions(Msg.of("kabaleo.options.two_targets", n=2))
    return KabaleoOptions(**values)  # type: ignore[arg-type]
