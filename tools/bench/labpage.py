"""The Bot Lab's page as the Lab suites drive it (``lab``, ``lab-starts``,
``lab-versus``, ``referee``, ``tournament``): open it, type a bot, run a match, read
its measures."""

from __future__ import annotations

from typing import Any

from tools.bench.harness import READY, reset_long_tasks, throttle, watch_long_tasks

MOVES0 = "def choose(view, moves, rng):\n    return moves[0]\n"
LOOP = "def choose(view, moves, rng):\n    while True:\n        pass\n"
TOP_LOOP = "while True:\n    pass\n"
#: How many games a match or a tournament's pair may play (the Lab's choices,
#: parlor.app.lab.state.GAME_COUNTS).
GAME_COUNTS = (10, 20, 50, 100, 200)


def measures(page: Any, name: str) -> list[float]:
    return [float(d) for d in page.evaluate(f"""performance.getEntriesByType('measure')
        .filter(m => m.name === '{name}').map(m => m.duration)""")]


def wait_for_marks(page: Any, *names: str, timeout: float = 180_000) -> None:
    for name in names:
        page.wait_for_function(f"performance.getEntriesByName('{name}').length",
                               timeout=timeout)


def set_code(page: Any, code: str) -> None:
    page.evaluate("""(code) => {
      const area = document.querySelector("textarea[data-lab-code]");
      area.value = code;
      area.dispatchEvent(new Event("input", { bubbles: true }));
      area.dataset.labVersion = String(Number(area.dataset.labVersion || 0) + 1000);
    }""", code)


def open_lab(browser: Any, base: str, game: str, rate: float = 1.0) -> tuple[Any, Any]:
    """The Lab of ``game`` in a new context, the CPU ``rate`` times slower, its long
    tasks watched, once both its referee and the first bot's sandbox started (a student
    types before pressing Run; a match measured before would count a boot)."""
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    watch_long_tasks(page)
    throttle(ctx, page, rate)
    page.goto(f"{base}/index.html?lab={game}&lang=en")
    page.wait_for_function(READY, timeout=180_000)
    wait_for_marks(page, "parlor:lab-worker-start", "parlor:lab-sandbox-start")
    return ctx, page


def match(page: Any, code: str, games: int, limit: str = "1000") -> float:
    """Run a match in the page; its ``parlor:lab-match`` measure in ms."""
    set_code(page, code)
    page.select_option("[data-lab-field=level]", "random")
    page.select_option("[data-lab-field=games]", str(games))
    page.select_option("[data-lab-field=limit]", limit)
    reset_long_tasks(page)
    before = len(measures(page, "parlor:lab-match"))
    page.click("[data-action=lab-run]")
    page.wait_for_selector(f"[data-lab-progress][data-done='{games}']", timeout=600_000)
    page.wait_for_function(f"performance.getEntriesByName('parlor:lab-match').length > {before}",
                           timeout=60_000)
    return measures(page, "parlor:lab-match")[-1]
