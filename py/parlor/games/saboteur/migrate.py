"""Saboteur saves recorded under rules version 1 brought up to version 2.

Why: version 2 (the rulings of docs/rules/saboteur_duel.md, "Goals, gold, trolls")
changed two things a version-1 save could not know about:

- The bribe window. After an action that makes a troll newly reachable from the
  actor's start (with a counter left) the turn now waits for ``bribe`` moves or
  ``done``. Version 1 passed the turn at once, so a version-1 save never has a move
  there: the faithful translation is ``done`` (the player did not bribe then), inserted
  whenever the replay stands in the window, including after the last recorded move.
  It is inserted every time, not only when the recorded next move is refused
  (``core.match.insert_missing_moves`` inserts only then): the opponent's next recorded
  move may be ``bribe @x,y`` on a troll the actor also reaches, which the window would
  accept as the actor's bribe and so replay a different game.
- Forced goal orientation. A recorded ``reveal`` that chose an orientation the rules
  now forbid (the goal would refuse the tunnel that reached it) cannot be replayed:
  the migration raises ``BadSave`` naming the move and the rule, ``core.match.upgrade``
  turns that into the reason the save list shows, and the save keeps its raw text.
"""

from __future__ import annotations

from dataclasses import replace

from parlor.core.errors import BadOptions, BadSave
from parlor.core.match import Match, Rules
from parlor.core.protocol import Msg
from parlor.games.saboteur import rules
from parlor.games.saboteur.notation import END_TURN
from parlor.games.saboteur.state import BRIBE, OVER, SaboteurState


def v1_to_v2(match: Match, game: Rules[SaboteurState]) -> Match:
    """The version-1 match with ``done`` inserted wherever version 2 opens a bribe
    window; ``BadSave`` if a recorded move is not legal under version 2."""
    try:
        s = rules.new_game(len(match.seats), match.seed, match.options)
    except BadOptions as err:
        why = err.msg if err.msg is not None else str(err)
        raise BadSave(Msg.of("saboteur.save.unplayable", why=why)) from None
    moves: list[str] = []
    for i, move in enumerate(match.moves, start=1):
        if s.phase == BRIBE:
            s = rules.apply(s, END_TURN)
            moves.append(END_TURN)
        if s.phase == OVER:
            raise BadSave(Msg.of("saboteur.save.after_end", i=i, move=move))
        if move not in rules.legal_moves(s):
            why = rules.refusal(s, move) or Msg.of("saboteur.reason.not_legal")
            raise BadSave(Msg.of("saboteur.save.illegal", i=i, move=move, why=why))
        s = rules.apply(s, move)
        moves.append(move)
    if s.phase == BRIBE:
        moves.append(END_TURN)  # version 1 had already passed the turn
    return replace(match, moves=tuple(moves), rules_version=2)
