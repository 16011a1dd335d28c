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

from parlor.core.protocol import Outcome
from parlor.games.saboteur import rules
from parlor.games.saboteur.cards import CARDS
from parlor.games.saboteur.facts import band_msg, chain, comma
from parlor.games.saboteur.naming import card_name, goal_msg
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
    is_you,
    next_picks,
    reveal_words,
)
from parlor.games.saboteur.ui.hand import choices_html, hand_html
from parlor.games.saboteur.ui.maze import maze_svg, zoom_bar
from parlor.games.saboteur.ui.panels import (
    log_html,
    log_lines,
    log_tail,
    players_html,
    rounds_table,
    table_facts,
)
from parlor.games.saboteur.ui.reveal import legend, revealed_hands
from parlor.i18n.catalog import Msg
from parlor.render.html import esc

__all__ = ["Screen", "any_face", "bribe_window_words", "card_face", "hint", "log_lines",
           "log_tail", "next_picks", "render_play"]


# ------------------------------------------------------------------------ whole screen


def round_banner(view: SaboteurView, screen: Screen) -> str:
    """After a round ends, its result until the new round is under way."""
    if not view.results or view.phase == OVER:
        return ""
    this_round = [h for h in view.history if h[0] == view.round]
    if len(this_round) > 2:
        return ""
    t, names = screen.t, screen.names
    r = view.results[-1]
    took = comma([Msg.of("saboteur.ui.took_paid", who=names[s], n=r.won[s], paid=r.paid[s])
                  if r.paid[s] else Msg.of("saboteur.ui.took", who=names[s], n=r.won[s])
                  for s in range(view.players)])
    start = names[view.to_move] if view.to_move is not None else ""
    key = "saboteur.ui.banner" + ("_duel" if view.players == 2 else "")
    key += "_you" if is_you(screen, view.to_move) else ""
    text = t(key, n=r.round, took=took, next=view.round, who=start)
    return f'<p class="banner" role="note">{esc(text)}</p>'


def end_html(view: SaboteurView, outcome: Outcome, screen: Screen) -> str:
    t, names = screen.t, screen.names
    pts = outcome.points
    if view.players == 1:
        band = str(outcome.details.get("band", rules.band(pts[0])))
        result = esc(t("saboteur.ui.solo_result", who=names[0], n=pts[0], band=band_msg(band)))
        mine = f' {esc(t("saboteur.ui.your_result"))}'
        scale = "".join(
            f'<li class="{"mine" if words == band else ""}">'
            f'{esc(t("saboteur.ui.band_row", n=low, band=band_msg(words)))}'
            f'{mine if words == band else ""}</li>'
            for low, words in reversed(rules.SOLO_BANDS))
        extra = (f'<h3>{esc(t("saboteur.ui.solo_bands"))}</h3><ul class="bands">{scale}</ul>')
    else:
        if len(outcome.winners) == 1:
            w = outcome.winners[0]
            result = esc(t("saboteur.ui.you_win", n=max(pts)) if is_you(screen, w)
                         else t("saboteur.ui.wins", who=names[w], n=max(pts)))
        else:
            result = esc(t("saboteur.ui.shared", n=max(pts)))
        extra = ""
    expl = "".join(f"<li>{esc(t.text(line))}</li>" for line in outcome.explanation)
    return (f'<section class="end" aria-label="{esc(t("saboteur.ui.result"))}"><h2>{result}</h2>'
            f'<h3>{esc(t("saboteur.ui.gold_per_round"))}</h3>{rounds_table(view, names, t)}'
            f'{extra}<h3>{esc(t("saboteur.ui.how_decided"))}</h3><ul class="steps">{expl}</ul>'
            f'</section>')


def render_play(view: SaboteurView, screen: Screen, outcome: Outcome | None) -> str:
    """The whole game area for one seat's view (or a spectator's, ``view.seat`` None)."""
    ctx = Ctx(view, screen)
    names, t = screen.names, screen.t
    if outcome is not None or view.phase == OVER:
        maze = maze_svg(view, ctx, names, maze=view.last_maze, counters=view.last_counters,
                        label=t("saboteur.ui.last_maze"))
        caption = f'<p class="note">{esc(t("saboteur.ui.last_maze_note"))}</p>'
    else:
        maze = maze_svg(view, ctx, names)
        caption = ""
    revealed = screen.revealed
    board = (f'<div class="board-wrap maze-wrap">{zoom_bar(t)}{maze}{caption}'
             f'{legend(revealed, t)}</div>')
    if view.phase == OVER:
        main = f'<div class="sab-main">{board}</div>'
        side = f'<aside class="side">{log_html(view, screen)}</aside>'
    else:
        main = (f'<div class="sab-main">{round_banner(view, screen)}{board}'
                f'{hand_html(view, ctx, names)}{revealed_hands(revealed, names, t)}'
                f'{choices_html(view, ctx, names)}</div>')
        side = (f'<aside class="side">{table_facts(view, t)}<h3>{esc(t("saboteur.ui.players"))}'
                f'</h3>{players_html(view, screen)}<h3>{esc(t("saboteur.ui.gold_per_round"))}</h3>'
                f'{rounds_table(view, names, t)}{log_html(view, screen)}</aside>')
    end = end_html(view, outcome, screen) if outcome is not None else ""
    return f'{end}<div class="table saboteur">{main}{side}</div>'


def hint(view: SaboteurView, screen: Screen) -> str:
    """The instruction for a human whose turn it is."""
    t = screen.t
    if view.phase == REVEAL:
        cells = chain("saboteur.and", [goal_msg(c, view.players, view.colours)
                                       for c in view.pending])
        if len(view.pending) == 1:
            return t("saboteur.hint.reveal_one", cells=cells,
                     why=reveal_words(view, view.pending[0], t))
        return t("saboteur.hint.reveal_many", cells=cells)
    if view.phase == BRIBE:
        return bribe_window_words(view, t)
    if screen.discarding:
        n = len(screen.discards)
        return t("saboteur.hint.discard_none" if n == 0 else "saboteur.hint.discard_some")
    cid = screen.card
    if cid is not None and cid in view.hand:
        kind = CARDS[cid].kind
        if kind == "path":
            if view.seat is not None and view.sabotage[view.seat]:
                return t("saboteur.hint.broken")
            return t("saboteur.hint.place", card=card_name(cid))
        if kind in ("key", "rockfall", "map"):
            return t("saboteur.hint.target", kind=Msg(f"saboteur.kind.{kind}"))
        card = CARDS[cid]
        seat = view.seat if view.seat is not None else 0
        if kind == "repair" and not set(card.tools) & set(view.sabotage[seat]):
            return t("saboteur.hint.no_repair", card=card_name(cid))
        if kind == "sabotage" and view.players == 2 and card.tools[0] in view.sabotage[1 - seat]:
            return t("saboteur.hint.already_broken")
        return t("saboteur.hint.play", card=card_name(cid))
    return t("saboteur.hint.turn")
