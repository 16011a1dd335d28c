"""The guided game's box: the tip of the moment, the move the guide suggests, and the
buttons to go on or to leave the guide (page contract: ``data-guide-tip``,
``data-action="guide-next"``, ``"guide-leave"``; the suggested move is a ``data-move``
marked ``data-suggested``)."""

from __future__ import annotations

from parlor.i18n.catalog import Translator
from parlor.render.html import attrs, button, esc


def guide_box(t: Translator, game: str, tip: str | None, suggested: str | None,
              suggested_words: str) -> str:
    if tip is None and suggested is None:
        return ""
    parts = []
    if tip is not None:
        parts.append(f'<h3>{esc(t(f"guide.{game}.{tip}.title"))}</h3>'
                     f'<p>{esc(t(f"guide.{game}.{tip}"))}</p>')
    if suggested is not None:
        play = attrs(class_="btn", data_move=suggested, data_suggested="1")
        parts.append(f'<p class="suggestion">{esc(t("guide.suggest", move=suggested_words))} '
                     f'<button type="button"{play}>{esc(t("guide.play_it"))}</button></p>')
    buttons = [button(t("guide.leave"), action="guide-leave", cls="btn subtle")]
    if tip is not None:
        buttons.insert(0, button(t("guide.next"), action="guide-next", cls="btn"))
    return (f'<aside class="guide"{attrs(data_guide_tip=tip or "", aria_label=t("guide.label"))}>'
            f'{"".join(parts)}<p class="buttons">{" ".join(buttons)}</p></aside>')
