"""Three browser engines behind one tiny interface, for the smoke suite (test_engines.py).

Classrooms run Chrome (Chromebooks), Safari (iPads) and Firefox. Playwright drives only
its own builds of Firefox and WebKit, so Debian's packages are driven by what they ship:

    chromium   Playwright over CDP (Debian's chromium, as the rest of e2e/)
    firefox    Marionette, Firefox's own protocol (``firefox-esr -marionette -headless``),
               spoken here over a TCP socket: a length-prefixed JSON array per message
    webkit     W3C WebDriver over HTTP (``WebKitWebDriver`` of Debian's
               webkit2gtk-driver); WebKitGTK needs a display, so under ``xvfb-run``

The interface is the least every protocol does the same way: go to a URL, reload, and
run a script in the page (an async function body; its promise is awaited and its value
returned, as W3C's Execute Script, Marionette and Playwright all do). Clicks and waits
are scripts too (helpers below), so each scenario is written once and means the same
in every engine. No extra Python package is needed: the two protocols are a few dozen
lines each, and the standard library speaks them.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Protocol

#: How long a page may take to say it is ready (a cold Pyodide on a loaded machine).
READY_S = 90.0
#: The engines the smoke suite knows, in the order they run.
ENGINES = ("chromium", "firefox", "webkit")


class EngineMissing(Exception):
    """The engine's browser or driver is not installed (the message says how to)."""


class Driver(Protocol):
    """What a smoke scenario may ask of a browser."""

    name: str
    version: str

    def goto(self, url: str) -> None: ...

    def reload(self) -> None: ...

    def script(self, body: str, *args: Any) -> Any:
        """Run ``body`` as an async function of ``args`` in the page; return its value."""
        ...

    def close(self) -> None: ...


# ------------------------------------------------------------------ helpers (any driver)


def wait_for(driver: Driver, expr: str, timeout: float = 120.0, what: str = "") -> Any:
    """Poll the JS expression ``expr`` until it is truthy; return its value. The limit
    is generous (a loaded machine is slow, WebKitGTK most: 16-24 s to the menu under
    load); a passing test never waits it out.

    Polled from here, not in the page, so that a navigation or a reload in between
    does not lose the wait."""
    deadline = time.monotonic() + timeout
    last: Any = None
    while True:
        try:
            last = driver.script(f"return ({expr});")
        except DriverError as err:  # a page mid-navigation: try again
            last = err
        else:
            if last:
                return last
        if time.monotonic() > deadline:
            raise AssertionError(f"{driver.name}: timed out waiting for {what or expr} "
                                 f"({timeout:.0f} s; last: {last!r})")
        time.sleep(0.2)


def click(driver: Driver, selector: str) -> str:
    """Click the first element matching ``selector``; return its data-move (or "")."""
    return str(driver.script(
        "const el = document.querySelector(arguments[0]);"
        "if (!el) throw new Error('nothing matches ' + arguments[0]);"
        "el.scrollIntoView({block: 'center'});"
        # dispatchEvent, not el.click(): SVG elements (the Saboteur board) have no click().
        "el.dispatchEvent(new MouseEvent('click', "
        "  {bubbles: true, cancelable: true, view: window}));"
        "return el.dataset.move || '';", selector))


def choose(driver: Driver, selector: str, value: str) -> None:
    """Set a <select> as a person would: its value, then the events a choice sends."""
    driver.script(
        "const el = document.querySelector(arguments[0]); el.value = arguments[1];"
        "el.dispatchEvent(new Event('input', {bubbles: true}));"
        "el.dispatchEvent(new Event('change', {bubbles: true}));", selector, value)


class DriverError(Exception):
    """The protocol answered with an error (a script that threw included)."""


# ------------------------------------------------------------------------ Chromium


class ChromiumDriver:
    """Playwright's page, for the same scenarios (the rest of e2e/ uses Playwright too)."""

    name = "chromium"

    def __init__(self, page: Any, version: str, profile: str | None = None) -> None:
        self.page, self.version, self.profile = page, version, profile

    def goto(self, url: str) -> None:
        self.page.goto(url, wait_until="load")

    def reload(self) -> None:
        self.page.reload(wait_until="load")

    def script(self, body: str, *args: Any) -> Any:
        try:
            return self.page.evaluate(
                "(args) => (async function () {" + body + "}).apply(null, args)", list(args))
        except Exception as err:  # Playwright's Error: the page threw or navigated
            raise DriverError(str(err)) from err

    def close(self) -> None:
        self.page.context.close()
        if self.profile:
            shutil.rmtree(self.profile, ignore_errors=True)


# ------------------------------------------------------------------------- Firefox


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


#: A quiet profile: no first-run pages, no updates, no network but the test server.
FIREFOX_PREFS = {
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.startup.page": 0,
    "app.update.disabledForTesting": True,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "network.proxy.type": 0,
    "network.dns.disableIPv6": True,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "extensions.update.enabled": False,
    "browser.search.update": False,
    "remote.prefs.recommended": True,
    "intl.accept_languages": "en-US",
    "dom.serviceWorkers.testing.enabled": True,
}


def find_firefox() -> str:
    for name in (os.environ.get("FIREFOX", ""), "firefox-esr", "firefox"):
        path = shutil.which(name) if name else None
        if path:
            return path
    raise EngineMissing("Firefox not found: `sudo apt-get install firefox-esr` "
                        "(or set FIREFOX=/path/to/firefox)")


class MarionetteDriver:
    """Firefox through Marionette: ``[0, id, command, params]`` out, ``[1, id, error,
    result]`` back, each as ``<length>:<json>``."""

    name = "firefox"

    def __init__(self) -> None:
        binary = find_firefox()
        self.profile = Path(tempfile.mkdtemp(prefix="parlor-firefox-"))
        port = _free_port()
        prefs = dict(FIREFOX_PREFS, **{"marionette.port": port})
        (self.profile / "user.js").write_text("".join(
            f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in prefs.items()))
        env = dict(os.environ, MOZ_HEADLESS="1")
        self.proc = subprocess.Popen(
            [binary, "-marionette", "-headless", "-no-remote", "-profile", str(self.profile)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
            start_new_session=True)
        atexit.register(_end, self.proc)  # its own session: not ended with us otherwise
        self.sock = self._connect(port)
        self.buf = b""
        self.next_id = 0
        self._read()  # the greeting: {"applicationType": "gecko", ...}
        caps = self.call("WebDriver:NewSession", {"capabilities": {"alwaysMatch": {
            "acceptInsecureCerts": False, "pageLoadStrategy": "normal"}}})
        self.version = str(caps["capabilities"]["browserVersion"])
        self.call("WebDriver:SetTimeouts", {"script": 120_000, "pageLoad": 120_000})

    def _connect(self, port: int) -> socket.socket:
        deadline = time.monotonic() + 60
        while True:
            try:
                return socket.create_connection(("127.0.0.1", port), timeout=180)
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    _end(self.proc)
                    shutil.rmtree(self.profile, ignore_errors=True)
                    raise EngineMissing("Firefox started but Marionette never answered") from None
                time.sleep(0.2)

    def _read(self) -> Any:
        while b":" not in self.buf:
            self.buf += self._recv()
        size, _, rest = self.buf.partition(b":")
        while len(rest) < int(size):
            rest += self._recv()
        self.buf = rest[int(size):]
        return json.loads(rest[:int(size)])

    def _recv(self) -> bytes:
        chunk = self.sock.recv(65536)
        if not chunk:
            raise DriverError("Firefox closed the Marionette connection")
        return chunk

    def call(self, command: str, params: dict[str, Any] | None = None) -> Any:
        self.next_id += 1
        data = json.dumps([0, self.next_id, command, params or {}]).encode()
        self.sock.sendall(str(len(data)).encode() + b":" + data)
        while True:
            kind, msg_id, error, result = self._read()
            if kind == 1 and msg_id == self.next_id:
                break
        if error:
            raise DriverError(f"{command}: {error.get('error')}: {error.get('message')}")
        return result

    def goto(self, url: str) -> None:
        self.call("WebDriver:Navigate", {"url": url})

    def reload(self) -> None:
        self.call("WebDriver:Refresh")

    def script(self, body: str, *args: Any) -> Any:
        return self.call("WebDriver:ExecuteScript",
                         {"script": _async(body), "args": list(args)}).get("value")

    def close(self) -> None:
        try:
            self.call("Marionette:Quit")
        except Exception:
            pass
        _end(self.proc)
        shutil.rmtree(self.profile, ignore_errors=True)


# -------------------------------------------------------------------------- WebKit


def find_webkit_driver() -> list[str]:
    driver = shutil.which(os.environ.get("WEBKIT_DRIVER", "") or "WebKitWebDriver")
    if not driver:
        raise EngineMissing("WebKitWebDriver not found: "
                            "`sudo apt-get install webkit2gtk-driver xvfb`")
    if os.environ.get("DISPLAY"):
        return [driver]
    xvfb = shutil.which("xvfb-run")
    if not xvfb:
        raise EngineMissing("WebKitGTK needs a display and xvfb-run is missing: "
                            "`sudo apt-get install xvfb`")
    return [xvfb, "-a", "-s", "-screen 0 1280x1024x24", driver]


class WebDriverW3C:
    """WebKitGTK through WebKitWebDriver: the W3C WebDriver protocol (JSON over HTTP)."""

    name = "webkit"

    def __init__(self) -> None:
        command = find_webkit_driver()
        port = _free_port()
        self.proc = subprocess.Popen(
            [*command, f"--port={port}", "--host=127.0.0.1"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        atexit.register(_end, self.proc)
        self.base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                self._http("GET", "/status")
                break
            except (OSError, DriverError):
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    _end(self.proc)
                    raise EngineMissing("WebKitWebDriver started but never answered") from None
                time.sleep(0.2)
        caps = self._http("POST", "/session", {"capabilities": {"alwaysMatch": {
            "browserName": "MiniBrowser",
            "webkitgtk:browserOptions": {"args": ["--automation"]}}}})
        self.session = f"/session/{caps['sessionId']}"
        self.version = str(caps["capabilities"].get("browserVersion", "?"))
        self._http("POST", f"{self.session}/timeouts", {"script": 120_000, "pageLoad": 120_000})

    def _http(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=180) as resp:
                return json.loads(resp.read() or b"{}").get("value")
        except urllib.error.HTTPError as err:
            value = json.loads(err.read() or b"{}").get("value", {})
            raise DriverError(f"{method} {path}: {value.get('error')}: "
                              f"{value.get('message')}") from None

    def goto(self, url: str) -> None:
        self._http("POST", f"{self.session}/url", {"url": url})

    def reload(self) -> None:
        self._http("POST", f"{self.session}/refresh", {})

    def script(self, body: str, *args: Any) -> Any:
        return self._http("POST", f"{self.session}/execute/sync",
                          {"script": _async(body), "args": list(args)})

    def close(self) -> None:
        try:
            self._http("DELETE", self.session)
        except Exception:
            pass
        _end(self.proc)


def _async(body: str) -> str:
    """``body`` as an async function's: the protocol awaits the promise it returns."""
    return "return (async function () {" + body + "}).apply(null, arguments);"


def _end(proc: subprocess.Popen[bytes]) -> None:
    """End a driver we started, and what it started (its own process group)."""
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=10)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        proc.wait()


def start(name: str) -> Driver:
    """A fresh browser of engine ``name`` (firefox or webkit), empty profile."""
    if name == "firefox":
        return MarionetteDriver()
    if name == "webkit":
        return WebDriverW3C()
    raise ValueError(name)
