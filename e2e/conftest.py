"""Shared fixtures for the browser tests (pytest + Playwright, sync API).

Fixtures
    base_url      session: the repository root served on a free 127.0.0.1 port by
                  tools/serve.py's handler (or $PARLOR_BASE_URL if set, e.g. a sub-path).
    browser       session: headless Chromium (Debian's /usr/bin/chromium, or $CHROMIUM;
                  Playwright's own build only when neither exists).
    context       function: a fresh browser context whose requests are all routed: those
                  to base_url's origin go through, anything else is aborted and recorded,
                  and the test then fails at teardown listing them.
    page          function: a page in that context.
    browser_log   function: what the browser said during the test (console errors and
                  warnings, uncaught page errors, local HTTP errors, blocked requests);
                  appended to the report of a failing test. Tests may assert on it.
    app           function: `app(query="")` = open_app(page, base_url, query).

Helper
    open_app(page, base_url, query="")  go to base_url/index.html?query and wait until
                  document.body.dataset.ready == "1" (60 s); returns the page. Fails at
                  once if PyScript shows a Python error (div.py-error) instead.

A failing test also leaves a screenshot in e2e/artifacts/ (git-ignored).

When a renderer dies ("Target crashed") the report says which page crashed, and what
Chromium itself printed during the test is in the report's captured stderr (the
Playwright driver runs with DEBUG=pw:browser, so Chromium's stderr, a V8 fatal error or
"Check failed" line included, reaches pytest's capture).

No pytest-playwright plugin: it assumes browsers downloaded by `playwright install`.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"

READY_TIMEOUT_MS = 60_000
ACTION_TIMEOUT_MS = 15_000

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


def _load_serve_module():
    """tools/serve.py, imported by path (tools/ is not a package)."""
    name = "parlor_tools_serve"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / "serve.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


serve = _load_serve_module()
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
            executable_path=executable, headless=True, args=CHROMIUM_ARGS
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


def isolated_context(
    browser: Browser, base_url: str, browser_log: BrowserLog, service_workers: str = "block",
    locale: str = "en-US",
) -> BrowserContext:
    """A fresh context in which only ``base_url``'s origin is reachable; every other
    request is aborted and recorded in ``browser_log.blocked``.

    Service workers are blocked unless asked for: most tests check the app itself, and
    each fresh context would otherwise precache the whole app (about 15 MB) first."""
    local = origin(base_url)
    # An English browser unless a test asks otherwise: the page follows the browser's
    # languages (assets/lang.js), and the machine's own locale must not change a test.
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale=locale,
                              service_workers=service_workers)  # type: ignore[arg-type]
    ctx.set_default_timeout(ACTION_TIMEOUT_MS)
    ctx.set_default_navigation_timeout(READY_TIMEOUT_MS)

    def route_handler(route, req) -> None:
        if origin(req.url) == local:
            route.continue_()
        else:
            browser_log.blocked.append(f"{req.method} {req.url} ({req.resource_type})")
            route.abort("blockedbyclient")

    def on_console(msg) -> None:
        if msg.type in ("error", "warning"):
            loc = msg.location or {}
            where = f" ({loc.get('url', '')}:{loc.get('lineNumber', '')})" if loc else ""
            browser_log.console.append(f"[{msg.type}] {msg.text}{where}")

    def on_weberror(err) -> None:
        browser_log.page_errors.append(str(err.error))

    def on_response(resp) -> None:
        if resp.status >= 400 and origin(resp.url) == local:
            browser_log.http_errors.append(f"{resp.status} {resp.request.method} {resp.url}")

    def on_page(page: Page) -> None:
        page.on("crash", lambda pg: browser_log.page_errors.append(
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


@pytest.fixture
def context(
    browser: Browser, base_url: str, browser_log: BrowserLog, request: pytest.FixtureRequest
) -> Iterator[BrowserContext]:
    ctx = isolated_context(browser, base_url, browser_log)
    yield ctx

    reports = request.node.stash.get(_REPORTS_KEY, {})
    call = reports.get("call")
    if call is not None and call.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        safe = re.sub(r"[^\w.-]+", "_", request.node.nodeid).strip("._")[-150:]
        for i, pg in enumerate(ctx.pages):
            try:
                pg.screenshot(path=str(ARTIFACTS / f"{safe}-{i}.png"), full_page=True)
            except Exception:  # best effort only
                pass
    ctx.close()
    fail_on_blocked(browser_log)


@pytest.fixture
def page(context: BrowserContext) -> Page:
    return context.new_page()


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


def saved_state(page: Page) -> object:
    """The game as the page saved it (after the bots' moves too), replayed in CPython."""
    from urllib.parse import parse_qs, urlsplit

    from parlor.app import saves

    save_id = parse_qs(urlsplit(page.url).query)["save"][0]
    raw = page.evaluate(f"localStorage.getItem('{saves.PREFIX}{save_id}')")
    entry = saves.decode(save_id, raw)
    assert entry.session is not None, entry.error
    return entry.session.state
