"""End of game: count piles by top colour, then the two tie-breaks (rules page, "End and
scoring"). Every comparison is kept as a step so the end screen can walk through it.

The explanation's lines are ``English`` values: English text for whoever reads them as
text, ``kabaleo.end.*`` messages for a screen that says them in its language."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from parlor.core.protocol import Outcome
from parlor.core.words import Arg, English, Msg
from parlor.games.kabaleo.colours import name


@dataclass(frozen=True)
class SeatTally:
    seat: int
    colours: tuple[str, ...]
    piles: int  # piles whose top is one of the seat's colours
    covered: int  # of those, piles whose top is a piece, not a bare base
    tallest: int  # height (base included) of the seat's tallest pile; 0 if none


def tally(piles: Sequence[tuple[str, ...]], seat: int, colours: tuple[str, ...]) -> SeatTally:
    mine = [p for p in piles if p[-1] in colours]
    return SeatTally(
        seat=seat,
        colours=colours,
        piles=len(mine),
        covered=sum(1 for p in mine if len(p) > 1),
        tallest=max((len(p) for p in mine), default=0),
    )


#: The criteria in the order they are compared; each is named by ``kabaleo.criterion.*``.
CRITERIA: tuple[str, ...] = ("piles", "covered", "tallest")


def joined(items: Sequence[Arg], key: str = "list.pair") -> Arg:
    """``a and b and c`` (or ``a, b, c`` with ``list.more``) as nested messages."""
    out: Arg = items[0]
    for item in items[1:]:
        out = Msg.of(key, a=out, b=item)
    return out


def score(
    piles: Sequence[tuple[str, ...]], targets: Sequence[tuple[str, ...]], seat_names: Sequence[str]
) -> Outcome:
    tallies = [tally(piles, s, t) for s, t in enumerate(targets)]
    contenders = list(range(len(targets)))
    steps: list[dict[str, object]] = []
    lines: list[English] = []
    for key in CRITERIA:
        values = {s: getattr(tallies[s], key) for s in contenders}
        best = max(values.values())
        kept = [s for s in contenders if values[s] == best]
        label = English.of(f"kabaleo.criterion.{key}")
        steps.append(
            {
                "criterion": key,
                "label": label,
                "values": {str(s): v for s, v in values.items()},
                "best": best,
                "kept": kept,
            }
        )
        parts = [Msg.of("kabaleo.end.value", name=seat_names[s], n=values[s])
                 for s in contenders]
        lines.append(English.of("kabaleo.end.step", label=label,
                                values=joined(parts, "list.more")))
        contenders = kept
        if len(contenders) == 1:
            break
    if len(contenders) == 1:
        lines.append(English.of("kabaleo.end.wins", name=seat_names[contenders[0]]))
    else:
        lines.append(English.of("kabaleo.end.still_tied",
                                names=joined([seat_names[s] for s in contenders])))
    reveal = [
        English.of("kabaleo.end.reveal", name=seat_names[s], colours=joined([name(c) for c in t]))
        for s, t in enumerate(targets)
    ]
    return Outcome(
        winners=tuple(contenders),
        points=tuple(t.piles for t in tallies),
        explanation=(*reveal, *lines),
        details={
            "tallies": [
                {
                    "seat": t.seat,
                    "colours": list(t.colours),
                    "piles": t.piles,
                    "covered": t.covered,
                    "tallest": t.tallest,
                }
                for t in tallies
            ],
            "steps": steps,
        },
    )
