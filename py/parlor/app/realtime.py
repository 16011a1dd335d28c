"""Timed decisions made by the table (Ciao!'s speed race and "Thank you!").

The engine has no clock: when ``to_act`` is TABLE it offers table moves (``race 2 Pg``,
``race none``, ``thanks 3``, ``nothanks 3``). This module decides, from the session
alone, which window is open, how long it lasts, what each bot would answer and when,
and what happens when nobody answers in time. The page only keeps the timers: the
first valid answer by time wins. A reload re-opens the window from the start, so no
card is ever lost to a reload.
"""

from __future__ import annotations

from dataclasses import dataclass

from parlor.app.seeds import turn_rng
from parlor.app.session import Session
from parlor.core.protocol import TABLE


@dataclass(frozen=True)
class Plan:
    """A bot's answer: ``move`` after ``delay_ms`` from the window's opening."""

    delay_ms: int
    move: str


@dataclass(frozen=True)
class Window:
    kind: str  # "race" | "thanks"
    seconds: float
    timeout_move: str  # applied when the window closes unanswered
    humans: tuple[int, ...]  # human seats that may answer by clicking
    plans: tuple[Plan, ...]  # the bots' answers, earliest first


def open_window(session: Session) -> Window | None:
    """The table window the session waits on, or None when no table decision is due."""
    if session.to_act() != TABLE or session.match.game != "ciao":
        return None
    return _ciao_window(session)


def _ciao_window(session: Session) -> Window:
    from parlor.bots.ciao.realtime import race_card, reaction_ms, thanks_ms

    state = session.state
    game = session.game
    # The bots' timing is seeded by the match and the move number, so a replay or a
    # reload gives them the same reflexes.
    rng = turn_rng(session.match.seed, len(session.match.moves), "window")
    plans: list[Plan] = []
    seats = session.seats
    if state.phase == "race":
        eligible = [s for s in range(state.players) if s != state.speed_player]
        for s in eligible:
            if not seats[s].is_bot:
                continue
            move = race_card(game.view(state, s), s)
            if move is not None:
                plans.append(Plan(reaction_ms(seats[s].level or "", rng), move))
        humans = tuple(s for s in eligible if not seats[s].is_bot)
        return Window("race", float(state.options.race_seconds), "race none", humans,
                      tuple(sorted(plans, key=lambda p: p.delay_ms)))
    receiver = state.receiver
    if seats[receiver].is_bot:
        delay = thanks_ms(seats[receiver].level or "", rng)
        if delay is not None:
            plans.append(Plan(delay, f"thanks {receiver + 1}"))
        humans: tuple[int, ...] = ()
    else:
        humans = (receiver,)
    return Window("thanks", float(state.options.thanks_seconds), f"nothanks {receiver + 1}",
                  humans, tuple(plans))


def adjust_options(game_id: str, seats: tuple[str, ...], options: dict[str, object]
                   ) -> tuple[dict[str, object], str | None]:
    """Options one device cannot honour, changed with a note saying why.

    With two or more people sharing a screen, a speed race would need two private hands
    on show at once, and a "Thank you!" button would show who was given a card: races
    are asked in turn order and thank-yous are automatic instead."""
    if game_id != "ciao" or sum(1 for s in seats if s == "human") < 2:
        return options, None
    changed = dict(options)
    notes = []
    if changed.get("speed_mode", "race") == "race":
        changed["speed_mode"] = "turn_order"
        notes.append("speed challenges are asked in turn order")
    if not changed.get("auto_thank", False):
        changed["auto_thank"] = True
        notes.append("thank-yous are automatic")
    if not notes:
        return options, None
    return changed, ("Several people share this screen, so " + " and ".join(notes) + ".")
