"""Moves as sentences (``Msg`` values) for the move log, the status line ("what the bot
just did") and the animated notice: the one place Ciao! moves become sentences.

``describe`` works from the history alone (what a seat's view keeps), so a gift between
other people stays a secret ("Bot 1 gave a card to Bot 3"); given the view *before* the
move as well, it also says what the card does next ("Bot 2 must answer or draw 3").
The words live in the catalogs (``ciao.log.*``, ``ciao.then.*``); a played card's
sentence is a chain of clauses, each holding the rest in ``more``, so a language can
put each clause where its grammar wants it.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlor.core.protocol import TABLE, Arg, Msg
from parlor.games.ciao.cards import EFFECT_OF, IS_JOKER, card_name, symbol_msg
from parlor.games.ciao.notation import parse_logged, parse_move
from parlor.games.ciao.state import CiaoView

NOTHING = Msg("ciao.nothing")


def chain(*clauses: tuple[str, dict[str, Arg]]) -> Msg:
    """Clauses folded from the last: each one's ``more`` is the rest of the sentence."""
    more = NOTHING
    for key, args in reversed(clauses):
        more = Msg.of(key, **args, more=more)
    return more


def _next(v: CiaoView, seat: int) -> int:
    return (seat + v.direction) % v.players


def _effect_words(v: CiaoView, seat: int, card: int, base: int, names: Sequence[str]
                  ) -> tuple[str, dict[str, Arg]] | None:
    if v.hand_counts[seat] == 1:
        return "ciao.then.wins_round", {"name": names[seat]}
    effect = EFFECT_OF[card]
    if effect == "plus3":
        total = v.pending + 3 if v.phase == "plus3" else 3
        victim = _next(v, base)
        if victim == seat:  # a race-won +3 never hits its own player (rules.lay)
            victim = _next(v, seat)
        return "ciao.then.answer_or_draw", {"name": names[victim], "n": total}
    if effect is not None:
        return f"ciao.then.{effect}", {"name": names[seat]}
    if v.phase == "plus3" and IS_JOKER[card]:
        return "ciao.then.cancelled", {}
    return None


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
             ) -> Msg:
    """One sentence for a move by ``actor`` (TABLE for the table's decisions)."""
    who: Arg = names[actor] if 0 <= actor < len(names) else Msg("ciao.log.the_table")
    m = parse_logged(move)
    if m is None:
        return Msg.of("ciao.log.raw", name=who, move=move)
    verb = m.verb
    if verb in ("play", "race") and m.card >= 0:
        seat = m.seat if verb == "race" else actor
        clauses: list[tuple[str, dict[str, Arg]]] = [
            ("ciao.log.played", {"name": names[seat], "card": card_name(m.card)})]
        if m.named >= 0:
            clauses.append(("ciao.log.naming", {"symbol": symbol_msg(m.named)}))
        if m.millstone:
            clauses.append(("ciao.log.shed_millstone", {}))
        if verb == "race":
            clauses.append(("ciao.log.won_race", {}))
        if before is not None:
            then = _effect_words(before, seat, m.card, _base_of(before, verb, seat), names)
            if then is not None:
                clauses.append(then)
        elif (effect := EFFECT_OF[m.card]) is not None:
            clauses.append(("ciao.log.effect", {"effect": Msg(f"ciao.effect.{effect}")}))
        return chain(*clauses)
    if verb == "race":
        return Msg("ciao.log.nobody_raced")
    if verb == "attempt":
        if before is not None and before.pending:
            return Msg.of("ciao.log.attempt_plus3", name=who, card=card_name(m.card),
                          n=before.pending)
        return Msg.of("ciao.log.attempt", name=who, card=card_name(m.card))
    if verb == "draw":
        if before is not None and not (before.draw_count or len(before.discard) > 1):
            return Msg.of("ciao.log.no_draw", name=who)
        return Msg.of("ciao.log.draw", name=who)
    if verb == "take":
        return Msg.of("ciao.log.took", name=who, n=before.pending) if before is not None \
            else Msg.of("ciao.log.took_penalty", name=who)
    if verb == "give":
        if m.card < 0:
            return Msg.of("ciao.log.gave_hidden", name=who, to=names[m.seat])
        return Msg.of("ciao.log.gave", name=who, card=card_name(m.card), to=names[m.seat])
    if verb in ("keep", "again", "reverse", "pass"):
        return Msg.of(f"ciao.log.{verb}", name=who)
    if verb in ("swap", "thanks", "nothanks"):
        return Msg.of(f"ciao.log.{verb}", name=who if verb == "swap" else names[m.seat],
                      to=names[m.seat])
    return Msg.of("ciao.log.raw", name=who, move=move)


def describe_move(view_before: CiaoView, move: str, names: Sequence[str] = ()) -> Msg:
    """The sentence for ``move`` played from ``view_before``, with its consequences."""
    names = tuple(names) or tuple(f"Player {i + 1}" for i in range(view_before.players))
    return describe(actor_of(view_before, move), move, names, before=view_before)


def actor_of(view_before: CiaoView, move: str) -> int:
    """The seat a move is by (the race winner, the thanked seat), or TABLE."""
    m = parse_move(move)
    if m is not None and m.verb in ("race", "thanks", "nothanks"):
        return m.seat if m.seat >= 0 else TABLE
    return view_before.turn
