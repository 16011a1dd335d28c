"""End of game: count piles by top colour, then the two tie-breaks (rules page, "End and
scoring"). Every comparison is kept as a step so the end screen can walk through it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from parlor.core.protocol import Outcome
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


CRITERIA: tuple[tuple[str, str], ...] = (
    ("piles", "piles showing their colour"),
    ("covered", "of those, piles topped by a piece (tie-break 1)"),
    ("tallest", "tallest pile of their colour (tie-break 2)"),
)


def score(
    piles: Sequence[tuple[str, ...]], targets: Sequence[tuple[str, ...]], seat_names: Sequence[str]
) -> Outcome:
    tallies = [tally(piles, s, t) for s, t in enumerate(targets)]
    contenders = list(range(len(targets)))
    steps: list[dict[str, object]] = []
    lines: list[str] = []
    for key, label in CRITERIA:
        values = {s: getattr(tallies[s], key) for s in contenders}
        best = max(values.values())
        kept = [s for s in contenders if values[s] == best]
        steps.append(
            {
                "criterion": key,
                "label": label,
                "values": {str(s): v for s, v in values.items()},
                "best": best,
                "kept": kept,
            }
        )
        parts = ", ".join(f"{seat_names[s]} {values[s]}" for s in contenders)
        lines.append(f"{label[0].upper()}{label[1:]}: {parts}.")
        contenders = kept
        if len(contenders) == 1:
            break
    if len(contenders) == 1:
        lines.append(f"{seat_names[contenders[0]]} wins.")
    else:
        lines.append("Still tied: " + " and ".join(seat_names[s] for s in contenders)
                     + " share the win.")
    reveal = [
        f"{seat_names[s]}'s colour: " + " and ".join(name(c) for c in t)
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
