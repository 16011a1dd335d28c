"""The match's end: lowest penalty total wins, equal totals share (rules page, "End of a
round and the match"). ``details`` carries every round's table so the end screen can
show each hand's cards and what they cost.

``score_now`` is the result of a match ended before its end (the Bot Lab's move limit,
or the people at the table agreeing to stop: rules page, "A round cut short"): the
round in progress is scored as it stands, as if it ended now with nobody out, and the
match ends on those totals."""

from __future__ import annotations

from collections.abc import Sequence

from parlor.core.protocol import Arg, Msg, Outcome
from parlor.games.ciao.cards import CODES, PENALTY_OF
from parlor.games.ciao.state import CiaoState, RoundResult

#: The winner of a round cut short: nobody went out.
NOBODY = -1


def joined(items: Sequence[Arg], key: str = "ciao.list.comma") -> Arg:
    """Items joined pairwise by ``key`` ("{a}, {b}" or "{a} and {b}"), as one ``Msg``
    (a single item as itself): a list said in the reader's punctuation."""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = Msg.of(key, a=item, b=out)
    return out


def points(names: Sequence[str], values: Sequence[int], skip: int = -1) -> Arg:
    """"Ann 20, Bob 0": each seat's name and points, in seat order."""
    return joined([Msg.of("ciao.end.points", name=names[s], points=v)
                   for s, v in enumerate(values) if s != skip])


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
    lines: list[Msg] = [
        Msg.of("ciao.end.round", round=r.round, name=names[r.winner],
               parts=points(names, r.penalties, skip=r.winner)) if r.winner != NOBODY
        else Msg.of("ciao.end.round_cut", round=r.round, parts=points(names, r.penalties))
        for r in results
    ]
    lines.append(Msg.of("ciao.end.totals", parts=points(names, scores)))
    if len(winners) == 1:
        lines.append(Msg.of("ciao.end.wins", name=names[winners[0]], total=best))
    else:
        lines.append(Msg.of("ciao.end.share", names=joined([names[s] for s in winners],
                                                            "ciao.list.and"), total=best))
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


def score_now(s: CiaoState, names: Sequence[str]) -> Outcome:
    """The match's result if it ended now: a finished match's own; otherwise the round
    in progress scored as it stands (every card left in every hand counts, as at a
    round's end, and nobody went out), added to the totals, lowest total wins."""
    if s.finished:
        return score(s.scores, s.results, names)
    hands = tuple(tuple(sorted(h)) for h in s.hands)
    penalties = tuple(sum(PENALTY_OF[c] for c in h) for h in hands)
    scores = tuple(a + b for a, b in zip(s.scores, penalties, strict=True))
    return score(scores, (*s.results, RoundResult(s.round, NOBODY, hands, penalties)), names)
