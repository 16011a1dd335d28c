"""Two tabs on one game's Lab never lose a keystroke (app/lab/page/shelf_sync.py).

Each ``Driver`` is a tab; they share one store, as tabs share local storage. The
browser tells a tab of the other's write with a ``storage`` event, sent here as
``StoreChanged`` when the test says it arrived: before a tab's next write, or after it
(the writes of two tabs may cross)."""

from __future__ import annotations

import json

import pytest

from controller_driver import Driver
from parlor.app.events import Action, Boot, LabCode, LabStart, LabStop, ShowLab, StoreChanged
from parlor.app.lab.page.keep import PREFIX
from parlor.app.saves import DictStore

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

KEY = PREFIX + "kabaleo"
A1 = "def choose(view, moves, rng):\n    return moves[0]\n"
A2 = "def choose(view, moves, rng):\n    return moves[1 % len(moves)]\n"
B1 = "def choose(view, moves, rng):\n    return moves[-1]\n"


class Tab(Driver):
    def told(self) -> list[object]:
        """The browser's storage event of the other tab's write reaches this tab."""
        return list(self.send(StoreChanged(KEY)))


def two_tabs() -> tuple[Tab, Tab]:
    """Two tabs on Kabaleo's Lab, with bots "My bot" and "My bot 2"; both show "My bot"."""
    store = DictStore()
    first = Tab(store)
    first.send(Boot({"lab": "kabaleo"}))
    first.send(Action("lab-new"))
    first.send(Action("lab-bot", value="My bot"))
    second = Tab(store)
    second.send(Boot({"lab": "kabaleo"}))
    return first, second


def bots(tab: Driver) -> dict[str, str]:
    data = json.loads(tab.store.get(KEY) or "")
    assert isinstance(data, dict)
    return dict(data["bots"])


def html(out: list[object]) -> str:
    shows = [e for e in out if isinstance(e, ShowLab)]
    return shows[-1].html if shows else ""


def test_two_tabs_typing_in_two_bots_keep_both_whichever_writes_last() -> None:
    first, second = two_tabs()
    second.send(Action("lab-bot", value="My bot 2"))
    first.send(LabCode(A1))  # the storage event has not reached the second tab yet
    second.send(LabCode(B1))
    assert bots(first) == {"My bot": A1, "My bot 2": B1}
    first.told()  # it arrives late: nothing is stale, nothing is written back
    first.send(LabCode(A2))
    second.told()
    second.send(LabCode(B1 + "# more\n"))
    assert bots(first) == {"My bot": A2, "My bot 2": B1 + "# more\n"}
    assert first.c.lab.shelves.stale is None and second.c.lab.shelves.stale is None


def test_a_tab_told_its_bot_changed_elsewhere_stops_and_offers_the_newer_text() -> None:
    first, second = two_tabs()
    first.send(LabCode(A1))
    shown = html(second.told())
    assert 'data-lab-stale="My bot"' in shown and 'data-action="lab-take-newer"' in shown
    assert "data-lab-code" not in shown  # no editor to type in: the tab has stopped
    assert "kept as" not in shown  # it had typed nothing of its own
    for action in ("lab-run", "lab-run-new", "lab-tournament", "lab-play", "lab-share"):
        assert second.send(Action(action, value=B1, form={})) == []  # it starts nothing
    assert bots(first)["My bot"] == A1
    newer = html(second.send(Action("lab-take-newer")))
    assert "return moves[0]" in newer and "data-lab-stale" not in newer
    second.send(LabCode(A2))  # and goes on from the newer text
    assert bots(first)["My bot"] == A2


def test_a_keystroke_in_a_stale_tab_is_kept_as_a_bot_of_its_own() -> None:
    """The other tab's write and this tab's keystrokes cross: the storage event has
    made the tab stale, but the page sent what was typed before it was drawn again."""
    first, second = two_tabs()
    first.send(LabCode(A1))
    second.told()
    second.send(LabCode(B1))
    second.send(LabCode(B1 + "# and more\n"))
    assert bots(first) == {"My bot": A1, "My bot 2": bots(first)["My bot 2"],
                           "My bot (other tab)": B1 + "# and more\n"}
    newer = html(second.send(Action("lab-take-newer")))
    assert "“My bot (other tab)”" in newer and "return moves[0]" in newer


def test_writes_that_cross_keep_the_other_tabs_text_and_this_ones_apart() -> None:
    """No storage event yet: the second tab's write finds the first tab's and merges."""
    first, second = two_tabs()
    first.send(LabCode(A1))
    shown = html(second.send(LabCode(B1)))
    assert bots(first)["My bot"] == A1 and bots(first)["My bot (other tab)"] == B1
    assert 'data-lab-stale="My bot"' in shown and "“My bot (other tab)”" in shown
    second.send(LabCode(B1 + "# typed on\n"))  # before the page drew it again
    assert bots(first)["My bot (other tab)"] == B1 + "# typed on\n"
    assert bots(first)["My bot"] == A1
    first.told()  # the first tab is not disturbed: its bot is its own
    assert first.c.lab.shelves.stale is None
    first.send(LabCode(A2))
    assert bots(first)["My bot"] == A2 and bots(first)["My bot (other tab)"] == B1 + "# typed on\n"


def test_a_bot_renamed_in_one_tab_while_typed_in_another_is_kept() -> None:
    first, second = two_tabs()
    first.send(Action("lab-rename", form={"name": "Gus"}))
    shown = html(second.send(LabCode(B1)))  # typed before the rename was heard of
    assert bots(first) == {"Gus": bots(first)["Gus"], "My bot 2": bots(first)["My bot 2"],
                           "My bot (other tab)": B1}
    assert "data-lab-stale" in shown


def test_a_delete_in_one_tab_does_not_take_what_another_typed_in_that_bot() -> None:
    first, second = two_tabs()
    second.send(LabCode(B1))  # "My bot" typed in the second tab
    first.send(Action("lab-delete"))  # the first tab deletes "My bot", not knowing
    assert bots(first)["My bot"] == B1  # the newer work outweighs the deletion


def test_choices_made_in_two_tabs_are_merged_not_overwritten() -> None:
    first, second = two_tabs()
    first.send(Action("lab-enter", value="My bot", form={"checked": ""}))
    second.send(Action("lab-enter", value="My bot 2", form={"checked": ""}))
    data = json.loads(first.store.get(KEY) or "")
    assert data["left_out"] == ["My bot", "My bot 2"]


def test_a_storage_event_with_nothing_new_writes_nothing() -> None:
    """Two open tabs never answer each other's writes: each tab's ``current`` is its
    own, not a change to write back."""
    first, second = two_tabs()
    second.send(Action("lab-bot", value="My bot 2"))
    first.send(LabCode(A1))
    before = first.store.get(KEY)
    second.told()
    second.told()
    assert first.store.get(KEY) == before


def test_text_another_tab_stored_that_cannot_be_read_is_never_written_over() -> None:
    first, second = two_tabs()
    first.store.set(KEY, "{from a newer Parlor")
    second.told()
    out = second.send(LabCode(B1))
    assert first.store.get(KEY) == "{from a newer Parlor"
    assert "could not be read" in html(out)
    assert html(second.send(LabCode(B1 + "# more\n"))) == ""  # said once, not at each key
    assert first.store.get(KEY) == "{from a newer Parlor"


def test_a_tab_that_goes_stale_mid_match_can_still_stop_it() -> None:
    first, second = two_tabs()
    started = second.send(Action("lab-run", value=None, form={"games": "10"}))
    assert any(isinstance(e, LabStart) for e in started)
    first.send(LabCode(A1))
    second.told()
    assert any(isinstance(e, LabStop) for e in second.send(Action("lab-stop")))


def test_bots_removed_from_storage_elsewhere_are_stored_again_by_a_tab_holding_them() -> None:
    first, second = two_tabs()
    first.send(LabCode(A1))
    second.told()
    second.send(Action("lab-take-newer"))
    first.store.remove(KEY)  # storage cleared in another tab, say
    second.told()
    assert second.c.lab.shelves.stale is None
    second.send(LabCode(B1))
    assert bots(second) == {"My bot": B1, "My bot 2": bots(second)["My bot 2"]}


def test_a_bot_made_or_renamed_in_one_tab_is_listed_in_the_other() -> None:
    """The other tab (in the background: the student types in this one) draws its list
    again; its editor's text is the same, so nothing typed is touched."""
    first, second = two_tabs()
    first.send(Action("lab-bot", value="My bot 2"))
    first.send(Action("lab-rename", form={"name": "Gus"}))
    shown = html(second.told())
    assert '<option value="Gus">' in shown and "My bot 2" not in shown
    assert 'value="Gus" checked data-change="lab-enter"' in shown
    first.send(LabCode(A1))  # typing in a bot changes no list: nothing drawn
    assert html(second.told()) == ""
