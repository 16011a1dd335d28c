"""Moves in words, for the move log, the status line ("what the bot just did") and the
animated notice: the one place Ciao! moves become sentences.

``describe`` works from the history alone (what a seat's view keeps), so a gift between
other people stays a secret ("Bot 1 gave a card to Bot 3"); given the view *before* the
move as well, it also says what the card does next ("Bot 2 must answer or draw 3").
"""

from __future__ import annotations

from collections.abc import Sequence

from parlor.core.protocol import TABLE
from parlor.games.ciao.cards import EFFECT_NAMES, EFFECT_OF, IS_JOKER, SYMBOLS, card_name
from parlor.games.ciao.notation import parse_logged, parse_move
from parlor.games.ciao.state import CiaoView


def _next(v: CiaoView, seat: int) -> int:
    return (seat + v.direction) % v.players


def _effect_words(v: CiaoView, seat: int, card: int, base: int, names: Sequence[str]) -> str:
    if v.hand_counts[seat] == 1:
        return f": {names[seat]} has no cards left and wins the round"
    effect = EFFECT_OF[card]
    if effect == "plus3":
        total = v.pending + 3 if v.phase == "plus3" else 3
        victim = _next(v, base)
        if victim == seat:  # a race-won +3 never hits its own player (rules.lay)
            victim = _next(v, seat)
        return f": {names[victim]} must answer or draw {total}"
    if effect == "again_or_reverse":
        return f": {names[seat]} plays again or reverses"
    if effect == "speed":
        return ": speed challenge, everyone else may race to answer"
    if effect == "give":
        return f": {names[seat]} gives a card away"
    if effect == "swap":
        return f": {names[seat]} swaps hands with someone"
    if v.phase == "plus3" and IS_JOKER[card]:
        return ": the +3 penalty is cancelled"
    return ""


def _base_of(v: CiaoView, verb: str, seat: int) -> int:
    """Where play goes on from after a card laid now (mirrors moves.apply)."""
    if verb == "race":
        return seat if v.options.speed_continue == "winner" else v.base
    if v.phase in ("again", "drawn"):
        return v.base
    if v.phase == "race_turn" and v.options.speed_continue == "speed_player":
        return v.base
    return seat


def describe(actor: int, move: str, names: Sequence[str], before: CiaoView | None = None
             ) -> str:
    """One sentence for a move by ``actor`` (TABLE for the table's decisions)."""
    who = names[actor] if 0 <= actor < len(names) else "The table"
    m = parse_logged(move)
    if m is None:
        return f"{who}: {move}"
    verb = m.verb
    if verb in ("play", "race") and m.card >= 0:
        seat = m.seat if verb == "race" else actor
        text = f"{names[seat]} played {card_name(m.card)}"
        if m.named >= 0:
            text += f" naming {SYMBOLS[m.named]}"
        if m.millstone:
            text += " and discarded a millstone"
        if verb == "race":
            text += " and won the speed race"
        if before is not None:
            return text + _effect_words(before, seat, m.card, _base_of(before, verb, seat),
                                        names)
        effect = EFFECT_OF[m.card]
        return text + (f" ({EFFECT_NAMES[effect]})" if effect else "")
    if verb == "race":
        return "Nobody answered the speed challenge"
    if verb == "attempt":
        extra = f" and {before.pending} for the +3" if before is not None and before.pending \
            else ""
        return (f"{who} tried {card_name(m.card)}, which may not be played: 3 cards{extra} "
                "and the turn lost")
    if verb == "draw":
        if before is not None and not (before.draw_count or len(before.discard) > 1):
            return f"{who} could not draw (no cards left) and passed"
        return f"{who} drew a card"
    if verb == "take":
        return f"{who} took {before.pending} cards for the +3" if before is not None \
            else f"{who} took the +3 penalty"
    if verb == "give":
        if m.card < 0:
            return f"{who} gave a card to {names[m.seat]}"
        return f"{who} gave {card_name(m.card)} to {names[m.seat]}"
    words = {
        "keep": "kept the card drawn", "again": "plays again",
        "reverse": "reversed the direction of play", "pass": "did not answer the speed challenge",
    }
    if verb in words:
        return f"{who} {words[verb]}"
    if verb == "swap":
        return f"{who} swapped hands with {names[m.seat]}"
    if verb == "thanks":
        return f"{names[m.seat]} said \u201cThank you!\u201d"
    if verb == "nothanks":
        return f"{names[m.seat]} forgot to say \u201cThank you!\u201d and draws 3"
    return f"{who}: {move}"


def describe_move(view_before: CiaoView, move: str, names: Sequence[str] = ()) -> str:
    """The sentence for ``move`` played from ``view_before``, with its consequences."""
    names = tuple(names) or tuple(f"Player {i + 1}" for i in range(view_before.players))
    return describe(actor_of(view_before, move), move, names, before=view_before)


def actor_of(view_before: CiaoView, move: str) -> int:
    """The seat a move is by (the race winner, the thanked seat), or TABLE."""
    m = parse_move(move)
    if m is not None and m.verb in ("race", "thanks", "nothanks"):
        return m.seat if m.seat >= 0 else TABLE
    return view_before.turn
