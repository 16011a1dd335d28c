"""Ciao!'s options (rules page: the *ours* rulings, the kids' variants, the real-time
settings), validated so a hand-edited URL or save gets a clear refusal.

The two ``*_seconds`` options are read by the app (the engine has no clock); they live
here so the menu, the URL and the match record handle them like any other option.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Literal

from parlor.core.options import OptionSpec, checked

SPECS: tuple[OptionSpec, ...] = (
    OptionSpec(
        key="rounds",
        choices=tuple((n, str(n)) for n in range(1, 11)),
        counted=True,
        default=5,
        min_players=2,
        max_players=6,
    ),
    OptionSpec(
        key="variant",
        choices=((1, "symbols only"), (2, "with icons"), (3, "with icons and colours"),
                 (4, "full game")),
        default=4,
        min_players=2,
        max_players=6,
    ),
    OptionSpec(
        key="first_leader",
        choices=(("random", "random"), ("seat1", "seat 1")),
        default="random",
        min_players=2,
        max_players=6,
    ),
    OptionSpec(
        key="strict_table",
        choices=((False, "off"), (True, "on")),
        default=False,
        min_players=2,
        max_players=6,
    ),
    OptionSpec(
        key="plus3_stack_requires_legal",
        choices=((False, "off"), (True, "on")),
        default=False,
        min_players=2,
        max_players=6,
    ),
    OptionSpec(
        key="millstone_discard_with_special",
        choices=((False, "off"), (True, "on")),
        default=False,
        min_players=2,
        max_players=6,
    ),
    OptionSpec(
        key="speed_mode",
        choices=(("race", "race"), ("turn_order", "turn order")),
        default="race",
        min_players=2,
        max_players=6,
    ),
    OptionSpec(
        key="speed_continue",
        choices=(("winner", "after the winner"), ("speed_player", "after the speed card")),
        default="winner",
        min_players=2,
        max_players=6,
    ),
    OptionSpec(
        key="auto_thank",
        choices=((False, "off"), (True, "on")),
        default=False,
        min_players=2,
        max_players=6,
    ),
    OptionSpec(
        key="race_seconds",
        choices=tuple((n, f"{n} s") for n in range(2, 9)),
        counted=True,
        default=4,
        min_players=2,
        max_players=6,
    ),
    OptionSpec(
        key="thanks_seconds",
        choices=tuple((n, f"{n} s") for n in range(2, 7)),
        counted=True,
        default=3,
        min_players=2,
        max_players=6,
    ),
)

_SPEC = {s.key: s for s in SPECS}


#: Who leads the first round: a seat drawn at random, or the first seat.
FirstLeader = Literal["random", "seat1"]
#: How a speed challenge is answered: a race of the other seats, or each in turn order.
SpeedMode = Literal["race", "turn_order"]
#: After a speed challenge, play goes on after its winner or after the speed card's
#: player.
SpeedContinue = Literal["winner", "speed_player"]


@dataclass(frozen=True)
class CiaoOptions:
    """The options a match records: one field per spec in ``SPECS``, whose choices the
    string ones' types list (``normalize`` checks a value against its spec)."""

    rounds: int = 5
    variant: int = 4
    first_leader: FirstLeader = "random"
    strict_table: bool = False
    plus3_stack_requires_legal: bool = False
    millstone_discard_with_special: bool = False
    speed_mode: SpeedMode = "race"
    speed_continue: SpeedContinue = "winner"
    auto_thank: bool = False
    race_seconds: int = 4
    thanks_seconds: int = 3

    @property
    def colours(self) -> bool:
        """Whether colours order the cards (variants 1 and 2 ignore them)."""
        return self.variant >= 3

    def as_dict(self) -> dict[str, object]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


_VARIANT_NAMES = {"symbols": 1, "icons": 2, "colours": 3, "full": 4}


def _typed(key: str, value: object) -> object:
    """Ciao!'s own reading of a typed number, before the specs' check: a variant by its
    short name (``full``), a count with spaces or a seconds mark (``4s``, `` 7 ``)."""
    spec = _SPEC.get(key)
    if (spec is None or not isinstance(value, str) or isinstance(spec.default, bool)
            or not isinstance(spec.default, int)):
        return value
    if key == "variant" and value.strip() in _VARIANT_NAMES:
        return _VARIANT_NAMES[value.strip()]
    text = value.strip().removesuffix("s").strip()
    if text.isascii() and text.isdigit() and len(text) < 4:
        return int(text)
    return value


def normalize(players: int, given: Mapping[str, object]) -> CiaoOptions:
    """Defaults filled in, every value checked against ``SPECS``; ``BadOptions`` names
    the first problem."""
    typed = {key: _typed(key, value) for key, value in given.items()}
    return CiaoOptions(**checked("ciao", SPECS, players, 2, 6, typed))  # type: ignore[arg-type]
