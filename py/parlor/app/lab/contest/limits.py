"""How long a Bot Lab game may go on: a move limit per game and table size, far above
the longest game honest players were measured to play, so that a game whose bots would
play for ever ends, scored as it stands (each rules page's "cut short",
``Game.outcome_now``; docs/decisions/every-lab-game-ends.md).

A Ciao! round can last for ever: a bot that always draws and keeps (``moves[-1]``)
ends with every card in the hands, and once none fits each draw is skipped and the
turn goes round and round. Kabaleo ends after 24, 30 or 36 moves and Saboteur's every
turn spends a card, so their limits are a guard that no game reaches.

Measured (``python -m tools.bench lengths``, 2026-11-28, the Lab's options: Ciao! one
round, Saboteur three rounds) over the built-in levels at every seat (random 500-4,000 seeds,
easy and medium 300, hard 3; Saboteur's easy and medium 30, hard 1) and a random bot
against each level (a student's random bot in a match), at every table size a match or
a tournament has. The longest game, in moves:

=========  ======  ======  ======  ======  ======
game       2       3       4       5       6
=========  ======  ======  ======  ======  ======
Kabaleo    24      30      36
Ciao!      6,367   2,206   2,310   1,489   1,489
Saboteur   157
=========  ======  ======  ======  ======  ======

Ciao!'s longest games are random ones, and their lengths have a long tail (a round ends
at a random turn once hands are long: the longest of 1,000 two-player games was 5,827,
of 4,000 6,367). Its limits keep 4x that where a game cut at the limit costs little
(five and six players), about 3.5x at three and four, and where the tail is longest (two
players) 1.9x, with an estimated chance of 5e-7 that an honest game is cut (the suite
fits the tail). A cut game is what an endless bot costs a class, game after game, and
the moves grow dearer as the hands grow: two players' 12,000 moves took 7 s of CPU in
CPython (3,000: 1.2 s), 13 s of wall time in Chromium on the 2-core machine under load
(``python -m tools.bench endless``). A game cut by mistake loses little: it is scored
by the rules as it stands.
``tests/test_lab_limits.py`` (slow) plays a sample again and fails if its longest
game comes within ``MARGIN_KEPT`` of a limit (a rules change that lengthens games).
"""

from __future__ import annotations

from collections.abc import Mapping

#: The longest game measured in honest play, by game and table size, in moves.
LONGEST: Mapping[str, Mapping[int, int]] = {
    "kabaleo": {2: 24, 3: 30, 4: 36},  # every game: 12, 10 or 9 pieces each
    "ciao": {2: 6367, 3: 2206, 4: 2310, 5: 1489, 6: 1489},
    "saboteur": {2: 157},
}

#: The limits, by game and table size (see above for the margins).
LIMITS: Mapping[str, Mapping[int, int]] = {
    "kabaleo": {2: 150, 3: 150, 4: 150},
    "ciao": {2: 12000, 3: 8000, 4: 8000, 5: 6000, 6: 6000},
    "saboteur": {2: 700},
}
#: How far below its limit the slow test's sample must keep its longest game.
MARGIN_KEPT = 2.5
#: The most moves a Lab game can have.
MOST_MOVES = max(n for sizes in LIMITS.values() for n in sizes.values())


def move_limit(game_id: str, players: int) -> int:
    """The moves a game of ``game_id`` at a table of ``players`` may last before it is
    ended where it stands (at the table, with a person: before they are asked)."""
    sizes = LIMITS[game_id]
    return sizes.get(players, max(sizes.values()))


def asked_limit(game_id: str, players: int, asked: object) -> int:
    """A job's move limit: the game's, or a lower one its request asks for (``"moves"``:
    a browser test's short games); never higher, so no request makes a game go on
    longer than the Lab allows."""
    limit = move_limit(game_id, players)
    if isinstance(asked, int) and not isinstance(asked, bool) and 1 <= asked < limit:
        return asked
    return limit
