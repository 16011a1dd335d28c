"""Kabaleo on screen: the board of piles as stacked cones (SVG), the supplies, the
seat's own target, the move log and the end-of-game walk-through.

Colour is never the only cue: every cone carries its colour's letter, and pieces show
their two rings (bases one), so the board reads in greyscale and on a projector.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from parlor.core.protocol import Outcome
from parlor.games.kabaleo.colours import LETTERS, name
from parlor.games.kabaleo.describe import describe_move, piles_before_each_move
from parlor.games.kabaleo.notation import parse_move
from parlor.games.kabaleo.rules import refusal
from parlor.games.kabaleo.state import KabaleoView
from parlor.i18n.catalog import Translator
from parlor.render import common
from parlor.render.html import actionable, attrs, esc

#: Fill and text colour per letter; the text colour keeps contrast above 4.5:1.
PALETTE: dict[str, tuple[str, str]] = {
    "O": ("#f28c28", "#1a1a1a"),
    "G": ("#2e9e44", "#ffffff"),
    "B": ("#2166c4", "#ffffff"),
    "P": ("#f07ab8", "#1a1a1a"),
    "Y": ("#f6d32d", "#1a1a1a"),
    "V": ("#7b3fa6", "#ffffff"),
}

CELL_W = 100
BASE_H = 30
PIECE_H = 24
TIP_H = 16
LABEL_H = 30
TOP_PAD = 8


@dataclass(frozen=True)
class Screen(common.Screen):
    """The common screen facts, plus Kabaleo's one partial choice."""

    @property
    def picked(self) -> str | None:
        """Kabaleo's only partial choice: the colour of the piece to place."""
        return self.picks[0] if self.picks else None


def next_picks(picks: tuple[str, ...], token: str) -> tuple[str, ...]:
    """Picking a piece selects it; picking it again puts it back."""
    return () if picks == (token,) else (token,)


def columns(n_piles: int) -> int:
    return 10 if n_piles == 20 else 8


def _band(x: float, y_bottom: float, h: float, w_bottom: float, w_top: float, colour: str,
          rings: int) -> str:
    fill, ink = PALETTE[colour]
    cx = x + CELL_W / 2
    yt = y_bottom - h
    pts = (f"{cx - w_bottom / 2:.1f},{y_bottom:.1f} {cx + w_bottom / 2:.1f},{y_bottom:.1f} "
           f"{cx + w_top / 2:.1f},{yt:.1f} {cx - w_top / 2:.1f},{yt:.1f}")
    out = [f'<polygon points="{pts}" fill="{fill}" stroke="#1a1a1a" stroke-width="1.5"/>']
    for r in range(rings):
        ry = yt + 4 + r * 4
        frac = (y_bottom - ry) / h
        half = (w_bottom + (w_top - w_bottom) * frac) / 2 - 3
        out.append(f'<line x1="{cx - half:.1f}" y1="{ry:.1f}" x2="{cx + half:.1f}" y2="{ry:.1f}" '
                   f'stroke="#ffffff" stroke-width="2" stroke-opacity="0.85"/>')
    out.append(f'<text x="{cx:.1f}" y="{y_bottom - 4:.1f}" text-anchor="middle" '
               f'font-size="17" font-weight="700" fill="{ink}">{colour}</text>')
    return "".join(out)


def pile_svg(stack: Sequence[str], x: float, y_floor: float) -> str:
    """One pile, base at the bottom, each cone a band with its letter; a tip on top."""
    parts = []
    y = y_floor
    width = 84.0
    for i, colour in enumerate(stack):
        h = BASE_H if i == 0 else PIECE_H
        top_w = width - 6
        parts.append(_band(x, y, h, width, top_w, colour, 1 if i == 0 else 2))
        y -= h
        width = max(40.0, top_w)
    fill, _ = PALETTE[stack[-1]]
    cx = x + CELL_W / 2
    parts.append(f'<polygon points="{cx - width / 2:.1f},{y:.1f} {cx + width / 2:.1f},{y:.1f} '
                 f'{cx:.1f},{y - TIP_H:.1f}" fill="{fill}" stroke="#1a1a1a" stroke-width="1.5"/>')
    return "".join(parts)


def stack_height(stack: Sequence[str]) -> float:
    return BASE_H + PIECE_H * (len(stack) - 1) + TIP_H


def pile_label(view: KabaleoView, i: int) -> str:
    stack = view.piles[i]
    kind = "bare base" if len(stack) == 1 else f"height {len(stack)}"
    return f"Pile {i + 1}: shows {name(stack[-1])}, {kind}"


def board_svg(view: KabaleoView, screen: Screen) -> str:
    piles = view.piles
    n = len(piles)
    cols = columns(n)
    rows = [list(range(r, min(r + cols, n))) for r in range(0, n, cols)]
    hand = view.hands[view.seat] if view.seat is not None else (0,) * len(LETTERS)
    ban = view.options.last_pile_ban
    targets = {parse_move(m): m for m in screen.legal}  # (colour, pile) -> its move
    body: list[str] = []
    y = 0.0
    for row in rows:
        tallest = max(max(stack_height(piles[i]) for i in row), stack_height(("O",) * 4))
        floor = y + TOP_PAD + tallest
        for col, i in enumerate(row):
            x = col * CELL_W
            stack = piles[i]
            blocked = ban and view.last_pile == i and view.to_move is not None
            last = view.last_pile == i
            cls = "pile" + (" last" if last else "") + (" blocked" if blocked else "")
            inner = [
                f'<rect class="cell" x="{x + 2}" y="{y + 2}" width="{CELL_W - 4}" '
                f'height="{floor - y + LABEL_H - 4:.1f}" rx="8"/>',
                pile_svg(stack, x, floor),
                f'<text class="pile-no" x="{x + CELL_W / 2}" y="{floor + 22:.1f}" '
                f'text-anchor="middle" font-size="20">{i + 1}{" ✕" if blocked else ""}</text>',
            ]
            label = pile_label(view, i)
            move = targets.get((screen.picked, i)) if screen.picked else None
            if move is not None:
                body.append(actionable(
                    "g", "".join(inner), label=f"Place {name(screen.picked or '')} on "
                    f"{label[0].lower()}{label[1:]}", class_=cls + " target", data_move=move,
                    data_pile=i + 1))
                continue
            reason = None
            if blocked:
                reason = "Blocked: the previous move was played on this pile (last-pile ban)."
            if screen.picked and screen.interactive:
                why = refusal(piles, hand, view.last_pile, ban, screen.picked, i)
                reason = f"Not allowed: {why}." if why else reason
            title = f"<title>{esc(label + ('. ' + reason if reason else ''))}</title>"
            described = label + (". " + reason if reason else "")
            g_attrs = attrs(class_=cls, data_pile=i + 1, tabindex="0" if reason else None,
                            aria_label=described)
            body.append(f"<g{g_attrs}>{title}{''.join(inner)}</g>")
        y = floor + LABEL_H
    width = cols * CELL_W
    return (f'<svg class="kabaleo-board" viewBox="0 0 {width} {y:.1f}" role="group" '
            f'aria-label="The board: {n} piles" xmlns="http://www.w3.org/2000/svg">'
            f'{"".join(body)}</svg>')


def chip(colour: str, text: str = "") -> str:
    fill, ink = PALETTE[colour]
    return (f'<span class="chip" style="background:{fill};color:{ink}">{colour}</span>'
            f'{esc(text)}')


def supplies_html(view: KabaleoView, screen: Screen) -> str:
    rows = []
    for s in range(view.players):
        hand = view.hands[s]
        items = []
        for ci, c in enumerate(LETTERS):
            if c not in view.colours:
                continue
            count = hand[ci]
            label = f"{count} {name(c)}"
            content = f"{chip(c)}<span class=\"count\">×{count}</span>"
            if screen.interactive and s == view.seat and count > 0:
                items.append(actionable(
                    "span", content, label=f"Pick a {name(c)} piece ({count} left)",
                    class_="piece pickable" + (" picked" if screen.picked == c else ""),
                    data_pick=c, aria_pressed="true" if screen.picked == c else "false"))
            else:
                items.append(f'<span class="piece{" none" if count == 0 else ""}" '
                             f'aria-label="{esc(label)}">{content}</span>')
        turn = view.to_move == s
        kind = screen.kinds[s]
        level = esc(kind.replace("bot:", "bot, "))
        tag = "" if kind == "human" else f' <span class="kind">({level})</span>'
        thinking = ' <span class="thinking">thinking…</span>' if screen.thinking == s else ""
        rows.append(
            f'<li class="supply{" to-move" if turn else ""}{" me" if s == view.seat else ""}"'
            f'{attrs(data_seat=s)}><span class="who">{"▶ " if turn else ""}'
            f'{esc(screen.names[s])}{tag}{thinking}</span><span class="pieces">{"".join(items)}'
            f'</span><span class="left">{sum(hand)} left</span></li>'
        )
    return f'<ul class="supplies">{"".join(rows)}</ul>'


def target_html(view: KabaleoView, screen: Screen) -> str:
    if view.seat is None or not view.my_targets:
        return ""
    chips = " and ".join(f"{chip(c)} {name(c)}" for c in view.my_targets)
    noun = "colours" if len(view.my_targets) > 1 else "colour"
    who = "Your" if screen.names[view.seat] == "You" else f"{esc(screen.names[view.seat])}'s"
    return (f'<div class="target" data-secret="target">{who} secret {noun}: {chips}'
            f'<small>Make it show on the most piles. Keep it hidden.</small></div>')


def log_lines(view: KabaleoView, names: Sequence[str],
              t: Translator | None = None) -> list[str]:
    before = piles_before_each_move(view.piles, view.history)
    return [f"{names[seat]} {describe_move(before[i], move)}"
            for i, (seat, move) in enumerate(view.history)]


def log_html(view: KabaleoView, names: Sequence[str]) -> str:
    lines = log_lines(view, names)
    items = "".join(f"<li><span class=\"n\">{i + 1}.</span> {esc(t)}</li>"
                    for i, t in reversed(list(enumerate(lines))))
    return f'<ol class="log" reversed aria-label="Moves, newest first">{items}</ol>'


def notes_html(view: KabaleoView) -> str:
    notes = []
    if view.options.last_pile_ban and view.last_pile is not None and view.to_move is not None:
        notes.append(f"Pile {view.last_pile + 1} is blocked this turn: the previous move was "
                     "played there (last-pile ban).")
    return "".join(f'<p class="note">{esc(t)}</p>' for t in notes)


def end_html(view: KabaleoView, outcome: Outcome, names: Sequence[str]) -> str:
    assert view.revealed_targets is not None
    tallies = outcome.details["tallies"]
    head = ("<tr><th>Player</th><th>Secret colour</th><th>Piles</th>"
            "<th>Topped by a piece</th><th>Tallest</th></tr>")
    rows = []
    for t in tallies:
        s = t["seat"]
        colours = " ".join(f"{chip(c)} {name(c)}" for c in t["colours"])
        win = " winner" if s in outcome.winners else ""
        rows.append(f'<tr class="tally{win}"><td>{esc(names[s])}{" ★ winner" if win else ""}</td>'
                    f'<td>{colours}</td><td>{t["piles"]}</td><td>{t["covered"]}</td>'
                    f'<td>{t["tallest"]}</td></tr>')
    steps = []
    for step in outcome.details["steps"]:
        vals = ", ".join(f"{esc(names[int(s)])}: {v}" for s, v in step["values"].items())
        kept = " and ".join(esc(names[s]) for s in step["kept"])
        verb = "leads" if len(step["kept"]) == 1 else "are tied"
        verdict = f"{kept} {verb} with {step['best']}."
        steps.append(f"<li><strong>{esc(step['label'][0].upper() + step['label'][1:])}</strong>: "
                     f"{vals}. {verdict}</li>")
    if len(outcome.winners) == 1:
        winner = names[outcome.winners[0]]
        result = f"{esc(winner)} {'win' if winner == 'You' else 'wins'}!"
    else:
        result = "A shared win: " + " and ".join(esc(names[s]) for s in outcome.winners) + "."
    return (f'<section class="end" aria-label="Result"><h2>{result}</h2>'
            f'<table class="tallies">{head}{"".join(rows)}</table>'
            f'<h3>How it was decided</h3><ol class="steps">{"".join(steps)}</ol></section>')


def render_play(view: KabaleoView, screen: Screen, outcome: Outcome | None) -> str:
    """The whole game area for one seat's view (or a spectator's when ``view.seat`` is None)."""
    board = f'<div class="board-wrap">{board_svg(view, screen)}{notes_html(view)}</div>'
    side = (f'<aside class="side">{target_html(view, screen)}'
            f'<h3>Supplies (public)</h3>{supplies_html(view, screen)}'
            f'<h3>Moves</h3>{log_html(view, screen.names)}</aside>')
    end = end_html(view, outcome, screen.names) if outcome is not None else ""
    return f'{end}<div class="table kabaleo">{board}{side}</div>'


def hint(view: KabaleoView, screen: Screen) -> str:
    """The instruction for a human whose turn it is."""
    if screen.picked:
        return f"Now choose a pile for your {name(screen.picked)} piece (or pick another piece)."
    return "Your turn: pick one of your pieces, then a pile."
