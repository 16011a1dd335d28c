#!/usr/bin/env python3
"""Run a command in this process's network namespace with its loopback interface up,
after checking that loopback is the only interface there.

    unshare --net --map-root-user python3 tools/loopback_only.py <command> [args...]

The pairing tests (e2e/pairing_cases.py, run by e2e/test_pairing.py) use it so that
the WebRTC traffic between two browser pages can only ever travel over 127.0.0.1: a
new network namespace has no interface but ``lo``, which starts down. Standard library
only (``ip`` from iproute2 may be missing on a fresh machine).
"""

from __future__ import annotations

import fcntl
import os
import socket
import struct
import sys

SIOCGIFFLAGS = 0x8913
SIOCSIFFLAGS = 0x8914
IFF_UP = 0x1


def loopback_up() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        request = struct.pack("16sH", b"lo", 0)
        flags = struct.unpack("16sH", fcntl.ioctl(s, SIOCGIFFLAGS, request)[:18])[1]
        fcntl.ioctl(s, SIOCSIFFLAGS, struct.pack("16sH", b"lo", flags | IFF_UP))


def main() -> None:
    names = [name for _, name in socket.if_nameindex()]
    if names != ["lo"]:
        sys.exit(f"loopback_only: this namespace has the interfaces {names}, not loopback "
                 "alone; start it with `unshare --net --map-root-user`")
    loopback_up()
    os.execvp(sys.argv[1], sys.argv[1:])


if __name__ == "__main__":
    main()
