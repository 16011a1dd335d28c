"""The host's side of two devices, one game: this page holds the game, and
each ``remote`` seat is a person on another device reached by a WebRTC data channel.

Per remote seat a ``Peer`` keeps the connection's progress (offer gathered, invitation
shown, answer taken, connected, lost), its message ``Channel``, its picks and language.
The guest receives only its seat's screen, rendered here from its seat's view
(``game_screen(seat=...)``), and sends back the notation of what it clicked: a move is
applied only on that seat's turn, if ``legal_moves`` allows it, and only at the move
count the guest saw, so a message sent again after a reconnection is never applied
twice; an answer to a timed window only if that seat's own screen offers it. While any
remote seat is not connected the game waits: no bot moves, no timed window opens,
nobody plays. A part of the controller: it reaches the rest of the app through
``HostController``, which holds only what this part uses.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal, Protocol

from parlor.app.events import (
    Action,
    After,
    Effect,
    LinkAccept,
    LinkClose,
    LinkEvent,
    LinkOpen,
    LinkSend,
)
from parlor.app.page import DRAW, MOVED, NOTHING, Changed, Handler, said
from parlor.app.pairing import link, sdp
from parlor.app.pairing.link import Channel
from parlor.app.pairing.sdp import BadOffer, compact, expand, parse_ice, parse_sdp, read_compact
from parlor.core.errors import IllegalMove
from parlor.core.protocol import TABLE
from parlor.i18n.catalog import Msg
from parlor.render.contract import ActionName

if TYPE_CHECKING:
    from parlor.app.saves import KeyValue
    from parlor.app.saving import Saving
    from parlor.app.session import Session
    from parlor.app.table import Table
    from parlor.app.turns import Turns
    from parlor.i18n.catalog import Translator

#: How long an answer may take to become a connection before pairing is called failed.
CONNECT_MS = 20_000


#: A remote seat's connection, as the host sees it: "offering" (gathering), "inviting"
#: (invitation shown), "connecting" (answer taken), "connected", "failed" (why in
#: ``error``).
PeerState = Literal["offering", "inviting", "connecting", "connected", "failed"]


@dataclass(frozen=True)
class Peer:
    """One remote seat's connection, as the host sees it."""

    conn: int
    state: PeerState = "offering"
    invite: str = ""  # the compact offer, shown as text, link and QR code
    channel: Channel = field(default_factory=Channel)
    picks: tuple[str, ...] = ()
    lang: str = ""  # the guest's language ("": this page's)
    sent: str = ""  # that screen's markup (nothing is sent twice)
    lost: bool = False  # it was connected once: the guest must pair again
    error: str = ""


class HostController(Protocol):
    """The controller, as the host sees it: the game, and the table a guest's move is played
    at; the store (the STUN/TURN setting), clock, words and address (an invitation is a
    link to it); ``?net=loopback`` (pair over 127.0.0.1 only, for tests); a number per
    connection. (What this part changed it returns, for the controller to draw and
    schedule.)"""

    @property
    def session(self) -> Session | None: ...
    @property
    def table(self) -> Table: ...
    @property
    def store(self) -> KeyValue: ...
    @property
    def clock(self) -> Callable[[], float]: ...
    @property
    def t(self) -> Translator: ...
    @property
    def url(self) -> str: ...
    @property
    def loopback(self) -> bool: ...
    def new_conn(self) -> int: ...


class Hosting:
    """The remote seats' connections and messages: a part of the controller."""

    def __init__(self, controller: HostController, turns: Turns, saving: Saving) -> None:
        self.controller = controller
        self.turns = turns  # a timed window's answers from other devices go there
        self.saving = saving  # a guest's move is refused when another tab went on
        self.peers: dict[int, Peer] = {}  # this page's remote seats' connections

    def actions(self) -> Mapping[ActionName, Handler]:
        """The ``data-action`` names these handlers answer."""
        return {"connect": self.do_connect, "link-retry": self.do_link_retry,
                "link-ice": self.do_link_ice}

    # ---- connections -----------------------------------------------------------------

    def start(self, out: list[Effect]) -> None:
        """A game with remote seats was opened here: an invitation for each, except
        for a device still connected from the game before ("Play again"), which is
        told of the new game and goes on with it."""
        remotes = self.controller.session.remotes if self.controller.session is not None else ()
        kept = {s: p for s, p in self.peers.items() if p.state == "connected" and s in remotes}
        for seat in self.peers:
            if seat not in kept:
                out.append(LinkClose(seat))
        self.peers = kept
        for seat in remotes:
            if seat in kept:
                self._hello(seat, out)
            else:
                self._invite(seat, out)

    def stop(self, out: list[Effect]) -> None:
        if self.peers:
            out.append(LinkClose(-1))
        self.peers = {}

    def waiting(self) -> bool:
        """True while a remote seat is not connected: the game waits for it."""
        return any(p.state != "connected" for p in self.peers.values())

    def panels(self) -> str:
        """The pairing panel of each remote seat not connected, above the host's board
        (a connected seat needs none: its name on the board says where it plays)."""
        from parlor.app.screens.pairing import host_panel

        if self.controller.session is None:
            return ""
        names = self.controller.session.display_names(self.controller.t)
        ice = self.controller.store.get(sdp.ICE_KEY) or ""
        return "".join(host_panel(self.controller.t, s, names[s], p, self.controller.url, ice)
                       for s, p in sorted(self.peers.items()) if p.state != "connected")

    def _invite(self, seat: int, out: list[Effect], lost: bool = False) -> None:
        conn = self.controller.new_conn()
        self.peers[seat] = Peer(conn=conn, lost=lost)
        out.append(LinkOpen(seat, conn, ice=sdp.ice_servers(self.controller.store)))

    def event(self, event: LinkEvent, out: list[Effect]) -> Changed:
        peer = self.peers.get(event.seat)
        if peer is None or peer.conn != event.conn or self.controller.session is None:
            return NOTHING  # news of a connection replaced since, or of a game left
        if event.kind == "offer":
            try:
                invite = compact(parse_sdp(event.text, self.controller.loopback))
                read_compact(invite)  # an offer with no address cannot be answered
            except BadOffer as err:
                return self._fail(event.seat, "link.error.no_address", str(err), out)
            self.peers[event.seat] = replace(peer, state="inviting", invite=invite)
            return DRAW
        if event.kind == "open":
            return self._connected(event.seat, peer, out)
        if event.kind == "message":
            return self._received(event.seat, peer, event.text, out)
        if event.kind == "closed" and peer.state == "connected":
            self._invite(event.seat, out, lost=True)
            return DRAW
        if event.kind in ("failed", "timeout", "closed") and peer.state != "connected":
            if event.kind == "timeout" and peer.state != "connecting":
                return NOTHING
            return self._fail(event.seat, "link.error.no_connection", event.text, out)
        return NOTHING

    def _fail(self, seat: int, key: str, detail: str, out: list[Effect]) -> Changed:
        peer = self.peers[seat]
        out.append(LinkClose(seat))
        error = self.controller.t(key) + (f" ({detail})" if detail else "")
        self.peers[seat] = replace(peer, state="failed", error=error)
        return DRAW

    def do_connect(self, event: Action, out: list[Effect]) -> Changed:
        """The host pasted (or scanned) the guest's answer into the panel of seat
        ``data-link-seat``."""
        seat = _seat(event.seat)
        peer = self.peers.get(seat) if seat is not None else None
        if peer is None or seat is None or peer.state not in ("inviting", "connecting"):
            return NOTHING
        try:
            answer = read_compact(event.value or "")
            if answer.is_offer:
                raise BadOffer(self.controller.t("link.error.offer_not_answer"))
        except BadOffer as err:
            return said(self.controller.t("link.error.bad_answer", reason=str(err)))
        self.peers[seat] = replace(peer, state="connecting", error="")
        out.append(LinkAccept(seat, peer.conn, expand(answer)))
        out.append(After(CONNECT_MS, LinkEvent(seat, peer.conn, "timeout")))
        return DRAW

    def do_link_retry(self, event: Action, out: list[Effect]) -> Changed:
        seat = _seat(event.seat)
        if seat is None or seat not in self.peers or self.peers[seat].state == "connected":
            return NOTHING
        out.append(LinkClose(seat))
        self._invite(seat, out, lost=self.peers[seat].lost)
        return DRAW

    def do_link_ice(self, event: Action, out: list[Effect]) -> Changed:
        """The STUN/TURN setting: kept for every later invitation; the pending ones are
        made again with it."""
        text = (event.value or "").strip()
        try:
            parse_ice(text)
        except BadOffer as err:
            return said(self.controller.t("link.error.bad_ice", reason=str(err)))
        self.controller.store.set(sdp.ICE_KEY, text)
        for seat, peer in list(self.peers.items()):
            if peer.state != "connected":
                out.append(LinkClose(seat))
                self._invite(seat, out, lost=peer.lost)
        return DRAW

    # ---- messages ----------------------------------------------------------------

    def _send(self, seat: int, body: link.Body, out: list[Effect]) -> None:
        peer = self.peers[seat]
        channel, env = peer.channel.send(body)
        self.peers[seat] = replace(peer, channel=channel)
        out.append(LinkSend(seat, peer.conn, link.encode(env)))

    def _connected(self, seat: int, peer: Peer, out: list[Effect]) -> Changed:
        assert self.controller.session is not None
        # Each connection numbers its messages afresh; what matters across connections
        # (a move sent just before a drop) is made safe by the move count it carries.
        self.peers[seat] = replace(peer, state="connected", channel=Channel(), sent="",
                                   lost=False, error="")
        self._hello(seat, out)
        # Drawn (which sends the seat its screen), and the game goes on unless another
        # seat's device is still away (the controller looks: ``Controller.apply``).
        return MOVED

    def _hello(self, seat: int, out: list[Effect]) -> None:
        """Tell a connected guest which game and seat it plays (its next screen is
        sent by the next render)."""
        session = self.controller.session
        assert session is not None
        self.peers[seat] = replace(self.peers[seat], sent="", picks=())
        names = session.display_names(self._seat_t(seat))
        self._send(seat, link.Hello(game=session.match.game, seat=seat, save=session.save_id,
                                    names=names), out)

    def push_tables(self, out: list[Effect], answer: int | None = None) -> None:
        """Send each connected guest its seat's screen, when it changed, and seat
        ``answer`` its screen anyway (the reply to a click, so the guest knows it was
        taken in)."""
        from parlor.app.screens.game import game_screen

        session = self.controller.session
        if session is None:
            return
        for seat, peer in list(self.peers.items()):
            if peer.state != "connected":
                continue
            t = self._seat_t(seat)
            screen = game_screen(session, None, peer.picks, False, None, self.turns.window,
                                 t=t, seat=seat, frozen=self.waiting())
            status = screen.status
            if self.waiting():
                status = t.compose("status.after_error", error=t("link.waiting_other"),
                                   now=status)
            if screen.html + status == peer.sent and seat != answer:
                continue
            to_act = -2 if screen.to_act is None else screen.to_act
            window = self.turns.window_id if self.turns.window else -1
            self._send(seat, link.Table(moves=len(session.match.moves), html=screen.html,
                                        status=status, phase=screen.phase, to_act=to_act,
                                        window=window), out)
            self.peers[seat] = replace(self.peers[seat], sent=screen.html + status)

    def _seat_t(self, seat: int) -> Translator:
        """The translator of seat ``seat``'s device (its screens and refusals)."""
        from parlor.i18n.catalog import Translator
        from parlor.i18n.languages import parse_lang

        code = parse_lang(self.peers[seat].lang) if self.peers[seat].lang else None
        return Translator(code) if code else self.controller.t

    def _received(self, seat: int, peer: Peer, text: str, out: list[Effect]) -> Changed:
        try:
            env = link.decode(text)
        except link.BadMessage as err:
            self._send(seat, link.Refused(move="", reason=str(err)), out)
            return NOTHING
        channel, bodies = peer.channel.receive(env)
        self.peers[seat] = replace(peer, channel=channel)
        changed = NOTHING
        for body in bodies:
            changed |= self._guest_says(seat, body, out)
        return changed

    def _guest_says(self, seat: int, body: link.Body, out: list[Effect]) -> Changed:
        session = self.controller.session
        if session is None:
            return NOTHING
        moves = len(session.match.moves)
        if isinstance(body, link.Greet):  # the seat's names and screens in its language
            self.peers[seat] = replace(self.peers[seat], lang=body.lang)
            self._hello(seat, out)
            self.push_tables(out)
        elif isinstance(body, link.Select):
            if body.moves == moves:
                from parlor.app.screens.game import next_picks

                peer = self.peers[seat]
                self.peers[seat] = replace(peer, picks=next_picks(session, peer.picks,
                                                                  body.token))
            self.push_tables(out, answer=seat)
        elif isinstance(body, link.Play):
            if body.moves != moves:  # clicked on an older screen (or sent again after a drop)
                self.push_tables(out, answer=seat)
                return NOTHING
            reason = self._refusal(seat, body.move, timed=False)
            # Another tab of the host's went on with the game: stop here.
            stopped = NOTHING
            if reason is None and not self.saving.tab.check(session, self.controller.clock()):
                stopped = self.saving.went_stale()
                stale = self.saving.tab.stale
                reason = self._seat_t(seat)(stale.title_key if stale else "")
            if reason is not None:
                self._send(seat, link.Refused(move=body.move, reason=reason), out)
                return stopped
            peer = self.peers[seat]
            self.peers[seat] = replace(peer, picks=())  # done with, as the move is drawn
            try:
                return self.controller.table.play(body.move, out)
            except IllegalMove as err:
                self.peers[seat] = peer  # nothing changed
                self._send(seat, link.Refused(move=body.move,
                                              reason=self._seat_t(seat).text(err.reason_msg)),
                           out)
        elif isinstance(body, link.Answer):
            window = self.turns.window
            if (window is None or body.window != self.turns.window_id or seat not in window.humans
                    or self._refusal(seat, body.move, timed=True) is not None):
                self.push_tables(out, answer=seat)
                return NOTHING  # a window already decided, or not this seat's to answer
            ms = max(0, min(body.ms, int(window.seconds * 1000)))
            self.turns.window_answer_in(seat, body.move, ms, out)
        return NOTHING

    def _refusal(self, seat: int, move: str, timed: bool) -> str | None:
        """Why seat ``seat`` may not play ``move`` now, or None. A turn's move must be
        legal and the turn the seat's (``Session.play`` checks the first); an answer to
        a timed window, whose moves are the table's, must be one of that seat's own
        (its race cards, its "Thank you!"), as the rules say (``legal_moves_for``)."""
        assert self.controller.session is not None
        t = self._seat_t(seat)
        if self.waiting():
            return t("link.waiting_other")
        if not timed:
            to_act = self.controller.session.to_act()
            return None if to_act == seat else t("link.error.not_your_turn")
        session = self.controller.session
        return (None if move in session.game.legal_moves_for(session.state, seat)
                else t("error.not_offered"))

    def to_act_remote(self) -> bool:
        s = self.controller.session
        return s is not None and s.to_act() not in (None, TABLE) and s.to_act() in s.remotes


def _seat(text: str | None) -> int | None:
    return int(text) if text is not None and text.isdigit() else None


def link_state(peers: dict[int, Peer]) -> str:
    """The game root's ``data-link`` (page contract): "connected" when every remote seat
    is; "lost" when one was and is not; else "waiting"."""
    if not peers:
        return ""
    if all(p.state == "connected" for p in peers.values()):
        return "connected"
    return "lost" if any(p.lost for p in peers.values()) else "waiting"


def host_msg(peers: dict[int, Peer], names: tuple[str, ...]) -> Msg | None:
    """What the host's status says while the game waits for a device."""
    for seat, peer in sorted(peers.items()):
        if peer.state != "connected":
            return Msg.of("link.status.lost" if peer.lost else "link.status.waiting",
                          name=names[seat])
    return None

