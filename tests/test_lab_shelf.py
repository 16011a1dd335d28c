"""Bots as things in the Lab: renamed (names checked, scores follow), deleted with
Undo until the next action (kept in storage meanwhile, so nothing is lost), duplicated,
and chosen for a tournament (all at first, remembered); stored shelves from elsewhere
read without harm."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from controller_driver import Driver
from parlor.app.events import Action, Boot, LabCode, LabStart, ShowLab
from parlor.app.lab.page.keep import PREFIX, STARTER, Shelf
from parlor.app.lab.page.shelf_edits import MAX_NAME
from test_lab_part import opened, worker

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

KEY = PREFIX + "kabaleo"
GREEDY = "def choose(view, moves, rng):\n    return moves[0]\n"
LAST = "def choose(view, moves, rng):\n    return moves[-1]\n"


def shown(out: list[object]) -> ShowLab:
    shows = [e for e in out if isinstance(e, ShowLab)]
    assert shows, out
    return shows[-1]


def stored_of(page: Driver) -> dict[str, object]:
    data = json.loads(page.store.get(KEY) or "")
    assert isinstance(data, dict)
    return data


def two_bots() -> Driver:
    """A Lab with "My bot" (GREEDY, a kept score) and "last" (LAST), "last" shown."""
    page = Driver()
    page.send(Boot({"lab": "kabaleo"}))
    page.send(LabCode(GREEDY))
    shelf = page.c.lab.shelf
    assert shelf is not None
    page.c.lab.shelf = shelf.scored("My bot", "random/2/10/1000/7", 6)
    page.send(opened("last.py", LAST))
    return page


def rename(page: Driver, name: str) -> list[object]:
    return list(page.send(Action("lab-rename", value=None, form={"name": name, "level": "random"})))


# ---- rename ----------------------------------------------------------------------------


def test_a_renamed_bot_keeps_its_code_and_scores_and_the_editor_stays_on_it() -> None:
    page = two_bots()
    page.send(Action("lab-bot", value="My bot"))
    html = shown(rename(page, "  Greedy\n  Gus ")).html  # tidied: one space between words
    data = stored_of(page)
    assert data["bots"] == {"Greedy Gus": GREEDY, "last": LAST}
    assert data["scores"] == {"Greedy Gus": {"random/2/10/1000/7": 6}}
    assert data["current"] == "Greedy Gus"
    assert '<option value="Greedy Gus" selected>' in html
    assert 'data-lab-field="name"' in html and 'value="Greedy Gus"' in html


@pytest.mark.parametrize(("name", "says"), [
    ("", "A bot needs a name"),
    ("  \n\t ", "A bot needs a name"),
    ("x" * (MAX_NAME + 1), f"That name has {MAX_NAME + 1} characters; a bot's name can "
                           f"have at most {MAX_NAME}."),
    ("LAST", "There is already a bot named “LAST”"),  # letter case aside
])
def test_a_name_that_cannot_be_is_refused_with_a_clear_message(name: str, says: str) -> None:
    page = two_bots()
    page.send(Action("lab-bot", value="My bot"))
    before = page.store.get(KEY)
    html = unescape(shown(rename(page, name)).html)
    assert says in html
    assert page.store.get(KEY) == before  # nothing renamed


def test_control_characters_in_a_crafted_name_never_reach_the_shelf() -> None:
    page = two_bots()
    rename(page, "a\x00b\x1bc\u2028d")
    assert set(stored_of(page)["bots"]) == {"My bot", "a b c d"}  # type: ignore[arg-type]


def test_renaming_a_bot_to_its_own_name_in_other_letters_is_allowed() -> None:
    page = two_bots()
    rename(page, "Last")
    assert set(stored_of(page)["bots"]) == {"My bot", "Last"}  # type: ignore[arg-type]


def test_a_bot_renamed_while_its_match_plays_keeps_that_score_under_its_new_name() -> None:
    page = two_bots()
    out = page.send(Action("lab-run", value=None, form={"level": "random", "players": "2",
                                                        "games": "10", "limit": "1000"}))
    rename(page, "Lasting")
    worker(page, out)  # the match ends after the rename
    scores = stored_of(page)["scores"]
    assert isinstance(scores, dict) and list(scores.get("Lasting", {})) == [
        "random/2/10/1000/" + str(page.c.lab.run.seed)]  # type: ignore[union-attr]
    assert "last" not in scores


# ---- delete and undo -------------------------------------------------------------------


def test_a_deleted_bot_comes_back_with_undo_scores_and_all() -> None:
    page = two_bots()
    page.send(Action("lab-bot", value="My bot"))
    html = shown(page.send(Action("lab-delete"))).html
    data = stored_of(page)
    assert data["bots"] == {"last": LAST} and data["current"] == "last"
    assert data["deleted"] == {"name": "My bot", "source": GREEDY, "left_out": False,
                               "scores": {"random/2/10/1000/7": 6}}  # kept until Undo goes
    assert 'data-lab-deleted="My bot"' in html and 'data-action="lab-undo"' in html
    back = shown(page.send(Action("lab-undo"))).html
    data = stored_of(page)
    assert data["bots"] == {"My bot": GREEDY, "last": LAST} and data["current"] == "My bot"
    assert data["scores"] == {"My bot": {"random/2/10/1000/7": 6}} and "deleted" not in data
    assert "data-lab-deleted" not in back and "return moves[0]" in back


def test_undo_is_offered_until_the_next_action_then_the_bot_is_let_go() -> None:
    page = two_bots()
    page.send(Action("lab-delete"))
    out = page.send(Action("lab-said", value="0"))  # any other action
    assert "data-lab-deleted" not in shown(out).html
    assert "deleted" not in stored_of(page)
    page.send(Action("lab-undo"))  # too late: nothing comes back, nothing breaks
    assert set(stored_of(page)["bots"]) == {"My bot"}  # type: ignore[arg-type]


def test_undo_survives_a_reload_until_the_next_action() -> None:
    page = two_bots()
    page.send(Action("lab-delete"))
    again = Driver(page.store)
    assert 'data-lab-deleted="last"' in shown(again.send(Boot({"lab": "kabaleo"}))).html
    again.send(Action("lab-undo"))
    assert stored_of(again)["bots"] == {"My bot": GREEDY, "last": LAST}


def test_undo_never_writes_over_a_bot_of_the_same_name_made_meanwhile() -> None:
    page = two_bots()
    page.send(Action("lab-delete"))  # "last"
    shelf = page.c.lab.shelf
    assert shelf is not None
    page.c.lab.shelf = shelf.added("last", STARTER)  # made in another tab, say
    page.send(Action("lab-undo"))
    assert stored_of(page)["bots"] == {"My bot": GREEDY, "last": STARTER, "last 2": LAST}


def test_the_last_bot_cannot_be_deleted() -> None:
    page = Driver()
    html = shown(page.send(Boot({"lab": "kabaleo"}))).html
    assert re.search(r'<button[^>]*data-action="lab-delete"[^>]*disabled', html)
    out = page.send(Action("lab-delete"))  # sent anyway (a crafted page)
    assert "Keep at least one bot" in shown(out).html
    assert list(Shelf.read(page.store, "kabaleo", "My bot").bots) == ["My bot"]


# ---- duplicate -------------------------------------------------------------------------


def test_a_duplicate_is_a_new_bot_with_the_same_code_and_no_score_yet() -> None:
    page = two_bots()
    page.send(Action("lab-bot", value="My bot"))
    page.send(Action("lab-duplicate"))
    html = shown(page.send(Action("lab-duplicate"))).html  # the copy of the copy's source
    data = stored_of(page)
    assert data["bots"] == {"My bot": GREEDY, "last": LAST, "My bot copy": GREEDY,
                            "My bot copy copy": GREEDY}
    assert set(data["scores"]) == {"My bot"}  # type: ignore[arg-type]
    assert '<option value="My bot copy copy" selected>' in html
    page.send(Action("lab-bot", value="My bot"))
    page.send(Action("lab-duplicate"))
    assert "My bot copy 2" in stored_of(page)["bots"]  # type: ignore[operator]


# ---- entrants --------------------------------------------------------------------------


def test_every_bot_enters_the_tournament_until_left_out_and_the_choice_is_kept() -> None:
    page = two_bots()
    page.send(opened("third.py", GREEDY + "# a third bot (the same code would be a duplicate)\n"))
    html = shown(page.send(Action("lab-bot", value="last"))).html
    boxes = re.findall(r'<input type="checkbox" value="([^"]+)"( checked)? data-change="lab-enter"',
                       html)
    assert boxes == [("last", " checked"), ("My bot", " checked"), ("third", " checked")]
    page.send(Action("lab-enter", value="third", form={"checked": ""}))
    assert stored_of(page)["left_out"] == ["third"]
    out = page.send(Action("lab-tournament", form={"games": "10"}))
    start = next(e for e in out if isinstance(e, LabStart))
    assert json.loads(start.request)["sources"] == [LAST, GREEDY]  # "third" stays out
    again = Driver(page.store)
    html = shown(again.send(Boot({"lab": "kabaleo"}))).html
    assert 'value="third" data-change="lab-enter"' in html  # unchecked after a reload
    again.send(Action("lab-bot", value="third"))
    rename(again, "3rd")  # a rename keeps it out
    assert stored_of(again)["left_out"] == ["3rd"]


def test_a_tournament_with_fewer_than_two_chosen_says_so_and_plays_nothing() -> None:
    page = two_bots()
    page.send(Action("lab-enter", value="last", form={"checked": ""}))
    out = page.send(Action("lab-tournament", form={"games": "10"}))
    assert not any(isinstance(e, LabStart) for e in out)
    assert "Check at least two bots" in shown(out).html and "(checked now: 1)" in shown(out).html
    page.send(Action("lab-enter", value="last", form={"checked": "true"}))
    assert any(isinstance(e, LabStart)
               for e in page.send(Action("lab-tournament", form={"games": "10"})))


def test_a_box_for_a_bot_that_is_not_there_changes_nothing() -> None:
    page = two_bots()
    before = page.store.get(KEY)
    page.send(Action("lab-enter", value="<img src=x>", form={"checked": ""}))
    assert page.store.get(KEY) == before


# ---- stored text from elsewhere --------------------------------------------------------


@pytest.mark.parametrize("extra", [
    {"left_out": "last"}, {"left_out": [1, None, "gone", "last"]},
    {"deleted": "x"}, {"deleted": {"name": 3, "source": "s"}},
    {"deleted": {"name": "n", "source": "s" * 300_000}},
    {"deleted": {"name": "n", "source": "s", "scores": {"k": "x"}, "left_out": "yes"}},
])
def test_crafted_choices_and_deleted_bots_are_dropped_never_the_bots(
        extra: dict[str, object]) -> None:
    page = Driver()
    page.store.set(KEY, json.dumps({"current": "last", "bots": {"last": LAST}, **extra}))
    shelf = Shelf.read(page.store, "kabaleo", "My bot")
    assert shelf.bots == {"last": LAST} and shelf.unreadable is None
    assert shelf.left_out <= {"last"}
    assert shelf.deleted is None or (shelf.deleted.name, shelf.deleted.scores,
                                     shelf.deleted.left_out) == ("n", {}, False)


def test_a_shelf_stored_before_these_choices_reads_and_writes_as_it_was() -> None:
    old = json.dumps({"bots": {"a": GREEDY}, "current": "a", "scores": {}}, sort_keys=True)
    page = Driver()
    page.store.set(KEY, old)
    shelf = Shelf.read(page.store, "kabaleo", "My bot")
    assert shelf.entrants() == ["a"] and shelf.deleted is None and shelf.dump() == old
