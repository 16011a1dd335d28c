"""Words the Lab's match and tournament share: why a bot gave no move, in the
student's terms (their line, the value, the lines that led there), and numbers as the
page writes them."""

from __future__ import annotations

from parlor.app.lab.wire.problems import Problem
from parlor.app.lab.wire.wire import LOAD_LIMIT_MS
from parlor.i18n.catalog import Translator
from parlor.render.html import attrs, esc


def problem_text(problem: Problem, t: Translator, limit_ms: int) -> str:
    kind, line, detail = problem.kind, problem.line, problem.detail
    if kind == "over_time":
        text = t("lab.problem.over_time", ms=round(float(detail or 0)), limit=limit_ms)
    elif kind == "load_time":
        text = t("lab.problem.load_time", ms=round(float(detail or 0)),
                 limit=round(LOAD_LIMIT_MS))
    else:
        text = t(f"lab.problem.{kind}", detail=detail)
    return t("lab.at_line", line=line, text=text) if line else text


def frames_html(problem: Problem, t: Translator) -> str:
    """The student's lines that led to the problem, innermost last, each with its code
    (left to right whatever the page's direction: it is Python). Empty when there is
    no traceback (a syntax error, a move not offered)."""
    if not problem.frames:
        return ""
    items = []
    for frame in problem.frames:
        where = (t("lab.frame_top", line=frame.line) if frame.name == "<module>"
                 else t("lab.frame", line=frame.line, name=frame.name))
        items.append(f"<li{attrs(data_line=frame.line)}>{esc(where)} "
                     f'<code dir="ltr">{esc(frame.text)}</code></li>')
    return (f'<p class="lab-trace-head">{esc(t("lab.trace"))}</p>'
            f'<ol class="lab-trace"{attrs(data_lab_trace=True)}>{"".join(items)}</ol>')


def percent(x: float) -> int:
    return round(100 * max(0.0, min(1.0, x)))


def wins_text(wins: float, t: Translator) -> str:
    """A count of wins: whole, or with one decimal (a win shared by k seats is 1/k)."""
    whole = round(wins)
    if abs(wins - whole) < 1e-9:
        return t.number(whole)
    units, tenth = f"{wins:.1f}".split(".")
    return t.number(int(units)) + t("lab.decimal") + t.number(int(tenth))
