"""Moves in words, for the move log and the status line ("what the bot just did"), as
``Msg`` values (``saboteur.log.*`` keys) the page says in its language.

``describe_move`` takes the view *before* the move, from the seat that will read the
text, so it never names a card that seat could not see (a map peek names the goal
only to the player who looked). The reader's own moves have their own sentences
(``saboteur.log.you.*``): "You place", not "You places", in every language.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlor.core.protocol import Msg
from parlor.games.saboteur.facts import colour_name, tool_msg
from parlor.games.saboteur.naming import a_card, cards_named, goal_msg, place_msg
from parlor.games.saboteur.notation import parse_move
from parlor.games.saboteur.state import SaboteurView


def describe_move(v: SaboteurView, move: str, names: Sequence[str] = (),
                  you: int | None = None) -> Msg:
    """One sentence for ``move`` made by the seat to act in ``v``; ``you`` is the seat
    the reader plays (its moves read "You ...")."""
    m = parse_move(move)
    seat = v.to_move if v.to_move is not None else 0
    who: str | Msg = names[seat] if seat < len(names) else colour_name(v.colours[seat])
    if m is None:
        return Msg.of("saboteur.log.other", who=who, move=move)
    mine = seat == you

    def say(key: str, **args: str | int | Msg) -> Msg:
        if mine:
            return Msg.of(f"saboteur.log.you.{key}", **args)
        return Msg.of(f"saboteur.log.{key}", who=who, **args)

    k = m.kind
    cell = m.cell or (0, 0)  # every move kind naming a cell has one (notation)
    at = place_msg(cell, v.players, v.colours)
    goal = goal_msg(cell, v.players, v.colours)
    if k == "place":
        return say("placed", card=a_card(m.card or ""), place=at,
                   rot=Msg(f"saboteur.rot.{1 if m.rot == 1 else 0}"))
    if k == "break":
        other = 1 - seat
        if other == you:  # "Bot 2 breaks your pick", not "You's pick"
            return Msg.of("saboteur.log.broke_yours", who=who, tool=tool_msg(m.tool or "pick"))
        target = names[other] if other < len(names) else colour_name(v.colours[other])
        return say("broke", target=target, tool=tool_msg(m.tool or "pick"))
    if k == "repair":
        tool = tool_msg(m.tool or "pick")
        if m.tools:
            return say("repaired_with", tool=tool, tools=tool_msg(*m.tools))
        return say("repaired", tool=tool)
    if k == "key":
        return say("key", place=at)
    if k == "rockfall":
        grid = {p.cell: p for p in v.maze}
        p = grid.get(m.cell) if m.cell else None
        if p is not None and p.card:
            return say("rockfall_card", card=a_card(p.card), place=at)
        return say("rockfall", place=at)
    if k == "map":
        peeked = dict(v.peeked)
        if v.seat == seat and m.cell in peeked:
            return say("map_seen", goal=goal, card=a_card(peeked[m.cell]))
        return say("map", goal=goal)
    cards = cards_named(m.cards)
    if k == "clear":
        return say("cleared", cards=cards, tool=tool_msg(m.tool or "pick"))
    if k == "pass":
        return say("passed", cards=cards)
    if k == "bribe":
        return say("bribed", place=at)
    if k == "reveal":
        return say("revealed", goal=goal, rot=Msg(f"saboteur.rot.{1 if m.rot == 1 else 0}"))
    if k == "done":
        return say("done")
    return Msg.of("saboteur.log.other", who=who, move=move)
