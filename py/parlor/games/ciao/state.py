"""Ciao!'s full state and the per-seat view, both frozen values.

Cards are kind ids (``cards.KINDS``); hands are sorted tuples; the draw pile and the
discard pile are tuples whose *last* item is the top. ``phase`` names the decision the
game waits for:

=================== ========= ================================================
phase               to act    legal moves
=================== ========= ================================================
``play``            turn      play / attempt / draw (the lead when discard is empty)
``drawn``           turn      play the drawn card / keep
``again_or_reverse``turn      again / reverse
``again``           turn      play / attempt / draw, on the card just played
``plus3``           turn      play a joker or a +3 / attempt / take
``race``            TABLE     race <seat> <card> / race none
``race_turn``       turn      play / pass (speed_mode turn_order)
``give_target``     turn      give <card>><seat>
``swap_target``     turn      swap <seat>
``thanks``          TABLE     thanks <seat> / nothanks <seat>
``over``            nobody    (the match is finished)
=================== ========= ================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from parlor.games.ciao.cards import CODES, COLOUR_OF, IS_JOKER, SYMBOL_OF
from parlor.games.ciao.options import CiaoOptions

HAND_SIZE = 7
THANKS_PENALTY = 3
MISTAKE_PENALTY = 3
PLUS3 = 3

#: The decision the game waits for: the table above says who acts and how.
Phase = Literal["play", "drawn", "again_or_reverse", "again", "plus3", "race", "race_turn",
                "give_target", "swap_target", "thanks", "over"]


@dataclass(frozen=True)
class RoundResult:
    """A finished round: what each seat held at the end and what it cost them."""

    round: int
    winner: int
    hands: tuple[tuple[int, ...], ...]
    penalties: tuple[int, ...]

    def as_dict(self) -> dict[str, object]:
        return {
            "round": self.round,
            "winner": self.winner,
            "hands": [[CODES[c] for c in h] for h in self.hands],
            "penalties": list(self.penalties),
        }


@dataclass(frozen=True)
class _Table:
    """Fields the state and the view share (so the view code copies them in one go)."""

    players: int
    options: CiaoOptions
    round: int
    leader: int  # who led (or leads) this round
    discard: tuple[int, ...]
    named: int  # symbol a joker on top was named as; -1 otherwise
    direction: int  # +1 clockwise (seat order), -1 reversed
    turn: int  # the seat deciding; for table phases, the seat whose card started it
    base: int  # seat after whom play continues once the current card is resolved
    phase: Phase
    pending: int  # +3 total the seat to act must answer or take
    speed_player: int  # who laid the speed card being answered (-1 if none)
    race_queue: tuple[int, ...]  # turn_order mode: seats still to be asked, in order
    receiver: int  # thanks phase: who was given a card (-1 if none)
    scores: tuple[int, ...]  # match totals so far
    results: tuple[RoundResult, ...]

    @property
    def finished(self) -> bool:
        return self.phase == "over"

    @property
    def top(self) -> int:
        """The top card's kind, or -1 on an empty discard (before the lead)."""
        return self.discard[-1] if self.discard else -1

    @property
    def top_symbol(self) -> int:
        """The symbol the top card counts as (a joker: the symbol named), -1 if none."""
        if not self.discard:
            return -1
        top = self.discard[-1]
        return self.named if IS_JOKER[top] else SYMBOL_OF[top]

    @property
    def top_colour(self) -> int:
        return COLOUR_OF[self.discard[-1]] if self.discard else 0


@dataclass(frozen=True)
class CiaoState(_Table):
    hands: tuple[tuple[int, ...], ...]
    draw: tuple[int, ...]
    drawn: int  # the card just drawn (phase drawn), else -1
    history: tuple[tuple[int, str], ...]  # (actor seat or TABLE, move), every round
    secret: tuple[tuple[int, int, int], ...]  # gifts: (history index, giver, receiver)
    rng: int

    @property
    def hand_counts(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self.hands)

    @cached_property
    def memo(self) -> dict[object, object]:
        """Values derived from this state, worked out at most once (its legal moves:
        ``apply`` checks a move against them after a bot or a page listed them). Not a
        field, so equality, hashing and repr ignore it."""
        return {}


@dataclass(frozen=True)
class CiaoView(_Table):
    """What one seat (or a spectator, ``seat`` None) may see: its own hand, everyone's
    hand size, the draw pile's size, the discard pile (public: every card on it was laid
    face up), the round results (hands are shown for scoring) and the history with other
    people's gifts hidden (``give ?>3``)."""

    seat: int | None
    hand: tuple[int, ...]  # empty for a spectator
    hand_counts: tuple[int, ...]
    draw_count: int
    drawn: int  # the card this seat just drew, if it is deciding about it; else -1
    history: tuple[tuple[int, str], ...]
    to_act: int | None


@dataclass(frozen=True)
class CiaoSecrets:
    """Everything some seat may not see: every hand (sorted, in seat order), the draw
    pile (top last) and a card just drawn (-1 if none). Only for watch mode and reviews
    (``Ciao.reveal``); never given to a bot."""

    hands: tuple[tuple[int, ...], ...]
    draw: tuple[int, ...]
    drawn: int
