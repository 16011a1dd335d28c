"""A shared bot is a stranger's code: these tests are the stranger. With the
service worker on, as for any visitor, and a server that logs every request, bots try
every door a classmate could: the network (fetch, XHR, WebSocket, EventSource,
import, importScripts, a nested worker, a beacon) to the page's origin and to another,
the origin's storage (the service worker's cache, IndexedDB), the page, the true game
state (``gc``, frames), the other bots of a tournament, forged answers, an endless
loop before ``choose`` and a memory bomb. Each attack fails, and says so in the test
(docs/lab-threat-model.md lists what a bot can and cannot do)."""

from __future__ import annotations

import functools
import json
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from e2e.test_lab import set_code
from playwright.sync_api import Browser, BrowserContext, Page, expect

from conftest import (
    READY_TIMEOUT_MS,
    ROOT,
    WORKER_BOOT_MS,
    BrowserLog,
    poll,
    routed_context,
    serve,
)

READY = "document.body.dataset.ready === '1'"


@dataclass
class Logged:
    """A static server that writes down every request it is sent."""

    url: str
    seen: list[str] = field(default_factory=list)
    server: object = None

    def attacks(self) -> list[str]:
        return [s for s in list(self.seen) if "attack" in s]


def logged_server(directory: str) -> Logged:
    logged = Logged("")

    class Handler(serve.Handler):
        quiet = True

        def parse_request(self) -> bool:
            ok = super().parse_request()
            logged.seen.append(f"{self.command} {self.path}")
            return ok

    server = serve.Server(("127.0.0.1", 0), functools.partial(Handler, directory=directory))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    logged.url, logged.server = f"http://{host}:{port}", server
    return logged


@pytest.fixture(scope="module")
def servers() -> Iterator[tuple[Logged, Logged]]:
    """The app's server and another origin's (``localhost``, another port); each test
    reads the log of its own requests only (``lab``)."""
    app, other = logged_server(str(ROOT)), logged_server(str(ROOT / "assets"))
    other.url = other.url.replace("127.0.0.1", "localhost")
    yield app, other
    for s in (app, other):
        s.server.shutdown()  # type: ignore[attr-defined]
        s.server.server_close()  # type: ignore[attr-defined]


@dataclass
class Visitor:
    """The module's browser and its Lab (``lab``); ``log``: the running test's."""

    ctx: BrowserContext
    log: BrowserLog = field(default_factory=BrowserLog)
    page: Page | None = None


@pytest.fixture(scope="module")
def visitor(browser: Browser, servers: tuple[Logged, Logged]) -> Iterator[Visitor]:
    """A browser as any visitor has it: the service worker on. One for the module, what
    it reports recorded into the running test's log."""
    holder: list[Visitor] = []
    ctx = routed_context(browser, servers[0].url, lambda: holder[0].log,
                          service_workers="allow")
    holder.append(Visitor(ctx))
    yield holder[0]
    ctx.close()


@pytest.fixture
def lab(visitor: Visitor, servers: tuple[Logged, Logged], browser_log: BrowserLog,
        request: pytest.FixtureRequest) -> Iterator[Page]:
    """The module's Lab of Kabaleo, one page kept from test to test: it starts once (the
    page's Python, the referee's, the service worker's precache), and a test's Run
    finds the sandbox the last job left warm for the next Run. Once each test took a
    fresh browser, which also installed the service worker and precached the whole
    app again: side by side (2026-11-29, a loaded 2-core machine), 85 CPU-seconds and
    152 s for these six tests then, 40 and 54 s now.

    Sharing masks no attack. Each test's bot is new code, so its match or tournament
    asks for a sandbox the referee never gave another bot: a job's start stops every
    sandbox of an earlier job's bots (py/parlor/app/lab/referee/referee.py, ``start``),
    and the one it gets is a spare in which no student's code has run (assets/lab.js,
    ``startSpare``). What an attack could change outside its sandbox (the servers, the
    origin's storage) is read from the test's own start (its log) or before and after
    its own match; and what a test reads on the page is its own job's, drawn anew when
    Run is clicked (a match waits for its progress bar, which an error at a bot's top
    level, the screen the test before may leave, does not have; each attack's error is
    of another kind than the last test's). After a failed test the page is closed: the
    next opens the Lab anew."""
    visitor.log = browser_log
    for s in servers:
        s.seen.clear()  # this test's requests only
    page = visitor.page
    if page is None or page.is_closed():
        page = visitor.page = visitor.ctx.new_page()
        open_lab(page, servers[0].url, "kabaleo")
    elif page.locator("#game").get_attribute("data-phase") != "lab":
        open_lab(page, servers[0].url, "kabaleo")
    else:  # as on a fresh page: the page's jobs go as it asks them (``FEWER_GAMES``)
        page.evaluate("window.parlorFewer = null")
    failed = request.session.testsfailed
    yield page
    if request.session.testsfailed > failed:
        page.close()
    visitor.log = BrowserLog()


def open_lab(page: Page, url: str, game: str) -> None:
    page.goto(f"{url}/index.html?lab={game}")
    page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
    expect(page.locator("#game")).to_have_attribute("data-phase", "lab")


#: Every match the page asks of the Lab's worker is of ``parlorFewer`` games (when set),
#: not the 10 (the fewest the page offers) it asked for: the referee plays those, says
#: ``done``, and the page shows them as a match ended there. Put in once per page (the
#: module's Lab serves several tests); ``played`` is for this Run and the page's next
#: ones (a tournament's request would be cut too), null for all of their games.
#: For a test whose assertion is about each
#: game (or the first), where the other games only repeat it. The request is edited as
#: text (parsed in JavaScript, its 64-bit seeds would lose their last digits); another
#: job (a request of another number of games) goes as it was.
FEWER_GAMES = """(played) => {
  const lab = window.parlorLab;
  window.parlorFewer = played;
  window.parlorFewerTook = 0;
  if (window.parlorFewerIn) return;
  window.parlorFewerIn = true;
  const run = lab.run.bind(lab);
  lab.run = (request, report) => {
    const n = window.parlorFewer;
    const fewer = n === null ? request : request.replace(/"games": 10\\b/, `"games": ${n}`);
    if (fewer !== request) window.parlorFewerTook += 1;
    return run(fewer, report);
  };
}"""


def run_match(page: Page, games: str = "10", limit: str = "1000",
              played: int | None = None) -> None:
    """A match against random of ``games`` games (as the page asks), or of its first
    ``played`` only (``FEWER_GAMES``)."""
    page.wait_for_function("typeof window.parlorLab?.run === 'function'")
    page.evaluate(FEWER_GAMES, played)
    page.select_option("[data-lab-field=level]", "random")
    page.select_option("[data-lab-field=games]", games)
    page.select_option("[data-lab-field=limit]", limit)
    page.click("[data-action=lab-run]")
    expect(page.locator("[data-lab-progress]")).to_have_attribute(
        "data-done", str(played or games), timeout=WORKER_BOOT_MS)
    if played is not None:  # the rewrite took: the run was asked for ``played`` games
        assert page.evaluate("window.parlorFewerTook") == 1, "the request was not rewritten"


def printed(page: Page, game: int) -> str:
    """What the bot printed in game ``game`` (its "What it printed" panel)."""
    page.locator("details.lab-games").evaluate("d => d.open = true")
    page.locator(f"[data-lab-game='{game}'] [data-action=lab-said]").click()
    return page.locator(".lab-said").inner_text()


def game_results(page: Page) -> list[str]:
    """Each game's row of the match's table (folded away: read, not seen)."""
    return page.locator("[data-lab-game]").evaluate_all("rows => rows.map(r => r.textContent)")


def origin_storage(page: Page) -> dict[str, object]:
    """Everything of the origin's that a bot must not change: the service worker's
    caches (every entry and a hash of its body), IndexedDB's databases, the cookies."""
    return page.evaluate("""async () => {
      const caches_ = {};
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        const entries = [];
        for (const request of await cache.keys()) {
          const body = new Uint8Array(await (await cache.match(request)).arrayBuffer());
          let h = 0;
          for (let i = 0; i < body.length; i += 97) h = (h * 31 + body[i]) >>> 0;
          entries.push(request.url + " " + body.length + " " + h);
        }
        caches_[name] = entries.sort();
      }
      const dbs = indexedDB.databases ? (await indexedDB.databases()).map(d => d.name) : [];
      return { caches: caches_, databases: dbs, cookie: document.cookie };
    }""")


def precached(page: Page) -> None:
    """Wait until the service worker's cache holds the whole precache, the Lab's snapshot
    included (the Lab is open: sw.js fetches it when asked), and has stopped changing.
    Its first version takes the page with an empty cache and fills it once the app is
    ready (sw.js), so a controller alone says nothing about the cache; and a count is
    not enough either: a file the page fetched itself may be kept as it passes (the
    Lab's gzipped snapshot, fetched from the host before the worker had it) beside the
    worker's own copy, which then came after the count was reached. Polled from here: a
    ``wait_for_function`` predicate that returns a promise is truthy at once."""
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    wanted, last = _precache_keys(), [None]

    def whole_and_still() -> bool:
        have = page.evaluate("""async () => {
          const names = (await caches.keys()).filter(n => n.startsWith('parlor-'));
          if (names.length !== 1) return [];
          return (await (await caches.open(names[0])).keys())
            .map(r => new URL(r.url).pathname).sort();
        }""")
        done = wanted <= set(have) and have == last[0]
        last[0] = have
        return done

    poll(page, whole_and_still, "the precache, whole and no longer changing", every_ms=500)


def _precache_keys() -> set[str]:
    """The paths the worker keeps: each file of the precache, the Lab's snapshot (`lazy`)
    included, a gzipped one under its name unpacked (sw.js)."""
    text = (ROOT / "precache.js").read_text(encoding="utf-8")
    manifest = json.loads(re.search(r"=\s*(\{.*\})\s*;?\s*$", text, re.S).group(1))
    paths = set()
    for url in [*manifest["files"], *manifest.get("lazy", [])]:
        path = url.removeprefix(".")
        paths.add(path.removesuffix(".gz"))
    return paths


#: The attacker: at its top level and at each move it tries every door, then looks
#: for the game's true state in its interpreter; it prints what happened.
ATTACKER = '''
import gc, sys
import js
import pyodide_js

said = []


def attempt(name, door):
    try:
        door()
        said.append(name + " opened")
    except BaseException as e:
        said.append(name + " refused")


def doors(tag):
    for origin in ("{same}", "{other}"):
        url = origin + "/attack-" + tag
        attempt("fetch", lambda: js.fetch(url))
        attempt("xhr", lambda: [x := js.XMLHttpRequest.new(), x.open("GET", url, False),
                               x.send()])
        attempt("websocket", lambda: js.WebSocket.new(url.replace("http", "ws")))
        attempt("eventsource", lambda: js.EventSource.new(url))
        attempt("import", lambda: js.eval("import('" + url + ".js')"))
        attempt("function", lambda: js.Function.new("return fetch('" + url + "')")())
        attempt("importScripts", lambda: js.importScripts(url + ".js"))
        attempt("beacon", lambda: js.navigator.sendBeacon(url, "x"))
        attempt("worker", lambda: js.Worker.new(url + ".js"))
        # Asynchronous: it returns a promise whatever becomes of it, so only the
        # server's log can tell (it must see nothing).
        pyodide_js.loadPackage(url + ".whl")
    attempt("indexedDB", lambda: js.indexedDB.open("attack"))
    attempt("caches", lambda: js.caches.open("attack"))
    attempt("postMessage", lambda: js.postMessage("attack"))
    attempt("broadcast", lambda: js.BroadcastChannel.new("attack").postMessage("x"))


def secret(kind):
    return kind.__module__.startswith("parlor.games") and kind.__name__.endswith(
        ("State", "Secrets"))


def secrets():
    found = {type(o).__name__ for o in gc.get_objects() if secret(type(o))}
    frame = sys._getframe()
    while frame is not None:
        found |= {type(v).__name__ for v in frame.f_locals.values() if secret(type(v))}
        frame = frame.f_back
    return sorted(found)


doors("top")


def choose(view, moves, rng):
    doors("move")
    print("origin:", js.self.origin)
    print("states:", secrets())
    dealt = game.deal(view, rng)  # the control: a state made here is found
    print("after a deal:", secrets(), type(dealt).__name__)
    print("\\n".join(sorted(set(said))))
    said.clear()
    return moves[0]
'''


def test_a_bot_reaches_nothing_and_sees_no_state(lab: Page,
                                                 servers: tuple[Logged, Logged]) -> None:
    """No request from a bot reaches any server, the cache and
    the databases are as they were, and the bot's interpreter holds no game state (it
    never called ``game.deal``), for all that the referee's holds the true one. Played
    as on any later visit: the Lab's workers started again once the service worker holds
    the snapshots, the referee restored from the page's and the sandbox from its own."""
    app, other = servers
    page = lab
    precached(page)
    page.evaluate("window.parlorLab.end()")  # the next Run starts them from the cache
    before = origin_storage(page)
    assert before["caches"]  # the service worker's, full
    # The log has teeth: the page's own request of the same kind is seen (awaited: the
    # server has logged it once the page has its answer).
    page.evaluate("fetch('/attack-control').then(() => true, () => true)")
    set_code(page, ATTACKER.replace("{same}", app.url).replace("{other}", other.url))
    # The Lab's longest limit: the point here is the doors, not the time. The attacker's
    # first move (every door, gc.get_objects over its heap, a deal, all run for the first
    # time in its interpreter) took over 1.3 s at a load of 15-19 on two cores, whichever
    # way the referee started (docs/decisions/referee-snapshot.md). Two games, not ten:
    # each move of each tries every door again (and a garbage collector's walk over its
    # heap), and what is read is the first game's and the server's log.
    run_match(page, games="10", limit="5000", played=2)
    expect(page.locator("[data-lab-error]")).to_have_count(0)
    assert page.evaluate("window.parlorLab.refereeStart.mode") == "snapshot"
    assert page.evaluate("window.parlorSandbox.starts.last.mode") == "snapshot"
    said = printed(page, 0)
    assert "origin: null" in said
    assert "states: []" in said
    assert "after a deal: ['KabaleoState'] KabaleoState" in said
    opened = [line for line in said.splitlines() if line.endswith(" opened")]
    assert opened == [], opened
    for door in ("fetch", "xhr", "websocket", "eventsource", "import", "function",
                 "importScripts", "beacon", "worker", "indexedDB", "caches",
                 "postMessage", "broadcast"):
        assert f"{door} refused" in said, door
    # Anything a bot set on its way went before the match's end: a request the page
    # makes now, and awaits, comes after it (rather than a second's wait for stragglers).
    page.evaluate("fetch('/attack-control-after').then(() => true, () => true)")
    assert app.attacks() == ["GET /attack-control", "GET /attack-control-after"]
    assert other.attacks() == []
    after = origin_storage(page)
    assert after == before
    assert not any("attack" in str(name) for name in after["databases"])  # type: ignore[union-attr]


HONEST_A = "def choose(view, moves, rng):\n    return moves[0]\n"
HONEST_B = "def choose(view, moves, rng):\n    return moves[-1]\n"
#: The cheater's honest half: how it plays.
PLAYS = "def choose(view, moves, rng):\n    return moves[len(moves) // 2]\n"
#: Its other half, at its top level: everything a shared interpreter would have shared
#: rigged against the others (their turns crash, every generator picks the first).
RIGGING = '''import random
import parlor.app.lab.sandbox.student as student
import parlor.core.rng as rng_module

_turn = student.StudentBot.turn


def rigged(self, view, moves, rng, **kw):
    if "RIGGED" in self.source:
        return _turn(self, view, moves, rng, **kw)
    raise ZeroDivisionError("rigged")


student.StudentBot.turn = rigged
rng_module.Rng.choice = lambda self, seq: seq[0]
random.Random.choice = lambda self, seq: seq[0]
'''
#: A bot that would stop the tournament: its top level never ends.
STOPPER = "while True:\n    pass\n"


def test_a_cheater_in_a_tournament_changes_no_other_result_and_cannot_stop_it(
        lab: Page) -> None:
    """Each entrant has an interpreter of its own, so a cheater's
    rigging stays in its own; a bot whose file never ends loses its games and the
    tournament goes on. The table equals the one played by the same bots with the
    cheater honest and the stopper failing at once, computed here in CPython."""
    import sys

    sys.path.insert(0, str(ROOT / "py"))
    from parlor.app.lab.contest.tournament import TableGame, standings
    from parlor.app.lab.referee.here import run_here

    page = lab
    cheater = "# RIGGED\n" + RIGGING + PLAYS
    # The module's Lab holds its first bot only (no other test adds one): the four
    # entrants are these.
    expect(page.locator("select[data-change=lab-bot] option")).to_have_count(1)
    for code in (HONEST_A, HONEST_B, cheater, STOPPER):
        if code is not HONEST_A:
            page.click("[data-action=lab-new]")
        set_code(page, code)
    page.select_option("[data-lab-field=games]", "10")
    page.click("[data-action=lab-tournament]")
    table = page.locator("[data-lab-tournament]")
    expect(table).to_have_attribute("data-total", "60")
    expect(table).to_have_attribute("data-done", "60", timeout=WORKER_BOOT_MS)
    names = page.locator("[data-lab-entrant]").evaluate_all(
        "rows => rows.map(r => [r.dataset.labEntrant, Number(r.dataset.wins)])")
    seed = int(page.evaluate("String(window.parlorApp.controller.lab.tour.seed)"))
    key = page.evaluate("localStorage.getItem('parlor:lab-key')")  # the browser's own
    expect(page.locator('[data-lab-entrant-error="load_time"]')).to_have_count(1)

    texts: list[str] = []
    honest = [HONEST_A, HONEST_B, "# RIGGED\n" + PLAYS, "raise SystemExit\n"]
    run_here(json.dumps({"kind": "tournament", "game": "kabaleo", "sources": honest,
                         "games": 10, "seed": seed, "limit_ms": 1000, "first": 0,
                         "key": key}),
             texts.append, clock=lambda: 0.0)
    duels = [TableGame.from_dict(r["duel"]) for r in map(json.loads, texts) if r["kind"] == "duel"]
    assert all(d.failed in (None, 3) for d in duels)
    bots = ["My bot", "My bot 2", "My bot 3", "My bot 4"]
    expected = [[bots[s.entrant], s.wins] for s in standings(4, duels)]
    assert sorted(names) == sorted(expected)


#: Top levels the sandbox stops: each with its error's kind and words.
STOPPED_TOP_LEVELS = [
    (STOPPER + "def choose(view, moves, rng):\n    return moves[0]\n", "load_time",
     "The code outside choose ran for"),
    ("x = []\nwhile True:\n    x.append(bytearray(10 ** 7))\n", "memory",
     "used up all the memory"),
]


def test_a_top_level_that_never_ends_or_eats_memory_is_stopped(
        lab: Page) -> None:
    """The top level is timed too, and a memory bomb meets the
    sandbox's cap; the Lab says why, and the page answers all along. One page, one
    after the other (once two tests, each opening the Lab anew): the second is Run in
    the Lab the first was stopped in."""
    page = lab
    box = page.locator("details.lab-ref-box")
    for code, kind, words in STOPPED_TOP_LEVELS:
        set_code(page, code)
        was_open = box.get_attribute("open") is not None
        page.click("[data-action=lab-run]")
        page.click("details.lab-ref-box summary")  # the page answers while the sandbox spins
        if was_open:
            expect(box).not_to_have_attribute("open", "")
        else:
            expect(box).to_have_attribute("open", "")
        error = page.locator(f'[data-lab-error="{kind}"]')
        expect(error).to_be_visible(timeout=WORKER_BOOT_MS)
        expect(error).to_contain_text(words)
        expect(page.locator("[data-action=lab-run]")).to_be_enabled()


def test_a_memory_bomb_in_choose_loses_each_game_and_the_match_goes_on(
        lab: Page) -> None:
    """Three games, not ten: two are played side by side, so the third is played after
    a sandbox met the cap and was replaced (the match goes on), and each is lost; ten
    only did the same again, a sandbox's restart a game."""
    page = lab
    set_code(page, "def choose(view, moves, rng):\n    x = []\n    while True:\n"
                   "        x.append(bytearray(10 ** 7))\n")
    run_match(page, games="10", limit="5000", played=3)
    expect(page.locator('[data-lab-error="memory"]')).to_contain_text("used up all the memory")
    assert page.locator("[data-lab-score]").get_attribute("data-wins") == "0"
    results = game_results(page)
    assert len(results) == 3 and all("out of memory" in r for r in results), results


#: A bot that forges its sandbox's answers: its top level rewrites the sandbox's own
#: Python (the function that writes its answers) so that its first answer to a move
#: claims a move it was not offered and its second is not an answer at all (markup,
#: and too long). The second gets its sandbox replaced, whose top level then forges
#: again.
FORGER = '''import json
import parlor.app.lab.sandbox.sandbox as sandbox

honest = sandbox.answer_text
forged = iter([
    lambda asked: json.dumps({"id": asked, "move": "Z9", "problem": None, "printed": ""}),
    lambda asked: "<script>alert(1)</script>" * 5000,
])


def answer_text(asked, move, problem, printed=""):
    if move is None and problem is None:  # the file's run: let it through
        return honest(asked, move, problem, printed)
    return next(forged, lambda asked: honest(asked, move, problem, printed))(asked)


sandbox.answer_text = answer_text


def choose(view, moves, rng):
    return moves[0]
'''


def test_forged_answers_are_refused_and_the_match_goes_on(
        lab: Page) -> None:
    """Every message from the sandbox is checked against the wire's
    shape and the moves offered; a forged one stops that game only, with the reason."""
    page = lab
    set_code(page, FORGER)
    run_match(page, games="10")
    results = game_results(page)
    assert len(results) == 10, results
    # Each sandbox's first two answers are forged; two games are played side by side,
    # so which game meets which forgery depends on the order answers come back.
    refused = [r for r in results if "a move not offered" in r or "a bad answer" in r]
    assert len(refused) >= 5, results
    assert any("a move not offered" in r for r in refused)
    assert any("a bad answer" in r for r in refused)
    assert page.locator("[data-lab-score]").get_attribute("data-games") == "10"
    assert page.locator("script").evaluate_all("s => s.filter(x => x.text.includes('alert'))"
                                               ".length") == 0


#: At the table: the bot looks for the human's secret colour everywhere it can; if it
#: ever found it, it would play it back as a move, which stops the game.
PEEKER = '''import gc, sys

def choose(view, moves, rng):
    found = [o for o in gc.get_objects()
             if type(o).__name__ in ("KabaleoState", "KabaleoSecrets")]
    frame = sys._getframe()
    while frame is not None:
        found += [v for v in frame.f_locals.values()
                  if type(v).__name__ in ("KabaleoState", "KabaleoSecrets")]
        frame = frame.f_back
    if found:
        return "LEAK " + repr(found[0])[:60]
    return moves[0]
'''


def test_a_lab_bot_at_the_table_never_holds_the_humans_secret(
        lab: Page) -> None:
    """'Play against this bot' asks the bot's sandbox with its
    seat's view only; the game is played to its end and resumes after a reload.

    Also the Lab's own "a game against your own bot is played to its end and resumes"
    (once a test of e2e/test_lab.py playing a whole game of its own, ~24 s): the bot's
    code is saved with the game (``save=`` in the address), its moves come from the
    worker, and the tab reloaded mid-game resumes the game, bot and all."""
    from kabaleo_helpers import my_turn_or_end_past_slow_lab_moves, play_one_move

    page = lab
    set_code(page, PEEKER)
    page.select_option("[data-lab-field=level]", "random")
    # The longest time a move may take: this test is about what the bot sees, and on a
    # loaded machine a move at the default second was once over time (1.3 s).
    page.select_option("[data-lab-field=limit]", "5000")
    page.click("[data-action=lab-play]")
    expect(page.locator("#game")).to_have_attribute("data-phase", "play")
    assert "save=" in page.url
    played = 0
    while my_turn_or_end_past_slow_lab_moves(page, WORKER_BOOT_MS) != "over":
        assert page.locator("[data-notice=lab]").count() == 0
        play_one_move(page)
        played += 1
        if played == 2:  # a kept game with a Lab seat: the same boundary after a reload
            page.reload()
            page.wait_for_function(READY)
            expect(page.locator("#game")).to_have_attribute("data-phase", "play")
    assert played >= 5
    expect(page.locator("#game")).to_have_attribute("data-phase", "over")
    assert page.locator("[data-notice=lab]").count() == 0
