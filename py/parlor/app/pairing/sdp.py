"""Pairing two devices without a server: a WebRTC offer or answer cut down to
what a data channel needs, so that it fits a QR code and a link.

A browser's session description (SDP) for a data channel is some 600–1000 characters,
most of it the same every time. What differs between two pairings is only:

- the ICE credentials (``ice-ufrag``, ``ice-pwd``),
- the DTLS certificate's SHA-256 fingerprint (32 bytes),
- the DTLS role (``actpass`` in an offer, ``active``/``passive`` in an answer),
- the host candidates gathered before sending (no trickle): an address (an IP, or the
  ``<uuid>.local`` mDNS name browsers use to keep a private address private) and a port.

``compact`` keeps those, ``expand`` writes a complete SDP around them that Chromium and
Firefox accept for a data channel (``m=application … webrtc-datachannel``, SCTP port
5000, one BUNDLE group). The compact text uses only characters that need no escaping in
a URL fragment: ``<role>,<ufrag>,<pwd>,<fingerprint base64url>,<cand>;<cand>…`` with each
candidate ``<address>_<port>`` (UDP host candidates only: TCP host candidates add
nothing on one local network). ``loopback_only`` keeps 127.0.0.1 alone, for tests that
must not send a packet anywhere but the loopback interface.

The STUN/TURN setting is read here too (``parse_ice``, ``ice_servers``): the host and
the guest both open their connections with it.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, TypeGuard

if TYPE_CHECKING:
    from parlor.app.saves import KeyValue

#: A description's DTLS role (its ``a=setup:``): ``actpass`` in an offer, ``active`` or
#: ``passive`` in an answer.
Role = Literal["actpass", "active", "passive"]
#: Each role's one letter in a compact invitation.
ROLES: dict[Role, str] = {"actpass": "A", "active": "a", "passive": "p"}
_ROLE_OF: dict[str, Role] = {v: k for k, v in ROLES.items()}
#: ICE credentials are ``ice-char`` = ALPHA / DIGIT / "+" / "/" (RFC 8839).
_ICE = re.compile(r"[A-Za-z0-9+/]{4,256}")
_ADDRESS = re.compile(r"[0-9A-Za-z.:-]{1,253}")


class BadOffer(ValueError):
    """Pasted or scanned text that is not a compact offer or answer."""


@dataclass(frozen=True)
class Offer:
    role: Role
    ufrag: str
    pwd: str
    fingerprint: bytes  # SHA-256, 32 bytes
    candidates: tuple[tuple[str, int], ...]  # (address, port), UDP host candidates

    @property
    def is_offer(self) -> bool:
        return self.role == "actpass"


def parse_sdp(sdp: str, loopback_only: bool = False) -> Offer:
    """The parts of a browser's data-channel SDP that ``compact`` keeps."""
    values: dict[str, str] = {}
    candidates: list[tuple[str, int]] = []
    for line in sdp.splitlines():
        line = line.strip()
        if line.startswith("a=candidate:"):
            parts = line[len("a=candidate:"):].split()
            # foundation component transport priority address port "typ" type ...
            # Host candidates, and with a STUN/TURN setting the public (srflx) and relayed
            # ones; the compact form drops the type (ICE pairs addresses, not types).
            if len(parts) >= 8 and parts[2].lower() == "udp" and parts[7] in (
                    "host", "srflx", "relay"):
                address, port = parts[4], int(parts[5])
                if not loopback_only or address == "127.0.0.1":
                    candidates.append((address, port))
        elif line.startswith("a=") and ":" in line:
            key, _, value = line[2:].partition(":")
            values.setdefault(key, value)
    fingerprint = values.get("fingerprint", "")
    algo, _, hexes = fingerprint.partition(" ")
    if algo.lower() != "sha-256":
        raise BadOffer(f"no SHA-256 fingerprint in the description ({fingerprint!r})")
    try:
        digest = binascii.unhexlify(hexes.replace(":", ""))
    except (binascii.Error, ValueError):
        raise BadOffer("the fingerprint is not hexadecimal") from None
    role = values.get("setup", "")
    if not _is_role(role):
        raise BadOffer(f"unknown DTLS role {role!r}")
    return Offer(role=role, ufrag=values.get("ice-ufrag", ""), pwd=values.get("ice-pwd", ""),
                 fingerprint=digest, candidates=tuple(dict.fromkeys(candidates)))


def _is_role(role: str) -> TypeGuard[Role]:
    return role in ROLES


def compact(offer: Offer) -> str:
    fp = base64.urlsafe_b64encode(offer.fingerprint).decode("ascii").rstrip("=")
    cands = ";".join(f"{a}_{p}" for a, p in offer.candidates)
    return ",".join((ROLES[offer.role], offer.ufrag, offer.pwd, fp, cands))


def read_compact(text: str) -> Offer:
    """The offer a compact text carries; ``BadOffer`` says what is wrong with it."""
    parts = text.strip().split(",")
    if len(parts) != 5:
        raise BadOffer("an invitation has five parts separated by commas")
    role, ufrag, pwd, fp, cands = parts
    if role not in _ROLE_OF:
        raise BadOffer(f"unknown role {role!r}")
    if not (_ICE.fullmatch(ufrag) and _ICE.fullmatch(pwd)):
        raise BadOffer("the connection's credentials are damaged")
    try:
        digest = base64.urlsafe_b64decode(fp + "=" * (-len(fp) % 4))
    except (binascii.Error, ValueError):
        raise BadOffer("the certificate's fingerprint is damaged") from None
    if len(digest) != 32:
        raise BadOffer("the certificate's fingerprint is damaged")
    candidates = []
    for cand in filter(None, cands.split(";")):
        address, _, port = cand.rpartition("_")
        if not (_ADDRESS.fullmatch(address) and port.isdigit() and 0 < int(port) < 65536):
            raise BadOffer(f"the address {cand!r} is damaged")
        candidates.append((address, int(port)))
    if not candidates:
        raise BadOffer("no address to connect to (was the page allowed on the network?)")
    return Offer(role=_ROLE_OF[role], ufrag=ufrag, pwd=pwd, fingerprint=digest,
                 candidates=tuple(candidates))


def expand(offer: Offer) -> str:
    """A complete data-channel SDP for ``offer`` (what ``setRemoteDescription`` takes)."""
    fp = ":".join(f"{b:02X}" for b in offer.fingerprint)
    lines = [
        "v=0",
        "o=- 1 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
    ]
    for i, (address, port) in enumerate(offer.candidates, start=1):
        priority = 2122260223 - i  # host candidates, the order they were gathered in
        lines.append(f"a=candidate:{i} 1 udp {priority} {address} {port} typ host")
    lines += [
        "a=end-of-candidates",
        f"a=ice-ufrag:{offer.ufrag}",
        f"a=ice-pwd:{offer.pwd}",
        f"a=fingerprint:sha-256 {fp}",
        f"a=setup:{offer.role}",
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
    ]
    return "\r\n".join(lines) + "\r\n"


#: A STUN or TURN address as the setting takes it: ``stun:host[:port]`` or
#: ``turn:user:password@host[:port][?transport=udp|tcp]`` (``turns:`` too).
_ICE_URL = re.compile(r"(?P<scheme>stuns?|turns?):(?:(?P<user>[^:@\s]+):(?P<cred>[^@\s]+)@)?"
                      r"(?P<host>[0-9A-Za-z.\-\[\]:]+?)(?::(?P<port>\d{1,5}))?"
                      r"(?P<query>\?transport=(?:udp|tcp))?")


def parse_ice(text: str) -> tuple[tuple[str, str, str], ...]:
    """The STUN/TURN servers a setting names, as ``(url, username, credential)``;
    ``BadOffer`` says which one is not understood. Empty text: none (one local
    network, the default)."""
    servers = []
    for item in text.replace(",", " ").split():
        m = _ICE_URL.fullmatch(item)
        if m is None:
            raise BadOffer(f"{item!r} is not stun:host:port or turn:user:password@host:port")
        scheme, host = m["scheme"], m["host"]
        if scheme.startswith("turn") and not m["user"]:
            raise BadOffer(f"{item!r}: a TURN server needs user:password@ before its host")
        url = f"{scheme}:{host}" + (f":{m['port']}" if m["port"] else "") + (m["query"] or "")
        servers.append((url, m["user"] or "", m["cred"] or ""))
    return tuple(servers)


#: The store key of the STUN/TURN setting (the host's and the guest's alike).
ICE_KEY = "parlor:setting:ice"


def ice_servers(store: KeyValue) -> tuple[tuple[str, str, str], ...]:
    """The STUN/TURN servers of the setting (none when it cannot be read)."""
    try:
        return parse_ice(store.get(ICE_KEY) or "")
    except BadOffer:
        return ()
