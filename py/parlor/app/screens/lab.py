"""The Bot Lab's screen: the editor with its bots and settings, and the match's results.

Two parts, drawn apart: ``lab_screen`` (everything, when the Lab opens or its code is
replaced) and ``lab_results`` (the ``#lab-results`` part: progress, score and its chart,
the games, an error, what the bot printed), redrawn as the worker reports. The page
contract's hooks are here: ``textarea[data-lab-code]`` (the editor, assets/editor.js,
keeps it in step), ``data-action="lab-run"``/``"lab-run-new"``/``"lab-stop"``/
``"lab-share"``, ``[data-lab-progress]``, ``[data-lab-score]`` and ``[data-lab-delta]``
(``lab_score.py``), and ``[data-lab-error]``.
"""

from __future__ import annotations

from collections.abc import Mapping

from parlor.app.lab.contest.matches import LabGame, Score
from parlor.app.lab.page.keep import untouched_starters
from parlor.app.lab.page.reference import CONTRACT, reference
from parlor.app.lab.page.state import GAME_COUNTS, LIMITS_MS, LabRun, LabScreen
from parlor.app.lab.wire.problems import Problem
from parlor.app.screens.lab_cut import match_note, match_words, result_words
from parlor.app.screens.lab_handin import handin_html
from parlor.app.screens.lab_problems import frames_html, percent, problem_text, wins_text
from parlor.app.screens.lab_prose import prose, prose_text
from parlor.app.screens.lab_reference import lab_reference_html
from parlor.app.screens.lab_score import change_words, score_html, score_words
from parlor.app.screens.lab_shelf import bots_bar, entrants, stale_notice, undo_offer
from parlor.app.screens.lab_tournament import tournament_html, tournament_status
from parlor.bots import level_label_key
from parlor.games import GAMES
from parlor.i18n.catalog import FSI, PDI, Arg, Msg, Translator
from parlor.render.html import attrs, button, esc

#: The function a Lab bot is, as the intro names it (the reference's ``def`` line).
SIGNATURE = CONTRACT.removeprefix("def ").removesuffix(":")

#: The chart's size in SVG units (it scales with the page).
CHART_W, CHART_H = 320.0, 120.0


def lab_screen(lab: LabScreen, t: Translator, grid: str | None = None) -> str:
    game = lab.game
    title = t("lab.title", game=t(f"game.{game}.name"))
    head = (f'<div class="lab-head"><h2>{esc(title)}</h2>{_games(game, t)}'
            + button(t("toolbar.menu"), action="menu", cls="btn subtle") + "</div>")
    what_to_do = _with_code(t, "lab.intro", {"choose": SIGNATURE, "moves": "moves"},
                            run=Msg("lab.run"))
    intro = f'<p class="lab-intro">{what_to_do}</p>'
    code = (stale_notice(lab, t) if lab.stale is not None else
            f"{bots_bar(lab, t)}{_editor(lab, t)}{_settings(lab, t)}{entrants(lab, t)}"
            f"{_lessons(lab, t)}")
    code = f'<section class="lab-code">{code}{handin_html(lab, t)}</section>'
    results = (f'<section id="lab-results" class="lab-results" '
               f'aria-label="{esc(t("lab.results"))}">{lab_results(lab, t, grid)}</section>')
    # A tournament's table spans the Lab above the code: first in the page too, so Tab
    # reaches it (and Run) in the order it is read.
    main = results + code if lab.tour is not None else code + results
    return (f'<div class="lab"{attrs(data_lab=game)}>{head}{intro}'
            f'<div class="lab-main">{main}</div>{_reference(game, t)}</div>')


def _with_code(t: Translator, key: str, code: Mapping[str, str], **args: Arg) -> str:
    """The catalog's sentence ``key`` as HTML, each of ``code`` (a placeholder's name to
    a Python fragment) in its own ``<code dir="ltr">``: a fragment reads left to right
    on a Persian page too, and keeps the sentence around it in its order."""
    marks = {name: chr(0xE000 + i) for i, name in enumerate(code)}  # private-use marks
    html = esc(t(key, **marks, **args))
    for name, mark in marks.items():
        fragment = f'<code dir="ltr">{esc(code[name])}</code>'
        html = html.replace(f"{FSI}{mark}{PDI}", fragment).replace(mark, fragment)
    return html


def _games(game: str, t: Translator) -> str:
    """The Lab of another game, one choice away (the menu's entry opens the first's)."""
    options = "".join(f"<option{attrs(value=g, selected=g == game)}>"
                      f"{esc(t.isolate(t(f'game.{g}.name')))}</option>" for g in GAMES)
    return (f'<label class="lab-field lab-game">{esc(t("lab.pick_game"))} '
            f'<select data-change="lab">{options}</select></label>')


def _editor(lab: LabScreen, t: Translator) -> str:
    hooks = attrs(id="lab-code", data_lab_code=True, data_lab_version=lab.version,
                  aria_label=t("lab.code"), data_lab_help=t("lab.editor_help"),
                  spellcheck="false", autocapitalize="off", autocomplete="off", dir="ltr",
                  rows=18)
    return f"<textarea{hooks}>{esc(lab.shelf.source)}</textarea>"


def _select(field: str, label: str, choices: list[tuple[str, str]], chosen: str) -> str:
    options = "".join(f"<option{attrs(value=v, selected=v == chosen)}>{esc(text)}</option>"
                      for v, text in choices)
    return (f'<label class="lab-field">{esc(label)} '
            f"<select{attrs(data_lab_field=field)}>{options}</select></label>")


def _settings(lab: LabScreen, t: Translator) -> str:
    s, game = lab.settings, lab.game
    level = _select("level", t("lab.level"),
                    [(lv, t(level_label_key(game, lv))) for lv in lab.levels], s.level)
    players = _select("players", t("menu.players"),
                      [(str(n), t.number(n)) for n in lab.player_counts], str(s.players))
    games = _select("games", t("lab.games"),
                    [(str(n), t.number(n)) for n in GAME_COUNTS], str(s.games))
    limit = _select("limit", t("lab.limit"),
                    [(str(ms), t("lab.ms", ms=ms)) for ms in LIMITS_MS],
                    str(s.limit_ms))
    # A tournament's tables: duels, or the game's own player counts (none to choose in
    # a two-player game).
    seats = "" if len(lab.player_counts) < 2 else _select(
        "seats", t("lab.tour.seats"),
        [(str(n), t("lab.tour.duels") if n == 2 else t("lab.tour.tables", n=n))
         for n in lab.player_counts], str(s.seats))
    return f'<div class="lab-settings">{level}{players}{games}{limit}{seats}</div>'


def _lessons(lab: LabScreen, t: Translator) -> str:
    """The game's lessons, open for a newcomer (no code of their own yet): each one's
    goal, its hints folded, and a button that starts it as a new bot."""
    if not lab.lessons:
        return ""
    items = []
    for lesson in lab.lessons:
        hints = "".join(f"<li>{prose(t, t(key))}</li>" for key in lesson.hint_keys)
        title = t("lab.lessons.label", n=lesson.number, title=t(lesson.title_key))
        items.append(
            f"<li{attrs(data_lesson=lesson.number)}><h3>{prose(t, title)}</h3>"
            f'<p>{prose(t, t.say(lesson.goal()))}</p>'
            f'<details><summary>{esc(t("lab.lessons.hints"))}</summary><ol>{hints}</ol></details>'
            + button(t("lab.lessons.start"), action="lab-lesson", cls="btn subtle",
                     data_value=lesson.number, aria_label=t("lab.lessons.start_named",
                                                            title=t(lesson.title_key)))
            + "</li>")
    bots = list(lab.shelf.bots.values())
    newcomer = len(bots) == 1 and bots[0] in untouched_starters()
    return (f'<details class="lab-lessons" data-keep="lab-lessons"{attrs(open=newcomer)}>'
            f'<summary>{esc(t("lab.lessons"))}</summary><ol>{"".join(items)}</ol></details>')


def _goal(lab: LabScreen, games: list[LabGame], t: Translator) -> str:
    """A finished match played as a lesson's goal asks: reached, or how far."""
    run = lab.run
    found = [x for x in lab.lessons if run is not None and x.number == run.lesson]
    if run is None or run.running or not found or len(games) < found[0].games:
        return ""
    lesson, score = found[0], Score.of(games)
    reached = lesson.reached(score)
    text = t("lab.lessons.reached" if reached else "lab.lessons.not_yet",
             got=wins_text(score.wins, t), n=score.games, wins=lesson.wins)
    return (f'<p class="lab-goal"{attrs(data_lab_goal="reached" if reached else "not_yet")}'
            f' role="status">{esc(text)}</p>')


def _reference(game: str, t: Translator) -> str:
    """The game's bot reference, folded under the editor."""
    summary = prose(t, t("lab.reference"))
    return (f'<details class="lab-ref-box" data-keep="lab-ref"><summary>{summary}'
            f"</summary>{lab_reference_html(t, reference(game))}</details>")


def lab_status(lab: LabScreen, t: Translator) -> str:
    """The header's status line: which Lab this is, then a match's news that matters
    (begun, stopped by a problem, its score): not every game, which would make a screen
    reader chatter."""
    run = lab.run
    if lab.tour is not None:
        return tournament_status(lab.tour, t)
    if run is None:
        return t("lab.title", game=t(f"game.{lab.game}.name"))
    if run.failed is not None:
        return prose_text(t, t("lab.failed", reason=run.failed))
    if run.problem is not None:
        return prose_text(t, problem_text(run.problem, t, run.settings.limit_ms))
    if run.running:
        return t("lab.status.running", n=run.settings.games)
    games = run.games
    if not games:
        return t("lab.stopped", done=0, n=run.settings.games)
    change = change_words(run, Score.of(games), t)
    cut = match_words(lab.game, games, t)
    return " ".join(w for w in (score_words(games, t), change, cut) if w)


# --------------------------------------------------------------------------- results


def lab_results(lab: LabScreen, t: Translator, grid: str | None = None) -> str:
    """Run and Stop (drawn with the results, so they follow the match), then what the
    match has given so far; ``grid``: what stands in a tournament's table's place
    (``tournament_html``)."""
    run = lab.run
    job = lab.tour or run
    running = job is not None and job.running
    locked = running or lab.stale is not None  # a stale tab starts nothing (lab_shelf.py)
    buttons = ('<div class="lab-actions">'
               + button(t("lab.run"), action="lab-run", cls="btn", carry="lab",
                        disabled=locked)
               + button(t("lab.run_new"), action="lab-run-new", cls="btn subtle", carry="lab",
                        disabled=locked)
               + button(t("lab.stop"), action="lab-stop", cls="btn subtle",
                        disabled=not running)
               + button(t("lab.tournament"), action="lab-tournament", cls="btn subtle",
                        carry="lab", disabled=locked) + "</div>")
    if lab.note:
        buttons += f'<p class="lab-note" role="status">{esc(lab.note)}</p>'
    buttons += undo_offer(lab, t)
    if lab.tour is not None:
        return buttons + tournament_html(lab.tour, t, lab.game, grid)
    if run is None:
        return buttons + f'<p class="help">{esc(t("lab.press_run"))}</p>'
    s = run.settings
    parts = [buttons]
    if run.failed is not None:
        failed = t("lab.failed", reason=run.failed)
        parts.append(f'<p class="message" role="alert">{prose(t, failed)}</p>')
    if run.problem is not None:
        parts.append(_error(run.problem, t, s.limit_ms))
    games = run.games
    stopped = next((g for g in games if g.stopped is not None), None)
    if stopped is not None and stopped.stopped is not None and run.problem is None:
        turn = stopped.stopped
        number = stopped.seed - run.seed
        ply = stopped.plies[-1] if stopped.plies else 0
        where = t("lab.where", game=number + 1, move=ply + 1)
        if turn.problem is not None:
            parts.append(_error(turn.problem, t, s.limit_ms, where,
                                review=number if stopped.moves else None, moves=turn.moves))
    if run.problem is None:  # a bot that did not compile played nothing: its error says all
        parts.append(_progress(run, t))
    if games:
        parts.append(score_html(run, games, t))
        parts.append(_goal(lab, games, t))
        parts.append(_chart(games, s.players, t))
        parts.append(_games_table(lab, games, run.seed, t))
        parts.append(match_note(lab.game, games, t))
    if lab.said is not None and lab.said in run.played:
        parts.append(_said(run.played[lab.said], lab.said, t))
    return "".join(parts)


def _error(problem: Problem, t: Translator, limit_ms: int, where: str = "",
           review: int | None = None, moves: tuple[str, ...] = ()) -> str:
    text = problem_text(problem, t, limit_ms)
    if problem.kind == "not_legal" and moves:
        text = t.compose("lab.then", first=text, then=t("lab.legal_were", moves=", ".join(moves)))
    lead = f"{where} " if where else ""
    link = "" if review is None else button(t("lab.review"), action="lab-review",
                                             cls="btn subtle", data_value=review)
    hooks = attrs(data_lab_error=problem.kind, data_line=problem.line)
    return (f'<div class="lab-error message" role="alert"{hooks}>'
            f"<p>{prose(t, lead + text)}</p>{frames_html(problem, t)}{link}</div>")


def _progress(run: LabRun, t: Translator) -> str:
    done, n = len(run.played), run.settings.games
    state = ("lab.running" if run.running else "lab.stopped" if run.stopped_by_student
             else "lab.finished")
    bar = attrs(data_lab_progress=True, data_done=done, data_total=n, max=n, value=done,
                aria_label=t("lab.progress"))
    return (f'<p class="lab-progress-line">{esc(t(state, done=done, n=n))} '
            f"<progress{bar}></progress></p>")


def _chart(games: list[LabGame], players: int, t: Translator) -> str:
    """The win share after each game with its 95% band, and the even share (1/players)
    a bot as strong as the level would reach."""
    n = len(games)
    xs = [CHART_W * (i + 1) / max(n, 1) for i in range(n)]
    scores = [Score.of(games[: i + 1]) for i in range(n)]

    def y(v: float) -> float:
        return CHART_H * (1 - max(0.0, min(1.0, v)))

    line = " ".join(f"{x:.1f},{y(s.share):.1f}" for x, s in zip(xs, scores, strict=True))
    upper = [f"{x:.1f},{y(s.high):.1f}" for x, s in zip(xs, scores, strict=True)]
    lower = [f"{x:.1f},{y(s.low):.1f}" for x, s in zip(xs, scores, strict=True)]
    band = " ".join(upper + lower[::-1])
    even = y(1 / players)
    label = t("lab.chart", even=percent(1 / players))
    return (f'<svg class="lab-chart" viewBox="0 0 {CHART_W:.0f} {CHART_H:.0f}" role="img"'
            f' aria-label="{esc(label)}" preserveAspectRatio="none">'
            f'<polygon class="band" points="{band}"/>'
            f'<line class="even" x1="0" x2="{CHART_W:.0f}" y1="{even:.1f}" y2="{even:.1f}"/>'
            f'<polyline class="share" points="{line}"/></svg>'
            f'<p class="help lab-chart-key">{esc(label)}</p>')


def _result(game: LabGame, t: Translator) -> str:
    problem = game.stopped.problem if game.stopped is not None else None
    if problem is not None:
        return t(f"lab.result.{problem.kind}")
    won = ("lab.result.won" if game.share >= 1 else "lab.result.shared" if game.share > 0
           else "lab.result.lost")
    return result_words(Msg(won), game, t)


def _games_table(lab: LabScreen, games: list[LabGame], seed: int, t: Translator) -> str:
    rows = []
    for g in games:
        number = g.seed - seed
        review = (button(t("lab.review"), action="lab-review", cls="btn subtle",
                         data_value=number) if g.moves else "")
        said = button(t("lab.said"), action="lab-said", cls="btn subtle", data_value=number,
                      aria_pressed="true" if lab.said == number else "false")
        rows.append(f"<tr{attrs(data_lab_game=number)}><td>{esc(t.number(number + 1))}</td>"
                    f"<td>{esc(t.number(g.seat + 1))}</td><td>{esc(_result(g, t))}</td>"
                    f"<td>{review}{said}</td></tr>")
    head = "".join(f"<th scope=\"col\">{esc(t(k))}</th>" for k in
                   ("lab.col.game", "lab.col.seat", "lab.col.result", "lab.col.see"))
    return (f'<details class="lab-games" data-keep="lab-games"><summary>{esc(t("lab.games_list"))}'
            f'</summary><table><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody>'
            f"</table></details>")


def _said(game: LabGame, number: int, t: Translator) -> str:
    """What the bot printed, move by move, in one game ("What your bot said")."""
    items = []
    for turn, ply in zip(game.turns, game.plies, strict=False):
        head = t("lab.said.move", move=ply + 1, played=turn.move or "—", ms=round(turn.ms))
        printed = (f'<pre dir="ltr">{esc(turn.printed)}</pre>' if turn.printed
                   else f'<p class="help">{esc(t("lab.said.nothing"))}</p>')
        items.append(f"<li><p>{esc(head)}</p>{printed}</li>")
    body = "".join(items) or f'<li>{esc(t("lab.said.none"))}</li>'
    title = esc(t("lab.said.title", game=number + 1))
    # The list scrolls: focusable, so it can be scrolled with the keyboard.
    return (f'<section class="lab-said" aria-label="{title}"><h3>{title}</h3>'
            f'<ol tabindex="0" aria-label="{title}">{body}</ol></section>')
