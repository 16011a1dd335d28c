"""Ciao!'s rules (shared/rules/ciao.md): set-up, legality, every card's effect, rounds.

Every function is pure. ``legal_moves`` is the only place legality is decided; ``apply``
refuses anything it does not offer and explains why with ``refusal``. Inside ``apply``
a mutable working copy (``_Work``) is edited and frozen once, which keeps a move cheap
(the contract suite and the bots apply hundreds of thousands of them).
"""

from __future__ import annotations

from collections.abc import Mapping

from parlor.core.errors import IllegalMove
from parlor.core.protocol import TABLE
from parlor.core.rng import Rng
from parlor.games.ciao.cards import (
    CODES,
    EFFECT_OF,
    IS_ICON,
    IS_JOKER,
    IS_MILLSTONE,
    KINDS,
    MILLSTONE,
    PENALTY_OF,
    SYMBOL_LETTERS,
    VARIANT_DECKS,
    card_name,
    playable,
)
from parlor.games.ciao.notation import Move, parse_move
from parlor.games.ciao.options import CiaoOptions, normalize
from parlor.games.ciao.state import (
    HAND_SIZE,
    MISTAKE_PENALTY,
    PLUS3,
    THANKS_PENALTY,
    CiaoState,
    RoundResult,
)

TABLE_PHASES = ("race", "thanks")


# ------------------------------------------------------------------ set-up


def _deal(
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
    return _deal(players, opts, 1, leader, (0,) * players, (), (), (), rng)


# ------------------------------------------------------------------ legality


def to_act(s: CiaoState) -> int | None:
    if s.phase == "over":
        return None
    return TABLE if s.phase in TABLE_PHASES else s.turn


def _plays(
    prefix: str,
    hand: tuple[int, ...],
    s: CiaoState,
    answer_plus3: bool = False,
    cards: tuple[int, ...] | None = None,
) -> list[str]:
    """``prefix + card`` for each distinct card of ``hand`` (or of ``cards``, a part of
    it) that may be laid now: jokers once per named symbol; icon cards also with ``+M``
    when that option is on and a millstone is in hand. ``answer_plus3``: only jokers and
    +3 cards answer a +3."""
    opts = s.options
    sym, col, colours = s.top_symbol, s.top_colour, opts.colours
    shed = opts.millstone_discard_with_special and MILLSTONE is not None and MILLSTONE in hand
    if cards is not None:
        hand = cards
    out: list[str] = []
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
        code = CODES[card]
        if IS_JOKER[card]:
            out.extend(f"{prefix}{code}={letter}" for letter in SYMBOL_LETTERS)
            continue
        out.append(prefix + code)
        if shed and IS_ICON[card]:
            out.append(f"{prefix}{code}+M")
    return out


def _attempts(hand: tuple[int, ...], legal_plays: list[str]) -> list[str]:
    """strict_table: every distinct card in hand that may not be laid now."""
    ok = {m.split(" ", 1)[1].split("=")[0].removesuffix("+M") for m in legal_plays}
    out: list[str] = []
    last = -1
    for card in hand:
        if card != last and CODES[card] not in ok:
            out.append(f"attempt {CODES[card]}")
        last = card
    return out


def _others(s: CiaoState, seat: int) -> list[int]:
    return [k for k in range(s.players) if k != seat]


def legal_moves(s: CiaoState) -> list[str]:
    """All legal moves in a stable order (hand order, then fixed verbs)."""
    phase = s.phase
    if phase == "over":
        return []
    seat = s.turn
    hand = s.hands[seat]
    if phase in ("play", "again", "plus3"):
        plays = _plays("play ", hand, s, answer_plus3=phase == "plus3")
        out = plays
        if s.options.strict_table:
            out = plays + _attempts(hand, plays)
        return [*out, "take" if phase == "plus3" else "draw"]
    if phase == "drawn":
        return [*_plays("play ", hand, s, cards=(s.drawn,)), "keep"]
    if phase == "again_or_reverse":
        return ["again", "reverse"]
    if phase == "race":
        out = []
        for k in range(s.players):
            if k != s.speed_player:
                out.extend(_plays(f"race {k + 1} ", s.hands[k], s))
        out.append("race none")
        return out
    if phase == "race_turn":
        return [*_plays("play ", hand, s), "pass"]
    if phase == "give_target":
        targets = _others(s, seat)
        out = []
        last = -1
        for card in hand:
            if card != last:
                out.extend(f"give {CODES[card]}>{k + 1}" for k in targets)
            last = card
        return out
    if phase == "swap_target":
        return [f"swap {k + 1}" for k in _others(s, seat)]
    if phase == "thanks":
        return [f"thanks {s.receiver + 1}", f"nothanks {s.receiver + 1}"]
    raise AssertionError(f"unknown phase {phase!r}")


# ------------------------------------------------------------------ refusals


_PHASE_TASK = {
    "play": "play a higher card or draw",
    "again": "play again on their own card or draw",
    "drawn": "play the card just drawn or keep it",
    "again_or_reverse": "choose to play again or to reverse",
    "plus3": "answer the +3 with a joker or a +3, or take the cards",
    "race": "see who wins the speed race (race <seat> <card>, or race none)",
    "race_turn": "answer the speed challenge or pass",
    "give_target": "choose a card to give and who gets it",
    "swap_target": "choose whose hand to swap with",
    "thanks": "see whether the card's receiver says thank you",
}


def _describe_top(s: CiaoState) -> str:
    if s.top < 0:
        return "nothing (the opening lead may be any card but a millstone)"
    from parlor.games.ciao.cards import COLOURS, SYMBOLS

    if IS_JOKER[s.top]:
        return f"{card_name(s.top)} named {SYMBOLS[s.named]}"
    if not s.options.colours:
        return f"{card_name(s.top)} (colours do not count in this variant)"
    return f"{card_name(s.top)} ({COLOURS[s.top_colour]} {SYMBOLS[s.top_symbol]})"


def refusal(s: CiaoState, move: str) -> str:
    """A person-readable reason why ``move`` is not among the legal moves."""
    if s.phase == "over":
        return "the match is over"
    m = parse_move(move)
    if m is None:
        return ("that is not Ciao! notation (moves look like 'play Rg', 'play Jy=P', 'draw', "
                "'give Rg>2', 'swap 3')")
    task = _PHASE_TASK.get(s.phase, s.phase)
    if m.verb in ("race", "thanks", "nothanks") and s.phase not in TABLE_PHASES:
        return f"that is a table decision; now seat {s.turn + 1} must {task}"
    seat = m.seat if m.verb == "race" and m.seat >= 0 else s.turn
    if m.verb == "race" and m.seat == s.speed_player:
        return "the player who laid the speed card may not answer it"
    if m.seat >= s.players:
        return f"there is no seat {m.seat + 1} at a table of {s.players}"
    if m.verb in ("give", "swap") and m.seat == s.turn:
        return "a card is given to, or a hand swapped with, another player"
    if m.verb == "attempt" and not s.options.strict_table:
        return "'attempt' is only for the strict table option (legal cards are offered)"
    if m.card >= 0:
        hand = s.hands[seat] if 0 <= seat < s.players else ()
        if m.card not in hand:
            return f"seat {seat + 1} holds no {card_name(m.card)[2:]}"
        if m.verb in ("play", "race", "attempt") and IS_MILLSTONE[m.card]:
            return "millstones are never played (give or swap them away)"
        if m.millstone and not s.options.millstone_discard_with_special:
            return "discarding a millstone with an icon card needs that option"
        if m.millstone and (MILLSTONE not in hand):
            return "there is no millstone in hand to discard"
        if s.phase == "drawn" and m.verb == "play" and m.card != s.drawn:
            return "after drawing, only the card just drawn may be played"
        if s.phase == "plus3" and m.verb == "play":
            if not IS_JOKER[m.card] and EFFECT_OF[m.card] != "plus3":
                return "a +3 is answered only with a joker or another +3 (or take the cards)"
            return f"with this option a +3 answer must beat the top card, {_describe_top(s)}"
        if m.verb in ("play", "race"):
            return f"{card_name(m.card)} does not beat the top card, {_describe_top(s)}"
        if m.verb == "attempt":
            return f"{card_name(m.card)} may be played: use 'play {CODES[m.card]}'"
    if m.verb in ("thanks", "nothanks") and m.seat != s.receiver:
        return f"seat {m.seat + 1} was not given a card"
    return f"now seat {s.turn + 1} must {task}"


# ------------------------------------------------------------------ applying moves


class _Work:
    """A mutable copy of the parts of a state a move changes."""

    __slots__ = (
        "s", "hands", "draw", "discard", "named", "direction", "turn", "base", "phase",
        "pending", "speed_player", "race_queue", "receiver", "drawn", "_rng", "done",
        "history", "secret",
    )

    def __init__(self, s: CiaoState) -> None:
        self.s = s
        self.hands = [list(h) for h in s.hands]
        self.draw = list(s.draw)
        self.discard = list(s.discard)
        self.named = s.named
        self.direction = s.direction
        self.turn = s.turn
        self.base = s.base
        self.phase = s.phase
        self.pending = s.pending
        self.speed_player = s.speed_player
        self.race_queue = s.race_queue
        self.receiver = s.receiver
        self.drawn = -1
        self._rng: Rng | None = None
        self.history = s.history
        self.secret = s.secret
        self.done: CiaoState | None = None  # set when the round ended (the next state)

    @property
    def rng(self) -> Rng:
        if self._rng is None:
            self._rng = Rng(self.s.rng)
        return self._rng

    def next_seat(self, seat: int) -> int:
        return (seat + self.direction) % self.s.players

    def draw_cards(self, seat: int, n: int) -> list[int]:
        """Draw ``n`` cards; an empty draw pile is refilled from the discards except the
        top card (shuffled); once nothing is left, the rest of the draw is skipped."""
        got: list[int] = []
        for _ in range(n):
            if not self.draw:
                if len(self.discard) <= 1:
                    break
                self.draw = list(self.rng.shuffled(self.discard[:-1]))
                self.discard = self.discard[-1:]
            card = self.draw.pop()
            self.hands[seat].append(card)
            got.append(card)
        return got

    def end_turn(self, after: int) -> None:
        """The turn passes to the seat after ``after`` in the current direction."""
        self.turn = self.base = self.next_seat(after)
        self.phase = "play"
        self.speed_player = -1
        self.race_queue = ()
        self.receiver = -1
        self.drawn = -1

    def lay(self, seat: int, card: int, named: int, millstone: bool, base: int) -> None:
        """``seat`` lays ``card``; then the card's icon, unless the hand is now empty."""
        hand = self.hands[seat]
        hand.remove(card)
        if millstone:
            assert MILLSTONE is not None
            hand.remove(MILLSTONE)
            self.discard.append(MILLSTONE)  # under the icon card, which stays on top
        self.discard.append(card)
        self.named = named if IS_JOKER[card] else -1
        self.speed_player = -1
        self.race_queue = ()
        self.drawn = -1
        if not hand:
            self.end_round(seat)
            return
        effect = EFFECT_OF[card]
        if effect is None:
            self.end_turn(base)
        elif effect == "plus3":
            self.pending += PLUS3
            self.end_turn(base)
            if self.turn == seat:
                # A +3 that won a race, its player sitting just after the one play goes
                # on from (speed_continue = speed_player): it hits the player after
                # them, never its own player (rules page, "Special icons").
                self.end_turn(seat)
            self.phase = "plus3"
        elif effect == "again_or_reverse":
            self.turn, self.base, self.phase = seat, base, "again_or_reverse"
        elif effect == "speed":
            # A speed card that won a race opens its own race, and "the speed card's
            # player" (where speed_continue = speed_player goes on from) is its player.
            self.base = seat
            self.speed_player = seat
            if self.s.options.speed_mode == "race":
                self.turn, self.phase = seat, "race"
            else:
                order = []
                k = seat
                for _ in range(self.s.players - 1):
                    k = self.next_seat(k)
                    order.append(k)
                self.turn, self.race_queue, self.phase = order[0], tuple(order[1:]), "race_turn"
        elif effect == "give":
            self.turn, self.base, self.phase = seat, base, "give_target"
        elif effect == "swap":
            self.turn, self.base, self.phase = seat, base, "swap_target"
        else:  # pragma: no cover - cards.load_deck refuses unknown effects
            raise AssertionError(effect)

    def end_round(self, winner: int) -> None:
        """Penalties for the cards left in hand, then the next deal or the match's end."""
        s = self.s
        hands = tuple(tuple(sorted(h)) for h in self.hands)
        penalties = tuple(sum(PENALTY_OF[c] for c in h) for h in hands)
        scores = tuple(a + b for a, b in zip(s.scores, penalties, strict=True))
        results = (*s.results, RoundResult(s.round, winner, hands, penalties))
        self.hands = [list(h) for h in hands]
        self.pending = 0
        self.phase = "over"
        self.turn = self.base = winner
        if s.round < s.options.rounds:
            self.done = _deal(
                s.players, s.options, s.round + 1, winner, scores, results,
                self.history, self.secret, self.rng,
            )
        else:
            self.done = self.freeze_with(scores=scores, results=results)

    def freeze_with(
        self, scores: tuple[int, ...] | None = None, results: tuple[RoundResult, ...] | None = None
    ) -> CiaoState:
        s = self.s
        return CiaoState(
            players=s.players,
            options=s.options,
            round=s.round,
            leader=s.leader,
            discard=tuple(self.discard),
            named=self.named,
            direction=self.direction,
            turn=self.turn,
            base=self.base,
            phase=self.phase,
            pending=self.pending,
            speed_player=self.speed_player,
            race_queue=self.race_queue,
            receiver=self.receiver,
            scores=s.scores if scores is None else scores,
            results=s.results if results is None else results,
            hands=tuple(tuple(sorted(h)) for h in self.hands),
            draw=tuple(self.draw),
            drawn=self.drawn,
            history=self.history,
            secret=self.secret,
            rng=s.rng if self._rng is None else self._rng.state,
        )


def apply(s: CiaoState, move: str) -> CiaoState:
    if move not in legal_moves(s):
        raise IllegalMove(move, refusal(s, move))
    m = parse_move(move)
    assert m is not None
    return _resolve(s, m, move)


def _resolve(s: CiaoState, m: Move, move: str) -> CiaoState:
    w = _Work(s)
    actor = TABLE if s.phase in TABLE_PHASES else s.turn
    w.history = (*s.history, (actor, move))
    w.secret = s.secret
    seat = s.turn
    verb = m.verb
    if verb == "play":
        if s.phase == "plus3" and IS_JOKER[m.card]:
            w.pending = 0  # a joker cancels the whole pending penalty
        base = seat
        if s.phase == "race_turn" and s.options.speed_continue == "speed_player":
            base = s.base
        elif s.phase in ("again", "drawn"):
            base = s.base
        w.lay(seat, m.card, m.named, m.millstone, base)
    elif verb == "race":
        if m.seat < 0:
            w.end_turn(s.base)
        else:
            base = m.seat if s.options.speed_continue == "winner" else s.base
            w.lay(m.seat, m.card, m.named, m.millstone, base)
    elif verb == "draw":
        got = w.draw_cards(seat, 1)
        if got:
            # Whether or not it could be played, the drawer decides (play it or keep
            # it): the others must not learn its playability from the turn passing at
            # once (rules page, "A turn": a drawn card is secret).
            w.phase, w.drawn = "drawn", got[0]
        else:  # nothing left to draw: the draw is skipped and the turn is over
            w.end_turn(s.base)
    elif verb == "keep":
        w.end_turn(s.base)
    elif verb == "take":
        w.draw_cards(seat, s.pending)
        w.pending = 0
        w.end_turn(s.base)
    elif verb == "attempt":
        # strict_table: a mistake costs 3 cards and the turn; the card stays in hand. A
        # mistake on a pending +3 is no answer either: the +3 cards are drawn as well.
        w.draw_cards(seat, MISTAKE_PENALTY + s.pending)
        w.pending = 0
        w.end_turn(s.base)
    elif verb == "again":
        w.phase = "again"
    elif verb == "reverse":
        w.direction = -s.direction
        w.end_turn(s.base)
    elif verb == "pass":
        if s.race_queue:
            w.turn, w.race_queue = s.race_queue[0], s.race_queue[1:]
        else:  # nobody answered: play goes on as if there had been no challenge
            w.end_turn(s.base)
    elif verb == "give":
        w.hands[seat].remove(m.card)
        w.hands[m.seat].append(m.card)
        w.secret = (*s.secret, (len(s.history), seat, m.seat))
        if not w.hands[seat]:
            w.end_round(seat)  # giving away the last card wins the round
        elif s.options.auto_thank:
            w.end_turn(s.base)
        else:
            w.phase, w.receiver = "thanks", m.seat
    elif verb in ("thanks", "nothanks"):
        if verb == "nothanks":
            w.draw_cards(s.receiver, THANKS_PENALTY)
        w.end_turn(s.base)
    elif verb == "swap":
        w.hands[seat], w.hands[m.seat] = w.hands[m.seat], w.hands[seat]
        w.end_turn(s.base)
    else:  # pragma: no cover - legal_moves offers no other verb
        raise AssertionError(verb)
    return w.done if w.done is not None else w.freeze_with()


# ------------------------------------------------------------------ bookkeeping


def inventory(s: CiaoState) -> dict[str, int]:
    """Cards per kind across hands, draw pile and discards: never changes."""
    counts = [0] * len(KINDS)
    for h in s.hands:
        for c in h:
            counts[c] += 1
    for c in s.draw:
        counts[c] += 1
    for c in s.discard:
        counts[c] += 1
    return {CODES[k]: n for k, n in enumerate(counts)}
