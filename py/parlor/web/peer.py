"""WebRTC data channels between two Parlor pages, as the controller asks.

The controller (``app/pairing/hosting.py``, ``app/pairing/guesting.py``) decides
everything: when to make an offer or an answer, what the invitation says, what to send.
This module only drives the browser's ``RTCPeerConnection``: one per connection number,
with one negotiated data channel (id 0, reliable and ordered), every candidate gathered
before the description is handed back (no trickle: the description travels by QR code
or copied text, once), and the channel's news turned into ``LinkEvent`` values.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_proxy, jsnull, to_js

from parlor.app.events import (
    Action,
    Event,
    LinkAccept,
    LinkClose,
    LinkEvent,
    LinkNews,
    LinkOpen,
    LinkSend,
)
from parlor.render.contract import ActionName
from parlor.web.tasks import background

#: How long candidates may take to gather. Host candidates take milliseconds; an
#: unreachable STUN server would otherwise hold the invitation back for ~40 s.
GATHER_MS = 5000


def _js(value: Any) -> Any:
    return to_js(value, dict_converter=js.Object.fromEntries)


class Connection:
    """One ``RTCPeerConnection`` and its channel, with the proxies its handlers hold."""

    def __init__(self, seat: int, conn: int, ice: tuple[tuple[str, str, str], ...],
                 send: Callable[[Event], None]) -> None:
        self.seat, self.conn, self.send = seat, conn, send
        servers = [{"urls": url, **({"username": user, "credential": cred} if user else {})}
                   for url, user, cred in ice]
        self.pc = js.RTCPeerConnection.new(_js({"iceServers": servers}))
        self.channel = self.pc.createDataChannel("parlor", _js({"negotiated": True, "id": 0}))
        self.proxies: list[Any] = []
        self._on(self.channel, "onopen", lambda _: self._tell("open"))
        self._on(self.channel, "onmessage", lambda e: self._tell("message", str(e.data)))
        self._on(self.channel, "onclose", lambda _: self._tell("closed"))
        self._on(self.pc, "onconnectionstatechange", self._state)

    def _on(self, target: Any, name: str, handler: Callable[[Any], None]) -> None:
        proxy = create_proxy(handler)
        self.proxies.append(proxy)
        setattr(target, name, proxy)

    def _tell(self, kind: LinkNews, text: str = "") -> None:
        self.send(LinkEvent(self.seat, self.conn, kind, text))

    def _state(self, _: Any) -> None:
        # "failed": ICE found no path (other network, blocked local traffic), or the
        # other page went away without closing the channel.
        if str(self.pc.connectionState) == "failed":
            self._tell("failed", "ICE failed")

    async def describe(self, offer: str) -> None:
        """Make the offer (``offer`` empty) or the answer to ``offer``, gather, report."""
        try:
            if offer:
                await self.pc.setRemoteDescription(_js({"type": "offer", "sdp": offer}))
                await self.pc.setLocalDescription(await self.pc.createAnswer())
            else:
                await self.pc.setLocalDescription(await self.pc.createOffer())
            waited = 0
            while str(self.pc.iceGatheringState) != "complete" and waited < GATHER_MS:
                await asyncio.sleep(0.05)
                waited += 50
            self._tell("answer" if offer else "offer", str(self.pc.localDescription.sdp))
        except Exception as err:  # the browser refused the description: say why
            self._tell("failed", str(err))

    async def accept(self, answer: str) -> None:
        try:
            await self.pc.setRemoteDescription(_js({"type": "answer", "sdp": answer}))
        except Exception as err:
            self._tell("failed", str(err))

    def close(self) -> None:
        for target, name in ((self.channel, "onopen"), (self.channel, "onmessage"),
                             (self.channel, "onclose"), (self.pc, "onconnectionstatechange")):
            setattr(target, name, None)  # closing on purpose is no news
        self.pc.close()
        for proxy in self.proxies:
            proxy.destroy()


class Peers:
    """The page's connections, by seat (-1 on a guest)."""

    def __init__(self, send: Callable[[Event], None]) -> None:
        self.send = send
        self.open: dict[int, Connection] = {}

    def apply(self, effect: LinkOpen | LinkAccept | LinkSend | LinkClose) -> None:
        if isinstance(effect, LinkOpen):
            self.close(effect.seat)
            try:
                c = self.open[effect.seat] = Connection(effect.seat, effect.conn, effect.ice,
                                                        self.send)
            except Exception as err:  # no WebRTC in this browser, or it is turned off
                self.send(LinkEvent(effect.seat, effect.conn, "failed", str(err)))
                return
            background(c.describe(effect.offer))
        elif isinstance(effect, LinkAccept):
            found = self.open.get(effect.seat)
            if found is not None and found.conn == effect.conn:
                background(found.accept(effect.answer))
        elif isinstance(effect, LinkSend):
            found = self.open.get(effect.seat)
            if (found is not None and found.conn == effect.conn
                    and str(found.channel.readyState) == "open"):
                found.channel.send(effect.text)
        else:
            self.close(effect.seat)

    def close(self, seat: int) -> None:
        for s in list(self.open) if seat == -1 else [seat]:
            c = self.open.pop(s, None)
            if c is not None:
                c.close()


# --------------------------------------------------------------------------- the page

def _absent(value: Any) -> bool:
    return value is None or value is jsnull


def pairing_action(target: Any, action: ActionName) -> Action:
    """A pairing button's event: the text of the field beside it (an invitation or an
    answer) and the remote seat its panel is for."""
    box = target.closest("[data-join],[data-link-seat]")
    if _absent(box):
        return Action(action)
    field = box.querySelector("textarea")
    text = "" if _absent(field) else str(field.value or "")
    seat = box.getAttribute("data-link-seat")
    return Action(action, value=text, seat=None if _absent(seat) else str(seat))


def draw_codes(root: Any) -> None:
    """QR codes for ``[data-qr]`` (assets/qr.js), and the camera buttons shown only
    where this browser can scan."""
    qr = getattr(js.window, "parlorQr", None)
    if qr is None or _absent(qr):
        return
    if not _absent(root.querySelector("[data-qr]")):  # else the library is not loaded
        background(_draw(qr, root))
    can = bool(qr.canScan())
    for node in root.querySelectorAll("[data-needs-camera]"):
        node.hidden = not can


async def _draw(qr: Any, root: Any) -> None:
    """Draw the codes, handling the promise: a library that cannot be loaded is said in
    each code's box by qr.js itself; a text too long for any code is said here."""
    try:
        await qr.draw(root)
    except Exception:
        lang = js.document.documentElement.lang
        for node in root.querySelectorAll("[data-qr]"):
            if not node.querySelector("svg.parlor-qr"):
                node.setAttribute("data-qr-failed", "")
                node.textContent = str(js.parlorShell.word(lang, "shell.qr.failed"))


#: Why the camera could not scan, by the browser's error name (shell words: the page's
#: language, like the rest of the shell).
SCAN_FAILURES = {"NotAllowedError": "shell.scan.denied", "NotFoundError": "shell.scan.none",
                 "OverconstrainedError": "shell.scan.none", "SecurityError": "shell.scan.insecure"}


def scan_failure(name: str, detail: str) -> str:
    lang = js.document.documentElement.lang
    key = SCAN_FAILURES.get(name, "shell.scan.failed")
    return str(js.parlorShell.word(lang, key)).replace("{reason}", name or detail)


async def scan(target: Any, activate: Callable[[Any], None]) -> None:
    """Read a QR code with the camera into the field beside ``target``, then press that
    field's button (join or connect)."""
    box = target.closest("[data-join],[data-link-seat]")
    if _absent(box):
        return
    if bool(getattr(js.window, "parlorScanning", False)):  # pressed again: stop
        js.parlorQr.stop()
        return
    js.window.parlorScanning = True
    try:
        text = str(await js.parlorQr.scan(box))
    except Exception as err:  # no camera, permission refused, cancelled: say so
        # Pyodide raises a JsException: the JS error is itself or its ``js_error``.
        name = str(getattr(err, "name", "") or getattr(getattr(err, "js_error", None),
                                                         "name", "") or "")
        if name != "AbortError":
            js.document.getElementById("status").textContent = scan_failure(name, str(err))
        return
    finally:
        js.window.parlorScanning = False
    box.querySelector("textarea").value = text
    button = box.querySelector('[data-action="join"],[data-action="connect"]')
    if not _absent(button):
        activate(button)
