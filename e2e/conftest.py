"""Shared fixtures for the browser tests (pytest + Playwright, sync API).

Fixtures
    base_url      session: the repository root served on a free 127.0.0.1 port by
                  tools/serve.py's handler (or $PARLOR_BASE_URL if set, e.g. a sub-path).
    browser       session: headless Chromium (Debian's /usr/bin/chromium, or $CHROMIUM;
                  Playwright's own build only when neither exists).
    context       function: a fresh browser context whose requests are all routed: those
                  to base_url's origin go through, anything else is aborted and recorded,
                  and the test then fails at teardown listing them.
    page          function: a page in that context; in a test that takes `app`, the warm
                  page instead (below).
    browser_log   function: what the browser said during the test (console errors and
                  warnings, uncaught page errors, local HTTP errors, blocked requests);
                  appended to the report of a failing test. Tests may assert on it.
    app           function: `app(query="")` = open_app(page, base_url, query), in the warm
                  page: one page, in one context routed the same way, kept from test to
                  test, so that its renderer (with Pyodide compiled in it) is reused:
                  the app then starts in about 1.3 s instead of 2.8 s. Before each test
                  it is reset: other pages closed, about:blank and a garbage collection
                  (the last Python freed), the origin's storage cleared (local storage,
                  IndexedDB, caches, cookies, service workers), permissions, page
                  routes, viewport, emulated media and timeouts back to their defaults;
                  after a failed test, or if the page died, it is thrown away. What
                  cannot be taken back (init scripts, CDP sessions, listeners, exposed
                  functions) does not belong in such a test: take `page` (and not `app`)
                  to get a fresh context, as the lower-level tests do.

Helpers
    open_app(page, base_url, query="")  go to base_url/index.html?query and wait until
                  document.body.dataset.ready == "1" (120 s); returns the page. Fails at
                  once if PyScript shows a Python error (div.py-error) instead.
    is_warm(page) whether ``page`` is the warm page (which refuses init scripts), for a
                  helper shared by tests of both kinds.
    poll(page, check, what)  check() until truthy (120 s), for conditions that only an
                  async evaluate can read.

Waits: every test waits for the condition it asserts, never for a time, and never for
an in-between state a fast or a slow machine may skip unless the test holds that state
itself (a held route, as e2e/test_loading.py does). Limits are generous (READY_TIMEOUT_MS,
ACTION_TIMEOUT_MS, also expect()'s default here): set a lower one in a test only with a
reason. How fast the app is, is tools/bench's to measure, not a test's to assert.

A failing test also leaves a screenshot in e2e/artifacts/ (git-ignored).

When a renderer dies ("Target crashed") the report says which page crashed, and what
Chromium itself printed during the test is in the report's captured stderr (the
Playwright driver runs with DEBUG=pw:browser, so Chromium's stderr, a V8 fatal error or
"Check failed" line included, reaches pytest's capture).

No pytest-playwright plugin: it assumes browsers downloaded by `playwright install`.
"""

from __future__ import annotations

import os
import re
import shutil
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    CDPSession,
    Page,
    Playwright,
    expect,
    sync_playwright,
)
from tests.tools_loader import load_tool

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"

#: Every wait is for a condition, and its limit is generous: a test fails because the
#: condition never came, not because the machine was slow that day (a 2-core machine
#: shared with other jobs ran the suite 2.5-3 times slower than an idle one). A passing
#: test never waits out a limit, so a long one costs nothing.
READY_TIMEOUT_MS = 120_000  # the app ready (Python booted)
ACTION_TIMEOUT_MS = 60_000  # each action, wait_for_* and (below) each expect(...)
WORKER_BOOT_MS = 180_000  # a Lab worker's first answer: it boots a Pyodide of its own
expect.set_options(timeout=ACTION_TIMEOUT_MS)

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    # Belt and braces beside request routing (which does not see every request, e.g.
    # some made by a service worker): no host name but localhost resolves at all.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
]

#: The browser tests' Chromium runs WebAssembly in V8's baseline compiler only (Liftoff),
#: each function compiled when first called. Each app start compiles Pyodide's 10 MB of
#: wasm; by default V8 compiles all of it, then recompiles the hot functions with its
#: optimising compiler (TurboFan) in the background, which a test that boots, clicks and
#: checks never pays back: measured side by side (2026-11-29), one start on an idle
#: machine 4.4-5.5 -> 3.0-4.2 CPU-seconds, on a loaded one 7.7-9.5 -> 3.3-4.8 s; the game
#: and menu tests 76 -> 54 s, the Lab's sandbox tests 168 -> 126 s, the whole browser
#: phase of `make test` 1,174 -> 828-846 s (docs/decisions/browser-tests-baseline-wasm.md).
#: Behaviour is the same in either tier; speed is measured by `make bench` and the
#: smoke suite (e2e/test_engines.py) runs the browsers as shipped, with ``CHROMIUM_ARGS``.
#: PARLOR_E2E_WASM=optimised runs these tests with both tiers too.
BASELINE_WASM = "--js-flags=--liftoff-only --wasm-lazy-compilation"
TEST_ARGS = [*CHROMIUM_ARGS] + (
    [] if os.environ.get("PARLOR_E2E_WASM") == "optimised" else [BASELINE_WASM])


#: tools/serve.py, loaded once even though this file is imported twice (as ``conftest``
#: and, by some tests, as ``e2e.conftest``).
serve = load_tool("serve")
start_server = serve.start_server  # for tests that need their own server (e.g. a sub-path)


def find_chromium() -> str | None:
    """Path of the Chromium to drive, or None to use Playwright's downloaded build."""
    env = os.environ.get("CHROMIUM")
    if env:
        path = shutil.which(env) or env
        if not os.access(path, os.X_OK):
            raise pytest.UsageError(f"CHROMIUM={env!r} is not an executable")
        return path
    if os.access("/usr/bin/chromium", os.X_OK):
        return "/usr/bin/chromium"
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


# ---------------------------------------------------------------------------- log


@dataclass
class BrowserLog:
    """What the browser reported during one test."""

    console: list[str] = field(default_factory=list)  # console errors and warnings
    page_errors: list[str] = field(default_factory=list)  # uncaught exceptions
    http_errors: list[str] = field(default_factory=list)  # local responses >= 400
    blocked: list[str] = field(default_factory=list)  # non-local requests, aborted

    @property
    def console_errors(self) -> list[str]:
        return [line for line in self.console if line.startswith("[error]")]

    def format(self) -> str:
        out: list[str] = []
        for title, lines in (
            ("blocked non-local requests", self.blocked),
            ("uncaught page errors", self.page_errors),
            ("console errors and warnings", self.console),
            ("local HTTP errors", self.http_errors),
        ):
            if lines:
                out.append(f"--- {title} ({len(lines)}) ---")
                out.extend(lines)
        return "\n".join(out)


_LOG_KEY = pytest.StashKey[BrowserLog]()
_REPORTS_KEY = pytest.StashKey[dict]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    report = yield
    item.stash.setdefault(_REPORTS_KEY, {})[report.when] = report
    log = item.stash.get(_LOG_KEY, None)
    if log is not None and report.failed:
        text = log.format()
        if text:
            report.sections.append(("browser log", text))
    return report


# ----------------------------------------------------------------------- fixtures


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    external = os.environ.get("PARLOR_BASE_URL")
    if external:
        yield external.rstrip("/")
        return
    serve.refresh_precache()  # the package zip and precache list match the working tree
    server, url = start_server(directory=ROOT, quiet=True)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    # The driver echoes the browser's stderr only when asked; it inherits this at start.
    os.environ.setdefault("DEBUG", "pw:browser")
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    executable = find_chromium()
    try:
        browser = playwright_instance.chromium.launch(
            executable_path=executable, headless=True, args=TEST_ARGS
        )
    except Exception as exc:  # pragma: no cover - depends on the machine
        hint = "install Debian's chromium (`make setup` as root) or set CHROMIUM=/path"
        raise pytest.UsageError(
            f"cannot launch Chromium ({executable or 'bundled'}): {exc}\n{hint}"
        ) from exc
    yield browser
    browser.close()


@pytest.fixture
def browser_log(request: pytest.FixtureRequest) -> BrowserLog:
    log = BrowserLog()
    request.node.stash[_LOG_KEY] = log
    return log


VIEWPORT: Any = {"width": 1280, "height": 800}


def isolated_context(
    browser: Browser, base_url: str, browser_log: BrowserLog, service_workers: str = "block",
    locale: str = "en-US", **options: Any,
) -> BrowserContext:
    """A fresh context in which only ``base_url``'s origin is reachable; every other
    request is aborted and recorded in ``browser_log.blocked``.

    Service workers are blocked unless asked for: most tests check the app itself, and
    each fresh context would otherwise precache the whole app (about 15 MB) first.
    ``options`` go to ``new_context`` (a touch screen: ``has_touch``, ``is_mobile``,
    ``viewport``)."""
    return routed_context(browser, base_url, lambda: browser_log, service_workers, locale,
                           **options)


def routed_context(
    browser: Browser, base_url: str, log_of: Callable[[], BrowserLog],
    service_workers: str = "block", locale: str = "en-US", **options: Any,
) -> BrowserContext:
    """isolated_context, recording into ``log_of()``: for a test that keeps its own log
    (its own server, or a context shared by a module's tests)."""
    local = origin(base_url)
    # An English browser unless a test asks otherwise: the page follows the browser's
    # languages (assets/lang.js), and the machine's own locale must not change a test.
    options.setdefault("viewport", VIEWPORT)
    ctx = browser.new_context(locale=locale, service_workers=service_workers,  # type: ignore[arg-type]
                              **options)
    ctx.set_default_timeout(ACTION_TIMEOUT_MS)
    ctx.set_default_navigation_timeout(READY_TIMEOUT_MS)

    def route_handler(route, req) -> None:
        if origin(req.url) == local:
            route.continue_()
        else:
            log_of().blocked.append(f"{req.method} {req.url} ({req.resource_type})")
            route.abort("blockedbyclient")

    def on_console(msg) -> None:
        if msg.type in ("error", "warning"):
            loc = msg.location or {}
            where = f" ({loc.get('url', '')}:{loc.get('lineNumber', '')})" if loc else ""
            log_of().console.append(f"[{msg.type}] {msg.text}{where}")

    def on_weberror(err) -> None:
        log_of().page_errors.append(str(err.error))

    def on_response(resp) -> None:
        if resp.status >= 400 and origin(resp.url) == local:
            log_of().http_errors.append(f"{resp.status} {resp.request.method} {resp.url}")

    def on_page(page: Page) -> None:
        page.on("crash", lambda pg: log_of().page_errors.append(
            f"renderer crashed (Target crashed) on {pg.url}"))

    ctx.route(re.compile(r".*"), route_handler)
    ctx.on("page", on_page)
    ctx.on("console", on_console)
    ctx.on("weberror", on_weberror)
    ctx.on("response", on_response)
    return ctx


def fail_on_blocked(browser_log: BrowserLog) -> None:
    if browser_log.blocked:
        listed = "\n  ".join(browser_log.blocked)
        pytest.fail(
            f"the page tried to reach {len(browser_log.blocked)} non-local URL(s) "
            f"(the app must work with no network but its own origin):\n  {listed}",
            pytrace=False,
        )


def _screenshot_if_failed(request: pytest.FixtureRequest, pages: list[Page]) -> bool:
    """After a failed test, a screenshot of each page in e2e/artifacts/; True if failed."""
    reports = request.node.stash.get(_REPORTS_KEY, {})
    call = reports.get("call")
    if call is None or not call.failed:
        return False
    ARTIFACTS.mkdir(exist_ok=True)
    safe = re.sub(r"[^\w.-]+", "_", request.node.nodeid).strip("._")[-150:]
    for i, pg in enumerate(pages):
        try:
            pg.screenshot(path=str(ARTIFACTS / f"{safe}-{i}.png"), full_page=True)
        except Exception:  # best effort only
            pass
    return True


@pytest.fixture
def context(
    browser: Browser, base_url: str, browser_log: BrowserLog, request: pytest.FixtureRequest
) -> Iterator[BrowserContext]:
    if "app" in request.fixturenames:
        raise pytest.UsageError("a test taking `app` runs in the warm page's shared context "
                                "(page.context); take `page` without `app` for a fresh one")
    ctx = isolated_context(browser, base_url, browser_log)
    yield ctx
    _screenshot_if_failed(request, ctx.pages)
    ctx.close()
    fail_on_blocked(browser_log)


def _refuse_lasting_changes(target: Page | BrowserContext) -> None:
    """The warm page and its context refuse what a reset could not take back."""
    def refuse(name: str) -> Callable[..., None]:
        def refused(*args: object, **kwargs: object) -> None:
            raise pytest.UsageError(
                f"{name}() would outlive this test in the warm page that `app` gives: "
                "take `page` (without `app`) for a fresh context")
        return refused

    names = ["add_init_script", "expose_function", "expose_binding"]
    if isinstance(target, BrowserContext):
        names.append("new_cdp_session")
    for name in names:
        setattr(target, name, refuse(name))
    setattr(target, _WARM_MARK, True)


_WARM_MARK = "_parlor_warm"


def is_warm(page: Page) -> bool:
    """Whether ``page`` is the warm page that `app` gives (it refuses init scripts), so
    that a helper shared by both kinds of test can leave out what only a fresh page
    takes."""
    return bool(getattr(page, _WARM_MARK, False))


#: Tests one warm page serves before a fresh context replaces it: a renderer that boots
#: Python many times over is the one place a "Target crashed" was ever seen, and the
#: unchanged suite reused a tab for about this many boots.
WARM_USES = 15


class WarmPage:
    """One page kept from test to test (see `app` above): reset before each test, its
    context's events recorded into the running test's log."""

    def __init__(self, browser: Browser, base_url: str) -> None:
        self.browser, self.base_url = browser, base_url
        self.uses = 0  # tests served by the current context
        self.log = BrowserLog()  # between tests: events of nobody's test
        self.ctx: BrowserContext | None = None
        self.page: Page | None = None
        self.cdp: CDPSession | None = None

    def take(self, log: BrowserLog) -> Page:
        """The page, reset to a fresh context's state, recording into ``log``."""
        if self.ctx is not None and self.uses >= WARM_USES:
            self.discard()
        if self.ctx is not None:
            try:
                self._reset()
            except Exception:  # a page or renderer that died: start again
                self.discard()
        if self.ctx is None:
            self.ctx = routed_context(self.browser, self.base_url, lambda: self.log)
            _refuse_lasting_changes(self.ctx)
            self.uses = 0
        if self.page is None or self.page.is_closed():
            self.page, self.cdp = self.ctx.new_page(), None
            _refuse_lasting_changes(self.page)
            self._reset()
        self.log = log
        self.uses += 1
        return self.page

    def _reset(self) -> None:
        assert self.ctx is not None
        for pg in self.ctx.pages:
            if pg is not self.page:
                pg.close()
        if self.page is None or self.page.is_closed():
            return
        page = self.page
        if page.url != "about:blank":
            page.goto("about:blank")
        if self.cdp is None:
            self.cdp = BrowserContext.new_cdp_session(self.ctx, page)
        # The last test's Python (its wasm memory) goes now, not at some later boot.
        self.cdp.send("HeapProfiler.collectGarbage")
        self.cdp.send("Storage.clearDataForOrigin",
                      {"origin": origin(self.base_url), "storageTypes": "all"})
        self.ctx.clear_cookies()
        self.ctx.clear_permissions()
        # A route a test held (never answered) is dropped with the page it held: do not
        # wait for its handler, which never ends.
        page.unroute_all(behavior="ignoreErrors")
        page.set_viewport_size(VIEWPORT)
        page.emulate_media(media="null", color_scheme="null", reduced_motion="null",
                           forced_colors="null", contrast="null")
        page.set_default_timeout(ACTION_TIMEOUT_MS)
        page.set_default_navigation_timeout(READY_TIMEOUT_MS)

    def release(self) -> None:
        """After a test: its pages stop (about:blank), later events are nobody's."""
        assert self.ctx is not None
        try:
            for pg in self.ctx.pages:
                if pg is not self.page:
                    pg.close()
            if self.page is not None and not self.page.is_closed():
                self.page.goto("about:blank")
        except Exception:
            self.discard()
        self.log = BrowserLog()

    def discard(self) -> None:
        ctx, self.ctx, self.page, self.cdp = self.ctx, None, None, None
        if ctx is not None:
            try:
                ctx.close()
            except Exception:  # already gone with its browser
                pass


@pytest.fixture(scope="session")
def warm(browser: Browser, base_url: str) -> Iterator[WarmPage]:
    keeper = WarmPage(browser, base_url)
    yield keeper
    keeper.discard()


@pytest.fixture
def page(request: pytest.FixtureRequest, browser_log: BrowserLog) -> Iterator[Page]:
    if "app" not in request.fixturenames:
        yield request.getfixturevalue("context").new_page()
        return
    keeper: WarmPage = request.getfixturevalue("warm")
    page = keeper.take(browser_log)
    yield page
    assert keeper.ctx is not None
    if _screenshot_if_failed(request, keeper.ctx.pages):
        keeper.discard()  # the next test starts from a fresh context
    else:
        keeper.release()
    fail_on_blocked(browser_log)


def open_app(page: Page, base_url: str, query: str = "") -> Page:
    """Open index.html (with `query`, "?a=1" or "a=1") and wait until the app is ready."""
    if query and not query.startswith("?"):
        query = "?" + query
    page.goto(f"{base_url.rstrip('/')}/index.html{query}", wait_until="domcontentloaded")
    # Stop early, too, when PyScript reports a Python error (it appends div.py-error).
    page.wait_for_function(
        "() => document.body && (document.body.dataset.ready === '1'"
        " || document.querySelector('.py-error') !== null)",
        timeout=READY_TIMEOUT_MS,
    )
    if page.evaluate("() => document.body.dataset.ready") != "1":
        errors = page.eval_on_selector_all(".py-error", "els => els.map(e => e.textContent)")
        raise AssertionError("the app failed to start:\n" + "\n".join(errors))
    return page


@pytest.fixture
def app(page: Page, base_url: str) -> Callable[..., Page]:
    """`app(query="")`: open the app in this test's page and wait for it to be ready."""
    return lambda query="": open_app(page, base_url, query)


def poll(page: Page, check: Callable[[], Any], what: str,
         timeout_ms: int = READY_TIMEOUT_MS, every_ms: int = 250) -> Any:
    """``check()`` until it returns something truthy (returned), or fail saying ``what``
    was awaited. For conditions only an async evaluate can read (Cache Storage, WebRTC
    statistics): a ``wait_for_function`` predicate that returns a promise is truthy at
    once, and Python's Playwright has no ``expect.poll``. The pause between two looks
    is the page's (``wait_for_timeout``), so its events go on meanwhile."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        got = check()
        if got:
            return got
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout_ms / 1000:.0f} s for {what}; last: {got!r}")
        page.wait_for_timeout(every_ms)


def saved_state(page: Page) -> object:
    """The game as the page saved it (after the bots' moves too), replayed in CPython."""
    from urllib.parse import parse_qs, urlsplit

    from parlor.app import saves

    save_id = parse_qs(urlsplit(page.url).query)["save"][0]
    raw = page.evaluate(f"localStorage.getItem('{saves.PREFIX}{save_id}')")
    entry = saves.decode(save_id, raw)
    assert entry.session is not None, entry.error
    return entry.session.state
