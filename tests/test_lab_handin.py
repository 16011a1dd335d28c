"""A class hands in its bots: share links pasted many at once (a whole chat message with
words around them), ``.py`` files opened many at once; each becomes a bot named after it
and its author, and a summary says what was added, what repeated a bot already kept, what
was for another game and what could not be read. Links and files are played as an
attacker would write them: cut, inflating to gigabytes, too many, with names that try to
break the file's Python or the page's text direction."""

from __future__ import annotations

import base64
import json
import re
import zlib

import pytest

from controller_driver import Driver
from parlor.app.classroom.transfer import pack_text
from parlor.app.events import Action, Boot, Download, ShareLink, ShowLab
from parlor.app.lab.page.carried import (
    MAX_NAME,
    MAX_SOURCE,
    Carried,
    bot_from_link,
    file_text,
    read_file_text,
    share_fragment,
)
from parlor.app.lab.page.handin import (
    AUTHOR_KEY,
    MAX_BOTS,
    MAX_FILE_BYTES,
    MAX_PASTE,
    files_json,
    links_in,
    take_links,
)
from parlor.app.lab.page.keep import PREFIX, Shelf
from parlor.core.errors import BadSave
from parlor.i18n.catalog import Msg, Translator

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

GREEDY = "def choose(view, moves, rng):\n    return moves[0]\n"
LAST = "def choose(view, moves, rng):\n    return moves[-1]\n"
RANDOM = "def choose(view, moves, rng):\n    return rng.choice(moves)\n"
BASE = "https://parlor.example/index.html"


def link(game: str, source: str, name: str = "", author: str = "") -> str:
    return f"{BASE}#bot={share_fragment(game, source, name, author)}"


def v1_link(game: str, source: str) -> str:
    """A link as the Lab wrote it before links carried names."""
    return f"{BASE}#bot={game}.1.{pack_text(source)}"


def shown(out: list[object]) -> str:
    shows = [e for e in out if isinstance(e, ShowLab)]
    assert shows, out
    return shows[-1].html


def summary(html: str) -> dict[str, int]:
    found = re.search(r'data-lab-handin data-added="(\d+)" data-duplicates="(\d+)" '
                      r'data-elsewhere="(\d+)" data-refused="(\d+)" data-left="(\d+)"', html)
    assert found, html
    keys = ("added", "duplicates", "elsewhere", "refused", "left")
    return dict(zip(keys, map(int, found.groups()), strict=True))


def paste(page: Driver, text: str) -> str:
    return shown(page.send(Action("lab-paste", value=None, form={"links": text})))


def kept(page: Driver, game: str = "kabaleo") -> dict[str, str]:
    data = json.loads(page.store.get(PREFIX + game) or "{}")
    return dict(data.get("bots", {}))


def bomb(game: str, size: int) -> str:
    """A link whose few kB inflate to ``size`` bytes (a decompression bomb)."""
    packed = zlib.compress(b"#" * size, 9)
    return f"{game}.2." + base64.urlsafe_b64encode(packed).decode().rstrip("=")


# ---- a chat message full of links -------------------------------------------------


def test_a_chat_message_with_three_links_and_noise_adds_three_named_bots() -> None:
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    message = (f"Sara: here is mine {link('kabaleo', GREEDY, 'Greedy', 'Sara')} :)\n"
               f"Omid: ({link('kabaleo', LAST, 'Last', 'Omid')}) and a v1 one, "
               f"{v1_link('kabaleo', RANDOM)}. Thanks!\nTeacher: bot=nothing here")
    html = paste(page, message)
    assert summary(html) == {"added": 3, "duplicates": 0, "elsewhere": 0, "refused": 0,
                             "left": 0}
    assert "3 bots added." in html
    bots = kept(page)
    assert bots["Greedy (Sara)"] == GREEDY and bots["Last (Omid)"] == LAST
    assert bots["Shared bot"] == RANDOM  # a v1 link names no one
    assert '<option value="My bot" selected>' in html  # the teacher's own bot stays shown
    assert 'data-lab-field="links"' in html and "</textarea>" in html  # the box, emptied


def test_duplicates_are_recognised_against_the_bots_kept_and_within_the_paste() -> None:
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    paste(page, link("kabaleo", GREEDY, "Greedy", "Sara"))
    again = link("kabaleo", LAST, "Last", "Omid")
    # The same code as Sara's, with other line ends and trailing spaces: the same bot.
    sara_again = link("kabaleo", GREEDY.replace("\n", "  \r\n"), "Copy", "Reza")
    html = paste(page, f"{again}\n{sara_again}\n{again}")
    assert summary(html)["added"] == 1 and summary(html)["duplicates"] == 2
    assert "Link 2: the same code as “Greedy (Sara)”" in html
    assert "Link 3: the same code as “Last (Omid)”" in html
    assert sorted(kept(page)) == ["Greedy (Sara)", "Last (Omid)", "My bot"]


def test_a_link_for_another_game_is_named_and_left_out() -> None:
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    html = paste(page, link("saboteur", GREEDY, "Digger", "Sara") + " "
                 + link("kabaleo", LAST, "Last", "Omid"))
    assert summary(html)["added"] == 1 and summary(html)["elsewhere"] == 1
    assert "Link 1: a bot for Saboteur" in html
    assert "Digger (Sara)" not in kept(page) and PREFIX + "saboteur" not in page.store.data


def test_a_truncated_link_and_an_unknown_game_say_why() -> None:
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    whole = link("kabaleo", GREEDY, "Greedy", "Sara")
    html = paste(page, f"{whole[:-12]}\n{link('chess', LAST)}\n"
                       f"{BASE}#bot=kabaleo.9.AAAA")
    assert summary(html) == {"added": 0, "duplicates": 0, "elsewhere": 0, "refused": 3,
                             "left": 0}
    assert "Link 1: the link is damaged or cut short" in html
    assert "Link 2: it is for a game this Parlor does not have (chess)" in html
    assert "link version 9" in html
    assert page.c.lab.shelf is not None and page.c.lab.shelf.names() == ["My bot"]


def test_nothing_found_says_so() -> None:
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    html = paste(page, "Hi all, see you on Monday! (robot=kabaleo.2.AAAA is not a link)")
    assert summary(html)["added"] == 0 and "No share link of a bot was found" in html


# ---- the attacker's links ---------------------------------------------------------


def test_a_crafted_link_that_inflates_to_gigabytes_is_refused_without_inflating() -> None:
    data = bomb("kabaleo", 50_000_000)
    assert len(data) < 100_000  # a short link
    with pytest.raises(BadSave) as err:
        bot_from_link(data)
    assert err.value.message == Msg("lab.handin.too_big")
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    html = paste(page, f"{BASE}#bot={data} {link('kabaleo', GREEDY)}")
    assert summary(html)["refused"] == 1 and summary(html)["added"] == 1
    assert "it is far too large to be a bot" in html


def test_a_source_just_over_the_limit_and_a_huge_link_are_refused() -> None:
    over = "#" + "x" * MAX_SOURCE + "\n" + GREEDY
    with pytest.raises(BadSave):
        bot_from_link(share_fragment("kabaleo", over))
    shelf = Shelf("kabaleo", {"My bot": GREEDY}, "My bot")
    t = Translator("en")
    huge = "kabaleo.2." + "A" * (MAX_SOURCE * 2)  # never decoded: too long to be a bot
    _, got = take_links(shelf, "kabaleo", f"bot={huge}", t)
    assert got.refused and got.refused[0][1].key == "lab.handin.too_big"
    _, got = take_links(shelf, "kabaleo", "x" * (MAX_PASTE + 1), t)
    assert got.too_long and not got.added


def test_more_links_than_a_hand_in_reads_are_counted_not_read() -> None:
    shelf = Shelf("kabaleo", {"My bot": GREEDY}, "My bot")
    text = "\n".join(link("kabaleo", f"{GREEDY}# {i}\n", f"b{i}") for i in range(MAX_BOTS + 7))
    assert len(links_in(text)) == MAX_BOTS + 7
    after, got = take_links(shelf, "kabaleo", text, Translator("en"))
    assert len(got.added) == MAX_BOTS and got.left == 7
    assert len(after.bots) == MAX_BOTS + 1


def test_names_are_cut_and_cleaned_of_line_breaks_and_bidi_controls() -> None:
    name = "Evil\n\u202eeman\u2028" + "x" * 100
    _, bot = bot_from_link(share_fragment("kabaleo", GREEDY, name, "Sa\x00ra\u2067"))
    assert bot.name == ("Evil eman " + "x" * 100)[:MAX_NAME] and bot.author == "Sa ra"
    assert "\u202e" not in bot.name and len(bot.name) == MAX_NAME


# ---- files ------------------------------------------------------------------------


def test_a_file_carries_its_name_and_author_and_stays_valid_python() -> None:
    text = file_text(GREEDY, "kabaleo", "Greedy\nimport os", "Sara ‌زهرا coding: latin-1")
    compile(text, "greedy.py", "exec")  # runs anywhere as it is
    assert text.count("\n") == GREEDY.count("\n") + 1  # the header is one line
    assert "coding:" not in text.partition("\n")[0]  # not an encoding declaration
    assert read_file_text(text) == Carried(GREEDY, "Greedy import os",
                                           "Sara ‌زهرا coding: latin-1", "kabaleo")
    assert file_text(text, "kabaleo", "Greedy", "").count("# parlor-bot:") == 1  # no stacking


def test_a_plain_file_or_a_header_that_cannot_be_read_is_a_bot_with_no_name() -> None:
    assert read_file_text(GREEDY) == Carried(GREEDY)
    for header in ("# parlor-bot: {not json", '# parlor-bot: ["a list"]',
                   "# parlor-bot: " + json.dumps({"name": "x" * 1000})):
        assert read_file_text(f"{header}\n{GREEDY}") == Carried(f"{header}\n{GREEDY}")
    odd = '\ufeff# parlor-bot: {"name": 7, "author": ["x"], "game": "../etc"}\r\n' + GREEDY
    assert read_file_text(odd) == Carried(GREEDY, "", "", "")


def files(*entries: tuple[str, str]) -> Action:
    return Action("lab-import", value=files_json(
        [(name, text, len(text.encode())) for name, text in entries]))


def test_many_files_at_once_with_and_without_headers() -> None:
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    html = shown(page.send(files(
        ("sara.py", file_text(GREEDY, "kabaleo", "Greedy", "Sara")),
        ("omid.py", LAST),
        ("copy.py", file_text(LAST, "kabaleo", "Mine", "Reza")),  # Omid's code again
        ("digger.py", file_text(RANDOM, "saboteur", "Digger", "Ana")),
        ("empty.py", "  \n"),
        ("photo.py", "\x89PNG\x00\x00"),
    )))
    assert summary(html) == {"added": 2, "duplicates": 1, "elsewhere": 1, "refused": 2,
                             "left": 0}
    assert sorted(kept(page)) == ["Greedy (Sara)", "My bot", "omid"]
    assert "copy.py: the same code as “omid”" in html
    assert "digger.py: a bot for Saboteur" in html
    assert "empty.py: it is empty" in html and "photo.py: it is not a text file" in html


def test_files_the_page_did_not_read_are_counted_or_refused() -> None:
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    value = files_json([("film.py", None, MAX_FILE_BYTES + 1), ("late.py", None, 10),
                        ("ok.py", LAST, 40)])
    html = shown(page.send(Action("lab-import", value=value)))
    assert summary(html) == {"added": 1, "duplicates": 0, "elsewhere": 0, "refused": 1,
                             "left": 1}
    for hostile in ("not json", '{"name": "x"}', '[1, "x", {"name": 5, "text": 7}]'):
        html = shown(page.send(Action("lab-import", value=hostile)))
        assert summary(html)["added"] == 0  # nothing breaks, nothing is added


def test_one_file_opened_is_shown_in_the_editor() -> None:
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    html = shown(page.send(files(("greedy.py", GREEDY))))
    assert '<option value="greedy" selected>' in html and "1 bot added." in html


# ---- the author's name ------------------------------------------------------------


def test_the_authors_name_is_kept_and_signs_links_and_files() -> None:
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    page.send(Action("lab-author", value="  Sara\n K.  "))
    assert page.store.get(AUTHOR_KEY) == "Sara K."
    again = Driver(page.store)
    html = shown(again.send(Boot({"lab": "kabaleo"})))
    assert 'data-change="lab-author"' in html and 'value="Sara K."' in html
    share = next(e for e in again.send(Action("lab-share")) if isinstance(e, ShareLink))
    assert bot_from_link(share.data)[1].author == "Sara K."
    file = next(e for e in again.send(Action("lab-export")) if isinstance(e, Download))
    assert read_file_text(file.text).author == "Sara K."
