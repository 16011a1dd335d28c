"""Saboteur's full state and the per-seat view, both frozen values (tuples, no dicts),
so states compare and hash by value and a view equals the view of any state that
looks the same to that seat.

Seats and colours: in the duel seat 0 is green and seat 1 blue; solo has one seat of
the chosen colour. Cells are ``(x, y)`` pairs on an unbounded grid (x toward the goals,
y downward, origin between the two start cards).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cached_property
from typing import Any, Final, Literal

from parlor.core.protocol import Msg
from parlor.games.saboteur.options import SaboteurOptions

Cell = tuple[int, int]

#: What the game waits for (rules.py): the seat to move plays (``play``), orients the
#: goals its tunnel reached (``reveal``) or, its action having made a troll reachable,
#: bribes it or ends the turn (``bribe``); or nothing, the game is over (``over``).
Phase = Literal["play", "reveal", "bribe", "over"]
PLAY: Final = "play"
REVEAL: Final = "reveal"
#: After the turn's action made a troll reachable: bribe it now or end the turn (``done``).
BRIBE: Final = "bribe"
OVER: Final = "over"


@dataclass(frozen=True)
class Placed:
    """A card in the maze. ``card`` is None only in a view, for a face-down goal the
    viewer has not peeked at. ``by`` is the seat that placed it (-1: set-up), ``order``
    the placement sequence number this round (solo rockfall hits the latest)."""

    x: int
    y: int
    card: str | None
    rot: int
    face_up: bool
    by: int
    order: int

    @property
    def cell(self) -> Cell:
        return (self.x, self.y)


@dataclass(frozen=True)
class Counter:
    """A dwarf counter on the table: on a gold group (``group`` set) or a troll."""

    x: int
    y: int
    group: str | None
    seat: int

    @property
    def cell(self) -> Cell:
        return (self.x, self.y)


@dataclass(frozen=True)
class RoundResult:
    """Gold taken and paid to trolls in one round, and what each seat held after."""

    round: int
    won: tuple[int, ...]
    paid: tuple[int, ...]
    total: tuple[int, ...]


@dataclass(frozen=True)
class SaboteurTable:
    """What every seat sees, as it is in the state: the view copies these fields whole
    (``public``) and ``determinize`` takes them back whole, so a new public field
    is one line here. The fields a seat sees differently (the maze's face-down goals,
    hands, piles, whose turn after the end) are the subclasses' own."""

    players: int
    colours: tuple[str, ...]
    options: SaboteurOptions
    round: int
    phase: Phase
    goal_cells: tuple[Cell, ...]
    discard: tuple[str, ...]  # sorted (public: cards are discarded face up)
    sabotage: tuple[tuple[str, ...], ...]  # per seat, tools in TOOLS order
    counters_left: tuple[int, ...]
    claims: tuple[Counter, ...]  # counters on gold groups
    bribes: tuple[Counter, ...]  # counters on trolls
    keys: tuple[Counter, ...]  # key tokens on doors (group None)
    peeks: tuple[tuple[Cell, ...], ...]  # per seat: goal cells looked at this round
    pending: tuple[Cell, ...]  # goals reached, waiting for the orientation choice
    end_turn_after: bool  # the turn's action is done: after the reveals (and the bribe
    # window) draw and pass the turn; False while only bribes before the action were made
    trolls_before: tuple[Cell, ...]  # unbribed trolls the actor reached before its action
    # (sorted; empty between turns): the bribe window opens only for a troll not among them
    treasure: tuple[tuple[tuple[str, int], ...], ...]  # per seat (card, nuggets) held
    paid: tuple[tuple[str, int, int], ...]  # (card, nuggets, seat) paid to trolls
    boxed: tuple[str, ...]  # sorted: out of the game (revealed goals nobody took...)
    results: tuple[RoundResult, ...]
    history: tuple[tuple[int, int, str], ...]  # (round, seat, move)
    log: tuple[tuple[int, Msg], ...]  # (round, sentence): what happened by itself
    placed_count: int
    last_maze: tuple[Placed, ...]  # the previous round's maze as it ended (a picture:
    last_counters: tuple[Counter, ...]  # face-down goals without identity), for the UI


#: The public fields' names, listed once (``dataclasses.fields`` is slow to ask per call).
_PUBLIC: tuple[str, ...] = tuple(f.name for f in fields(SaboteurTable))


def public(x: SaboteurTable) -> dict[str, Any]:
    """The public fields of a state or a view, by name (for ``view`` and
    ``determinize``, which copy them whole)."""
    return {name: getattr(x, name) for name in _PUBLIC}


@dataclass(frozen=True)
class SaboteurState(SaboteurTable):
    """The full state: the public table plus what some seat may not see."""

    to_move: int
    maze: tuple[Placed, ...]  # sorted by (x, y)
    hands: tuple[tuple[str, ...], ...]  # sorted card ids
    draw: tuple[str, ...]  # top first
    set_aside: tuple[str, ...]  # solo: 10 cards out of this round, unseen
    goal_stack: tuple[str, ...]  # sorted: goal cards not on the table this round
    rng: int

    @property
    def finished(self) -> bool:
        return self.phase == OVER

    @cached_property
    def memo(self) -> dict[object, object]:
        """Values derived from this state (each colour's unbroken network), computed at
        most once: ``legal_moves`` and every ``apply`` on the same state share them.
        Not a field, so equality, hashing and repr ignore it."""
        return {}

    def hand(self, seat: int) -> tuple[str, ...]:
        return self.hands[seat]

    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self.hands)


@dataclass(frozen=True)
class SaboteurView(SaboteurTable):
    """What one seat (or a spectator, ``seat`` None) may see.

    Hidden: the opponent's hand (only its size), the draw pile (its size), the solo
    set-aside cards and the goal stack (sizes), and face-down goals (``card`` None in
    ``maze``) except those this seat peeked at with a map, listed in ``peeked``.
    """

    seat: int | None
    to_move: int | None
    maze: tuple[Placed, ...]
    hand: tuple[str, ...]  # the viewer's own hand (empty for a spectator)
    hand_sizes: tuple[int, ...]
    draw_size: int
    set_aside_size: int
    goal_stack_size: int
    peeked: tuple[tuple[Cell, str], ...]  # the viewer's own peeks: (cell, goal card)

    @property
    def finished(self) -> bool:
        return self.phase == OVER

    @property
    def keys_left(self) -> int:
        from parlor.games.saboteur.facts import KEY_TOKENS

        return KEY_TOKENS - len(self.keys)

    def gold(self, seat: int) -> int:
        return sum(v for _, v in self.treasure[seat])


@dataclass(frozen=True)
class SaboteurSecrets:
    """Everything some seat may not see: each hand (sorted, in seat order), each
    face-down goal's card by cell (goals being turned up are public, so not here), the
    draw pile (top first), the solo set-aside cards and the goal stack. Only for watch
    mode and reviews (``Saboteur.reveal``); never given to a bot."""

    hands: tuple[tuple[str, ...], ...]
    goals: tuple[tuple[Cell, str], ...]
    draw: tuple[str, ...]
    set_aside: tuple[str, ...]
    goal_stack: tuple[str, ...]
