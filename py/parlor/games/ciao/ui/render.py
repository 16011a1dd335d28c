"""Ciao! on screen: your hand as a fan, the top of the pile with what it counts as,
every opponent's card count, direction, pending +3, the speed race and "Thank you!"
windows, the score table and the round-end tables.

Cards carry a second cue besides colour: a symbol glyph and its name, and one to three
rank dots (green 1 < yellow 2 < red 3), as the printed cards do. Every word comes from
the catalogs (``ciao.*`` keys) through the page's ``screen.t``; notation, ``data-*``
attributes and classes stay language-neutral.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from parlor.core.match import LAB
from parlor.core.protocol import TABLE, Outcome
from parlor.games.ciao.cards import (
    BY_CODE,
    CODES,
    COLOUR_OF,
    EFFECT_OF,
    IS_JOKER,
    IS_MILLSTONE,
    SYMBOL_OF,
    SYMBOLS,
    card_msg,
    card_name,
    look_msg,
    symbol_msg,
)
from parlor.games.ciao.describe import describe
from parlor.games.ciao.notation import KEEP, parse_logged, parse_move
from parlor.games.ciao.scoring import joined, points
from parlor.games.ciao.state import CiaoView
from parlor.games.ciao.ui.pictures import MILLSTONE, glyph
from parlor.games.ciao.ui.reveal import fan_order, legend, revealed_hand
from parlor.i18n.catalog import Arg, Msg, Translator
from parlor.render import common
from parlor.render.html import actionable, attrs, esc, name_html

#: Background and text colour per colour rank (0: millstone).
PALETTE = {0: ("#616161", "#ffffff"), 1: ("#237f3a", "#ffffff"), 2: ("#f6d32d", "#1a1a1a"),
           3: ("#d7352b", "#ffffff")}
#: Bot levels a seat's kind may name (``bot:<level>``), each said by ``ciao.seat.bot.*``.
LEVELS = ("random", "easy", "medium", "hard")


@dataclass(frozen=True)
class Screen(common.Screen):
    pass


def say_list(t: Translator, items: Sequence[Arg], key: str = "ciao.list.comma") -> str:
    """Items as one phrase in ``t``'s punctuation ("" for none)."""
    if not items:
        return ""
    value = joined(items, key)
    return t.number(value) if isinstance(value, int) else t.text(value)


def card_html(card: int, t: Translator, *, named: int = -1, extra_cls: str = "") -> str:
    """One card face. ``named``: the symbol a joker on the pile counts as."""
    colour = COLOUR_OF[card]
    bg, ink = PALETTE[colour]
    dots = "●" * colour
    if IS_MILLSTONE[card]:
        face = (f'{glyph(MILLSTONE)}<span class="name">{esc(t("ciao.face.millstone"))}</span>'
                f'<span class="small">{esc(t("ciao.face.cannot_play"))}</span>')
    elif IS_JOKER[card]:
        small = (t("ciao.face.as", symbol=symbol_msg(named)) if named >= 0
                 else t("ciao.face.anything"))
        face = (f'<span class="name">{esc(t("ciao.face.joker"))}</span>'
                f'{glyph(named) if named >= 0 else ""}<span class="small">{esc(small)}</span>')
    else:
        effect = EFFECT_OF[card]
        icon = (f'<span class="icon">{esc(t(f"ciao.icon.{effect}"))}</span>' if effect
                else "")
        face = (f'{glyph(SYMBOL_OF[card])}<span class="name">'
                f'{esc(t(f"ciao.face.{SYMBOLS[SYMBOL_OF[card]]}"))}</span>{icon}')
    return (f'<span class="card{" " + extra_cls if extra_cls else ""}" '
            f'style="background:{bg};color:{ink}" title="{esc(t.say(card_name(card)))}">'
            f'<span class="rank" aria-hidden="true">{dots}</span>{face}</span>')


def left_card(card: int, penalty: int, t: Translator) -> str:
    """A card left in a hand at the end, drawn small with its penalty under it (the end
    screen's table): a child sees the card, a screen reader hears its name and points."""
    label = t("ciao.end.card_points", card=card_msg(card), n=penalty)
    return (f'<span class="left-card" role="img" aria-label="{esc(label)}">'
            f'{card_html(card, t, extra_cls="mini")}<span class="pts" aria-hidden="true">'
            f'{t.number(penalty)}</span></span>')


def _viewer_moves(view: CiaoView, legal: tuple[str, ...]) -> list[str]:
    """The moves the viewer may click now. ``legal`` is already the viewer's own, as the
    rules give them (``Game.legal_moves_for``: its turn's moves, or at a table window
    its race cards and its "Thank you!"): the screen decides no legality."""
    return list(legal) if view.seat is not None and view.to_act is not None else []


def _card_of(move: str) -> str | None:
    """The hand card a move spends, as its code (None for draw, swap, …)."""
    m = parse_move(move)
    if m is None or m.card < 0 or m.verb not in ("play", "race", "attempt", "give"):
        return None
    return CODES[m.card]


def _choice_label(move: str, names: Sequence[str]) -> Msg:
    m = parse_move(move)
    assert m is not None
    parts: list[Arg] = []
    if m.named >= 0:
        parts.append(Msg.of("ciao.choice.as", symbol=symbol_msg(m.named)))
    if m.millstone:
        parts.append(Msg("ciao.choice.shed"))
    if m.verb == "give":
        parts.append(Msg.of("ciao.choice.give", name=names[m.seat]))
    if m.verb == "attempt":
        parts.append(Msg("ciao.choice.try"))
    label = joined(parts, "ciao.list.space") if parts else Msg("ciao.choice.play")
    assert isinstance(label, Msg)
    return label


#: Moves that are a single word: their button's label is ``ciao.button.<move>``.
VERB_BUTTONS = ("draw", "keep", "take", "again", "reverse", "pass")


def _move_button(move: str, names: Sequence[str], t: Translator) -> str:
    m = parse_move(move)
    thanks = m is not None and m.verb == "thanks"
    if move in VERB_BUTTONS:
        label = t(f"ciao.button.{move}")
    elif m is not None and m.verb == "swap":
        label = t("ciao.button.swap", name=names[m.seat])
    elif thanks:
        label = t("ciao.button.thanks")
    else:
        label = move
    cls = "btn big thanks" if thanks else "btn"
    return (f'<button type="button"{attrs(class_=cls, data_move=move, aria_label=label)}>'
            f"{esc(label)}</button>")


def hand_html(view: CiaoView, screen: Screen) -> str:
    t = screen.t
    moves = _viewer_moves(view, screen.legal) if screen.interactive else []
    by_card: dict[str, list[str]] = {}
    for move in moves:
        code = _card_of(move)
        if code is not None:
            by_card.setdefault(code, []).append(move)
    strict = view.options.strict_table
    picked = screen.picks[0] if screen.picks else None
    items = []
    for card in fan_order(view.hand):
        code = CODES[card]
        options = by_card.get(code, [])
        legal = any(m.verb != "attempt" for m in map(parse_move, options) if m is not None)
        cls = "in-hand" + (" legal" if legal and not strict else "")
        face = card_html(card, t, extra_cls=cls + (" picked" if picked == code else ""))
        label = card_name(card)
        if len(options) == 1:
            choice = _choice_label(options[0], screen.names)
            items.append(actionable("span", face, label=t("ciao.hand.play_as", how=choice,
                                                          card=label),
                                    class_="slot", data_move=options[0]))
        elif options:
            items.append(actionable("span", face, label=t("ciao.hand.choose", card=label),
                                    class_="slot", data_pick=code))
        else:
            items.append(f'<span class="slot">{face}</span>')
    choices = ""
    if picked and picked in by_card:
        buttons = "".join(
            f'<button type="button"{attrs(class_="btn", data_move=m, aria_label=m)}>'
            f"{esc(t.say(_choice_label(m, screen.names)))}</button>" for m in by_card[picked])
        choices = (f'<div class="choices" role="group" aria-label="{esc(t("ciao.hand.how"))}">'
                   f'{card_html(BY_CODE[picked], t)}{buttons}</div>')
    others = "".join(_move_button(m, screen.names, t) for m in moves if _card_of(m) is None)
    n = len(view.hand)
    if view.seat is not None and view.seat == screen.you:
        aria, head = t("ciao.hand.yours"), t("ciao.hand.yours_count", n=n)
    elif view.seat is not None:
        name = screen.names[view.seat]
        aria, head = t("ciao.hand.named", name=name), t("ciao.hand.named_count", name=name, n=n)
    else:
        aria, head = "", ""
    return (f'<section class="hand" aria-label="{esc(aria)}" data-secret="hand">'
            f'<h3>{esc(head)}</h3><div class="fan">{"".join(items)}</div>'
            f'{choices}<div class="moves">{others}</div></section>')


def centre_html(view: CiaoView, screen: Screen) -> str:
    t = screen.t
    if view.top >= 0:
        top = card_html(view.top, t, named=view.named if IS_JOKER[view.top] else -1,
                        extra_cls="top")
        last = parse_logged(view.history[-1][1]) if view.history else None
        if last is not None and (last.verb == "play" or (last.verb == "race"
                                                         and last.seat >= 0)):
            top = f'<span class="fresh-slot" data-fresh="play">{top}</span>'  # just laid
        counts_as = (t("ciao.top.label", look=look_msg(view.top_symbol, view.top_colour))
                     if view.top_symbol >= 0 else "")
    else:
        top = f'<span class="card empty">{esc(t("ciao.top.empty"))}</span>'
        counts_as = t("ciao.top.first")
    arrow = t("ciao.dir.cw") if view.direction == 1 else t("ciao.dir.ccw")
    round_ = t("ciao.facts.round", round=view.round, rounds=view.options.rounds)
    bits = [f'<span class="pile">{esc(t("ciao.facts.pile", count=view.draw_count))}</span>',
            f'<span class="dir" aria-label="{esc(t("ciao.dir.label"))}">{esc(arrow)}</span>',
            f'<span class="round">{esc(round_)}</span>']
    if view.pending:
        bits.append(f'<span class="pending">{esc(t("ciao.facts.pending", n=view.pending))}'
                    '</span>')
    banner = ""
    if view.phase == "race" and view.to_act == TABLE:
        secs = screen.timer or view.options.race_seconds
        banner = (f'<div class="window race" role="alert"><strong>'
                  f'{esc(t("ciao.race.title"))}</strong> {esc(t("ciao.race.body"))} '
                  f'<span class="countdown" style="animation-duration:{secs}s"></span></div>')
    elif view.phase == "thanks" and view.to_act == TABLE:
        secs = screen.timer or view.options.thanks_seconds
        who = screen.names[view.receiver]
        banner = (f'<div class="window thanks" role="alert"><strong>'
                  f'{esc(t("ciao.thanks.title", name=who))}</strong> '
                  f'{esc(t("ciao.thanks.body"))} <span class="countdown" '
                  f'style="animation-duration:{secs}s"></span></div>')
    return (f'<section class="centre" aria-label="{esc(t("ciao.table.label"))}">{banner}'
            f'{event_html(view, screen)}<div class="topcard">{top}<p>{esc(counts_as)}</p></div>'
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
    you = screen.you if screen.you is not None else common.named_you(screen.names, screen.t)
    return (f'<div class="event" role="status" data-event="{esc(m.verb)}">'
            f"{esc(screen.t.say(describe(actor, move, screen.names, you=you)))}</div>")


def _kind(kind: str, t: Translator) -> str:
    """A seat's kind in words ("bot, easy"), or "" for a person."""
    if kind == "human":
        return ""
    if kind == LAB:
        return t("lab.seat_kind")
    level = kind.removeprefix("bot:")
    return t(f"ciao.seat.bot.{level}") if level in LEVELS else kind


def seats_html(view: CiaoView, screen: Screen) -> str:
    t = screen.t
    rows = []
    for s in range(view.players):
        turn = view.to_act == s or (view.to_act == TABLE and view.turn == s)
        marks = []
        if s == view.leader:
            marks.append(Msg("ciao.mark.leader"))
        if view.phase in ("race", "race_turn") and s == view.speed_player:
            marks.append(Msg("ciao.mark.speed"))
        if view.phase == "thanks" and s == view.receiver:
            marks.append(Msg("ciao.mark.given"))
        if screen.thinking == s:
            marks.append(Msg("ciao.mark.thinking"))
        kind = _kind(screen.kinds[s], t)
        level = f' <span class="kind">({esc(kind)})</span>' if kind else ""
        backs = '<span class="back"></span>' * min(view.hand_counts[s], 12)
        rows.append(
            f'<li class="seat{" to-move" if turn else ""}{" me" if s == view.seat else ""}"'
            f'{attrs(data_seat=s)}><span class="who">{"▶ " if turn else ""}'
            f'{name_html(screen.names[s])}{level}</span>'
            f'<span class="backs" aria-hidden="true">{backs}'
            f'</span><span class="count">{esc(t("ciao.seat.cards", n=view.hand_counts[s]))}'
            f'</span><span class="score">{esc(t("ciao.seat.points", n=view.scores[s]))}</span>'
            f'<span class="marks">{esc(say_list(t, marks))}</span>'
            f'{revealed_hand(screen.revealed, s, screen.names[s], t, card_html)}</li>')
    return f'<ul class="seats">{"".join(rows)}</ul>{legend(screen.revealed, t)}'


def scores_html(view: CiaoView, names: Sequence[str], t: Translator) -> str:
    if not view.results:
        return ""
    head = "".join(f"<th>{name_html(n)}</th>" for n in names)
    rows = []
    for r in view.results:
        cells = "".join(
            f'<td>{esc(t("ciao.scores.out")) if s == r.winner else t.number(p)}</td>'
            for s, p in enumerate(r.penalties))
        rows.append(f"<tr><th>{esc(t('ciao.scores.round', round=r.round))}</th>{cells}</tr>")
    totals = "".join(f"<td><strong>{t.number(v)}</strong></td>" for v in view.scores)
    last = view.results[-1]
    detail = say_list(t, [
        Msg.of("ciao.scores.hand", name=names[s], penalty=last.penalties[s],
               cards=joined([card_name(c) for c in hand])) if hand
        else Msg.of("ciao.scores.went_out", name=names[s])
        for s, hand in enumerate(last.hands)], "ciao.list.semicolon")
    ending = t("ciao.scores.round_end", round=last.round, detail=detail)
    return (f'<section class="scores" aria-label="{esc(t("ciao.scores.label"))}">'
            f'<h3>{esc(t("ciao.scores.title"))}</h3><table><tr><th></th>{head}</tr>'
            f'{"".join(rows)}<tr><th>{esc(t("ciao.scores.total"))}</th>{totals}</tr></table>'
            f'<p class="round-end">{esc(ending)}</p></section>')


def log_lines(view: CiaoView, names: Sequence[str],
              t: Translator | None = None, last: int | None = None) -> list[str]:
    """The move log in ``t``'s language (English without one): one line per move, each
    said on its own, so only the ``last`` ones are described when that is all a
    screen shows (a round is hundreds of moves, and every screen shows the log)."""
    t = t or Translator()
    you = common.named_you(names, t)
    history = view.history if last is None else view.history[-last:]
    return [t.say(describe(actor, move, names, you=you)) for actor, move in history]


def log_tail(view: CiaoView, names: Sequence[str], t: Translator,
             n: int) -> tuple[list[str], int]:
    """The last ``n`` lines of the log and how many it has (one per move)."""
    return log_lines(view, names, t, last=n), len(view.history)


def log_html(view: CiaoView, names: Sequence[str], t: Translator) -> str:
    lines = log_lines(view, names, t, last=60)
    items = "".join(f"<li>{esc(line)}</li>" for line in reversed(lines))
    return f'<ol class="log" reversed aria-label="{esc(t("ciao.log.label"))}">{items}</ol>'


def end_html(outcome: Outcome, names: Sequence[str], t: Translator,
             you: int | None = None) -> str:
    if len(outcome.winners) == 1:
        w = outcome.winners[0]
        head = t("ciao.end.title_you") if w == you else t("ciao.end.title", name=names[w])
    else:
        head = t("ciao.end.title_shared",
                 names=joined([names[s] for s in outcome.winners], "ciao.list.and"))
    rounds = []
    for r in outcome.details["rounds"]:
        rows = "".join(
            f'<tr><td>{name_html(names[row["seat"]])}</td><td>'
            + ("".join(left_card(BY_CODE[c], p, t) for c, p in zip(
                row["cards"], row["card_penalties"], strict=True)) or esc(t("ciao.end.went_out")))
            + f'</td><td>{t.number(row["penalty"])}</td></tr>' for row in r["table"])
        rounds.append(f'<h4>{esc(t("ciao.scores.round", round=r["round"]))}</h4>'
                      f'<table class="tallies"><tr><th>{esc(t("ciao.end.player"))}</th>'
                      f'<th>{esc(t("ciao.end.cards_left"))}</th>'
                      f'<th>{esc(t("ciao.end.penalty"))}</th></tr>{rows}</table>')
    totals = t("ciao.end.totals_line", parts=points(names, outcome.details["totals"]))
    return (f'<section class="end" aria-label="{esc(t("ciao.end.label"))}"><h2>{esc(head)}'
            f'</h2><p>{esc(totals)}</p>{"".join(rounds)}</section>')


def render_play(view: CiaoView, screen: Screen, outcome: Outcome | None) -> str:
    t = screen.t
    end = end_html(outcome, screen.names, t, screen.you) if outcome is not None else ""
    hand = hand_html(view, screen) if view.seat is not None else ""
    return (f'{end}<div class="table ciao"><div class="play-area">{centre_html(view, screen)}'
            f'{hand}</div><aside class="side"><h3>{esc(t("ciao.side.players"))}</h3>'
            f'{seats_html(view, screen)}{scores_html(view, screen.names, t)}'
            f'<h3>{esc(t("ciao.side.moves"))}</h3>{log_html(view, screen.names, t)}'
            f'</aside></div>')


def next_picks(picks: tuple[str, ...], token: str) -> tuple[str, ...]:
    """Picking a card that can be played several ways opens its choices; again closes."""
    return () if picks == (token,) else (token,)


#: Phases with a hint of their own (``ciao.hint.<phase>``); others say ``default``.
HINTED = ("play", "again", "drawn", "again_or_reverse", "race_turn", "give_target",
          "swap_target")


def hint(view: CiaoView, screen: Screen) -> str:
    if view.to_act == TABLE:
        return screen.t("ciao.hint.race" if view.phase == "race" else "ciao.hint.thanks")
    if view.phase == "drawn" and screen.legal == (KEEP,) and view.drawn >= 0:
        msg = Msg.of("ciao.hint.drawn_keep", card=card_name(view.drawn))
    elif view.phase == "plus3":
        msg = Msg.of("ciao.hint.plus3", n=view.pending)
    else:
        msg = Msg(f"ciao.hint.{view.phase if view.phase in HINTED else 'default'}")
    if screen.picks:
        msg = Msg.of("ciao.hint.picked", hint=msg)
    return screen.t.say(msg)
