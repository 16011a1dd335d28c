"""Each player's table (tools, counters, keys, gold), the draw pile and round facts,
the table of rounds, and the move log in the viewer's words ("You place...")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from parlor.games.saboteur.cards import CARDS, TOOLS
from parlor.games.saboteur.describe import describe_move
from parlor.games.saboteur.notation import parse_move
from parlor.games.saboteur.state import (
    Placed,
    SaboteurView,
)
from parlor.games.saboteur.ui.cards import COLOUR
from parlor.games.saboteur.ui.context import Screen
from parlor.i18n.catalog import Translator
from parlor.render.html import attrs, esc

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


def log_lines(view: SaboteurView, names: Sequence[str],
              t: Translator | None = None) -> list[str]:
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
