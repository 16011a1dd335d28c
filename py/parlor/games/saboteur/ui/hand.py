"""The viewer's hand and the choices of a turn: pick a card, turn it, place it; action
cards and their targets; discarding to pass or to clear a broken tool; reveal and bribe
window buttons."""

from __future__ import annotations

from collections.abc import Sequence

from parlor.games.saboteur.cards import CARDS
from parlor.games.saboteur.facts import chain, colour_name, tool_msg
from parlor.games.saboteur.naming import card_name, cards_named, goal_msg, place_msg
from parlor.games.saboteur.notation import END_TURN, Move, format_move
from parlor.games.saboteur.state import (
    BRIBE,
    PLAY,
    REVEAL,
    SaboteurView,
)
from parlor.games.saboteur.ui.cards import any_face, card_face, card_words
from parlor.games.saboteur.ui.context import Ctx, bribe_window_words, is_you, reveal_words
from parlor.i18n.catalog import Msg
from parlor.render.html import actionable, attrs, esc, named_button

# ------------------------------------------------------------------------ hand and choices


def _hand_card(cid: str, i: int, ctx: Ctx) -> str:
    screen = ctx.screen
    t = screen.t
    rot = screen.rot if ctx.card == cid else 0
    svg = (f'<svg viewBox="0 0 100 100" class="face" aria-hidden="true">'
           f'{any_face(cid, rot, t)}</svg>')
    kind = CARDS[cid].kind
    inner = svg
    words = card_words(cid, rot, t)
    first = ctx.view.hand.index(cid) == i
    if ctx.acting and ctx.view.phase == PLAY:
        if screen.discarding:
            on = i in screen.discards
            if on:
                inner += f'<span class="tag">{esc(t("saboteur.ui.tag_discard"))}</span>'
            return named_button(
                "div", inner, label=t("saboteur.ui.keep" if on else "saboteur.ui.discard_card",
                                      card=words),
                class_="hcard pickable" + (" picked discard" if on else ""),
                data_pick=f"discard:{i}", data_kind=kind, aria_pressed="true" if on else "false")
        on = ctx.card == cid and first
        label = t("saboteur.ui.put_back_card" if on else "saboteur.ui.pick_card", card=words)
        return named_button("div", inner, label=label,
                            class_="hcard pickable" + (" picked" if on else ""),
                            data_pick=f"card:{cid}", data_kind=kind,
                            aria_pressed="true" if on else "false")
    plain = attrs(class_="hcard", data_kind=kind, aria_label=words, role="img")
    return f"<div{plain}>{inner}</div>"


def hand_html(view: SaboteurView, ctx: Ctx, names: Sequence[str]) -> str:
    if view.seat is None:
        return ""
    t = ctx.screen.t
    whose = (t("saboteur.ui.your_hand") if is_you(ctx.screen, view.seat)
             else t("saboteur.ui.named_hand", name=names[view.seat]))
    cards = "".join(_hand_card(cid, i, ctx) for i, cid in enumerate(view.hand))
    if not view.hand:
        cards = f'<p class="note">{esc(t("saboteur.ui.no_cards"))}</p>'
    return (f'<section class="sab-hand" data-secret="hand" aria-label="{esc(whose)}">'
            f'<h3>{esc(whose)} <small>{esc(t("saboteur.ui.secret"))}</small></h3>'
            f'<div class="cards">{cards}</div></section>')


def _at(view: SaboteurView, pm: Move) -> Msg:
    assert pm.cell is not None
    return place_msg(pm.cell, view.players, view.colours)


def _move_button(move: str, text: str, cls: str = "btn") -> str:
    return actionable("button", esc(text), label=text, class_=cls, data_move=move,
                      type="button")


def _pick_button(token: str, text: str, cls: str = "btn subtle", pressed: bool | None = None
                 ) -> str:
    return actionable("button", esc(text), label=text, class_=cls, data_pick=token,
                      type="button",
                      aria_pressed=None if pressed is None else ("true" if pressed else "false"))


def _opponent(view: SaboteurView, seat: int, names: Sequence[str]) -> str | Msg:
    other = 1 - seat
    return names[other] if other < len(names) else colour_name(view.colours[other])


def choices_html(view: SaboteurView, ctx: Ctx, names: Sequence[str]) -> str:
    """What the viewer may do now, beside the maze: reveal choices, the picked card's
    uses, discards, bribes. Empty when the viewer may not act."""
    if not ctx.acting:
        return ""
    seat = view.seat
    assert seat is not None
    t = ctx.screen.t
    choices = esc(t("saboteur.ui.choices"))
    parts: list[str] = []
    if view.phase == REVEAL:
        for cell in view.pending:
            p = ctx.grid.get(cell)
            if p is None or p.card is None:
                continue
            where = goal_msg(cell, view.players, view.colours)
            opts = []
            for rot in (0, 1):
                move = ctx.find("reveal", cell, rot)
                if move is None:
                    continue  # only the orientations the rules allow are shown
                label = t("saboteur.ui.turn_goal", goal=where, rot=Msg(f"saboteur.rot.{rot}"))
                inner = (f'<svg viewBox="0 0 100 100" class="face" aria-hidden="true">'
                         f'{card_face(p.card, rot)}</svg><span>'
                         f'{esc(t(f"saboteur.ui.rot_button.{rot}"))}</span>')
                opts.append(actionable("div", inner, label=label, class_="reveal-opt",
                                       data_move=move))
            reached = t("saboteur.ui.reached", goal=where, card=card_words(p.card, 0, t))
            parts.append(f'<div class="reveal"><p>{esc(reached)} '
                         f'{esc(reveal_words(view, cell, t))}</p>'
                         f'<div class="opts">{"".join(opts)}</div></div>')
        return f'<section class="sab-choices" aria-label="{choices}">{"".join(parts)}</section>'
    if view.phase == BRIBE:
        btns = "".join(_move_button(m, t("saboteur.ui.bribe", place=_at(view, pm)), "btn")
                       for m, pm in ctx.of_kind("bribe"))
        if END_TURN in ctx.legal:
            btns += _move_button(END_TURN, t("saboteur.ui.end_turn"), "btn subtle")
        parts.append(f'<div class="bribes bribe-window"><p>{esc(bribe_window_words(view, t))}'
                     f'</p><div class="buttons">{btns}</div></div>')
        return f'<section class="sab-choices" aria-label="{choices}">{"".join(parts)}</section>'
    screen = ctx.screen
    cid = ctx.card
    if screen.discarding:
        chosen = [view.hand[i] for i in screen.discards if 0 <= i < len(view.hand)]
        parts.append(f'<p>{esc(t("saboteur.ui.discard_intro"))} <strong>'
                     f'{esc(t("saboteur.ui.pass_word"))}</strong>{esc(t("saboteur.ui.pass_text"))}'
                     f' <strong>{esc(t("saboteur.ui.clear_word"))}</strong>'
                     f'{esc(t("saboteur.ui.clear_text"))}</p>')
        buttons = []
        if chosen:
            cards = tuple(sorted(chosen))
            listed = cards_named(cards)
            move = format_move(Move("pass", cards=cards))
            if move in ctx.legal:
                n = len(chosen)
                buttons.append(_move_button(move, t("saboteur.ui.pass_draw", cards=listed, n=n)))
            if len(chosen) == 2:
                for tool in view.sabotage[seat]:
                    move = format_move(Move("clear", tool=tool, cards=cards))
                    if move in ctx.legal:
                        buttons.append(_move_button(
                            move, t("saboteur.ui.clear_tool", tool=tool_msg(tool), cards=listed)))
        buttons.append(_pick_button("cancel", t("saboteur.ui.cancel")))
        parts.append(f'<div class="buttons">{"".join(buttons)}</div>')
    elif cid is not None:
        card = CARDS[cid]
        rot = screen.rot
        preview = (f'<svg viewBox="0 0 100 100" class="face big" aria-hidden="true">'
                   f'{any_face(cid, rot, t)}</svg>')
        buttons = []
        text = ""
        if card.is_path:
            n = len(ctx.places)
            other = ctx.place_count(1 - rot)
            lies = Msg(f"saboteur.rot.{rot}")
            if view.sabotage[seat]:
                broken = chain("saboteur.and_broken", [tool_msg(x) for x in view.sabotage[seat]])
                text = t("saboteur.ui.cannot_place", tools=broken)
            elif n:
                text = t("saboteur.ui.fits", card=card_name(cid), rot=lies, n=n)
            elif other:
                text = t("saboteur.ui.fits_other", card=card_name(cid), rot=lies, n=other)
            else:
                text = t("saboteur.ui.fits_nowhere", card=card_name(cid))
            buttons.append(_pick_button("turn", t("saboteur.ui.turn_now", rot=lies),
                                        cls="btn", pressed=rot == 1))
        elif card.kind == "sabotage":
            tool = card.tools[0]
            move = format_move(Move("break", tool=tool))
            if move in ctx.legal:
                buttons.append(_move_button(move, t("saboteur.ui.break", tool=tool_msg(tool),
                                                    name=_opponent(view, seat, names))))
            else:
                text = t("saboteur.ui.cannot_break", why=ctx.refusal(move) or "")
        elif card.kind == "repair":
            for tool in card.tools:
                move = format_move(Move("repair", tool=tool, tools=card.tools
                                        if len(card.tools) > 1 else ()))
                if move in ctx.legal:
                    buttons.append(_move_button(move, t("saboteur.ui.repair",
                                                        tool=tool_msg(tool))))
            if not buttons:
                tools = chain("saboteur.or", [tool_msg(x) for x in card.tools])
                text = t("saboteur.ui.nothing_to_repair", tools=tools)
        elif card.kind in ("key", "rockfall", "map"):
            n = len(ctx.cell_moves)
            if n:
                text = t(f"saboteur.ui.targets.{card.kind}", n=n)
            else:
                why = ctx.refusal(format_move(Move(card.kind, cell=(0, 0)))) or ""
                if card.kind == "key" and view.keys_left == 0:
                    why = t("saboteur.reason.keys_used")
                elif card.kind == "key":
                    why = t("saboteur.ui.no_door")
                elif card.kind == "map":
                    why = t("saboteur.ui.all_face_up")
                text = t("saboteur.ui.no_target", kind=Msg(f"saboteur.kind.{card.kind}"),
                         why=why)
        move = format_move(Move("pass", cards=(cid,)))
        if move in ctx.legal:
            buttons.append(_move_button(move, t("saboteur.ui.pass_one", card=card_name(cid)),
                                        "btn subtle"))
        buttons.append(_pick_button(f"card:{cid}", t("saboteur.ui.put_back")))
        buttons.append(_pick_button("discard", t("saboteur.ui.discard_cards")))
        parts.append(f'<div class="picked-card">{preview}<div><p><strong>'
                     f'{esc(card_words(cid, rot, t))}</strong></p>'
                     f'<p>{esc(text)}</p><div class="buttons">{"".join(buttons)}</div>'
                     f'</div></div>')
    else:
        parts.append(f"<p>{esc(t('saboteur.ui.pick_intro'))}</p>")
        discard = _pick_button("discard", t("saboteur.ui.discard_or"))
        parts.append(f'<div class="buttons">{discard}</div>')
    bribes = ctx.of_kind("bribe")
    if bribes:
        btns = "".join(_move_button(m, t("saboteur.ui.bribe", place=_at(view, pm)), "btn")
                       for m, pm in bribes)
        parts.append(f'<div class="bribes"><p>{esc(t("saboteur.ui.may_bribe"))}</p>'
                     f'<div class="buttons">{btns}</div></div>')
    return f'<section class="sab-choices" aria-label="{choices}">{"".join(parts)}</section>'
