"""A class hands in its bots: many share links pasted at once (one a line, or whole chat
messages with words around them) or many ``.py`` files opened or dropped at once, each
becoming a bot named after it and its author; and a summary of what came in: how many
were added, which were duplicates (the same code as a bot kept, or twice in what was
handed in), which were for another game, which could not be read and why.

Also the Lab's other doors for one bot: a share link and a file made with the bot's name
and the author's name the student chose (kept in the browser, ``AUTHOR_KEY``).

Everything handed in is hostile: the pasted text, the number of links or files and each
one's size are bounded here (the page reads no file over ``MAX_FILE_BYTES`` nor more than
``MAX_BOTS`` of them), and each link inflates to at most ``MAX_SOURCE`` (``carried.py``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from parlor.app.events import Action, Download, Effect, ShareLink
from parlor.app.lab.page.carried import (
    MAX_SOURCE,
    Carried,
    bot_from_link,
    clean_name,
    file_name,
    file_text,
    name_of_file,
    read_file_text,
    share_fragment,
)
from parlor.app.lab.page.keep import Shelf
from parlor.app.lab.page.key_store import set_class_word
from parlor.core.errors import BadSave
from parlor.games import GAMES as GAMES_BY_ID
from parlor.i18n.catalog import Msg

if TYPE_CHECKING:
    from parlor.app.saves import KeyValue
    from parlor.i18n.catalog import Translator

#: Where the author's chosen name is kept (one for every game's Lab).
AUTHOR_KEY = "parlor:lab-author"
#: Links or files read at once (a class is 30; the rest are counted, not read).
MAX_BOTS = 100
#: Pasted text read at most (30 links of a few kB each are ~100 kB).
MAX_PASTE = 2_000_000
#: A link's body at most: a bot of ``MAX_SOURCE`` characters, deflated, in base64.
MAX_LINK = MAX_SOURCE * 4 // 3 + 1_000
#: A file's size the page reads at most (UTF-8 takes up to 4 bytes a character).
MAX_FILE_BYTES = MAX_SOURCE * 4
#: A share link in any text: ``bot=<game>.<version>.<body>``, the body in base64url.
LINK = re.compile(r"(?<![A-Za-z0-9_])bot=([A-Za-z0-9_-]{1,40})\.([A-Za-z0-9]{1,8})"
                  r"\.([A-Za-z0-9_-]*)")

Label = str | Msg  # a file's name, or "link 3"


@dataclass(frozen=True)
class HandIn:
    """What a hand-in brought: the bots added (their names), the duplicates left out
    (each with the name of the bot it repeats), those for another game (with its id),
    those refused (with why), and how many were found and not read (over ``MAX_BOTS``).
    ``files`` says whether files were handed in (else links were)."""

    files: bool
    found: int = 0
    added: tuple[str, ...] = ()
    duplicates: tuple[tuple[Label, str], ...] = ()
    elsewhere: tuple[tuple[Label, str], ...] = ()
    refused: tuple[tuple[Label, Msg], ...] = ()
    left: int = 0
    too_long: bool = False  # the pasted text was over ``MAX_PASTE``: nothing was read


@dataclass
class _Taking:
    """A hand-in as it is taken, one bot after another."""

    shelf: Shelf
    game: str
    t: Translator
    seen: dict[str, str] = field(default_factory=dict)  # code -> the bot's name
    added: list[str] = field(default_factory=list)
    duplicates: list[tuple[Label, str]] = field(default_factory=list)
    elsewhere: list[tuple[Label, str]] = field(default_factory=list)
    refused: list[tuple[Label, Msg]] = field(default_factory=list)

    def __post_init__(self) -> None:
        for name, source in self.shelf.bots.items():
            self.seen.setdefault(same_code(source), name)

    def take(self, label: Label, game: str, bot: Carried, fallback: str) -> None:
        if game != self.game:
            self.elsewhere.append((label, game))
            return
        code = same_code(bot.source)
        if code in self.seen:
            self.duplicates.append((label, self.seen[code]))
            return
        self.shelf = self.shelf.added(bot_name(bot, fallback, self.t), bot.source,
                                      self.t.number)
        self.seen[code] = self.shelf.current
        self.added.append(self.shelf.current)

    def done(self, current: str, files: bool, found: int, left: int) -> tuple[Shelf, HandIn]:
        """The shelf with the bots added (the one added shown when it is the only one,
        else the bot that was shown stays), and what happened."""
        shelf = self.shelf if len(self.added) == 1 else self.shelf.chosen(current)
        return shelf, HandIn(files, found, tuple(self.added), tuple(self.duplicates),
                             tuple(self.elsewhere), tuple(self.refused), left)


def same_code(source: str) -> str:
    """What two sources must share to be the same bot: their lines, whatever the line
    ends and the spaces at the ends of lines or around the whole."""
    return "\n".join(line.rstrip() for line in source.replace("\r\n", "\n").replace("\r", "\n")
                     .split("\n")).strip()


def bot_name(bot: Carried, fallback: str, t: Translator) -> str:
    """An imported bot's name: its own (``fallback`` when it has none) and its author's,
    so a teacher sees whose it is: "Greedy (Sara)"."""
    name = bot.name or fallback
    return t.compose("lab.handin.named", name=name, author=bot.author) if bot.author else name


def links_in(text: str) -> list[str]:
    """Every share link's ``bot=`` value in ``text`` (a chat message, a list), in order."""
    return [f"{m.group(1)}.{m.group(2)}.{m.group(3)}" for m in LINK.finditer(text)]


def take_links(shelf: Shelf, game: str, text: str, t: Translator) -> tuple[Shelf, HandIn]:
    """The bots of the share links in ``text`` added to ``game``'s ``shelf``."""
    if len(text) > MAX_PASTE:
        return shelf, HandIn(False, too_long=True)
    found = links_in(text)
    taking = _Taking(shelf, game, t)
    for n, data in enumerate(found[:MAX_BOTS], start=1):
        label = Msg.of("lab.handin.link", n=n)
        link_game = data.partition(".")[0]
        if len(data) > MAX_LINK:
            taking.refused.append((label, Msg("lab.handin.too_big")))
            continue
        try:
            link_game, bot = bot_from_link(data)
        except BadSave as err:
            why = err.message
            taking.refused.append((label, why if isinstance(why, Msg) else Msg("import.link_cut")))
            continue
        if link_game not in GAMES_BY_ID:
            taking.refused.append((label, Msg.of("lab.handin.no_game", game=link_game)))
            continue
        taking.take(label, link_game, bot, t("lab.shared_name"))
    return taking.done(shelf.current, False, len(found), max(0, len(found) - MAX_BOTS))


def take_files(shelf: Shelf, game: str, data: str, t: Translator) -> tuple[Shelf, HandIn]:
    """The bots of the files the page read (``data``: ``files_json``'s list) added to
    ``game``'s ``shelf``. A file is for another game when its header names one."""
    try:
        files = json.loads(data)
    except ValueError:
        files = []
    files = [f for f in files if isinstance(f, dict)] if isinstance(files, list) else []
    taking, left = _Taking(shelf, game, t), 0
    for entry in files:
        label = clean_name(entry.get("name")) or "?"
        text, size = entry.get("text"), entry.get("size")
        if not isinstance(text, str):
            if isinstance(size, int) and size > MAX_FILE_BYTES:
                taking.refused.append((label, Msg("lab.handin.too_big")))
            else:
                left += 1  # over MAX_BOTS: the page did not read it
            continue
        if len(text) > MAX_SOURCE + 1_000:
            taking.refused.append((label, Msg("lab.handin.too_big")))
        elif "\x00" in text:
            taking.refused.append((label, Msg("lab.handin.not_text")))
        elif not text.strip():
            taking.refused.append((label, Msg("lab.handin.empty")))
        else:
            bot = read_file_text(text)
            own = bot.game if bot.game in GAMES_BY_ID else game
            taking.take(label, own, bot, name_of_file(str(entry.get("name", "")))
                        or t("lab.first_name"))
    return taking.done(shelf.current, True, len(files), left)


def files_json(files: list[tuple[str, str | None, int]]) -> str:
    """The page's files as ``take_files`` reads them: ``(name, text, size)`` each, the
    text None when the page did not read it (too large, or too many)."""
    return json.dumps([{"name": name, "size": size} if text is None
                       else {"name": name, "size": size, "text": text}
                       for name, text, size in files])


def author_of(store: KeyValue) -> str:
    """The author's name the student chose for links and files ("" if none)."""
    return clean_name(store.get(AUTHOR_KEY) or "")


# ---- the Lab's actions ------------------------------------------------------------

#: The Lab's actions answered here (``act``).
CARRY_ACTIONS = ("lab-share", "lab-export", "lab-import", "lab-paste", "lab-author",
                 "lab-class-word")


class HandinController(Protocol):
    @property
    def store(self) -> KeyValue: ...
    @property
    def t(self) -> Translator: ...


class KeepsShelf(Protocol):
    """What keeps the Lab's shelf (``shelf_actions.Shelves``), merged with other tabs."""

    def code(self, text: str, out: list[Effect]) -> None: ...
    def keep(self, out: list[Effect]) -> None: ...


class HandinLab(Protocol):
    """The Lab, as its links, files and hand-ins see it (``part.Lab``)."""

    @property
    def controller(self) -> HandinController: ...
    game: str | None
    shelf: Shelf | None
    handin: HandIn | None
    version: int
    note: str | None
    @property
    def shelves(self) -> KeepsShelf: ...  # keeps the shelf, merged with other tabs' writes
    def draw(self, out: list[Effect], whole: bool = False) -> None: ...


def act(lab: HandinLab, event: Action, out: list[Effect]) -> None:
    """A share link or a file of the bot shown (named, with its author), the author's
    name or the class word changed, or bots handed in (files read by the page, or
    pasted links)."""
    if lab.game is None or lab.shelf is None:
        return
    store, t, shelf = lab.controller.store, lab.controller.t, lab.shelf
    name = event.name
    if name == "lab-share":
        out.append(ShareLink(share_fragment(lab.game, shelf.source, shelf.current,
                                            author_of(store)), key="bot"))
        return
    if name == "lab-export":
        out.append(Download(file_name(shelf.current), file_text(
            shelf.source, lab.game, shelf.current, author_of(store))))
        return
    if name == "lab-author":
        store.set(AUTHOR_KEY, clean_name(event.value or ""))
        return
    if name == "lab-class-word":  # a teacher's: the same games on every device of a class
        set_class_word(store, event.value or "")
        lab.draw(out, whole=True)  # its status is drawn beside the hand-in box
        return
    if name == "lab-paste":
        if event.value is not None:
            lab.shelves.code(event.value, out)  # the editor's text, kept before the shelf changes
        lab.shelf, lab.handin = take_links(lab.shelf, lab.game,
                                           (event.form or {}).get("links", ""), t)
    else:
        lab.shelf, lab.handin = take_files(shelf, lab.game, event.value or "[]", t)
    if lab.handin.added:
        lab.shelves.keep(out)  # merged with another tab's; what could not be read stays
        lab.version += 1  # the bots' list changed (and maybe the bot shown)
    lab.draw(out, whole=True)
