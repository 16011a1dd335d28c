"""What a Ciao! bot can infer about the others' hands, for the "What the computer thinks"
panel.

What the bots track: nothing beyond the view. ``hard`` deals the cards it cannot see
(the box minus its hand and the discard pile) at random to the other hands and the draw
pile (``determinize``), keeping only the hand sizes. The view does imply a little more,
and the panel shows it honestly rather than what the bots happen to use:

* **Known cards.** A card this seat gave is in its receiver's hand, until the receiver
  plays or gives a card of that kind (then it may be gone; one fewer is certain). A
  gift between two others hides its card, so after it the giver is sure to hold one
  fewer of each kind it was known to hold. A swap between two others swaps what is known
  of them; a swap with this seat leaves nothing known of the other hand, since the view
  keeps only the current hand, not the one given away. A new deal forgets everything.
  The round a move belongs to is not in the history, so it is found by replaying the
  hand sizes (seven each per deal, a round ends when one is empty); where that replay
  does not end at the view's sizes (a draw cut short by an empty pile), nothing is
  claimed as known.
* **Expected counts.** The rest of each hand is any of the unseen cards (the box minus
  this hand, the discard pile and the known cards), so each unknown card is of a kind
  in proportion to the unseen cards of that kind: the expected number of rock, paper,
  scissors, jokers and millstones per hand. At the match's end the last round's hands
  are public, and every card is known.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from parlor.core.protocol import TABLE
from parlor.games.ciao.cards import EFFECT_OF, IS_JOKER, KINDS, MILLSTONE, VARIANT_DECKS
from parlor.games.ciao.notation import parse_logged
from parlor.games.ciao.state import (
    HAND_SIZE,
    MISTAKE_PENALTY,
    PLUS3,
    THANKS_PENALTY,
    CiaoView,
)

#: The panel's columns: the three symbols, then jokers and millstones.
GROUPS: tuple[str, ...] = ("rock", "paper", "scissors", "joker", "millstone")


def group_of(card: int) -> int:
    """A card kind's column in ``GROUPS``."""
    k = KINDS[card]
    if k.is_millstone:
        return 4
    if k.is_joker:
        return 3
    return k.symbol


@dataclass(frozen=True)
class HandBelief:
    """Another seat's hand: its size, the kinds it surely holds (sorted, repeats for
    copies) and the expected number of cards of each of ``groups`` in it."""

    seat: int
    size: int
    known: tuple[int, ...]
    expected: tuple[float, ...]


@dataclass(frozen=True)
class CiaoBeliefs:
    """The viewer's inferences: ``groups`` are the columns present in this variant's
    deck (names from ``GROUPS``), ``hands`` the other seats in seat order, ``unseen``
    the number of cards the viewer cannot place (other hands and the draw pile)."""

    seat: int | None
    groups: tuple[str, ...]
    hands: tuple[HandBelief, ...]
    unseen: int


def _less_one_each(known: Counter[int]) -> Counter[int]:
    """What is still sure after one unknown card left: one fewer of every kind."""
    return Counter({c: n - 1 for c, n in known.items() if n > 1})


def known_cards(view: CiaoView) -> list[Counter[int]] | None:
    """Per seat, the cards it surely holds (the viewer's own entry is left empty), or
    None when the replay of hand sizes disagrees with the view (then nothing is sure)."""
    n, me = view.players, view.seat
    sizes = [HAND_SIZE] * n
    known: list[Counter[int]] = [Counter() for _ in range(n)]
    pending = ends = 0

    def lose(seat: int, card: int) -> None:
        if known[seat][card] > 0:
            known[seat][card] -= 1

    def round_over() -> None:
        nonlocal pending, ends
        ends += 1
        pending = 0
        if ends < view.options.rounds:
            sizes[:] = [HAND_SIZE] * n
            for k in known:
                k.clear()

    for actor, text in view.history:
        m = parse_logged(text)
        if m is None:
            return None
        verb = m.verb
        if verb in ("play", "race") and m.card >= 0:
            seat = actor if verb == "play" else m.seat
            if seat == TABLE:
                return None
            if pending and IS_JOKER[m.card]:
                pending = 0
            sizes[seat] -= 2 if m.millstone else 1
            lose(seat, m.card)
            if m.millstone and MILLSTONE is not None:
                lose(seat, MILLSTONE)
            if sizes[seat] <= 0:
                round_over()
            elif EFFECT_OF[m.card] == "plus3":
                pending += PLUS3
        elif verb == "draw":
            sizes[actor] += 1
        elif verb == "take":
            sizes[actor] += pending
            pending = 0
        elif verb == "attempt":
            sizes[actor] += MISTAKE_PENALTY + pending
            pending = 0
        elif verb == "nothanks":
            sizes[m.seat] += THANKS_PENALTY
        elif verb == "give":
            sizes[actor] -= 1
            sizes[m.seat] += 1
            if m.card < 0:
                known[actor] = _less_one_each(known[actor])
            else:
                lose(actor, m.card)
                if actor == me:
                    known[m.seat][m.card] += 1
            if sizes[actor] <= 0:
                round_over()
        elif verb == "swap":
            sizes[actor], sizes[m.seat] = sizes[m.seat], sizes[actor]
            known[actor], known[m.seat] = known[m.seat], known[actor]
            if me in (actor, m.seat):
                known[actor if m.seat == me else m.seat] = Counter()
    if tuple(sizes) != view.hand_counts or ends != len(view.results):
        return None
    if me is not None:
        known[me] = Counter()
    return known


def beliefs(view: CiaoView) -> CiaoBeliefs:
    """The viewer's inferences about every other hand (pure: the view only)."""
    box = VARIANT_DECKS[view.options.variant]
    groups = tuple(g for i, g in enumerate(GROUPS)
                   if any(n and group_of(c) == i for c, n in enumerate(box)))
    others = [s for s in range(view.players) if s != view.seat]
    pool = Counter({c: n for c, n in enumerate(box) if n})
    pool.subtract(view.hand)
    pool.subtract(view.discard)
    over = view.to_act is None and len(view.results) == view.options.rounds
    known = known_cards(view)
    if over and view.results:
        known = [Counter(h) for h in view.results[-1].hands]
    if known is not None:
        rest = pool.copy()
        for s in others:
            rest.subtract(known[s])
        if any(v < 0 for v in rest.values()) or any(
                known[s].total() > view.hand_counts[s] for s in others):
            known = None
        else:
            pool = rest
    if known is None:
        known = [Counter() for _ in range(view.players)]
    total = sum(v for v in pool.values() if v > 0)
    share = [0.0] * len(GROUPS)
    for c, v in pool.items():
        if v > 0 and total:
            share[group_of(c)] += v / total
    hands = []
    for s in others:
        mine = known[s]
        free = view.hand_counts[s] - mine.total()
        counted = [0.0] * len(GROUPS)
        for c, v in mine.items():
            counted[group_of(c)] += v
        expected = tuple(counted[i] + free * share[i] for i, g in enumerate(GROUPS) if g in groups)
        hands.append(HandBelief(s, view.hand_counts[s], tuple(sorted(mine.elements())), expected))
    unseen = sum(view.hand_counts[s] for s in others) + view.draw_count
    return CiaoBeliefs(view.seat, groups, tuple(hands), unseen)
