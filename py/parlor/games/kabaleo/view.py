"""What a seat may see, and full states consistent with it (for bots and the contract)."""

from __future__ import annotations

from parlor.core.rng import Rng
from parlor.games.kabaleo.state import KabaleoSecrets, KabaleoState, KabaleoView


def view(s: KabaleoState, seat: int | None) -> KabaleoView:
    over = s.finished
    return KabaleoView(
        seat=seat,
        players=s.players,
        colours=s.colours,
        piles=s.piles,
        hands=s.hands,
        to_move=None if over else s.to_move,
        last_pile=s.last_pile,
        history=s.history,
        boxed=s.boxed,
        options=s.options,
        my_targets=s.targets[seat] if seat is not None else (),
        revealed_targets=s.targets if over else None,
    )


def reveal(s: KabaleoState) -> KabaleoSecrets:
    """Every secret of the state, for a room watching bots or reviewing a game: the
    public view plus these is the whole table (a seat's view never holds them)."""
    return KabaleoSecrets(targets=s.targets)


def determinize(v: KabaleoView, rng: Rng,
                targets: tuple[tuple[str, ...], ...] | None = None) -> KabaleoState:
    """Deal the unseen targets at random among the colours the viewer does not hold
    (or as ``targets`` says: a bot that has inferred who holds what draws its own)."""
    if v.revealed_targets is not None:
        targets = v.revealed_targets
    elif targets is None:
        k = v.options.targets_per_player
        free = rng.shuffled([c for c in v.colours if c not in v.my_targets])
        assigned: list[tuple[str, ...]] = []
        for s in range(v.players):
            if s == v.seat:
                assigned.append(v.my_targets)
            else:
                take, free = free[:k], free[k:]
                assigned.append(tuple(sorted(take, key=v.colours.index)))
        targets = tuple(assigned)
    return KabaleoState(
        players=v.players,
        colours=v.colours,
        targets=targets,
        piles=v.piles,
        hands=v.hands,
        to_move=v.to_move if v.to_move is not None else 0,
        last_pile=v.last_pile,
        history=v.history,
        boxed=v.boxed,
        options=v.options,
        rng=rng.next64(),
    )
