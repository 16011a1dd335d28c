"""Kabaleo behind the common ``Game`` protocol."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from parlor.core.match import Migration
from parlor.core.options import OptionSpec
from parlor.core.protocol import Game, Outcome
from parlor.core.rng import Rng
from parlor.core.words import English
from parlor.games.kabaleo import rules, scoring
from parlor.games.kabaleo.options import SPECS, normalize
from parlor.games.kabaleo.state import KabaleoSecrets, KabaleoState, KabaleoView
from parlor.games.kabaleo.view import determinize, reveal, view


class Kabaleo(Game[KabaleoState, KabaleoView]):
    id = "kabaleo"
    name = "Kabaleo"
    min_players = 2
    max_players = 4
    rules_version = 1
    migrations: Mapping[int, Migration] = MappingProxyType({})
    #: No move reveals anything before the end (hands are public, targets stay hidden),
    #: so the app may offer undo.
    undo_safe = True
    option_specs: tuple[OptionSpec, ...] = SPECS
    #: The contract sweep (tests/test_contract.py) plays 50 of its 200 seeds: each player
    #: count reaches every branch of the engine it ever reaches by seed 11
    #: (docs/decisions/contract-suite-seeds.md); ``pytest -m slow`` plays the rest.
    contract_seeds = 50

    def options_for(self, players: int, given: Mapping[str, object]) -> dict[str, object]:
        """The complete, validated options (defaults filled in) a match records."""
        return normalize(players, given).as_dict()

    def new(self, players: int, seed: int, options: Mapping[str, object]) -> KabaleoState:
        return rules.new_game(players, seed, options)

    def to_act(self, s: KabaleoState) -> int | None:
        return None if s.finished else s.to_move

    def legal_moves(self, s: KabaleoState) -> list[str]:
        return rules.legal_moves(s)

    def legal_moves_for(self, s: KabaleoState, seat: int) -> list[str]:
        """A seat's moves: all of them on its turn (this game has no table decisions)."""
        return rules.legal_moves(s) if self.to_act(s) == seat else []

    def apply(self, s: KabaleoState, move: str) -> KabaleoState:
        return rules.apply(s, move)

    def outcome(self, s: KabaleoState, seat_names: tuple[str, ...] = ()) -> Outcome | None:
        if not s.finished:
            return None
        names = seat_names or tuple(English.of("name.player", n=i + 1) for i in range(s.players))
        return scoring.score(s.piles, s.targets, names)

    def outcome_now(self, s: KabaleoState, seat_names: tuple[str, ...] = ()) -> Outcome:
        """The board scored as it stands, by the end's own count and tie-breaks (rules
        page, "A game cut short"): a game ends after 24, 30 or 36 moves, so only a
        game stopped early (never the Lab's limit) is scored so."""
        names = seat_names or tuple(English.of("name.player", n=i + 1) for i in range(s.players))
        return scoring.score(s.piles, s.targets, names)

    def view(self, s: KabaleoState, seat: int | None) -> KabaleoView:
        return view(s, seat)

    def reveal(self, s: KabaleoState) -> KabaleoSecrets:
        return reveal(s)

    def determinize(self, v: KabaleoView, rng: Rng) -> KabaleoState:
        return determinize(v, rng)

    def inventory(self, s: KabaleoState) -> dict[str, int]:
        """Per colour: cones on the board + in hands + boxed by cancels never changes."""
        return rules.inventory(s)


GAME = Kabaleo()
