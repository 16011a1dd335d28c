"""What the page tells the controller (events) and what the controller asks of the page
(effects): plain frozen values, so a test can feed the one and read the other."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from parlor.app.lab.wire.messages import WorkerNews
from parlor.app.screens.game import Rendered
from parlor.core.windows import Window
from parlor.render.contract import ActionName

# --------------------------------------------------------------------------- events


@dataclass(frozen=True)
class Boot:
    params: Mapping[str, str]  # the page's URL query
    fragment: str = ""  # the URL's fragment without "#" (a share link's ``m=<data>``)
    page: str = ""  # the page's address without query or fragment (for invitation links)


@dataclass(frozen=True)
class Move:
    move: str  # a data-move clicked or pressed


@dataclass(frozen=True)
class Pick:
    token: str  # a data-pick clicked or pressed


@dataclass(frozen=True)
class Action:
    name: ActionName  # a data-action (or data-change)
    save: str | None = None  # its data-save
    game: str | None = None  # its data-game
    form: Mapping[str, str] | None = None  # the set-up form of that game, as URL params
    value: str | None = None  # its data-value, or the value of the control that changed
    seat: str | None = None  # the data-link-seat of its pairing panel


@dataclass(frozen=True)
class FormChanged:
    game: str
    field: str
    form: Mapping[str, str]


@dataclass(frozen=True)
class LanguageChosen:
    """The player picked a language (the header's picker); ``code`` as the picker has it."""

    code: str


@dataclass(frozen=True)
class BotTurn:
    generation: int


@dataclass(frozen=True)
class WindowAnswer:
    """A timed window's bot answer or deadline, due now."""

    generation: int
    window: Window
    move: str


@dataclass(frozen=True)
class WindowDecide:
    """The grace period of a timed window played across devices is over: decide it."""

    generation: int
    window: Window


#: What a ``LinkEvent`` tells of a connection (its docstring says each).
LinkNews = Literal["offer", "answer", "open", "message", "closed", "failed", "timeout"]


@dataclass(frozen=True)
class LinkEvent:
    """News of a connection to another device, from the web layer.

    ``kind``: "offer" / "answer" (this page's description, every candidate gathered;
    ``text`` is the SDP), "open", "message" (``text`` is what arrived), "closed",
    "failed" (``text`` says why) or "timeout" (the controller's own deadline for a
    connection to open). ``seat`` is the remote seat on the host, -1 on a guest;
    ``conn`` numbers connections, so news of one already replaced is ignored."""

    seat: int
    conn: int
    kind: LinkNews
    text: str = ""


@dataclass(frozen=True)
class StoreChanged:
    """Another tab of this browser wrote or removed ``key`` in local storage (None: it
    cleared the whole store); see app/tabs.py."""

    key: str | None


@dataclass(frozen=True)
class LabCode:
    """The Lab editor's text changed (each edit: the code is kept as it is typed)."""

    text: str


@dataclass(frozen=True)
class LabReport:
    """News from the Lab's worker (assets/lab.js): ``kind`` "batch" (a JSON list of
    reports), "done" (the last of them) or "failed" (why)."""

    kind: WorkerNews
    text: str = ""


@dataclass(frozen=True)
class LabChose:
    """The referee's answer to ``LabChoose``: ``kind`` "batch" or "done" (``text`` a JSON
    list holding its ``chose`` report, app/lab/referee/jobs.py) or "failed" (why)."""

    kind: WorkerNews
    text: str = ""


Event = Boot | Move | Pick | Action | FormChanged | LanguageChosen | BotTurn | WindowAnswer \
    | WindowDecide | LinkEvent | StoreChanged | LabCode | LabReport | LabChose


# --------------------------------------------------------------------------- effects


@dataclass(frozen=True)
class ShowGame:
    game: str
    screen: Rendered


@dataclass(frozen=True)
class ShowMenu:
    forms: Mapping[str, str]  # game id -> its set-up form's markup
    saves: str  # the saved-games list's markup
    resume: str | None  # the save "Continue" opens, None to hide it
    message: str  # the banner ("" hides it)
    status: str
    #: game id -> its full rules, folded on its tile beside (not inside) More options
    rules: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class ShowForm:
    game: str
    html: str


@dataclass(frozen=True)
class ShowSaves:
    """Redraw only the menu's list of saved games and its Continue button (another tab
    changed them; the forms being filled in are left alone)."""

    saves: str
    resume: str | None


@dataclass(frozen=True)
class MenuMessage:
    text: str


@dataclass(frozen=True)
class SetUrl:
    params: Mapping[str, str] | None  # None: the bare page
    fragment: str = ""  # kept after "#" (an imported game under review reopens on reload)


@dataclass(frozen=True)
class After:
    ms: int
    event: Event


@dataclass(frozen=True)
class Focus:
    pick: str  # the data-pick to give the keyboard focus back to


@dataclass(frozen=True)
class Download:
    filename: str
    text: str
    mime: str = "application/json"  # the file's type (text/csv: a spreadsheet opens it)


@dataclass(frozen=True)
class Confirm:
    question: str
    event: Event  # sent when the person agrees


@dataclass(frozen=True)
class ShareLink:
    """Show (and copy) the link ``index.html#<key>=<data>``: ``m`` carries a whole
    match, ``bot`` a Lab bot's code."""

    data: str
    key: str = "m"


@dataclass(frozen=True)
class ShowLab:
    """Draw the Bot Lab of ``game``: the whole screen (``whole``), or only its results
    (the editor, and what the student is typing in it, left alone), before the code
    when ``results_first`` (a tournament's table spans the Lab above the code, and comes
    first in the page too, so Tab reaches it in the order it is read)."""

    game: str
    #: The markup, or, when ``patch`` is given, how to make it: the page then draws the
    #: patch and never reads ``html``, so the whole table's markup (the pure render the
    #: tests read, 870 cells at 30 bots) is made only if something asks for it.
    drawn: str | Callable[[], str]
    whole: bool
    status: str  # the header's status line: the Lab, a match under way, its outcome
    #: The results with a tournament's table left as drawn, and the table's changes
    #: (JSON, ``lab_tour_patch.py``): what the page draws instead of ``html`` when given.
    patch: tuple[str, str] | None = None
    results_first: bool = False

    @cached_property
    def html(self) -> str:
        """The whole of what is shown: the screen, or its results."""
        return self.drawn if isinstance(self.drawn, str) else self.drawn()


@dataclass(frozen=True)
class LabStart:
    """Start a match or a tournament (``request``: app/lab/referee/jobs.py's JSON)."""

    request: str


@dataclass(frozen=True)
class LabStop:
    """Stop the job under way (the referee drops it; a sandbox still thinking is
    stopped)."""


@dataclass(frozen=True)
class LabChoose:
    """Ask the Lab's referee for a Lab bot's move in a game (``request``: jobs.py's
    ``choose`` job); the answer comes back as ``LabChose``."""

    request: str


@dataclass(frozen=True)
class LabWarm:
    """Start the Lab's worker now, so it is ready when Run is pressed."""


@dataclass(frozen=True)
class LabEnd:
    """End the Lab's workers (the referee, every sandbox and their frame): the Lab was
    left for something that does not need them, and they hold a second and third
    interpreter. The next run starts them again."""


@dataclass(frozen=True)
class BotMoved:
    """A bot played a move after thinking ``ms`` (the page measures it for the bench)."""

    label: str
    ms: float = 0.0


@dataclass(frozen=True)
class LinkOpen:
    """Start connection ``conn`` for ``seat``: as the host (``offer`` empty) make an
    offer; as a guest answer the SDP ``offer``. Either way gather every candidate, then
    send back a ``LinkEvent`` "offer" or "answer". ``ice`` are STUN/TURN servers, as
    ``(url, username, credential)``; none by default (one local network)."""

    seat: int
    conn: int
    offer: str = ""
    ice: tuple[tuple[str, str, str], ...] = ()


@dataclass(frozen=True)
class LinkAccept:
    """The host takes in the guest's answer (an SDP) for connection ``conn``."""

    seat: int
    conn: int
    answer: str


@dataclass(frozen=True)
class LinkSend:
    seat: int
    conn: int
    text: str


@dataclass(frozen=True)
class LinkClose:
    seat: int  # -1: every connection of this page


Effect = ShowGame | ShowMenu | ShowSaves | ShowForm | MenuMessage | SetUrl | After | Focus \
    | Download | Confirm | BotMoved | ShareLink | LinkOpen | LinkAccept | LinkSend | LinkClose \
    | ShowLab | LabStart | LabStop | LabWarm | LabEnd | LabChoose
