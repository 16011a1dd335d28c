"""The match's end: lowest penalty total wins, equal totals share (rules page, "End of a
round and the match"). ``details`` carries every round's table so the end screen can
show each hand's cards and what they cost."""

from __future__ import annotations

from collections.abc import Sequence

from parlor.core.protocol import Outcome
from parlor.games.ciao.cards import CODES, PENALTY_OF
from parlor.games.ciao.state import RoundResult


def round_table(result: RoundResult) -> list[dict[str, object]]:
    """Per seat: the cards left in hand, each card's penalty and the round's penalty."""
    return [
        {
            "seat": seat,
            "cards": [CODES[c] for c in hand],
            "card_penalties": [PENALTY_OF[c] for c in hand],
            "penalty": result.penalties[seat],
            "winner": seat == result.winner,
        }
        for seat, hand in enumerate(result.hands)
    ]


def score(
    scores: Sequence[int], results: Sequence[RoundResult], names: Sequence[str]
) -> Outcome:
    best = min(scores)
    winners = tuple(s for s, v in enumerate(scores) if v == best)
    lines = []
    for r in results:
        parts = ", ".join(
            f"{names[s]} {p}" for s, p in enumerate(r.penalties) if s != r.winner
        )
        lines.append(f"Round {r.round}: {names[r.winner]} went out; penalties: {parts}.")
    lines.append("Totals: " + ", ".join(f"{names[s]} {v}" for s, v in enumerate(scores)) + ".")
    if len(winners) == 1:
        lines.append(f"{names[winners[0]]} wins with the lowest total, {best}.")
    else:
        lines.append(" and ".join(names[s] for s in winners)
                     + f" share the win with the lowest total, {best}.")
    return Outcome(
        winners=winners,
        points=tuple(scores),
        explanation=tuple(lines),
        details={
            "lower_is_better": True,
            "totals": list(scores),
            "rounds": [
                {**r.as_dict(), "table": round_table(r)} for r in results
            ],
        },
    )
