"""Ciao!'s secrets drawn for the room (watch mode and reviews, ``Screen.revealed``):
every hand face up in its player's seat, as nobody at the table sees it.

Card faces are ``render.card_html``'s, passed in so a card looks the same in a hand and
revealed without this module importing the screen module that calls it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from parlor.games.ciao.cards import COLOUR_OF, IS_JOKER, IS_MILLSTONE, SYMBOL_OF
from parlor.games.ciao.state import CiaoSecrets
from parlor.i18n.catalog import Translator
from parlor.render.common import reveal_note
from parlor.render.html import attrs

#: Draws one card face: ``card_html(card, t)``.
CardFace = Callable[[int, Translator], str]


def fan_order(hand: Iterable[int]) -> list[int]:
    """A hand as the fan shows it: by symbol then colour, jokers and millstones apart at
    the right (a revealed hand reads like the player's own)."""
    return sorted(hand, key=lambda c: (IS_JOKER[c] or IS_MILLSTONE[c], IS_MILLSTONE[c],
                                       SYMBOL_OF[c], COLOUR_OF[c], c))


def revealed_hand(revealed: CiaoSecrets | None, seat: int, name: str, t: Translator,
                  face: CardFace) -> str:
    """Seat ``seat``'s hand face up (not clickable), or "" when nothing is revealed."""
    if revealed is None:
        return ""
    cards = "".join(face(c, t) for c in fan_order(revealed.hands[seat]))
    opening = attrs(class_="revealed-hand", data_revealed=f"hand:{seat}", role="group",
                    aria_label=t("ciao.hand.named", name=name))
    return f"<div{opening}>{cards}</div>"


def legend(revealed: CiaoSecrets | None, t: Translator) -> str:
    """The line that tells the room the hands shown are secrets ("" when not revealed)."""
    return "" if revealed is None else reveal_note(t("ciao.reveal.legend"))
