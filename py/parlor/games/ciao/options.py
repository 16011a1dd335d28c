"""Ciao!'s options (rules page: the *ours* rulings, the kids' variants, the real-time
settings), validated so a hand-edited URL or save gets a clear refusal.

The two ``*_seconds`` options are read by the app (the engine has no clock); they live
here so the menu, the URL and the match record handle them like any other option.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields

from parlor.core.errors import BadOptions
from parlor.core.options import OptionSpec, parse_bool
from parlor.core.protocol import Msg

_ON_OFF = ((True, "on"), (False, "off"))

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


@dataclass(frozen=True)
class CiaoOptions:
    rounds: int = 5
    variant: int = 4
    first_leader: str = "random"
    strict_table: bool = False
    plus3_stack_requires_legal: bool = False
    millstone_discard_with_special: bool = False
    speed_mode: str = "race"
    speed_continue: str = "winner"
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


def _int_choice(key: str, value: object) -> int:
    spec = _SPEC[key]
    allowed = [v for v, _ in spec.choices]
    if isinstance(value, str):
        if key == "variant" and value.strip() in _VARIANT_NAMES:
            return _VARIANT_NAMES[value.strip()]
        text = value.strip().removesuffix("s").strip()  # "4 s", a race window label
        if text.isascii() and text.isdigit() and len(text) < 4:
            value = int(text)
        else:
            try:
                parsed: object = spec.parse(value)
                if isinstance(parsed, int):
                    return parsed
            except BadOptions:
                pass
    if isinstance(value, bool) or value not in allowed:
        raise BadOptions(Msg.of("ciao.options.choice", option=key, value=repr(value),
                                allowed=", ".join(str(v) for v in allowed)))
    assert isinstance(value, int)
    return value


def _str_choice(key: str, value: object) -> str:
    spec = _SPEC[key]
    for v, label in spec.choices:
        if value == v or value == label:
            return str(v)
    allowed = ", ".join(str(v) for v, _ in spec.choices)
    raise BadOptions(Msg.of("ciao.options.choice", option=key, value=repr(value), allowed=allowed))


def normalize(players: int, given: Mapping[str, object]) -> CiaoOptions:
    """Defaults filled in, every value checked; ``BadOptions`` names the first problem."""
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6:
        raise BadOptions(Msg.of("ciao.options.players", value=str(players)))
    unknown = sorted(set(given) - set(_SPEC))
    if unknown:
        raise BadOptions(Msg.of("ciao.options.unknown", option=repr(unknown[0])))
    d = CiaoOptions()
    out: dict[str, object] = {}
    for f in fields(CiaoOptions):
        value = given.get(f.name, getattr(d, f.name))
        if isinstance(getattr(d, f.name), bool):
            out[f.name] = parse_bool(f.name, value)
        elif isinstance(getattr(d, f.name), int):
            out[f.name] = _int_choice(f.name, value)
        else:
            out[f.name] = _str_choice(f.name, value)
    return CiaoOptions(**out)  # type: ignore[arg-type]
