"""One round of Ciao! for search: the same rules on a private mutable position.

A search plays thousands of simulated moves; the public protocol rebuilds frozen
tuples and writes and parses a notation string for each. Here a position is lists
edited in place, hands are counts per card kind (so "each distinct card in hand order"
is a walk over kinds) and a move is a tuple ``(verb, card, named, millstone, seat)``,
named in notation only when the app needs it. A simulation stops when the round ends
(the search judges a round; the next deal is the public rules' business).

Private to the bots: tests/test_ciao_fast.py checks, move by move over seeded rounds
with every option, that it offers the public rules' legal moves in their order and
reaches the same positions (rules.legal_moves, moves.apply).
"""

from __future__ import annotations

from parlor.core.protocol import TABLE
from parlor.core.rng import Rng
from parlor.games.ciao.cards import (
    COLOUR_OF,
    EFFECT_OF,
    IS_ICON,
    IS_JOKER,
    KINDS,
    MILLSTONE,
    PENALTY_OF,
    SYMBOL_OF,
    playable,
)
from parlor.games.ciao.notation import Move, Verb, format_move
from parlor.games.ciao.state import MISTAKE_PENALTY, PLUS3, THANKS_PENALTY, CiaoState, Phase

FastMove = tuple[Verb, int, int, bool, int]  # (verb, card, named, millstone, seat)
TABLE_PHASES: tuple[Phase, ...] = ("race", "thanks")
_K = len(KINDS)


class FastCiao:
    """A mutable round position (fields as in ``CiaoState``; hands as counts)."""

    def __init__(self, s: CiaoState) -> None:
        self.players = s.players
        self.opts = s.options
        self.hands = [[0] * _K for _ in range(s.players)]
        for seat, hand in enumerate(s.hands):
            for c in hand:
                self.hands[seat][c] += 1
        self.sizes = [len(h) for h in s.hands]
        self.draw = list(s.draw)
        self.discard = list(s.discard)
        self.named, self.direction = s.named, s.direction
        self.turn, self.base, self.phase = s.turn, s.base, s.phase
        self.pending, self.speed_player = s.pending, s.speed_player
        self.race_queue = list(s.race_queue)
        self.receiver, self.drawn = s.receiver, s.drawn
        self.rng = Rng(s.rng)
        self.winner = -1 if s.phase != "over" else s.turn

    # ---- reading ---------------------------------------------------------------------

    def to_act(self) -> int | None:
        if self.winner >= 0 or self.phase == "over":
            return None
        return TABLE if self.phase in TABLE_PHASES else self.turn

    def _top(self) -> tuple[int, int]:
        if not self.discard:
            return -1, 0
        top = self.discard[-1]
        return (self.named if IS_JOKER[top] else SYMBOL_OF[top]), COLOUR_OF[top]

    def _plays(self, verb: Verb, seat: int, answer_plus3: bool = False,
               only: int = -1, who: int = -1) -> list[FastMove]:
        opts = self.opts
        sym, col = self._top()
        colours = opts.colours
        hand = self.hands[seat]
        shed = (opts.millstone_discard_with_special and MILLSTONE is not None
                and hand[MILLSTONE] > 0)
        out: list[FastMove] = []
        for card in (range(_K) if only < 0 else (only,)):
            if not hand[card] and only < 0:
                continue
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
                out.extend((verb, card, n, False, who) for n in range(3))
                continue
            out.append((verb, card, -1, False, who))
            if shed and IS_ICON[card]:
                out.append((verb, card, -1, True, who))
        return out

    def legal(self) -> list[FastMove]:
        """``rules.legal_moves``, in its order."""
        phase, seat = self.phase, self.turn
        if self.to_act() is None:
            return []
        if phase in ("play", "again", "plus3"):
            out = self._plays("play", seat, answer_plus3=phase == "plus3")
            if self.opts.strict_table:
                ok = {m[1] for m in out}
                out += [("attempt", c, -1, False, -1) for c in range(_K)
                        if self.hands[seat][c] and c not in ok]
            out.append(("take" if phase == "plus3" else "draw", -1, -1, False, -1))
            return out
        if phase == "drawn":
            return [*self._plays("play", seat, only=self.drawn), ("keep", -1, -1, False, -1)]
        if phase == "again_or_reverse":
            return [("again", -1, -1, False, -1), ("reverse", -1, -1, False, -1)]
        if phase == "race":
            out = []
            for k in range(self.players):
                if k != self.speed_player:
                    out.extend(self._plays("race", k, who=k))
            out.append(("race", -1, -1, False, -1))
            return out
        if phase == "race_turn":
            return [*self._plays("play", seat), ("pass", -1, -1, False, -1)]
        others = [k for k in range(self.players) if k != seat]
        if phase == "give_target":
            return [("give", c, -1, False, k) for c in range(_K) if self.hands[seat][c]
                    for k in others]
        if phase == "swap_target":
            return [("swap", -1, -1, False, k) for k in others]
        if phase == "thanks":
            return [("thanks", -1, -1, False, self.receiver),
                    ("nothanks", -1, -1, False, self.receiver)]
        raise AssertionError(phase)

    def notation(self, move: FastMove) -> str:
        verb, card, named, mill, seat = move
        return format_move(Move(verb, card, named, mill, seat))

    # ---- playing (moves.apply, step for step) -------------------------------------

    def _next(self, seat: int) -> int:
        return (seat + self.direction) % self.players

    def _draw_cards(self, seat: int, n: int) -> int:
        got = -1
        for _ in range(n):
            if not self.draw:
                if len(self.discard) <= 1:
                    break
                self.draw = list(self.rng.shuffled(self.discard[:-1]))
                self.discard = self.discard[-1:]
            got = self.draw.pop()
            self.hands[seat][got] += 1
            self.sizes[seat] += 1
        return got

    def _end_turn(self, after: int) -> None:
        self.turn = self.base = self._next(after)
        self.phase = "play"
        self.speed_player = -1
        self.race_queue = []
        self.receiver = -1
        self.drawn = -1

    def _lay(self, seat: int, card: int, named: int, millstone: bool, base: int) -> None:
        hand = self.hands[seat]
        hand[card] -= 1
        self.sizes[seat] -= 1
        if millstone:
            assert MILLSTONE is not None
            hand[MILLSTONE] -= 1
            self.sizes[seat] -= 1
            self.discard.append(MILLSTONE)
        self.discard.append(card)
        self.named = named if IS_JOKER[card] else -1
        self.speed_player = -1
        self.race_queue = []
        self.drawn = -1
        if not self.sizes[seat]:
            self.winner = seat
            self.phase = "over"
            return
        effect = EFFECT_OF[card]
        if effect is None:
            self._end_turn(base)
        elif effect == "plus3":
            self.pending += PLUS3
            self._end_turn(base)
            if self.turn == seat:
                self._end_turn(seat)
            self.phase = "plus3"
        elif effect == "again_or_reverse":
            self.turn, self.base, self.phase = seat, base, "again_or_reverse"
        elif effect == "speed":
            self.base = seat
            self.speed_player = seat
            if self.opts.speed_mode == "race":
                self.turn, self.phase = seat, "race"
            else:
                order = []
                k = seat
                for _ in range(self.players - 1):
                    k = self._next(k)
                    order.append(k)
                self.turn, self.race_queue, self.phase = order[0], order[1:], "race_turn"
        elif effect == "give":
            self.turn, self.base, self.phase = seat, base, "give_target"
        else:
            self.turn, self.base, self.phase = seat, base, "swap_target"

    def play(self, move: FastMove) -> None:
        verb, card, named, mill, who = move
        seat, phase, base0 = self.turn, self.phase, self.base
        if verb == "play":
            if phase == "plus3" and IS_JOKER[card]:
                self.pending = 0
            base = seat
            if phase == "race_turn" and self.opts.speed_continue == "speed_player":
                base = base0
            elif phase in ("again", "drawn"):
                base = base0
            self._lay(seat, card, named, mill, base)
        elif verb == "race":
            if who < 0:
                self._end_turn(base0)
            else:
                base = who if self.opts.speed_continue == "winner" else base0
                self._lay(who, card, named, mill, base)
        elif verb == "draw":
            got = self._draw_cards(seat, 1)
            if got >= 0:
                self.phase, self.drawn = "drawn", got
            else:
                self._end_turn(base0)
        elif verb == "keep":
            self._end_turn(base0)
        elif verb == "take":
            self._draw_cards(seat, self.pending)
            self.pending = 0
            self._end_turn(base0)
        elif verb == "attempt":
            self._draw_cards(seat, MISTAKE_PENALTY + self.pending)
            self.pending = 0
            self._end_turn(base0)
        elif verb == "again":
            self.phase = "again"
        elif verb == "reverse":
            self.direction = -self.direction
            self._end_turn(base0)
        elif verb == "pass":
            if self.race_queue:
                self.turn, self.race_queue = self.race_queue[0], self.race_queue[1:]
            else:
                self._end_turn(base0)
        elif verb == "give":
            self.hands[seat][card] -= 1
            self.sizes[seat] -= 1
            self.hands[who][card] += 1
            self.sizes[who] += 1
            if not self.sizes[seat]:
                self.winner = seat
                self.phase = "over"
            elif self.opts.auto_thank:
                self._end_turn(base0)
            else:
                self.phase, self.receiver = "thanks", who
        elif verb in ("thanks", "nothanks"):
            if verb == "nothanks":
                self._draw_cards(self.receiver, THANKS_PENALTY)
            self._end_turn(base0)
        else:  # swap
            self.hands[seat], self.hands[who] = self.hands[who], self.hands[seat]
            self.sizes[seat], self.sizes[who] = self.sizes[who], self.sizes[seat]
            self._end_turn(base0)

    # ---- for the search ------------------------------------------------------------

    def rollout_move(self, rng: Rng) -> FastMove:
        legal = self.legal()
        return legal[rng.randbelow(len(legal))]

    def chance_move(self, rng: Rng) -> FastMove:
        return self.rollout_move(rng)

    def penalties(self) -> list[int]:
        return [sum(PENALTY_OF[c] * n for c, n in enumerate(h)) for h in self.hands]

    def scores(self) -> list[float]:
        """The round judged: its winner scores 1; unfinished, the lowest penalty leads."""
        if self.winner >= 0:
            return [1.0 if s == self.winner else 0.0 for s in range(self.players)]
        pens = self.penalties()
        worst = max(pens) or 1
        return [0.5 * (1 - p / worst) for p in pens]
