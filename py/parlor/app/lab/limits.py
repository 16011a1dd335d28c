"""How long a Bot Lab game may go on: a move limit per game and table size, far above
the longest game honest players were measured to play, so that a game whose bots would
play for ever ends, scored as it stands (each rules page's "cut short",
``Game.outcome_now``; docs/decisions/every-lab-game-ends.md).

A Ciao! round can last for ever: a bot that always draws and keeps (``moves[-1]``)
ends with every card in the hands, and once none fits each draw is skipped and the
turn goes round and round. Kabaleo ends after 24, 30 or 36 moves and Saboteur's every
turn spends a card, so their limits are a guard that no game reaches.

The figures (``tools/game_lengths.py``, CPython, the Lab's options: Ciao! one round,
Saboteur three) are the longest game among the built-in levels at every seat (random
and easy on hundreds of seeds, medium on 300 (Saboteur 30), hard on a few) and a random
bot against each level, at each table size a Lab match or tournament has. Ciao!'s
random games have a long tail (a round ends at a random turn once hands are long): the
tool also estimates the chance that an honest game passes the limit.
``tests/test_lab_limits.py`` (slow) measures a sample again and fails if the margin
below the limit shrinks under ``MARGIN_KEPT``.
"""

from __future__ import annotations

from collections.abc import Mapping

#: The longest game measured in honest play, by game and table size, in moves.
LONGEST: Mapping[str, Mapping[int, int]] = {
    "kabaleo": {2: 24, 3: 30, 4: 36},  # every game: 12, 10 or 9 pieces each
    "ciao": {2: 5827, 3: 2206, 4: 2310, 5: 1455, 6: 1489},
    "saboteur": {2: 157},
}

#: The limits, by game and table size, for the Lab's options: ``MARGIN`` times the
#: longest game, rounded up.
LIMITS: Mapping[str, Mapping[int, int]] = {
    "kabaleo": {2: 150, 3: 150, 4: 150},
    "ciao": {2: 24000, 3: 10000, 4: 10000, 5: 6000, 6: 6000},
    "saboteur": {2: 700},
}
#: The margin a limit keeps above the longest game measured.
MARGIN = 4
#: The least margin the slow test accepts when it measures a sample again.
MARGIN_KEPT = 3
#: The most moves a Lab game can have.
MOST_MOVES = max(n for sizes in LIMITS.values() for n in sizes.values())


#: The rounds a game was measured with (the Lab's options: ``lessons.lab_options``).
MEASURED_ROUNDS: Mapping[str, int] = {"kabaleo": 1, "ciao": 1, "saboteur": 3}


def _rounds(options: Mapping[str, object]) -> int:
    rounds = options.get("rounds", 1)
    return rounds if isinstance(rounds, int) and not isinstance(rounds, bool) else 1


def move_limit(game_id: str, players: int, options: Mapping[str, object]) -> int:
    """The moves a game of ``game_id`` at a table of ``players`` may last before it is
    ended where it stands. A game of more rounds than the Lab plays (the table's
    five-round Ciao!) gets as much more, per round."""
    sizes = LIMITS[game_id]
    limit = sizes.get(players, max(sizes.values()))
    return max(limit, limit * _rounds(options) // MEASURED_ROUNDS[game_id])
