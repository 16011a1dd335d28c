"""The Bot Lab's reference for a game, as HTML in the page's language.

The structure comes from ``app/lab/page/reference.py`` (generated from the code); this only
lays it out: Python names, example values and types in ``<code dir="ltr">`` (they
read left to right in a Persian page too), their meanings from the catalogs, the types
folded away (a 14-year-old reads the sentence and the example; ``tuple[tuple[str,
...], ...]`` waits in a fold for whoever wants it). A definition list per part,
so a screen reader says each name with its meaning.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlor.app.lab.page.reference import Entry, Reference
from parlor.app.screens.lab_prose import prose
from parlor.i18n.catalog import Msg, Translator
from parlor.render.html import attrs, esc

#: The reference's own words besides the entries' (the test checks each is used).
HEADINGS: tuple[str, ...] = (
    "lab.ref.title", "lab.ref.contract", "lab.ref.heading.view", "lab.ref.heading.types",
    "lab.ref.heading.moves", "lab.ref.heading.examples", "lab.ref.heading.tools",
    "lab.ref.heading.rng", "lab.ref.example", "lab.ref.python_type",
)


def _code(text: str) -> str:
    return f'<code dir="ltr">{esc(text)}</code>'


def _entries(t: Translator, entries: Sequence[Entry], part: str, *, typed: str = "") -> str:
    """``<dl>`` of names: ``view.seat`` for fields (``typed`` the owner), ``game.deal(view,
    rng)`` for methods (their ``code`` is the call already). Each says in a sentence
    what it is, shows its value in a real game, and folds its Python types away
    (``<details class="lab-ref-type">``) for those who want them."""
    rows = []
    for e in entries:
        shown = f"{typed}{e.name}" if part != "call" else e.code
        example = (f'<p class="lab-ref-example">{esc(t("lab.ref.example"))} '
                   f"{_code(e.example)}</p>" if e.example else "")
        fold = (f'<details class="lab-ref-type"><summary>{esc(t("lab.ref.python_type"))}'
                f"</summary>{_code(e.python or e.code)}</details>")
        rows.append(f"<dt{attrs(data_name=e.name)}>{_code(shown)}</dt>"
                    f"<dd><p>{prose(t, t(e.key))}</p>{example}{fold}</dd>")
    cls = "lab-ref-tools" if part == "call" else "lab-ref-fields"
    return f'<dl class="{cls}">{"".join(rows)}</dl>'


def lab_reference_html(t: Translator, ref: Reference) -> str:
    """The whole reference: ``<section class="lab-ref" data-game="…">`` with the
    contract, ``view``'s fields (and the small types inside it), what a move looks
    like with real examples, ``game``'s methods and ``rng``'s."""
    title = t("lab.ref.title", game=Msg(f"game.{ref.game}.name"))
    parts = [
        f'<h2 class="lab-ref-title">{esc(title)}</h2>',
        f'<p class="lab-ref-contract">{_code(ref.contract)} {prose(t, t("lab.ref.contract"))}</p>',
        f'<section{attrs(class_="lab-ref-part", data_ref="view")}>'
        f'<h3>{_code("view")} {esc(t("lab.ref.heading.view"))}</h3>'
        f'{_entries(t, ref.view, "field", typed="view.")}</section>',
    ]
    if ref.types:
        inner = "".join(f"<h4>{_code(td.name)}</h4>{_entries(t, td.fields, 'field')}"
                        for td in ref.types)
        parts.append(f'<section{attrs(class_="lab-ref-part", data_ref="types")}>'
                     f'<h3>{prose(t, t("lab.ref.heading.types"))}</h3>{inner}</section>')
    examples = "".join(f"<li>{_code(repr(m))}</li>" for m in ref.examples)
    parts.append(
        f'<section{attrs(class_="lab-ref-part", data_ref="moves")}>'
        f'<h3>{_code("moves")} {esc(t("lab.ref.heading.moves"))}</h3>'
        f"<p>{prose(t, t(ref.moves_key))}</p>"
        f'<p>{esc(t("lab.ref.heading.examples"))}</p>'
        f'<ul class="lab-ref-examples">{examples}</ul></section>')
    parts.append(
        f'<section{attrs(class_="lab-ref-part", data_ref="game")}>'
        f'<h3>{_code("game")} {esc(t("lab.ref.heading.tools"))}</h3>'
        f'{_entries(t, ref.tools, "call")}</section>')
    parts.append(
        f'<section{attrs(class_="lab-ref-part", data_ref="rng")}>'
        f'<h3>{_code("rng")} {prose(t, t("lab.ref.heading.rng"))}</h3>'
        f'{_entries(t, ref.rng, "call")}</section>')
    return f'<section{attrs(class_="lab-ref", data_game=ref.game)}>{"".join(parts)}</section>'
