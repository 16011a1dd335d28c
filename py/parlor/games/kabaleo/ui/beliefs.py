"""Kabaleo's "What the computer thinks" panel: the chance of each player holding each
colour, as the bot sees it.

This module is what the registry names (``GameEntry.beliefs``): it exposes both
``beliefs(view)`` (re-exported from ``bots/beliefs.py``, where the numbers are computed
next to the bot's belief model) and ``render_beliefs``. A game's screen may import its
bots (tests/test_layers.py forbids that only to the rules), and the bots never import
the screen, so naming the ``ui`` module gives the app one import for both halves
without a cycle. The bot module is imported only when a panel is first drawn, since
the registry loads modules by name on demand.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlor.games.kabaleo.bots.beliefs import KabaleoBeliefs, beliefs
from parlor.games.kabaleo.colours import name
from parlor.games.kabaleo.ui.render import PALETTE
from parlor.i18n.catalog import Translator
from parlor.render.beliefs_chart import Row, Series, chart_svg, panel, percent, table_html
from parlor.render.html import esc

__all__ = ["beliefs", "render_beliefs"]


def render_beliefs(b: KabaleoBeliefs, names: Sequence[str], seat: int, t: Translator) -> str:
    """The panel for the bot at ``seat``: a column per colour in each player's group
    (the colour's letter in its bar), its own group framed as certain, and the table."""
    series = [Series(t.say(name(c)), PALETTE[c][0], c, PALETTE[c][1]) for c in b.colours]
    rows = [Row(t.isolate(names[s]), b.chance[s], b.certain[s]) for s in range(len(b.chance))]
    best = []
    for s in range(len(b.chance)):
        colour, p = b.likeliest(s)
        best.append(t("beliefs.kabaleo.best", who=names[s], colour=name(colour),
                      p=percent(t, p)))
    summary = t("beliefs.kabaleo.summary", best=t.join(best))
    return panel(
        seat,
        t("beliefs.title", name=names[seat]),
        chart_svg(series, rows, top=1.0, label=summary, fmt=lambda p: percent(t, p)),
        table_html(series, rows, lambda p: percent(t, p), corner=t("beliefs.player")),
        f'<p class="beliefs-note">{esc(t("beliefs.kabaleo.note"))}</p>',
    )
