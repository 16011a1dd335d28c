"""Small helpers for building markup safely (everything interpolated is escaped)."""

from __future__ import annotations

from html import escape

from parlor.render.contract import ActionName, Carry


def esc(text: object) -> str:
    return escape(str(text), quote=True)


def name_html(name: str) -> str:
    """A name shown (a player's, a bot's, a game's), isolated from the text around it:
    alone in a right-to-left paragraph "Ali!" would read "!Ali", and in a sentence a
    name running the other way would scramble it. Names in plain text (a
    status line, an attribute, an option) go between Unicode isolates instead
    (``Translator.isolate``)."""
    return f"<bdi>{esc(name)}</bdi>"


def attrs(**values: object) -> str:
    """``attrs(data_move="Y7", aria_label="…")`` -> ` data-move="Y7" aria-label="…"`.

    None and False drop the attribute; True writes it bare. Underscores become dashes;
    a trailing underscore (``class_``) is dropped."""
    out = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        out.append(f" {name}" if value is True else f' {name}="{esc(value)}"')
    return "".join(out)


def button(label: str, *, action: ActionName, cls: str = "btn", carry: Carry | None = None,
           name: bool = False, **extra: object) -> str:
    """A button pressing ``action``; ``carry``: what else the page reads when it is
    pressed (``Carry``); ``name``: its label is a name (isolated: ``name_html``)."""
    extra_attrs = attrs(class_=cls, data_action=action, data_carry=carry, **extra)
    inner = name_html(label) if name else esc(label)
    return f'<button type="button"{extra_attrs}>{inner}</button>'


def actionable(tag: str, inner: str, *, label: str, **data: object) -> str:
    """An element that completes or starts a move: focusable, labelled, a button to AT."""
    return f"<{tag}{attrs(tabindex='0', role='button', aria_label=label, **data)}>{inner}</{tag}>"


def named_button(tag: str, inner: str, *, label: str, **data: object) -> str:
    """``actionable``, named by text inside it (for screen readers only) rather than an
    aria-label: for an element whose picture holds words of its own (a card's face), so
    its name contains everything it shows, as a voice-control user would say it."""
    return (f"<{tag}{attrs(tabindex='0', role='button', **data)}>{inner}"
            f'<span class="sr-only">{esc(label)}</span></{tag}>')
