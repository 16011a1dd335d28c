"""Ciao! on screen: your hand as a fan, the top of the pile with what it counts as,
every opponent's card count, direction, pending +3, the speed race and "Thank you!"
windows, the score table and the round-end tables.

Cards carry a second cue besides colour: a symbol glyph and its name, and one to three
rank dots (green 1 < yellow 2 < red 3), as the printed cards do.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from parlor.core.protocol import TABLE, Outcome
from parlor.games.ciao.cards import (
    BY_CODE,
    CODES,
    COLOUR_OF,
    COLOURS,
    EFFECT_OF,
    IS_JOKER,
    IS_MILLSTONE,
    SYMBOL_OF,
    SYMBOLS,
    card_name,
)
from parlor.games.ciao.describe import describe
from parlor.games.ciao.notation import KEEP, parse_logged, parse_move
from parlor.games.ciao.state import CiaoView
from parlor.i18n.catalog import Translator
from parlor.render import common
from parlor.render.html import actionable, attrs, esc

#: Background and text colour per colour rank (0: millstone).
PALETTE = {0: ("#8a8a8a", "#ffffff"), 1: ("#2e9e44", "#ffffff"), 2: ("#f6d32d", "#1a1a1a"),
           3: ("#d7352b", "#ffffff")}
ICON_LABEL = {"plus3": "+3", "again_or_reverse": "AGAIN / REVERSE", "speed": "SPEED",
              "give": "GIVE", "swap": "SWAP"}
GLYPHS = {
    0: '<path d="M5 14c0-5 3-8 7-8s7 3 7 8c0 3-2 5-7 5s-7-2-7-5z"/>',  # rock: a stone
    1: '<rect x="6" y="4" width="12" height="16" rx="1"/><path d="M9 9h6M9 12h6M9 15h4" '
       'stroke-width="1.5" fill="none"/>',  # paper: a sheet
    2: '<circle cx="7" cy="17" r="3" fill="none" stroke-width="2"/><circle cx="17" cy="17" '
       'r="3" fill="none" stroke-width="2"/><path d="M9 15L17 4M15 15L7 4" stroke-width="2"/>',
}


@dataclass(frozen=True)
class Screen(common.Screen):
    pass


def _glyph(symbol: int) -> str:
    if symbol < 0:
        return ""
    return (f'<svg class="sym" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor" '
            f'stroke="currentColor">{GLYPHS[symbol]}</svg>')


def card_html(card: int, *, named: int = -1, extra_cls: str = "") -> str:
    """One card face. ``named``: the symbol a joker on the pile counts as."""
    colour = COLOUR_OF[card]
    bg, ink = PALETTE[colour]
    dots = "●" * colour
    if IS_MILLSTONE[card]:
        face = '<span class="name">MILLSTONE</span><span class="small">cannot be played</span>'
    elif IS_JOKER[card]:
        face = ('<span class="name">JOKER</span>'
                + (f'{_glyph(named)}<span class="small">as {SYMBOLS[named]}</span>'
                   if named >= 0 else '<span class="small">goes on anything</span>'))
    else:
        effect = EFFECT_OF[card]
        icon = f'<span class="icon">{ICON_LABEL[effect]}</span>' if effect else ""
        face = f'{_glyph(SYMBOL_OF[card])}<span class="name">{SYMBOLS[SYMBOL_OF[card]].upper()}' \
               f'</span>{icon}'
    return (f'<span class="card{" " + extra_cls if extra_cls else ""}" '
            f'style="background:{bg};color:{ink}" title="{esc(card_name(card))}">'
            f'<span class="rank" aria-hidden="true">{dots}</span>{face}</span>')


def _viewer_moves(view: CiaoView, legal: tuple[str, ...]) -> list[str]:
    """The moves the viewer may click now: on its turn, the legal moves it was given;
    on a table window only its own answers (a race card, a thank-you)."""
    if view.seat is None or view.to_act is None:
        return []
    if view.to_act == TABLE:
        out = []
        for move in legal:
            m = parse_move(move)
            if m is not None and m.seat == view.seat and m.verb in ("race", "thanks"):
                out.append(move)
        return out
    return list(legal) if view.to_act == view.seat else []


def _card_of(move: str) -> str | None:
    """The hand card a move spends, as its code (None for draw, swap, …)."""
    m = parse_move(move)
    if m is None or m.card < 0 or m.verb not in ("play", "race", "attempt", "give"):
        return None
    return CODES[m.card]


def _choice_label(move: str, names: Sequence[str]) -> str:
    m = parse_move(move)
    assert m is not None
    parts = []
    if m.named >= 0:
        parts.append(f"as {SYMBOLS[m.named]}")
    if m.millstone:
        parts.append("and discard a millstone")
    if m.verb == "give":
        parts.append(f"give to {names[m.seat]}")
    if m.verb == "attempt":
        parts.append("try it")
    return " ".join(parts) or "play it"


VERB_LABELS = {"draw": "Draw a card", "keep": "Keep it (end my turn)",
               "take": "Take the cards", "again": "Play again", "reverse": "Reverse direction",
               "pass": "Pass"}


def _move_button(move: str, names: Sequence[str]) -> str:
    m = parse_move(move)
    if move in VERB_LABELS:
        label = VERB_LABELS[move]
    elif m is not None and m.verb == "swap":
        label = f"Swap hands with {names[m.seat]}"
    elif m is not None and m.verb == "thanks":
        label = "Thank you!"
    else:
        label = move
    cls = "btn big thanks" if label == "Thank you!" else "btn"
    return (f'<button type="button"{attrs(class_=cls, data_move=move, aria_label=label)}>'
            f"{esc(label)}</button>")


def hand_html(view: CiaoView, screen: Screen) -> str:
    moves = _viewer_moves(view, screen.legal) if screen.interactive else []
    by_card: dict[str, list[str]] = {}
    for move in moves:
        code = _card_of(move)
        if code is not None:
            by_card.setdefault(code, []).append(move)
    strict = view.options.strict_table
    picked = screen.picks[0] if screen.picks else None
    # A fan sorted by symbol then colour; jokers and millstones apart at the right.
    order = sorted(view.hand, key=lambda c: (IS_JOKER[c] or IS_MILLSTONE[c], IS_MILLSTONE[c],
                                             SYMBOL_OF[c], COLOUR_OF[c], c))
    items = []
    for card in order:
        code = CODES[card]
        options = by_card.get(code, [])
        legal = any(m.verb != "attempt" for m in map(parse_move, options) if m is not None)
        cls = "in-hand" + (" legal" if legal and not strict else "")
        face = card_html(card, extra_cls=cls + (" picked" if picked == code else ""))
        label = card_name(card)
        if len(options) == 1:
            items.append(actionable("span", face, label=f"{_choice_label(options[0], screen.names)}"
                                    f": {label}", class_="slot", data_move=options[0]))
        elif options:
            items.append(actionable("span", face, label=f"Choose {label}", class_="slot",
                                    data_pick=code))
        else:
            items.append(f'<span class="slot">{face}</span>')
    choices = ""
    if picked and picked in by_card:
        buttons = "".join(
            f'<button type="button"{attrs(class_="btn", data_move=m, aria_label=m)}>'
            f"{esc(_choice_label(m, screen.names))}</button>" for m in by_card[picked])
        choices = (f'<div class="choices" role="group" aria-label="How to play it">'
                   f'{card_html(BY_CODE[picked])}{buttons}</div>')
    others = "".join(_move_button(m, screen.names) for m in moves if _card_of(m) is None)
    who = "Your" if view.seat is not None and screen.names[view.seat] == "You" else (
        f"{esc(screen.names[view.seat])}'s" if view.seat is not None else "")
    return (f'<section class="hand" aria-label="{who} hand" data-secret="hand">'
            f'<h3>{who} hand ({len(view.hand)} cards)</h3><div class="fan">{"".join(items)}</div>'
            f'{choices}<div class="moves">{others}</div></section>')


def centre_html(view: CiaoView, screen: Screen) -> str:
    if view.top >= 0:
        top = card_html(view.top, named=view.named if IS_JOKER[view.top] else -1,
                        extra_cls="top")
        counts_as = (f"counts as a {COLOURS[view.top_colour]} {SYMBOLS[view.top_symbol]}"
                     if view.top_symbol >= 0 else "")
    else:
        top = '<span class="card empty">no card yet</span>'
        counts_as = "the first card may be anything but a millstone"
    arrow = "↻ clockwise" if view.direction == 1 else "↺ counter-clockwise"
    bits = [f'<span class="pile">{view.draw_count} in the draw pile</span>',
            f'<span class="dir" aria-label="direction of play">{arrow}</span>',
            f'<span class="round">Round {view.round} of {view.options.rounds}</span>']
    if view.pending:
        bits.append(f'<span class="pending">+3 pending: {view.pending} cards</span>')
    banner = ""
    if view.phase == "race" and view.to_act == TABLE:
        secs = screen.timer or view.options.race_seconds
        banner = (f'<div class="window race" role="alert"><strong>Speed challenge!</strong> '
                  f'Lay a card that beats it, fast. <span class="countdown" '
                  f'style="animation-duration:{secs}s"></span></div>')
    elif view.phase == "thanks" and view.to_act == TABLE:
        secs = screen.timer or view.options.thanks_seconds
        who = screen.names[view.receiver]
        banner = (f'<div class="window thanks" role="alert"><strong>{esc(who)} was given a '
                  f'card:</strong> say “Thank you!” in time or draw 3. <span class="countdown" '
                  f'style="animation-duration:{secs}s"></span></div>')
    return (f'<section class="centre" aria-label="The table">{banner}{event_html(view, screen)}'
            f'<div class="topcard">{top}<p>{esc(counts_as)}</p></div>'
            f'<p class="facts">{"".join(bits)}</p></section>')


#: Moves that move cards between players: shown as an animated notice so a person
#: notices a swap or a gift even when it was not their turn.
NOTICED = ("swap", "give", "race", "nothanks", "take", "attempt", "reverse")


def event_html(view: CiaoView, screen: Screen) -> str:
    if not view.history:
        return ""
    actor, move = view.history[-1]
    m = parse_logged(move)
    if m is None or m.verb not in NOTICED or (m.verb == "race" and m.seat < 0):
        return ""
    return (f'<div class="event" role="status" data-event="{esc(m.verb)}">'
            f"{esc(describe(actor, move, screen.names))}</div>")


def seats_html(view: CiaoView, screen: Screen) -> str:
    rows = []
    for s in range(view.players):
        turn = view.to_act == s or (view.to_act == TABLE and view.turn == s)
        marks = []
        if s == view.leader:
            marks.append("led this round")
        if view.phase in ("race", "race_turn") and s == view.speed_player:
            marks.append("laid the speed card")
        if view.phase == "thanks" and s == view.receiver:
            marks.append("was given a card")
        if screen.thinking == s:
            marks.append("thinking…")
        kind = screen.kinds[s]
        shown = esc(kind.replace("bot:", "bot, "))
        level = "" if kind == "human" else f' <span class="kind">({shown})</span>'
        backs = '<span class="back"></span>' * min(view.hand_counts[s], 12)
        rows.append(
            f'<li class="seat{" to-move" if turn else ""}{" me" if s == view.seat else ""}"'
            f'{attrs(data_seat=s)}><span class="who">{"▶ " if turn else ""}'
            f'{esc(screen.names[s])}{level}</span><span class="backs" aria-hidden="true">{backs}'
            f'</span><span class="count">{view.hand_counts[s]} cards</span>'
            f'<span class="score">{view.scores[s]} points</span>'
            f'<span class="marks">{esc(", ".join(marks))}</span></li>')
    return f'<ul class="seats">{"".join(rows)}</ul>'


def scores_html(view: CiaoView, names: Sequence[str]) -> str:
    if not view.results:
        return ""
    head = "".join(f"<th>{esc(n)}</th>" for n in names)
    rows = []
    for r in view.results:
        cells = "".join(
            f'<td>{"out ★" if s == r.winner else p}</td>' for s, p in enumerate(r.penalties))
        rows.append(f"<tr><th>Round {r.round}</th>{cells}</tr>")
    totals = "".join(f"<td><strong>{v}</strong></td>" for v in view.scores)
    last = view.results[-1]
    detail = "; ".join(
        f"{names[s]}: " + (", ".join(card_name(c) for c in hand) + f" = {last.penalties[s]}"
                           if hand else "went out")
        for s, hand in enumerate(last.hands))
    return (f'<section class="scores" aria-label="Scores"><h3>Scores (lowest wins)</h3>'
            f'<table><tr><th></th>{head}</tr>{"".join(rows)}<tr><th>Total</th>{totals}</tr>'
            f'</table><p class="round-end">Round {last.round}: {esc(detail)}.</p></section>')


def log_lines(view: CiaoView, names: Sequence[str],
              t: Translator | None = None) -> list[str]:
    return [describe(actor, move, names) for actor, move in view.history]


def log_html(view: CiaoView, names: Sequence[str]) -> str:
    lines = log_lines(view, names)[-60:]
    items = "".join(f"<li>{esc(t)}</li>" for t in reversed(lines))
    return f'<ol class="log" reversed aria-label="Moves, newest first">{items}</ol>'


def end_html(outcome: Outcome, names: Sequence[str]) -> str:
    if len(outcome.winners) == 1:
        w = names[outcome.winners[0]]
        head = f"{esc(w)} {'win' if w == 'You' else 'wins'} the match!"
    else:
        head = "A shared win: " + " and ".join(esc(names[s]) for s in outcome.winners) + "."
    rounds = []
    for r in outcome.details["rounds"]:
        rows = "".join(
            f'<tr><td>{esc(names[t["seat"]])}</td><td>'
            + (" ".join(f"{c} ({p})" for c, p in zip(t["cards"], t["card_penalties"],
                                                     strict=True)) or "went out ★")
            + f'</td><td>{t["penalty"]}</td></tr>' for t in r["table"])
        rounds.append(f'<h4>Round {r["round"]}</h4><table class="tallies"><tr><th>Player</th>'
                      f'<th>Cards left (points)</th><th>Penalty</th></tr>{rows}</table>')
    totals = ", ".join(f"{esc(names[s])} {v}" for s, v in enumerate(outcome.details["totals"]))
    return (f'<section class="end" aria-label="Result"><h2>{head}</h2><p>Totals (lowest '
            f'wins): {totals}.</p>{"".join(rounds)}</section>')


def render_play(view: CiaoView, screen: Screen, outcome: Outcome | None) -> str:
    end = end_html(outcome, screen.names) if outcome is not None else ""
    hand = hand_html(view, screen) if view.seat is not None else ""
    return (f'{end}<div class="table ciao"><div class="play-area">{centre_html(view, screen)}'
            f'{hand}</div><aside class="side"><h3>Players</h3>{seats_html(view, screen)}'
            f'{scores_html(view, screen.names)}<h3>Moves</h3>{log_html(view, screen.names)}'
            f'</aside></div>')


def next_picks(picks: tuple[str, ...], token: str) -> tuple[str, ...]:
    """Picking a card that can be played several ways opens its choices; again closes."""
    return () if picks == (token,) else (token,)


def hint(view: CiaoView, screen: Screen) -> str:
    if view.to_act == TABLE:
        return ("Speed challenge: lay a card that beats it, fast!" if view.phase == "race"
                else "Say “Thank you!” before the time runs out!")
    tasks = {
        "play": "Your turn: play a card that beats the top card, or draw.",
        "again": "Play again on your own card, or draw.",
        "drawn": "Play the card you drew, or keep it.",
        "again_or_reverse": "Play again, or reverse the direction?",
        "plus3": f"A +3 is coming at you ({view.pending} cards): answer with a joker or a "
                 "+3, or take them.",
        "race_turn": "Speed challenge: answer it with a card, or pass.",
        "give_target": "Give a card: pick one, then who gets it.",
        "swap_target": "Swap hands: with whom?",
    }
    text = tasks.get(view.phase, "Your turn.")
    if view.phase == "drawn" and screen.legal == (KEEP,) and view.drawn >= 0:
        text = (f"You drew {card_name(view.drawn)}: it does not beat the top card, so keep "
                "it.")
    if screen.picks:
        text += " Choose how to play the card you picked."
    return text
