"""Saboteur's options, validated so a hand-edited URL or save gets a clear refusal.

``rounds`` exists because the full game is three rounds, but a one-round game is a
useful short match (and keeps the contract suite's 200 seeded games fast);
``solo_colour`` is the colour the solo player chooses (its start and doors matter).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from parlor.core.errors import BadOptions
from parlor.core.options import OptionSpec
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
    solo_colour: str = "green"

    def as_dict(self, players: int) -> dict[str, object]:
        out: dict[str, object] = {"rounds": self.rounds}
        if players == 1:
            out["solo_colour"] = self.solo_colour
        return out


def normalize(players: int, given: Mapping[str, object]) -> SaboteurOptions:
    if not 1 <= players <= 2:
        raise BadOptions(Msg.of("saboteur.options.players", game=Msg("game.saboteur.name"),
                                n=players))
    unknown = sorted(set(given) - {s.key for s in SPECS})
    if unknown:
        raise BadOptions(Msg.of("saboteur.options.unknown", name=unknown[0]))
    rounds = given.get("rounds", 3)
    if isinstance(rounds, str) and rounds in ("1", "2", "3"):
        rounds = int(rounds)
    if isinstance(rounds, str):
        rounds = {"one": 1, "two": 2, "three": 3}.get(rounds, rounds)
    if isinstance(rounds, bool) or rounds not in (1, 2, 3):
        raise BadOptions(Msg.of("saboteur.options.rounds", value=repr(rounds)))
    colour = given.get("solo_colour", "green")
    if colour not in ("green", "blue"):
        raise BadOptions(Msg.of("saboteur.options.colour", value=repr(colour)))
    if players == 2 and colour != "green":
        raise BadOptions(Msg.of("saboteur.options.duel_colour"))
    return SaboteurOptions(rounds=int(rounds), solo_colour=str(colour))
