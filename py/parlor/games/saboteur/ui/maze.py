"""The maze on screen: an SVG on an unbounded grid (panned and zoomed by
``web/panzoom.py``), every placed card, counters and keys, the cells where the picked
card may go (and why others may not), the zoom bar."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from parlor.games.saboteur.cards import CARDS, DIRS, oriented_edges
from parlor.games.saboteur.facts import chain
from parlor.games.saboteur.naming import card_name, landmark_msg, place_msg
from parlor.games.saboteur.notation import Move, format_move, kind_of
from parlor.games.saboteur.state import (
    Counter,
    Placed,
    SaboteurView,
)
from parlor.games.saboteur.ui.cards import (
    INWARD,
    MID,
    S,
    _group_geometry,
    _groups,
    _text,
    card_face,
    card_words,
    counter_svg,
    goal_back,
    key_svg,
)
from parlor.games.saboteur.ui.context import Ctx
from parlor.games.saboteur.ui.reveal import (
    revealed_goal_label,
    revealed_goal_svg,
    revealed_goals,
)
from parlor.i18n.catalog import Msg, Translator
from parlor.render.html import actionable, attrs, esc

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


def _placed_label(view: SaboteurView, p: Placed, names: Sequence[str], t: Translator,
                  shown: dict[tuple[int, int], str]) -> str:
    goal = landmark_msg(p.cell, view.players, view.colours)
    where = goal or place_msg(p.cell, view.players, view.colours)
    mine = dict(view.peeked)
    if p.card is None and p.cell in shown and p.cell not in mine:
        return revealed_goal_label(shown[p.cell], where, t)
    if p.cell not in mine and (p.card is None or (not p.face_up
                                                  and p.cell not in view.pending)):
        return t("saboteur.ui.face_down", goal=where)
    cid = p.card if p.card is not None else mine[p.cell]
    if not p.face_up and p.cell in view.pending:
        return t("saboteur.ui.turning", goal=where, card=card_words(cid, 0, t))
    if not p.face_up:
        return t("saboteur.ui.peeked", goal=where, card=card_words(cid, 0, t))
    # A card on a landmark (a start, a turned goal) is that landmark: no place words.
    here = Msg.of("saboteur.place.none", x=p.x, y=p.y) if goal else where
    parts: list[str | Msg] = [Msg.of("saboteur.ui.placed", card=card_words(cid, p.rot, t),
                                     place=here, rot=Msg(f"saboteur.rot.{p.rot}"))]

    def who(seat: int) -> str | int:
        return names[seat] if seat < len(names) else seat

    parts += [Msg.of("saboteur.ui.claim", name=who(c.seat)) for c in view.claims
              if c.cell == p.cell]
    parts += [Msg.of("saboteur.ui.bribed_by", name=who(c.seat)) for c in view.bribes
              if c.cell == p.cell]
    parts += [Msg.of("saboteur.ui.key_of", name=who(k.seat)) for k in view.keys
              if k.cell == p.cell]
    said = chain("saboteur.semi", parts)
    return t.text(said)


def _placed_svg(view: SaboteurView, p: Placed, counters: Sequence[Counter],
                keys: Sequence[Counter], t: Translator,
                shown: dict[tuple[int, int], str]) -> str:
    """The drawing of one maze card (face, back, peek or pending), with its tokens."""
    mine = dict(view.peeked)
    here_bribes = [c for c in counters if c.cell == p.cell and c.group is None]
    if p.face_up and p.card is not None:
        body = card_face(p.card, p.rot, bribed=[str(c.seat) for c in here_bribes])
    elif p.cell in view.pending and p.card is not None:
        body = (card_face(p.card, 0) + '<rect x="3" y="3" width="94" height="94" rx="6" '
                'fill="none" stroke="#ff8c00" stroke-width="6"/>'
                + _text(50, 8, t("saboteur.face.turn_up"), 10, "#1a1a1a", "badge"))
    elif p.cell in mine:
        body = (card_face(mine[p.cell], 0) + '<rect x="2" y="2" width="96" height="96" rx="6" '
                'fill="#1d2540" fill-opacity=".35" stroke="#ffd23f" stroke-width="5" '
                'stroke-dasharray="10 6"/><rect x="6" y="34" width="88" height="30" rx="5" '
                'fill="#ffd23f" stroke="#1a1a1a" stroke-width="2"/>'
                + _text(50, 49.5, t("saboteur.face.peeked"), 16, "#1a1a1a"))
    elif p.cell in shown:  # the room is shown every secret: drawn face up, marked
        body = revealed_goal_svg(shown[p.cell], p.cell, t)
    else:
        body = goal_back(t)
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
                                       "counter_gold", t))
            elif c.group is None:
                d = next((d for d in DIRS if edges[d].troll), "S")
                ix, iy = INWARD[d]
                x, y = MID[d][0] + ix * 30, MID[d][1] + iy * 30
                tok.append(counter_svg(x + 22 if x < 70 else x - 22, y - 12,
                                       colour_of(view, c.seat), "counter_troll", t))
        for k in keys:
            if k.cell == p.cell:
                tok.append(key_svg(82, 84, colour_of(view, k.seat), t))
    return body + "".join(tok)


def _fresh_cell(view: SaboteurView, placed: Sequence[Placed]) -> tuple[int, int] | None:
    """The cell of the path card the last move laid (None after any other move)."""
    if not view.history or kind_of(view.history[-1][2]) != "place":
        return None
    laid = [p for p in placed if p.by >= 0]
    return max(laid, key=lambda p: p.order).cell if laid else None


def colour_of(view: SaboteurView, seat: int) -> str:
    return view.colours[seat] if 0 <= seat < len(view.colours) else "green"


def maze_svg(view: SaboteurView, ctx: Ctx, names: Sequence[str],
             maze: Sequence[Placed] | None = None,
             counters: Sequence[Counter] | None = None, label: str | None = None) -> str:
    """The maze as SVG on the unbounded grid; ``maze``/``counters`` override the view's
    (the end screen draws the last round's maze)."""
    t = ctx.screen.t
    label = label if label is not None else t("saboteur.ui.maze")
    final = maze is not None
    placed = tuple(view.maze) if maze is None else tuple(maze)
    tokens = (tuple(view.claims) + tuple(view.bribes)) if counters is None else tuple(counters)
    keys = () if final else view.keys
    grid = {p.cell: p for p in placed}
    # The fitted view: the maze (goals included) and one cell of margin, where every
    # highlighted cell lies; it does not move when a card is picked.
    fit = fit_box([p.cell for p in placed] + list(view.goal_cells if not final else ()))
    body: list[str] = []
    targets: list[str] = []  # cells that complete a move: drawn above their pads
    padded: list[tuple[int, int]] = []  # their cells
    late: list[str] = []  # refused cells with their visible reasons: drawn on top
    cell_moves = {} if final else ctx.cell_moves
    card = None if final else ctx.card
    kind = CARDS[card].kind if card is not None else None
    shown = {} if final else revealed_goals(ctx.screen.revealed)
    fresh = _fresh_cell(view, placed)
    for p in placed:
        x, y = _cell_xy(p.cell)
        inner = _placed_svg(view, p, tokens, keys, t, shown)
        said = _placed_label(view, p, names, t, shown)
        cls = "mcard" + (" pending" if p.cell in view.pending else "")
        if p.cell in cell_moves:
            move, what = cell_moves[p.cell]
            ring = '<rect class="hl" x="3" y="3" width="94" height="94" rx="8" fill="none"/>'
            padded.append(p.cell)
            targets.append(actionable(
                "g", f"<title>{esc(what)}</title>{inner}{ring}",
                label=t("saboteur.ui.target", what=what, said=said),
                class_=cls + " tgt", data_move=move, data_cell=f"{p.x},{p.y}",
                transform=f"translate({x},{y})"))
            continue
        if kind in ("key", "rockfall", "map") and card is not None:
            why = ctx.refusal(f"{kind} @{p.x},{p.y}")
            if why:
                text = t("saboteur.ui.not_for", said=said, why=why,
                         kind=Msg(f"saboteur.kind.{kind}"))
                body.append(f'<g{attrs(class_=cls, transform=f"translate({x},{y})")}>'
                            f"{inner}</g>")
                late.append(_refused(text, p.cell, fit, "mcard refused"))
                continue
        g_attrs = attrs(class_=cls, transform=f"translate({x},{y})", role="img",
                        aria_label=said, data_cell=f"{p.x},{p.y}")
        if p.cell == fresh:  # the card just laid: animated inside its place (CSS)
            inner = f'<g data-fresh="place">{inner}</g>'
        body.append(f"<g{g_attrs}><title>{esc(said)}</title>{inner}</g>")
    places = {} if final else ctx.places
    if card is not None and CARDS[card].is_path:
        rot = ctx.screen.rot
        for cell in sorted(set(_empty_neighbours(grid, face_up_only=True)) | set(places)):
            x, y = _cell_xy(cell)
            where = f"{cell[0]},{cell[1]}"
            at = place_msg(cell, view.players, view.colours)
            name = card_name(card)
            lies = Msg(f"saboteur.rot.{rot}")
            if cell in places:
                move = places[cell]
                what = t("saboteur.ui.place_at", card=name, rot=lies, place=at)
                inner = (f'<title>{esc(what)}</title><rect class="spot" x="4" y="4" width="92" '
                         f'height="92" rx="8"/><g class="ghost">{card_face(card, rot)}</g>'
                         f'<path class="plus" d="M50,34 v32 M34,50 h32"/>')
                padded.append(cell)
                targets.append(actionable("g", inner, label=what, class_="sq tgt",
                                       data_move=move, data_cell=where,
                                       transform=f"translate({x},{y})"))
                continue
            why = ctx.refusal(format_move(Move("place", card=card, cell=cell, rot=rot))) \
                or t("saboteur.ui.not_allowed")
            if ctx.find("place", cell, 1 - rot, card) is not None:
                text = t("saboteur.ui.cell_refused_turn", place=at, card=name, rot=lies, why=why,
                         other=Msg(f"saboteur.rot.{1 - rot}"))
            else:
                text = t("saboteur.ui.cell_refused", place=at, card=name, rot=lies, why=why)
            body.append(f'<rect class="nospot" x="{x + 10}" y="{y + 10}" width="80" '
                        f'height="80" rx="8"/>')
            late.append(_refused(text, cell, fit, "sq refused"))
    body.append(_pads(padded))
    body.extend(targets)
    body.extend(late)
    fit_text = " ".join(str(v) for v in fit)
    aria = t("saboteur.ui.maze_help", label=label)
    svg_attrs = attrs(data_fit=fit_text, data_round=view.round if not final else "end",
                      data_unit=S,
                      viewBox=fit_text, tabindex="0", role="group", aria_label=aria,
                      style=f"aspect-ratio: {fit[2]} / {fit[3]}")
    return (f'<svg class="maze" xmlns="http://www.w3.org/2000/svg" data-panzoom{svg_attrs} '
            f'preserveAspectRatio="xMidYMid meet">{"".join(body)}</svg>')


def _pads(cells: Sequence[tuple[int, int]]) -> str:
    """An invisible margin round each target cell, for fingers: a phone shows the whole
    maze at about 28 px a cell, less than a fingertip. Each pad is the cell twice, one
    widened and one heightened by CSS (``--pad-k``, which ``web/panzoom.py`` sets from
    the zoom so the target answers 44 px; CSS lets pads catch taps only on a touch
    screen, and ``panzoom`` sends a tap on one to its target). A plus, not a square:
    two targets that touch at a corner do not fight over the corner between them. The
    pads lie under every target, so where two targets meet each keeps its own cell."""
    if not cells:
        return ""
    rects = "".join(f'<rect class="pad {way}" data-pad="{x},{y}" x="{x * S}" y="{y * S}" '
                    f'width="{S}" height="{S}"/>' for x, y in cells for way in ("h", "v"))
    return f'<g class="pads" aria-hidden="true">{rects}</g>'


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


def zoom_bar(t: Translator | None = None) -> str:
    t = t or Translator()
    b = []
    for action, text, label in (("zoom-in", "+", t("saboteur.ui.zoom_in")),
                                ("zoom-out", "−", t("saboteur.ui.zoom_out")),
                                ("zoom-fit", t("saboteur.ui.fit"), t("saboteur.ui.zoom_fit"))):
        # A button with words is named by them (its visible text must be its name);
        # + and − are named by their label.
        b_attrs = attrs(class_="btn subtle zoom", data_action=action, title=label,
                        aria_label=None if action == "zoom-fit" else label)
        b.append(f'<button type="button"{b_attrs}>{esc(text)}</button>')
    return (f'<div class="zoombar" role="group" aria-label="{esc(t("saboteur.ui.zoom"))}">'
            f'{"".join(b)}<span class="zoomhelp">{esc(t("saboteur.ui.zoom_help"))}</span></div>')
