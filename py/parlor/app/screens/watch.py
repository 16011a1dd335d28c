"""The watch bar of a match of bots: reveal, pause, one move, speed, and whose beliefs
to draw (page contract: ``data-action="reveal"``, ``"pause"``, ``"step"``)."""

from __future__ import annotations

from collections.abc import Sequence

from parlor.app.classroom.watch import SPEEDS, Watch
from parlor.i18n.catalog import Translator
from parlor.render.html import attrs, button, esc


def watch_bar(t: Translator, w: Watch, names: Sequence[str], over: bool,
              has_beliefs: bool) -> str:
    parts = [button(t("watch.reveal"), action="reveal", cls="btn toggle",
                    aria_pressed="true" if w.reveal else "false")]
    if not over:
        parts.append(button(t("watch.resume" if w.paused else "watch.pause"), action="pause",
                            cls="btn", aria_pressed="true" if w.paused else "false"))
        parts.append(button(t("watch.step"), action="step", cls="btn",
                            disabled=not w.paused))
        speeds = "".join(f'<option{attrs(value=s, selected=(s == w.speed))}>'
                         f'{esc(t(f"watch.speed.{s}"))}</option>' for s in SPEEDS)
        parts.append(f'<label class="field inline"><span>{esc(t("watch.speed"))}</span>'
                     f'<select{attrs(data_change="watch-speed")}>{speeds}</select></label>')
    if has_beliefs:
        who = [("", t("watch.thinks.none"))] + [(str(i), n) for i, n in enumerate(names)]
        chosen = "" if w.thinks is None else str(w.thinks)
        options = "".join(f'<option{attrs(value=v, selected=(v == chosen))}>{esc(label)}</option>'
                          for v, label in who)
        parts.append(f'<label class="field inline"><span>{esc(t("watch.thinks"))}</span>'
                     f'<select{attrs(data_change="watch-thinks")}>{options}</select></label>')
    return (f'<div class="watch-bar" role="group"{attrs(aria_label=t("watch.label"))}>'
            f'{"".join(parts)}</div>')
