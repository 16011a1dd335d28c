"""The controller's parts talk to the page through the ``Page`` protocol alone (issue 26,
item 2): each can be driven by a small stand-in page, with no controller and no other
part, and what it asks of the page is what the test sees."""

from __future__ import annotations

from dataclasses import dataclass, field

from parlor.app import saves
from parlor.app.events import Action, Effect
from parlor.app.menu_desk import MenuDesk
from parlor.app.saves import DictStore
from parlor.app.saving import SavingDesk
from parlor.app.session import Session
from parlor.app.setup import Setup, parse_setup
from parlor.i18n.catalog import Translator


@dataclass
class StandInPage:
    """Implements ``app.page.Page``, recording what a part asks of it."""

    store: DictStore = field(default_factory=DictStore)
    t: Translator = field(default_factory=Translator)
    session: Session | None = None
    message: str | None = None
    picks: tuple[str, ...] = ()
    url: str = ""
    loopback: bool = False
    asked: list[str] = field(default_factory=list)
    games: list[Setup] = field(default_factory=list)
    conns: int = 0
    shown: str = "menu"

    @property
    def table(self) -> StandInPage:
        """The stand-in is its own table: the parts driven here only drop picks."""
        return self

    def drop_picks(self) -> None:
        self.picks = ()

    def clock(self) -> float:
        return 1_700_000_000_000.0

    def fmt_time(self, ms: float) -> str:
        return f"t{ms:.0f}"

    def render(self, out: list[Effect]) -> None:
        self.asked.append("render")

    def schedule(self, out: list[Effect]) -> None:
        self.asked.append("schedule")

    def stop(self) -> None:
        self.asked.append("stop")

    def went_stale(self, out: list[Effect]) -> None:
        self.asked.append("went_stale")

    def show_menu(self, out: list[Effect], message: str | None = None) -> None:
        self.asked.append(f"menu:{message}")

    def open(self, session: Session, out: list[Effect], raw: str | None) -> None:
        self.asked.append("open")
        self.session = session

    def new_game(self, setup: Setup, out: list[Effect]) -> None:
        self.games.append(setup)

    def say(self, text: str, out: list[Effect]) -> None:
        self.asked.append(f"say:{text}")

    def new_seed(self) -> int:
        return 7

    def new_conn(self) -> int:
        self.conns += 1
        return self.conns

    def net_param(self) -> dict[str, str]:
        return {}


def test_the_menu_part_starts_a_tiles_game_through_the_page() -> None:
    page = StandInPage()
    out: list[Effect] = []
    MenuDesk(page).do_play(Action("play", game="kabaleo", form={"humans": "1"}), out)
    assert [s.game for s in page.games] == ["kabaleo"]
    assert [s.kind for s in page.games[0].seats].count("human") == 1
    assert page.games[0].seed == 7  # the page's seed, not one of the part's own


def test_the_saving_part_stops_the_turns_and_redraws_when_another_tab_deleted_the_game() -> None:
    page = StandInPage()
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
