"""Fingers for the browser tests: the area each control answers, and gestures sent as
touch events through CDP (``Input.dispatchTouchEvent``), which Chromium turns into
pointer events, taps, clicks and long presses as it does for a real touch screen."""

from __future__ import annotations

from playwright.sync_api import CDPSession, Locator, Page

FINGER = 44  # CSS px: the least a control must answer (Apple's and WCAG 2.5.5's figure)

#: Every control on the page that a finger may press, and the area that answers it,
#: measured by hit testing (``elementFromPoint``) from its centre outwards, so padding,
#: a label that names an input, or a pad that stands for a maze target counts, and
#: anything drawn over the control does not. A control answers a point when the element
#: there is it or inside it, a label naming it, or a maze pad (``data-pad``) standing
#: for it. Returns ``{name, w, h}`` for each (w and h capped at 89: enough to judge).
MEASURE = """() => {
  const SEL = 'button, a[href], input:not([type=hidden]), select, textarea, summary, ' +
              '[data-move], [data-pick], [role=button], [data-action]';
  const all = [...document.querySelectorAll(SEL)].filter(e => {
    if (!e.checkVisibility({visibilityProperty: true})) return false;
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  });
  const standsFor = h => {
    const pad = h.closest('[data-pad]');
    const svg = pad && pad.closest('svg');
    return svg && svg.querySelector(`[data-move][data-cell="${pad.dataset.pad}"]`);
  };
  const answers = (e, x, y) => {
    const h = document.elementFromPoint(x, y);
    if (!h) return false;
    if (h === e || e.contains(h)) return true;
    const label = h.closest('label');
    return (label && label.control === e) || standsFor(h) === e;
  };
  const out = [];
  for (const e of all) {
    // A control inside another (a button's icon that is itself marked) is the outer one.
    const outer = e.parentElement && e.parentElement.closest(SEL);
    if (outer && all.includes(outer) && !e.matches('input, select, textarea')) continue;
    e.scrollIntoView({block: 'center', inline: 'center'});
    let r = e.getBoundingClientRect();
    const labels = e.labels ? [...e.labels] : [];
    if (labels.length && !answers(e, r.left + r.width / 2, r.top + r.height / 2)) {
      labels[0].scrollIntoView({block: 'center', inline: 'center'});
      r = labels[0].getBoundingClientRect();  // a file input drawn as its label
    }
    const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
    const reach = (dx, dy) => {
      let n = 0;
      while (n < 44 && answers(e, cx + dx * (n + 1), cy + dy * (n + 1))) n++;
      return n;
    };
    const said = (e.getAttribute('aria-label') || e.textContent || e.name || e.id || '')
      .trim().replace(/\\s+/g, ' ').slice(0, 60);
    const name = e.tagName.toLowerCase() + (e.dataset.move ? `[data-move=${e.dataset.move}]` :
      e.dataset.action ? `[data-action=${e.dataset.action}]` : '') + ` "${said}"`;
    const hit = answers(e, cx, cy);
    out.push({name, w: hit ? reach(-1, 0) + reach(1, 0) + 1 : 0,
              h: hit ? reach(0, -1) + reach(0, 1) + 1 : 0});
  }
  window.scrollTo(0, 0);
  return out;
}"""


def too_small(page: Page, widths: tuple[int, ...] = (390, 768)) -> list[str]:
    """Each control that answers less than FINGER px at each width, named with its size;
    the page's height stays as it was."""
    height = (page.viewport_size or {}).get("height", 844)
    found: list[str] = []
    for width in widths:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => r()))")
        for c in page.evaluate(MEASURE):
            if c["w"] < FINGER or c["h"] < FINGER:
                found.append(f"{width} px: {c['name']} answers {c['w']} x {c['h']}")
    return found


def centre(target: Locator) -> tuple[float, float]:
    """The middle of what is drawn (Playwright's bounding_box of an SVG group counts its
    invisible parts too, such as a maze cell's hidden ghost card)."""
    target.scroll_into_view_if_needed()
    x, y = target.evaluate("""e => { const r = e.getBoundingClientRect();
                                     return [r.left + r.width / 2, r.top + r.height / 2]; }""")
    return float(x), float(y)


class Fingers:
    """Touch gestures through one CDP session."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.cdp: CDPSession = page.context.new_cdp_session(page)

    def send(self, kind: str, points: list[tuple[float, float]]) -> None:
        self.cdp.send("Input.dispatchTouchEvent", {
            "type": kind,
            "touchPoints": [{"x": x, "y": y, "id": i, "radiusX": 4, "radiusY": 4, "force": 1}
                            for i, (x, y) in enumerate(points)]})

    def drag(self, start: tuple[float, float], by: tuple[float, float], steps: int = 6) -> None:
        """One finger down at ``start``, moved by ``by`` in ``steps`` moves, lifted."""
        x, y = start
        self.send("touchStart", [(x, y)])
        for i in range(1, steps + 1):
            self.send("touchMove", [(x + by[0] * i / steps, y + by[1] * i / steps)])
        self.send("touchEnd", [])

    def pinch(self, mid: tuple[float, float], apart: float, to: float, steps: int = 6) -> None:
        """Two fingers ``apart`` px across ``mid``, spread (or closed) to ``to`` px."""
        x, y = mid

        def at(d: float) -> list[tuple[float, float]]:
            return [(x - d / 2, y), (x + d / 2, y)]

        self.send("touchStart", at(apart))
        for i in range(1, steps + 1):
            self.send("touchMove", at(apart + (to - apart) * i / steps))
        self.send("touchEnd", [])

    def hold(self, at: tuple[float, float], ms: int = 1200) -> None:
        """A long press: down, still for ``ms``, up."""
        self.send("touchStart", [at])
        self.page.wait_for_timeout(ms)
        self.send("touchEnd", [])


#: The context menu a long press would open, as Chrome sends it (a PointerEvent that
#: names its pointer): whether the page stopped it. Headless Chromium on Linux fires
#: none for a long press (it makes a click of it), so the tests send it themselves.
MENU = """([selector, pointerType]) => {
  const e = new PointerEvent('contextmenu', {bubbles: true, cancelable: true, pointerType});
  document.querySelector(selector).dispatchEvent(e);
  return e.defaultPrevented;
}"""
