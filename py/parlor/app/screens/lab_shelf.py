"""The Lab's bots as things, drawn: the bar that picks, makes, renames, duplicates,
deletes, saves and shares a bot; the Undo offer after a delete; the bots chosen for the
tournament; and the notice of a tab whose bot changed in another tab.

The page contract's hooks: ``select[data-change="lab-bot"]``, ``input[data-lab-field=
"name"]`` (carried with ``lab-rename``, as the settings are), ``[data-lab-deleted]``
with its ``lab-undo``, ``input[data-change="lab-enter"]`` (one per bot, its name as its
value, sent with whether it is checked) and ``[data-lab-stale]`` with
``lab-take-newer``.
"""

from __future__ import annotations

from parlor.app.lab.page.state import LabScreen
from parlor.app.screens.lab_handin import author_html, file_input
from parlor.i18n.catalog import Translator
from parlor.render.html import attrs, button, esc, name_html


def bots_bar(lab: LabScreen, t: Translator) -> str:
    """Which bot is in the editor, and what can be done with it."""
    shelf = lab.shelf
    options = "".join(f"<option{attrs(value=n, selected=n == shelf.current)}>"
                      f"{esc(t.isolate(n))}</option>" for n in shelf.names())
    pick = (f'<label class="lab-field">{esc(t("lab.bots"))} '
            f'<select data-change="lab-bot">{options}</select></label>')
    field = attrs(type="text", value=shelf.current, data_lab_field="name", dir="auto",
                  autocomplete="off", spellcheck="false")
    name = f'<label class="lab-field lab-name">{esc(t("lab.name"))} <input{field}></label>'
    one = len(shelf.bots) < 2
    return (f'<div class="lab-bots">{pick}'
            + button(t("lab.new"), action="lab-new", cls="btn subtle")
            + button(t("lab.export"), action="lab-export", cls="btn subtle")
            + file_input(t)
            + button(t("lab.share"), action="lab-share", cls="btn subtle")
            + button(t("lab.play"), action="lab-play", cls="btn subtle", carry="lab")
            + author_html(lab, t) + "</div>"
            + f'<div class="lab-bots lab-manage">{name}'
            + button(t("lab.rename"), action="lab-rename", cls="btn subtle", carry="lab")
            + button(t("lab.duplicate"), action="lab-duplicate", cls="btn subtle")
            + button(t("lab.delete"), action="lab-delete", cls="btn subtle", disabled=one,
                     title=t("lab.delete.last") if one else None)
            + "</div>")


def undo_offer(lab: LabScreen, t: Translator) -> str:
    """The bot just deleted, and Undo (until the student's next action)."""
    gone = lab.shelf.deleted
    if gone is None or lab.stale is not None:
        return ""
    return (f'<p class="lab-note" role="status"{attrs(data_lab_deleted=gone.name)}>'
            f'{esc(t("lab.deleted", name=gone.name))} '
            + button(t("lab.undo"), action="lab-undo", cls="btn subtle",
                     aria_label=t("lab.undo_named", name=gone.name)) + "</p>")


def entrants(lab: LabScreen, t: Translator) -> str:
    """A box per bot: checked, it plays in the next tournament (all are, at first)."""
    shelf = lab.shelf
    boxes = "".join(
        "<li><label><input" + attrs(type="checkbox", value=n, checked=n not in shelf.left_out,
                                    data_change="lab-enter") + f"> {name_html(n)}</label></li>"
        for n in shelf.names())
    return (f'<details class="lab-entrants" data-keep="lab-entrants" data-lab-entrants>'
            f'<summary>{esc(t("lab.entrants"))}</summary>'
            f'<p class="help">{esc(t("lab.entrants.help"))}</p><ul>{boxes}</ul></details>')


def stale_notice(lab: LabScreen, t: Translator) -> str:
    """In place of the editor: the bot changed in another tab, this tab stopped; what
    was typed here is kept (as which bot), and the newer text one press away."""
    stale = lab.stale
    if stale is None:
        return ""
    kept = (f'<p>{esc(t("lab.stale.kept", name=stale.kept))}</p>' if stale.kept is not None
            else "")
    return (f'<div class="lab-stale message" role="alert"{attrs(data_lab_stale=stale.bot)}>'
            f'<p>{esc(t("lab.stale", name=stale.bot))}</p>{kept}'
            + button(t("lab.stale.take"), action="lab-take-newer", cls="btn") + "</div>")
