"""What one render of Saboteur knows beyond the view: the partial choices (``data-pick``
tokens folded by ``next_picks``), the legal moves grouped for the screen (``Ctx``), and
the words for the reveal and the bribe window.

Tokens: ``card:<ID>`` pick a hand card (again: put it back), ``turn`` turn the picked
path card 180 degrees, ``discard`` start or cancel choosing cards to discard,
``discard:<i>`` the hand card at position ``i`` (sorted hand) to discard (at most two),
``cancel``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from parlor.core.rng import Rng
from parlor.games.saboteur import rules
from parlor.games.saboteur.cards import CARDS
from parlor.games.saboteur.game import GAME
from parlor.games.saboteur.naming import goal_msg, place_msg
from parlor.games.saboteur.notation import Move, parse_move
from parlor.games.saboteur.state import (
    BRIBE,
    OVER,
    PLAY,
    REVEAL,
    Placed,
    SaboteurState,
    SaboteurView,
)
from parlor.i18n.catalog import Msg, Translator
from parlor.render import common


def bribe_window_words(view: SaboteurView, t: Translator | None = None) -> str:
    """The status line in the bribe window: what the choice is and why it is now."""
    return (t or Translator())("saboteur.hint.bribe_duel" if view.players == 2
                               else "saboteur.hint.bribe_solo")


def is_you(screen: common.Screen, seat: int | None) -> bool:
    """Whether sentences about ``seat`` say "you": the screen's "You" seat (or, when the
    screen names none, the seat called "You"), while it goes by the default name (a
    seat someone named is called by its name)."""
    if seat is None or seat >= len(screen.names) or screen.names[seat] != screen.t("name.you"):
        return False
    return screen.you is None or seat == screen.you


def reveal_words(view: SaboteurView, cell: tuple[int, int], t: Translator | None = None
                 ) -> str:
    """Why the goal at ``cell`` may lie one way or either way (rules, "Goals, gold,
    trolls": its tunnels must join the tunnel that reached it when they can)."""
    t = t or Translator()
    joins = rules.joining_orientations(view, cell)
    if len(joins) == 1:
        return t("saboteur.hint.join_one", rot=Msg(f"saboteur.rot.{joins[0]}"))
    return t("saboteur.hint.join_both" if joins else "saboteur.hint.join_none")


# ------------------------------------------------------------------------ picks


@dataclass(frozen=True)
class Screen(common.Screen):
    """The common screen facts; the picks say which card is chosen and how it lies."""

    @property
    def card(self) -> str | None:
        """The picked hand card's id (``card:<ID>``), if any."""
        if self.picks and self.picks[0].startswith("card:"):
            return self.picks[0][5:]
        return None

    @property
    def rot(self) -> int:
        return 1 if "turn" in self.picks else 0

    @property
    def discarding(self) -> bool:
        return bool(self.picks) and self.picks[0] == "discard"

    @property
    def discards(self) -> tuple[int, ...]:
        """Hand positions chosen to discard, in the order they were chosen."""
        if not self.discarding:
            return ()
        out = []
        for t in self.picks[1:]:
            if t.startswith("discard:") and t[8:].isdigit():
                out.append(int(t[8:]))
        return tuple(out)


def next_picks(picks: tuple[str, ...], token: str) -> tuple[str, ...]:
    """Fold one ``data-pick`` token into the partial choice (pure)."""
    if token == "cancel":
        return ()
    if token.startswith("card:"):
        return () if picks[:1] == (token,) else (token,)
    if token == "turn":
        if not picks or not picks[0].startswith("card:"):
            return picks
        return (picks[0],) if "turn" in picks else (picks[0], "turn")
    if token == "discard":
        return () if picks[:1] == ("discard",) else ("discard",)
    if token.startswith("discard:"):
        chosen = picks[1:] if picks[:1] == ("discard",) else ()
        if token in chosen:
            chosen = tuple(t for t in chosen if t != token)
        else:
            chosen = (*chosen, token)[-2:]
        return ("discard", *chosen)
    return picks


# ------------------------------------------------------------------------ context


class Ctx:
    """One render's derived facts: the legal moves (when the viewer may act), a state
    consistent with the view to ask the rules why a move is refused, the grid."""

    def __init__(self, view: SaboteurView, screen: Screen) -> None:
        self.view = view
        self.screen = screen
        self.acting = (screen.interactive and view.seat is not None
                       and view.to_move == view.seat and view.phase != OVER)
        # The legal moves come with the screen (app/screens/game.py); the notation module
        # reads them, so nothing here builds or slices a move string.
        self.legal: frozenset[str] = frozenset(screen.legal) if self.acting else frozenset()
        self.moves: dict[str, Move] = {
            m: pm for m in sorted(self.legal) if (pm := parse_move(m)) is not None}

    def of_kind(self, kind: str) -> list[tuple[str, Move]]:
        """The legal moves of one kind, in notation order, with their parsed form."""
        return [(m, pm) for m, pm in self.moves.items() if pm.kind == kind]

    def find(self, kind: str, cell: tuple[int, int], rot: int = 0,
             card: str | None = None) -> str | None:
        """The legal move of ``kind`` at ``cell`` (lying ``rot``, with ``card``), if any."""
        for m, pm in self.moves.items():
            if (pm.kind == kind and pm.cell == cell and pm.rot == rot
                    and (card is None or pm.card == card)):
                return m
        return None

    @cached_property
    def det(self) -> SaboteurState | None:
        """A state consistent with the view, to ask the rules why a move is refused."""
        return GAME.determinize(self.view, Rng(0)) if self.acting else None

    @cached_property
    def grid(self) -> dict[tuple[int, int], Placed]:
        return {p.cell: p for p in self.view.maze}

    def refusal(self, move: str) -> str | None:
        """Why ``move`` is refused, in the page's language (None when it is legal)."""
        t = self.screen.t
        if self.det is None:
            return t("saboteur.reason.not_your_turn")
        why = rules.refusal(self.det, move)
        return t.say(why) if why is not None else None

    @property
    def card(self) -> str | None:
        """The picked card when the viewer really holds it."""
        cid = self.screen.card
        if cid is None or cid not in self.view.hand or not self.acting:
            return None
        if self.view.phase != PLAY:
            return None
        return cid

    @cached_property
    def places(self) -> dict[tuple[int, int], str]:
        """Cells where the picked path card may go in the chosen orientation -> move."""
        cid = self.card
        if cid is None or not CARDS[cid].is_path:
            return {}
        out = {}
        for m, pm in self.of_kind("place"):
            if pm.card == cid and pm.rot == self.screen.rot and pm.cell is not None:
                out[pm.cell] = m
        return out

    def place_count(self, rot: int) -> int:
        cid = self.card
        if cid is None:
            return 0
        return sum(1 for _, pm in self.of_kind("place") if pm.card == cid and pm.rot == rot)

    @cached_property
    def cell_moves(self) -> dict[tuple[int, int], tuple[str, str]]:
        """Occupied cells that complete a move now -> (move, label): the picked key,
        rockfall or map card's targets, or (nothing picked, or in the bribe window) trolls
        to bribe."""
        out: dict[tuple[int, int], tuple[str, str]] = {}
        if not self.acting or self.view.phase == REVEAL:
            return out
        cid = self.card
        kind = CARDS[cid].kind if cid is not None else None
        t = self.screen.t
        words = {"key": "put_key", "rockfall": "rockfall_on", "map": "look_at"}
        if kind in words:
            for m, pm in self.of_kind(kind):
                assert pm.cell is not None
                v = self.view
                where = (goal_msg if kind == "map" else place_msg)(pm.cell, v.players,
                                                                   v.colours)
                out[pm.cell] = (m, t(f"saboteur.ui.{words[kind]}", place=where))
        elif self.screen.picks == () or self.view.phase == BRIBE:
            for m, pm in self.of_kind("bribe"):
                assert pm.cell is not None
                where = place_msg(pm.cell, self.view.players, self.view.colours)
                out[pm.cell] = (m, t("saboteur.ui.bribe_counter", place=where))
        return out
