"""Suites ``lab-starts`` and ``lab-versus``: the Lab's interpreters from snapshots
against normal starts, side by side in one run: the referee (a
normal start either way, for scale), the first sandbox (the Lab opened), its worker's
own start, each new sandbox after it (what every bot of a tournament waits for), the
steps of a new sandbox's start, and the sandboxes' frame's process (RSS, its one spare
sandbox in it); at full speed and with the CPU 4x slower. ``lab-versus`` compares this
tree's snapshot starts with another tree's (``--other DIR``: main's, say), at 1x.

    python -m tools.bench lab-starts [--rounds 5]
    python -m tools.bench lab-versus --other /work/main [--rounds 5]

The ``lab`` suite runs ``lab-starts`` first.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable
from typing import Any

from tools.bench.harness import READY, Context, renderers, throttle
from tools.bench.labpage import measures, wait_for_marks

ROUNDS = 5


def options(group: argparse._ArgumentGroup) -> None:
    group.add_argument("--rounds", type=int, default=0,
                       help="openings of each kind, median taken (lab, lab-starts, "
                            "lab-versus, referee: default 5; --quick 1)")
    group.add_argument("--other", metavar="DIR", default="",
                       help="another tree of the app (main's, say) for lab-versus, "
                            "referee and lab-class, served at another origin")


def rounds(ctx: Context) -> int:
    return ctx.args.rounds or (1 if ctx.args.quick else ROUNDS)


#: A new sandbox, once the frame holds the files: from make() to its first word, and
#: the steps of its start (``parlorSandbox.starts.last.steps``: ms since make(); none on
#: a tree before they were reported).
NEW_SANDBOX = """async () => {
  const starts = window.parlorSandbox.starts;
  const before = starts.snapshot + starts.normal;
  const t0 = performance.now();
  const { id, port } = window.parlorSandbox.make(() => {});
  const word = await new Promise((resolve) => { port.onmessage = (e) => resolve(e.data); });
  const ms = performance.now() - t0;
  for (let i = 0; i < 100 && starts.snapshot + starts.normal === before; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const steps = starts.snapshot + starts.normal > before ? starts.last.steps ?? null : null;
  window.parlorSandbox.kill(id);
  return [word === "ready" ? ms : -1, steps];
}"""

#: The steps of a new sandbox's start, in order (assets/lab-sandbox.js's STEPS).
STEPS = ("made", "begun", "evaluated", "received", "read", "loaded", "unpacked", "ready")


def one_start(browser: Any, base: str, rate: float, snapshot: bool,
              pause: float = 0.0) -> dict[str, float]:
    """The Lab opened once, its sandboxes from their snapshot or (its manifest missing)
    normally; `pause` seconds before each new sandbox (as a tournament's come)."""
    ctx = browser.new_context(service_workers="block")
    if not snapshot:
        ctx.route("**/lab-snapshot.json", lambda route: route.fulfill(status=404, body=""))
    page = ctx.new_page()
    throttle(ctx, page, rate)
    page.goto(f"{base}/index.html?lab=kabaleo&lang=en")
    page.wait_for_function(READY, timeout=300_000)
    mode = "snapshot" if snapshot else "normal"
    wait_for_marks(page, "parlor:lab-worker-start", "parlor:lab-sandbox-start",
                   f"parlor:lab-sandbox-boot-{mode}", timeout=300_000)
    assert page.evaluate("window.parlorSandbox.starts.last.mode") == mode
    made = []
    for _ in range(3):
        time.sleep(pause)
        made.append(page.evaluate(NEW_SANDBOX))
    news = sorted(ms for ms, _ in made)
    assert min(news) > 0, news
    time.sleep(2)
    alive = renderers(browser)
    page.evaluate("window.parlorSandbox.end()")  # the frame goes: its process is the one gone
    time.sleep(2)
    after = renderers(browser)
    gone = [rss for pid, (rss, _) in alive.items() if pid not in after]
    out = {"referee_ms": measures(page, "parlor:lab-worker-start")[0],
           "first_sandbox_ms": measures(page, "parlor:lab-sandbox-start")[0],
           "sandbox_boot_ms": measures(page, f"parlor:lab-sandbox-boot-{mode}")[0],
           "new_sandbox_ms": news[1], "frame_rss_mb": max(gone, default=0.0)}
    # Each step's own time (from the step before it), median of the three new sandboxes.
    steps = [s for _, s in made if s]
    for before, step in zip(STEPS, STEPS[1:], strict=False):
        if steps:
            out[f"step_{step}_ms"] = statistics.median(s[step] - s[before] for s in steps)
    ctx.close()
    return out


def starts(emit: Callable[[str], None], browser: Any, base: str, rate: float,
           rounds: int = 5) -> dict[str, dict[str, float]]:
    """Snapshot and normal starts, alternating, ``rounds`` each: medians, and the load."""
    runs: dict[str, list[dict[str, float]]] = {"snapshot": [], "normal": []}
    loads = [os.getloadavg()[0]]
    for i in range(rounds):
        for snapshot in ((True, False) if i % 2 == 0 else (False, True)):
            runs["snapshot" if snapshot else "normal"].append(
                one_start(browser, base, rate, snapshot))
            loads.append(os.getloadavg()[0])
    medians = {mode: {k: statistics.median(r[k] for r in rs) for k in rs[0]}
               for mode, rs in runs.items()}
    snap, normal = medians["snapshot"], medians["normal"]
    emit(f"  {f'{rate:g}x':5} load {min(loads):.1f}-{max(loads):.1f}, median of {rounds}: "
         "snapshot / normal (ratio)")
    for key, label in (("referee_ms", "referee ready"),
                       ("first_sandbox_ms", "first sandbox ready (Lab opened)"),
                       ("sandbox_boot_ms", "its worker's own start"),
                       ("new_sandbox_ms", "a new sandbox ready"),
                       ("frame_rss_mb", "sandboxes' frame, RSS MB")):
        emit(f"        {label:34} {snap[key]:8.0f} / {normal[key]:8.0f} "
             f"({snap[key] / normal[key]:.2f})")
    return {**medians, "load": {"min": min(loads), "max": max(loads)}}


def versus(emit: Callable[[str], None], browser: Any, base: str, other: str,
           rounds: int = 5) -> dict[str, object]:
    """This tree's sandboxes from their snapshot against another tree's (`other`, served
    too: e.g. main's commit exported), alternating, median of `rounds`, at 1x."""
    runs: dict[str, list[dict[str, float]]] = {"this": [], "other": []}
    loads = [os.getloadavg()[0]]
    for i in range(rounds):
        for name in (("this", "other") if i % 2 == 0 else ("other", "this")):
            runs[name].append(one_start(browser, base if name == "this" else other, 1.0,
                                        True, pause=1.0))
            loads.append(os.getloadavg()[0])
    medians = {n: {k: statistics.median(r[k] for r in rs if k in r)
                   for k in {k for r in rs for k in r}} for n, rs in runs.items()}
    emit(f"  1x load {min(loads):.1f}-{max(loads):.1f}, median of {rounds}: this / other")
    for key in sorted(medians["this"], key=lambda k: (k.startswith("step_"), k)):
        other_value = medians["other"].get(key)
        emit(f"        {key:20} {medians['this'][key]:8.0f} / "
             + (f"{other_value:8.0f}" if other_value is not None else "       -"))
    return {**medians, "runs": runs, "load": {"min": min(loads), "max": max(loads)}}


def run_starts(ctx: Context) -> dict[str, object]:
    ctx.emit("\nThe Lab's interpreters from snapshots against normal starts")
    return {f"starts@{t:g}x": starts(ctx.emit, ctx.session.browser, ctx.session.base, t,
                                     rounds(ctx)) for t in (1.0, 4.0)}


def run_versus(ctx: Context) -> dict[str, object]:
    if not ctx.args.other:
        ctx.emit("lab-versus: skipped (give the other tree: --other DIR)")
        return {}
    ctx.emit(f"\nThe Lab's sandboxes from their snapshot: this tree against {ctx.args.other}")
    return versus(ctx.emit, ctx.session.browser, ctx.session.base,
                  ctx.session.serve(ctx.args.other), rounds(ctx))
