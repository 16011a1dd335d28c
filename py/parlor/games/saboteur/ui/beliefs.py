"""Saboteur's "What the computer thinks" panel: for each face-down goal card, the chance
of each amount of gold under it, as the bot sees it.

This module is what the registry names (``GameEntry.beliefs``): it exposes both
``beliefs(view)`` (re-exported from ``bots/beliefs.py``, next to the bots' model of
the hidden goals) and ``render_beliefs``. A screen may import its game's bots; the
rules and the bots never import the screen (tests/test_layers.py), so this one module
offers both halves without a cycle.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlor.games.saboteur.bots.beliefs import GOLD_KINDS, SaboteurBeliefs, beliefs
from parlor.games.saboteur.naming import a_card, landmark_msg
from parlor.i18n.catalog import Msg, Translator
from parlor.render.beliefs_chart import Row, Series, chart_svg, panel, percent, table_html, tenths
from parlor.render.html import esc

__all__ = ["beliefs", "render_beliefs"]

#: Bar fills by gold total: rock grey for none, then deeper golds.
FILLS = {0: "#9a9187", 1: "#f3d36b", 2: "#e0a922", 3: "#b07d0c"}


def _series(t: Translator) -> list[Series]:
    return [Series(t("beliefs.saboteur.no_gold") if k == 0 else t("saboteur.cw.gold", n=k),
                   FILLS.get(k, "#e0a922"), t.number(k)) for k in GOLD_KINDS]


def render_beliefs(b: SaboteurBeliefs, names: Sequence[str], seat: int, t: Translator) -> str:
    """The panel for the bot at ``seat``: per face-down goal (by its cell) a column per
    gold total (the count written in the bar), goals seen with a map framed."""
    title = t("beliefs.title", name=names[seat])
    note = f'<p class="beliefs-note">{esc(t("beliefs.saboteur.note"))}</p>'
    if not b.goals:
        return panel(seat, title, f'<p class="beliefs-note">{esc(t("beliefs.saboteur.none"))}</p>')
    series = _series(t)
    rows = []
    best = []
    for g in b.goals:
        goal = landmark_msg(g.cell, len(names), ()) or Msg("beliefs.saboteur.goal")
        long = t("beliefs.saboteur.seen", goal=goal, card=a_card(g.chance[0][0])) \
            if g.seen else ""
        rows.append(Row(t.say(goal), g.gold(), g.seen, long))
        best.append(t("beliefs.saboteur.best", goal=goal,
                      gold=tenths(t, g.expected_gold())))
    summary = t("beliefs.saboteur.summary", best=t.join(best))
    return panel(
        seat,
        title,
        chart_svg(series, rows, top=1.0, label=summary, fmt=lambda p: percent(t, p)),
        table_html(series, rows, lambda p: percent(t, p), corner=t("beliefs.saboteur.goal")),
        note,
    )
