"""Ciao! behind the common ``Game`` protocol."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from parlor.core.match import Migration
from parlor.core.options import OptionSpec
from parlor.core.protocol import TABLE, Game, Outcome
from parlor.core.rng import Rng
from parlor.games.ciao import moves, rules, scoring
from parlor.games.ciao.migrate import MIGRATIONS
from parlor.games.ciao.notation import parse_move
from parlor.games.ciao.options import SPECS, normalize
from parlor.games.ciao.state import CiaoSecrets, CiaoState, CiaoView
from parlor.games.ciao.view import determinize, reveal, view


class Ciao(Game[CiaoState, CiaoView]):
    id = "ciao"
    name = "Ciao!"
    min_players = 2
    max_players = 6
    rules_version = 2
    migrations: Mapping[int, Migration] = MappingProxyType(MIGRATIONS)
    option_specs: tuple[OptionSpec, ...] = SPECS
    #: Contract suite knobs (tests/test_contract.py). A round played by uniformly random
    #: legal moves is long (random play draws a lot: some 800 moves at two players), and
    #: every step checks a view and a sampled world for each seat, so the sweeps play one
    #: round per match, and 20 seeds (at 2 players 0.55 s a seed in CPython: all 200
    #: seeds of 2-6 players took ~210 s, a third of the CPython suite's time; each player
    #: count reaches every branch of the engine it reaches in 40 seeds by seed 24, and
    #: the counts together by seed 8: docs/decisions/contract-suite-seeds.md). The slow
    #: run (``pytest -m slow``: tests/test_contract.py the other seeds of one round,
    #: tests/test_ciao_contract.py every seed as whole matches) plays every seed the
    #: generic suite would have used; option variants use fewer seeds, and the default
    #: run also plays whole matches and the strict table for a sample.
    contract_options: dict[str, object] = {"rounds": 1}
    contract_seeds = 20
    #: Option variants: 5 seeds of the 25 (all of them under ``-m slow``,
    #: tests/test_ciao_contract.py). Measured the same way, the variants reach every branch
    #: the 25 seeds reach by seed 12 (the counts together), not sooner, so 5 has no margin
    #: to cut (docs/decisions/contract-suite-seeds.md).
    contract_variant_seeds = 5
    #: Not swept by the generic suite: the two clock settings (the engine never reads
    #: them), ``rounds`` (whole matches are tests/test_ciao_contract.py's) and
    #: ``strict_table`` (a uniformly random player tries illegal cards most turns and, at
    #: 3 cards a try, never empties its hand; tests/test_ciao_contract.py sweeps it with a
    #: random player that tries an illegal card only now and then, as people do).
    contract_skip_options: tuple[str, ...] = (
        "rounds", "race_seconds", "thanks_seconds", "strict_table",
    )

    def options_for(self, players: int, given: Mapping[str, object]) -> dict[str, object]:
        """The complete, validated options (defaults filled in) a match records."""
        return normalize(players, given).as_dict()

    def new(self, players: int, seed: int, options: Mapping[str, object]) -> CiaoState:
        return rules.new_game(players, seed, options)

    def to_act(self, s: CiaoState) -> int | None:
        return rules.to_act(s)

    def legal_moves(self, s: CiaoState) -> list[str]:
        return rules.legal_moves(s)

    def legal_moves_for(self, s: CiaoState, seat: int) -> list[str]:
        """A seat's moves: all of them on its turn; at a table window (the speed race,
        "Thank you!") only the answers that name it (the table's deadline move, e.g.
        ``race none``, is nobody's to click)."""
        who = rules.to_act(s)
        if who == TABLE:
            return [m for m in rules.legal_moves(s)
                    if (p := parse_move(m)) is not None and p.seat == seat
                    and p.verb in ("race", "thanks")]
        return rules.legal_moves(s) if who == seat else []

    def apply(self, s: CiaoState, move: str) -> CiaoState:
        return moves.apply(s, move)

    def outcome(self, s: CiaoState, seat_names: tuple[str, ...] = ()) -> Outcome | None:
        if not s.finished:
            return None
        names = seat_names or tuple(f"Player {i + 1}" for i in range(s.players))
        return scoring.score(s.scores, s.results, names)

    def outcome_now(self, s: CiaoState, seat_names: tuple[str, ...] = ()) -> Outcome:
        """The round in progress scored as it stands, the match ended on those totals
        (``scoring.score_now``; rules page, "A round cut short")."""
        names = seat_names or tuple(f"Player {i + 1}" for i in range(s.players))
        return scoring.score_now(s, names)

    def view(self, s: CiaoState, seat: int | None) -> CiaoView:
        return view(s, seat)

    def reveal(self, s: CiaoState) -> CiaoSecrets:
        return reveal(s)

    def determinize(self, v: CiaoView, rng: Rng) -> CiaoState:
        return determinize(v, rng)

    def inventory(self, s: CiaoState) -> dict[str, int]:
        """Cards per kind in hands, draw pile and discards: the deck never changes."""
        return moves.inventory(s)


GAME = Ciao()
