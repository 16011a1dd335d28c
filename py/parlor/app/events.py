"""What the page tells the controller (events) and what the controller asks of the page
(effects): plain frozen values, so a test can feed the one and read the other."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from parlor.core.timing import Window
from parlor.render.screen import Rendered

# --------------------------------------------------------------------------- events


@dataclass(frozen=True)
class Boot:
    params: Mapping[str, str]  # the page's URL query
    fragment: str = ""  # the URL's fragment without "#" (a share link's ``m=<data>``)


@dataclass(frozen=True)
class Move:
    move: str  # a data-move clicked or pressed


@dataclass(frozen=True)
class Pick:
    token: str  # a data-pick clicked or pressed


@dataclass(frozen=True)
class Action:
    name: str  # a data-action
    save: str | None = None  # its data-save
    game: str | None = None  # its data-game
    form: Mapping[str, str] | None = None  # the set-up form of that game, as URL params
    value: str | None = None  # its data-value, or the value of the control that changed


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


Event = Boot | Move | Pick | Action | FormChanged | LanguageChosen | BotTurn | WindowAnswer


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


@dataclass(frozen=True)
class Confirm:
    question: str
    event: Event  # sent when the person agrees


@dataclass(frozen=True)
class ShareLink:
    """Show (and copy) the link ``index.html#m=<data>`` that carries a whole match."""

    data: str


@dataclass(frozen=True)
class BotMoved:
    """A bot played a move after thinking ``ms`` (the page measures it for the bench)."""

    label: str
    ms: float = 0.0


Effect = ShowGame | ShowMenu | ShowForm | MenuMessage | SetUrl | After | Focus | Download \
    | Confirm | BotMoved | ShareLink
