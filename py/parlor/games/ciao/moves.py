"""Ciao!'s rules (docs/rules/ciao.md), part two: applying a move, every card's
effect, the end of a round.

``apply`` refuses anything ``rules.legal_moves`` does not offer (with ``rules.refusal``'s
reason). Inside it a mutable working copy (``_Work``) is edited and frozen once, which
keeps a move cheap (the contract suite and the bots apply hundreds of thousands).
"""

from __future__ import annotations

from parlor.core.errors import IllegalMove, InvalidMove
from parlor.core.protocol import TABLE
from parlor.core.rng import Rng
from parlor.games.ciao.cards import CODES, EFFECT_OF, IS_JOKER, KINDS, MILLSTONE, PENALTY_OF
from parlor.games.ciao.notation import Move, parse_move
from parlor.games.ciao.rules import TABLE_PHASES, deal, legal_tuple, refusal
from parlor.games.ciao.state import MISTAKE_PENALTY, PLUS3, THANKS_PENALTY, CiaoState, RoundResult


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
            self.done = deal(
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
    if move not in legal_tuple(s):
        if parse_move(move) is None and s.phase != "over":
            raise InvalidMove(move, refusal(s, move))
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
