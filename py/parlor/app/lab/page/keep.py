"""A student's bots, kept: several named bots per game in local storage, written as the
student types (a share link or a ``.py`` file carries one elsewhere: ``carried.py``).

Storage: one key per game, ``parlor:lab:<game>``, holding ``{"current": name, "bots":
{name: source}, "scores": {name: {match: wins}}}``: ``scores`` is each bot's last
score on each fixed set of games (``match``, ``state.match_key``), so a Run can say how
the score changed since last time; ``left_out`` the bots kept out of a tournament (so a
new bot enters by default); ``deleted`` the bot deleted last, kept until the student's
next action so Undo can bring it back (app/lab/page/shelf_edits.py). Bots kept before these
were (no ``scores``, ``left_out`` or ``deleted``) read as they are; a score, a choice or
a deleted bot that cannot be read is dropped, never a bot.
A value that cannot be read is never overwritten: ``Shelf.read`` says so and the Lab
works on a copy, leaving the stored text as it was (nothing the student wrote is lost
because the Lab could not read it).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache

from parlor.app.lab.page.carried import MAX_SOURCE
from parlor.app.lab.page.starters import in_language
from parlor.app.saves import KeyValue
from parlor.i18n.catalog import Translator
from parlor.i18n.languages import LANGUAGES

PREFIX = "parlor:lab:"

#: A new bot's code; its comment is a catalog key (``starters.py``), said in the page's
#: language by ``starter``.
STARTER = '''\
def choose(view, moves, rng):
    # {lab.starter.new}
    return rng.choice(moves)
'''
#: The new bot's code as a Lab before the translated starters stored it.
OLD_STARTER = '''\
def choose(view, moves, rng):
    """Return one of moves: the move your bot plays."""
    return rng.choice(moves)
'''


def starter(say: Callable[[str], str]) -> str:
    """A new bot's code with its comment in the language of ``say`` (a Translator)."""
    return in_language(STARTER, say)


@cache
def untouched_starters() -> frozenset[str]:
    """A new bot's code as any language gives it, or an older Lab stored it: a bot
    that is one of these has not been written yet."""
    return frozenset({OLD_STARTER, *(starter(Translator(lang.code)) for lang in LANGUAGES)})


@dataclass(frozen=True)
class Deleted:
    """A bot just deleted, with its scores and whether it entered tournaments: what
    Undo puts back."""

    name: str
    source: str
    scores: dict[str, float] = field(default_factory=dict)
    left_out: bool = False


@dataclass(frozen=True)
class Shelf:
    """A game's bots: ``bots`` maps a name to its source; ``current`` is in the editor.
    ``scores`` maps a bot's name to its last score on each fixed set of games.
    ``unreadable`` holds the stored text the Lab could not read (kept, never written
    over)."""

    game: str
    bots: dict[str, str] = field(default_factory=dict)
    current: str = ""
    unreadable: str | None = None
    scores: dict[str, dict[str, float]] = field(default_factory=dict)
    left_out: frozenset[str] = frozenset()  # not in a tournament (the others are)
    deleted: Deleted | None = None

    @property
    def source(self) -> str:
        if self.current in self.bots:
            return self.bots[self.current]
        return starter(Translator())

    def names(self) -> list[str]:
        return sorted(self.bots, key=str.casefold)

    def edited(self, source: str) -> Shelf:
        return replace(self, bots={**self.bots, self.current: source})

    def chosen(self, name: str) -> Shelf:
        return replace(self, current=name) if name in self.bots else self

    def added(self, base: str, source: str, number: Callable[[int], str] = str) -> Shelf:
        """A new bot named ``base`` (``base 2``, ``base 3``… when taken, the number
        written by ``number``: the page's digits), made current."""
        name, n = base.strip() or "bot", 1
        while name in self.bots:
            n += 1
            name = f"{base} {number(n)}"
        return replace(self, bots={**self.bots, name: source}, current=name)

    def removed(self, name: str) -> Shelf:
        bots = {k: v for k, v in self.bots.items() if k != name}
        current = self.current if self.current != name else (sorted(bots) or [""])[0]
        scores = {k: v for k, v in self.scores.items() if k != name}
        return replace(self, bots=bots, current=current, scores=scores)

    def last_score(self, name: str, match: str) -> float | None:
        """Bot ``name``'s score when it last played the games ``match``, if it has."""
        return self.scores.get(name, {}).get(match)

    def scored(self, name: str, match: str, wins: float) -> Shelf:
        """Bot ``name`` scored ``wins`` on the games ``match`` (kept for next time)."""
        if name not in self.bots:
            return self
        mine = {**self.scores.get(name, {}), match: wins}  # exact: compared to the last bit
        return replace(self, scores={**self.scores, name: mine})

    def entrants(self) -> list[str]:
        """The bots a tournament plays, in the order they are listed."""
        return [n for n in self.names() if n not in self.left_out]

    @staticmethod
    def read(store: KeyValue, game: str, first_name: str, first: str = STARTER) -> Shelf:
        """The game's stored bots; a first visit gets one starter bot named
        ``first_name`` whose code is ``first`` (both in the page's language)."""
        return Shelf.parse(game, store.get(PREFIX + game), first_name, first)

    @staticmethod
    def parse(game: str, raw: str | None, first_name: str, first: str = STARTER) -> Shelf:
        """The bots stored as ``raw`` (None: none yet); text that cannot be read gives
        a starter and is kept as ``unreadable``."""
        if raw is None:
            return Shelf(game, {first_name: first}, first_name)
        try:
            data = json.loads(raw)
            bots = {str(k): str(v) for k, v in data["bots"].items()}
            current = str(data.get("current", ""))
        except (ValueError, KeyError, TypeError, AttributeError):
            return Shelf(game, {first_name: first}, first_name, unreadable=raw)
        if not bots:
            bots = {first_name: first}
        out = data.get("left_out")
        left_out = frozenset(n for n in out if isinstance(n, str) and n in bots) if isinstance(
            out, list) else frozenset()
        return Shelf(game, bots, current if current in bots else sorted(bots)[0],
                     scores=_scores(data.get("scores"), bots), left_out=left_out,
                     deleted=_deleted(data.get("deleted")))

    def dump(self) -> str:
        """The stored text (the same shelf always gives the same text: tabs compare it)."""
        data: dict[str, object] = {"current": self.current, "bots": self.bots,
                                   "scores": self.scores}
        if self.left_out:
            data["left_out"] = sorted(self.left_out)
        if self.deleted is not None:
            d = self.deleted
            data["deleted"] = {"name": d.name, "source": d.source, "scores": d.scores,
                               "left_out": d.left_out}
        return json.dumps(data, sort_keys=True)

    def write(self, store: KeyValue) -> bool:
        """Store the bots; False (nothing written) when the stored text was unreadable,
        so it stays for the student to rescue."""
        if self.unreadable is not None:
            return False
        store.set(PREFIX + self.game, self.dump())
        return True


def _deleted(data: object) -> Deleted | None:
    """The bot kept for Undo, if it reads as one (else it is let go: the student
    deleted it)."""
    if not isinstance(data, dict):
        return None
    name, source = data.get("name"), data.get("source")
    if not isinstance(name, str) or not isinstance(source, str) or len(source) > MAX_SOURCE:
        return None
    scores = _scores({name: data.get("scores")}, {name: source}).get(name, {})
    return Deleted(name, source, scores, data.get("left_out") is True)


def _scores(data: object, bots: Mapping[str, str]) -> dict[str, dict[str, float]]:
    """The stored scores of the bots kept: none before they were stored (an older
    Lab), and any that cannot be read left out (a score is worth less than a bot)."""
    if not isinstance(data, dict):
        return {}
    scores: dict[str, dict[str, float]] = {}
    for name, kept in data.items():
        if str(name) not in bots or not isinstance(kept, dict):
            continue
        mine = {str(k): float(v) for k, v in kept.items()
                if isinstance(v, int | float) and not isinstance(v, bool)
                and math.isfinite(v)}
        if mine:
            scores[str(name)] = mine
    return scores

