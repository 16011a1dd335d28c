"""The controller's parts talk to the page through the ``Page`` protocol alone (issue 26,
item 2): each can be driven by a small stand-in page, with no controller and no other
part, and what it asks of the page is what the test sees. The stand-in is
``fakes.StandInPage``, handed out by tests/conftest.py as ``stand_in_page``."""

from __future__ import annotations

from fakes import StandInPage
from parlor.app import saves
from parlor.app.events import Action, Effect
from parlor.app.menu_desk import MenuDesk
from parlor.app.saving import SavingDesk
from parlor.app.session import Session
from parlor.app.setup import parse_setup


def test_the_menu_part_starts_a_tiles_game_through_the_page(stand_in_page: StandInPage) -> None:
    page = stand_in_page
    out: list[Effect] = []
    MenuDesk(page).do_play(Action("play", game="kabaleo", form={"humans": "1"}), out)
    assert [s.game for s in page.games] == ["kabaleo"]
    assert [s.kind for s in page.games[0].seats].count("human") == 1
    assert page.games[0].seed == 7  # the page's seed, not one of the part's own


def test_the_saving_part_stops_the_turns_and_redraws_when_another_tab_deleted_the_game(
        stand_in_page: StandInPage) -> None:
    page = stand_in_page
    setup = parse_setup({"game": "kabaleo", "seats": "human,bot:easy", "seed": "3"}, 0)
    page.session = Session.start(setup.to_match(), "g1", page.clock())
    saving = SavingDesk(page)
    out: list[Effect] = []
    saving.opened(None)
    assert saving.save(out)  # the first write: this tab is the game's writer
    saves.delete(page.store, "g1")  # in another tab
    page.picks = ("a card",)
    saving.store_changed(saves.PREFIX + "g1", out)
    assert page.asked == ["stop", "render"] and page.picks == ()
    assert saving.tab.stale is not None and saving.tab.stale.deleted


def test_two_parts_answering_one_action_is_refused_when_the_tables_are_merged() -> None:
    """A name answered twice would leave one handler silently unused."""
    import pytest

    from parlor.app.page import merged

    def a(event: Action, out: list[Effect]) -> None: ...

    def b(event: Action, out: list[Effect]) -> None: ...

    assert merged({"menu": a}, {"undo": b}) == {"menu": a, "undo": b}
    with pytest.raises(ValueError, match="'menu'"):
        merged({"menu": a}, {"menu": b})
