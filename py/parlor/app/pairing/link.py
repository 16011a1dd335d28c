"""Two devices, one game: the messages between a host page and a guest page,
and the channel that makes them arrive once, in order, whatever the connection does.

The connection (a WebRTC data channel, set up by the web layer) may drop, and after a
reload or a new pairing both sides may send again what the other already had. So every
message carries a sequence number (``seq``, from 1, per direction) and acknowledges the
highest sequence number received in order (``ack``); a side keeps what the other has
not acknowledged and sends it again after reconnecting (``Channel.unacked``). A message
seen before is dropped, one that skips ahead waits until the gap is filled: a move is
never lost and never applied twice.

The wire format is compact JSON, ``[version, seq, ack, kind, fields]``, read back with
every field checked: a modified guest page can send anything, and anything it sends
that is not a well-formed message is refused (``BadMessage``), never half-applied.

What the messages carry is deliberately little: the host holds the game and sends each
guest the *screen of its own seat* (markup rendered from that seat's view, with only
that seat's legal moves clickable); a guest sends back the notation of a move it clicked
(or its answer to a timed window, with the milliseconds since that window appeared on
its own screen). A guest never runs the rules, so a guest page holds nothing of the
other seats that the host did not already show that seat.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal, TypeGuard, get_args

from parlor.render.contract import Phase

WIRE_VERSION = 1
#: How far ahead of a gap a message is kept (more is dropped, and sent again later):
#: a page cannot be made to hoard messages by a peer inventing sequence numbers.
MAX_EARLY = 256


class BadMessage(ValueError):
    """Text from the other page that is not a message of this protocol."""


@dataclass(frozen=True)
class Hello:
    """Host → guest, first: which game, which seat, and the host's save it belongs to
    (the guest keeps this as its link to the game, to pair again after a reload)."""

    game: str
    seat: int
    save: str
    names: tuple[str, ...]


@dataclass(frozen=True)
class Table:
    """Host → guest: the guest seat's screen after ``moves`` moves of the match."""

    moves: int
    html: str
    status: str
    phase: Phase
    to_act: int  # -1: the table (a timed window), -2: nobody (the game is over)
    window: int  # the id of the timed window open now, -1 if none


@dataclass(frozen=True)
class Greet:
    """Guest → host, first on each connection and when its reader picks another
    language: the language its seat's screens are to be drawn in."""

    lang: str


@dataclass(frozen=True)
class Play:
    """Guest → host: the move clicked when the guest's screen showed ``moves`` moves."""

    moves: int
    move: str


@dataclass(frozen=True)
class Select:
    """Guest → host: a ``data-pick`` clicked (a card chosen before its target); the host
    keeps that seat's picks and answers with the screen they give."""

    moves: int
    token: str


@dataclass(frozen=True)
class Answer:
    """Guest → host: an answer to timed window ``window`` (a race card, a thank-you),
    ``ms`` after the window appeared on the guest's own screen."""

    window: int
    move: str
    ms: int


@dataclass(frozen=True)
class Refused:
    """Host → guest: why a Play or Answer was not applied (in the host's words)."""

    move: str
    reason: str


Body = Hello | Table | Greet | Play | Select | Answer | Refused
#: A message's kind on the wire: its class's name in lower case.
Kind = Literal["hello", "table", "greet", "play", "select", "answer", "refused"]
KINDS: dict[Kind, type[Body]] = {"hello": Hello, "table": Table, "greet": Greet, "play": Play,
                                 "select": Select, "answer": Answer, "refused": Refused}
_KIND_OF: dict[type[Body], Kind] = {cls: kind for kind, cls in KINDS.items()}


def _is_kind(kind: object) -> TypeGuard[Kind]:
    return isinstance(kind, str) and kind in KINDS


@dataclass(frozen=True)
class Envelope:
    seq: int
    ack: int
    body: Body


def encode(env: Envelope) -> str:
    kind = _KIND_OF[type(env.body)]
    data = {f.name: getattr(env.body, f.name) for f in fields(env.body)}
    return json.dumps([WIRE_VERSION, env.seq, env.ack, kind, data], separators=(",", ":"),
                      ensure_ascii=False)


def _field(cls: type[Body], name: str, value: object, kind: object) -> Any:  # checked
    if kind in ("int", int):
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif kind in ("str", str):
        if isinstance(value, str):
            return value
    elif kind == "Phase":  # one of the page's phases, as the page reads it
        if value in get_args(Phase):
            return value
    elif isinstance(value, list) and all(isinstance(x, str) for x in value):
        return tuple(value)  # tuple[str, ...]
    raise BadMessage(f"{cls.__name__}.{name}: {value!r} is not a {kind}")


def decode(text: str) -> Envelope:
    """The message ``text`` holds; ``BadMessage`` for anything else."""
    try:
        raw = json.loads(text)
    except ValueError:
        raise BadMessage("not JSON") from None
    if not (isinstance(raw, list) and len(raw) == 5):
        raise BadMessage("not a message")
    version, seq, ack, kind, data = raw
    if version != WIRE_VERSION:
        raise BadMessage(f"protocol version {version!r}, this page speaks {WIRE_VERSION}")
    if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in (seq, ack)):
        raise BadMessage("sequence numbers must be whole numbers")
    cls = KINDS[kind] if _is_kind(kind) else None
    if cls is None or not isinstance(data, dict):
        raise BadMessage(f"unknown message kind {kind!r}")
    names = {f.name: f.type for f in fields(cls)}
    if set(data) != set(names):
        raise BadMessage(f"{cls.__name__} fields {sorted(data)}, expected {sorted(names)}")
    body = cls(**{n: _field(cls, n, data[n], names[n]) for n in names})
    return Envelope(seq=seq, ack=ack, body=body)


@dataclass(frozen=True)
class Channel:
    """One direction pair's bookkeeping on one side: what was sent and not yet
    acknowledged, and how far the other side's messages have been received in order."""

    sent: int = 0  # the last seq this side used
    received: int = 0  # the other side's last seq delivered, in order
    unacked: tuple[Envelope, ...] = field(default=())
    early: tuple[Envelope, ...] = field(default=())  # arrived ahead of a gap, kept

    def send(self, body: Body) -> tuple[Channel, Envelope]:
        env = Envelope(seq=self.sent + 1, ack=self.received, body=body)
        return replace(self, sent=env.seq, unacked=(*self.unacked, env)), env

    def receive(self, env: Envelope) -> tuple[Channel, tuple[Body, ...]]:
        """Take ``env`` in: the bodies now deliverable in order (none for a duplicate;
        one ahead of a gap is kept until the gap is filled, then delivered with it)."""
        kept = tuple(e for e in self.unacked if e.seq > env.ack)
        if (env.seq <= self.received or env.seq > self.received + MAX_EARLY
                or any(e.seq == env.seq for e in self.early)):
            return replace(self, unacked=kept), ()  # seen, or too far ahead to keep
        waiting = {e.seq: e for e in (*self.early, env)}
        received, out = self.received, []
        while received + 1 in waiting:
            received += 1
            out.append(waiting.pop(received).body)
        early = tuple(sorted(waiting.values(), key=lambda e: e.seq))
        return replace(self, unacked=kept, received=received, early=early), tuple(out)

    def resend(self) -> tuple[Envelope, ...]:
        """After a reconnection: everything the other side may not have, in order, each
        acknowledging what this side has by now."""
        return tuple(replace(e, ack=self.received) for e in self.unacked)


def decide_window(answers: tuple[tuple[int, str, int, int], ...], grace_ms: int
                  ) -> tuple[int, str] | None:
    """The answer that wins a timed window played across devices: ``answers`` are
    ``(seat, move, ms on its device since the window appeared there, ms at the host when
    it arrived)``. Every answer that reached the host within ``grace_ms`` of the first
    one competes, and the quickest *on its own screen* wins (ties: the lower seat), so a
    slow link does not lose a race it was quicker at."""
    if not answers:
        return None
    first = min(a[3] for a in answers)
    fair = [a for a in answers if a[3] - first <= grace_ms]
    seat, move, _, _ = min(fair, key=lambda a: (a[2], a[0]))
    return seat, move
