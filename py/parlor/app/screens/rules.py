"""A game's full rules, as the catalogs say them (``rules.<game>.NN`` blocks).

Each block is one catalog message, in reading order by key: ``## …`` is a heading,
``- …`` one bullet (consecutive bullets make one list), anything else a paragraph. The
rules fold into a ``<details>`` on the game's menu card and under the board while
playing, so they are one tap away and never hide the game; the page keeps a
``data-keep`` details open across redraws (web/app.py).
"""

from __future__ import annotations

from parlor.i18n.catalog import Msg, Translator, load
from parlor.i18n.languages import DEFAULT
from parlor.render.html import esc


def rule_keys(game_id: str) -> list[str]:
    """The game's rule blocks, in reading order (every catalog has the same keys)."""
    prefix = f"rules.{game_id}."
    return sorted(k for k in load(DEFAULT) if k.startswith(prefix) and k[len(prefix):].isdigit())


def rules_html(t: Translator, game_id: str) -> str:
    keys = rule_keys(game_id)
    if not keys:
        return ""
    parts: list[str] = []
    items: list[str] = []
    for key in keys:
        text = t(key)
        if text.startswith("- "):
            items.append(f"<li>{esc(text[2:])}</li>")
            continue
        if items:
            parts.append(f"<ul>{''.join(items)}</ul>")
            items = []
        if text.startswith("## "):
            parts.append(f"<h3>{esc(text[3:])}</h3>")
        else:
            parts.append(f"<p>{esc(text)}</p>")
    if items:
        parts.append(f"<ul>{''.join(items)}</ul>")
    summary = t("rules.summary", game=Msg(f"game.{game_id}.name"))
    return (f'<details class="rules" data-keep="rules-{esc(game_id)}">'
            f"<summary>{esc(summary)}</summary>"
            f'<div class="rules-text">{"".join(parts)}</div></details>')
