"""Ciao!'s cards, read from the data file ``deck.json`` (a verbatim copy of the rules'
``ciao_deck.json``), never hard-coded: how the 18 icon cards spread over effects,
symbols and colours is not published, so the composition must stay correctable in data.

Inside the engine a card is a small int, its *kind* (all 9 green rocks are the same
kind). Kinds are numbered in a canonical order (rock, paper, scissors; green, yellow,
red; plain before icons; then jokers, then the millstone), so a hand is a sorted tuple
of ints and two hands holding the same cards are equal values. Notation codes (``Rg``,
``Py.3``, ``Jy``, ``M``) appear only at the edges (moves, views for people).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from parlor.core.protocol import Msg

#: Symbol indices: rock 0, paper 1, scissors 2. ``(a - b) % 3 == 1`` means a beats b:
#: paper > rock, rock > scissors, scissors > paper (rules page, "higher").
SYMBOLS = ("rock", "paper", "scissors")
SYMBOL_LETTERS = ("R", "P", "S")
#: Colour ranks 1..3 (0 for cards without a colour, the millstone).
COLOURS = ("", "green", "yellow", "red")
COLOUR_LETTERS = ("", "g", "y", "r")
#: An icon card's effect, as named in the data file.
CardEffect = Literal["plus3", "again_or_reverse", "speed", "give", "swap"]
#: Effects in the canonical order, with their notation letter after the dot.
EFFECTS: tuple[CardEffect, ...] = ("plus3", "again_or_reverse", "speed", "give", "swap")
EFFECT_LETTERS: dict[CardEffect, str] = {"plus3": "3", "again_or_reverse": "A", "speed": "F",
                                     "give": "G", "swap": "X"}
#: What a card is: a symbol (rock, paper or scissors; some carry an effect), a joker or
#: the millstone, in their canonical order.
CardKind = Literal["symbol", "joker", "millstone"]
CARD_KINDS: tuple[CardKind, ...] = ("symbol", "joker", "millstone")
#: Penalty points per card left in hand at the end of a round (rules page).
COLOUR_PENALTY = (0, 10, 20, 30)
SPECIAL_PENALTY = 50

DECK_FILE = Path(__file__).with_name("deck.json")


@dataclass(frozen=True)
class Kind:
    """One kind of card. ``symbol`` is -1 and ``effect`` None where they do not apply."""

    id: int
    code: str
    kind: CardKind
    symbol: int
    colour: int
    effect: CardEffect | None
    penalty: int

    @property
    def is_joker(self) -> bool:
        return self.kind == "joker"

    @property
    def is_millstone(self) -> bool:
        return self.kind == "millstone"

    @property
    def is_icon(self) -> bool:
        return self.effect is not None


def _sort_key(kind: CardKind, symbol: int, colour: int, effect: CardEffect | None
              ) -> tuple[int, ...]:
    group = CARD_KINDS.index(kind)
    eff = 0 if effect is None else 1 + EFFECTS.index(effect)
    return (group, symbol, colour, eff)


def code_of(kind: CardKind, symbol: int, colour: int, effect: CardEffect | None) -> str:
    if kind == "millstone":
        return "M"
    if kind == "joker":
        return "J" + COLOUR_LETTERS[colour]
    base = SYMBOL_LETTERS[symbol] + COLOUR_LETTERS[colour]
    return base if effect is None else f"{base}.{EFFECT_LETTERS[effect]}"


def load_deck(path: Path = DECK_FILE) -> tuple[tuple[Kind, ...], tuple[int, ...]]:
    """Kinds in canonical order and how many of each the box holds."""
    data = json.loads(path.read_text(encoding="utf-8"))
    counts: dict[tuple[CardKind, int, int, CardEffect | None], int] = {}
    for entry in data["cards"]:
        kind = entry["kind"]
        if kind not in CARD_KINDS:
            raise ValueError(f"unknown card kind {kind!r} in {path.name}")
        symbol = SYMBOLS.index(entry["symbol"]) if kind == "symbol" else -1
        colour = COLOURS.index(entry["colour"]) if kind != "millstone" else 0
        effect = entry.get("effect") if kind == "symbol" else None
        if effect is not None and effect not in EFFECTS:
            raise ValueError(f"unknown effect {effect!r} in {path.name}")
        key = (kind, symbol, colour, effect)
        counts[key] = counts.get(key, 0) + int(entry["count"])
    keys = sorted(counts, key=lambda k: _sort_key(*k))
    kinds = tuple(
        Kind(
            id=i,
            code=code_of(*k),
            kind=k[0],
            symbol=k[1],
            colour=k[2],
            effect=k[3],
            penalty=SPECIAL_PENALTY if k[0] != "symbol" else COLOUR_PENALTY[k[2]],
        )
        for i, k in enumerate(keys)
    )
    total = sum(counts.values())
    if "total" in data and data["total"] != total:
        raise ValueError(f"{path.name} says {data['total']} cards but lists {total}")
    return kinds, tuple(counts[k] for k in keys)


KINDS, BOX_COUNTS = load_deck()
BY_CODE: dict[str, int] = {k.code: k.id for k in KINDS}
CODES: tuple[str, ...] = tuple(k.code for k in KINDS)
IS_JOKER: tuple[bool, ...] = tuple(k.is_joker for k in KINDS)
IS_MILLSTONE: tuple[bool, ...] = tuple(k.is_millstone for k in KINDS)
IS_ICON: tuple[bool, ...] = tuple(k.is_icon for k in KINDS)
SYMBOL_OF: tuple[int, ...] = tuple(k.symbol for k in KINDS)
COLOUR_OF: tuple[int, ...] = tuple(k.colour for k in KINDS)
EFFECT_OF: tuple[CardEffect | None, ...] = tuple(k.effect for k in KINDS)
PENALTY_OF: tuple[int, ...] = tuple(k.penalty for k in KINDS)
MILLSTONE: int | None = next((k.id for k in KINDS if k.is_millstone), None)


def deck_for_variant(variant: int) -> tuple[int, ...]:
    """Card counts per kind in play for a kids' variant (1 to 3) or the full game (4).

    Variant 1 leaves out icon cards and millstones; variant 2 adds the icon cards;
    variant 3 adds colours (``CiaoOptions.colours``), still without millstones: the
    sheet adds them back only with the full game, 4 (rules page, "Variants")."""
    out = []
    for k, n in zip(KINDS, BOX_COUNTS, strict=True):
        if variant < 4 and k.is_millstone:
            n = 0
        if variant < 2 and k.is_icon:
            n = 0
        out.append(n)
    return tuple(out)


#: Counts per kind for variants 1 to 4 (index 0 unused), computed once.
VARIANT_DECKS: tuple[tuple[int, ...], ...] = ((),) + tuple(
    deck_for_variant(v) for v in (1, 2, 3, 4))


def beats(a: int, b: int) -> bool:
    """Symbol ``a`` beats symbol ``b``: paper > rock > scissors > paper."""
    return (a - b) % 3 == 1


def playable(card: int, top_symbol: int, top_colour: int, colours: bool) -> bool:
    """May ``card`` go on a top card counting as (symbol, colour)? ``top_symbol`` -1 is an
    empty discard (the opening lead: any card but a millstone)."""
    if IS_MILLSTONE[card]:
        return False
    if IS_JOKER[card] or top_symbol < 0:
        return True
    sym = SYMBOL_OF[card]
    if (sym - top_symbol) % 3 == 1:
        return True
    return colours and sym == top_symbol and COLOUR_OF[card] > top_colour


def symbol_msg(symbol: int) -> Msg:
    """A symbol's word ("paper"), for a joker's named symbol."""
    return Msg(f"ciao.symbol.{SYMBOLS[symbol]}")


def look_msg(symbol: int, colour: int) -> Msg:
    """What a top card counts as ("yellow paper"): one message per pair, since the
    colour's word agrees with the symbol's in some languages (жёлтая бумага)."""
    return Msg(f"ciao.card.{SYMBOLS[symbol]}.{COLOURS[colour]}")


def card_msg(card: int) -> Msg:
    """A card's name without an article ("red paper +3"), as the catalogs say it."""
    k = KINDS[card]
    if k.is_millstone:
        return Msg("ciao.card.millstone")
    if k.is_joker:
        return Msg(f"ciao.card.joker.{COLOURS[k.colour]}")
    look = look_msg(k.symbol, k.colour)
    if k.effect is None:
        return look
    return Msg.of("ciao.card.icon", card=look, effect=Msg(f"ciao.effect.{k.effect}"))


def card_name(card: int) -> Msg:
    """``a red paper +3``-style words for the move log (English puts "a" before it)."""
    return Msg.of("ciao.card.a", card=card_msg(card))
