"""Saboteur's secrets drawn for the room (watch mode and reviews, ``Screen.revealed``, a
``SaboteurSecrets``): each player's hand below the maze, drawn like a hand but never
clickable, and each face-down goal face up on the board inside a dashed outline with an
eye mark, so viewers can tell it from a card the players have turned (or peeked at).
"""

from __future__ import annotations

from collections.abc import Sequence

from parlor.games.saboteur.cards import CARDS
from parlor.games.saboteur.state import Cell, SaboteurSecrets
from parlor.games.saboteur.ui.cards import _text, any_face, card_face, card_words
from parlor.i18n.catalog import Msg, Translator
from parlor.render.common import reveal_note
from parlor.render.html import attrs, esc

#: The outline and badge of a revealed goal: magenta, unlike a peek's yellow.
MARK = "#d1127b"


def revealed_goals(revealed: SaboteurSecrets | None) -> dict[Cell, str]:
    """Face-down goal cards by cell (none when nothing is revealed)."""
    return dict(revealed.goals) if revealed is not None else {}


def eye_svg(x: float, y: float) -> str:
    """An open eye: the mark that says "shown to the room, not to the players"."""
    return (f'<g class="eye" aria-hidden="true"><circle cx="{x}" cy="{y}" r="13" fill="#fff" '
            f'stroke="{MARK}" stroke-width="2.5"/><path d="M{x - 9},{y} Q{x},{y - 9} '
            f'{x + 9},{y} Q{x},{y + 9} {x - 9},{y}z" fill="none" stroke="#1a1a1a" '
            f'stroke-width="2"/><circle cx="{x}" cy="{y}" r="3" fill="#1a1a1a"/></g>')


def revealed_goal_svg(cid: str, cell: Cell, t: Translator) -> str:
    """A face-down goal drawn face up for the room, marked as revealed."""
    return (f'<g{attrs(class_="revealed", data_revealed=f"goal:{cell[0]},{cell[1]}")}>'
            f'{card_face(cid, 0)}<rect x="2" y="2" width="96" height="96" rx="6" '
            f'fill="none" stroke="{MARK}" stroke-width="5" stroke-dasharray="10 6"/>'
            f'<rect x="14" y="3" width="72" height="17" rx="4" fill="{MARK}"/>'
            f'{_text(50, 11.5, t("saboteur.face.revealed"), 11, "#ffffff")}'
            f'{eye_svg(84, 84)}</g>')


def revealed_goal_label(cid: str, goal: str | Msg, t: Translator) -> str:
    """``goal`` names the goal's place (``naming.landmark_msg``)."""
    return t("saboteur.ui.revealed_goal", goal=goal, card=card_words(cid, 0, t))


def _card(cid: str, t: Translator) -> str:
    """One card of a revealed hand, as a hand shows it (its picture), not clickable."""
    words = card_words(cid, 0, t)
    svg = (f'<svg viewBox="0 0 100 100" class="face" aria-hidden="true">'
           f'{any_face(cid, 0, t)}</svg>')
    opening = attrs(class_="hcard", data_kind=CARDS[cid].kind, aria_label=words, role="img")
    return f'<div{opening}>{svg}</div>'


def revealed_hands(revealed: SaboteurSecrets | None, names: Sequence[str],
                   t: Translator) -> str:
    """Every hand, each in its own section like the hand of the seat playing, and the
    legend; "" when nothing is revealed."""
    if revealed is None:
        return ""
    out = []
    for seat, hand in enumerate(revealed.hands):
        whose = t("saboteur.ui.named_hand", name=names[seat])
        cards = "".join(_card(cid, t) for cid in hand)
        if not hand:
            cards = f'<p class="note">{esc(t("saboteur.ui.no_cards"))}</p>'
        opening = attrs(class_="sab-hand revealed-hand", data_revealed=f"hand:{seat}",
                        aria_label=whose)
        out.append(f'<section{opening}><h3>{esc(whose)} <small>'
                   f'{esc(t("saboteur.ui.revealed"))}</small></h3>'
                   f'<div class="cards">{cards}</div></section>')
    return "".join(out)


def legend(revealed: SaboteurSecrets | None, t: Translator) -> str:
    """The line that tells the room what the marks mean ("" when not revealed)."""
    return "" if revealed is None else reveal_note(t("saboteur.reveal.legend"))
