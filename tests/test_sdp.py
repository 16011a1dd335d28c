"""Two devices, one game: an invitation is a browser's data-channel offer cut to what
differs between pairings, small enough for a QR code, and rebuilt into an SDP the
browser accepts; damaged text is refused with what is wrong."""

from __future__ import annotations

import pytest

from parlor.app.pairing.sdp import BadOffer, compact, expand, parse_ice, parse_sdp, read_compact

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

#: A data-channel offer as Chromium writes it (candidates gathered, no trickle).
CHROME_OFFER = "\r\n".join([
    "v=0",
    "o=- 4611731400430051336 2 IN IP4 127.0.0.1",
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "a=extmap-allow-mixed",
    "a=msid-semantic: WMS",
    "m=application 46243 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 192.168.1.5",
    "a=candidate:1467250027 1 udp 2122260223 3b2c6f4e-5a1d-4d7e-9f0a-1b2c3d4e5f60.local"
    " 46243 typ host generation 0 network-id 1",
    "a=candidate:2999745851 1 udp 2122194687 127.0.0.1 51312 typ host generation 0"
    " network-id 2",
    "a=candidate:2999745852 1 tcp 1518280447 127.0.0.1 9 typ host tcptype active"
    " generation 0 network-id 2",
    "a=candidate:842163049 1 udp 1686052607 203.0.113.7 46243 typ srflx raddr 0.0.0.0"
    " rport 0 generation 0",
    "a=ice-ufrag:X1hQ",
    "a=ice-pwd:4Vb0pq7mEsBqfR/Gi6GzE8ra",
    "a=ice-options:trickle",
    "a=fingerprint:sha-256 7B:8B:F0:65:5F:78:E2:51:3B:AC:6F:F3:3F:46:1B:35:DC:B8:5F:64:1A:"
    "24:C2:43:F0:A1:58:D0:A1:2C:19:08",
    "a=setup:actpass",
    "a=mid:0",
    "a=sctp-port:5000",
    "a=max-message-size:262144",
    "",
])


def test_an_offer_survives_being_made_compact() -> None:
    offer = parse_sdp(CHROME_OFFER)
    assert offer.is_offer and offer.ufrag == "X1hQ" and len(offer.fingerprint) == 32
    # UDP candidates only, no TCP; the server-reflexive one (there only with a STUN
    # setting) is kept: it is what lets devices on different networks meet
    assert offer.candidates == (("3b2c6f4e-5a1d-4d7e-9f0a-1b2c3d4e5f60.local", 46243),
                                ("127.0.0.1", 51312), ("203.0.113.7", 46243))
    text = compact(offer)
    assert read_compact(text) == offer
    assert parse_sdp(expand(offer)) == offer  # the rebuilt SDP says the same
    assert len(text) < 180 < len(CHROME_OFFER)  # the size of an invitation
    assert all(c.isalnum() or c in "+/,;_.-" for c in text)  # safe in a URL fragment


def test_tests_keep_only_the_loopback_address() -> None:
    assert parse_sdp(CHROME_OFFER, loopback_only=True).candidates == (("127.0.0.1", 51312),)


def test_the_rebuilt_description_is_a_data_channel_answer_too() -> None:
    answer = parse_sdp(CHROME_OFFER.replace("a=setup:actpass", "a=setup:active"))
    sdp = expand(read_compact(compact(answer)))
    assert "a=setup:active" in sdp and "webrtc-datachannel" in sdp
    assert "a=sctp-port:5000" in sdp and "a=group:BUNDLE 0" in sdp


@pytest.mark.parametrize(("text", "reason"), [
    ("A,X1hQ,pwd", "five parts"),
    ("Z,X1hQ,4Vb0pq7mEsBqfR/Gi6GzE8ra,e4vwZV945lE7rG_zP0YbNdy4X2QaJMJD8KFY0KEsGQg,a_1", "role"),
    ("A,X1hQ,4Vb0pq7mEsBqfR/Gi6GzE8ra,short,127.0.0.1_5", "fingerprint"),
    ("A,X1hQ,4Vb0pq7mEsBqfR/Gi6GzE8ra,e4vwZV945lE7rG_zP0YbNdy4X2QaJMJD8KFY0KEsGQg,", "address"),
    ("A,X1hQ,4Vb0pq7mEsBqfR/Gi6GzE8ra,e4vwZV945lE7rG_zP0YbNdy4X2QaJMJD8KFY0KEsGQg,h<s>_99",
     "damaged"),
    ("A,X!,4Vb0pq7mEsBqfR/Gi6GzE8ra,e4vwZV945lE7rG_zP0YbNdy4X2QaJMJD8KFY0KEsGQg,h_1",
     "credentials"),
])
def test_damaged_invitations_are_refused_with_what_is_wrong(text: str, reason: str) -> None:
    with pytest.raises(BadOffer, match=reason):
        read_compact(text)


def test_the_server_setting_names_stun_and_turn_servers() -> None:
    assert parse_ice("") == ()
    assert parse_ice("stun:stun.example.org:3478, turn:ann:s3cret@10.0.0.1?transport=tcp") == (
        ("stun:stun.example.org:3478", "", ""), ("turn:10.0.0.1?transport=tcp", "ann", "s3cret"))
    with pytest.raises(BadOffer, match="not stun"):
        parse_ice("http://example.org")
    with pytest.raises(BadOffer, match="needs user:password"):
        parse_ice("turn:10.0.0.1")
