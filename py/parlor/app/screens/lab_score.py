"""A match's score in words a child reads: the games won, the shared wins and what each
counts, how the score changed since the bot's last run on the same games, and the 95%
interval folded behind "How sure?".

A shared win (a tie for first place) counts as a part of a win: 1/k when k seats share
it (``bots.arena.win_share``), so the wins said in words are the games won outright,
and each shared win is said with what it counts ("counts as half a win").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from parlor.app.lab.contest.matches import LabGame, Score
from parlor.app.lab.page.state import LabRun
from parlor.app.screens.lab_problems import percent, wins_text
from parlor.i18n.catalog import Translator
from parlor.render.html import attrs, esc

#: The most seats that can share a win (Ciao's six): "lab.part.<k>" names 1/k of a win.
MOST_SHARING = 6
#: Two scores closer than this are the same (scores are sums of 1/k).
SAME = 1e-6


def score_words(games: Sequence[LabGame], t: Translator) -> str:
    """"Your bot won 18 of 50 games. 1 shared win counts as half a win." """
    won = sum(1 for g in games if g.share >= 1 - SAME)
    sharing = Counter(min(MOST_SHARING, max(2, round(1 / g.share))) for g in games
                      if SAME < g.share < 1 - SAME)
    parts = [t("lab.score", won=won, n=len(games))]
    parts += [t("lab.score.shared", n=count, part=t(f"lab.part.{k}"))
              for k, count in sorted(sharing.items())]
    return " ".join(parts)


def change_words(run: LabRun, score: Score, t: Translator) -> str:
    """How the score changed since this bot last played these games ("" until the match
    is over)."""
    if not run.complete:
        return ""
    if run.match is None:
        return t("lab.delta.new_games")
    if run.last is None:
        return t("lab.delta.first")
    diff = score.wins - run.last
    if abs(diff) < SAME:
        return t("lab.delta.same")
    key, size = "lab.delta.more" if diff > 0 else "lab.delta.fewer", abs(diff)
    if abs(size - round(size)) < SAME:
        return t(key, n=round(size))  # counted: "1 more win", "6 more wins"
    return t(key + "_part", diff=wins_text(size, t))  # "1.5 more wins"


def score_html(run: LabRun, games: Sequence[LabGame], t: Translator) -> str:
    """The score (``[data-lab-score]``), its change (``[data-lab-delta]``, the signed
    difference in wins, when there was a last time to compare with) and "How sure?"."""
    score = Score.of(games)
    hooks = attrs(data_lab_score=True, data_wins=format(round(score.wins, 3), "g"),
                  data_games=score.games)
    html = f'<p class="lab-score"{hooks}>{esc(score_words(games, t))}</p>'
    change = change_words(run, score, t)
    if change:
        compared = run.match is not None and run.last is not None
        delta = format(round(score.wins - (run.last or 0.0), 3), "+g") if compared else None
        html += f'<p class="lab-delta"{attrs(data_lab_delta=delta)}>{esc(change)}</p>'
    sure = t("lab.sure.text", share=percent(score.share), low=percent(score.low),
             high=percent(score.high))
    return (html + f'<details class="lab-sure" data-keep="lab-sure"><summary>'
            f'{esc(t("lab.sure"))}</summary><p>{esc(sure)}</p></details>')
