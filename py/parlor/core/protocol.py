"""The shape every game has, so the app, bots and the contract suite treat them alike."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from parlor.core.match import Migration
from parlor.core.options import OptionSpec
from parlor.core.rng import Rng

# Re-exported: a game's rules say sentences as ``Msg`` values through core, never
# reaching into i18n (tests/test_layers.py), and never hold a ``Translator``.
from parlor.i18n.catalog import Arg as Arg
from parlor.i18n.catalog import Msg as Msg

#: A game's state and view types (each game's class says ``Game[ItsState, ItsView]``;
#: code that serves every game says ``Game[Any, Any]``).
S = TypeVar("S")
V = TypeVar("V")

#: ``to_act`` returns this for decisions the table makes together (timed races).
TABLE = -1


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``winners`` are the seats sharing the win, ``points`` the per-seat score as the game
    counts it, ``explanation`` lines a person can read (``Msg`` values, said in the
    page's language; plain text where a game has not moved to the catalogs yet), and
    ``details`` game-specific structured data the end screen walks through.
    """

    winners: tuple[int, ...]
    points: tuple[int, ...]
    explanation: tuple[str | Msg, ...]
    details: Mapping[str, Any] = field(default_factory=dict)


class Game(Protocol[S, V]):
    """One rules engine over states ``S`` and views ``V``, both frozen values; every
    method is pure. A game's class names its own (``Ciao`` is a
    ``Game[CiaoState, CiaoView]``), so the checker follows a state or a view through
    the code of that game; code that serves every game (the registry, the arena, the
    search, the Lab) holds a ``Game[Any, Any]``."""

    id: str
    name: str
    min_players: int
    max_players: int
    rules_version: int
    #: Save migrations by the rules version they start from (``core.match.upgrade``):
    #: a save of an older version is brought up to date, never dropped.
    migrations: Mapping[int, Migration]

    option_specs: tuple[OptionSpec, ...]

    def options_for(self, players: int, given: Mapping[str, object]) -> dict[str, object]:
        """Complete, validated options; ``BadOptions`` with a reason otherwise."""
        ...

    def new(self, players: int, seed: int, options: Mapping[str, object]) -> S: ...

    def to_act(self, s: S) -> int | None: ...

    def legal_moves(self, s: S) -> list[str]: ...

    def legal_moves_for(self, s: S, seat: int) -> list[str]:
        """The moves ``seat`` may make now: all of ``legal_moves`` on its turn, none on
        another seat's; on a table decision (a race, a thank-you), only its own answers.
        The one answer to "may this seat play this?" (screens, the host's check of a
        guest's answer, tests), so nothing reads legality back out of markup."""
        ...

    def apply(self, s: S, move: str) -> S: ...

    def outcome(self, s: S, seat_names: tuple[str, ...] = ()) -> Outcome | None: ...

    def outcome_now(self, s: S, seat_names: tuple[str, ...] = ()) -> Outcome:
        """The result if the game ended now, scored by the game's own rules as it stands
        (each game's rules page, "cut short"): how a game the Bot Lab cuts at its move
        limit, or one the people at the table agree to end, is decided. On a finished
        game it is ``outcome``'s."""
        ...

    def view(self, s: S, seat: int | None) -> V: ...

    def reveal(self, s: S) -> object:
        """Every secret of ``s`` as a frozen value (targets, hands, face-down cards):
        what no seat may see, for watch mode (all seats bots) and reviews of finished
        games, where a teacher shows the room everything. Never given to a bot, and
        never drawn for a seat in a game humans are playing."""
        ...

    def determinize(self, v: V, rng: Rng) -> S: ...

    def inventory(self, s: S) -> Mapping[str, int]:
        """Totals that no move may change (cones, cards), checked by the contract suite."""
        ...


def legal_moves_of_view(game: Game[S, V], view: V, rng: Rng | None = None) -> list[str]:
    """The legal moves of the seat to act, computed from what one seat may see.

    Legality never depends on hidden information in these games (a seat's own cards
    and the public table decide it), so ``legal_moves`` on any state consistent with the
    view (``determinize``) gives the real list; the contract suite checks that
    ``view(determinize(v)) == v``. Screens and bots use this one function. Moves of
    *other* seats that a table decision lists (a race) are made up from the filled-in
    hidden cards: a caller keeps only its own seat's."""
    state = game.determinize(view, rng if rng is not None else Rng(0))
    return list(game.legal_moves(state))
