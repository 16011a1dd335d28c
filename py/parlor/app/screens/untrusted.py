"""Markup from another device, made safe to put in this page.

A guest shows the screen its host rendered. The host is whoever made the invitation a
person opened, so its markup is treated like any text from the network: rebuilt tag by
tag with only what a Parlor screen uses. Scripts, frames, forms, event handlers and
``javascript:`` addresses are dropped, so a rogue "host" can draw a wrong board but
cannot run code in the guest's page or read its storage.

Parlor's own page acts on a few attributes (web/app.py): a ``data-move`` or ``data-pick``
the guest sends to the host, which checks it with the rules; a ``data-action`` runs one
of the page's actions (delete a save, change the connection settings, open the Lab), a
``data-change`` or a form field another. Of those, a host's markup keeps only moves,
picks and ``GUEST_ACTIONS``: a guest's own buttons are its own
toolbar's, never the host's.
"""

from __future__ import annotations

from html import escape
from html.parser import HTMLParser

from parlor.render.contract import ActionName

#: Elements whose content is dropped with them.
DROPPED = frozenset({"script", "style", "iframe", "frame", "frameset", "object", "embed",
                     "template", "noscript", "textarea", "select"})
#: Elements dropped, their content kept.
UNWRAPPED = frozenset({"link", "meta", "base", "form", "html", "head", "body", "applet",
                       "audio", "video", "source", "track", "img", "image", "use",
                       "animate", "set", "animatemotion", "animatetransform", "a"})
VOID = frozenset({"area", "br", "col", "hr", "input", "wbr"})
#: Attributes that load or submit something (none of a game screen's do).
ADDRESSES = frozenset({"href", "xlink:href", "src", "srcset", "action", "formaction",
                       "srcdoc", "data", "poster", "background", "ping"})
#: What a host's markup may ask of a guest's page besides moves and picks: panning and
#: zooming the maze (web/panzoom.py), which changes only how this screen looks.
GUEST_ACTIONS: frozenset[ActionName] = frozenset({"zoom-in", "zoom-out", "zoom-fit"})
#: Attributes the page acts on when an element changes (web/app.py, ``on_change``), or
#: reads from the page when it is pressed (``data-carry``).
TRIGGERS = frozenset({"data-change", "data-lab-import", "data-field", "data-game-form",
                      "data-import", "data-import-text", "data-people", "data-carry"})


class _Cleaner(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.dropping = 0  # depth inside a dropped element

    def _tag(self, tag: str, attrs: list[tuple[str, str | None]], close: bool) -> None:
        kept = []
        for name, value in attrs:
            name = name.lower()
            if name.startswith("on") or name in ADDRESSES | TRIGGERS or not _plain(name):
                continue
            if name == "data-action" and value not in GUEST_ACTIONS:
                continue
            kept.append(name if value is None else f'{name}="{escape(value, quote=True)}"')
        joined = "".join(" " + a for a in kept)
        self.out.append(f"<{tag}{joined}{' /' if close else ''}>")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in DROPPED:
            self.dropping += 1
        elif not self.dropping and tag not in UNWRAPPED:
            self._tag(tag, attrs, close=False)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if not self.dropping and tag not in DROPPED | UNWRAPPED:
            self._tag(tag, attrs, close=tag not in VOID)

    def handle_endtag(self, tag: str) -> None:
        if tag in DROPPED:
            self.dropping = max(0, self.dropping - 1)
        elif not self.dropping and tag not in UNWRAPPED and tag not in VOID:
            self.out.append(f"</{tag}>")

    def handle_data(self, data: str) -> None:
        if not self.dropping:
            self.out.append(escape(data, quote=False))


def _plain(name: str) -> bool:
    return all(c.isalnum() or c in "-_:" for c in name)


def clean(markup: str) -> str:
    """``markup`` with everything that could run, load or submit taken out."""
    cleaner = _Cleaner()
    cleaner.feed(markup)
    cleaner.close()
    return "".join(cleaner.out)
