"""The game area and status line for a session, whatever the game.

Decides, from the session alone, which seat's view may be drawn: a hand-off screen
draws no view at all, so nothing private can reach the page behind it.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from parlor.app.session import Session
from parlor.core.protocol import TABLE, legal_moves_of_view
from parlor.core.timing import Window
from parlor.render.html import button, esc


def renderer(game_id: str) -> Any:
    """The game's screen module (its registry entry's ``ui``; the contract is in
    render/common.py), imported when a game of that kind is first shown: compiling every
    renderer at start-up would delay the menu for games the player may never open."""
    from parlor.games import ENTRIES

    return importlib.import_module(ENTRIES[game_id].ui)


@dataclass(frozen=True)
class Rendered:
    html: str
    phase: str  # "play" | "handoff" | "over"
    to_act: int | None
    status: str


def game_screen(
    session: Session,
    confirmed: int | None,
    picks: tuple[str, ...] = (),
    thinking: bool = False,
    error: str | None = None,
    window: Window | None = None,
) -> Rendered:
    """Everything the game area shows; ``confirmed`` is the human who last took the
    device after a hand-off (None after a reload, so the hand-off shows again);
    ``window`` is the table decision being timed (a race), whose human seats may click."""
    names = session.names
    to_act = session.to_act()
    mod = renderer(session.match.game)
    if session.needs_handoff(confirmed):
        viewer = session.viewer()
        assert viewer is not None
        html = (
            f'<section class="handoff" aria-label="Hand-off"><h2>Pass the device to '
            f'{esc(names[viewer])}</h2><p>Everyone else, please look away. '
            f'{esc(names[viewer])}: press the button when only you can see the screen.</p>'
            + button(f"I am {names[viewer]}: show my turn", action="handoff-ok", cls="btn big")
            + "</section>"
        )
        return Rendered(toolbar(session, thinking=False, handoff=True) + html, "handoff", to_act,
                        f"Hand-off: pass the device to {names[viewer]}.")
    viewer = session.viewer()
    outcome = session.outcome()
    view = session.game.view(session.state, viewer)
    in_window = window is not None and viewer in window.humans
    interactive = (
        outcome is None and viewer is not None and not thinking
        and (to_act == viewer or in_window)
    )
    legal = tuple(legal_moves_of_view(session.game, view)) if interactive else ()
    screen = mod.Screen(
        names=names,
        legal=legal,
        kinds=session.match.seats,
        interactive=interactive,
        picks=picks if interactive else (),
        thinking=to_act if thinking and to_act is not None and to_act >= 0 else None,
        timer=window.seconds if window is not None else None,
    )
    html = toolbar(session, thinking, handoff=False) + mod.render_play(view, screen, outcome)
    lines = mod.log_lines(view, names)
    last = f"{lines[-1][0].upper()}{lines[-1][1:]}. " if lines else ""
    if outcome is not None:
        phase = "over"
        if not outcome.winners:  # e.g. a solo game below the winning score
            verdict = outcome.explanation[0] if outcome.explanation else "nobody wins."
            status = f"{last}Game over: {verdict}"
        elif len(outcome.winners) == 1:
            w = names[outcome.winners[0]]
            status = f"{last}Game over: {w} {'win' if w == 'You' else 'wins'}."
        else:
            status = f"{last}Game over: a shared win for " + " and ".join(
                names[s] for s in outcome.winners) + "."
    else:
        phase = "play"
        assert to_act is not None
        if interactive:
            who = "" if to_act == TABLE or names[to_act] == "You" else f"{names[to_act]}: "
            status = f"{last}{who}{mod.hint(view, screen)}"
        elif to_act == TABLE:
            what = {"race": "the others race to answer the speed challenge",
                    "thanks": "waiting for a “Thank you!”"}
            status = f"{last}{what.get(window.kind if window else '', 'the table decides')}…"
            status = status[0].upper() + status[1:]
        elif thinking:
            status = f"{last}{names[to_act]} is thinking…"
        else:
            status = f"{last}{names[to_act]} to play."
    if error:
        status = f"{error} {status}"
    return Rendered(html, phase, to_act, status)


def next_picks(session: Session, picks: tuple[str, ...], token: str) -> tuple[str, ...]:
    """The partial choices after the player picks ``token`` (each game decides)."""
    picked: tuple[str, ...] = renderer(session.match.game).next_picks(picks, token)
    return picked


def toolbar(session: Session, thinking: bool, handoff: bool) -> str:
    """Menu, undo and play-again: always a way back, never a dead end."""
    parts = [button("← Menu", action="menu", cls="btn subtle")]
    if not handoff and session.undo_target() is not None:
        parts.append(button("Undo my last move", action="undo", cls="btn subtle",
                            disabled=thinking))
    if session.to_act() is None:
        parts.append(button("Play again", action="again", cls="btn"))
    n = len(session.match.seats)
    title = f"{session.game.name}: " + ("solo" if n == 1 else f"{n} players")
    return (f'<nav class="toolbar" aria-label="Game">{"".join(parts)}'
            f'<span class="title">{esc(title)}</span></nav>')
