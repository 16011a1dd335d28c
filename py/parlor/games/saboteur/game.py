"""Saboteur: The Duel (and its solo game) behind the common ``Game`` protocol."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from parlor.core.match import Migration
from parlor.core.options import OptionSpec
from parlor.core.protocol import Game, Msg, Outcome
from parlor.core.rng import Rng
from parlor.games.saboteur import rules, scoring
from parlor.games.saboteur.migrate import v1_to_v2
from parlor.games.saboteur.options import SPECS, normalize
from parlor.games.saboteur.rounds import ended_now
from parlor.games.saboteur.state import SaboteurSecrets, SaboteurState, SaboteurView
from parlor.games.saboteur.view import determinize, reveal, view


class Saboteur(Game[SaboteurState, SaboteurView]):
    id = "saboteur"
    name = "Saboteur: The Duel"
    min_players = 1
    max_players = 2
    #: 2: goals must join the tunnel that reached them; the bribe window and ``done``.
    rules_version = 2
    migrations: Mapping[int, Migration] = MappingProxyType({1: v1_to_v2})
    option_specs: tuple[OptionSpec, ...] = SPECS
    #: The contract suite's 200-seed sweep plays one round per game: a round exercises
    #: every rule (and round changes are covered by the rounds=2/3 variant runs and the
    #: scenario tests) while keeping the sweep within its time budget.
    contract_options: Mapping[str, object] = MappingProxyType({"rounds": 1})

    def options_for(self, players: int, given: Mapping[str, object]) -> dict[str, object]:
        return normalize(players, given).as_dict(players)

    def new(self, players: int, seed: int, options: Mapping[str, object]) -> SaboteurState:
        return rules.new_game(players, seed, options)

    def to_act(self, s: SaboteurState) -> int | None:
        return None if s.finished else s.to_move

    def legal_moves(self, s: SaboteurState) -> list[str]:
        return rules.legal_moves(s)

    def legal_moves_for(self, s: SaboteurState, seat: int) -> list[str]:
        """A seat's moves: all of them on its turn (this game has no table decisions)."""
        return rules.legal_moves(s) if self.to_act(s) == seat else []

    def apply(self, s: SaboteurState, move: str) -> SaboteurState:
        return rules.apply(s, move)

    def refusal(self, s: SaboteurState | SaboteurView, move: str) -> Msg | None:
        return rules.refusal(s, move)

    def outcome(self, s: SaboteurState, seat_names: tuple[str, ...] = ()) -> Outcome | None:
        if not s.finished:
            return None
        return scoring.outcome(s, seat_names)

    def outcome_now(self, s: SaboteurState, seat_names: tuple[str, ...] = ()) -> Outcome:
        """The round in progress ended now and scored as a round's end is, the game
        ended with it: most gold wins (``rounds.ended_now``; rules page, "A game cut
        short")."""
        return scoring.outcome(ended_now(s), seat_names)

    def view(self, s: SaboteurState, seat: int | None) -> SaboteurView:
        return view(s, seat)

    def reveal(self, s: SaboteurState) -> SaboteurSecrets:
        return reveal(s)

    def determinize(self, v: SaboteurView, rng: Rng) -> SaboteurState:
        return determinize(v, rng)

    def inventory(self, s: SaboteurState) -> dict[str, int]:
        return rules.inventory(s)


GAME = Saboteur()
