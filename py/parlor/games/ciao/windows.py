"""Ciao!'s timed table decisions: the speed race and "Thank you!" (core/windows.py has
the contract; ciao.md, "Real-time parts in a browser").

The engine has no clock: after a speed card the table decides ``race <seat> <card>``
or ``race none``, after a gift ``thanks <seat>`` or ``nothanks <seat>``. This module
says, from the state and who sits where, how long the window lasts, which people may
click, what each bot would answer and when, and what happens when nobody answers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from parlor.core.rng import Rng
from parlor.core.windows import Plan, Window
from parlor.core.words import English
from parlor.games.ciao.bots.windows import race_card, reaction_ms, thanks_ms
from parlor.games.ciao.notation import Move, format_move
from parlor.games.ciao.state import CiaoState
from parlor.games.ciao.view import view


def open_window(state: CiaoState, levels: Sequence[str | None], rng: Rng) -> Window | None:
    """The window the table waits on, or None when no table decision is due.
    ``levels[seat]`` is a bot's level, None for a person."""
    if state.phase == "race":
        plans: list[Plan] = []
        eligible = [s for s in range(state.players) if s != state.speed_player]
        for s in eligible:
            level = levels[s]
            if level is None:
                continue
            move = race_card(view(state, s), s)
            if move is not None:
                plans.append(Plan(reaction_ms(level, rng), move))
        humans = tuple(s for s in eligible if levels[s] is None)
        return Window("race", float(state.options.race_seconds), format_move(Move("race")),
                      humans,
                      tuple(sorted(plans, key=lambda p: p.delay_ms)))
    if state.phase == "thanks":
        receiver = state.receiver
        level = levels[receiver]
        thanks: tuple[Plan, ...] = ()
        if level is not None:
            delay = thanks_ms(level, rng)
            if delay is not None:
                thanks = (Plan(delay, format_move(Move("thanks", seat=receiver))),)
        return Window("thanks", float(state.options.thanks_seconds),
                      format_move(Move("nothanks", seat=receiver)),
                      () if level is not None else (receiver,), thanks)
    return None


def adjust_options(seats: Sequence[str], options: Mapping[str, object]
                   ) -> tuple[dict[str, object], English | None]:
    """Options one device cannot honour, changed with a note saying why.

    With two or more people sharing a screen, a speed race would need two private hands
    on show at once, and a "Thank you!" button would show who was given a card: races
    are asked in turn order and thank-yous are automatic instead."""
    changed = dict(options)
    if sum(1 for s in seats if s == "human") < 2:
        return changed, None
    notes = []
    if changed.get("speed_mode", "race") == "race":
        changed["speed_mode"] = "turn_order"
        notes.append("race")
    if not changed.get("auto_thank", False):
        changed["auto_thank"] = True
        notes.append("thanks")
    if not notes:
        return changed, None
    return changed, English.of("ciao.note.shared_screen." + "_".join(notes))
