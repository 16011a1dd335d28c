"""Saves of older Ciao! rules brought up to date (``core.match.upgrade``), so a game
saved before a rules change resumes instead of being lost.

Rules version 2 changed two things a save records:

- the kids' variants became four: the old ``variant`` 3 (the full game) is now 4, and 3
  is the new "icons and colours, no millstones" step; 1 and 2 keep their meaning;
- after a draw the drawer always decides (``keep`` or play it), so a drawn card's
  playability stays secret: where version 1 passed the turn by itself after drawing an
  unplayable card, the migration inserts the ``keep`` that version 2 asks for.

A save that still cannot be replayed (version 2 also made a race-won +3 skip its own
player, so a few old positions went another way) is refused with the move and the
reason, and the save list keeps it for download.
"""

from __future__ import annotations

from dataclasses import replace

from parlor.core.errors import BadSave
from parlor.core.match import Match, Rules, insert_missing_moves
from parlor.core.protocol import Msg
from parlor.games.ciao import moves, rules
from parlor.games.ciao.cards import EFFECT_OF
from parlor.games.ciao.notation import KEEP, parse_move
from parlor.games.ciao.state import CiaoState

#: Old ``variant`` values and what they mean now.
_VARIANT_V1_TO_V2 = {1: 1, 2: 2, 3: 4}


def _keep_after_draw(state: CiaoState, move: str) -> str | None:
    """Version 1 passed the turn after an unplayable drawn card; version 2 keeps it."""
    return KEEP if state.phase == "drawn" else None


def _changed_ruling(state: CiaoState, move: str) -> Msg | None:
    """Why version 2 would play ``move`` differently from version 1 (None: the same).

    With ``speed_continue = speed_player``, version 1 went on from the speed card's
    player even for a card that won a race: a race-won +3 laid just after that player
    hit its own player, and a race-won speed card's race went on from the first speed
    card's player. Replaying such a game under version 2 would change who drew what,
    so the save is refused rather than silently rewritten."""
    m = parse_move(move)
    if m is None or state.options.speed_continue != "speed_player":
        return None
    if m.verb == "race" and m.seat >= 0:
        seat = m.seat
    elif m.verb == "play" and state.phase == "race_turn":
        seat = state.turn
    else:
        return None
    effect = EFFECT_OF[m.card]
    if effect == "plus3" and (state.base + state.direction) % state.players == seat:
        return Msg("ciao.save.plus3_hit_own")
    if effect == "speed" and state.base != seat:
        return Msg("ciao.save.speed_order")
    return None


def v1_to_v2(match: Match, game: Rules[CiaoState]) -> Match:
    options = dict(match.options)
    variant = options.get("variant", 3)
    if isinstance(variant, int) and not isinstance(variant, bool):
        options["variant"] = _VARIANT_V1_TO_V2.get(variant, variant)
    newer = replace(match, options=options)
    upgraded = insert_missing_moves(newer, game, _keep_after_draw)
    state = rules.new_game(len(match.seats), match.seed, options)
    for i, move in enumerate(upgraded, start=1):
        why = _changed_ruling(state, move)
        if why is not None:
            raise BadSave(Msg.of("ciao.save.changed", move_no=i, move=repr(move), why=why))
        state = moves.apply(state, move)
    if state.phase == "drawn" and rules.legal_moves(state) == [KEEP]:
        upgraded = (*upgraded, KEEP)  # version 1 had already passed the turn
    return replace(newer, moves=upgraded, rules_version=2)


MIGRATIONS = {1: v1_to_v2}
