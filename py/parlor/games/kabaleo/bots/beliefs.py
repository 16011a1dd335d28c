"""What a Kabaleo bot believes about who holds which colour, for the "What the computer
thinks" panel.

The numbers are the ``medium`` and ``hard`` bots' own: the exact posterior of
``posterior.py`` under the default opponent model (the one ``MediumBot`` and ``SearchBot``
are built with), marginalised to "seat s holds colour c". They are computed from the
one view handed in and nothing else, so the panel cannot show more than that seat knows:
a fresh tracker replays the public history each time (a panel asks once per move, and
the replay is milliseconds), which keeps the function pure.

The bot's own row is certain (it knows its colours); so is every row once the end of
the game reveals them.
"""

from __future__ import annotations

from dataclasses import dataclass

from parlor.games.kabaleo.bots.posterior import BeliefTracker, Model
from parlor.games.kabaleo.state import KabaleoView


@dataclass(frozen=True)
class KabaleoBeliefs:
    """``chance[s][i]``: the probability that seat ``s`` holds ``colours[i]``. Each row
    sums to ``targets`` (the colours each player holds); ``certain[s]`` marks rows the
    viewer knows for sure (its own, or all once the targets are revealed)."""

    seat: int | None
    colours: tuple[str, ...]
    targets: int
    chance: tuple[tuple[float, ...], ...]
    certain: tuple[bool, ...]

    def likeliest(self, s: int) -> tuple[str, float]:
        """The colour seat ``s`` most probably holds and its probability (the first in
        colour order on a tie, so the summary is stable)."""
        row = self.chance[s]
        i = max(range(len(row)), key=lambda k: (row[k], -k))
        return self.colours[i], row[i]


def beliefs(view: KabaleoView) -> KabaleoBeliefs:
    """The viewer's probabilities of each seat holding each colour (pure: the view only)."""
    marg = BeliefTracker(Model()).belief(view).marginals(view.colours)
    revealed = view.revealed_targets
    rows: list[tuple[float, ...]] = []
    certain: list[bool] = []
    for s in range(view.players):
        if revealed is not None:
            held: tuple[str, ...] | None = revealed[s]
        elif s == view.seat:
            held = view.my_targets
        else:
            held = None
        if held is not None:
            rows.append(tuple(1.0 if c in held else 0.0 for c in view.colours))
            certain.append(True)
        else:
            rows.append(tuple(marg[s][c] for c in view.colours))
            certain.append(False)
    return KabaleoBeliefs(view.seat, view.colours, view.options.targets_per_player,
                          tuple(rows), tuple(certain))
