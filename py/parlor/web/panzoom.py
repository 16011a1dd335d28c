"""Pan and zoom for a game board drawn as ``<svg data-panzoom data-fit="x y w h">``.

The view transform is UI state, not game state: it lives here, in memory, per save id
(and per round, ``data-round``: a new round starts from the fitted view), and is put
back on the new SVG after every re-render. Nothing here changes the game.

Input: wheel (zoom at the pointer), drag with one pointer (pan; a drag of more than
5 px, or 10 px for a finger or a pen, swallows the click that follows, so it never plays
a move, while a finger's tap that wobbles a little is still a tap), two pointers (pinch
zoom and pan), keys while the board has focus (+ and - zoom, arrows pan, 0 fits), and
the zoom buttons above the maze (``data-action="zoom-in|zoom-out|zoom-fit"``, the page's
view actions in ``web/app.py``). On a touch screen a tap on a target's pad (``data-pad``,
the invisible margin ``maze.py`` draws round each target, ``web/touch.py``) is a tap on
the target.

The arithmetic is pure (``to_board``, ``zoom_box``, ``pan_box``) and imports nothing
from the browser, so CPython tests can check it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from parlor.web.touch import absent as _absent
from parlor.web.touch import pad_target, touch_screen

Box = tuple[float, float, float, float]

SELECTOR = "svg[data-panzoom]"
DRAG_PX = 5.0
TOUCH_DRAG_PX = 10.0  # a finger wobbles: Android's touch slop is 8 dp, iOS's about 10 pt
MIN_W = 150.0  # about one and a half cells
MAX_W = 8000.0
STEP = 1.25  # one key press or button click
PAN_FRACTION = 0.15
SWALLOW_MS = 600.0  # a click this soon after a drag's release belongs to the drag
FINGER_PX = 44.0  # the least a target should answer on a touch screen


def parse_box(text: str | None) -> Box | None:
    if not text:
        return None
    try:
        x, y, w, h = (float(v) for v in text.replace(",", " ").split())
    except ValueError:
        return None
    if w <= 0 or h <= 0:
        return None
    return (x, y, w, h)


def box_text(b: Box) -> str:
    return " ".join(f"{v:.2f}".rstrip("0").rstrip(".") for v in b)


def scale_of(b: Box, width: float, height: float) -> float:
    """Screen pixels per board unit (``preserveAspectRatio="xMidYMid meet"``)."""
    return min(width / b[2], height / b[3])


def to_board(b: Box, rect: tuple[float, float, float, float], cx: float, cy: float
             ) -> tuple[float, float]:
    """The board point under the screen point (cx, cy); ``rect`` is the SVG element's
    (left, top, width, height) on screen."""
    left, top, width, height = rect
    s = scale_of(b, width, height)
    ox = left + (width - b[2] * s) / 2
    oy = top + (height - b[3] * s) / 2
    return (b[0] + (cx - ox) / s, b[1] + (cy - oy) / s)


def zoom_box(b: Box, factor: float, px: float, py: float) -> Box:
    """Scale the box by ``factor`` (below 1 zooms in) keeping board point (px, py) put."""
    x, y, w, h = b
    nw = min(MAX_W, max(MIN_W, w * factor))
    f = nw / w
    return (px - (px - x) * f, py - (py - y) * f, w * f, h * f)


def pan_box(b: Box, dx_px: float, dy_px: float, scale: float) -> Box:
    """Move the view with a drag of (dx, dy) screen pixels."""
    return (b[0] - dx_px / scale, b[1] - dy_px / scale, b[2], b[3])


def pad_scale(cell: float) -> float:
    """How much wider a target's pad is than its cell (``cell`` px on screen): enough
    for FINGER_PX, never reaching the middle of a neighbouring cell."""
    if cell >= FINGER_PX:
        return 1.0
    reach = min((FINGER_PX - cell) / 2 + 1, cell / 2 - 1)  # a pixel to spare
    return max(1.0, (cell + 2 * reach) / cell)


def centre(b: Box) -> tuple[float, float]:
    return (b[0] + b[2] / 2, b[1] + b[3] / 2)


class PanZoom:
    """Listeners delegated from ``document.body``; ``key()`` names the current save."""

    def __init__(self, key: Callable[[], str]) -> None:
        self.key = key
        self.saved: dict[str, tuple[str, str]] = {}  # save id -> (round, viewBox)
        self.pointers: dict[int, tuple[float, float]] = {}
        self.origin: tuple[float, float] = (0.0, 0.0)
        self.start_box: Box | None = None
        self.start_scale = 1.0
        self.pinch: tuple[float, tuple[float, float], Box] | None = None
        self.moved = False
        self.swallow = False
        self.released = 0.0
        self.slop = DRAG_PX  # how far the press that started this gesture may wander

    # ---- wiring ---------------------------------------------------------------------

    def bind(self, root: Any, keep: list[Any]) -> None:
        import js
        from pyodide.ffi import create_proxy, to_js

        def listen(kind: str, handler: Callable[[Any], None], **opts: bool) -> None:
            proxy = create_proxy(handler)
            keep.append(proxy)
            options = to_js(opts, dict_converter=js.Object.fromEntries)
            root.addEventListener(kind, proxy, options)

        # Wheel listeners on the body are passive unless told otherwise, and a passive
        # listener cannot stop the page from scrolling.
        listen("wheel", self.on_wheel, passive=False)
        listen("pointerdown", self.on_down)
        listen("pointermove", self.on_move)
        listen("pointerup", self.on_up)
        listen("pointercancel", self.on_up)
        listen("keydown", self.on_key)
        # Capture phase: runs before the app's click handler and can stop it.
        listen("click", self.on_click, capture=True)
        proxy = create_proxy(lambda _event: self.size_pads())
        keep.append(proxy)
        js.window.addEventListener("resize", proxy)  # the board's scale follows the window

    # ---- the SVG and its box --------------------------------------------------------

    @staticmethod
    def svg() -> Any:
        import js

        node = js.document.querySelector(SELECTOR)
        return None if _absent(node) else node

    @staticmethod
    def _inside(event: Any) -> Any:
        target = event.target
        if _absent(target) or not hasattr(target, "closest"):
            return None
        node = target.closest(SELECTOR)
        return None if _absent(node) else node

    @staticmethod
    def box(svg: Any) -> Box:
        got = parse_box(_attr(svg, "viewBox")) or parse_box(_attr(svg, "data-fit"))
        return got or (0.0, 0.0, 100.0, 100.0)

    @staticmethod
    def rect(svg: Any) -> tuple[float, float, float, float]:
        r = svg.getBoundingClientRect()
        return (float(r.left), float(r.top), max(1.0, float(r.width)),
                max(1.0, float(r.height)))

    def set_box(self, svg: Any, b: Box) -> None:
        text = box_text(b)
        zoomed = self.box(svg)[2] != b[2]
        svg.setAttribute("viewBox", text)
        self.saved[self.key()] = (_attr(svg, "data-round") or "", text)
        if zoomed:
            self.size_pads(svg)

    def size_pads(self, svg: Any | None = None) -> None:
        """Each target's pad reaches as far as a finger needs at this zoom (a cell drawn
        28 px wide answers 44), never to the middle of the next cell (so no pad reaches
        across another target's row or column); a cell drawn 44 px wide needs none. The
        pads are scaled copies of their cells (``--pad-k``); it follows the zoom and the
        window's size."""
        svg = svg if svg is not None else self.svg()
        if svg is None:
            return
        unit = float(_attr(svg, "data-unit") or 0)
        if unit <= 0:
            return
        r = self.rect(svg)
        cell = unit * scale_of(self.box(svg), r[2], r[3])
        svg.style.setProperty("--pad-k", f"{pad_scale(cell):.3f}")

    def fitted(self, svg: Any) -> str | None:
        """The fitted view; on a touch screen with half a cell more all round, so the
        pads of the cells at the board's edge are not cut off by it."""
        fit = parse_box(_attr(svg, "data-fit"))
        unit = float(_attr(svg, "data-unit") or 0)
        if fit is None or unit <= 0 or not touch_screen():
            return _attr(svg, "data-fit")
        m = unit / 2
        return box_text((fit[0] - m, fit[1] - m, fit[2] + 2 * m, fit[3] + 2 * m))

    def restore(self) -> None:
        """After a re-render: put back the view this save had in this round."""
        svg = self.svg()
        if svg is None:
            return
        got = self.saved.get(self.key())
        if got is not None and got[0] == (_attr(svg, "data-round") or ""):
            svg.setAttribute("viewBox", got[1])
        elif fit := self.fitted(svg):
            svg.setAttribute("viewBox", fit)
        self.size_pads(svg)

    # ---- commands -------------------------------------------------------------------

    def zoom(self, factor: float) -> None:
        svg = self.svg()
        if svg is None:
            return
        b = self.box(svg)
        self.set_box(svg, zoom_box(b, factor, *centre(b)))

    def fit(self) -> None:
        svg = self.svg()
        if svg is None:
            return
        self.saved.pop(self.key(), None)
        fit = self.fitted(svg)
        if fit:
            svg.setAttribute("viewBox", fit)
        self.size_pads(svg)

    def pan(self, fx: float, fy: float) -> None:
        svg = self.svg()
        if svg is None:
            return
        x, y, w, h = self.box(svg)
        self.set_box(svg, (x + fx * w, y + fy * h, w, h))

    # ---- events ---------------------------------------------------------------------

    def on_wheel(self, event: Any) -> None:
        svg = self._inside(event)
        if svg is None:
            return
        event.preventDefault()
        dy = float(event.deltaY)
        if int(event.deltaMode) == 1:  # lines
            dy *= 16
        factor = math.exp(max(-300.0, min(300.0, dy)) * 0.002)
        b = self.box(svg)
        px, py = to_board(b, self.rect(svg), float(event.clientX), float(event.clientY))
        self.set_box(svg, zoom_box(b, factor, px, py))

    def on_down(self, event: Any) -> None:
        self.swallow = False  # every new press is a new gesture, wherever it starts
        svg = self._inside(event)
        if svg is None:
            return
        if str(event.pointerType) == "mouse" and int(event.button) != 0:
            return
        if str(event.pointerType) == "mouse":
            self.pointers.clear()  # a release outside the window never reached us
        self.pointers[int(event.pointerId)] = (float(event.clientX), float(event.clientY))
        if len(self.pointers) == 1:
            self.slop = DRAG_PX if str(event.pointerType) == "mouse" else TOUCH_DRAG_PX
            self.origin = (float(event.clientX), float(event.clientY))
            self.start_box = self.box(svg)
            r = self.rect(svg)
            self.start_scale = scale_of(self.start_box, r[2], r[3])
            self.moved = False
            self.pinch = None
        elif len(self.pointers) == 2:
            self.pinch = self._pinch_start(svg)
            self.moved = True

    def _pinch_start(self, svg: Any) -> tuple[float, tuple[float, float], Box]:
        (ax, ay), (bx, by) = list(self.pointers.values())[:2]
        return (max(1.0, math.hypot(bx - ax, by - ay)), ((ax + bx) / 2, (ay + by) / 2),
                self.box(svg))

    def on_move(self, event: Any) -> None:
        pid = int(event.pointerId)
        if pid not in self.pointers:
            return
        self.pointers[pid] = (float(event.clientX), float(event.clientY))
        svg = self.svg()
        if svg is None:
            self.pointers.clear()
            return
        if len(self.pointers) >= 2 and self.pinch is not None:
            (ax, ay), (bx, by) = list(self.pointers.values())[:2]
            dist0, (mx0, my0), b0 = self.pinch
            dist = max(1.0, math.hypot(bx - ax, by - ay))
            rect = self.rect(svg)
            px, py = to_board(b0, rect, mx0, my0)
            zoomed = zoom_box(b0, dist0 / dist, px, py)
            mx, my = (ax + bx) / 2, (ay + by) / 2
            s = scale_of(zoomed, rect[2], rect[3])
            self.set_box(svg, pan_box(zoomed, mx - mx0, my - my0, s))
            return
        if self.start_box is None:
            return
        dx = float(event.clientX) - self.origin[0]
        dy = float(event.clientY) - self.origin[1]
        if not self.moved and math.hypot(dx, dy) <= self.slop:
            return
        if not self.moved:
            self.moved = True
            svg.classList.add("dragging")
        self.set_box(svg, pan_box(self.start_box, dx, dy, self.start_scale))

    def on_up(self, event: Any) -> None:
        pid = int(event.pointerId)
        if pid not in self.pointers:
            return
        del self.pointers[pid]
        if self.moved:
            self.swallow = True  # the click this release makes is not a choice
            self.released = float(event.timeStamp)
        if len(self.pointers) < 2:
            self.pinch = None
        if not self.pointers:
            self.start_box = None
            svg = self.svg()
            if svg is not None:
                svg.classList.remove("dragging")
        elif len(self.pointers) == 1:
            # One finger left after a pinch: go on panning from here.
            svg = self.svg()
            if svg is not None:
                (x, y), = self.pointers.values()
                self.origin = (x, y)
                self.start_box = self.box(svg)
                r = self.rect(svg)
                self.start_scale = scale_of(self.start_box, r[2], r[3])

    def on_click(self, event: Any) -> None:
        if self.swallow:
            self.swallow = False
            # Only the click the release itself makes (a pinch makes none; a later click
            # from the keyboard is a choice).
            if float(event.timeStamp) - self.released < SWALLOW_MS:
                event.stopPropagation()
                event.preventDefault()
                return
        padded = pad_target(event)
        if padded is not None:  # the pad stands for its target: the click goes there
            import js

            event.stopPropagation()
            event.preventDefault()
            padded.dispatchEvent(js.MouseEvent.new("click", js.JSON.parse('{"bubbles":true}')))

    def on_key(self, event: Any) -> None:
        if self._inside(event) is None:
            return
        key = str(event.key)
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        moves = {"ArrowLeft": (-PAN_FRACTION, 0.0), "ArrowRight": (PAN_FRACTION, 0.0),
                 "ArrowUp": (0.0, -PAN_FRACTION), "ArrowDown": (0.0, PAN_FRACTION)}
        if key in ("+", "="):
            self.zoom(1 / STEP)
        elif key in ("-", "_"):
            self.zoom(STEP)
        elif key == "0":
            self.fit()
        elif key in moves:
            self.pan(*moves[key])
        else:
            return
        event.preventDefault()


def _attr(node: Any, name: str) -> str | None:
    value = node.getAttribute(name)
    return None if _absent(value) else str(value)
