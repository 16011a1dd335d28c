"""QR codes for pairing two devices, drawn and read offline by assets/qr.js.

What a guest's camera sees is what the host's page shows: an invitation link is drawn
with ``parlorQr.draw``, rasterised the way a screen shows it, and decoded back with the
vendored jsQR, which must give the exact text. A scan through Chromium's fake camera,
fed a code generated here, reads the text back through ``parlorQr.scan``.
"""

from __future__ import annotations

import base64
import random
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright

from conftest import (
    TEST_ARGS,
    BrowserLog,
    fail_on_blocked,
    find_chromium,
    isolated_context,
)
from parlor.app.pairing.sdp import Offer, compact

LINK_BASE = "http://127.0.0.1:8000/index.html#join="


def link_of_length(length: int, seed: int = 14) -> str:
    """A join link of exactly ``length`` characters, its tail in the invitation's
    alphabet (ICE credentials, base64url, addresses)."""
    rng = random.Random(seed)
    alphabet = string.ascii_letters + string.digits + "+/-_.,;"
    return LINK_BASE + "".join(rng.choice(alphabet) for _ in range(length - len(LINK_BASE)))


def realistic_link() -> str:
    """A link carrying a compact offer as Chromium makes one: an mDNS host candidate
    and an IPv4 one (some 140 characters of invitation)."""
    rng = random.Random(8)
    ice = string.ascii_letters + string.digits + "+/"
    offer = Offer(
        role="actpass",
        ufrag="".join(rng.choice(ice) for _ in range(4)),
        pwd="".join(rng.choice(ice) for _ in range(24)),
        fingerprint=bytes(rng.randrange(256) for _ in range(32)),
        candidates=(("5d0c7c0e-2b5b-4a8e-9d7e-3c1f0a9b2e41.local", 54321),
                    ("192.168.1.23", 54322)),
    )
    return LINK_BASE + compact(offer)


#: Python's runtime, held back from the page by ``open_page`` (never let through).
PYTHON_RUNTIME = ("**/vendor/pyodide/pyodide.asm.wasm", "**/vendor/pyodide/python_stdlib.zip")


def hold_python(page: Page) -> None:
    """Python's runtime held back from ``page``: these tests need only the page's
    scripts (assets/qr.js), and Python starting beside them would cost seconds of CPU
    and could draw the menu over what they measure."""
    for pattern in PYTHON_RUNTIME:
        page.route(pattern, lambda route: None)  # held: no answer until the page goes


def open_page(page: Page, base_url: str) -> Page:
    """The app's page with its deferred scripts run, Python held back, and jsQR, the
    tests' own reader of what the page draws."""
    hold_python(page)
    page.goto(f"{base_url}/index.html", wait_until="domcontentloaded")
    page.wait_for_function("window.parlorQr !== undefined")
    page.add_script_tag(url=f"{base_url}/vendor/qr/jsQR.js")
    return page


def test_the_qr_libraries_load_only_when_a_code_is_first_drawn(
        app, page: Page, base_url: str) -> None:
    """A first visit does not download what only pairing uses."""
    hold_python(page)
    page.goto(f"{base_url}/index.html", wait_until="domcontentloaded")
    page.wait_for_function("window.parlorQr !== undefined")
    assert page.evaluate("[typeof qrcode, typeof jsQR]") == ["undefined", "undefined"]
    page.evaluate("""async () => {
        const div = document.createElement('div');
        div.setAttribute('data-qr', 'hello');
        document.body.prepend(div);
        await parlorQr.draw(document);
    }""")
    assert page.evaluate("[typeof qrcode, typeof jsQR]") == ["function", "undefined"]
    assert page.locator("[data-qr='hello'] svg.parlor-qr").count() == 1


def test_the_menu_never_loads_the_qr_library(app, page: Page, browser_log: BrowserLog) -> None:
    """The menu shows no code: leaving it soon after it loads must leave no failed load
    of qrcode.js behind (Firefox logged one as an unhandled rejection)."""
    asked: list[str] = []
    page.on("request", lambda req: asked.append(req.url) if "/vendor/qr/" in req.url else None)
    page = app()
    page.locator("[data-action='lab']").first.click()  # leave the menu at once
    page.wait_for_function("document.querySelector('#game').dataset.phase === 'lab'")
    page.locator("#game [data-action='menu']").first.click()
    page.wait_for_function("!document.querySelector('#menu').hidden")
    assert asked == [] and page.evaluate("typeof qrcode") == "undefined"
    assert browser_log.page_errors == []


def test_a_code_whose_library_cannot_load_says_so_in_its_box(app, page: Page, base_url: str,
                                                             browser_log: BrowserLog) -> None:
    """Offline before qrcode.js was cached: no error thrown at Python, no unhandled
    rejection; the box says, in the page's language, to copy the text instead."""
    page.route("**/vendor/qr/qrcode.js", lambda route: route.abort("internetdisconnected"))
    hold_python(page)
    page.goto(f"{base_url}/index.html?lang=fa", wait_until="domcontentloaded")
    page.wait_for_function("window.parlorQr !== undefined && window.parlorShell !== undefined")
    result = page.evaluate("""async () => {
        document.documentElement.lang = 'fa';
        const div = document.createElement('div');
        div.setAttribute('data-qr', 'hello');
        document.body.prepend(div);
        await parlorQr.draw(document);
        return [div.hasAttribute('data-qr-failed'), div.textContent];
    }""")
    assert result[0] is True and result[1] == page.evaluate(
        "parlorShell.word('fa', 'shell.qr.failed')") and "QR" in result[1]
    assert browser_log.page_errors == []


#: Draw ``text`` in a new div of the given width; what the page then holds.
DRAW_JS = """async ([text, width]) => {
    const div = document.createElement('div');
    div.id = 'qr-' + document.querySelectorAll('[data-qr]').length;
    div.style.width = width + 'px';
    div.setAttribute('data-qr', text);
    div.setAttribute('data-qr-label', 'Invitation to join');
    document.body.prepend(div);
    await parlorQr.draw(document);
    const svg = div.querySelector('svg');
    const box = svg.getBoundingClientRect();
    return {id: div.id, version: div.getAttribute('data-qr-version'),
            svgs: div.querySelectorAll('svg').length, viewBox: svg.getAttribute('viewBox'),
            width: box.width, height: box.height, role: svg.getAttribute('role'),
            label: svg.getAttribute('aria-label')};
}"""

#: jsQR on an image (any URL the page may load): {data, version} or null.
DECODE_JS = """async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
    const found = jsQR(image.data, image.width, image.height);
    return found && {data: found.data, version: found.version};
}"""

#: The drawn SVG as an image file of ``size`` pixels (a blob: URL, never a request).
SVG_URL_JS = """([id, size]) => {
    const svg = document.getElementById(id).querySelector('svg').cloneNode(true);
    svg.setAttribute('width', size);
    svg.setAttribute('height', size);
    const xml = new XMLSerializer().serializeToString(svg);
    return URL.createObjectURL(new Blob([xml], {type: 'image/svg+xml'}));
}"""


def decode_svg(page: Page, element_id: str, size: int = 400) -> dict | None:
    return page.evaluate(DECODE_JS, page.evaluate(SVG_URL_JS, [element_id, size]))


def decode_screenshot(page: Page, element_id: str) -> dict | None:
    """Decode what the screen shows of the element (its CSS, the page's colours)."""
    png = page.locator(f"#{element_id}").screenshot()
    return page.evaluate(DECODE_JS, "data:image/png;base64," + base64.b64encode(png).decode())


def test_an_invitation_link_round_trips_through_its_qr_code(app, page: Page, base_url: str) -> None:
    open_page(page, base_url)
    link = link_of_length(150)
    assert len(link) == 150
    drawn = page.evaluate(DRAW_JS, [link, 300])
    version = int(drawn["version"])
    modules = 17 + 4 * version
    print(f"\nQR version for a {len(link)}-character link: {version} ({modules} modules)")
    # Byte mode at level M holds 122 bytes in version 7 and 152 in version 8.
    assert version == 8
    assert drawn["svgs"] == 1 and drawn["role"] == "img"
    assert drawn["label"] == "Invitation to join"
    assert drawn["viewBox"] == f"0 0 {modules + 8} {modules + 8}"  # 4 modules of quiet zone
    assert drawn["width"] == pytest.approx(300) and drawn["height"] == pytest.approx(300)

    found = decode_svg(page, drawn["id"])
    assert found is not None, "jsQR found no code in the drawn SVG"
    assert found["data"] == link
    assert found["version"] == version
    on_screen = decode_screenshot(page, drawn["id"])
    assert on_screen is not None and on_screen["data"] == link


def test_a_realistic_invitation_fits_a_phone_screen(app, page: Page, base_url: str) -> None:
    open_page(page, base_url)
    link = realistic_link()
    drawn = page.evaluate(DRAW_JS, [link, 240])
    version = int(drawn["version"])
    print(f"\nQR version for a real {len(link)}-character join link: {version}")
    assert version <= 10  # 57 modules: about 4 px each on a 240 px wide code
    found = decode_screenshot(page, drawn["id"])
    assert found is not None and found["data"] == link


def test_dark_page_still_shows_black_on_white(app, page: Page, base_url: str) -> None:
    page.emulate_media(color_scheme="dark")
    open_page(page, base_url)
    page.add_style_tag(content="html, body, div { background: #111 !important;"
                       " color: #eee !important; fill: #eee; }")
    link = link_of_length(150, seed=3)
    drawn = page.evaluate(DRAW_JS, [link, 200])
    found = decode_screenshot(page, drawn["id"])
    assert found is not None and found["data"] == link
    corner = page.evaluate("""(id) => {
        const svg = document.getElementById(id).querySelector('svg');
        return [svg.querySelector('rect').getAttribute('fill'),
                svg.querySelector('path').getAttribute('fill')];
    }""", drawn["id"])
    assert corner == ["#fff", "#000"]


def test_drawing_again_is_idempotent_and_follows_the_text(app, page: Page, base_url: str) -> None:
    open_page(page, base_url)
    drawn = page.evaluate(DRAW_JS, ["short answer", 200])
    small = int(drawn["version"])
    same = page.evaluate("""(id) => {
        const div = document.getElementById(id);
        const before = div.querySelector('svg');
        div.insertAdjacentHTML('beforeend', '<p>caption</p>');
        parlorQr.draw(document);
        parlorQr.draw(div);
        return div.querySelector('svg') === before && div.querySelectorAll('svg').length === 1
            && div.querySelector('p') !== null;
    }""", drawn["id"])
    assert same, "drawing the same text again replaced the code or the element's content"

    link = link_of_length(150, seed=5)
    page.evaluate("([id, t]) => { const d = document.getElementById(id);"
                  " d.setAttribute('data-qr', t); parlorQr.draw(d); }", [drawn["id"], link])
    assert page.locator(f"#{drawn['id']} svg").count() == 1
    assert int(page.get_attribute(f"#{drawn['id']}", "data-qr-version") or 0) > small
    found = decode_svg(page, drawn["id"])
    assert found is not None and found["data"] == link


def test_text_too_long_for_level_m_falls_back_to_l_and_beyond_fails(
        app, page: Page, base_url: str) -> None:
    open_page(page, base_url)
    # Version 40 holds 2331 bytes at level M (2300 need it whole: level M was used) and
    # 2953 at level L (2600 fit in version 38 only at level L).
    assert page.evaluate(DRAW_JS, ["x" * 2300, 300])["version"] == "40"
    assert page.evaluate(DRAW_JS, ["x" * 2600, 300])["version"] == "38"
    error = page.evaluate("""async () => {
        const div = document.createElement('div');
        div.setAttribute('data-qr', 'x'.repeat(3000));
        document.body.append(div);
        try { await parlorQr.draw(div); return null; } catch (e) { return e.message; }
    }""")
    assert error and "3000 characters" in error


# ------------------------------------------------------------------------- scanning

def y4m(gray: bytes, width: int, height: int, frames: int = 2) -> bytes:
    """A YUV4MPEG2 video of a grey picture (one byte a pixel), 4:2:0, as Chromium's fake
    camera reads it (it loops the file)."""
    header = f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode()
    chroma = bytes([128]) * ((width // 2) * (height // 2))
    return header + (b"FRAME\n" + gray + chroma + chroma) * frames


#: The drawn code rendered to grey pixels of a 640x480 frame, code centred, white around.
PIXELS_JS = """async ([id, width, height]) => {
    const svg = document.getElementById(id).querySelector('svg').cloneNode(true);
    const side = Math.min(width, height) - 40;
    svg.setAttribute('width', side);
    svg.setAttribute('height', side);
    const xml = new XMLSerializer().serializeToString(svg);
    const img = new Image();
    img.src = URL.createObjectURL(new Blob([xml], {type: 'image/svg+xml'}));
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(img, (width - side) / 2, (height - side) / 2);
    const rgba = ctx.getImageData(0, 0, width, height).data;
    let grey = '';
    for (let i = 0; i < rgba.length; i += 4) grey += String.fromCharCode(rgba[i]);
    return btoa(grey);
}"""


@pytest.fixture(scope="module")
def camera_file(browser: Browser, base_url: str,
                tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A Y4M video showing the QR code of a 150-character link, drawn by parlorQr (once
    for the module's scans, in a context of its own)."""
    log = BrowserLog()
    ctx = isolated_context(browser, base_url, log)
    try:
        page = open_page(ctx.new_page(), base_url)
        link = link_of_length(150, seed=21)
        drawn = page.evaluate(DRAW_JS, [link, 300])
        width, height = 640, 480
        gray = base64.b64decode(page.evaluate(PIXELS_JS, [drawn["id"], width, height]))
    finally:
        ctx.close()
    fail_on_blocked(log)
    assert len(gray) == width * height
    path = tmp_path_factory.mktemp("camera") / "qr.y4m"
    path.write_bytes(y4m(gray, width, height))
    return path, link


@pytest.fixture(scope="module")
def camera_browser(playwright_instance: Playwright, camera_file: tuple[Path, str]
                   ) -> Iterator[Browser]:
    """Chromium whose camera is the fake one playing ``camera_file`` (permission given
    in each context), launched once for the module's two scans."""
    args = [*TEST_ARGS, "--use-fake-device-for-media-stream",
            "--use-fake-ui-for-media-stream",
            f"--use-file-for-fake-video-capture={camera_file[0]}"]
    browser = playwright_instance.chromium.launch(
        executable_path=find_chromium(), headless=True, args=args)
    yield browser
    browser.close()


@pytest.fixture
def camera_context(camera_browser: Browser, base_url: str, browser_log: BrowserLog
                   ) -> Iterator[BrowserContext]:
    ctx = isolated_context(camera_browser, base_url, browser_log)
    ctx.grant_permissions(["camera"], origin=base_url)
    yield ctx
    ctx.close()
    fail_on_blocked(browser_log)


SCAN_JS = """async () => {
    const box = document.createElement('div');
    box.id = 'scan-box';
    document.body.prepend(box);
    const seen = [];
    new MutationObserver(() => { if (box.querySelector('video')) seen.push(true); })
        .observe(box, {childList: true});
    const text = await parlorQr.scan(box);
    return {text, videoSeen: seen.length > 0, videoLeft: box.querySelectorAll('video').length,
            detector: 'BarcodeDetector' in window};
}"""


def test_scan_reads_a_code_from_the_camera(camera_context: BrowserContext, base_url: str,
                                           camera_file: tuple[Path, str]) -> None:
    page = open_page(camera_context.new_page(), base_url)
    assert page.evaluate("parlorQr.canScan()") is True
    result = page.evaluate(SCAN_JS)
    assert result["text"] == camera_file[1]
    assert result["videoSeen"], "the camera's picture was never shown"
    assert result["videoLeft"] == 0, "the video stayed after the scan"


def test_stop_cancels_a_scan_and_releases_the_camera(camera_context: BrowserContext,
                                                      base_url: str) -> None:
    page = open_page(camera_context.new_page(), base_url)
    result = page.evaluate("""async () => {
        const box = document.createElement('div');
        document.body.prepend(box);
        // jsQR never sees a code: the scan goes on until stopped.
        window.jsQR = () => null;
        window.BarcodeDetector = undefined;
        delete window.BarcodeDetector;
        const scanning = parlorQr.scan(box);
        while (!box.querySelector('video')) await new Promise(r => setTimeout(r, 50));
        const video = box.querySelector('video');
        while (video.readyState < 2) await new Promise(r => setTimeout(r, 50));
        const track = video.srcObject.getVideoTracks()[0];
        parlorQr.stop();
        try { await scanning; return {outcome: 'resolved'}; } catch (e) {
            return {outcome: 'rejected', name: e.name, isError: e instanceof Error,
                    track: track.readyState, left: box.querySelectorAll('video').length};
        }
    }""")
    assert result == {"outcome": "rejected", "name": "AbortError", "isError": True,
                      "track": "ended", "left": 0}


def test_scan_without_a_camera_says_why(app, page: Page, base_url: str) -> None:
    """The usual browser here has no camera at all: the scan fails with a reason."""
    open_page(page, base_url)
    result = page.evaluate("""async () => {
        const box = document.createElement('div');
        document.body.prepend(box);
        try { await parlorQr.scan(box); return null; } catch (e) {
            return {name: e.name, message: e.message, left: box.querySelectorAll('video').length};
        }
    }""")
    assert result is not None, "a scan with no camera succeeded"
    assert result["left"] == 0
    assert result["name"] in ("NotFoundError", "NotAllowedError", "NotReadableError")
    assert "camera" in result["message"].lower()
