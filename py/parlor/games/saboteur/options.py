"""Saboteur's options, validated so a hand-edited URL or save gets a clear refusal.

``rounds`` exists because the full game is three rounds, but a one-round game is a
useful short match (and keeps the contract suite's 200 seeded games fast);
``solo_colour`` is the colour the solo player chooses (its start and doors matter).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from parlor.core.errors import BadOptions
from parlor.core.options import OptionSpec, checked
from parlor.core.protocol import Msg

SPECS: tuple[OptionSpec, ...] = (
    OptionSpec(
        key="rounds",
        choices=((3, "three"), (2, "two"), (1, "one")),
        default=3,
        min_players=1,
        max_players=2,
    ),
    OptionSpec(
        key="solo_colour",
        choices=(("green", "green"), ("blue", "blue")),
        default="green",
        min_players=1,
        max_players=1,
    ),
)


@dataclass(frozen=True)
class SaboteurOptions:
    rounds: int = 3
    solo_colour: Literal["green", "blue"] = "green"

    def as_dict(self, players: int) -> dict[str, object]:
        out: dict[str, object] = {"rounds": self.rounds}
        if players == 1:
            out["solo_colour"] = self.solo_colour
        return out


def normalize(players: int, given: Mapping[str, object]) -> SaboteurOptions:
    """Defaults filled in, every value checked against ``SPECS``; the colour is chosen
    only in the solo game. ``BadOptions`` names the first problem."""
    values = checked("saboteur", SPECS, players, 1, 2, given)
    if players == 2 and values["solo_colour"] != "green":
        raise BadOptions(Msg.of("saboteur.options.duel_colour"))
    return SaboteurOptions(**values)  # type: ignore[arg-type]
