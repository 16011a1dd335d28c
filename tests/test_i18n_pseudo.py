"""The pseudo-language test (issue 12): every visible word must come through the
catalogs. A Translator that brackets everything it says (⟦…⟧) draws the screens; any
text left outside brackets (other than numbers, punctuation, isolated names and
notation) was written by the code itself and would stay English in every language."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from parlor.app.controller import Controller
from parlor.app.events import Boot, ShowMenu
from parlor.app.saves import DictStore
from parlor.i18n.catalog import FSI, PDI, Msg, Translator

OPEN, CLOSE = "⟦", "⟧"
VISIBLE_ATTRS = ("aria-label", "title", "placeholder", "alt")


class Pseudo(Translator):
    """English, bracketed; isolates every string argument so names are told apart."""

    def say(self, msg: Msg) -> str:
        return f"{OPEN}{super().say(msg)}{CLOSE}"

    def isolate(self, text: str) -> str:
        return f"{FSI}{text}{PDI}"


class Visible(HTMLParser):
    """Text nodes and the attributes a person or a screen reader meets."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script"):
            self._skip += 1
        self.texts.extend(v for k, v in attrs if k in VISIBLE_ATTRS and v)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.texts.append(data)


def strays(html: str) -> list[str]:
    """Visible text not said by the catalogs: empty when everything went through them."""
    parser = Visible()
    parser.feed(html)
    out = []
    for text in parser.texts:
        left = text
        while True:  # drop isolated names/notation, then bracketed messages, innermost first
            cut = re.sub(f"{FSI}[^{FSI}{PDI}]*{PDI}", "", left)
            cut = re.sub(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}", "", cut)
            if cut == left:
                break
            left = cut
        if re.search(r"[^\W\d_]{2,}", left):  # two letters in a row: a word
            out.append(text.strip())
    return out


def menu_html(t: Translator, store: DictStore | None = None) -> str:
    c = Controller(store or DictStore(), lambda: 0.0, str)
    c.t = t
    menu = [e for e in c.handle(Boot({})) if isinstance(e, ShowMenu)][-1]
    return "".join(menu.forms.values()) + menu.saves + menu.message + menu.status


def test_the_pseudo_check_catches_a_stray_word() -> None:
    assert strays("<p>⟦fine⟧ 3 ⁨Ann⁩</p>") == []
    assert strays('<p>⟦fine⟧ but not this</p><b aria-label="Nope">x</b>') == [
        "⟦fine⟧ but not this", "Nope"]


def test_the_menu_says_everything_through_the_catalogs() -> None:
    assert strays(menu_html(Pseudo())) == []


def test_the_save_list_says_everything_through_the_catalogs() -> None:
    store = DictStore()
    store.set("parlor:save:broken", "{not json")
    html = menu_html(Pseudo(), store)
    assert "broken" in html  # the broken save is listed
    assert strays(html) == []
