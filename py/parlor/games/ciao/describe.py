"""Moves in words, for the move log and the status line ("what the bot just did").

Built from the view *before* the move (what the reader could see), so a gift between
other people stays a secret: "Bot 1 gave a card to Bot 3".
"""

from __future__ import annotations

from collections.abc import Sequence

from parlor.core.protocol import TABLE
from parlor.games.ciao.cards import EFFECT_OF, IS_JOKER, SYMBOLS, card_name
from parlor.games.ciao.notation import parse_move
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


def _played(v: CiaoView, seat: int, card: int, named: int, mill: bool, base: int,
            names: Sequence[str]) -> str:
    text = f"{names[seat]} played {card_name(card)}"
    if named >= 0:
        text += f" naming {SYMBOLS[named]}"
    if mill:
        text += " and discarded a millstone"
    return text + _effect_words(v, seat, card, base, names)


def describe_move(view_before: CiaoView, move: str, names: Sequence[str] = ()) -> str:
    v = view_before
    names = tuple(names) or tuple(f"Player {i + 1}" for i in range(v.players))
    m = parse_move(move)
    if m is None:
        if move.startswith("give ?>"):
            return f"{names[v.turn]} gave a card to someone"
        return move
    who = names[v.turn] if 0 <= v.turn < v.players else "The table"
    verb = m.verb
    if verb == "play":
        base = v.turn
        if v.phase in ("again", "drawn"):
            base = v.base
        elif v.phase == "race_turn" and v.options.speed_continue == "speed_player":
            base = v.base
        return _played(v, v.turn, m.card, m.named, m.millstone, base, names)
    if verb == "race":
        if m.seat < 0:
            return "Nobody answered the speed challenge"
        base = m.seat if v.options.speed_continue == "winner" else v.base
        return "Fastest! " + _played(v, m.seat, m.card, m.named, m.millstone, base, names)
    if verb == "attempt":
        extra = f" and {v.pending} for the +3" if v.pending else ""
        return (f"{who} tried {card_name(m.card)}, which may not be played: "
                f"3 cards{extra} and the turn lost")
    if verb == "draw":
        return f"{who} drew a card" if v.draw_count or len(v.discard) > 1 else (
            f"{who} could not draw (no cards left) and passed")
    if verb == "keep":
        return f"{who} kept the card drawn"
    if verb == "take":
        return f"{who} took {v.pending} cards for the +3"
    if verb == "again":
        return f"{who} plays again"
    if verb == "reverse":
        return f"{who} reversed the direction of play"
    if verb == "pass":
        return f"{who} did not answer the speed challenge"
    if verb == "give":
        if v.seat is not None and v.seat in (v.turn, m.seat):
            return f"{who} gave {card_name(m.card)} to {names[m.seat]}"
        return f"{who} gave a card to {names[m.seat]}"
    if verb == "swap":
        return f"{who} swapped hands with {names[m.seat]}"
    if verb == "thanks":
        return f"{names[m.seat]} said \u201cThank you!\u201d"
    if verb == "nothanks":
        return f"{names[m.seat]} forgot to say thank you and draws 3"
    return move


def actor_of(view_before: CiaoView, move: str) -> int:
    """The seat a move is by (the race winner, the thanked seat), or TABLE."""
    m = parse_move(move)
    if m is not None and m.verb in ("race", "thanks", "nothanks"):
        return m.seat if m.seat >= 0 else TABLE
    return view_before.turn
