"""Kabaleo's variants (rules page, "Variants"), validated so a hand-edited URL or save
gets a clear refusal instead of a strange game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from parlor.core.errors import BadOptions
from parlor.core.options import OptionSpec, parse_bool
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
    distribution: str = "random"
    targets_per_player: int = 1

    def as_dict(self) -> dict[str, object]:
        return {
            "last_pile_ban": self.last_pile_ban,
            "distribution": self.distribution,
            "targets_per_player": self.targets_per_player,
        }


def normalize(players: int, given: Mapping[str, object]) -> KabaleoOptions:
    if not 2 <= players <= 4:
        raise BadOptions(Msg.of("kabaleo.options.players", min=2, max=4, players=players))
    unknown = sorted(set(given) - {s.key for s in SPECS})
    if unknown:
        raise BadOptions(Msg.of("kabaleo.options.unknown", option=repr(unknown[0])))
    ban = parse_bool("last_pile_ban", given.get("last_pile_ban", True))
    dist = given.get("distribution", "random")
    if dist not in ("random", "even"):
        raise BadOptions(Msg.of("kabaleo.options.deal", random=repr("random"), even=repr("even"),
                                value=repr(dist)))
    if dist == "even" and players == 4:
        raise BadOptions(Msg.of("kabaleo.options.even_deal", a=2, b=3, pieces=36,
                                n=4))
    tpp = given.get("targets_per_player", 1)
    if isinstance(tpp, str) and tpp in ("1", "2"):  # not isdigit(): int("²") raises
        tpp = int(tpp)
    if tpp not in (1, 2) or isinstance(tpp, bool):
        raise BadOptions(Msg.of("kabaleo.options.targets", a=1, b=2, value=repr(tpp)))
    if tpp == 2 and players != 2:
        raise BadOptions(Msg.of("kabaleo.options.two_targets", n=2))
    return KabaleoOptions(last_pile_ban=ban, distribution=str(dist), targets_per_player=int(tpp))
