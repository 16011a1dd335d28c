"""The Lab's sandboxes start from a snapshot, and a bot finds in a
restored sandbox exactly what it finds in one started normally; the referee starts
from the page's own snapshot where the service worker keeps it and plays the same games
as when started normally; any doubt is a normal start, said on the console and in
``parlorSandbox.starts`` and ``parlorLab.refereeStart``.

One page: the page's snapshot put in Cache Storage first, as sw.js keeps it (the
referee takes it from there only; no service worker here, so the sandboxes' comes from
the host, as in every other Lab test), a probe bot runs from the snapshots, then the
Lab's workers are ended and started again with both snapshots broken behind a right
header (their restores throw), and then with both missing: each starts normally, saying
why, the probe reads the same things, and the referee plays a seeded match move for
move as the restored one did."""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from e2e.conftest import WORKER_BOOT_MS
from e2e.test_lab import open_lab, set_code
from e2e.test_lab_sandbox import printed, run_match
from playwright.sync_api import Page, Route

ROOT = Path(__file__).resolve().parent.parent

#: What a student's code could reach, summed up in one printed line per kind: the
#: worker's global names, the interpreter's modules, path, environment and __main__.
PROBE = '''
import os, sys, zlib
import js

def _digest(items):
    return zlib.crc32("\\n".join(sorted(map(str, items))).encode())

_names = js.Object.getOwnPropertyNames(js.self).to_py()
_seen = [
    f"globals {len(_names)} {_digest(_names)} fetch={js.Reflect.get(js.self, 'fetch')}",
    f"modules {len(sys.modules)} {_digest(sys.modules)}",
    f"path {sys.path}",
    f"environ {_digest(os.environ)} main {_digest(k for k in globals() if not k.startswith('_'))}",
]


def choose(view, moves, rng):
    print("\\n".join(_seen))
    return moves[0]
'''


#: The games of each Run: the probe is read in the first (``probed``); the others only
#: played it again.
PLAYED = 2


def probed(page: Page) -> str:
    """The probe's lines, as the bot printed them in the match's first game."""
    said = printed(page, 0)
    lines = said[said.index("globals "):].splitlines()
    return "\n".join(lines[:4])  # its first move's


def last_start(page: Page) -> dict[str, str]:
    return page.evaluate("window.parlorSandbox.starts.last")


def rerun(page: Page, normal_starts: int) -> None:
    """Run again in fresh workers; wait for the sandbox's start and the match's end."""
    page.evaluate("window.parlorLab.end()")
    page.click("[data-action=lab-run]")
    page.wait_for_function(f"window.parlorSandbox.starts.normal >= {normal_starts}",
                           timeout=WORKER_BOOT_MS)
    page.locator(f"[data-lab-progress][data-done='{PLAYED}']").wait_for(timeout=WORKER_BOOT_MS)


def broken(manifest_name: str) -> Callable[[Route], None]:
    """A route that answers with the snapshot of ``py/<manifest_name>``: its true header
    and a heap of zeros."""

    def fulfill(route: Route) -> None:
        manifest = json.loads((ROOT / "py" / manifest_name).read_text())
        header = f"PARLORSNAP1 {manifest['key']}".ljust(31).encode() + b"\n"
        route.fulfill(status=200, body=gzip.compress(header + bytes(4 * 1024 * 1024)),
                      headers={"Content-Type": "application/octet-stream"})

    return fulfill


#: The page's snapshot put in Cache Storage as sw.js keeps it: unpacked, under its name
#: without ``.gz``; with ``broken``, its true header and a heap of zeros instead.
CACHE_PAGE_SNAPSHOT = """async (broken) => {
  const manifest = await (await fetch("py/snapshot.json")).json();
  const url = new URL("py/" + manifest.file, location.href).href;
  let body;
  if (broken) {
    const header = new TextEncoder().encode(`PARLORSNAP1 ${manifest.key}`.padEnd(31) + "\\n");
    body = new Uint8Array(4 * 1024 * 1024);
    body.set(header);
  } else {
    const packed = await fetch(url + ".gz");
    body = packed.body.pipeThrough(new DecompressionStream("gzip"));
  }
  await (await caches.open("test-page-snapshot")).put(url, new Response(body));
}"""


def referee_start(page: Page) -> dict[str, Any]:
    page.wait_for_function("window.parlorLab.refereeStart !== null", timeout=WORKER_BOOT_MS)
    return page.evaluate("window.parlorLab.refereeStart")


#: A seeded match the referee plays itself (the page's worker API, no UI): a bot
#: against ``random``, whose moves come from each game's seed only.
SEEDED = json.dumps({"source": "def choose(view, moves, rng):\n    return moves[-1]\n",
                     "game": "kabaleo", "level": "random", "players": 3, "games": 4,
                     "first": 0, "seed": 36, "limit_ms": 5000, "options": {},
                     "key": bytes(range(32)).hex()})


def played(page: Page) -> list[object]:
    """The seeded match's games as the referee reports them: seat, seed, share, every
    move (not the times)."""
    return page.evaluate("""(request) => new Promise((resolve, reject) => {
      const games = [];
      const take = (text) => {
        for (const item of JSON.parse(text)) {
          if (item.kind === "game") {
            const g = item.game;
            games.push([item.number, g.seat, g.seed, g.share, g.moves]);
          }
        }
      };
      window.parlorLab.run(request, (kind, text) => {
        if (kind === "batch") take(text);
        else if (kind === "done") { take(text); resolve(games); }
        else reject(new Error(kind + ": " + text));
      });
    })""", SEEDED)


def test_a_bot_finds_the_same_in_a_restored_sandbox_and_a_doubt_starts_normally(
        page: Page, base_url: str) -> None:
    messages: list[str] = []
    page.on("console", lambda m: messages.append(f"{m.type}: {m.text}"))
    page.goto(f"{base_url}/precache.js")  # the origin, for its Cache Storage
    page.evaluate(CACHE_PAGE_SNAPSHOT, False)
    open_lab(page, base_url, "kabaleo")
    set_code(page, PROBE)
    run_match(page, games="10", played=PLAYED)
    restored = probed(page)
    assert last_start(page)["mode"] == "snapshot"
    # Its package written from the files the frame unpacked once (assets/lab-zip.mjs),
    # not unzipped again: the bot still finds what a normal start's finds (below).
    assert last_start(page)["package"] == "written"
    assert any("sandboxes start from their snapshot" in m for m in messages), messages
    assert "fetch=None" in restored  # stripped after the restore too
    # The steps of its start, as its worker timed them (its own clock: in order).
    steps = last_start(page)["steps"]
    order = ["evaluated", "received", "read", "loaded", "unpacked", "ready"]
    assert all(steps[k] > 0 for k in order), steps
    assert [steps[k] for k in order] == sorted(steps[k] for k in order), steps
    assert referee_start(page)["mode"] == "snapshot"
    # The referee's steps too (for `make bench`), each after the one before.
    steps = referee_start(page)["steps"]
    order = ["begun", "zip", "stdlib", "found", "loaded", "unpacked", "ready"]
    assert all(steps[k] > 0 for k in order), steps
    assert [steps[k] for k in order] == sorted(steps[k] for k in order), steps
    assert any("referee starts from the page's snapshot" in m for m in messages), messages
    games = played(page)
    assert len(games) == 4 and all(len(g[4]) > 10 for g in games), games  # type: ignore[index]

    # Their restores throw (true headers, heaps of zeros): normal starts, said.
    page.route("**/py/lab-sandbox-*.bin.gz", broken("lab-snapshot.json"))
    page.evaluate(CACHE_PAGE_SNAPSHOT, True)
    rerun(page, 1)
    assert last_start(page)["mode"] == "normal"
    assert last_start(page)["reason"].startswith("snapshot refused: Snapshot has invalid")
    assert last_start(page)["steps"]["ready"] > 0
    assert last_start(page)["package"] == "unzipped"
    assert any(m.startswith("warning: Parlor: a Lab sandbox started normally (snapshot refused")
               for m in messages), messages
    assert probed(page) == restored
    assert referee_start(page)["mode"] == "normal"
    assert referee_start(page)["reason"].startswith("snapshot refused: ")
    assert any(m.startswith("warning: Parlor: the Lab's referee starts normally (snapshot "
                            "refused") for m in messages), messages

    # No snapshots at all (their manifests missing): normal starts, said; the referee
    # plays the seeded match move for move as the restored one did.
    page.route("**/py/lab-snapshot.json", lambda route: route.fulfill(status=404, body=""))
    page.route("**/py/snapshot.json", lambda route: route.fulfill(status=404, body=""))
    rerun(page, 2)
    assert last_start(page)["mode"] == "normal"
    assert last_start(page)["reason"] == "no snapshot here (its manifest could not be read)"
    assert any("sandboxes start normally (no snapshot here" in m for m in messages), messages
    assert probed(page) == restored
    start = referee_start(page)
    assert (start["mode"], start["reason"]) == (
        "normal", "no snapshot here (its manifest could not be read)")
    assert played(page) == games
