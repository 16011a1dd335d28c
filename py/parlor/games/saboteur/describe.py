"""Moves in words, for the move log and the status line ("what the bot just did").

``describe_move`` takes the view *before* the move, from the seat that will read the
text, so it never names a card that seat could not see (a map peek names the goal
only to the player who looked).
"""

from __future__ import annotations

from collections.abc import Sequence

from parlor.games.saboteur.cards import CARDS
from parlor.games.saboteur.notation import parse_move
from parlor.games.saboteur.state import SaboteurView

_TOOL = {"pick": "pick", "lamp": "lamp", "cart": "cart"}


def _at(cell: tuple[int, int] | None) -> str:
    assert cell is not None
    return f"{cell[0]},{cell[1]}"


def _card_words(cid: str) -> str:
    card = CARDS.get(cid)
    if card is None:
        return cid
    bits: list[str] = []
    if card.shows_gold:
        bits.append(f"{card.gold_total} gold")
    if card.doors:
        bits.append(" and ".join(sorted({c for _, c in card.doors})) + " door")
    if card.trolls:
        bits.append("troll")
    if card.ladder and card.kind == "path":
        bits.append(f"{card.ladder} ladder")
    if card.is_bridge_like:
        bits.append("two tunnels")
    return f"{cid} ({', '.join(bits)})" if bits else cid


def describe_move(v: SaboteurView, move: str, names: Sequence[str] = ()) -> str:
    """One sentence for ``move`` made by the seat to act in ``v``."""
    m = parse_move(move)
    seat = v.to_move if v.to_move is not None else 0
    who = names[seat] if seat < len(names) else v.colours[seat].capitalize()
    if m is None:
        return f"{who}: {move}"
    k = m.kind
    if k == "place":
        turned = "turned" if m.rot == 1 else "upright"
        return f"{who} places {_card_words(m.card or '')} at {_at(m.cell)}, {turned}"
    if k == "break":
        other = 1 - seat
        target = names[other] if other < len(names) else v.colours[other].capitalize()
        return f"{who} breaks {target}'s {_TOOL[m.tool or '']}"
    if k == "repair":
        using = f" with the {'+'.join(m.tools)} card" if m.tools else ""
        return f"{who} repairs their {m.tool}{using}"
    if k == "key":
        return f"{who} puts a key on the door at {_at(m.cell)}"
    if k == "rockfall":
        grid = {p.cell: p for p in v.maze}
        p = grid.get(m.cell) if m.cell else None
        what = p.card if p is not None and p.card else "a card"
        return f"{who} brings down a rockfall on {what} at {_at(m.cell)}"
    if k == "map":
        mine = dict(v.peeked)
        text = f"{who} looks secretly at the goal at {_at(m.cell)}"
        if v.seat == seat and m.cell in mine:
            text += f" (it is {mine[m.cell]})"
        return text
    if k == "clear":
        return (f"{who} discards {' and '.join(m.cards)} to clear their broken "
                f"{m.tool}")
    if k == "pass":
        return f"{who} passes, discarding {' and '.join(m.cards)}"
    if k == "bribe":
        return f"{who} bribes the troll at {_at(m.cell)}"
    if k == "reveal":
        turned = "turned" if m.rot == 1 else "upright"
        return f"{who} turns the goal at {_at(m.cell)} face up, {turned}"
    if k == "done":
        return f"{who} ends the turn without bribing the troll"
    return f"{who}: {move}"
