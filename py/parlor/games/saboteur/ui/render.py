"""Saboteur: The Duel on screen: the maze (SVG on an unbounded grid, panned and zoomed
by ``web/panzoom.py``), the hand, the choices of a turn, each player's table, the move
log and the end of the game.

Cards are drawn from their data (``cards.oriented_edges``), never from pictures:
tunnels are thick strokes from the edge midpoints (joined through the centre, bent as
arcs for a corner, short for a dead-end stub), doors a coloured bar with the colour's
letter, trolls a marked "T", gold a nugget with its count, ladders a ladder with the
colour's letter. A new card in ``cards.json`` needs no new art.

Every clickable element comes from ``legal_moves`` of a state determinized from the
viewer's own view (the viewer's legal moves never depend on hidden cards). Colour is
never the only cue: doors, counters, keys and ladders carry G or B.

Partial choices (``data-pick`` tokens, folded by ``next_picks``):
``card:<ID>`` pick a hand card (again: put it back), ``turn`` turn the picked path card
180 degrees, ``discard`` start or cancel choosing cards to discard, ``discard:<i>`` the
hand card at position ``i`` (sorted hand) to discard (at most two), ``cancel``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from parlor.core.protocol import Outcome
from parlor.core.rng import Rng
from parlor.games.saboteur import rules
from parlor.games.saboteur.cards import CARDS, DIRS, TOOLS, oriented_edges
from parlor.games.saboteur.describe import describe_move
from parlor.games.saboteur.game import GAME
from parlor.games.saboteur.notation import END_TURN, ROT_MARK, parse_move
from parlor.games.saboteur.state import (
    BRIBE,
    OVER,
    PLAY,
    REVEAL,
    Counter,
    Placed,
    SaboteurState,
    SaboteurView,
)
from parlor.render import common
from parlor.render.html import actionable, attrs, esc

S = 100  # SVG units per grid cell
TW = 28  # tunnel width
STUB = 30  # how far a dead-end stub reaches into the card
ARC_K = 27.6  # cubic control distance for a quarter circle of radius 50

#: Colour fill, text on it, and the letter that says the colour without colour.
COLOUR: dict[str, tuple[str, str, str]] = {
    "green": ("#1e8a3c", "#ffffff", "G"),
    "blue": ("#1f5fc4", "#ffffff", "B"),
}
ROCK = "#8a6d4b"
ROCK_EDGE = "#2b1f14"
TUNNEL = "#f6ecd2"
TUNNEL_EDGE = "#3a2a1a"
GOLD = "#ffd23f"
GOLD_EDGE = "#6b4f00"
TROLL = "#6a1b9a"

MID = {"N": (50, 0), "E": (100, 50), "S": (50, 100), "W": (0, 50)}
INWARD = {"N": (0, 1), "E": (-1, 0), "S": (0, -1), "W": (1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
SIDE = {"N": "north", "E": "east", "S": "south", "W": "west"}
#: Door bars sit across the tunnel at the card's edge: (x, y, width, height).
DOOR_BOX = {"N": (31, 1, 38, 18), "S": (31, 81, 38, 18), "W": (1, 31, 18, 38),
            "E": (81, 31, 18, 38)}
ROT_WORD = ("upright", "turned")


def bribe_window_words(view: SaboteurView) -> str:
    """The status line in the bribe window: what the choice is and why it is now."""
    who = "your opponent" if view.players == 2 else "a rockfall you draw"
    return ("Your action opened the way to a troll: bribe it now with a dwarf counter "
            f"(you pay 1 gold at the end of the round), before {who} can block the way, "
            "or end your turn.")


def reveal_words(view: SaboteurView, cell: tuple[int, int]) -> str:
    """Why the goal at ``cell`` may lie one way or either way (rules, "Goals, gold,
    trolls": its tunnels must join the tunnel that reached it when they can)."""
    joins = rules.joining_orientations(view, cell)
    if len(joins) == 1:
        return (f"Only {ROT_WORD[joins[0]]} do its tunnels join the tunnel that reached it, "
                f"so it must lie {ROT_WORD[joins[0]]}.")
    if joins:
        return ("Either way its tunnels join the tunnel that reached it: choose how it lies "
                "(sides that do not match other cards are allowed).")
    return ("Neither way do its tunnels join the tunnel that reached it: choose how it lies; "
            "the sides that do not match stay so.")


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
        self.det: SaboteurState | None = None
        self.legal: frozenset[str] = frozenset()
        if self.acting:
            self.det = GAME.determinize(view, Rng(0))
            self.legal = frozenset(GAME.legal_moves(self.det))

    @cached_property
    def grid(self) -> dict[tuple[int, int], Placed]:
        return {p.cell: p for p in self.view.maze}

    def refusal(self, move: str) -> str | None:
        if self.det is None:
            return "it is not your turn"
        return rules.refusal(self.det, move)

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
        mark = ROT_MARK[self.screen.rot]
        out = {}
        for m in self.legal:
            if m.startswith(f"place {cid}@") and m.endswith(mark):
                pm = parse_move(m)
                assert pm is not None and pm.cell is not None
                out[pm.cell] = m
        return out

    def place_count(self, rot: int) -> int:
        cid = self.card
        if cid is None:
            return 0
        mark = ROT_MARK[rot]
        return sum(1 for m in self.legal if m.startswith(f"place {cid}@") and m.endswith(mark))

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
        words = {"key": "Put your key on the door card at",
                 "rockfall": "Bring down a rockfall on the card at",
                 "map": "Look secretly at the goal at"}
        if kind in words:
            for m in sorted(self.legal):
                if m.startswith(kind + " @"):
                    pm = parse_move(m)
                    assert pm is not None and pm.cell is not None
                    out[pm.cell] = (m, f"{words[kind]} {pm.cell[0]},{pm.cell[1]}")
        elif self.screen.picks == () or self.view.phase == BRIBE:
            for m in sorted(self.legal):
                if m.startswith("bribe @"):
                    pm = parse_move(m)
                    assert pm is not None and pm.cell is not None
                    out[pm.cell] = (m, f"Bribe the troll at {pm.cell[0]},{pm.cell[1]} with a "
                                       "dwarf counter")
        return out


# ------------------------------------------------------------------------ drawing a card


def _f(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _groups(cid: str, rot: int) -> dict[str, list[str]]:
    """Tunnel groups of a card lying ``rot``: group label -> world sides, N E S W order."""
    out: dict[str, list[str]] = {}
    for d, e in oriented_edges(cid, rot).items():
        if e.open and e.group is not None:
            out.setdefault(e.group, []).append(d)
    return out


def _group_geometry(ds: Sequence[str]) -> tuple[str, tuple[float, float], bool]:
    """Path data for one tunnel group, where its gold sits, and whether it is a stub."""
    if len(ds) == 1:
        (x, y), (ix, iy) = MID[ds[0]], INWARD[ds[0]]
        return (f"M{x},{y} L{_f(x + ix * STUB)},{_f(y + iy * STUB)}",
                (x + ix * 22, y + iy * 22), True)
    if len(ds) == 2 and OPPOSITE[ds[0]] != ds[1]:
        (ax, ay), (bx, by) = MID[ds[0]], MID[ds[1]]
        (aix, aiy), (bix, biy) = INWARD[ds[0]], INWARD[ds[1]]
        path = (f"M{ax},{ay} C{_f(ax + aix * ARC_K)},{_f(ay + aiy * ARC_K)} "
                f"{_f(bx + bix * ARC_K)},{_f(by + biy * ARC_K)} {bx},{by}")
        # The arc's middle: from the shared corner toward the card centre, radius 50.
        cx = ax if ax in (0, 100) else bx
        cy = ay if ay in (0, 100) else by
        k = 50 / (2 ** 0.5) / 50
        return path, (cx + (50 - cx) * k, cy + (50 - cy) * k), False
    return " ".join(f"M{MID[d][0]},{MID[d][1]} L50,50" for d in ds), (50.0, 50.0), False


def _text(x: float, y: float, text: str, size: int, fill: str, cls: str = "",
          weight: str = "700") -> str:
    c = f' class="{cls}"' if cls else ""
    return (f'<text{c} x="{_f(x)}" y="{_f(y)}" text-anchor="middle" dominant-baseline="central" '
            f'font-size="{size}" font-weight="{weight}" fill="{fill}">{esc(text)}</text>')


def counter_svg(x: float, y: float, colour: str, what: str = "dwarf counter") -> str:
    """A dwarf counter in the owner's colour, with the colour's letter."""
    fill, ink, letter = COLOUR[colour]
    return (f'<g class="counter"><title>{esc(colour.capitalize())} {esc(what)}</title>'
            f'<circle cx="{_f(x)}" cy="{_f(y)}" r="13" fill="{fill}" stroke="#fff" '
            f'stroke-width="3"/><circle cx="{_f(x)}" cy="{_f(y)}" r="16" fill="none" '
            f'stroke="#111" stroke-width="1.5"/>{_text(x, y + 1, letter, 15, ink)}</g>')


def key_svg(x: float, y: float, colour: str) -> str:
    fill, _, letter = COLOUR[colour]
    return (f'<g class="key-token"><title>{esc(colour.capitalize())} key on this door</title>'
            f'<circle cx="{_f(x)}" cy="{_f(y)}" r="14" fill="#fff" stroke="{fill}" '
            f'stroke-width="4"/><circle cx="{_f(x - 4)}" cy="{_f(y)}" r="4" fill="none" '
            f'stroke="#111" stroke-width="2.5"/><path d="M{_f(x)},{_f(y)} h9 m-3,0 v4 m-3,-4 v3" '
            f'stroke="#111" stroke-width="2.5" fill="none"/>'
            f'{_text(x, y - 22, letter, 12, fill)}</g>')


def ladder_svg(colour: str) -> str:
    fill, ink, letter = COLOUR[colour]
    rungs = "".join(f'<line x1="41" y1="{y}" x2="59" y2="{y}"/>' for y in (34, 46, 58, 70))
    return (f'<g class="ladder" stroke="{fill}" stroke-width="4" stroke-linecap="round">'
            f'<line x1="41" y1="26" x2="41" y2="78"/><line x1="59" y1="26" x2="59" y2="78"/>'
            f'{rungs}</g><circle cx="15" cy="15" r="11" fill="{fill}" stroke="#fff" '
            f'stroke-width="2"/>{_text(15, 16, letter, 13, ink)}')


def card_face(cid: str, rot: int, bribed: Iterable[str] = ()) -> str:
    """One tunnel card (start, path or goal) lying ``rot``, in a 100x100 box."""
    card = CARDS[cid]
    edges = oriented_edges(cid, rot)
    groups = _groups(cid, rot)
    out = [f'<rect class="rock" x="1" y="1" width="98" height="98" rx="6" fill="{ROCK}" '
           f'stroke="{ROCK_EDGE}" stroke-width="2"/>']
    gold_at: list[tuple[float, float, int]] = []
    # Through-tunnels first, stubs last; a later through-tunnel crossing an earlier one
    # is drawn over it with its dark edge: a bridge.
    order = sorted(groups.items(), key=lambda kv: (len(kv[1]) == 1, kv[0]))
    through = [ds for _, ds in order if len(ds) >= 2 and (len(ds) > 2 or
                                                          OPPOSITE[ds[0]] == ds[1])]
    crossed = False
    for _, ds in order:
        path, anchor, stub = _group_geometry(ds)
        cap = "round" if stub else "butt"
        if ds in through and len(through) > 1:
            # A bridge: two tunnels through the centre. The second passes over the
            # first with a band of rock either side; gold sits on its own tunnel's arm.
            mx, my = MID[ds[0]]
            anchor = ((mx + 50) / 2, (my + 50) / 2)
            if crossed:
                out.append(f'<path d="{path}" fill="none" stroke="{ROCK}" '
                           f'stroke-width="{TW + 18}" stroke-linecap="butt"/>')
            crossed = True
        out.append(f'<path d="{path}" fill="none" stroke="{TUNNEL_EDGE}" '
                   f'stroke-width="{TW + 6}" stroke-linecap="{cap}"/>')
        if len(ds) >= 3:
            out.append(f'<circle cx="50" cy="50" r="{(TW + 6) / 2}" fill="{TUNNEL_EDGE}"/>')
        out.append(f'<path d="{path}" fill="none" stroke="{TUNNEL}" stroke-width="{TW}" '
                   f'stroke-linecap="{cap}"/>')
        if len(ds) >= 3:
            out.append(f'<circle cx="50" cy="50" r="{TW / 2}" fill="{TUNNEL}"/>')
        nuggets = edges[ds[0]].gold
        if nuggets:
            gold_at.append((anchor[0], anchor[1], nuggets))
    if card.ladder:
        out.append(ladder_svg(card.ladder))
        if card.kind == "start":
            out.append(f'<rect x="3.5" y="3.5" width="93" height="93" rx="5" fill="none" '
                       f'stroke="{COLOUR[card.ladder][0]}" stroke-width="5"/>')
    for d in DIRS:
        e = edges[d]
        if e.door:
            x, y, w, h = DOOR_BOX[d]
            fill, ink, letter = COLOUR[e.door]
            out.append(f'<rect class="door" x="{x}" y="{y}" width="{w}" height="{h}" rx="3" '
                       f'fill="{fill}" stroke="#fff" stroke-width="2"/>'
                       f'{_text(x + w / 2, y + h / 2 + 1, letter, 14, ink)}')
    for d in DIRS:
        if edges[d].troll:
            ix, iy = INWARD[d]
            x, y = MID[d][0] + ix * 30, MID[d][1] + iy * 30
            open_ = bool(bribed)
            fill = "#9a9a9a" if open_ else TROLL
            pts = " ".join(f"{_f(x + dx)},{_f(y + dy)}" for dx, dy in
                           ((-8, -15), (8, -15), (15, -8), (15, 8), (8, 15), (-8, 15),
                            (-15, 8), (-15, -8)))
            out.append(f'<g class="troll"><polygon points="{pts}" fill="{fill}" stroke="#fff" '
                       f'stroke-width="2.5"/>{_text(x, y + 1, "T", 17, "#fff")}</g>')
    for gx, gy, n in gold_at:
        out.append(f'<g class="gold"><circle cx="{_f(gx)}" cy="{_f(gy)}" r="14" fill="{GOLD}" '
                   f'stroke="{GOLD_EDGE}" stroke-width="2.5"/>'
                   f'{_text(gx, gy + 1, str(n), 17, "#1a1a1a")}</g>')
    return "".join(out)


def goal_back() -> str:
    return (f'<rect x="1" y="1" width="98" height="98" rx="6" fill="#1d2540" stroke="#d4a017" '
            f'stroke-width="3"/>{_text(50, 46, "?", 54, "#ffd23f")}'
            f'{_text(50, 86, "GOAL", 13, "#ffd23f")}')


def action_face(cid: str) -> str:
    """An action card: what it does in words, and a simple mark."""
    card = CARDS[cid]
    bg = {"sabotage": "#fde3e0", "repair": "#e0f4e2"}.get(card.kind, "#ece6f7")
    out = [f'<rect x="1" y="1" width="98" height="98" rx="6" fill="{bg}" stroke="#333" '
           f'stroke-width="2"/>']
    if card.kind == "sabotage":
        out.append(_text(50, 18, "BREAK", 15, "#8b1a10"))
        out.append(_text(50, 56, card.tools[0], 22, "#1a1a1a"))
        out.append('<path d="M22,36 L78,78 M78,36 L22,78" stroke="#c0392b" stroke-width="6" '
                   'stroke-linecap="round" opacity=".8"/>')
    elif card.kind == "repair":
        out.append(_text(50, 18, "REPAIR", 15, "#17612c"))
        for i, t in enumerate(card.tools):
            out.append(_text(50, 46 + i * 24 - (len(card.tools) - 1) * 10, t, 20, "#1a1a1a"))
        out.append('<path d="M66,82 l8,8 l16,-18" stroke="#1e7b34" stroke-width="6" '
                   'fill="none" stroke-linecap="round"/>')
    elif card.kind == "key":
        out.append(_text(50, 18, "KEY", 15, "#3d2470"))
        out.append('<circle cx="36" cy="56" r="12" fill="none" stroke="#1a1a1a" '
                   'stroke-width="6"/><path d="M48,56 h32 m-8,0 v12 m-10,-12 v9" '
                   'stroke="#1a1a1a" stroke-width="6" fill="none"/>')
    elif card.kind == "rockfall":
        out.append(_text(50, 18, "ROCKFALL", 14, "#3d2470"))
        out.append('<g fill="#6d6d6d" stroke="#1a1a1a" stroke-width="2">'
                   '<polygon points="20,84 30,62 46,66 50,84"/>'
                   '<polygon points="46,84 56,54 74,58 80,84"/>'
                   '<polygon points="34,60 42,40 58,44 52,58"/></g>')
    elif card.kind == "map":
        out.append(_text(50, 18, "MAP", 15, "#3d2470"))
        out.append('<rect x="20" y="32" width="60" height="52" fill="#f3e2b3" stroke="#1a1a1a" '
                   'stroke-width="2"/><path d="M28,74 q12,-20 24,-8 t18,-22" fill="none" '
                   'stroke="#1a1a1a" stroke-width="2.5" stroke-dasharray="4 3"/>'
                   '<path d="M64,38 l10,10 m0,-10 l-10,10" stroke="#c0392b" stroke-width="4"/>')
    return "".join(out)


def any_face(cid: str, rot: int = 0) -> str:
    return card_face(cid, rot) if CARDS[cid].is_tunnel else action_face(cid)


def card_words(cid: str, rot: int = 0) -> str:
    """A card in words (aria-labels, tooltips, the log)."""
    card = CARDS[cid]
    if card.kind == "sabotage":
        return f"{cid}: break a {card.tools[0]} (sabotage)"
    if card.kind == "repair":
        return f"{cid}: repair a {' or '.join(card.tools)}"
    if card.kind in ("key", "rockfall", "map"):
        return f"{cid}: {card.kind}"
    bits = []
    edges = oriented_edges(cid, rot)
    for _, ds in sorted(_groups(cid, rot).items()):
        sides = [SIDE[d] for d in ds]
        if len(ds) == 1:
            text = f"dead end {sides[0]}"
        else:
            text = "tunnel " + "-".join(sides)
        if edges[ds[0]].gold:
            text += f" with {edges[ds[0]].gold} gold"
        bits.append(text)
    for d in DIRS:
        if edges[d].door:
            bits.append(f"{edges[d].door} door on the {SIDE[d]}")
        if edges[d].troll:
            bits.append(f"troll on the {SIDE[d]}")
    if card.ladder:
        bits.append(f"{card.ladder} {'start' if card.kind == 'start' else 'ladder'}")
    return f"{cid} ({', '.join(bits) or 'rock'})"


# ------------------------------------------------------------------------ the maze


def _cell_xy(cell: tuple[int, int]) -> tuple[int, int]:
    return cell[0] * S, cell[1] * S


def _empty_neighbours(grid: dict[tuple[int, int], Placed], face_up_only: bool = False
                      ) -> list[tuple[int, int]]:
    """Empty cells beside a card (beside a face-up card: where a new card could touch
    a tunnel; the rules allow any card beside a goal, but that is rarely the question)."""
    out = set()
    for (x, y), p in grid.items():
        if face_up_only and not p.face_up:
            continue
        for n in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
            if n not in grid:
                out.add(n)
    return sorted(out)


def fit_box(cells: Iterable[tuple[int, int]]) -> tuple[int, int, int, int]:
    """The viewBox (x, y, w, h) showing ``cells`` with one cell of margin all round."""
    cells = list(cells) or [(0, 0)]
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    return ((min(xs) - 1) * S, (min(ys) - 1) * S, (max(xs) - min(xs) + 3) * S,
            (max(ys) - min(ys) + 3) * S)


def _placed_label(view: SaboteurView, p: Placed, names: Sequence[str]) -> str:
    where = f"{p.x},{p.y}"
    mine = dict(view.peeked)
    if p.cell not in mine and (p.card is None or (not p.face_up
                                                  and p.cell not in view.pending)):
        return f"Face-down goal at {where}"
    cid = p.card if p.card is not None else mine[p.cell]
    if not p.face_up and p.cell in view.pending:
        return f"Goal being turned face up at {where}: {card_words(cid)}"
    if not p.face_up:
        return f"Face-down goal at {where}: you peeked, it is {card_words(cid)}"
    text = f"{card_words(cid, p.rot)} at {where}, {ROT_WORD[p.rot]}"
    extra = []
    for c in view.claims:
        if c.cell == p.cell:
            extra.append(f"{names[c.seat] if c.seat < len(names) else c.seat}'s counter on "
                         f"its gold")
    for c in view.bribes:
        if c.cell == p.cell:
            extra.append(f"troll bribed by {names[c.seat] if c.seat < len(names) else c.seat}")
    for k in view.keys:
        if k.cell == p.cell:
            extra.append(f"{names[k.seat] if k.seat < len(names) else k.seat}'s key on it")
    return text + ("; " + "; ".join(extra) if extra else "")


def _placed_svg(view: SaboteurView, p: Placed, counters: Sequence[Counter],
                keys: Sequence[Counter]) -> str:
    """The drawing of one maze card (face, back, peek or pending), with its tokens."""
    mine = dict(view.peeked)
    here_bribes = [c for c in counters if c.cell == p.cell and c.group is None]
    if p.face_up and p.card is not None:
        body = card_face(p.card, p.rot, bribed=[str(c.seat) for c in here_bribes])
    elif p.cell in view.pending and p.card is not None:
        body = (card_face(p.card, 0) + '<rect x="3" y="3" width="94" height="94" rx="6" '
                'fill="none" stroke="#ff8c00" stroke-width="6"/>'
                + _text(50, 8, "TURN UP", 10, "#1a1a1a", "badge"))
    elif p.cell in mine:
        body = (card_face(mine[p.cell], 0) + '<rect x="2" y="2" width="96" height="96" rx="6" '
                'fill="#1d2540" fill-opacity=".35" stroke="#ffd23f" stroke-width="5" '
                'stroke-dasharray="10 6"/><rect x="6" y="34" width="88" height="30" rx="5" '
                'fill="#ffd23f" stroke="#1a1a1a" stroke-width="2"/>'
                + _text(50, 49.5, "PEEKED", 16, "#1a1a1a"))
    else:
        body = goal_back()
    # Tokens: counters on gold groups and trolls, keys on doors.
    tok = []
    if p.face_up and p.card is not None:
        edges = oriented_edges(p.card, p.rot)
        groups = _groups(p.card, p.rot)
        for c in counters:
            if c.cell != p.cell:
                continue
            if c.group is not None and c.group in groups:
                _, (ax, ay), _ = _group_geometry(groups[c.group])
                tok.append(counter_svg(min(ax + 20, 84), max(ay - 20, 16), colour_of(view, c.seat),
                                       "dwarf counter on this gold"))
            elif c.group is None:
                d = next((d for d in DIRS if edges[d].troll), "S")
                ix, iy = INWARD[d]
                x, y = MID[d][0] + ix * 30, MID[d][1] + iy * 30
                tok.append(counter_svg(x + 22 if x < 70 else x - 22, y - 12,
                                       colour_of(view, c.seat), "counter: troll bribed"))
        for k in keys:
            if k.cell == p.cell:
                tok.append(key_svg(82, 84, colour_of(view, k.seat)))
    return body + "".join(tok)


def colour_of(view: SaboteurView, seat: int) -> str:
    return view.colours[seat] if 0 <= seat < len(view.colours) else "green"


def maze_svg(view: SaboteurView, ctx: Ctx, names: Sequence[str],
             maze: Sequence[Placed] | None = None,
             counters: Sequence[Counter] | None = None, label: str = "The maze") -> str:
    """The maze as SVG on the unbounded grid; ``maze``/``counters`` override the view's
    (the end screen draws the last round's maze)."""
    final = maze is not None
    placed = tuple(view.maze) if maze is None else tuple(maze)
    tokens = (tuple(view.claims) + tuple(view.bribes)) if counters is None else tuple(counters)
    keys = () if final else view.keys
    grid = {p.cell: p for p in placed}
    # The fitted view: the maze (goals included) and one cell of margin, where every
    # highlighted cell lies; it does not move when a card is picked.
    fit = fit_box([p.cell for p in placed] + list(view.goal_cells if not final else ()))
    body: list[str] = []
    late: list[str] = []  # refused cells with their visible reasons: drawn on top
    cell_moves = {} if final else ctx.cell_moves
    card = None if final else ctx.card
    kind = CARDS[card].kind if card is not None else None
    for p in placed:
        x, y = _cell_xy(p.cell)
        inner = _placed_svg(view, p, tokens, keys)
        said = _placed_label(view, p, names)
        cls = "mcard" + (" pending" if p.cell in view.pending else "")
        if p.cell in cell_moves:
            move, what = cell_moves[p.cell]
            ring = '<rect class="hl" x="3" y="3" width="94" height="94" rx="8" fill="none"/>'
            body.append(actionable(
                "g", f"<title>{esc(what)}</title>{inner}{ring}", label=f"{what}: {said}",
                class_=cls + " tgt", data_move=move, data_cell=f"{p.x},{p.y}",
                transform=f"translate({x},{y})"))
            continue
        if kind in ("key", "rockfall", "map") and card is not None:
            why = ctx.refusal(f"{kind} @{p.x},{p.y}")
            if why:
                text = f"{said}. Not for your {kind}: {why}."
                body.append(f'<g{attrs(class_=cls, transform=f"translate({x},{y})")}>'
                            f"{inner}</g>")
                late.append(_refused(text, p.cell, fit, "mcard refused"))
                continue
        g_attrs = attrs(class_=cls, transform=f"translate({x},{y})", role="img",
                        aria_label=said, data_cell=f"{p.x},{p.y}")
        body.append(f"<g{g_attrs}><title>{esc(said)}</title>{inner}</g>")
    places = {} if final else ctx.places
    if card is not None and CARDS[card].is_path:
        rot = ctx.screen.rot
        for cell in sorted(set(_empty_neighbours(grid, face_up_only=True)) | set(places)):
            x, y = _cell_xy(cell)
            where = f"{cell[0]},{cell[1]}"
            if cell in places:
                move = places[cell]
                what = f"Place {card} {ROT_WORD[rot]} at {where}"
                inner = (f'<title>{esc(what)}</title><rect class="spot" x="4" y="4" width="92" '
                         f'height="92" rx="8"/><g class="ghost">{card_face(card, rot)}</g>'
                         f'<path class="plus" d="M50,34 v32 M34,50 h32"/>')
                body.append(actionable("g", inner, label=what, class_="sq tgt",
                                       data_move=move, data_cell=where,
                                       transform=f"translate({x},{y})"))
                continue
            why = ctx.refusal(f"place {card}@{where}{ROT_MARK[rot]}") or "not allowed"
            other = f"place {card}@{where}{ROT_MARK[1 - rot]}"
            if other in ctx.legal:
                why += f"; it fits {ROT_WORD[1 - rot]}: press Turn"
            text = f"Cell {where}: the {card} cannot go here {ROT_WORD[rot]}: {why}."
            body.append(f'<rect class="nospot" x="{x + 10}" y="{y + 10}" width="80" '
                        f'height="80" rx="8"/>')
            late.append(_refused(text, cell, fit, "sq refused"))
    body.extend(late)
    fit_text = " ".join(str(v) for v in fit)
    aria = (f"{label}. Arrow keys pan, plus and minus zoom, 0 fits the whole maze; drag to "
            "pan, wheel or pinch to zoom.")
    svg_attrs = attrs(data_fit=fit_text, data_round=view.round if not final else "end",
                      viewBox=fit_text, tabindex="0", role="group", aria_label=aria,
                      style=f"aspect-ratio: {fit[2]} / {fit[3]}")
    return (f'<svg class="maze" xmlns="http://www.w3.org/2000/svg" data-panzoom{svg_attrs} '
            f'preserveAspectRatio="xMidYMid meet">{"".join(body)}</svg>')


TIP_W, TIP_H = 320, 230


def _refused(text: str, cell: tuple[int, int], fit: tuple[int, int, int, int], cls: str
             ) -> str:
    """A cell that says why it cannot be used: focusable, its reason in a tooltip. Drawn
    after everything else and painting nothing but the tooltip, so no card covers it."""
    x, y = _cell_xy(cell)
    g_attrs = attrs(class_=cls, transform=f"translate({x},{y})", tabindex="0", role="img",
                    aria_label=text, data_cell=f"{cell[0]},{cell[1]}")
    return (f'<g{g_attrs}><rect class="hit" x="2" y="2" width="96" height="96" rx="8"/>'
            f'{_tip(text, cell, fit)}</g>')


def _tip(text: str, cell: tuple[int, int], fit: tuple[int, int, int, int]) -> str:
    """Why not, shown beside the cell while it is hovered or focused (CSS), on the side
    of the cell that faces the middle of the fitted view so it stays on the board."""
    fx, fy, fw, fh = fit
    cx, cy = cell[0] * S + S / 2, cell[1] * S + S / 2
    x = S + 6 if cx < fx + fw / 2 else -TIP_W - 6
    below = cy < fy + fh / 2
    y = 0 if below else S - TIP_H
    align = "tip-down" if below else "tip-up"
    return (f'<foreignObject class="tip" x="{x}" y="{y}" width="{TIP_W}" height="{TIP_H}">'
            f'<div xmlns="http://www.w3.org/1999/xhtml" class="tipbox {align}"><p>{esc(text)}'
            f'</p></div></foreignObject>')


def zoom_bar() -> str:
    b = []
    for action, text, label in (("zoom-in", "+", "Zoom in"), ("zoom-out", "−", "Zoom out"),
                                ("zoom-fit", "Fit", "Show the whole maze")):
        b_attrs = attrs(class_="btn subtle zoom", data_action=action, aria_label=label,
                        title=label)
        b.append(f'<button type="button"{b_attrs}>{esc(text)}</button>')
    return (f'<div class="zoombar" role="group" aria-label="Zoom">{"".join(b)}'
            f'<span class="zoomhelp">Drag to pan · wheel or pinch to zoom</span></div>')


# ------------------------------------------------------------------------ hand and choices


def _hand_card(cid: str, i: int, ctx: Ctx) -> str:
    screen = ctx.screen
    rot = screen.rot if ctx.card == cid else 0
    svg = (f'<svg viewBox="0 0 100 100" class="face" aria-hidden="true">'
           f'{any_face(cid, rot)}</svg>')
    kind = CARDS[cid].kind
    inner = f'{svg}<span class="cid">{esc(cid)}</span>'
    words = card_words(cid, rot)
    first = ctx.view.hand.index(cid) == i
    if ctx.acting and ctx.view.phase == PLAY:
        if screen.discarding:
            on = i in screen.discards
            if on:
                inner += '<span class="tag">discard</span>'
            return actionable(
                "div", inner, label=f"{'Keep' if on else 'Discard'} {words}",
                class_="hcard pickable" + (" picked discard" if on else ""),
                data_pick=f"discard:{i}", data_kind=kind, aria_pressed="true" if on else "false")
        on = ctx.card == cid and first
        return actionable("div", inner, label=f"{'Put back' if on else 'Pick'} {words}",
                          class_="hcard pickable" + (" picked" if on else ""),
                          data_pick=f"card:{cid}", data_kind=kind,
                          aria_pressed="true" if on else "false")
    plain = attrs(class_="hcard", data_kind=kind, aria_label=words, role="img")
    return f"<div{plain}>{inner}</div>"


def hand_html(view: SaboteurView, ctx: Ctx, names: Sequence[str]) -> str:
    if view.seat is None:
        return ""
    who = "Your" if names[view.seat] == "You" else f"{esc(names[view.seat])}'s"
    cards = "".join(_hand_card(cid, i, ctx) for i, cid in enumerate(view.hand))
    if not view.hand:
        cards = '<p class="note">No cards left: you sit out the rest of the round.</p>'
    return (f'<section class="sab-hand" data-secret="hand" aria-label="{who} hand">'
            f'<h3>{who} hand <small>(secret)</small></h3><div class="cards">{cards}</div>'
            f'</section>')


def _move_button(move: str, text: str, cls: str = "btn") -> str:
    return actionable("button", esc(text), label=text, class_=cls, data_move=move,
                      type="button")


def _pick_button(token: str, text: str, cls: str = "btn subtle", pressed: bool | None = None
                 ) -> str:
    return actionable("button", esc(text), label=text, class_=cls, data_pick=token,
                      type="button",
                      aria_pressed=None if pressed is None else ("true" if pressed else "false"))


def _opponent(view: SaboteurView, seat: int, names: Sequence[str]) -> str:
    other = 1 - seat
    return names[other] if other < len(names) else view.colours[other].capitalize()


def choices_html(view: SaboteurView, ctx: Ctx, names: Sequence[str]) -> str:
    """What the viewer may do now, beside the maze: reveal choices, the picked card's
    uses, discards, bribes. Empty when the viewer may not act."""
    if not ctx.acting:
        return ""
    seat = view.seat
    assert seat is not None
    parts: list[str] = []
    if view.phase == REVEAL:
        for cell in view.pending:
            p = ctx.grid.get(cell)
            if p is None or p.card is None:
                continue
            where = f"{cell[0]},{cell[1]}"
            opts = []
            for rot in (0, 1):
                move = f"reveal @{where} {ROT_MARK[rot]}"
                if move not in ctx.legal:
                    continue  # only the orientations the rules allow are shown
                label = f"Turn the goal at {where} face up {ROT_WORD[rot]}"
                inner = (f'<svg viewBox="0 0 100 100" class="face" aria-hidden="true">'
                         f'{card_face(p.card, rot)}</svg><span>{ROT_WORD[rot].capitalize()}'
                         f'</span>')
                opts.append(actionable("div", inner, label=label, class_="reveal-opt",
                                       data_move=move))
            parts.append(f'<div class="reveal"><p>You reached the goal at {where}: '
                         f'{esc(card_words(p.card))}. {esc(reveal_words(view, cell))}</p>'
                         f'<div class="opts">{"".join(opts)}</div></div>')
        return f'<section class="sab-choices" aria-label="Your choices">{"".join(parts)}</section>'
    if view.phase == BRIBE:
        btns = "".join(_move_button(m, f"Bribe the troll at {m[7:]}", "btn")
                       for m in sorted(ctx.legal) if m.startswith("bribe @"))
        if END_TURN in ctx.legal:
            btns += _move_button(END_TURN, "End turn", "btn subtle")
        parts.append(f'<div class="bribes bribe-window"><p>{esc(bribe_window_words(view))}</p>'
                     f'<div class="buttons">{btns}</div></div>')
        return f'<section class="sab-choices" aria-label="Your choices">{"".join(parts)}</section>'
    screen = ctx.screen
    cid = ctx.card
    if screen.discarding:
        chosen = [view.hand[i] for i in screen.discards if 0 <= i < len(view.hand)]
        parts.append('<p>Choose one or two cards to discard. <strong>Pass</strong>: discard '
                     'one or two and draw as many. <strong>Clear</strong>: discard two to '
                     'remove a sabotage card in front of you (you hold one card fewer for the '
                     'rest of the round).</p>')
        buttons = []
        if chosen:
            cards = " ".join(sorted(chosen))
            move = f"pass {cards}"
            if move in ctx.legal:
                n = len(chosen)
                buttons.append(_move_button(move, f"Pass: discard {' and '.join(sorted(chosen))}"
                                            f", draw {n}"))
            if len(chosen) == 2:
                for tool in view.sabotage[seat]:
                    move = f"clear {tool} discard {cards}"
                    if move in ctx.legal:
                        buttons.append(_move_button(
                            move, f"Clear your broken {tool}: discard "
                            f"{' and '.join(sorted(chosen))}"))
        buttons.append(_pick_button("cancel", "Cancel"))
        parts.append(f'<div class="buttons">{"".join(buttons)}</div>')
    elif cid is not None:
        card = CARDS[cid]
        rot = screen.rot
        preview = (f'<svg viewBox="0 0 100 100" class="face big" aria-hidden="true">'
                   f'{any_face(cid, rot)}</svg>')
        buttons = []
        text = ""
        if card.is_path:
            n = len(ctx.places)
            other = ctx.place_count(1 - rot)
            if view.sabotage[seat]:
                text = (f"You cannot place path cards while a broken "
                        f"{' and a broken '.join(view.sabotage[seat])} lies in front of you: "
                        "repair it, or discard two cards to clear one.")
            elif n:
                text = (f"{cid} {ROT_WORD[rot]}: {n} cell{'s' if n != 1 else ''} fit "
                        "(highlighted in the maze). Choose one, or press Turn.")
            elif other:
                text = (f"{cid} fits nowhere {ROT_WORD[rot]}; turned the other way it fits "
                        f"{other} cell{'s' if other != 1 else ''}: press Turn.")
            else:
                text = (f"{cid} fits nowhere this turn, either way up. Hover or focus a "
                        "dashed cell to see why.")
            buttons.append(_pick_button("turn", f"Turn ({ROT_WORD[rot]} now)",
                                        cls="btn", pressed=rot == 1))
        elif card.kind == "sabotage":
            tool = card.tools[0]
            move = f"break {tool}"
            if move in ctx.legal:
                buttons.append(_move_button(move, f"Break {_opponent(view, seat, names)}'s "
                                            f"{tool}"))
            else:
                text = f"Cannot break: {ctx.refusal(move)}."
        elif card.kind == "repair":
            for tool in card.tools:
                move = f"repair {tool}" + (f" with {'+'.join(card.tools)}"
                                           if len(card.tools) > 1 else "")
                if move in ctx.legal:
                    buttons.append(_move_button(move, f"Repair your {tool}"))
            if not buttons:
                text = (f"Nothing to repair: no broken {' or '.join(card.tools)} lies in front "
                        "of you.")
        elif card.kind in ("key", "rockfall", "map"):
            n = len(ctx.cell_moves)
            what = {"key": "door cards of the other colour for your key",
                    "rockfall": "path cards a rockfall may remove",
                    "map": "face-down goals you may look at"}[card.kind]
            if n:
                text = f"Choose one of the {n} highlighted {what}."
            else:
                probe = {"key": "key @0,0", "rockfall": "rockfall @0,0", "map": "map @0,0"}
                why = ctx.refusal(probe[card.kind])
                if card.kind == "key" and view.keys_left == 0:
                    why = "both key tokens are already on the table"
                elif card.kind == "key":
                    why = "no door of the other colour without a key is in the maze"
                elif card.kind == "map":
                    why = "every goal is face up"
                text = f"No target for this {card.kind} now: {why}."
        move = f"pass {cid}"
        if move in ctx.legal:
            buttons.append(_move_button(move, f"Pass: discard {cid}, draw 1", "btn subtle"))
        buttons.append(_pick_button(f"card:{cid}", "Put back"))
        buttons.append(_pick_button("discard", "Discard cards…"))
        parts.append(f'<div class="picked-card">{preview}<div><p><strong>'
                     f'{esc(card_words(cid, rot))}</strong></p>'
                     f'<p>{esc(text)}</p><div class="buttons">{"".join(buttons)}</div>'
                     f'</div></div>')
    else:
        parts.append("<p>Pick a card from your hand: a path card to dig (then a highlighted "
                     "cell), or an action card.</p>")
        discard = _pick_button("discard", "Discard cards… (pass or clear)")
        parts.append(f'<div class="buttons">{discard}</div>')
    bribes = sorted(m for m in ctx.legal if m.startswith("bribe @"))
    if bribes:
        btns = "".join(_move_button(m, f"Bribe the troll at {m[7:]}", "btn")
                       for m in bribes)
        parts.append(f'<div class="bribes"><p>Your tunnel reaches a troll: you may bribe it '
                     f'with a dwarf counter (a free action; you pay 1 gold at the end of the '
                     f'round) and then go on with your turn.</p><div class="buttons">{btns}'
                     f'</div></div>')
    return f'<section class="sab-choices" aria-label="Your choices">{"".join(parts)}</section>'


# ------------------------------------------------------------------------ panels


def claimed_gold(view: SaboteurView, seat: int) -> int:
    grid = {p.cell: p for p in view.maze}
    total = 0
    for c in view.claims:
        if c.seat != seat or c.group is None:
            continue
        p = grid.get(c.cell)
        if p is not None and p.card is not None:
            total += dict(CARDS[p.card].gold).get(c.group, 0)
    return total


def players_html(view: SaboteurView, screen: Screen) -> str:
    names = screen.names
    rows = []
    for seat in range(view.players):
        colour = view.colours[seat]
        fill, ink, letter = COLOUR[colour]
        turn = view.to_move == seat
        kind = screen.kinds[seat] if seat < len(screen.kinds) else "human"
        level = esc(kind.replace("bot:", "bot, "))
        tag = "" if kind == "human" else f' <span class="kind">({level})</span>'
        thinking = ' <span class="thinking">thinking…</span>' if screen.thinking == seat else ""
        tools = []
        for t in TOOLS:
            broken = t in view.sabotage[seat]
            tools.append(f'<li class="tool{" broken" if broken else ""}">'
                         f'{"✕ broken " if broken else "✓ "}{t}</li>')
        counters = view.counters_left[seat]
        dots = "".join(f'<span class="dot" style="background:{fill};color:{ink}">{letter}</span>'
                       for _ in range(counters))
        keys = sum(1 for k in view.keys if k.seat == seat)
        owed = sum(1 for b in view.bribes if b.seat == seat)
        gold_now = claimed_gold(view, seat)
        banked = view.gold(seat)
        owe = f", owes {owed} to trolls" if owed else ""
        rows.append(
            f'<li class="player{" to-move" if turn else ""}{" me" if seat == view.seat else ""}"'
            f'{attrs(data_seat=seat)}><div class="who"><span class="chip" style="background:{fill};'
            f'color:{ink}">{letter}</span> {"▶ " if turn else ""}{esc(names[seat])}{tag}{thinking}'
            f' <span class="colour">({colour})</span></div>'
            f'<ul class="tools" aria-label="Sabotage in front of {esc(names[seat])}">'
            f'{"".join(tools)}</ul>'
            f'<div class="facts"><span>Hand: {view.hand_sizes[seat]}</span>'
            f'<span>Counters left: {counters} {dots}</span>'
            f'<span>Keys on doors: {keys}</span>'
            f'<span>Gold this round: {gold_now}{owe}</span>'
            f'<span>Gold banked: {banked}</span></div></li>')
    return f'<ul class="players">{"".join(rows)}</ul>'


def table_facts(view: SaboteurView) -> str:
    bits = [f"Round {view.round} of {view.options.rounds}",
            f"Draw pile: {view.draw_size}",
            f"Discards: {len(view.discard)}",
            f"Key tokens left: {view.keys_left}"]
    if view.players == 1:
        bits.append(f"Set aside: {view.set_aside_size}")
    spans = "".join(f"<span>{esc(b)}</span>" for b in bits)
    return f'<p class="facts table-facts">{spans}</p>'


def rounds_table(view: SaboteurView, names: Sequence[str]) -> str:
    """Gold won (and paid to trolls) per round, and the running totals."""
    head = "<tr><th>Round</th>" + "".join(f"<th>{esc(names[s])}</th>"
                                           for s in range(view.players)) + "</tr>"
    rows = []
    for r in view.results:
        cells = []
        for s in range(view.players):
            paid = f" − {r.paid[s]} paid" if r.paid[s] else ""
            cells.append(f"<td>{r.won[s]}{paid}</td>")
        rows.append(f'<tr class="round"><th>{r.round}</th>{"".join(cells)}</tr>')
    totals = "".join(f"<td><strong>{view.gold(s)}</strong></td>" for s in range(view.players))
    rows.append(f'<tr class="total"><th>Total</th>{totals}</tr>')
    return f'<table class="rounds">{head}{"".join(rows)}</table>'


# ------------------------------------------------------------------------ log


def _described(view: SaboteurView, names: Sequence[str]) -> list[tuple[int, str]]:
    """(round, sentence) per move, each described from a view of the time: the card a
    rockfall removed (replayed from the placements), a peek named only for the seat that
    looked and only while that goal is still face down this round."""
    placed: dict[tuple[int, int], str] = {}
    current = -1
    out = []
    for rnd, seat, move in view.history:
        if rnd != current:
            placed, current = {}, rnd
        m = parse_move(move)
        maze: tuple[Placed, ...] = ()
        if m is not None and m.kind == "rockfall" and m.cell in placed:
            cell = m.cell
            maze = (Placed(cell[0], cell[1], placed[cell], 0, True, seat, 0),)
        peeked = view.peeked if rnd == view.round else ()
        v = replace(view, to_move=seat, maze=maze, peeked=peeked)
        out.append((rnd, as_you(describe_move(v, move, names))))
        if m is not None and m.kind == "place" and m.cell is not None and m.card:
            placed[m.cell] = m.card
        elif m is not None and m.kind == "rockfall" and m.cell is not None:
            placed.pop(m.cell, None)
    return out


_YOU_VERBS = ("places", "breaks", "repairs", "puts", "brings", "looks", "discards", "passes",
              "bribes", "turns", "ends")


def as_you(text: str) -> str:
    """describe_move speaks of a third person; "You places" reads "You place"."""
    if not text.startswith("You "):
        return text
    head, _, rest = text[4:].partition(" ")
    if head.rstrip(",") in _YOU_VERBS:
        verb = head.rstrip(",")
        base = verb[:-2] if verb.endswith("sses") else verb[:-1]
        head = base + ("," if head.endswith(",") else "")
    return f"You {head}" + f" {rest}".replace(" their ", " your ")


def log_lines(view: SaboteurView, names: Sequence[str]) -> list[str]:
    return [text for _, text in _described(view, names)]


def log_html(view: SaboteurView, names: Sequence[str]) -> str:
    moves = _described(view, names)
    items = "".join(f'<li><span class="n">{i + 1}.</span> <span class="r">R{r}</span> '
                    f'{esc(t)}</li>' for i, (r, t) in reversed(list(enumerate(moves))))
    events = "".join(f'<li><span class="r">R{r}</span> {esc(t)}</li>'
                     for r, t in reversed(view.log))
    return (f'<h3>Moves</h3><ol class="log" reversed aria-label="Moves, newest first">{items}</ol>'
            f'<h3>What happened</h3><ul class="log events" aria-label="Events, newest first">'
            f'{events}</ul>')


# ------------------------------------------------------------------------ whole screen


def round_banner(view: SaboteurView, names: Sequence[str]) -> str:
    """After a round ends, its result until the new round is under way."""
    if not view.results or view.phase == OVER:
        return ""
    this_round = [h for h in view.history if h[0] == view.round]
    if len(this_round) > 2:
        return ""
    r = view.results[-1]
    took = ", ".join(f"{names[s]} {r.won[s]} gold" + (f" (paid {r.paid[s]} to trolls)"
                                                       if r.paid[s] else "")
                     for s in range(view.players))
    start = names[view.to_move] if view.to_move is not None else ""
    why = ""
    if view.players == 2:
        why = " (less gold starts; blue on a tie)"
    verb = "start" if start == "You" else "starts"
    return (f'<p class="banner" role="note">Round {r.round} is over: {esc(took)}. Round '
            f'{view.round} begins: {esc(start)} {verb}{why}.</p>')


def end_html(view: SaboteurView, outcome: Outcome, names: Sequence[str]) -> str:
    pts = outcome.points
    if view.players == 1:
        band = str(outcome.details.get("band", rules.band(pts[0])))
        result = f"{esc(names[0])}: {pts[0]} gold — {esc(band)}"
        scale = "".join(
            f'<li class="{"mine" if words == band else ""}">{low}+ gold: {esc(words)}'
            f'{" ◀ your result" if words == band else ""}</li>'
            for low, words in reversed(rules.SOLO_BANDS))
        extra = f'<h3>Solo score bands</h3><ul class="bands">{scale}</ul>'
    else:
        if len(outcome.winners) == 1:
            w = names[outcome.winners[0]]
            result = f"{esc(w)} {'win' if w == 'You' else 'wins'} with {max(pts)} gold!"
        else:
            result = f"A shared win: both have {max(pts)} gold."
        extra = ""
    expl = "".join(f"<li>{esc(t)}</li>" for t in outcome.explanation)
    return (f'<section class="end" aria-label="Result"><h2>{result}</h2>'
            f'<h3>Gold per round</h3>{rounds_table(view, names)}{extra}'
            f'<h3>How it was decided</h3><ul class="steps">{expl}</ul></section>')


def render_play(view: SaboteurView, screen: Screen, outcome: Outcome | None) -> str:
    """The whole game area for one seat's view (or a spectator's, ``view.seat`` None)."""
    ctx = Ctx(view, screen)
    names = screen.names
    if outcome is not None or view.phase == OVER:
        maze = maze_svg(view, ctx, names, maze=view.last_maze, counters=view.last_counters,
                        label="The maze as the last round ended")
        caption = '<p class="note">The maze as the last round ended.</p>'
    else:
        maze = maze_svg(view, ctx, names)
        caption = ""
    board = (f'<div class="board-wrap maze-wrap">{zoom_bar()}{maze}{caption}</div>')
    if view.phase == OVER:
        main = f'<div class="sab-main">{board}</div>'
        side = f'<aside class="side">{log_html(view, names)}</aside>'
    else:
        main = (f'<div class="sab-main">{round_banner(view, names)}{board}'
                f'{hand_html(view, ctx, names)}{choices_html(view, ctx, names)}</div>')
        side = (f'<aside class="side">{table_facts(view)}<h3>Players</h3>'
                f'{players_html(view, screen)}<h3>Gold per round</h3>'
                f'{rounds_table(view, names)}{log_html(view, names)}</aside>')
    end = end_html(view, outcome, names) if outcome is not None else ""
    return f'{end}<div class="table saboteur">{main}{side}</div>'


def hint(view: SaboteurView, screen: Screen) -> str:
    """The instruction for a human whose turn it is."""
    if view.phase == REVEAL:
        cells = " and ".join(f"{c[0]},{c[1]}" for c in view.pending)
        if len(view.pending) == 1:
            return (f"Turn the goal you reached at {cells} face up: "
                    f"{reveal_words(view, view.pending[0])}")
        return f"Choose how to turn the goal you reached at {cells} face up."
    if view.phase == BRIBE:
        return bribe_window_words(view)
    if screen.discarding:
        n = len(screen.discards)
        if n == 0:
            return "Choose one or two cards to discard."
        return "Pass (or clear a sabotage card with two), or choose another card."
    cid = screen.card
    if cid is not None and cid in view.hand:
        kind = CARDS[cid].kind
        if kind == "path":
            if view.seat is not None and view.sabotage[view.seat]:
                return "A broken tool stops you digging: pick another card, or discard."
            return f"Choose where the {cid} goes, or press Turn."
        if kind in ("key", "rockfall", "map"):
            return f"Choose a highlighted card for your {kind}."
        card = CARDS[cid]
        seat = view.seat if view.seat is not None else 0
        if kind == "repair" and not set(card.tools) & set(view.sabotage[seat]):
            return f"Nothing to repair with the {cid}: pick another card, or pass."
        if kind == "sabotage" and view.players == 2 and card.tools[0] in view.sabotage[1 - seat]:
            return "That tool is already broken: pick another card, or pass."
        return f"Play the {cid} with its button, or pick another card."
    return "Your turn: pick a card from your hand."
