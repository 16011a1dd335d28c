"""The Bot Lab's lessons: three per game, from a bot that picks at random, through a
greedy one that reads its view with the game's helpers, to one that looks ahead with
the simulator (``game.deal`` then ``game.play``); and a "beat medium" goal, where a
solution a student can write beats that level: Kabaleo's fourth lesson (search the
last moves to the end), Saboteur's third (its look-ahead already beats medium);
one-round Ciao! has none yet (docs/decisions/beat-medium-lessons.md says why).

A lesson is a starter the student begins from (short, commented, runnable as it is: it
compiles and plays legal moves, so the first press of "Run" already shows a match) and
a goal checked by a match against a built-in level (``lab_match``): win at least a
share of the games. Which level, how many games, the share, the options the match is
played with and the starter's source are facts about the lesson, kept in the data file
``lessons.json`` (each starter as a list of lines, so a diff reads as code), not in
code; a JSON file travels in the package zip the browser unpacks, next to the games'
own data. The words (title, hints, the goal's sentence, the starter's comments:
``starters.py``) are catalog keys, so a lesson reads in every language while its code
stays Python. Each goal was chosen so that a
reference solution (``tests/fixtures/lab/``) reaches it with a margin and the starter
does not (measured by a slow test over a hundred seeded games).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from parlor.app.lab.matches import Score
from parlor.app.lab.starters import in_language
from parlor.app.lab.starters import keys as starter_keys
from parlor.bots import level_label_key
from parlor.i18n.catalog import Msg

DATA_FILE = Path(__file__).with_name("lessons.json")
#: The players at the table in every lesson: the student's bot and one level.
PLAYERS = 2


@dataclass(frozen=True)
class Lesson:
    """One lesson of one game. ``target`` is the win share to reach (0..1) in a match
    of ``games`` games against ``level`` (``PLAYERS`` seats, ``options``; the games are
    the lesson's own, dealt from the Lab's key, so a bot's result replays in that
    browser: ``dice.py``); ``hints`` counts the hint keys."""

    game: str
    number: int
    level: str
    games: int
    target: float
    starter: str
    hints: int
    options: Mapping[str, object] = field(default_factory=dict, hash=False)

    @property
    def players(self) -> int:
        return PLAYERS

    @property
    def wins(self) -> int:
        """The games to win (a shared win counts 1/k, as ``Score`` counts it)."""
        return math.ceil(self.target * self.games - 1e-9)

    def reached(self, score: Score) -> bool:
        """Whether a match's score meets the goal."""
        return score.games >= self.games and score.wins >= self.wins - 1e-9

    @property
    def title_key(self) -> str:
        return f"lab.lesson.{self.game}.{self.number}.title"

    @property
    def hint_keys(self) -> tuple[str, ...]:
        return tuple(f"lab.lesson.{self.game}.{self.number}.hint.{k}"
                     for k in range(1, self.hints + 1))

    def goal(self) -> Msg:
        """"Goal: win at least 6 of 10 games. Opponent: Random (...)", in the page's
        language (the level's own name from the menu)."""
        return Msg.of("lab.lesson.goal", wins=self.wins, n=self.games,
                      level=Msg(level_label_key(self.game, self.level)))

    def starter_in(self, say: Callable[[str], str]) -> str:
        """The starter as the editor shows it: its comments in the language of ``say``
        (a Translator), its code as it is (``starters.in_language``)."""
        return in_language(self.starter, say)

    def keys(self) -> tuple[str, ...]:
        """Every catalog key this lesson says something with (its starter's comments'
        are ``starter_keys``)."""
        return (self.title_key, *self.hint_keys, "lab.lesson.goal")

    def starter_keys(self) -> tuple[str, ...]:
        """The catalog keys the starter's comments name."""
        return starter_keys(self.starter)


def _lesson(game_id: str, number: int, raw: Mapping[str, Any],
            options: Mapping[str, object]) -> Lesson:
    return Lesson(game=game_id, number=number, level=str(raw["level"]),
                  games=int(raw["games"]), target=float(raw["target"]),
                  starter="\n".join(raw["starter"]) + "\n", hints=int(raw["hints"]),
                  options=dict(options))


@cache
def _data() -> dict[str, Any]:
    with DATA_FILE.open(encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


def games_with_lessons() -> tuple[str, ...]:
    """The games the data file has lessons for, in its order."""
    return tuple(_data())


def lab_options(game_id: str) -> dict[str, object]:
    """The options the Lab plays a game with, in its lessons, its matches and its
    tournaments alike (Ciao!: one round): a bot is judged on the games it was written
    for. In a match of several Ciao! rounds, ``game.simulate`` of the card that ends a
    round shows the next round's fresh hand, so a bot that keeps its hand cheap (lessons
    2 and 3) would never lay its last card."""
    entry = _data().get(game_id)
    return dict(entry.get("options", {})) if entry is not None else {}


@cache
def lessons(game_id: str) -> tuple[Lesson, ...]:
    """A game's lessons in order (numbered from 1); none for a game without any."""
    entry = _data().get(game_id)
    if entry is None:
        return ()
    options = entry.get("options", {})
    return tuple(_lesson(game_id, n, raw, options)
                 for n, raw in enumerate(entry["lessons"], start=1))
