"""A host page and guest pages wired together as web/peer.py would wire them, with the
"network" in the test's hands: descriptions are made up, messages are delivered (or
dropped) when the test says, connections open and close when it says.

Used by tests/test_pairing.py (two devices, one game)."""

from __future__ import annotations

import re

from controller_driver import Driver
from parlor.app.events import Action, Boot, LinkAccept, LinkClose, LinkEvent, LinkOpen, LinkSend
from parlor.app.pairing.sdp import Offer, expand
from parlor.app.saves import DictStore

PAGE = "http://127.0.0.1:8000/index.html"


def description(role: str, n: int) -> str:
    """A browser's SDP for a data channel (a made-up one: nothing connects for real)."""
    return expand(Offer(role=role, ufrag=f"uf{n:02d}", pwd=f"password{n:02d}password{n:02d}pw",
                        fingerprint=bytes([n]) * 32, candidates=(("127.0.0.1", 40000 + n),)))


class LinkPage(Driver):
    """A page that also keeps what its connections were asked to do."""

    def __init__(self, store: DictStore | None = None) -> None:
        Driver.__init__(self, store)
        self.opened: dict[int, LinkOpen] = {}  # seat (-1 on a guest) -> its connection
        self.outbox: list[LinkSend] = []
        self.accepted: list[LinkAccept] = []

    def send(self, event: object) -> list:  # type: ignore[override]
        out = Driver.send(self, event)
        for e in out:
            if isinstance(e, LinkOpen):
                self.opened[e.seat] = e
            elif isinstance(e, LinkSend):
                self.outbox.append(e)
            elif isinstance(e, LinkAccept):
                self.accepted.append(e)
            elif isinstance(e, LinkClose):
                for seat in list(self.opened) if e.seat == -1 else [e.seat]:
                    self.opened.pop(seat, None)
        return out

    @property
    def html(self) -> str:
        assert self.game is not None
        return self.game.screen.html

    @property
    def link(self) -> str:
        assert self.game is not None
        return self.game.screen.data.get("link", "")

    def found(self, attr: str) -> str:
        m = re.search(rf"<[^>]* {attr}[^>]*>([^<]*)<", self.html)
        assert m is not None, f"no [{attr}] on the screen"
        return m.group(1)

    def moves(self) -> list[str]:
        return re.findall(r'data-move="([^"]*)"', self.html)


class Net:
    """One host and its guests, one guest per remote seat."""

    def __init__(self, params: dict[str, str]) -> None:
        self.host = LinkPage()
        self.host.send(Boot(params, "", PAGE))
        self.guests: dict[int, LinkPage] = {}
        self.made = 0

    def offer(self, seat: int) -> str:
        """The host's page gathers for ``seat``; the invitation it then shows."""
        o = self.host.opened[seat]
        self.made += 1
        self.host.send(LinkEvent(seat, o.conn, "offer", description("actpass", self.made)))
        m = re.search(rf'data-link-seat="{seat}".*?<code data-invite[^>]*>([^<]*)<',
                      self.host.html, re.S)
        assert m is not None, "no invitation shown"
        return m.group(1)

    def pair(self, seat: int, guest: LinkPage | None = None) -> LinkPage:
        """The whole pairing of ``seat``'s device, through the pages' own fields."""
        invite = self.offer(seat)
        g = guest or self.guests.get(seat) or LinkPage()
        if g.c.session is None and g.c.guesting.guest is None and g.game is None and g.menu is None:
            g.send(Boot({}, "join=" + invite, PAGE))
        else:
            g.send(Action("join", value=invite))
        self.made += 1
        g.send(LinkEvent(-1, g.opened[-1].conn, "answer", description("active", self.made)))
        answer = g.found("data-answer")
        self.host.send(Action("connect", value=answer, seat=str(seat)))
        assert self.host.accepted[-1].seat == seat
        self.host.send(LinkEvent(seat, self.host.opened[seat].conn, "open"))
        g.send(LinkEvent(-1, g.opened[-1].conn, "open"))
        self.guests[seat] = g
        self.deliver()
        return g

    def deliver(self) -> None:
        """Every message in flight arrives, both ways, until none is left."""
        moved = True
        while moved:
            moved = False
            for seat, g in self.guests.items():
                for e in self._take(self.host, seat):
                    if -1 in g.opened:
                        g.send(LinkEvent(-1, g.opened[-1].conn, "message", e.text))
                    moved = True
                for e in self._take(g, -1):
                    if seat in self.host.opened:
                        self.host.send(LinkEvent(seat, self.host.opened[seat].conn, "message",
                                                 e.text))
                    moved = True

    def drop(self, seat: int) -> None:
        """The connection to ``seat``'s device breaks: what is in flight is lost."""
        g = self.guests[seat]
        self._take(self.host, seat)
        self._take(g, -1)
        self.host.send(LinkEvent(seat, self.host.opened[seat].conn, "closed"))
        if -1 in g.opened:
            g.send(LinkEvent(-1, g.opened[-1].conn, "closed"))

    @staticmethod
    def _take(page: LinkPage, seat: int) -> list[LinkSend]:
        mine = [e for e in page.outbox if e.seat == seat]
        page.outbox = [e for e in page.outbox if e.seat != seat]
        return mine
