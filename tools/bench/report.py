"""How the bench shows its figures: plain-text tables, headings, and the results file
(docs/bench-results.md) where each suite's last run is kept with the machine it ran on.

The results file has one section per suite, each opened by a ``<!-- bench: NAME -->``
line: a run replaces the sections of the suites it ran and keeps the others, in the
order of ``python -m tools.bench --list`` (a section of a suite that no longer exists
is kept at the end).
"""

from __future__ import annotations

import datetime
import os
import platform
import re
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "docs" / "bench-results.md"
MARK = re.compile(r"^<!-- bench: ([a-z0-9-]+) -->$", re.M)
HEADER = """# Bench results

Written by `make bench` (`python -m tools.bench`, tools/bench/): each suite's figures
from its last run, as printed, with the machine they were measured on, the browser,
the date and the commit. A run replaces the sections of the suites it ran and keeps
the others; `python -m tools.bench --list` says what each suite measures. Figures from
a loaded or shared machine, or from a `--quick` run, are noisy: compare runs side by
side on one machine, not across sections.
"""


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    cells = [[str(h) for h in headers]] + [[str(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]

    def line(r: Sequence[str]) -> str:
        pairs = enumerate(zip(r, widths, strict=True))
        return "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in pairs).rstrip()

    sep = "  ".join("-" * w for w in widths)
    return "\n".join([line(cells[0]), sep, *(line(r) for r in cells[1:])])


def heading(emit: Callable[[str], None], title: str) -> None:
    emit(f"\n== {title} ==")


# --- the machine -------------------------------------------------------------------------


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _ram_gb() -> float:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) / 2**20
    except OSError:
        pass
    return float("nan")


def load() -> float:
    """The 1-minute load average."""
    return os.getloadavg()[0]


def machine() -> str:
    return (f"{os.cpu_count()} cores ({_cpu_model()}), {_ram_gb():.1f} GiB RAM, "
            f"{platform.system()} {platform.release()}")


def commit() -> str:
    """HEAD's short hash, and whether tracked files differ from it (the results file
    itself aside)."""
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True,
                              check=False).stdout.strip()

    head = git("rev-parse", "--short", "HEAD") or "unknown"
    changed = [line for line in git("status", "--porcelain", "--untracked-files=no")
               .splitlines() if not line.endswith(str(RESULTS.relative_to(ROOT)))]
    return f"{head} (with uncommitted changes)" if changed else head


# --- the results file ----------------------------------------------------------------------


@dataclass
class Section:
    """One suite's run, as the results file shows it."""

    name: str
    summary: str
    lines: list[str]
    started: datetime.datetime
    seconds: float
    load: tuple[float, float]  # at its start and its end
    command: str
    browser: str  # "Chromium <version>" when the suite used the browser, else ""
    python: str

    def text(self, machine_line: str, commit_line: str) -> str:
        when = self.started.astimezone().strftime("%Y-%m-%d %H:%M %Z")
        facts = [f"Run {when}, commit {commit_line}, {self.seconds:.0f} s; "
                 f"command: `{self.command}`",
                 f"Machine: {machine_line}; load {self.load[0]:.2f} at the start, "
                 f"{self.load[1]:.2f} at the end",
                 f"Python {self.python}" + (f"; browser: {self.browser}" if self.browser
                                            else "; no browser")]
        body = "\n".join(self.lines).strip("\n")
        return (f"<!-- bench: {self.name} -->\n## {self.name}: {self.summary}\n\n"
                + "".join(f"- {f}\n" for f in facts) + f"\n```text\n{body}\n```\n")


def read_sections(text: str) -> dict[str, str]:
    """The file's sections by suite name (each from its marker to the next)."""
    marks = list(MARK.finditer(text))
    return {m.group(1): text[m.start():marks[i + 1].start() if i + 1 < len(marks)
                             else len(text)].rstrip("\n") + "\n"
            for i, m in enumerate(marks)}


def merge(old: str, new: Sequence[Section], order: Sequence[str], commit_line: str) -> str:
    """``old``'s sections with ``new``'s in their place, in ``order``."""
    sections = read_sections(old)
    machine_line = machine()
    for section in new:
        sections[section.name] = section.text(machine_line, commit_line)
    names = [n for n in order if n in sections] + [n for n in sections if n not in order]
    return HEADER + "".join("\n" + sections[n] for n in names)


def write_results(path: Path, new: Sequence[Section], order: Sequence[str],
                  commit_line: str) -> None:
    """Merge ``new`` into the results file; ``commit_line``: ``commit()`` at the run's
    start (the code that ran)."""
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    path.write_text(merge(old, new, order, commit_line), encoding="utf-8")
