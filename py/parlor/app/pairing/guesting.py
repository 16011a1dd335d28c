"""The guest's side of two devices, one game: this page plays one seat of a
game held by another device, the host.

A guest never runs the rules. It shows the screen the host rendered for its seat (a
``Table``), and turns a click into a message: a ``data-move`` into ``Play`` (with the
move count it saw), a ``data-pick`` into ``Select``, and a click during a timed window
into ``Answer`` with the milliseconds since that window appeared *on this screen*.
What it sent and the host has not acknowledged is kept (in memory and in the store)
and sent again over the next connection; the host ignores what no longer applies.

The guest saves its link to the game (the host's ``Hello`` and the last screen), so a
reload shows the game where it was, with ``data-link="lost"``, until the host's new
invitation is opened here.

A part of the controller: it reaches the rest of the app through ``GuestController``, which
holds only what this part uses.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal, Protocol

from parlor.app.events import (
    Action,
    Effect,
    LinkClose,
    LinkEvent,
    LinkOpen,
    LinkSend,
    Move,
    Pick,
    SetUrl,
    ShowGame,
)
from parlor.app.page import DRAW, NOTHING, Changed, GoMenu, Handler, Shown, go
from parlor.app.pairing import link
from parlor.app.pairing.link import Channel
from parlor.app.pairing.sdp import (
    ICE_KEY,
    BadOffer,
    compact,
    expand,
    ice_servers,
    parse_sdp,
    read_compact,
)
from parlor.app.screens.game import Rendered
from parlor.app.screens.pairing import guest_panel, guest_toolbar
from parlor.app.screens.untrusted import clean
from parlor.render.contract import ActionName

if TYPE_CHECKING:
    from parlor.app.saves import KeyValue
    from parlor.i18n.catalog import Translator

#: The store key of this device's link to a game held by another device.
GUEST_KEY = "parlor:guest"


#: This device's link to the host: "answering" (gathering), "answered" (answer shown),
#: "connected", "lost" (was connected, or restored after a reload), "failed" (why in
#: ``error``).
GuestState = Literal["answering", "answered", "connected", "lost", "failed"]


@dataclass(frozen=True)
class Guest:
    conn: int
    state: GuestState
    answer: str = ""
    channel: Channel = field(default_factory=Channel)
    hello: link.Hello | None = None
    table: link.Table | None = None
    shown_at: float = 0.0  # when ``table``'s timed window appeared on this screen
    error: str = ""  # a pairing failure, or the host's refusal of the last click
    pending: tuple[link.Body, ...] = ()  # sent before a drop, not known to have arrived
    busy: bool = False  # a click was sent and the host has not answered yet

    @property
    def contract(self) -> str:
        """``data-link`` (page contract)."""
        if self.state == "connected":
            return "connected"
        return "lost" if self.state == "lost" or self.hello is not None else "waiting"


def invitation_text(text: str) -> str:
    """The compact invitation in what was pasted or scanned: the text itself, or a
    whole invitation link (``…index.html#join=<text>``)."""
    text = text.strip()
    return text.split("#join=", 1)[1] if "#join=" in text else text


class GuestController(Protocol):
    """The controller, as a guest seat sees it: what it shows ("guest", once joined), the
    store (the link to the game, the STUN/TURN
    setting), clock and words, ``?net=loopback`` and a number per connection. (What this
    part changed it returns, for the controller to draw, and so the menu it goes back to:
    ``page.GoMenu``.)"""

    #: What the page shows: "guest" once this part shows a seat of another's game.
    shown: Shown

    @property
    def store(self) -> KeyValue: ...
    @property
    def clock(self) -> Callable[[], float]: ...
    @property
    def t(self) -> Translator: ...
    @property
    def loopback(self) -> bool: ...
    def new_conn(self) -> int: ...
    def net_param(self) -> dict[str, str]: ...


class Guesting:
    """This page as a guest seat of another device's game: a part of the controller."""

    def __init__(self, controller: GuestController) -> None:
        self.controller = controller
        self.guest: Guest | None = None  # None: this page plays no seat of another's game
        #: A sentence of this part's own for the guest screen's next drawing (a refused
        #: invitation, a save that failed): kept here, not written into the page's.
        self.notice: str | None = None

    def actions(self) -> Mapping[ActionName, Handler]:
        """The ``data-action`` names these handlers answer."""
        return {"join": self.do_join}

    def handle(self, event: Move | Pick | LinkEvent, out: list[Effect]) -> Changed:
        if isinstance(event, Move):
            return self.move(event.move, out)
        if isinstance(event, Pick):
            return self.pick(event.token, out)
        return self.event(event, out)

    def join(self, text: str, out: list[Effect]) -> Changed:
        """Answer an invitation (typed, pasted, scanned or opened as a link)."""
        try:
            offer = read_compact(invitation_text(text))
            if not offer.is_offer:
                raise BadOffer(self.controller.t("link.error.answer_not_offer"))
        except BadOffer as err:
            refused = self.controller.t("link.error.bad_invitation", reason=str(err))
            if self.guest is not None:
                self.notice = refused
                return DRAW
            return go(GoMenu(refused))
        old = self.guest or restore(self.controller.store)
        if self.guest is not None:
            out.append(LinkClose(-1))
        self.guest = Guest(conn=self.controller.new_conn(), state="answering",
                           hello=old.hello if old else None, table=old.table if old else None,
                           pending=old.pending if old else ())
        self.controller.shown = "guest"
        out.append(LinkOpen(-1, self.guest.conn, offer=expand(offer),
                            ice=ice_servers(self.controller.store)))
        return DRAW

    def do_join(self, event: Action, out: list[Effect]) -> Changed:
        return self.join(event.value or "", out)

    def event(self, event: LinkEvent, out: list[Effect]) -> Changed:
        g = self.guest
        if g is None or event.conn != g.conn:
            return NOTHING
        if event.kind == "answer":
            try:
                answer = compact(parse_sdp(event.text, self.controller.loopback))
                read_compact(answer)
            except BadOffer as err:
                self.guest = replace(g, state="failed", error=self.controller.t(
                    "link.error.no_address") + f" ({err})")
            else:
                self.guest = replace(g, state="answered", answer=answer)
        elif event.kind == "open":
            self.guest = replace(g, state="connected", channel=Channel(), error="", busy=False)
            self._guest_send(link.Greet(lang=self.controller.t.lang), out)
            for body in g.pending:  # what the last connection may not have delivered
                self._guest_send(body, out)
        elif event.kind == "message":
            self._guest_received(event.text, out)
        elif event.kind in ("closed", "failed"):
            was = g.state == "connected" or g.hello is not None
            out.append(LinkClose(-1))
            self.guest = replace(g, state="lost" if was else "failed",
                                 error="" if was else self.controller.t("link.error.no_connection"))
        return DRAW

    def _guest_send(self, body: link.Body, out: list[Effect]) -> None:
        """Send ``body``; a click (not a greeting) makes the screen wait for the host's
        answer."""
        g = self.guest
        assert g is not None
        channel, env = g.channel.send(body)
        self.guest = replace(g, channel=channel, busy=g.busy or not isinstance(body, link.Greet))
        out.append(LinkSend(-1, g.conn, link.encode(env)))

    def _guest_received(self, text: str, out: list[Effect]) -> None:
        g = self.guest
        assert g is not None
        try:
            env = link.decode(text)
        except link.BadMessage as err:  # nothing to apply; say so (another version?)
            why = self.controller.t("link.error.other_version", reason=str(err))
            self.guest = replace(g, error=why)
            return
        channel, bodies = g.channel.receive(env)
        g = replace(g, channel=channel)
        for body in bodies:
            if isinstance(body, link.Hello):
                if g.hello is not None and g.hello.save != body.save:
                    g = replace(g, table=None, pending=())  # another game now
                g = replace(g, hello=body)
                out.append(SetUrl({"guest": body.save, **self.controller.net_param()}))
            elif isinstance(body, link.Table):
                if body.window >= 0 and (g.table is None or g.table.window != body.window):
                    g = replace(g, shown_at=self.controller.clock())
                # The host's markup is rebuilt without anything that could run here.
                g = replace(g, table=replace(body, html=clean(body.html)), error="",
                            busy=False)
            elif isinstance(body, link.Refused):
                g = replace(g, error=self.controller.t("error.move_refused", reason=body.reason),
                            busy=False)
        # What the host acknowledged has arrived: no need to send it again.
        g = replace(g, pending=tuple(e.body for e in g.channel.unacked))
        self.guest = g
        self._guest_save()

    def move(self, move: str, out: list[Effect]) -> Changed:
        g = self.guest
        assert g is not None
        if g.state != "connected" or g.table is None:
            self.guest = replace(g, error=self.controller.t("link.error.not_connected"))
        elif g.table.window >= 0:
            self._guest_send(link.Answer(window=g.table.window, move=move,
                                         ms=int(self.controller.clock() - g.shown_at)), out)
        else:
            self._guest_send(link.Play(moves=g.table.moves, move=move), out)
        self._guest_pending()
        return DRAW

    def pick(self, token: str, out: list[Effect]) -> Changed:
        g = self.guest
        assert g is not None
        if g.state != "connected" or g.table is None:
            return NOTHING
        self._guest_send(link.Select(moves=g.table.moves, token=token), out)
        self._guest_pending()
        return DRAW  # busy until the host's answer: clicks wait for it

    def _guest_pending(self) -> None:
        g = self.guest
        assert g is not None
        self.guest = replace(g, pending=tuple(e.body for e in g.channel.unacked))
        self._guest_save()

    def _guest_save(self) -> None:
        g = self.guest
        if g is None or g.hello is None:
            return
        record = {"v": 1, "hello": link.encode(link.Envelope(0, 0, g.hello)),
                  "table": link.encode(link.Envelope(0, 0, g.table)) if g.table else "",
                  "pending": [link.encode(link.Envelope(0, 0, b)) for b in g.pending]}
        try:
            self.controller.store.set(GUEST_KEY, json.dumps(record))
        except Exception as err:  # storage full or refused: play on, and say so
            self.notice = self.controller.t("error.save_failed", detail=str(err))

    def resume(self, save: str, out: list[Effect]) -> bool:
        """``?guest=<save>`` after a reload: the game as this seat last saw it, waiting
        for the host's new invitation (to be drawn). False when this device has no such
        link."""
        old = restore(self.controller.store)
        if old is None or old.hello is None or old.hello.save != save:
            return False
        self.guest = replace(old, conn=self.controller.new_conn(), state="lost")
        self.controller.shown = "guest"
        return True

    def render(self, out: list[Effect], message: str | None = None) -> None:
        """A guest's screen: the host's last screen for this seat, under the pairing
        panel while not connected. ``message`` is the page's sentence for this drawing;
        this part's own notice comes next, said once."""
        g = self.guest
        assert g is not None
        t, ice = self.controller.t, self.controller.store.get(ICE_KEY) or ""
        table = g.table
        status = message or self.notice or g.error or (
            table.status if table else t("link.guest.title"))
        self.notice = None
        html = (guest_toolbar(t, g) + guest_panel(t, g, ice)
                + (table.html if table else ""))
        data = {"link": g.contract, **({"moves": str(table.moves)} if table else {}),
                **({"busy": "1"} if g.busy and g.state == "connected" else {})}
        to_act = None if table is None or table.to_act == -2 else table.to_act
        phase = table.phase if table else "pairing"
        game = g.hello.game if g.hello else ""
        out.append(ShowGame(game, Rendered(html, phase, to_act, status, data=data)))

    def language(self, out: list[Effect]) -> None:
        """This page now speaks another language: its seat's screens too."""
        g = self.guest
        if g is not None and g.state == "connected":
            self._guest_send(link.Greet(lang=self.controller.t.lang), out)
            self._guest_pending()

    def leave(self, out: list[Effect]) -> None:
        if self.guest is not None:
            out.append(LinkClose(-1))
        self.guest = None


def restore(store: KeyValue) -> Guest | None:
    """This device's saved link to a game on another device, or None (also when the
    record cannot be read: it holds no game, only a way back to one)."""
    raw = store.get(GUEST_KEY)
    if not raw:
        return None
    try:
        record = json.loads(raw)
        hello = link.decode(record["hello"]).body
        table = link.decode(record["table"]).body if record["table"] else None
        pending = tuple(link.decode(p).body for p in record["pending"])
    except (ValueError, KeyError, TypeError, link.BadMessage):
        return None
    if not isinstance(hello, link.Hello) or not (table is None or isinstance(table, link.Table)):
        return None
    return Guest(conn=0, state="lost", hello=hello, table=table, pending=pending)

