"""The "What the computer thinks" panel's shared picture: a grouped bar chart and the
table of its numbers (the classroom's watch mode).

Each game computes a bot's beliefs from that bot's own view (``games/<id>/bots/
beliefs.py``) and says them in its own words (``games/<id>/ui/beliefs.py``); what is
the same for every game lives here, so the three panels look and read alike on a
projector: one group of bars per row (a player, a goal card), one bar per column (a
colour, a kind of card), a short mark inside each bar so the chart reads without colour
vision, and the same numbers as a table for a screen reader and for anyone who wants
the digits. The chart keeps left-to-right geometry in a right-to-left page (the CSS
sets ``direction: ltr`` on it); the table follows the page's direction.

Everything handed in is already translated text: this module knows no game and no
words of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from parlor.i18n.catalog import Translator
from parlor.render.html import attrs, esc

BAR_W = 22
BAR_GAP = 4
GROUP_GAP = 26
CHART_H = 160
LABEL_H = 34
TOP = 10
LEFT = 46
#: Drawn size per chart unit: the same bar and text size whatever the number of groups
#: (the CSS shrinks a wide chart to the panel, never enlarges a narrow one).
SCALE = 1.5


@dataclass(frozen=True)
class Series:
    """One column of the chart: its heading in the table, its fill, and the short mark
    drawn in its bars (a colour's letter, empty for none)."""

    label: str
    fill: str
    mark: str = ""
    ink: str = "#1a1a1a"


@dataclass(frozen=True)
class Row:
    """One group of bars: its label (a player's name, a goal's cell) and one value per
    series, in series order; ``certain`` marks a row the bot knows for sure."""

    label: str
    values: tuple[float, ...]
    certain: bool = False
    long: str = ""  # the table's row heading, when it says more than the chart's

    @property
    def heading(self) -> str:
        return self.long or self.label


def percent(t: Translator, p: float) -> str:
    """A probability as a whole percentage in the page's digits ("۸۰٪")."""
    return t("beliefs.percent", n=round(max(0.0, min(1.0, p)) * 100))


def tenths(t: Translator, x: float) -> str:
    """A count to one decimal in the page's digits and decimal sign ("1.4", "۱٫۴")."""
    tens = round(max(0.0, x) * 10)
    return t("beliefs.decimal", whole=tens // 10, tenth=tens % 10)


def chart_svg(series: Sequence[Series], rows: Sequence[Row], *, top: float, label: str,
              fmt: Callable[[float], str]) -> str:
    """Grouped columns, heights in proportion to ``value / top``, the axis marked at 0,
    half and ``top`` by ``fmt``; ``label`` is the chart's summary for a screen reader
    (the chart itself is one image)."""
    n = max(1, len(series))
    group_w = n * BAR_W + (n - 1) * BAR_GAP
    width = LEFT + len(rows) * (group_w + GROUP_GAP)
    height = TOP + CHART_H + LABEL_H
    base = TOP + CHART_H
    parts = [f'<svg class="beliefs-chart" viewBox="0 0 {width} {height}" '
             f'width="{width * SCALE:.0f}" height="{height * SCALE:.0f}"'
             f'{attrs(role="img", aria_label=label)} preserveAspectRatio="xMinYMin meet">']
    for frac in (0.0, 0.5, 1.0):
        y = base - frac * CHART_H
        parts.append(f'<line class="beliefs-grid" x1="{LEFT - 4}" y1="{y:.1f}" '
                     f'x2="{width}" y2="{y:.1f}"/>')
        tick = fmt(frac * top)
        parts.append(f'<text class="beliefs-tick" x="{LEFT - 8}" y="{y + 5:.1f}" '
                     f'text-anchor="end">{esc(tick)}</text>')
    for g, row in enumerate(rows):
        x0 = LEFT + GROUP_GAP / 2 + g * (group_w + GROUP_GAP)
        if row.certain:
            parts.append(f'<rect class="beliefs-certain" x="{x0 - 4:.1f}" y="{TOP}" '
                         f'width="{group_w + 8}" height="{CHART_H}" rx="6"/>')
        for i, (s, v) in enumerate(zip(series, row.values, strict=True)):
            h = max(0.0, min(1.0, v / top if top else 0.0)) * CHART_H
            x = x0 + i * (BAR_W + BAR_GAP)
            parts.append(f'<rect class="beliefs-bar" x="{x:.1f}" y="{base - h:.1f}" '
                         f'width="{BAR_W}" height="{h:.1f}" fill="{esc(s.fill)}"/>')
            if s.mark:
                ink, y = (s.ink, base - 6) if h >= 20 else ("currentColor", base - h - 4)
                parts.append(f'<text class="beliefs-mark" x="{x + BAR_W / 2:.1f}" y="{y:.1f}" '
                             f'text-anchor="middle" fill="{ink}">{esc(s.mark)}</text>')
        parts.append(f'<text class="beliefs-row" x="{x0 + group_w / 2:.1f}" '
                     f'y="{base + 24}" text-anchor="middle">{esc(row.label)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def table_html(series: Sequence[Series], rows: Sequence[Row],
               fmt: Callable[[float], str], *, corner: str = "") -> str:
    """The chart's numbers: one row per group, one column per series."""
    head = "".join(f'<th scope="col">{esc(s.label)}</th>' for s in series)
    body = []
    for row in rows:
        cells = "".join(f"<td>{esc(fmt(v))}</td>" for v in row.values)
        cls = ' class="beliefs-sure"' if row.certain else ""
        body.append(f'<tr{cls}><th scope="row">{esc(row.heading)}</th>{cells}</tr>')
    return (f'<table class="beliefs-table"><thead><tr><th scope="col">{esc(corner)}</th>'
            f'{head}</tr></thead><tbody>{"".join(body)}</tbody></table>')


def panel(seat: int, title: str, *parts: str) -> str:
    """The panel's frame: ``data-beliefs`` names the bot whose view it shows."""
    return (f'<section class="beliefs"{attrs(data_beliefs=seat, aria_label=title)}>'
            f'<h3 class="beliefs-title">{esc(title)}</h3>{"".join(parts)}</section>')
