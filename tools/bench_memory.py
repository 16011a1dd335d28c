"""Memory soak for `make bench`: many bots-only games in one tab, one after another.

A phone kills a tab that grows, so what matters is the plateau a tab settles on after
warm-up, not its size after one game. Each game title is played N times in one page
(seeded, no bot delay, "Play again" between games); after each game the renderer's
resident memory (RSS, from /proc) is read. Printed: after the first game, the plateau
(median of the last tenth of the games, at least 3) and the largest seen.

Only one page is open in the browser while a soak runs, so the largest renderer
process is that page's (others are the spare renderer Chromium keeps, a few MB).
Linux only (/proc); skipped with the reason elsewhere.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from pathlib import Path

READY = "document.body.dataset.ready === '1'"
#: title, seats, players, extra link parameters: the games the README's figures use.
SOAKS = (("kabaleo", "bot:hard,bot:medium,bot:hard,bot:easy", 4, ""),
         ("ciao", "bot:hard,bot:medium,bot:hard", 3, "&opt.rounds=1"),
         ("saboteur", "bot:hard,bot:hard", 2, "&opt.rounds=1"))


def renderers_rss_kb() -> list[int]:
    """Each Chromium renderer process's resident memory, in kB."""
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes()
            if b"--type=renderer" not in cmdline:
                continue
            for line in (proc / "status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    found.append(int(line.split()[1]))
        except OSError:
            continue  # the process ended while we looked
    return found


def renderer_rss_mb() -> float:
    """The largest Chromium renderer's resident memory, in MB."""
    return max(renderers_rss_kb(), default=0) / 1024


def soak(browser, base: str, game: str, seats: str, players: int, extra: str,
         games: int) -> list[float]:
    """RSS after each of ``games`` games played in one page."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.set_default_timeout(600_000)
    page.goto(f"{base}/index.html?game={game}&players={players}&seats={seats}"
              f"&seed=1&botdelay=0{extra}")
    page.wait_for_function(READY, timeout=120_000)
    rss: list[float] = []
    try:
        for n in range(games):
            page.wait_for_selector("#game[data-phase='over']")
            rss.append(renderer_rss_mb())
            if n + 1 < games:
                page.click("#game [data-action='again']")
                page.wait_for_selector("#game:not([data-phase='over'])")
    finally:
        context.close()
    return rss


def run(emit: Callable[[str], None], browser, base: str, games: int) -> dict[str, object]:
    if not Path("/proc/self/status").exists():
        emit("\nMemory soak: skipped (needs Linux's /proc)")
        return {}
    emit(f"\nMemory soak: {games} bots-only games per title in one tab, renderer RSS (MB)")
    emit(f"  {'game':9} {'seats':38} {'first':>6} {'plateau':>8} {'largest':>8}")
    out: dict[str, object] = {}
    for game, seats, players, extra in SOAKS:
        rss = soak(browser, base, game, seats, players, extra, games)
        tail = rss[-max(3, games // 10):]
        plateau = statistics.median(tail)
        emit(f"  {game:9} {seats:38} {rss[0]:6.0f} {plateau:8.0f} {max(rss):8.0f}")
        out[game] = {"first": rss[0], "plateau": plateau, "largest": max(rss), "all": rss}
    return out
