"""Saboteur's cards drawn from their data (``cards.oriented_edges``), never from
pictures: tunnels are thick strokes from the edge midpoints (joined through the centre,
bent as arcs for a corner, short for a dead-end stub), doors a coloured bar with the
colour's letter, trolls a marked "T", gold a nugget with its count, ladders a ladder
with the colour's letter. A new card in ``cards.json`` needs no new art."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from parlor.games.saboteur.cards import CARDS, DIRS, oriented_edges
from parlor.games.saboteur.facts import chain, comma, tool_msg
from parlor.games.saboteur.naming import card_name
from parlor.i18n.catalog import Msg, Translator
from parlor.render.html import esc

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
#: Door bars sit across the tunnel at the card's edge: (x, y, width, height).
DOOR_BOX = {"N": (31, 1, 38, 18), "S": (31, 81, 38, 18), "W": (1, 31, 18, 38),
            "E": (81, 31, 18, 38)}


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


def counter_svg(x: float, y: float, colour: str, what: str = "counter",
                t: Translator | None = None) -> str:
    """A dwarf counter in the owner's colour, with the colour's letter; ``what`` is the
    ``saboteur.ui.*`` key of its title (counter, counter_gold, counter_troll)."""
    t = t or Translator()
    fill, ink, letter = COLOUR[colour]
    title = t(f"saboteur.ui.{what}", colour=Msg(f"saboteur.player.{colour}"))
    return (f'<g class="counter"><title>{esc(title)}</title>'
            f'<circle cx="{_f(x)}" cy="{_f(y)}" r="13" fill="{fill}" stroke="#fff" '
            f'stroke-width="3"/><circle cx="{_f(x)}" cy="{_f(y)}" r="16" fill="none" '
            f'stroke="#111" stroke-width="1.5"/>{_text(x, y + 1, letter, 15, ink)}</g>')


def key_svg(x: float, y: float, colour: str, t: Translator | None = None) -> str:
    t = t or Translator()
    fill, _, letter = COLOUR[colour]
    title = t("saboteur.ui.key_token", colour=Msg(f"saboteur.player.{colour}"))
    return (f'<g class="key-token"><title>{esc(title)}</title>'
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


def goal_back(t: Translator | None = None) -> str:
    t = t or Translator()
    return (f'<rect x="1" y="1" width="98" height="98" rx="6" fill="#1d2540" stroke="#d4a017" '
            f'stroke-width="3"/>{_text(50, 46, "?", 54, "#ffd23f")}'
            f'{_text(50, 86, t("saboteur.face.goal"), 13, "#ffd23f")}')


def action_face(cid: str, t: Translator | None = None) -> str:
    """An action card: what it does in words, and a simple mark."""
    t = t or Translator()
    card = CARDS[cid]
    bg = {"sabotage": "#fde3e0", "repair": "#e0f4e2"}.get(card.kind, "#ece6f7")
    out = [f'<rect x="1" y="1" width="98" height="98" rx="6" fill="{bg}" stroke="#333" '
           f'stroke-width="2"/>']
    if card.kind == "sabotage":
        out.append(_text(50, 18, t("saboteur.face.break"), 15, "#8b1a10"))
        out.append(_text(50, 56, t.say(tool_msg(card.tools[0])), 22, "#1a1a1a"))
        out.append('<path d="M22,36 L78,78 M78,36 L22,78" stroke="#c0392b" stroke-width="6" '
                   'stroke-linecap="round" opacity=".8"/>')
    elif card.kind == "repair":
        out.append(_text(50, 18, t("saboteur.face.repair"), 15, "#17612c"))
        for i, tool in enumerate(card.tools):
            y = 46 + i * 24 - (len(card.tools) - 1) * 10
            out.append(_text(50, y, t.say(tool_msg(tool)), 20, "#1a1a1a"))
        out.append('<path d="M66,82 l8,8 l16,-18" stroke="#1e7b34" stroke-width="6" '
                   'fill="none" stroke-linecap="round"/>')
    elif card.kind == "key":
        out.append(_text(50, 18, t("saboteur.face.key"), 15, "#3d2470"))
        out.append('<circle cx="36" cy="56" r="12" fill="none" stroke="#1a1a1a" '
                   'stroke-width="6"/><path d="M48,56 h32 m-8,0 v12 m-10,-12 v9" '
                   'stroke="#1a1a1a" stroke-width="6" fill="none"/>')
    elif card.kind == "rockfall":
        out.append(_text(50, 18, t("saboteur.face.rockfall"), 14, "#3d2470"))
        out.append('<g fill="#6d6d6d" stroke="#1a1a1a" stroke-width="2">'
                   '<polygon points="20,84 30,62 46,66 50,84"/>'
                   '<polygon points="46,84 56,54 74,58 80,84"/>'
                   '<polygon points="34,60 42,40 58,44 52,58"/></g>')
    elif card.kind == "map":
        out.append(_text(50, 18, t("saboteur.face.map"), 15, "#3d2470"))
        out.append('<rect x="20" y="32" width="60" height="52" fill="#f3e2b3" stroke="#1a1a1a" '
                   'stroke-width="2"/><path d="M28,74 q12,-20 24,-8 t18,-22" fill="none" '
                   'stroke="#1a1a1a" stroke-width="2.5" stroke-dasharray="4 3"/>'
                   '<path d="M64,38 l10,10 m0,-10 l-10,10" stroke="#c0392b" stroke-width="4"/>')
    return "".join(out)


def any_face(cid: str, rot: int = 0, t: Translator | None = None) -> str:
    return card_face(cid, rot) if CARDS[cid].is_tunnel else action_face(cid, t)


def card_words(cid: str, rot: int = 0, t: Translator | None = None) -> str:
    """A card in words (aria-labels, tooltips), in ``t``'s language (English without)."""
    return (t or Translator()).say(card_msg(cid, rot))


def card_msg(cid: str, rot: int = 0) -> Msg:
    """A card in words as a ``Msg``, its name then every side of it: "junction with 1
    gold and a dead end (dead end north with 1 gold, tunnel east-south-west)"."""
    card = CARDS[cid]
    name = card_name(cid)
    if card.kind == "sabotage":
        return Msg.of("saboteur.cw.sabotage", card=name, tool=tool_msg(card.tools[0]))
    if card.kind == "repair":
        tools = chain("saboteur.or", [tool_msg(x) for x in card.tools])
        return Msg.of("saboteur.cw.repair", card=name, tools=tools)
    if card.kind in ("key", "rockfall", "map"):
        return Msg.of(f"saboteur.cw.{card.kind}", card=name)
    bits: list[str | Msg] = []
    edges = oriented_edges(cid, rot)
    for _, ds in sorted(_groups(cid, rot).items()):
        gold = edges[ds[0]].gold
        if len(ds) == 1:
            side = Msg(f"saboteur.dir.{ds[0]}")
            bits.append(Msg.of("saboteur.cw.dead_end_gold", side=side, n=gold) if gold
                        else Msg.of("saboteur.cw.dead_end", side=side))
        else:
            sides = chain("saboteur.dash", [Msg(f"saboteur.dir.{d}") for d in ds])
            bits.append(Msg.of("saboteur.cw.tunnel_gold", sides=sides, n=gold) if gold
                        else Msg.of("saboteur.cw.tunnel", sides=sides))
    for d in DIRS:
        door = edges[d].door
        if door:
            bits.append(Msg.of("saboteur.cw.door_on", door=Msg(f"saboteur.door.{door}"),
                               side=Msg(f"saboteur.dir.{d}")))
        if edges[d].troll:
            bits.append(Msg.of("saboteur.cw.troll_on", side=Msg(f"saboteur.dir.{d}")))
    if card.ladder:
        what = "start" if card.kind == "start" else "ladder"
        bits.append(Msg(f"saboteur.cw.{what}.{card.ladder}"))
    return Msg.of("saboteur.cw.card", card=name,
                  bits=comma(bits) if bits else Msg("saboteur.cw.rock"))
