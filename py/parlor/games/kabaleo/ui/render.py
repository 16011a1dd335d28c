"""Kabaleo on screen: the board of piles as stacked cones (SVG), the supplies, the
seat's own target, the move log and the end-of-game walk-through.

Colour is never the only cue: every cone carries its colour's letter, and pieces show
their two rings (bases one), so the board reads in greyscale and on a projector.

Every word comes from the catalogs (``kabaleo.*`` keys) through the page's ``screen.t``;
numbers are written in its digits; colour letters, notation and ``data-*`` stay as they
are in every language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from parlor.core.match import LAB
from parlor.core.protocol import Outcome
from parlor.games.kabaleo.colours import LETTERS, name
from parlor.games.kabaleo.describe import describe_move, piles_before_each_move
from parlor.games.kabaleo.notation import parse_move
from parlor.games.kabaleo.rules import refusal
from parlor.games.kabaleo.scoring import joined
from parlor.games.kabaleo.state import KabaleoView
from parlor.i18n.catalog import Msg, Translator
from parlor.render import common
from parlor.render.html import actionable, attrs, esc, name_html

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


def pile_svg(stack: Sequence[str], x: float, y_floor: float, fresh: bool = False) -> str:
    """One pile, base at the bottom, each cone a band with its letter; a tip on top.
    ``fresh``: the last move was played here, so its top is drawn landing (CSS)."""
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
    if fresh:  # the top band and the tip land together
        return "".join(parts[:-2]) + f'<g data-fresh="cone">{"".join(parts[-2:])}</g>'
    return "".join(parts)


def stack_height(stack: Sequence[str]) -> float:
    return BASE_H + PIECE_H * (len(stack) - 1) + TIP_H


def pile_state(view: KabaleoView, i: int) -> Msg:
    """What pile ``i`` shows: its top colour, and a bare base or its height."""
    stack = view.piles[i]
    if len(stack) == 1:
        return Msg.of("kabaleo.pile.bare", colour=name(stack[-1]))
    return Msg.of("kabaleo.pile.height", colour=name(stack[-1]), height=len(stack))


def pile_label(view: KabaleoView, i: int) -> Msg:
    return Msg.of("kabaleo.pile.label", pile=i + 1, state=pile_state(view, i))


def board_svg(view: KabaleoView, screen: Screen) -> str:
    """The piles in rows, each row drawn as two halves (an SVG each) side by side: a
    phone puts the halves one under the other, so a pile stays wide enough for a
    finger (a row of ten at 390 px would draw a pile 33 px wide)."""
    t = screen.t
    piles = view.piles
    n = len(piles)
    cols = columns(n)
    rows = [list(range(r, min(r + cols, n))) for r in range(0, n, cols)]
    hand = view.hands[view.seat] if view.seat is not None else (0,) * len(LETTERS)
    targets = {parse_move(m): m for m in screen.legal}  # (colour, pile) -> its move
    half = (cols + 1) // 2
    halves: list[str] = []
    for row in rows:
        tallest = max(max(stack_height(piles[i]) for i in row), stack_height(("O",) * 4))
        floor = TOP_PAD + tallest
        for part in (row[:half], row[half:]):
            body = [_pile_g(view, screen, i, col * CELL_W, 0.0, floor, targets, hand)
                    for col, i in enumerate(part)]
            halves.append(f'<svg viewBox="0 0 {half * CELL_W} {floor + LABEL_H:.1f}" '
                          f'xmlns="http://www.w3.org/2000/svg">{"".join(body)}</svg>')
    label = esc(t("kabaleo.board.label", n=n))
    return (f'<div class="kabaleo-board" role="group" aria-label="{label}" '
            f'style="--rows: {len(rows)}">{"".join(halves)}</div>')


def _pile_g(view: KabaleoView, screen: Screen, i: int, x: float, y: float, floor: float,
            targets: dict[tuple[str, int] | None, str], hand: Sequence[int]) -> str:
    """Pile ``i`` in its cell: a target when the picked piece may go there, else
    described (with why it may not, when a piece is picked)."""
    t = screen.t
    piles = view.piles
    ban = view.options.last_pile_ban
    stack = piles[i]
    blocked = ban and view.last_pile == i and view.to_move is not None
    last = view.last_pile == i
    cls = "pile" + (" last" if last else "") + (" blocked" if blocked else "")
    inner = [
        f'<rect class="cell" x="{x + 2}" y="{y + 2}" width="{CELL_W - 4}" '
        f'height="{floor - y + LABEL_H - 4:.1f}" rx="8"/>',
        pile_svg(stack, x, floor, fresh=last and bool(view.history)),
        f'<text class="pile-no" x="{x + CELL_W / 2}" y="{floor + 22:.1f}" '
        f'text-anchor="middle" font-size="20">{t.number(i + 1)}'
        f'{" ✕" if blocked else ""}</text>',
    ]
    label = pile_label(view, i)
    picked = screen.picked
    move = targets.get((picked, i)) if picked else None
    if move is not None:
        place = t("kabaleo.pile.place", colour=name(picked or ""), pile=i + 1,
                  state=pile_state(view, i))
        return actionable("g", "".join(inner), label=place, class_=cls + " target",
                          data_move=move, data_pile=i + 1)
    reason: Msg | None = None
    if blocked:
        reason = Msg("kabaleo.pile.blocked")
    if screen.picked and screen.interactive:
        why = refusal(piles, hand, view.last_pile, ban, screen.picked, i)
        reason = Msg.of("kabaleo.pile.not_allowed", reason=why) if why else reason
    described = t.say(Msg.of("kabaleo.pile.why", label=label, reason=reason)
                      if reason else label)
    title = f"<title>{esc(described)}</title>"
    g_attrs = attrs(class_=cls, data_pile=i + 1, tabindex="0" if reason else None,
                    aria_label=described)
    return f"<g{g_attrs}>{title}{''.join(inner)}</g>"


def chip(colour: str, text: str = "") -> str:
    fill, ink = PALETTE[colour]
    return (f'<span class="chip" style="background:{fill};color:{ink}">{colour}</span>'
            f'{esc(text)}')


def supplies_html(view: KabaleoView, screen: Screen) -> str:
    t = screen.t
    rows = []
    for s in range(view.players):
        hand = view.hands[s]
        items = []
        for ci, c in enumerate(LETTERS):
            if c not in view.colours:
                continue
            count = hand[ci]
            label = t("kabaleo.supply.count", n=count, colour=name(c))
            # The letter and count are what the label says in words: hidden from
            # assistive technology so a piece is named once, by its label.
            content = (f'<span aria-hidden="true">{chip(c)}'
                       f'<span class="count">×{t.number(count)}</span></span>')
            if screen.interactive and s == view.seat and count > 0:
                # Named by words inside it (not aria-label), so what is seen (the letter,
                # the count) and what is heard never disagree.
                words = t("kabaleo.supply.pick", colour=name(c), n=count)
                picked = screen.picked == c
                opening = attrs(tabindex="0", role="button", data_pick=c,
                                class_="piece pickable" + (" picked" if picked else ""),
                                aria_pressed="true" if picked else "false")
                items.append(f'<span{opening}>{content}'
                             f'<span class="sr-only">{esc(words)}</span></span>')
            else:
                items.append(f'<span class="piece{" none" if count == 0 else ""}" '
                             f'role="img" aria-label="{esc(label)}">{content}</span>')
        turn = view.to_move == s
        kind = screen.kinds[s]
        tag = "" if kind == "human" else f' <span class="kind">({esc(kind_label(t, kind))})</span>'
        thinking = (f' <span class="thinking">{esc(t("kabaleo.supply.thinking"))}</span>'
                    if screen.thinking == s else "")
        rows.append(
            f'<li class="supply{" to-move" if turn else ""}{" me" if s == view.seat else ""}"'
            f'{attrs(data_seat=s)}><span class="who">{"▶ " if turn else ""}'
            f'{name_html(screen.names[s])}{tag}{thinking}{revealed_target(screen, s)}</span>'
            f'<span class="pieces">{"".join(items)}'
            f'</span><span class="left">{esc(t("kabaleo.supply.left", n=sum(hand)))}</span></li>'
        )
    return f'<ul class="supplies">{"".join(rows)}</ul>'


def revealed_target(screen: Screen, seat: int) -> str:
    """Seat ``seat``'s secret colour chip(s) beside its name, when the room is shown
    every secret (``screen.revealed``, a ``KabaleoSecrets``); "" otherwise."""
    if screen.revealed is None:
        return ""
    colours = screen.revealed.targets[seat]
    two = "_two" if len(colours) > 1 else ""
    said = screen.t(f"kabaleo.target.named{two}", name=screen.names[seat],
                    colours=joined([name(c) for c in colours]))
    chips = "".join(chip(c) for c in colours)
    return (f' <span{attrs(class_="revealed", data_revealed=f"target:{seat}", role="img")}'
            f'{attrs(aria_label=said, title=said)}>{chips}</span>')


def kind_label(t: Translator, kind: str) -> str:
    """A seat's kind as the supplies show it: ``bot:easy`` reads "bot, easy"."""
    if kind == LAB:
        return t("lab.seat_kind")
    level = kind.removeprefix("bot:")
    key = f"kabaleo.level.{level}"
    return t("kabaleo.supply.bot", level=Msg(key)) if key in LEVEL_KEYS else kind


#: The bot levels the supplies can name (``kabaleo.level.*``).
LEVEL_KEYS = frozenset(f"kabaleo.level.{lv}" for lv in ("random", "easy", "medium", "hard"))


def target_html(view: KabaleoView, screen: Screen) -> str:
    if view.seat is None or not view.my_targets:
        return ""
    t = screen.t
    two = "_two" if len(view.my_targets) > 1 else ""
    if view.seat == screen.you:
        said = t(f"kabaleo.target.yours{two}", colours=MARK)
    else:
        said = t(f"kabaleo.target.named{two}", name=screen.names[view.seat], colours=MARK)
    chips = with_chips(t, view.my_targets)
    said_html = escape(said, quote=False).replace(MARK, chips)  # ' as typed, like before
    return (f'<div class="target" data-secret="target">{said_html}'
            f'<small>{esc(t("kabaleo.target.help"))}</small></div>')


#: Stands for HTML (colour chips) inside a sentence until the sentence is escaped.
MARK = "\ue000"


def with_chips(t: Translator, colours: Sequence[str], sep: str | None = None) -> str:
    """Each colour as its chip and name; ``sep`` joins them, or the language's "and"."""
    each = [f"{chip(c)} {esc(t.say(name(c)))}" for c in colours]
    if sep is not None:
        return sep.join(each)
    if len(each) == 1:
        return each[0]
    marks = [f"{MARK}{i}{MARK}" for i in range(len(each))]
    text = esc(t.join(marks))
    for mark, html in zip(marks, each, strict=True):
        text = text.replace(mark, html)
    return text


def log_lines(view: KabaleoView, names: Sequence[str],
              t: Translator | None = None) -> list[str]:
    """Every move so far in words, oldest first, in ``t``'s language (English without)."""
    t = t or Translator()
    before = piles_before_each_move(view.piles, view.history)
    you = common.named_you(names, t)
    return [t.say(describe_move(before[i], move, names[seat], you=seat == you))
            for i, (seat, move) in enumerate(view.history)]


def log_tail(view: KabaleoView, names: Sequence[str], t: Translator,
             n: int) -> tuple[list[str], int]:
    lines = log_lines(view, names, t)
    return lines[-n:], len(lines)


def log_html(view: KabaleoView, names: Sequence[str], t: Translator) -> str:
    lines = log_lines(view, names, t)
    items = "".join(f"<li><span class=\"n\">{t.number(i + 1)}.</span> {esc(line)}</li>"
                    for i, line in reversed(list(enumerate(lines))))
    return (f'<ol class="log" reversed aria-label="{esc(t("kabaleo.log.label"))}">'
            f'{items}</ol>')


def notes_html(view: KabaleoView, t: Translator) -> str:
    notes = []
    if view.options.last_pile_ban and view.last_pile is not None and view.to_move is not None:
        notes.append(t("kabaleo.note.blocked", pile=view.last_pile + 1))
    return "".join(f'<p class="note">{esc(note)}</p>' for note in notes)


def end_html(view: KabaleoView, outcome: Outcome, screen: Screen) -> str:
    """The result, the revealed colours and counts, and each comparison that decided it."""
    assert view.revealed_targets is not None
    t, names = screen.t, screen.names
    tallies = outcome.details["tallies"]
    head = "".join(f"<th>{esc(t(f'kabaleo.end.col.{col}'))}</th>"
                   for col in ("player", "colour", "piles", "covered", "tallest"))
    rows = []
    for tally in tallies:
        s = tally["seat"]
        colours = with_chips(t, tally["colours"], " ")
        win = " winner" if s in outcome.winners else ""
        star = f" ★ {esc(t('kabaleo.end.winner'))}" if win else ""
        rows.append(f'<tr class="tally{win}"><td>{name_html(names[s])}{star}</td>'
                    f'<td>{colours}</td><td>{t.number(tally["piles"])}</td>'
                    f'<td>{t.number(tally["covered"])}</td>'
                    f'<td>{t.number(tally["tallest"])}</td></tr>')
    steps = []
    for step in outcome.details["steps"]:
        vals = [Msg.of("kabaleo.end.step_value", name=names[int(s)], n=v)
                for s, v in step["values"].items()]
        kept = joined([names[s] for s in step["kept"]])
        verdict = Msg.of("kabaleo.end.leads" if len(step["kept"]) == 1 else "kabaleo.end.tied",
                         names=kept, n=step["best"])
        said = t("kabaleo.end.step_line", values=joined(vals, "list.more"), verdict=verdict)
        label = t(f"kabaleo.criterion.{step['criterion']}")
        steps.append(f"<li><strong>{esc(label)}</strong>{esc(said)}</li>")
    if len(outcome.winners) == 1:
        w = outcome.winners[0]
        result = (t("kabaleo.end.you_win") if w == screen.you
                  else t("kabaleo.end.winner_banner", name=names[w]))
    else:
        result = t("kabaleo.end.shared", names=joined([names[s] for s in outcome.winners]))
    return (f'<section class="end" aria-label="{esc(t("kabaleo.end.label"))}">'
            f'<h2>{esc(result)}</h2>'
            f'<table class="tallies"><tr>{head}</tr>{"".join(rows)}</table>'
            f'<h3>{esc(t("kabaleo.end.how"))}</h3><ol class="steps">{"".join(steps)}</ol>'
            '</section>')


def render_play(view: KabaleoView, screen: Screen, outcome: Outcome | None) -> str:
    """The whole game area for one seat's view (or a spectator's when ``view.seat`` is None)."""
    t = screen.t
    board = f'<div class="board-wrap">{board_svg(view, screen)}{notes_html(view, t)}</div>'
    legend = (common.reveal_note(t("kabaleo.reveal.legend")) if screen.revealed is not None
              else "")
    side = (f'<aside class="side">{target_html(view, screen)}'
            f'<h3>{esc(t("kabaleo.side.supplies"))}</h3>{supplies_html(view, screen)}{legend}'
            f'<h3>{esc(t("kabaleo.side.moves"))}</h3>{log_html(view, screen.names, t)}</aside>')
    end = end_html(view, outcome, screen) if outcome is not None else ""
    return f'{end}<div class="table kabaleo">{board}{side}</div>'


def hint(view: KabaleoView, screen: Screen) -> str:
    """The instruction for a human whose turn it is."""
    if screen.picked:
        return screen.t("kabaleo.hint.pile", colour=name(screen.picked))
    return screen.t("kabaleo.hint.pick")
