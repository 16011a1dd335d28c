"""The icons in the folder are the ones tools/make_icons.py draws, and /favicon.ico is an
app file: a browser may ask for it though the page names its SVG icon (Chromium did, on a
first visit), so it is served and precached like the rest, never a 404."""

from __future__ import annotations

import struct
from pathlib import Path

from tools_loader import load_tool

ROOT = Path(__file__).resolve().parent.parent
icons = load_tool("make_icons")
site = load_tool("site")


def test_the_manifest_icons_are_drawn_by_the_tool() -> None:
    assert (ROOT / "assets" / "icon-192.png").read_bytes() == icons.png(192)


def test_the_favicon_is_an_ico_of_the_tools_pngs() -> None:
    data = (ROOT / "favicon.ico").read_bytes()
    assert data == icons.ico()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, len(icons.FAVICON_SIZES))
    for i, size in enumerate(icons.FAVICON_SIZES):
        width, height, _, _, planes, bits, length, offset = struct.unpack_from(
            "<BBBBHHII", data, 6 + 16 * i)
        assert (width, height, planes, bits) == (size, size, 1, 24)
        assert data[offset:offset + length] == icons.png(size)


def test_the_favicon_is_served_and_precached() -> None:
    assert "favicon.ico" in site.app_files(ROOT)
