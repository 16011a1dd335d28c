"""Saboteur: The Duel on screen, the renderer contract's module (render/common.py):
``Screen``, ``next_picks``, ``render_play``, ``hint`` and ``log_lines``. The parts live
beside it: ``cards`` (card faces), ``maze``, ``hand`` (hand and a turn's choices),
``panels`` (players, rounds, log) and ``context`` (picks, legal moves grouped, words).

Cards are drawn from their data (``cards.oriented_edges``), never from pictures:
tunnels are thick strokes from the edge midpoints (joined through the centre, bent as
arcs for a corner, short for a dead-end stub), doors a coloured bar with the colour's
letter, trolls a marked "T", gold a nugget with its count, ladders a ladder with the
colour's letter. A new card in ``cards.json`` needs no new art.

Every clickable element comes from ``legal_moves`` of a state determinized from the
viewer's own view (the viewer's legal moves never depend on hidden cards). Colour is
never the only cue: doors, counters, keys and ladders carry G or B.

Partial choices (``data-pick`` tokens, folded by ``next_picks``):
``card:<ID>`` pick a hand card (again: put it back), ``turn`` turn the picked path card
180 degrees, ``discard`` start or cancel choosing cards to discard, ``discard:<i>`` the
hand card at position ``i`` (sorted hand) to discard (at most two), ``cancel``.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlor.core.protocol import Outcome
from parlor.games.saboteur import rules
from parlor.games.saboteur.cards import CARDS
from parlor.games.saboteur.state import (
    BRIBE,
    OVER,
    REVEAL,
    SaboteurView,
)
from parlor.games.saboteur.ui.cards import any_face, card_face
from parlor.games.saboteur.ui.context import (
    Ctx,
    Screen,
    bribe_window_words,
    next_picks,
    reveal_words,
)
from parlor.games.saboteur.ui.hand import choices_html, hand_html
from parlor.games.saboteur.ui.maze import maze_svg, zoom_bar
from parlor.games.saboteur.ui.panels import (
    log_html,
    log_lines,
    players_html,
    rounds_table,
    table_facts,
)
from parlor.render.html import esc

__all__ = ["Screen", "any_face", "bribe_window_words", "card_face", "hint", "log_lines",
           "next_picks", "render_play"]


# ------------------------------------------------------------------------ whole screen


def round_banner(view: SaboteurView, names: Sequence[str]) -> str:
    """After a round ends, its result until the new round is under way."""
    if not view.results or view.phase == OVER:
        return ""
    this_round = [h for h in view.history if h[0] == view.round]
    if len(this_round) > 2:
        return ""
    r = view.results[-1]
    took = ", ".join(f"{names[s]} {r.won[s]} gold" + (f" (paid {r.paid[s]} to trolls)"
                                                       if r.paid[s] else "")
                     for s in range(view.players))
    start = names[view.to_move] if view.to_move is not None else ""
    why = ""
    if view.players == 2:
        why = " (less gold starts; blue on a tie)"
    verb = "start" if start == "You" else "starts"
    return (f'<p class="banner" role="note">Round {r.round} is over: {esc(took)}. Round '
            f'{view.round} begins: {esc(start)} {verb}{why}.</p>')


def end_html(view: SaboteurView, outcome: Outcome, names: Sequence[str]) -> str:
    pts = outcome.points
    if view.players == 1:
        band = str(outcome.details.get("band", rules.band(pts[0])))
        result = f"{esc(names[0])}: {pts[0]} gold — {esc(band)}"
        scale = "".join(
            f'<li class="{"mine" if words == band else ""}">{low}+ gold: {esc(words)}'
            f'{" ◀ your result" if words == band else ""}</li>'
            for low, words in reversed(rules.SOLO_BANDS))
        extra = f'<h3>Solo score bands</h3><ul class="bands">{scale}</ul>'
    else:
        if len(outcome.winners) == 1:
            w = names[outcome.winners[0]]
            result = f"{esc(w)} {'win' if w == 'You' else 'wins'} with {max(pts)} gold!"
        else:
            result = f"A shared win: both have {max(pts)} gold."
        extra = ""
    expl = "".join(f"<li>{esc(t)}</li>" for t in outcome.explanation)
    return (f'<section class="end" aria-label="Result"><h2>{result}</h2>'
            f'<h3>Gold per round</h3>{rounds_table(view, names)}{extra}'
            f'<h3>How it was decided</h3><ul class="steps">{expl}</ul></section>')


def render_play(view: SaboteurView, screen: Screen, outcome: Outcome | None) -> str:
    """The whole game area for one seat's view (or a spectator's, ``view.seat`` None)."""
    ctx = Ctx(view, screen)
    names = screen.names
    if outcome is not None or view.phase == OVER:
        maze = maze_svg(view, ctx, names, maze=view.last_maze, counters=view.last_counters,
                        label="The maze as the last round ended")
        caption = '<p class="note">The maze as the last round ended.</p>'
    else:
        maze = maze_svg(view, ctx, names)
        caption = ""
    board = (f'<div class="board-wrap maze-wrap">{zoom_bar()}{maze}{caption}</div>')
    if view.phase == OVER:
        main = f'<div class="sab-main">{board}</div>'
        side = f'<aside class="side">{log_html(view, screen)}</aside>'
    else:
        main = (f'<div class="sab-main">{round_banner(view, names)}{board}'
                f'{hand_html(view, ctx, names)}{choices_html(view, ctx, names)}</div>')
        side = (f'<aside class="side">{table_facts(view)}<h3>Players</h3>'
                f'{players_html(view, screen)}<h3>Gold per round</h3>'
                f'{rounds_table(view, names)}{log_html(view, screen)}</aside>')
    end = end_html(view, outcome, names) if outcome is not None else ""
    return f'{end}<div class="table saboteur">{main}{side}</div>'


def hint(view: SaboteurView, screen: Screen) -> str:
    """The instruction for a human whose turn it is."""
    if view.phase == REVEAL:
        cells = " and ".join(f"{c[0]},{c[1]}" for c in view.pending)
        if len(view.pending) == 1:
            return (f"Turn the goal you reached at {cells} face up: "
                    f"{reveal_words(view, view.pending[0])}")
        return f"Choose how to turn the goal you reached at {cells} face up."
    if view.phase == BRIBE:
        return bribe_window_words(view)
    if screen.discarding:
        n = len(screen.discards)
        if n == 0:
            return "Choose one or two cards to discard."
        return "Pass (or clear a sabotage card with two), or choose another card."
    cid = screen.card
    if cid is not None and cid in view.hand:
        kind = CARDS[cid].kind
        if kind == "path":
            if view.seat is not None and view.sabotage[view.seat]:
                return "A broken tool stops you digging: pick another card, or discard."
            return f"Choose where the {cid} goes, or press Turn."
        if kind in ("key", "rockfall", "map"):
            return f"Choose a highlighted card for your {kind}."
        card = CARDS[cid]
        seat = view.seat if view.seat is not None else 0
        if kind == "repair" and not set(card.tools) & set(view.sabotage[seat]):
            return f"Nothing to repair with the {cid}: pick another card, or pass."
        if kind == "sabotage" and view.players == 2 and card.tools[0] in view.sabotage[1 - seat]:
            return "That tool is already broken: pick another card, or pass."
        return f"Play the {cid} with its button, or pick another card."
    return "Your turn: pick a card from your hand."
