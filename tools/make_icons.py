#!/usr/bin/env python3
"""Draw the app icon (three stacked cones, as assets/icon.svg) into PNGs for the web
manifest, with the standard library only: browsers want 192 and 512 px PNGs to offer
"install", and no image library is needed for a few polygons.

    python3 tools/make_icons.py      # writes assets/icon-192.png and assets/icon-512.png
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

ASSETS = Path(__file__).resolve().parent.parent / "assets"
BG = (0x22, 0x31, 0x3F)
WHITE = (255, 255, 255)
#: (polygon in a 64x64 design space, fill), bottom cone first, as in icon.svg.
SHAPES = (
    (((12, 54), (52, 54), (46, 40), (18, 40)), (0x21, 0x66, 0xC4)),
    (((18, 40), (46, 40), (41, 28), (23, 28)), (0xF2, 0x8C, 0x28)),
    (((23, 28), (41, 28), (32, 8)), (0xF6, 0xD3, 0x2D)),
)


def inside(x: float, y: float, poly: tuple[tuple[float, float], ...]) -> bool:
    """Even-odd rule point-in-polygon test."""
    hit = False
    for i, (x1, y1) in enumerate(poly):
        x2, y2 = poly[i - 1]
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            hit = not hit
    return hit


def near_edge(x: float, y: float, poly: tuple[tuple[float, float], ...], width: float) -> bool:
    for i, (x1, y1) in enumerate(poly):
        x2, y2 = poly[i - 1]
        dx, dy = x2 - x1, y2 - y1
        t = max(0.0, min(1.0, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy)))
        if (x - x1 - t * dx) ** 2 + (y - y1 - t * dy) ** 2 <= width * width:
            return True
    return False


def pixel(x: float, y: float) -> tuple[int, int, int]:
    colour = BG
    for poly, fill in SHAPES:
        if inside(x, y, poly):
            colour = fill
    for poly, _ in SHAPES:
        if near_edge(x, y, poly, 1.0) and (inside(x, y, poly) or colour != BG):
            colour = WHITE
    return colour


def png(size: int) -> bytes:
    scale = 64 / size
    rows = b"".join(
        b"\0" + bytes(c for x in range(size) for c in pixel((x + 0.5) * scale, (y + 0.5) * scale))
        for y in range(size)
    )

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def main() -> None:
    for size in (192, 512):
        (ASSETS / f"icon-{size}.png").write_bytes(png(size))


if __name__ == "__main__":
    main()
