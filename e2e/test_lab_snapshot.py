"""The Lab's sandboxes start from a snapshot (issue 36, item 4), and a bot finds in a
restored sandbox exactly what it finds in one started normally; any doubt is a normal
start, said on the console and in ``parlorSandbox.starts``.

One page: a probe bot runs from the snapshot (as in every other Lab test: the page
fetches it from the host when no service worker has it), then the Lab's workers are
ended and started again with the snapshot broken behind a right header (its restore
throws), and then with it missing: each starts normally, saying why, and the probe
reads the same things."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

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
                           timeout=90_000)
    page.locator("[data-lab-progress][data-done='10']").wait_for(timeout=90_000)


def broken_snapshot(route: Route) -> None:
    """The sandbox's snapshot with its true header and a heap of zeros."""
    manifest = json.loads((ROOT / "py" / "lab-snapshot.json").read_text())
    header = f"PARLORSNAP1 {manifest['key']}".ljust(31).encode() + b"\n"
    route.fulfill(status=200, body=gzip.compress(header + bytes(4 * 1024 * 1024)),
                  headers={"Content-Type": "application/octet-stream"})


def test_a_bot_finds_the_same_in_a_restored_sandbox_and_a_doubt_starts_normally(
        page: Page, base_url: str) -> None:
    messages: list[str] = []
    page.on("console", lambda m: messages.append(f"{m.type}: {m.text}"))
    open_lab(page, base_url, "kabaleo", long_tasks=False)
    set_code(page, PROBE)
    run_match(page, games="10")
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

    # Its restore throws (a true header, a heap of zeros): a normal start, said.
    page.route("**/py/lab-sandbox-*.bin.gz", broken_snapshot)
    rerun(page, 1)
    assert last_start(page)["mode"] == "normal"
    assert last_start(page)["reason"].startswith("snapshot refused: Snapshot has invalid")
    assert last_start(page)["steps"]["ready"] > 0
    assert last_start(page)["package"] == "unzipped"
    assert any(m.startswith("warning: Parlor: a Lab sandbox started normally (snapshot refused")
               for m in messages), messages
    assert probed(page) == restored

    # No snapshot at all (its manifest missing): a normal start, said.
    page.route("**/py/lab-snapshot.json", lambda route: route.fulfill(status=404, body=""))
    rerun(page, 2)
    assert last_start(page)["mode"] == "normal"
    assert last_start(page)["reason"] == "no snapshot here (its manifest could not be read)"
    assert any("sandboxes start normally (no snapshot here" in m for m in messages), messages
    assert probed(page) == restored
