"""Saboteur's numbers that every part of the rules shares (hand size, counters, key
tokens, the solo result's bands), and the ``Msg`` pieces its sentences are built from
(a tool, a side, a colour; cards and places are named in ``naming``): the words
themselves are in the catalogs (``saboteur.*`` keys), so a refusal or a log line reads
in the page's language."""

from __future__ import annotations

from collections.abc import Sequence

from parlor.core.protocol import Msg

HAND_SIZE = 6
SET_ASIDE = 10
KEY_TOKENS = 2
COUNTERS = {1: 6, 2: 4}
#: The solo result's bands by least score. The second item is the band's id, the rule
#: sheet's own words (``details["band"]``); the page says it through ``band_msg``.
SOLO_BANDS: tuple[tuple[int, str], ...] = (
    (25, "boss of all mines"),
    (20, "a good nose for gold"),
    (15, "not bad"),
    (0, "not a winner"),
)

#: Examples of every kind of move, in notation (language-neutral), for the refusal of
#: a string that is not a move.
EXAMPLES = ("place P14@6,-1^, break pick, repair pick, key @3,0, rockfall @2,1, map @7,-1, "
            "clear pick discard P08 P16, pass P08 P16, bribe @4,1, reveal @5,0 v, done")
NOT_NOTATION = Msg.of("saboteur.reason.not_notation", examples=EXAMPLES)


def colour_name(colour: str) -> Msg:
    """A seat called by its colour ("Green"), where no name is given."""
    return Msg.of(f"saboteur.player.{colour}")


def chain(key: str, items: Sequence[str | Msg]) -> str | Msg:
    """Items joined pairwise by the ``{a}…{b}`` message ``key`` (saboteur.comma, .and,
    .semi), so each language writes its own separators; one item is itself."""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = Msg.of(key, a=item, b=out)
    return out


def comma(items: Sequence[str | Msg]) -> str | Msg:
    """"a, b, c" in the page's language."""
    return chain("saboteur.comma", items)


def tool_msg(*tools: str) -> Msg:
    """A tool ("pick"), or the two tools of a double repair card ("pick+lamp")."""
    if len(tools) == 2:
        return Msg.of("saboteur.tool_pair", a=tool_msg(tools[0]), b=tool_msg(tools[1]))
    return Msg.of(f"saboteur.tool.{tools[0]}")


def rot_msg(rot: int) -> Msg:
    """An orientation with its notation mark: "upright (^)" or "turned (v)"."""
    return Msg.of(f"saboteur.rot_mark.{rot}")


def side_msg(d: str) -> Msg:
    """A card's side (N, E, S, W) as "the card's north side" names it."""
    return Msg.of(f"saboteur.side.{d}")


def band_msg(band_id: str) -> Msg:
    """The solo band's words (``SOLO_BANDS`` id) in the page's language."""
    return Msg.of("saboteur.band." + band_id.replace(" ", "_"))


def band(points: int) -> str:
    """The solo result's words for a score (rules, "Solo")."""
    for low, words in SOLO_BANDS:
        if points >= low:
            return words
    return SOLO_BANDS[-1][1]
