"""Each player's table (tools, counters, keys, gold), the draw pile and round facts,
the table of rounds, and the move log in the viewer's words ("You place...")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from parlor.core.match import LAB
from parlor.games.saboteur.cards import CARDS, TOOLS
from parlor.games.saboteur.describe import describe_move
from parlor.games.saboteur.facts import tool_msg
from parlor.games.saboteur.naming import cell_in
from parlor.games.saboteur.notation import parse_move
from parlor.games.saboteur.state import (
    Cell,
    Placed,
    SaboteurView,
)
from parlor.games.saboteur.ui.cards import COLOUR
from parlor.games.saboteur.ui.context import Screen
from parlor.i18n.catalog import Translator, load
from parlor.render.html import attrs, esc, name_html

ENGLISH = load("en")

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
    names, t = screen.names, screen.t
    rows = []
    for seat in range(view.players):
        colour = view.colours[seat]
        fill, ink, letter = COLOUR[colour]
        turn = view.to_move == seat
        kind = screen.kinds[seat] if seat < len(screen.kinds) else "human"
        bot = f"saboteur.ui.bot.{kind[4:]}"
        level = esc(t("lab.seat_kind") if kind == LAB else t(bot)
                    if kind.startswith("bot:") and bot in ENGLISH
                    else kind.replace("bot:", "bot, "))
        tag = "" if kind == "human" else f' <span class="kind">({level})</span>'
        thinking = (f' <span class="thinking">{esc(t("saboteur.ui.thinking"))}</span>'
                    if screen.thinking == seat else "")
        tools = []
        for tool in TOOLS:
            broken = tool in view.sabotage[seat]
            said = t("saboteur.ui.tool_broken" if broken else "saboteur.ui.tool_ok",
                     tool=tool_msg(tool))
            tools.append(f'<li class="tool{" broken" if broken else ""}">{esc(said)}</li>')
        counters = view.counters_left[seat]
        dots = "".join(f'<span class="dot" style="background:{fill};color:{ink}">{letter}</span>'
                       for _ in range(counters))
        keys = sum(1 for k in view.keys if k.seat == seat)
        owed = sum(1 for b in view.bribes if b.seat == seat)
        gold_now = claimed_gold(view, seat)
        banked = view.gold(seat)
        gold_line = (t("saboteur.ui.gold_round_owes", n=gold_now, owed=owed) if owed
                     else t("saboteur.ui.gold_round", n=gold_now))
        rows.append(
            f'<li class="player{" to-move" if turn else ""}{" me" if seat == view.seat else ""}"'
            f'{attrs(data_seat=seat)}><div class="who"><span class="chip" style="background:{fill};'
            f'color:{ink}">{letter}</span> {"▶ " if turn else ""}{name_html(names[seat])}'
            f'{tag}{thinking}'
            f' <span class="colour">({esc(t(f"saboteur.colour.{colour}"))})</span></div>'
            f'<ul class="tools" aria-label="{esc(t("saboteur.ui.sabotage_of", name=names[seat]))}">'
            f'{"".join(tools)}</ul>'
            f'<div class="facts"><span>{esc(t("saboteur.ui.hand_size", n=view.hand_sizes[seat]))}'
            f'</span><span>{esc(t("saboteur.ui.counters_left", n=counters))} {dots}</span>'
            f'<span>{esc(t("saboteur.ui.keys_on_doors", n=keys))}</span>'
            f'<span>{esc(gold_line)}</span>'
            f'<span>{esc(t("saboteur.ui.gold_banked", n=banked))}</span></div></li>')
    return f'<ul class="players">{"".join(rows)}</ul>'


def table_facts(view: SaboteurView, t: Translator | None = None) -> str:
    t = t or Translator()
    bits = [t("saboteur.ui.round_of", n=view.round, total=view.options.rounds),
            t("saboteur.ui.draw_pile", n=view.draw_size),
            t("saboteur.ui.discards", n=len(view.discard)),
            t("saboteur.ui.keys_left", n=view.keys_left)]
    if view.players == 1:
        bits.append(t("saboteur.ui.set_aside", n=view.set_aside_size))
    spans = "".join(f"<span>{esc(b)}</span>" for b in bits)
    return f'<p class="facts table-facts">{spans}</p>'


def rounds_table(view: SaboteurView, names: Sequence[str], t: Translator | None = None) -> str:
    """Gold won (and paid to trolls) per round, and the running totals."""
    t = t or Translator()
    head = (f"<tr><th>{esc(t('saboteur.ui.round'))}</th>"
            + "".join(f"<th>{name_html(names[s])}</th>" for s in range(view.players))
            + "</tr>")
    rows = []
    for r in view.results:
        cells = []
        for s in range(view.players):
            won = (t("saboteur.ui.paid", n=r.won[s], paid=r.paid[s]) if r.paid[s]
                   else t.number(r.won[s]))
            cells.append(f"<td>{esc(won)}</td>")
        rows.append(f'<tr class="round"><th>{t.number(r.round)}</th>{"".join(cells)}</tr>')
    totals = "".join(f"<td><strong>{t.number(view.gold(s))}</strong></td>"
                     for s in range(view.players))
    rows.append(f'<tr class="total"><th>{esc(t("saboteur.ui.total"))}</th>{totals}</tr>')
    return f'<table class="rounds">{head}{"".join(rows)}</table>'


# ------------------------------------------------------------------------ log


def _you(names: Sequence[str], t: Translator) -> int | None:
    """The seat the log calls "you": the one named with the reader's word for "You"
    (``log_lines`` is given names, not the screen)."""
    you = t("name.you")
    return names.index(you) if you in names else None


def _described(view: SaboteurView, names: Sequence[str], t: Translator,
               you: int | None, last: int | None = None) -> list[tuple[int, str, Cell | None]]:
    """(round, sentence, the cell it names) per move, each described from a view of the
    time: the card a rockfall removed (replayed from the placements), a peek named only
    for the seat that looked and only while that goal is still face down this round.
    With ``last``, only the last moves are described (the replay still walks them all)."""
    placed: dict[tuple[int, int], str] = {}
    current = -1
    out = []
    first = 0 if last is None else len(view.history) - last
    for i, (rnd, seat, move) in enumerate(view.history):
        if rnd != current:
            placed, current = {}, rnd
        m = parse_move(move)
        if i >= first:
            maze: tuple[Placed, ...] = ()
            if m is not None and m.kind == "rockfall" and m.cell in placed:
                cell = m.cell
                maze = (Placed(cell[0], cell[1], placed[cell], 0, True, seat, 0),)
            peeked = view.peeked if rnd == view.round else ()
            v = replace(view, to_move=seat, maze=maze, peeked=peeked)
            out.append((rnd, t.say(describe_move(v, move, names, you)),
                        m.cell if m is not None else None))
        if m is not None and m.kind == "place" and m.cell is not None and m.card:
            placed[m.cell] = m.card
        elif m is not None and m.kind == "rockfall" and m.cell is not None:
            placed.pop(m.cell, None)
    return out


def log_lines(view: SaboteurView, names: Sequence[str],
              t: Translator | None = None) -> list[str]:
    t = t or Translator()
    return [text for _, text, _ in _described(view, names, t, _you(names, t))]


def log_tail(view: SaboteurView, names: Sequence[str], t: Translator,
             n: int) -> tuple[list[str], int]:
    """The last ``n`` lines of the log and how many it has (one per move)."""
    tail = _described(view, names, t, _you(names, t), last=n)
    return [text for _, text, _ in tail], len(view.history)


def log_html(view: SaboteurView, screen: Screen) -> str:
    t, names = screen.t, screen.names
    you = screen.you if screen.you is not None else _you(names, t)
    moves = _described(view, names, t, you)
    now = view.round
    lit: set[Cell] = set()

    def item(head: str, r: int, line: str, cell: Cell | None) -> str:
        # A line about a cell of this round's maze lights that cell while hovered or
        # focused: the sentence says where only by landmarks, the board shows it.
        here = cell is not None and r == now
        if here:
            assert cell is not None
            lit.add(cell)
        at = attrs(data_log_cell=f"{cell[0]},{cell[1]}", tabindex="0") if here and cell else ""
        return (f'<li{at}>{head}<span class="r">{esc(t("saboteur.log.round_tag", n=r))}'
                f'</span> {esc(line)}</li>')

    items = "".join(item(f'<span class="n">{t.number(i + 1)}.</span> ', r, line, cell)
                    for i, (r, line, cell) in reversed(list(enumerate(moves))))
    events = "".join(item("", r, t.say(msg), cell_in(msg)) for r, msg in reversed(view.log))
    return (f'<h3>{esc(t("saboteur.log.moves"))}</h3><ol class="log" reversed aria-label='
            f'"{esc(t("saboteur.log.moves_label"))}">{items}</ol>'
            f'<h3>{esc(t("saboteur.log.events"))}</h3><ul class="log events" aria-label='
            f'"{esc(t("saboteur.log.events_label"))}">{events}</ul>' + lit_style(lit))


def lit_style(cells: set[Cell]) -> str:
    """One CSS rule per cell a log line names: the maze's card there glows while that
    line is hovered or focused (no script: the page stays a drawing of the view)."""
    rules = "".join(
        f'#game:has([data-log-cell="{x},{y}"]:is(:hover,:focus)) .maze '
        f'[data-cell="{x},{y}"]{{filter:drop-shadow(0 0 6px #ffd23f) '
        f'drop-shadow(0 0 3px #ffd23f)}}' for x, y in sorted(cells))
    return f"<style>{rules}</style>" if rules else ""
