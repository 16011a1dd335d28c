"""Ciao!'s card pictures: a rock, a sheet of paper, scissors and a millstone, drawn as
SVG on a white disc so each reads on every card colour, small in a hand fan or large on
a projector (the symbol's name is always printed under it too)."""

from __future__ import annotations

#: Pictures of the three symbols and the millstone, drawn on a white disc so they read
#: on every card colour (and at the back of a classroom): a grey stone, a sheet of paper
#: with a folded corner, a pair of scissors, a millstone with its square eye.
GLYPHS = {
    0: '<path d="M9 31c-2-7 2-15 9-17 4-5 12-4 15 1 6 1 9 8 7 14-1 6-7 9-15 9s-15-1-16-7z" '
       'fill="#9a9590" stroke="#2b2b2b" stroke-width="2" stroke-linejoin="round"/>'
       '<path d="M18 21c3-2 6-2 8 0M29 27c2 1 3 3 3 5M15 30c2 1 4 1 6 0" fill="none" '
       'stroke="#5a5550" stroke-width="1.8" stroke-linecap="round"/>'
       '<path d="M20 17c3-2 7-2 9 0" fill="none" stroke="#d8d4cf" stroke-width="2" '
       'stroke-linecap="round"/>',  # rock: a stone
    1: '<path d="M13 8h16l7 7v25H13z" fill="#fbfbf5" stroke="#2b2b2b" stroke-width="2" '
       'stroke-linejoin="round"/><path d="M29 8v7h7" fill="#dcdcd0" stroke="#2b2b2b" '
       'stroke-width="2" stroke-linejoin="round"/><path d="M17 20h14M17 25h14M17 30h14M17 35h9" '
       'stroke="#6c88b5" stroke-width="2" stroke-linecap="round"/>',  # paper: a sheet
    2: '<path d="M20 27L33 7M28 27L15 7" stroke="#6d7480" stroke-width="4" '
       'stroke-linecap="round"/><path d="M20 27L33 7M28 27L15 7" stroke="#d9dde3" '
       'stroke-width="1.5" stroke-linecap="round"/><circle cx="24" cy="25" r="1.8" '
       'fill="#2b2b2b"/><circle cx="16" cy="34" r="6" fill="none" stroke="#c0392b" '
       'stroke-width="3.5"/><circle cx="32" cy="34" r="6" fill="none" stroke="#c0392b" '
       'stroke-width="3.5"/>',  # scissors
    3: '<circle cx="24" cy="24" r="16" fill="#8b8580" stroke="#2b2b2b" stroke-width="2"/>'
       '<path d="M24 8v9M24 31v9M8 24h9M31 24h9M13 13l6 6M29 29l6 6M35 13l-6 6M13 35l6-6" '
       'stroke="#5c5752" stroke-width="1.6"/><rect x="19" y="19" width="10" height="10" '
       'fill="#3b3733" stroke="#2b2b2b" stroke-width="1.5"/>',  # millstone
}
#: The millstone's picture (not a symbol: it is never played).
MILLSTONE = 3


def glyph(symbol: int) -> str:
    if symbol < 0:
        return ""
    return (f'<svg class="sym" viewBox="0 0 48 48" aria-hidden="true" data-picture="{symbol}">'
            f'<circle cx="24" cy="24" r="23" fill="#fff" stroke="rgba(0,0,0,.25)"/>'
            f'{GLYPHS[symbol]}</svg>')
