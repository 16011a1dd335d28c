"""Offline play and static deployment: a built dist/ served from a sub-path,
precached by the service worker, reopens and resumes a saved game with the server
stopped and the network off; a changed build offers a "reload" prompt."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from tests.tools_loader import load_tool

from conftest import (
    WORKER_BOOT_MS,
    BrowserLog,
    fail_on_blocked,
    isolated_context,
    poll,
    start_server,
)
from kabaleo_helpers import play_one_move, wait_for_my_turn_or_end

SUB_PATH = "games/parlor"
READY = "document.body.dataset.ready === '1'"


site = load_tool("site")


@pytest.fixture
def dist(tmp_path: Path) -> Path:
    """`make dist`'s output, placed under a sub-path of the served folder."""
    out = tmp_path / SUB_PATH
    site.build_dist(out)
    return out


def test_dist_holds_exactly_the_app(dist: Path) -> None:
    """The app and its runtime; no tests, no node_modules, no tools."""
    top = {p.name for p in dist.iterdir()}
    assert top == {"index.html", "pyscript.toml", "sw.js", "precache.js", "py", "assets",
                   "vendor"}
    names = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}
    assert not any(n.endswith(".map") or "node_modules" in n or "/tests/" in n for n in names)
    assert "vendor/pyodide/pyodide.asm.wasm" in names
    listed = site.app_files(dist)
    assert set(listed) | {"sw.js", "precache.js"} == names


#: A first visit starts Python normally, whether the new worker took the page before
#: Python started (an empty cache then) or not.
FIRST_VISIT = ("no service worker yet (a first visit): the snapshot is cached for the next",
               "no snapshot in the cache")


def started(page: Page) -> dict[str, str]:
    """How the page's Python started (assets/pyodide-start.mjs), without the timing."""
    start = page.evaluate("globalThis.parlorStart")
    return {k: v for k, v in start.items() if k in ("mode", "reason")}


#: The start's marks on the page's timeline, in the order they must come
#: (assets/pyodide-start.mjs, parlor.web.start): PyScript asks for Pyodide, Python is up,
#: the first screen, then PyScript's run of the page's script.
START_MARKS = ("parlor:pyodide-called", "parlor:pyodide-loaded", "parlor:ready",
               "parlor:pyscript-ran")


def one_start(page: Page) -> None:
    """Python was started once (a second interpreter, after a refused snapshot say,
    would mark Python up again), before the first screen, and PyScript ran the page's
    script on it after: each mark once, in order."""
    page.wait_for_function(
        "performance.getEntriesByName('parlor:pyscript-ran').length > 0")
    marks = page.evaluate(f"""Object.fromEntries({list(START_MARKS)!r}.map(
        (n) => [n, performance.getEntriesByName(n).map((e) => e.startTime)]))""")
    assert all(len(marks[name]) == 1 for name in START_MARKS), marks
    times = [marks[name][0] for name in START_MARKS]
    assert times == sorted(times), marks


def snapshot_file(page: Page) -> str:
    return page.evaluate("""async () => {
        const cache = await caches.open((await caches.keys())[0]);
        return (await (await cache.match('py/snapshot.json')).json()).file;
    }""")


def cached_files(page: Page) -> int:
    return page.evaluate("""async () => {
        const names = (await caches.keys()).filter(n => n.startsWith('parlor-'));
        if (names.length !== 1) return -names.length;
        return (await (await caches.open(names[0])).keys()).length;
    }""")


def precached_first(dist: Path) -> int:
    """How many files the service worker precaches before the Lab is opened: all but
    the Lab's sandbox snapshot (tools/site_snapshots.py's fetched_when_asked)."""
    return sum(1 for f in site.app_files(dist) if not site.fetched_when_asked(f))


def lab_snapshot_cached(page: Page, name: str | None = None) -> bool:
    """Whether the Lab's snapshot is in the one cache there is, or in cache ``name``
    (others may be there: an update found early, below)."""
    return page.evaluate("""async (name) => {
        const names = (await caches.keys()).filter(n => n.startsWith('parlor-'));
        const manifest = await (await fetch('py/lab-snapshot.json')).json();
        if (name === null && names.length !== 1) return false;
        return !!(await (await caches.open(name ?? names[0])).match(`py/${manifest.file}`));
    }""", name)


def wait_until_precached(page: Page, count: int) -> None:
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    poll(page, lambda: cached_files(page) >= count,
         f"the service worker to cache {count} files", every_ms=500)


@pytest.fixture
def served(dist: Path, browser: Browser, browser_log: BrowserLog
           ) -> Iterator[tuple[object, str, BrowserContext]]:
    server, url = start_server(directory=dist.parents[1])
    ctx = isolated_context(browser, url, browser_log, service_workers="allow")
    try:
        yield server, f"{url}/{SUB_PATH}/", ctx
    finally:
        ctx.close()
        server.shutdown()
        server.server_close()
    fail_on_blocked(browser_log)


def test_offline_reload_resumes_the_saved_game(served, dist: Path) -> None:
    """Reloading with the network off and the server stopped opens the app and
    resumes the saved game (dist/ served from a sub-path); the Bot Lab runs a match
    offline."""
    server, app_url, ctx = served
    page = ctx.new_page()
    page.goto(f"{app_url}index.html?game=kabaleo&players=2&seats=human,bot:random"
              "&seed=3&botdelay=0")
    page.wait_for_function(READY)
    # A first visit starts Python normally (it never waits for the snapshot) ...
    start = started(page)
    assert start["mode"] == "normal" and start["reason"] in FIRST_VISIT, start
    one_start(page)
    wait_until_precached(page, precached_first(dist))
    wait_for_my_turn_or_end(page)
    play_one_move(page)
    wait_for_my_turn_or_end(page)
    log = page.locator("#game .log").inner_text()
    game_url = page.url
    # Most visitors never open the Lab: its sandboxes' snapshot is not precached ...
    assert not lab_snapshot_cached(page)
    # ... until the Lab is first opened: the service worker caches it then, and until it
    # holds it the Lab's sandboxes (started by the first Run) start normally, saying why
    # (this server is quick: the first sandbox may already find it).
    page.goto(f"{app_url}index.html?lab=kabaleo")
    page.wait_for_function(READY)
    page.select_option("[data-lab-field=games]", "10")
    page.click("[data-action=lab-run]")
    page.wait_for_function("window.parlorSandbox.starts.last !== null", timeout=WORKER_BOOT_MS)
    first = page.evaluate("window.parlorSandbox.starts.last")
    assert first["mode"] == "snapshot" or first["reason"].endswith(
        "is not in the service worker's cache yet"), first
    wait_until_precached(page, precached_first(dist) + 1)
    assert lab_snapshot_cached(page)

    server.shutdown()
    server.server_close()
    ctx.set_offline(True)

    page.goto(game_url)
    page.wait_for_function(READY)
    # ... and a repeat visit restores the snapshot the service worker precached.
    assert started(page)["mode"] == "snapshot"
    one_start(page)
    assert page.url == game_url
    wait_for_my_turn_or_end(page)
    assert page.locator("#game .log").inner_text() == log
    play_one_move(page)  # still playable offline, bot included
    wait_for_my_turn_or_end(page)
    # The folder's own address (no index.html) opens the menu from the cache too.
    page.goto(app_url)
    page.wait_for_function(READY)
    expect(page.locator("#continue")).to_be_visible()
    # The Bot Lab works offline too: its editor, its worker (a Pyodide of its
    # own, from the same cached files) and a match of the starter bot.
    page.goto(f"{app_url}index.html?lab=kabaleo")
    page.wait_for_function(READY)
    expect(page.locator(".lab-editor .cm-editor")).to_be_visible()
    page.select_option("[data-lab-field=games]", "10")
    page.click("[data-action=lab-run]")
    expect(page.locator("[data-lab-progress]")).to_have_attribute("data-done", "10",
                                                                  timeout=WORKER_BOOT_MS)
    expect(page.locator("[data-lab-score]")).to_have_attribute("data-games", "10")
    # ... its sandboxes from the snapshot cached when the Lab was first opened.
    starts = page.evaluate("window.parlorSandbox.starts")
    assert starts["snapshot"] >= 1 and starts["normal"] == 0, starts


def test_a_new_version_offers_a_reload(served, dist: Path) -> None:
    """A visible "new version available, reload" prompt when the cache changes,
    and the new version replaces the old cache cleanly."""
    _, app_url, ctx = served
    page = ctx.new_page()
    page.goto(f"{app_url}index.html")
    page.wait_for_function(READY)
    wait_until_precached(page, precached_first(dist))
    before = page.evaluate("caches.keys()")
    expect(page.locator("#update")).to_be_hidden()

    # The page's own text, as a WebKit first visit hands it over (index.html's first
    # script): the worker keeps it as index.html only if it is the manifest's file, so
    # a page (or anything else that can message it) cannot plant another one.
    handed = page.evaluate("""async () => {
        const cache = await caches.open((await caches.keys())[0]);
        const real = await (await cache.match('index.html')).text();
        await cache.delete('index.html');
        const hand = (html) => new Promise((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = (e) => resolve(e.data);
            navigator.serviceWorker.controller.postMessage(
                {type: 'parlor:page', html}, [channel.port2]);
        });
        const refused = [await hand('<!doctype html><script>alert(1)</script>'),
                         await hand(real + ' '), await hand([real]), await hand(null),
                         await hand(real.repeat(64))];
        const lacking = !(await cache.match('index.html'));
        const kept = await hand(real);
        return {refused, lacking, kept,
                same: (await (await cache.match('index.html')).text()) === real};
    }""")
    assert handed == {"refused": [False] * 5, "lacking": True, "kept": True, "same": True}

    # A snapshot Pyodide refuses (its header right, its heap not a heap) gives a
    # normal start that says why, not a broken page.
    page.evaluate("""async () => {
        const cache = await caches.open((await caches.keys())[0]);
        const manifest = await (await cache.match('py/snapshot.json')).json();
        const bytes = new Uint8Array(64);
        bytes.set(new TextEncoder().encode(`PARLORSNAP1 ${manifest.key}`.padEnd(31) + '\\n'));
        await cache.put(`py/${manifest.file}`, new Response(bytes));
    }""")
    page.reload()
    page.wait_for_function(READY)
    start = started(page)
    assert start["mode"] == "normal" and start["reason"].startswith("snapshot refused:"), start
    one_start(page)
    expect(page.locator("#menu")).to_be_visible()

    css = dist / "assets" / "parlor.css"
    css.write_text(css.read_text() + "\n/* a new version */\n")
    (dist / "precache.js").write_text(site.precache_js(dist, site.app_files(dist)))
    # The update copies each file whose hash did not change from the old cache rather
    # than downloading it: a file changed on the host after the manifest was written
    # (its hash is still the old one) is the old cache's copy in the new cache.
    lang = dist / "assets" / "lang.js"
    lang.write_text(lang.read_text() + "\n/* not downloaded again */\n")
    # The Lab's snapshot, fetched gzipped by a page before the worker holds it (the Lab's
    # finder with no worker's copy), is kept as it passes, unpacked under the name the
    # pages look for, and never as a second, packed copy (4.9 MB) beside it.
    # The old version's cache, by name: the browser's own update check after the reload
    # above may come after the edits (on a slow machine it did) and install the new
    # version beside it before the test asks for one.
    old_cache = next(n for n in before if n.startswith("parlor-"))
    assert not lab_snapshot_cached(page, old_cache)
    assert page.evaluate("""async () => {
        const manifest = await (await fetch('py/lab-snapshot.json')).json();
        return (await fetch(`py/${manifest.file}.gz`)).ok;
    }""")
    poll(page, lambda: lab_snapshot_cached(page, old_cache),
         "the Lab's snapshot kept as it passed")
    assert page.evaluate("""async () => {
        const names = (await caches.keys()).filter(n => n.startsWith('parlor-'));
        const keys = (await Promise.all(names.map(async n => (await caches.open(n)).keys())));
        return keys.flat().map(request => request.url).filter(url => url.endsWith('.gz'));
    }""") == []
    # Held, it is what the Lab's ask (when it opens) answers, and it is carried over by
    # its hash on an update: the host's copy is gone before the update.
    assert page.evaluate("""() => new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(event.data);
        navigator.serviceWorker.controller.postMessage('parlor:precache-lab', [channel.port2]);
    })""") is True
    poll(page, lambda: lab_snapshot_cached(page, old_cache),
         "the Lab's snapshot held in the old version's cache")
    for gz in (dist / "py").glob("lab-sandbox-*.bin.gz"):
        gz.unlink()
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    expect(page.locator("#update")).to_be_visible()
    new_cache = page.evaluate("""async (before) => {
        const name = (await caches.keys()).find(n => !before.includes(n));
        const cache = await caches.open(name);
        const read = async (url) => (await cache.match(url)).text();
        const snapshot = JSON.parse(await read('py/snapshot.json')).file;
        const lab = JSON.parse(await read('py/lab-snapshot.json')).file;
        return [await read('assets/lang.js'), await read('assets/parlor.css'),
                (await (await cache.match(`py/${snapshot}`)).arrayBuffer()).byteLength,
                (await (await cache.match(`py/${lab}`)).arrayBuffer()).byteLength];
    }""", before)
    assert "not downloaded again" not in new_cache[0]
    assert "a new version" in new_cache[1]
    # The damaged snapshot of the old cache (above) is not copied: its bytes are not
    # the manifest's; the new version fetched it whole.
    assert new_cache[2] > 1_000_000
    assert new_cache[3] > 1_000_000  # the Lab's, copied: the host has none any more

    with page.expect_navigation():
        page.click("#update-reload")
    page.wait_for_function(READY)
    after = page.evaluate("caches.keys()")
    assert len(after) == 1 and after != before
    # A snapshot of other files (its header not its key's) is found out while Pyodide
    # loads its own module (the read and the checks go on beside it): a normal start,
    # saying why, and still one interpreter.
    page.evaluate("""async () => {
        const cache = await caches.open((await caches.keys())[0]);
        const manifest = await (await cache.match('py/snapshot.json')).json();
        const bytes = new Uint8Array(64);
        bytes.set(new TextEncoder().encode('PARLORSNAP1 0000000000000000'.padEnd(31) + '\\n'));
        await cache.put(`py/${manifest.file}`, new Response(bytes));
    }""")
    page.reload()
    page.wait_for_function(READY)
    assert started(page) == {"mode": "normal", "reason": "snapshot mismatch: the header of "
                             f"{snapshot_file(page)} is not its key's"}
    one_start(page)
