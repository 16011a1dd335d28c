"""The Lab's parts for bots that travel: the author's name a student signs links and files
with, and the hand-in box where a teacher pastes a class's share links (or opens or drops
their files), with the summary of what came in.

Page contract: ``input[data-change="lab-author"]``; ``input[data-change="lab-class-word"]``
and ``[data-lab-class-word]`` (``data-lab-class-word`` true when one is set, with a
``data-action="lab-class-word"`` button to forget it); ``textarea[data-lab-field="links"]``
and ``data-action="lab-paste"``; ``input[data-lab-import]`` (several files at once);
``[data-lab-handin]`` (the summary, with ``data-added``, ``data-duplicates``,
``data-elsewhere``, ``data-refused`` and ``data-left`` counts).
"""

from __future__ import annotations

from parlor.app.lab.carried import MAX_NAME
from parlor.app.lab.dice import MAX_WORD
from parlor.app.lab.handin import MAX_BOTS, MAX_PASTE, HandIn, Label
from parlor.app.lab.state import LabScreen
from parlor.app.screens.lab_prose import prose
from parlor.i18n.catalog import Translator
from parlor.render.html import attrs, button, esc


def author_html(lab: LabScreen, t: Translator) -> str:
    """The author's name, kept in the browser and written into links and files."""
    field = attrs(type="text", value=lab.author, maxlength=MAX_NAME, autocomplete="nickname",
                  data_change="lab-author", spellcheck="false", dir="auto")
    return f'<label class="lab-field lab-author">{esc(t("lab.author"))} <input{field}></label>'


def file_input(t: Translator) -> str:
    """Open one ``.py`` file or several at once (a class's)."""
    return (f'<label class="btn subtle lab-file">{esc(t("lab.import"))}'
            f'<input type="file" accept=".py,text/x-python,text/plain" multiple data-lab-import'
            f' class="sr-only"></label>')


def handin_html(lab: LabScreen, t: Translator) -> str:
    """The hand-in box: folded until a teacher opens it; open with its summary after a
    hand-in."""
    links = attrs(data_lab_field="links", rows=4, dir="ltr", spellcheck="false",
                  autocomplete="off", aria_label=t("lab.handin.paste"))
    summary = "" if lab.handin is None else summary_html(lab.handin, t)
    shut = attrs(open=lab.handin is not None)
    return (f'<details class="lab-handin" data-keep="lab-handin"{shut}>'
            f'<summary>{esc(t("lab.handin"))}</summary>'
            f'<p class="help">{prose(t, t("lab.handin.help"))}</p>'
            f'<label class="lab-field lab-links">{esc(t("lab.handin.paste"))}'
            f"<textarea{links}></textarea></label>"
            + button(t("lab.handin.add"), action="lab-paste", cls="btn", carry="lab")
            + summary + class_word_html(lab, t) + "</details>")


def class_word_html(lab: LabScreen, t: Translator) -> str:
    """The class word a teacher types on each device for the same games on all: a
    password field (the room may be watching the projector), never filled in, and
    whether this device has one."""
    field = attrs(type="password", autocomplete="off", maxlength=MAX_WORD, dir="auto",
                  data_change="lab-class-word", spellcheck="false")
    state = t("lab.class_word.set" if lab.class_word else "lab.class_word.none")
    forget = (button(t("lab.class_word.forget"), action="lab-class-word", cls="btn subtle",
                     data_value="") if lab.class_word else "")
    return (f'<div class="lab-class-word"{attrs(data_lab_class_word=lab.class_word)}>'
            f'<label class="lab-field">{esc(t("lab.class_word"))} <input{field}></label>'
            f'<p class="help">{prose(t, t("lab.class_word.help"))}</p>'
            f'<p role="status">{esc(state)}</p>{forget}</div>')


def _label(label: Label, t: Translator) -> str:
    return label if isinstance(label, str) else t.say(label)


def summary_html(h: HandIn, t: Translator) -> str:
    """What the hand-in brought, in a list a teacher reads at a glance: how many bots
    were added, then each left out and why."""
    hooks = attrs(data_lab_handin=True, data_added=len(h.added),
                  data_duplicates=len(h.duplicates), data_elsewhere=len(h.elsewhere),
                  data_refused=len(h.refused), data_left=h.left)
    if h.too_long:
        lead = t("lab.handin.too_long", n=MAX_PASTE)
    elif not h.found:
        lead = t("lab.handin.no_files" if h.files else "lab.handin.none_found")
    else:
        lead = t("lab.handin.added", n=len(h.added))
    parts = [f"<p>{prose(t, lead)}</p>"]
    if h.added:
        parts.append(f'<p class="help">{esc(t.join(list(h.added)))}</p>')
    groups = (
        ("lab.handin.duplicates", [t("lab.handin.duplicate", what=_label(w, t), bot=b)
                                   for w, b in h.duplicates]),
        ("lab.handin.elsewhere", [t("lab.handin.for_game", what=_label(w, t),
                                    game=t(f"game.{g}.name")) for w, g in h.elsewhere]),
        ("lab.handin.refused", [t("lab.handin.why", what=_label(w, t), reason=t.say(r))
                                for w, r in h.refused]),
    )
    for head, items in groups:
        if items:
            rows = "".join(f"<li>{prose(t, item)}</li>" for item in items)
            parts.append(f'<p class="lab-handin-head">{esc(t(head, n=len(items)))}</p>'
                         f"<ul>{rows}</ul>")
    if h.left:
        parts.append(f"<p>{esc(t('lab.handin.left', n=h.left, most=MAX_BOTS))}</p>")
    return f'<div class="lab-handin-summary" role="status"{hooks}>{"".join(parts)}</div>'
