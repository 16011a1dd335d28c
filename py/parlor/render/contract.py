"""The page contract's words: every ``data-action`` name, what a press carries
(``data-carry``) and the game root's ``data-phase``, each listed once.

The screens write these words into markup and the page (web/app.py) and the controller
read them back, so a name spelled differently in two places would be a button that
silently does nothing. Typed as ``Literal``s, a misspelt name fails mypy where it is
written; tests/test_actions.py reads every screen's markup for names outside them and
checks that each name has something that answers it.

Here, in ``parlor.render``, because the games' screens draw buttons too (the Saboteur
maze's zoom) and may not import the app.
"""

from __future__ import annotations

from typing import Literal, TypeGuard, get_args

#: Actions the page carries out itself and never sends to the controller: how the page
#: looks (web/app.py, web/panzoom.py), printing it (assets/parlor.css's print stylesheet
#: picks what shows) and reading a QR code with the camera (web/peer.py).
PageAction = Literal["zoom-in", "zoom-out", "zoom-fit", "share-close", "print", "scan"]

#: Actions the shell's scripts answer, Python or not (assets/display.js).
ShellAction = Literal["projector", "motion"]

#: Every ``data-action`` (and ``data-change``) name: the controller's parts answer all
#: but ``PageAction`` and ``ShellAction`` (app/page.py ``merged``).
ActionName = Literal[
    # the controller's own: the page as a whole, a game's toolbar and hand-off
    "resume", "menu", "handoff-ok", "undo", "lab",
    # the menu: set-up forms, a tile's Play, the saved games (app/menu.py)
    "start", "again", "play", "delete", "delete-confirmed", "download", "backup", "restore",
    # reviews, files and links, watching bots (app/classroom/part.py)
    "review", "replay-first", "replay-prev", "replay-next", "replay-last", "replay-goto",
    "replay-seat", "export", "share", "import", "adopt", "reveal", "pause", "step",
    "watch-speed", "watch-thinks",
    # the guided first game (app/classroom/guiding.py)
    "guide", "guide-next", "guide-leave",
    # the Bot Lab (app/lab/part.py), and a Lab bot that gave no move in a game (app/turns.py)
    "lab-run", "lab-run-new", "lab-stop", "lab-share", "lab-export", "lab-import", "lab-new",
    "lab-bot", "lab-said", "lab-review", "lab-tournament", "lab-tour-csv", "lab-lesson",
    "lab-play", "lab-retry", "lab-paste", "lab-author", "lab-class-word", "lab-rename",
    "lab-delete", "lab-undo", "lab-duplicate", "lab-enter", "lab-take-newer",
    "lab-tour-bot", "lab-tour-pair", "lab-tour-review",
    # pairing devices: host (app/pairing/hosting.py), guest (app/pairing/guesting.py)
    "connect", "link-retry", "link-ice", "join",
    # a tab whose game went on in another tab (app/saving.py)
    "take-newer", "keep-here",
    # the page's and the shell's own (above)
    PageAction, ShellAction,
]

#: What pressing an element carries besides its own ``data-*``, read from the page when
#: it is pressed (its ``data-carry``; web/app.py reads each): its game's set-up form, the
#: tile's "people at this device", the Lab's code and settings, the pairing field beside
#: it and its panel's seat, a file form's text or file (a game to import, a backup to
#: restore), a QR code read with the camera (which then presses the pairing button
#: beside it).
Carry = Literal["form", "people", "lab", "pairing", "file", "scan"]

#: The game root's ``data-phase``: a game being played, passed to the next person at
#: this device or over, a review, a guest's screen before the host's first, the Lab.
Phase = Literal["play", "handoff", "over", "replay", "pairing", "lab"]

#: The names, to check a name read from the page against.
ACTION_NAMES: frozenset[str] = frozenset(get_args(ActionName))


def is_action(name: str | None) -> TypeGuard[ActionName]:
    """Whether ``name`` (read from the page) is an action at all: markup from elsewhere
    may hold any word, and nothing answers a word not listed here."""
    return name in ACTION_NAMES


def is_carry(kind: str | None) -> TypeGuard[Carry]:
    """Whether ``kind`` (an element's ``data-carry``) is one the page can read."""
    return kind in get_args(Carry)
