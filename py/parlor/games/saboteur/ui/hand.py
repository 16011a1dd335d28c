"""The viewer's hand and the choices of a turn: pick a card, turn it, place it; action
cards and their targets; discarding to pass or to clear a broken tool; reveal and bribe
window buttons."""

from __future__ import annotations

from collections.abc import Sequence

from parlor.games.saboteur.cards import CARDS
from parlor.games.saboteur.notation import END_TURN, Move, format_move
from parlor.games.saboteur.state import (
    BRIBE,
    PLAY,
    REVEAL,
    SaboteurView,
)
from parlor.games.saboteur.ui.cards import ROT_WORD, any_face, card_face, card_words
from parlor.games.saboteur.ui.context import Ctx, bribe_window_words, reveal_words
from parlor.render.html import actionable, attrs, esc

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


def _at(pm: Move) -> str:
    assert pm.cell is not None
    return f"{pm.cell[0]},{pm.cell[1]}"


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
                move = ctx.find("reveal", cell, rot)
                if move is None:
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
        btns = "".join(_move_button(m, f"Bribe the troll at {_at(pm)}", "btn")
                       for m, pm in ctx.of_kind("bribe"))
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
            cards = tuple(sorted(chosen))
            move = format_move(Move("pass", cards=cards))
            if move in ctx.legal:
                n = len(chosen)
                buttons.append(_move_button(move, f"Pass: discard {' and '.join(sorted(chosen))}"
                                            f", draw {n}"))
            if len(chosen) == 2:
                for tool in view.sabotage[seat]:
                    move = format_move(Move("clear", tool=tool, cards=cards))
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
            move = format_move(Move("break", tool=tool))
            if move in ctx.legal:
                buttons.append(_move_button(move, f"Break {_opponent(view, seat, names)}'s "
                                            f"{tool}"))
            else:
                text = f"Cannot break: {ctx.refusal(move)}."
        elif card.kind == "repair":
            for tool in card.tools:
                move = format_move(Move("repair", tool=tool, tools=card.tools
                                        if len(card.tools) > 1 else ()))
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
                why = ctx.refusal(format_move(Move(card.kind, cell=(0, 0))))
                if card.kind == "key" and view.keys_left == 0:
                    why = "both key tokens are already on the table"
                elif card.kind == "key":
                    why = "no door of the other colour without a key is in the maze"
                elif card.kind == "map":
                    why = "every goal is face up"
                text = f"No target for this {card.kind} now: {why}."
        move = format_move(Move("pass", cards=(cid,)))
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
    bribes = ctx.of_kind("bribe")
    if bribes:
        btns = "".join(_move_button(m, f"Bribe the troll at {_at(pm)}", "btn")
                       for m, pm in bribes)
        parts.append(f'<div class="bribes"><p>Your tunnel reaches a troll: you may bribe it '
                     f'with a dwarf counter (a free action; you pay 1 gold at the end of the '
                     f'round) and then go on with your turn.</p><div class="buttons">{btns}'
                     f'</div></div>')
    return f'<section class="sab-choices" aria-label="Your choices">{"".join(parts)}</section>'
