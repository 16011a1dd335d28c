"""Touch screens: no context menu from a long press over the game's pieces, and the
maze's pads (a tap beside a small target is a tap on it).

On a tablet a finger held on a card or the board opens the browser's context menu
("Copy", "Share", "Open image") or starts a text selection: nothing a player wanted, and
it hides the board. CSS (``assets/parlor.css``: ``user-select`` and
``-webkit-touch-callout``) stops the selection and Safari's callout; this stops the
``contextmenu`` event that Chrome and Firefox fire for a long press, but only when the
press was a finger or a pen: a mouse's right button keeps the browser's menu.
"""

from __future__ import annotations

from typing import Any

#: The pan-and-zoom board (``web/panzoom.py``).
BOARD = "svg[data-panzoom]"
#: What a long press must not open a menu on: the boards and every piece that acts.
PIECES = "svg[data-panzoom], .kabaleo-board, [data-move], [data-pick]"


class LongPress:
    """Listeners delegated from ``document.body``."""

    def __init__(self) -> None:
        self.touching = False  # the last press was a finger or a pen

    def bind(self, root: Any, keep: list[Any]) -> None:
        from pyodide.ffi import create_proxy

        for kind, handler in (("pointerdown", self.on_down), ("contextmenu", self.on_menu)):
            proxy = create_proxy(handler)
            keep.append(proxy)
            root.addEventListener(kind, proxy)

    def on_down(self, event: Any) -> None:
        self.touching = str(event.pointerType) != "mouse"

    def on_menu(self, event: Any) -> None:
        # Chrome's long-press contextmenu is a PointerEvent that names its pointer;
        # elsewhere the last press says.
        kind = getattr(event, "pointerType", None)
        touch = str(kind) in ("touch", "pen") if kind else self.touching
        target = event.target
        if not touch or absent(target) or not hasattr(target, "closest"):
            return
        if not absent(target.closest(PIECES)):
            event.preventDefault()


def pad_target(event: Any) -> Any:
    """The maze target whose pad (``<rect data-pad="x,y">``) the event landed on, if any."""
    target = event.target
    if absent(target) or not hasattr(target, "closest"):
        return None
    pad = target.closest("[data-pad]")
    if absent(pad):
        return None
    svg = pad.closest(BOARD)
    if absent(svg):
        return None
    cell = str(pad.getAttribute("data-pad") or "")
    if not all(part.lstrip("-").isdigit() for part in cell.split(",")) or cell.count(",") != 1:
        return None  # only "x,y" is ever drawn; anything else is not ours
    found = svg.querySelector(f'[data-move][data-cell="{cell}"]')
    return None if absent(found) else found


def touch_screen() -> bool:
    """The device has a touch screen (a tablet, a phone, a Chromebook's screen)."""
    import js

    return bool(js.matchMedia("(any-pointer: coarse)").matches)


def absent(value: Any) -> bool:
    """JS null arrives as ``jsnull`` and undefined as None (CPython: plain None)."""
    if value is None:
        return True
    try:
        from pyodide.ffi import jsnull
    except ImportError:  # CPython: no browser values at all
        return False
    return value is jsnull
