"""Panels above the board when this tab may not, or could not, save its game: the game
went on (or was deleted) in another tab (app/tabs.py), or the storage is full
(app/room.py). Each says what happened and offers the way on."""

from __future__ import annotations

from parlor.app.lab.page.state import LIMIT_MS
from parlor.app.lab.wire.problems import Problem
from parlor.app.screens.lab_problems import problem_text
from parlor.app.tabs import Stale
from parlor.i18n.catalog import Msg, Translator
from parlor.render.html import attrs, button, esc


def _panel(kind: str, title: str, paragraphs: list[str], buttons: list[str],
           problem: str | None = None) -> str:
    """A notice; ``problem`` the kind of the Lab bot's problem it is about, as a hook
    (``data-lab-problem``) for what reads the page: a browser test tells an honest
    over-time on a slow machine from a bot that failed."""
    body = "".join(f"<p>{esc(p)}</p>" for p in paragraphs)
    hooks = attrs(class_="link-panel notice", data_notice=kind, data_lab_problem=problem,
                  role="alert")
    return (f'<section{hooks}>'
            f'<h2>{esc(title)}</h2>{body}'
            f'<p class="actions">{"".join(buttons)}</p></section>')


def stale_title(t: Translator, stale: Stale) -> str:
    return t(stale.title_key)


def stale_notice(t: Translator, stale: Stale) -> str:
    """This tab stopped: its game is no longer the saved one."""
    menu = button(t("toolbar.menu"), action="menu", cls="btn subtle")
    if stale.deleted:
        return _panel("deleted", stale_title(t, stale), [t("tabs.deleted.body")],
                      [button(t("tabs.keep_here"), action="keep-here", cls="btn"), menu])
    lines = [t("tabs.stale.body")]
    buttons = [button(t("tabs.take_newer"), action="take-newer", cls="btn")]
    if stale.kept is not None:
        lines.append(t("tabs.stale.kept"))
    if stale.unkept:
        lines.append(t("tabs.stale.unkept"))
        buttons.append(button(t("toolbar.export"), action="export", cls="btn subtle"))
    return _panel("stale", stale_title(t, stale), lines, [*buttons, menu])


def lab_stopped_notice(t: Translator, game: str, problem: Problem) -> str:
    """A bot written in the Lab gave no move: the game waits, nothing is played for it."""
    reason = (t("lab.failed", reason=problem.detail) if problem.kind == "failed"
              else problem_text(problem, t, LIMIT_MS))
    return _panel("lab", t("lab.game.stopped"), [reason, t("lab.game.waits")],
                  [button(t("lab.game.retry"), action="lab-retry", cls="btn"),
                   button(t("lab.back"), action="lab", cls="btn subtle", data_game=game)],
                  problem=problem.kind)


def long_game_notice(t: Translator, game: str, moves: int, limit: int) -> str:
    """A game with a Lab bot went past the Lab's move limit: end it now, scored as it
    stands, or play on, asked again after ``limit`` moves more (``app/lab/page/long_game.py``)."""
    return _panel("long-game", t("long_game.title", n=moves),
                  [t("long_game.body", n=limit, how=Msg(f"cut.how.{game}"))],
                  [button(t("long_game.end"), action="lab-end-now", cls="btn"),
                   button(t("long_game.play_on"), action="lab-play-on", cls="btn subtle")])


def unsaved_notice(t: Translator, detail: str) -> str:
    """The newest moves could not be written for lack of room; the game goes on."""
    return _panel("unsaved", t("room.unsaved.title"),
                  [t("room.unsaved.body", detail=detail)],
                  [button(t("toolbar.export"), action="export", cls="btn")])
