"""Moves as sentences (``Msg`` values) for the move log, the status line ("what the bot
just did") and the animated notice: the one place Ciao! moves become sentences.

``describe`` works from the history alone (what a seat's view keeps), so a gift between
other people stays a secret ("Bot 1 gave a card to Bot 3"); given the view *before* the
move as well, it also says what the card does next ("Bot 2 must answer or draw 3").
The words live in the catalogs (``ciao.log.*``, ``ciao.then.*``); a played card's
sentence is a chain of clauses, each holding the rest in ``more``, so a language can
put each clause where its grammar wants it.

The reader's own moves are said to them: a sentence whose subject is the reader's seat
has its own key (``ciao.log.you.*``, ``ciao.then.you.*``, "You play again", not "You
plays again"; Persian «شما ... بازی کردید», Russian «Вы берёте»), the clauses of a played
card's chain included, since their verbs agree with the same subject. A gift or a swap
*to* the reader has its own key too (``ciao.log.to_you.*``): Russian cannot say «игроку
Вы», and Japanese gives to the reader with くれた, not あげた.
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


def about(key: str, seat: int, names: Sequence[str], you: int | None, **args: Arg
          ) -> tuple[str, dict[str, Arg]]:
    """``key`` (``ciao.log.x``, ``ciao.then.x``) about ``seat`` as its subject: the
    reader's own sentence (``ciao.log.you.x``, no name) when ``seat`` is ``you``."""
    if seat == you:
        head, _, tail = key.rpartition(".")
        return f"{head}.you.{tail}", args
    return key, {"name": names[seat], **args}


def _effect_words(v: CiaoView, seat: int, card: int, base: int, names: Sequence[str],
                  you: int | None = None) -> tuple[str, dict[str, Arg]] | None:
    if v.hand_counts[seat] == 1:
        return about("ciao.then.wins_round", seat, names, you)
    effect = EFFECT_OF[card]
    if effect == "plus3":
        total = v.pending + 3 if v.phase == "plus3" else 3
        victim = _next(v, base)
        if victim == seat:  # a race-won +3 never hits its own player (rules.lay)
            victim = _next(v, seat)
        return about("ciao.then.answer_or_draw", victim, names, you, n=total)
    if effect is not None:
        return about(f"ciao.then.{effect}", seat, names, you)
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


def describe(actor: int, move: str, names: Sequence[str], before: CiaoView | None = None,
             you: int | None = None) -> Msg:
    """One sentence for a move by ``actor`` (TABLE for the table's decisions); ``you``
    is the reader's seat (its moves read "You ...", a gift to it "... gave you ...")."""
    who: Arg = names[actor] if 0 <= actor < len(names) else Msg("ciao.log.the_table")
    m = parse_logged(move)
    if m is None:  # "{name}: {move}" reads right with any name
        return Msg.of("ciao.log.raw", name=who, move=move)
    verb = m.verb

    def by(key: str, seat: int = actor, name: Arg = who, **args: Arg) -> Msg:
        """``ciao.log.{key}`` with ``seat`` (called ``name``) as its subject."""
        if seat == you:
            return Msg.of(f"ciao.log.you.{key}", **args)
        return Msg.of(f"ciao.log.{key}", name=name, **args)

    if verb in ("play", "race") and m.card >= 0:
        seat = m.seat if verb == "race" else actor
        # The clauses after "played" share its subject, so their verbs agree with it.
        head = "ciao.log.you." if seat == you else "ciao.log."
        clauses: list[tuple[str, dict[str, Arg]]] = [
            about("ciao.log.played", seat, names, you, card=card_name(m.card))]
        if m.named >= 0:
            clauses.append((f"{head}naming",
                            {"symbol": symbol_msg(m.named)}))
        if m.millstone:
            clauses.append((f"{head}shed_millstone", {}))
        if verb == "race":
            clauses.append((f"{head}won_race", {}))
        if before is not None:
            then = _effect_words(before, seat, m.card, _base_of(before, verb, seat), names,
                                 you)
            if then is not None:
                clauses.append(then)
        elif (effect := EFFECT_OF[m.card]) is not None:
            clauses.append(("ciao.log.effect", {"effect": Msg(f"ciao.effect.{effect}")}))
        return chain(*clauses)
    if verb == "race":
        return Msg("ciao.log.nobody_raced")
    if verb == "attempt":
        if before is not None and before.pending:
            return by("attempt_plus3", card=card_name(m.card), n=before.pending)
        return by("attempt", card=card_name(m.card))
    if verb == "draw":
        if before is not None and not (before.draw_count or len(before.discard) > 1):
            return by("no_draw")
        return by("draw")
    if verb == "take":
        return by("took", n=before.pending) if before is not None else by("took_penalty")
    if verb in ("give", "swap"):
        key = "swap" if verb == "swap" else "gave_hidden" if m.card < 0 else "gave"
        card: dict[str, Arg] = {"card": card_name(m.card)} if key == "gave" else {}
        if m.seat == you:  # said to the one who receives: "... gave you a card"
            return Msg.of(f"ciao.log.to_you.{key}", name=who, **card)
        if actor == you:
            return Msg.of(f"ciao.log.you.{key}", to=names[m.seat], **card)
        return Msg.of(f"ciao.log.{key}", name=who, to=names[m.seat], **card)
    if verb in ("keep", "again", "reverse", "pass"):
        return by(verb)
    if verb in ("thanks", "nothanks"):  # said about the seat given a card
        return by(verb, seat=m.seat, name=names[m.seat])
    return Msg.of("ciao.log.raw", name=who, move=move)


def describe_move(view_before: CiaoView, move: str, names: Sequence[str] = (),
                  you: int | None = None) -> Msg:
    """The sentence for ``move`` played from ``view_before``, with its consequences."""
    names = tuple(names) or tuple(f"Player {i + 1}" for i in range(view_before.players))
    return describe(actor_of(view_before, move), move, names, before=view_before, you=you)


def actor_of(view_before: CiaoView, move: str) -> int:
    """The seat a move is by (the race winner, the thanked seat), or TABLE."""
    m = parse_move(move)
    if m is not None and m.verb in ("race", "thanks", "nothanks"):
        return m.seat if m.seat >= 0 else TABLE
    return view_before.turn
