"""Ciao!'s rules (docs/rules/ciao.md), part one: set-up, legality and refusals.

Every function is pure. ``legal_moves`` is the only place legality is decided;
``moves.apply`` refuses anything it does not offer and explains why with ``refusal``.
What a move does (every card's effect, round ends) is in ``moves``.
"""

from __future__ import annotations

from collections.abc import Mapping

from parlor.core.protocol import TABLE, Msg
from parlor.core.rng import Rng
from parlor.games.ciao.cards import (
    EFFECT_OF,
    IS_ICON,
    IS_JOKER,
    IS_MILLSTONE,
    MILLSTONE,
    SYMBOL_LETTERS,
    VARIANT_DECKS,
    card_msg,
    card_name,
    look_msg,
    playable,
    symbol_msg,
)
from parlor.games.ciao.notation import Move, Verb, format_move, parse_move
from parlor.games.ciao.options import CiaoOptions, normalize
from parlor.games.ciao.state import (
    HAND_SIZE,
    CiaoState,
    Phase,
    RoundResult,
)

#: The phases the table decides together (``to_act`` is ``TABLE``).
TABLE_PHASES: tuple[Phase, ...] = ("race", "thanks")


# ------------------------------------------------------------------ set-up


def deal(
    players: int,
    opts: CiaoOptions,
    round_no: int,
    leader: int,
    scores: tuple[int, ...],
    results: tuple[RoundResult, ...],
    history: tuple[tuple[int, str], ...],
    secret: tuple[tuple[int, int, int], ...],
    rng: Rng,
) -> CiaoState:
    """A fresh round: shuffle every card in play, deal 7 each (the sheet), rest face down.
    Play goes clockwise at the start of each round; ``leader`` opens."""
    counts = VARIANT_DECKS[opts.variant]
    cards = rng.shuffled([k for k, n in enumerate(counts) for _ in range(n)])
    hands = tuple(
        tuple(sorted(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE])) for i in range(players)
    )
    return CiaoState(
        players=players,
        options=opts,
        round=round_no,
        leader=leader,
        discard=(),
        named=-1,
        direction=1,
        turn=leader,
        base=leader,
        phase="play",
        pending=0,
        speed_player=-1,
        race_queue=(),
        receiver=-1,
        scores=scores,
        results=results,
        hands=hands,
        draw=cards[players * HAND_SIZE :],
        drawn=-1,
        history=history,
        secret=secret,
        rng=rng.state,
    )


def new_game(players: int, seed: int, given: Mapping[str, object]) -> CiaoState:
    """Round 1: a random leader (the table chooses) or seat 1 (the youngest sits there)."""
    opts = normalize(players, given)
    rng = Rng(seed)
    leader = rng.randbelow(players) if opts.first_leader == "random" else 0
    return deal(players, opts, 1, leader, (0,) * players, (), (), (), rng)


# ------------------------------------------------------------------ legality


def to_act(s: CiaoState) -> int | None:
    if s.phase == "over":
        return None
    return TABLE if s.phase in TABLE_PHASES else s.turn


def _plays(verb: Verb, hand: tuple[int, ...], s: CiaoState, answer_plus3: bool = False,
           cards: tuple[int, ...] | None = None, seat: int = -1) -> list[str]:
    """``_play_moves`` in notation."""
    return [format_move(m) for m in _play_moves(verb, hand, s, answer_plus3, cards, seat)]


def _play_moves(
    verb: Verb,
    hand: tuple[int, ...],
    s: CiaoState,
    answer_plus3: bool = False,
    cards: tuple[int, ...] | None = None,
    seat: int = -1,
) -> list[Move]:
    """``verb`` (``play``, or ``race`` for ``seat``) with each distinct card of ``hand``
    (or of ``cards``, a part of it) that may be laid now: jokers once per named symbol;
    icon cards also with ``+M`` when that option is on and a millstone is in hand.
    ``answer_plus3``: only jokers and +3 cards answer a +3."""
    opts = s.options
    sym, col, colours = s.top_symbol, s.top_colour, opts.colours
    shed = opts.millstone_discard_with_special and MILLSTONE is not None and MILLSTONE in hand
    if cards is not None:
        hand = cards
    out: list[Move] = []
    last = -1
    for card in hand:
        if card == last:
            continue
        last = card
        if answer_plus3:
            if IS_JOKER[card]:
                pass
            elif EFFECT_OF[card] != "plus3":
                continue
            elif opts.plus3_stack_requires_legal and not playable(card, sym, col, colours):
                continue
        elif not playable(card, sym, col, colours):
            continue
        if IS_JOKER[card]:
            out.extend(Move(verb, card, named, seat=seat) for named in range(len(SYMBOL_LETTERS)))
            continue
        out.append(Move(verb, card, seat=seat))
        if shed and IS_ICON[card]:
            out.append(Move(verb, card, millstone=True, seat=seat))
    return out


def _attempts(hand: tuple[int, ...], legal_plays: list[Move]) -> list[str]:
    """strict_table: every distinct card in hand that may not be laid now."""
    ok = {m.card for m in legal_plays}
    out: list[str] = []
    last = -1
    for card in hand:
        if card != last and card not in ok:
            out.append(format_move(Move("attempt", card)))
        last = card
    return out


def _others(s: CiaoState, seat: int) -> list[int]:
    return [k for k in range(s.players) if k != seat]


def _bare(verb: Verb, seat: int = -1) -> str:
    return format_move(Move(verb, seat=seat))


def legal_moves(s: CiaoState) -> list[str]:
    """All legal moves in a stable order (hand order, then fixed verbs)."""
    return list(legal_tuple(s))


def legal_tuple(s: CiaoState) -> tuple[str, ...]:
    """``legal_moves``, worked out once per state (``CiaoState.memo``)."""
    got = s.memo.get("legal")
    if got is None:
        got = s.memo["legal"] = tuple(_legal_moves(s))
    assert isinstance(got, tuple)
    return got


def _legal_moves(s: CiaoState) -> list[str]:
    phase = s.phase
    if phase == "over":
        return []
    seat = s.turn
    hand = s.hands[seat]
    if phase in ("play", "again", "plus3"):
        moves = _play_moves("play", hand, s, answer_plus3=phase == "plus3")
        out = [format_move(m) for m in moves]
        if s.options.strict_table:
            out += _attempts(hand, moves)
        return [*out, _bare("take" if phase == "plus3" else "draw")]
    if phase == "drawn":
        return [*_plays("play", hand, s, cards=(s.drawn,)), _bare("keep")]
    if phase == "again_or_reverse":
        return [_bare("again"), _bare("reverse")]
    if phase == "race":
        out = []
        for k in range(s.players):
            if k != s.speed_player:
                out.extend(_plays("race", s.hands[k], s, seat=k))
        out.append(_bare("race"))  # race none
        return out
    if phase == "race_turn":
        return [*_plays("play", hand, s), _bare("pass")]
    if phase == "give_target":
        targets = _others(s, seat)
        out = []
        last = -1
        for card in hand:
            if card != last:
                out.extend(format_move(Move("give", card, seat=k)) for k in targets)
            last = card
        return out
    if phase == "swap_target":
        return [_bare("swap", k) for k in _others(s, seat)]
    if phase == "thanks":
        return [_bare("thanks", s.receiver), _bare("nothanks", s.receiver)]
    raise AssertionError(f"unknown phase {phase!r}")


# ------------------------------------------------------------------ refusals
# Each refusal is a ``Msg`` (``ciao.reason.*``); what the phase asks for is
# ``ciao.task.<phase>``, and the top card is described by ``ciao.top.*``.


#: What moves look like, quoted in every language (notation is language-neutral).
NOTATION_EXAMPLES = "'play Rg', 'play Jy=P', 'draw', 'give Rg>2', 'swap 3'"


def _describe_top(s: CiaoState) -> Msg:
    if s.top < 0:
        return Msg("ciao.top.none")
    if IS_JOKER[s.top]:
        return Msg.of("ciao.top.joker", card=card_name(s.top), symbol=symbol_msg(s.named))
    if not s.options.colours:
        return Msg.of("ciao.top.no_colours", card=card_name(s.top))
    return Msg.of("ciao.top.counts_as", card=card_name(s.top),
                  look=look_msg(s.top_symbol, s.top_colour))


def _task(s: CiaoState) -> Msg:
    return Msg(f"ciao.task.{s.phase}")


def refusal(s: CiaoState, move: str) -> Msg:
    """A person-readable reason why ``move`` is not among the legal moves."""
    if s.phase == "over":
        return Msg("ciao.reason.over")
    m = parse_move(move)
    if m is None:
        return Msg.of("ciao.reason.notation", examples=NOTATION_EXAMPLES)
    if m.verb in ("race", "thanks", "nothanks") and s.phase not in TABLE_PHASES:
        return Msg.of("ciao.reason.table_decision", seat=s.turn + 1, task=_task(s))
    seat = m.seat if m.verb == "race" and m.seat >= 0 else s.turn
    if m.verb == "race" and m.seat == s.speed_player:
        return Msg("ciao.reason.own_speed_card")
    if m.seat >= s.players:
        return Msg.of("ciao.reason.no_seat", seat=m.seat + 1, n=s.players)
    if m.verb in ("give", "swap") and m.seat == s.turn:
        return Msg("ciao.reason.another_player")
    if m.verb == "attempt" and not s.options.strict_table:
        return Msg("ciao.reason.attempt_strict_only")
    if m.card >= 0:
        hand = s.hands[seat] if 0 <= seat < s.players else ()
        if m.card not in hand:
            return Msg.of("ciao.reason.not_held", seat=seat + 1, card=card_msg(m.card))
        if m.verb in ("play", "race", "attempt") and IS_MILLSTONE[m.card]:
            return Msg("ciao.reason.millstone_never_played")
        if m.millstone and not s.options.millstone_discard_with_special:
            return Msg("ciao.reason.shed_needs_option")
        if m.millstone and (MILLSTONE not in hand):
            return Msg("ciao.reason.no_millstone")
        if s.phase == "drawn" and m.verb == "play" and m.card != s.drawn:
            return Msg("ciao.reason.only_drawn")
        if s.phase == "plus3" and m.verb == "play":
            if not IS_JOKER[m.card] and EFFECT_OF[m.card] != "plus3":
                return Msg("ciao.reason.plus3_answer")
            return Msg.of("ciao.reason.plus3_must_beat", top=_describe_top(s))
        if m.verb in ("play", "race"):
            return Msg.of("ciao.reason.does_not_beat", card=card_name(m.card),
                          top=_describe_top(s))
        if m.verb == "attempt":
            return Msg.of("ciao.reason.may_be_played", card=card_name(m.card),
                          move=format_move(Move("play", m.card)))
    if m.verb in ("thanks", "nothanks") and m.seat != s.receiver:
        return Msg.of("ciao.reason.not_given", seat=m.seat + 1)
    return Msg.of("ciao.reason.must", seat=s.turn + 1, task=_task(s))
