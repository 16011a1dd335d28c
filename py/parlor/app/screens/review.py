"""The review screen: a match at one moment, through one perspective, with the controls
to move through it (page contract: ``data-phase="replay"``, ``data-ply``,
``data-plies``, ``data-action="replay-first|prev|next|last"``).

The board is the game's own renderer, given the view the perspective had at that
moment (never clickable), or the public view plus ``revealed`` secrets when everything
may be shown; so a review shows exactly what the game showed, and no more.
"""

from __future__ import annotations

from parlor.app.classroom.review import EVERYTHING, Review
from parlor.app.screens.game import SAID, Rendered, renderer
from parlor.app.screens.lab_cut import ended_note
from parlor.app.screens.thinks import beliefs_html
from parlor.i18n.catalog import Msg, Translator
from parlor.render.contract import ActionName
from parlor.render.html import attrs, button, esc

#: The review's step buttons: action, the words' key (``review.<step>``), the keys that
#: do the same (web/app.py).
STEPS: tuple[tuple[ActionName, str, str], ...] = (
    ("replay-first", "first", "Home"), ("replay-prev", "prev", "ArrowLeft"),
    ("replay-next", "next", "ArrowRight"), ("replay-last", "last", "End"))


def perspective_name(t: Translator, r: Review, seat: int, names: tuple[str, ...]) -> str:
    return t("review.everything") if seat == EVERYTHING else t("review.seen_by", name=names[seat])


def controls(t: Translator, r: Review, names: tuple[str, ...]) -> str:
    at_start, at_end = r.ply == 0, r.ply == r.plies
    nav = "".join(
        button(t(f"review.{step}"), action=action, cls="btn",
               disabled=(at_start if step in ("first", "prev") else at_end),
               aria_keyshortcuts=keys)
        for action, step, keys in STEPS)
    where = (t("review.at_start") if r.ply == 0
             else t("review.position", k=r.ply, n=r.plies))
    seek_attrs = attrs(min="0", max=str(r.plies), value=str(r.ply), step="1",
                       data_change="replay-goto", aria_label=t("review.timeline"),
                       aria_valuetext=where)
    seek = f'<input type="range"{seek_attrs}>'
    options = "".join(f'<option{attrs(value=str(s), selected=(s == r.seat))}>'
                      f'{esc(perspective_name(t, r, s, names))}</option>'
                      for s in r.perspectives())
    seat = (f'<label class="field inline"><span>{esc(t("review.seat_label"))}</span>'
            f'<select{attrs(data_change="replay-seat")}>{options}</select></label>')
    return (f'<div class="replay-controls" role="group"{attrs(aria_label=t("review.controls"))}>'
            f'{nav}<span class="where">{esc(where)}</span>{seek}{seat}</div>')


def move_lines(t: Translator, r: Review, names: tuple[str, ...]) -> tuple[str, ...]:
    """Every move in words, as the perspective knows the match by its end (the same for
    every step of a review: the caller may keep it while only the step changes)."""
    return tuple(renderer(r.match.game).log_lines(r.final_view(), names, t))


def move_list(t: Translator, r: Review, lines: tuple[str, ...]) -> str:
    """Every move in words, each a button that jumps there (the shown one marked)."""
    items = []
    for i, line in enumerate(lines, start=1):
        current = "step" if i == r.ply else None
        jump = attrs(class_="linkish", data_action="replay-goto", data_value=str(i),
                     aria_current=current)
        items.append(f'<li><button type="button"{jump}>'
                     f'<span class="n">{esc(t.number(i))}.</span> {esc(line)}</button></li>')
    return (f'<section class="replay-moves"><h3>{esc(t("review.moves"))}</h3>'
            f'<ol class="log replay-log">{"".join(items)}</ol></section>')


def toolbar(t: Translator, r: Review) -> str:
    parts = [button(t("toolbar.menu"), action="menu", cls="btn subtle")]
    if r.lab:
        parts.append(button(t("lab.back"), action="lab", cls="btn", data_game=r.match.game))
    if r.save_id is not None and not r.over:
        parts.append(button(t("review.back"), action="resume", cls="btn", data_save=r.save_id))
    if r.save_id is None:
        parts.append(button(t("review.adopt.keep" if r.over else "review.adopt.continue"),
                            action="adopt", cls="btn"))
    parts.append(button(t("toolbar.export"), action="export", cls="btn subtle"))
    parts.append(button(t("toolbar.share"), action="share", cls="btn subtle"))
    title = t("review.title", game=Msg(f"game.{r.match.game}.name"))
    return (f'<nav class="toolbar" aria-label="{esc(t("toolbar.label"))}">{"".join(parts)}'
            f'<span class="title">{esc(title)}</span></nav>')


def review_screen(r: Review, t: Translator, names: tuple[str, ...], you: int | None,
                  note: str | None = None, lines: tuple[str, ...] | None = None) -> Rendered:
    """The whole review screen and its status line (the narration of the shown move);
    ``lines`` is ``move_lines`` for this review, perspective and language, if kept."""
    mod = renderer(r.match.game)
    view = r.view()
    outcome = r.outcome(names)
    screen = mod.Screen(names=names, legal=(), kinds=r.match.seats, interactive=False, t=t,
                        you=you if r.seat != EVERYTHING else None, revealed=r.revealed())
    notes = []
    if note:
        notes.append(f'<p class="message" role="alert">{esc(note)}</p>')
    if r.save_id is None:
        notes.append(f'<p class="help">{esc(t("review.imported"))}</p>')
    if not r.open_book:
        notes.append(f'<p class="help">{esc(t("review.still_playing"))}</p>')
    if r.match.cut:
        notes.append(ended_note(r.match.game, r.plies, t))
    if r.said and r.ply >= 1 and r.said[r.ply - 1]:
        notes.append(f'<section class="lab-said"><h3>{esc(t("lab.said.here"))}</h3>'
                     f'<pre dir="ltr" tabindex="0">{esc(r.said[r.ply - 1])}</pre></section>')
    thinks = ""
    if r.open_book:
        seats = r.bot_seats() if r.seat == EVERYTHING else (
            (r.seat,) if r.seat in r.bot_seats() else ())
        thinks = beliefs_html(t, r.game, r.state, seats, names)
    html = (toolbar(t, r) + "".join(notes) + controls(t, r, names)
            + '<div class="replay-body">' + mod.render_play(view, screen, outcome) + thinks
            + "</div>" + move_list(t, r, lines if lines is not None else move_lines(t, r, names)))
    said = mod.log_lines(view, names, t)
    if r.ply == 0:
        status = t("review.status.start", n=r.plies)
    else:
        line = said[-1] if said else ""
        status = t("review.status.move", k=r.ply, n=r.plies,
                   line=line[:1].upper() + line[1:])
    return Rendered(html, "replay", None, status,
                    data={"ply": str(r.ply), "plies": str(r.plies)},
                    said=tuple(said[-SAID:]), logged=len(said))
