"""Two devices, one game: the messages between a host page and a guest page arrive once
and in order whatever the connection does (drops, duplicates, reordering, a reload),
anything malformed is refused, and a race across devices goes to the quickest hand."""

from __future__ import annotations

import random

import pytest

from parlor.app.pairing.link import (
    Answer,
    BadMessage,
    Channel,
    Envelope,
    Hello,
    Play,
    Refused,
    Table,
    decide_window,
    decode,
    encode,
)

BODIES = [
    Hello(game="saboteur", seat=1, save="18c-0", names=("Ann", "Bo")),
    Table(moves=3, html="<p>ok</p>", status="Your turn", phase="play", to_act=1, window=-1),
    Play(moves=3, move="place P14@1,0^"),
    Answer(window=7, move="race 2 Pr", ms=640),
    Refused(move="X9", reason="not a move"),
]


@pytest.mark.pyodide
@pytest.mark.parametrize("body", BODIES)
def test_every_message_survives_the_wire(body) -> None:  # type: ignore[no-untyped-def]
    env = Envelope(seq=4, ack=2, body=body)
    assert decode(encode(env)) == env


@pytest.mark.pyodide
@pytest.mark.parametrize("text", [
    "", "{}", "[1,1,0,\"play\"]", "[2,1,0,\"play\",{\"moves\":1,\"move\":\"x\"}]",
    "[1,-1,0,\"play\",{\"moves\":1,\"move\":\"x\"}]",
    "[1,1,0,\"teleport\",{}]", "[1,1,0,\"play\",{\"moves\":\"1\",\"move\":\"x\"}]",
    "[1,1,0,\"play\",{\"moves\":1}]", "[1,1,0,\"play\",{\"moves\":1,\"move\":\"x\",\"evil\":1}]",
    "[1,true,0,\"play\",{\"moves\":1,\"move\":\"x\"}]",
])
def test_a_malformed_message_is_refused(text: str) -> None:
    with pytest.raises(BadMessage):
        decode(text)


def test_messages_arrive_once_and_in_order_through_drops_duplicates_and_reordering() -> None:
    """A lossy, duplicating, reordering connection, with a reconnection (``resend``)
    whenever the sender has been silent: the receiver gets every body exactly once,
    in the order sent."""
    rng = random.Random(5)
    sender, receiver = Channel(), Channel()
    sent = [Play(moves=i, move=f"m{i}") for i in range(200)]
    wire: list[Envelope] = []
    got: list[object] = []
    for body in sent:
        sender, env = sender.send(body)
        wire.append(env)
    for _ in range(5000):
        if len(got) == len(sent):
            break
        if not wire or rng.random() < 0.05:  # a reconnection: everything unacked again
            wire.extend(sender.resend())
            continue
        env = wire.pop(rng.randrange(len(wire)))  # any order
        if rng.random() < 0.3:
            continue  # dropped
        if rng.random() < 0.2:
            wire.append(env)  # and delivered twice
        receiver, bodies = receiver.receive(env)
        got.extend(bodies)
        receiver, ack = receiver.send(Refused(move="", reason="ack"))
        if rng.random() < 0.7:
            sender, _ = sender.receive(ack)  # the acknowledgement may be lost too
    assert got == sent
    assert receiver.early == ()
    sender, _ = sender.receive(Envelope(seq=1, ack=receiver.received, body=BODIES[0]))
    assert sender.unacked == ()  # all acknowledged: nothing left to resend


def test_a_race_goes_to_the_quickest_hand_within_the_grace_period() -> None:
    # seat 2's answer arrives later (a slow link) but was quicker on its own screen
    answers = ((1, "race 1 Pr", 900, 1000), (2, "race 2 Sg", 700, 1150))
    assert decide_window(answers, grace_ms=250) == (2, "race 2 Sg")
    # ... unless it arrives after the grace period
    assert decide_window(answers, grace_ms=100) == (1, "race 1 Pr")
    assert decide_window(((2, "a", 500, 0), (1, "b", 500, 10)), 250) == (1, "b")  # a tie
    assert decide_window((), 250) is None


def test_a_message_far_ahead_of_a_gap_is_not_hoarded() -> None:
    ch, bodies = Channel().receive(Envelope(seq=10_000, ack=0, body=BODIES[2]))
    assert bodies == () and ch.early == ()
    ch, bodies = ch.receive(Envelope(seq=2, ack=0, body=BODIES[2]))
    assert bodies == () and len(ch.early) == 1
    ch, bodies = ch.receive(Envelope(seq=1, ack=0, body=BODIES[3]))
    assert bodies == (BODIES[3], BODIES[2]) and ch.received == 2
