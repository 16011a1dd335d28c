"""Ciao!'s "What the computer thinks" panel: per other player, the hand size, the cards
the bot knows they hold and the expected number of each symbol in their hand.

This module is what the registry names (``GameEntry.beliefs``): it exposes both
``beliefs(view)`` (re-exported from ``bots/beliefs.py``) and ``render_beliefs``. A
screen may import its game's bots; the rules and the bots never import the screen
(tests/test_layers.py), so this one module offers both halves without a cycle.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from parlor.games.ciao.bots.beliefs import CiaoBeliefs, beliefs
from parlor.games.ciao.cards import SYMBOLS, card_msg, symbol_msg
from parlor.i18n.catalog import Translator
from parlor.render.beliefs_chart import Row, Series, chart_svg, panel, table_html, tenths
from parlor.render.html import esc

__all__ = ["beliefs", "render_beliefs"]

#: Fill and ink per column; the mark drawn in its bars is the first letter of the
#: column's word in the page's language (a notation letter would be English everywhere).
LOOKS = {
    "rock": ("#8a8f94", "#1a1a1a"),
    "paper": ("#d9c89e", "#1a1a1a"),
    "scissors": ("#5b8db8", "#1a1a1a"),
    "joker": ("#8e4fb0", "#ffffff"),
    "millstone": ("#4a4a4a", "#ffffff"),
}


def _label(t: Translator, group: str) -> str:
    if group in SYMBOLS:
        return t.say(symbol_msg(SYMBOLS.index(group)))
    return t("ciao.card.millstone") if group == "millstone" else t("beliefs.ciao.joker")


def render_beliefs(b: CiaoBeliefs, names: Sequence[str], seat: int, t: Translator) -> str:
    """The panel for the bot at ``seat``: a group of columns per other player (expected
    cards of each kind), the table, and the cards it knows each of them holds."""
    title = t("beliefs.title", name=names[seat])
    series = [Series(label, LOOKS[g][0], label[:1].upper(), LOOKS[g][1])
              for g in b.groups for label in (_label(t, g),)]
    rows = [Row(t.isolate(names[h.seat]), h.expected, False,
                t("ciao.hand.named_count", name=names[h.seat], n=h.size)) for h in b.hands]
    peak = max((v for h in b.hands for v in h.expected), default=0.0)
    top = float(max(1, math.ceil(peak)))
    best = []
    for h in b.hands:
        counts = [t("beliefs.ciao.expect", kind=s.label, count=tenths(t, v))
                  for s, v in zip(series, h.expected, strict=True)]
        best.append(t("beliefs.ciao.best", who=names[h.seat], counts=t.join(counts)))
    summary = t("beliefs.ciao.summary", best=t.join(best))
    known = []
    for h in b.hands:
        if h.known:
            cards = t.join([t.say(card_msg(c)) for c in h.known])
            line = t("beliefs.ciao.known", who=names[h.seat], cards=cards)
        else:
            line = t("beliefs.ciao.known_none", who=names[h.seat])
        known.append(f"<li>{esc(line)}</li>")
    return panel(
        seat,
        title,
        chart_svg(series, rows, top=top, label=summary, fmt=lambda x: tenths(t, x)),
        table_html(series, rows, lambda x: tenths(t, x), corner=t("beliefs.player")),
        f'<ul class="beliefs-known">{"".join(known)}</ul>',
        f'<p class="beliefs-note">{esc(t("beliefs.ciao.note", n=b.unseen))}</p>',
    )
