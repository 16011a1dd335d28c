"""Games the Lab ended at its move limit, said where they show: a match's game list (the
result, "won, ended at 6,000 moves"), a note under it and in the status line (how many
games, the limit and how the rules score a game cut short), a tournament's note under
its table, and a note over the review or the table of a game ended where it stood
(``Match.cut``). The limit and the rule: ``app/lab/contest/limits.py``, docs/rules/ "cut
short". The limit said is the one the games were cut at (each ends at exactly it), read
from the games themselves: what the page says is what happened.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlor.app.lab.contest.matches import LabGame
from parlor.i18n.catalog import Msg, Translator
from parlor.render.html import attrs, esc

#: The mark of a tournament's game ended at the limit (its button, the note's start).
MARK = "✂"


def how(game: str) -> Msg:
    """How the rules score a game of ``game`` ended where it stood."""
    return Msg(f"cut.how.{game}")


def result_words(result: Msg, played: LabGame, t: Translator) -> str:
    """A game's result in the match's list: as it is, or "won, ended at 6,000 moves"."""
    if not played.cut:
        return t.say(result)
    return t("lab.result.cut", result=result, n=len(played.moves))


def limit_words(game: str, cut: Sequence[int], t: Translator,
                key: str = "lab.cut.note") -> str:
    """"2 games passed 6,000 moves and were ended there: …" ("" when none was);
    ``cut``: the moves each game ended at the limit had."""
    if not cut:
        return ""
    return cut_words(game, len(cut), max(cut), t, key)


def cut_words(game: str, n: int, most: int, t: Translator, key: str) -> str:
    """``limit_words`` from how many games were cut and the moves of the longest (a
    tournament's tally keeps these, so its note reads no game)."""
    return t(key, n=n, limit=most, how=how(game)) if n else ""


def match_words(game: str, games: Sequence[LabGame], t: Translator) -> str:
    """What a match's note says ("" when no game of it was cut)."""
    return limit_words(game, [len(g.moves) for g in games if g.cut], t)


def match_note(game: str, games: Sequence[LabGame], t: Translator) -> str:
    """The note under a match's results when some of its games were cut."""
    words = match_words(game, games, t)
    if not words:
        return ""
    cut = sum(g.cut for g in games)
    return f'<p class="lab-cut-note help"{attrs(data_lab_cut=cut)}>{esc(words)}</p>'


def ended_note(game: str, moves: int, t: Translator) -> str:
    """Over a game ended where it stood (the review, the table): after how many moves,
    and how it was scored."""
    words = t("cut.note", n=moves, how=how(game))
    return f'<p class="cut-note help" data-cut>{esc(words)}</p>'
