"""The game area and status line for a session, whatever the game.

Decides, from the session alone, which seat's view may be drawn: a hand-off screen
draws no view at all, so nothing private can reach the page behind it.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import cast

from parlor.app.screens.lab_cut import ended_note
from parlor.app.screens.rules import rules_html
from parlor.app.session import Session
from parlor.core.protocol import TABLE
from parlor.core.windows import Window
from parlor.i18n.catalog import Msg, Translator
from parlor.render.common import Renderer
from parlor.render.contract import Phase
from parlor.render.html import button, esc


def renderer(game_id: str) -> Renderer:
    """The game's screen module (its registry entry's ``ui``; the contract is in
    render/common.py), imported when a game of that kind is first shown: compiling every
    renderer at start-up would delay the menu for games the player may never open."""
    from parlor.games import ENTRIES

    return cast(Renderer, importlib.import_module(ENTRIES[game_id].ui))


@dataclass(frozen=True)
class Rendered:
    html: str
    phase: Phase
    to_act: int | None
    status: str
    #: More ``data-*`` of the game root (a review's ``ply`` and ``plies``).
    data: Mapping[str, str] = field(default_factory=dict)
    #: For the page's live region (``render.announce``): the newest move-log lines
    #: (at most ``SAID``), how many lines the log has in all, the status without its
    #: last move, and a refusal to say.
    said: tuple[str, ...] = ()
    logged: int = 0
    now: str = ""
    error: str = ""


#: How many of the newest log lines a screen hands the live region (bots that moved
#: since the last screen are rarely more).
SAID = 8


def game_screen(
    session: Session,
    confirmed: int | None,
    picks: tuple[str, ...] = (),
    thinking: bool = False,
    error: str | None = None,
    window: Window | None = None,
    t: Translator | None = None,
    revealed: object = None,
    panels: str = "",
    paused: bool = False,
    seat: int | None = None,
    frozen: bool = False,
) -> Rendered:
    """Everything the game area shows, in ``t``'s language; ``confirmed`` is the human
    who last took the device after a hand-off (None after a reload, so the hand-off shows
    again); ``window`` is the table decision being timed (a race), whose human seats may
    click. Without ``t``, English. ``revealed`` (a game's ``reveal``) draws every secret,
    for a match of bots being watched; ``panels`` (the watch bar, beliefs) go above the
    board; ``paused`` says the watched match waits for "One move" or "Resume".
    ``seat`` draws the screen of that seat whoever is at this device (the screen a host
    sends a guest on another device: that seat's view, its moves, no hand-off and no
    toolbar: the guest's page has its own). ``frozen``: nothing is clickable (the game
    waits for a device to pair again)."""
    t = t or Translator()
    names = session.display_names(t)
    to_act = session.to_act()
    mod = renderer(session.match.game)
    if seat is None and session.needs_handoff(confirmed):
        viewer = session.viewer()
        assert viewer is not None
        who = names[viewer]
        html = (
            f'<section class="handoff" aria-label="{esc(t("handoff.label"))}">'
            f'<h2>{esc(t("handoff.title", name=who))}</h2>'
            f'<p>{esc(t("handoff.body", name=who))}</p>'
            + button(t("handoff.ok", name=who), action="handoff-ok", cls="btn big")
            + "</section>"
        )
        return Rendered(toolbar(t, session, thinking=False, handoff=True) + html, "handoff",
                        to_act, t("handoff.status", name=who))
    viewer = session.viewer() if seat is None else seat
    you = session.you if seat is None else seat
    outcome = session.outcome(t)
    view = session.game.view(session.state, viewer)
    in_window = window is not None and viewer in window.humans
    interactive = (
        outcome is None and viewer is not None and not thinking and not frozen
        and (to_act == viewer or in_window)
    )
    # The viewer's own moves, as the rules give them (a race's answers that name it).
    legal = (tuple(session.game.legal_moves_for(session.state, viewer))
             if interactive and viewer is not None else ())
    screen = mod.Screen(
        names=names,
        legal=legal,
        # A person on another device is a person: no "bot" tag, whatever device.
        kinds=tuple("human" if k == "remote" else k for k in session.match.seats),
        interactive=interactive,
        picks=picks if interactive else (),
        thinking=to_act if thinking and to_act is not None and to_act >= 0 else None,
        timer=window.seconds if window is not None else None,
        t=t,
        you=you,
        revealed=revealed,
    )
    bar = toolbar(t, session, thinking, handoff=False) if seat is None else ""
    if session.match.cut:
        panels = ended_note(session.match.game, len(session.match.moves), t) + panels
    html = (bar + panels
            + mod.render_play(view, screen, outcome) + rules_html(t, session.match.game))
    # Only the lines the live region says are put into words (a round of Ciao! is
    # hundreds of moves, and this runs at every redraw).
    lines, logged = mod.log_tail(view, names, t, SAID)
    phase: Phase
    if outcome is not None:
        phase = "over"
        if not outcome.winners:  # e.g. a solo game below the winning score
            verdict = (t.text(outcome.explanation[0]) if outcome.explanation
                       else t("status.nobody"))
            status = t("status.over", verdict=verdict)
        elif len(outcome.winners) == 1:
            w = outcome.winners[0]
            status = (t("status.you_win") if w == you
                             else t("status.wins", name=names[w]))
        else:
            status = t("status.shared", names=t.join([names[s] for s in outcome.winners]))
    else:
        phase = "play"
        assert to_act is not None
        if interactive:
            hint = mod.hint(view, screen)
            status = (hint if to_act == TABLE or to_act == you
                             else t("status.named_hint", name=names[to_act], hint=hint))
        elif to_act == TABLE:
            what = {"race": "status.race", "thanks": "status.thanks"}
            status = t(what.get(window.kind if window else "", "status.table"))
        elif thinking:
            status = t("status.thinking", name=names[to_act])
        elif paused:
            status = t("status.paused", name=names[to_act])
        else:
            status = t("status.to_play", name=names[to_act])
    now = status
    if lines:
        status = t.compose("status.after_move", last=lines[-1][0].upper() + lines[-1][1:],
                           now=status)
    if error:
        status = t.compose("status.after_error", error=error, now=status)
    # The move count lets the page animate a move once, not on every redraw after it.
    return Rendered(html, phase, to_act, status, data={"moves": str(len(session.match.moves))},
                    said=tuple(lines), logged=logged, now=now, error=error or "")


def next_picks(session: Session, picks: tuple[str, ...], token: str) -> tuple[str, ...]:
    """The partial choices after the player picks ``token`` (each game decides)."""
    picked: tuple[str, ...] = renderer(session.match.game).next_picks(picks, token)
    return picked


def toolbar(t: Translator, session: Session, thinking: bool, handoff: bool) -> str:
    """Menu, undo and play-again: always a way back, never a dead end."""
    parts = [button(t("toolbar.menu"), action="menu", cls="btn subtle")]
    if not handoff and session.undo_target() is not None:
        parts.append(button(t("toolbar.undo"), action="undo", cls="btn subtle",
                            disabled=thinking))
    if session.to_act() is None:
        parts.append(button(t("toolbar.again"), action="again", cls="btn"))
        parts.append(button(t("toolbar.review"), action="review", cls="btn",
                            data_save=session.save_id))
        parts.append(button(t("toolbar.export"), action="export", cls="btn subtle",
                            data_save=session.save_id))
        parts.append(button(t("toolbar.share"), action="share", cls="btn subtle",
                            data_save=session.save_id))
    n = len(session.match.seats)
    game = Msg(f"game.{session.match.game}.name")
    title = t("toolbar.title.solo", game=game) if n == 1 else t("toolbar.title", game=game, n=n)
    return (f'<nav class="toolbar" aria-label="{esc(t("toolbar.label"))}">{"".join(parts)}'
            f'<span class="title">{esc(title)}</span></nav>')
