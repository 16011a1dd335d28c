"""Each part of the controller reaches it through a protocol of its own, holding only
what that part uses (its module declares it; app/page.py says why). So each part can be
driven alone, with no controller and no other part, by a stand-in holding that protocol
and nothing more, and what it asks of the controller is what the test sees. The menu and
saving share ``fakes.StandInController`` (handed out by tests/conftest.py as
``stand_in_controller``); the other parts' stand-ins are below, beside their tests."""

from __future__ import annotations

import inspect
import json
from dataclasses import dataclass, field, fields, is_dataclass

import pytest

from fakes import CLOCK_MS, StandInController
from parlor.app import saves
from parlor.app.classroom.guiding import GuideController, Guiding
from parlor.app.classroom.part import Classroom, ClassroomController
from parlor.app.events import (
    Action,
    After,
    BotMoved,
    BotTurn,
    Effect,
    LabStart,
    LinkClose,
    LinkOpen,
    LinkSend,
    SetUrl,
    ShowGame,
    ShowLab,
)
from parlor.app.lab.page.key_store import lab_key
from parlor.app.lab.page.part import Lab, LabController
from parlor.app.lab.page.state import Settings, fixed_seed
from parlor.app.menu import Menu, MenuController
from parlor.app.page import DRAW, MOVED, NOTHING, Changed, GoGame, GoMenu, GoNew, GoReview, go
from parlor.app.pairing import link
from parlor.app.pairing.guesting import GUEST_KEY, GuestController, Guesting
from parlor.app.pairing.hosting import HostController, Hosting
from parlor.app.saves import DictStore
from parlor.app.saving import Saving, SavingController
from parlor.app.session import Session
from parlor.app.setup import parse_setup
from parlor.app.table import Table
from parlor.app.tabs import Tab
from parlor.app.turns import Turns, TurnsController
from parlor.core.errors import IllegalMove
from parlor.games import GAMES
from parlor.i18n.catalog import Translator


def test_the_menu_part_starts_a_tiles_game_through_the_page(
        stand_in_controller: StandInController) -> None:
    """The game is left to the controller to start (``GoNew``), on the page's seed."""
    page = stand_in_controller
    out: list[Effect] = []
    changed = Menu(page).do_play(Action("play", game="kabaleo", form={"humans": "1"}), out)
    assert isinstance(changed.go, GoNew) and changed == go(changed.go)
    games = [changed.go.setup]
    assert [s.game for s in games] == ["kabaleo"]
    assert [s.kind for s in games[0].seats].count("human") == 1
    assert games[0].seed == 7  # the page's seed, not one of the part's own
    assert out == [] and page.asked == []


def saving_a_game(page: StandInController) -> tuple[Saving, list[Effect]]:
    """Saving, with a Kabaleo game ``g1`` just opened and not yet written."""
    setup = parse_setup({"game": "kabaleo", "seats": "human,bot:easy", "seed": "3"}, 0)
    page.session = Session.start(setup.to_match(), "g1", page.clock())
    saving = Saving(page)
    saving.opened(None)
    return saving, []


def test_the_saving_part_leaves_the_newer_position_or_the_menu_to_the_controller(
        stand_in_controller: StandInController) -> None:
    """A stale tab's "take the newer one" opens the other tab's save, or goes back to
    the menu saying why there is none; "keep it here" opens this tab's game to be
    written again at once. Saving opens neither itself."""
    page = stand_in_controller
    saving, out = saving_a_game(page)
    assert saving.save(out)
    raw = page.store.get(saves.PREFIX + "g1")
    newer = saving.do_take_newer(Action("take-newer"), out)
    assert isinstance(newer.go, GoGame) and newer.go.raw == raw and not newer.go.save
    saves.delete(page.store, "g1")  # in another tab
    assert saving.do_take_newer(Action("take-newer"), out) == go(
        GoMenu(page.t("error.save_missing")))
    saving.store_changed(saves.PREFIX + "g1", out)
    assert saving.do_keep_here(Action("keep-here"), out) == go(GoGame(page.session, None, True))
    assert out == [] and page.asked == []


def test_the_saving_part_stops_the_turns_and_redraws_when_another_tab_deleted_the_game(
        stand_in_controller: StandInController) -> None:
    page = stand_in_controller
    saving, out = saving_a_game(page)
    assert saving.save(out)  # the first write: this tab is the game's writer
    saves.delete(page.store, "g1")  # in another tab
    page.picks = ("a card",)
    assert saving.store_changed(saves.PREFIX + "g1", out) == Changed(draw=True, stop=True)
    assert page.asked == [] and page.picks == ()  # stopping and drawing left to the controller
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


# ---- every part alone, with a stand-in holding its own page and nothing more ----------
#
# Each stand-in below holds exactly the members of its part's page protocol, plus what it
# records (``asked``): ``test_each_stand_in_holds_its_parts_page_and_nothing_more``
# checks it, so a part that started using more of the page would fail here at once
# (mypy already refuses it in the part). The parts a behaviour does not reach are
# ``Unreached``: any use of them fails the test. No stand-in opens another screen: a part
# returns the one it goes to (``Changed.go``), and the controller opens it.

#: What stand-ins record besides their part's page.
RECORDS = {"asked"}


def protocol_members(proto: type) -> set[str]:
    """The names a protocol declares (its attributes, properties and methods)."""
    return ({n for n in vars(proto) if not n.startswith("_")}
            | set(inspect.get_annotations(proto)))


def stand_in_members(cls: type) -> set[str]:
    names = {n for n in dir(cls) if not n.startswith("_")}
    return names | ({f.name for f in fields(cls)} if is_dataclass(cls) else set())


class Unreached:
    """A part, or a controller's callable, that the behaviour under test must not reach."""

    def __init__(self, what: str) -> None:
        self.what = what

    def __getattr__(self, name: str) -> object:
        raise AssertionError(f"{self.what}.{name} was reached")

    def __call__(self, *args: object) -> None:
        raise AssertionError(f"{self.what} was called")


@dataclass
class TableRecord:
    """The table a page stand-in hands out: it records what is asked of it."""

    asked: list[str] = field(default_factory=list)

    def play(self, move: str, out: list[Effect]) -> Changed:
        self.asked.append(f"play:{move}")
        return MOVED

    def clear(self) -> None:
        self.asked.append("clear")


def _session(game: str, seats: str, seed: int) -> Session:
    setup = parse_setup({"game": game, "seats": seats, "seed": str(seed)}, 0)
    return Session.start(setup.to_match(), "g1", CLOCK_MS)


def _clock() -> float:
    return CLOCK_MS


def _entropy(n: int) -> bytes:
    """The stand-ins' cryptographic generator: fixed, so a test replays."""
    return bytes(range(1, n + 1))


@dataclass
class TurnsStandIn:
    """``turns.TurnsController``."""

    session: Session | None = None
    table: TableRecord = field(default_factory=TableRecord)
    t: Translator = field(default_factory=Translator)
    asked: list[str] = field(default_factory=list)
    store: DictStore = field(default_factory=DictStore)
    clock = staticmethod(_clock)
    entropy = staticmethod(_entropy)


@dataclass
class Unpaced:
    """A game with people in it: no watch holds a bot or sets its pace."""

    def holds(self) -> bool:
        return False

    def pace(self, bot_delay: int) -> int:
        return bot_delay


@dataclass
class NotStale:
    """A tab that is the game's writer (``saving.Saving.tab``)."""

    tab: Tab = field(default_factory=lambda: Tab(DictStore()))


def test_the_turns_part_starts_a_bots_turn_and_hands_its_move_to_the_table() -> None:
    """When a bot is to act, scheduling leaves the page to draw with the bot thinking
    (it asks nothing of the page itself) and asks for a turn; the turn's move, once
    decided, is played at the table, not by the part, and what the table left is handed
    on to the controller."""
    page = TurnsStandIn(session=_session("kabaleo", "bot:easy,human", 1))
    assert page.session is not None and page.session.bot_to_act()
    turns = Turns(page, Unpaced(), NotStale())
    out: list[Effect] = []
    assert turns.schedule(out) == DRAW
    assert turns.thinking and page.asked == []
    assert out == [After(0, BotTurn(turns.generation))]
    turns.bot_delay = 0
    out = []
    assert turns.bot_turn(turns.generation, out) == MOVED
    [played] = page.table.asked
    move = played.removeprefix("play:")
    assert move in page.session.game.legal_moves(page.session.state)
    assert [type(e) for e in out] == [BotMoved]
    assert turns.bot_turn(turns.generation - 1, out) == NOTHING  # an older generation's timer
    assert page.table.asked == [played]


@dataclass
class ClassroomStandIn:
    """``classroom.part.ClassroomController``."""

    shown: str = "game"
    session: Session | None = None
    table: TableRecord = field(default_factory=TableRecord)
    store: DictStore = field(default_factory=DictStore)
    t: Translator = field(default_factory=Translator)
    asked: list[str] = field(default_factory=list)
    clock = staticmethod(_clock)


def test_the_classroom_part_reviews_a_saved_game_in_place_of_the_one_being_played() -> None:
    """A review is left to the controller to show (it stops what was playing first:
    tests/test_classroom.py); shown, it clears the table and the address names the save.
    A save that is not there goes back to the menu saying so."""
    page = ClassroomStandIn(session=_session("kabaleo", "human,bot:easy", 1))
    saves.write(page.store, page.session, CLOCK_MS, expect=None)
    classroom = Classroom(page)
    out: list[Effect] = []
    changed = classroom.open_review("g1")
    assert isinstance(changed.go, GoReview) and changed == go(changed.go)
    assert changed.go.review.save_id == "g1" and page.shown == "game" and out == []
    classroom.show_review(changed.go.review, out, changed.go.note)  # the controller's step
    assert page.asked == [] and page.table.asked == ["clear"]
    assert page.shown == "review" and classroom.review is not None
    assert SetUrl({"review": "g1"}) in out and isinstance(out[-1], ShowGame)
    gone = classroom.open_review("gone")
    assert gone == go(GoMenu(page.t("error.save_unloadable")))  # for the controller to open
    assert page.asked == []


@dataclass
class GuideStandIn:
    """``classroom.guiding.GuideController``."""

    session: Session | None = None
    t: Translator = field(default_factory=Translator)
    asked: list[str] = field(default_factory=list)


@dataclass
class NoWindow:
    """No timed window is open (``turns.Turns.window``)."""

    window: None = None


def test_the_guide_part_starts_its_game_and_shows_the_first_tip_once_it_is_shown() -> None:
    """The guide's game is left to the controller to start; drawing it then finds the
    first tip, and "Got it" puts the tip away and draws again."""
    page = GuideStandIn()
    guide = Guiding(page, NoWindow())
    changed = guide.do_guide(Action("guide", game="kabaleo"), [])
    assert isinstance(changed.go, GoNew) and changed == go(changed.go)
    [setup] = [changed.go.setup]
    assert [s.kind for s in setup.seats].count("human") == 1
    page.session = Session.start(setup.to_match(), "g1", CLOCK_MS)
    guide.refresh()
    assert guide.tip is not None and guide.panel()
    assert guide.do_guide_next(Action("guide-next"), []) == DRAW  # drawn by the controller
    assert guide.tip is None and page.asked == []


@dataclass
class HostStandIn:
    """``pairing.hosting.HostController``."""

    session: Session | None = None
    table: TableRecord = field(default_factory=TableRecord)
    store: DictStore = field(default_factory=DictStore)
    t: Translator = field(default_factory=Translator)
    url: str = "https://parlor.example/index.html"
    loopback: bool = False
    asked: list[str] = field(default_factory=list)
    clock = staticmethod(_clock)

    def new_conn(self) -> int:
        self.asked.append("new_conn")
        return len(self.asked)


def test_the_host_part_invites_each_remote_seat_and_the_game_waits_for_it() -> None:
    """A game with a seat on another device opens a connection for it, numbered by the
    page, and waits (no bot, no window, no move) until that device is connected."""
    page = HostStandIn(session=_session("saboteur", "human,remote", 5))
    host = Hosting(page, Unreached("turns"), Unreached("saving"))
    out: list[Effect] = []
    host.start(out)
    assert out == [LinkOpen(1, 1)] and page.asked == ["new_conn"]
    assert host.waiting() and host.peers[1].state == "offering"
    host.stop(out)
    assert out[-1] == LinkClose(-1) and not host.waiting()


@dataclass
class GuestStandIn:
    """``pairing.guesting.GuestController``."""

    shown: str = "menu"
    store: DictStore = field(default_factory=DictStore)
    t: Translator = field(default_factory=Translator)
    loopback: bool = False
    asked: list[str] = field(default_factory=list)
    clock = staticmethod(_clock)

    def new_conn(self) -> int:
        return 1

    def net_param(self) -> dict[str, str]:
        return {}


def test_the_guest_part_leaves_the_menu_to_the_controller_for_a_bad_invitation() -> None:
    """An invitation that cannot be read, with no game joined, goes back to the menu
    saying why; the part opens nothing itself."""
    page = GuestStandIn()
    guest = Guesting(page)
    changed = guest.join("not an invitation", [])
    assert isinstance(changed.go, GoMenu) and changed == go(changed.go)
    assert changed.go.said is not None and page.shown == "menu" and guest.guest is None


def test_the_guest_part_refuses_a_move_while_it_is_not_connected() -> None:
    """After a reload the guest shows its seat of the game as it last saw it; a move
    clicked before the host's new invitation is opened is refused here, saying why, and
    nothing is sent."""
    page = GuestStandIn()
    hello = link.Hello(game="saboteur", seat=1, save="g1", names=("Ann", "Bo"))
    page.store.set(GUEST_KEY, json.dumps({"v": 1, "table": "", "pending": [],
                                          "hello": link.encode(link.Envelope(0, 0, hello))}))
    guest = Guesting(page)
    out: list[Effect] = []
    assert guest.resume("g1", out)  # drawn by the controller, as boot.py asks it
    assert page.shown == "guest" and page.asked == []
    assert guest.move("pass", out) == DRAW
    assert guest.guest is not None and guest.guest.error == page.t("link.error.not_connected")
    assert not [e for e in out if isinstance(e, LinkSend)]
    assert not guest.resume("another save", out)  # no link to that game on this device


@dataclass
class LabStandIn:
    """``lab.page.part.LabController``."""

    shown: str = "menu"
    store: DictStore = field(default_factory=DictStore)
    t: Translator = field(default_factory=Translator)
    asked: list[str] = field(default_factory=list)
    entropy = staticmethod(_entropy)

    def new_seed(self) -> int:
        return 7


def test_the_lab_part_asks_the_worker_for_a_match_of_the_code_on_lab_run() -> None:
    """Run starts one job: a match of the editor's code with the chosen settings, on the
    settings' fixed games (the same every Run), and the Lab is drawn with it under way;
    "Run on new games" plays on the page's seed."""
    page = LabStandIn()
    lab = Lab(page)
    out: list[Effect] = []
    lab.open("kabaleo", out)
    assert page.shown == "lab"
    code = "def choose(view, moves, rng):\n    return moves[0]\n"
    out = []
    lab.act(Action("lab-run", value=code, form={"level": "random", "players": "2",
                                                "games": "10", "limit": "1000"}), out)
    [start] = [e for e in out if isinstance(e, LabStart)]
    request = json.loads(start.request)
    assert (request["kind"], request["game"], request["source"]) == ("match", "kabaleo", code)
    key = lab_key(page.store, _entropy)  # this browser's, drawn at the first Run
    assert request["key"] == key.hex
    fixed = fixed_seed(key, "kabaleo", Settings("random", 2, 10, 1000))
    assert (request["seed"], request["games"], request["players"]) == (fixed, 10, 2)
    assert lab.run is not None and lab.run.running and isinstance(out[-1], ShowLab)
    out = []
    lab.act(Action("lab-run-new", value=code, form={}), out)
    [start] = [e for e in out if isinstance(e, LabStart)]
    assert json.loads(start.request)["seed"] == 7


def test_the_lab_part_leaves_a_game_against_the_bot_and_the_menu_to_the_controller() -> None:
    """Play against the bot returns the game to start (the editor's code at the second
    seat, on the page's seed); a Lab of no known game returns the menu, saying so."""
    page = LabStandIn()
    lab = Lab(page)
    out: list[Effect] = []
    lab.open("kabaleo", out)
    code = "def choose(view, moves, rng):\n    return moves[0]\n"
    out = []
    played = lab.act(Action("lab-play", value=code, form={"players": "2"}), out)
    assert isinstance(played.go, GoNew) and played == go(played.go)
    assert played.go.setup.seed == 7 and played.go.setup.lab[1] == code
    assert not [e for e in out if isinstance(e, ShowLab)]  # the game is drawn, not the Lab
    assert lab.open_named("no such game").go == GoMenu(page.t(
        "lab.unknown_game", game=repr("no such game"), known=", ".join(sorted(GAMES))))
    assert page.asked == []


@dataclass
class Records:
    """Each of the table's other parts (``Waits``, ``Saves``, ``Paces``), as one recorder."""

    asked: list[str] = field(default_factory=list)

    def moved(self) -> None:
        self.asked.append("moved")

    def stop(self) -> None:
        self.asked.append("stop")

    def save(self, out: list[Effect]) -> bool:
        self.asked.append("save")
        return True

    def went_stale(self) -> Changed:
        self.asked.append("went_stale")
        return Changed(draw=True, stop=True)


def test_the_table_plays_a_move_then_saves_draws_and_schedules_and_refuses_an_illegal_one(
        ) -> None:
    """A move played at the table is done with what waited on the old position, saved,
    and left to the controller to draw and to follow with whatever the game waits on
    next (the table holds no controller: it cannot call one back); one the rules refuse
    changes nothing and asks nothing of any part."""
    parts = Records()
    table = Table(parts, parts, parts)
    session = _session("kabaleo", "human,bot:easy", 1)
    table.sit(session)
    table.picks = ("a card",)
    with pytest.raises(IllegalMove):
        table.play("not a move", [])
    assert table.session is session and table.picks == ("a card",)
    assert parts.asked == []
    move = session.game.legal_moves(session.state)[0]
    changed = table.play(move, [])
    assert table.session is not None and table.session.match.moves == (move,)
    assert table.picks == () and parts.asked == ["moved", "moved", "save"]
    assert changed == MOVED and changed.draw and changed.schedule


@pytest.mark.parametrize(("stand_in", "protocols", "more"), [
    # The menu's and saving's stand-in is its own table.
    (StandInController, (MenuController, SavingController), {"picks", "drop_picks"}),
    (TurnsStandIn, (TurnsController,), set()),
    (ClassroomStandIn, (ClassroomController,), set()),
    (GuideStandIn, (GuideController,), set()),
    (HostStandIn, (HostController,), set()),
    (GuestStandIn, (GuestController,), set()),
    (LabStandIn, (LabController,), set()),
])
def test_each_stand_in_holds_its_parts_page_and_nothing_more(
        stand_in: type, protocols: tuple[type, ...], more: set[str]) -> None:
    """So each test above shows that its part needs no more of the page than its
    protocol says (a part reaching for anything else would fail with AttributeError)."""
    declared = set().union(*(protocol_members(p) for p in protocols))
    assert stand_in_members(stand_in) - RECORDS - more == declared
