"""Two devices, one game, in real Chromium pages that pair through their own
fields and talk over a real WebRTC data channel.

Run by e2e/test_pairing.py inside a network namespace whose only interface is loopback
(tools/loopback_only.py), so no packet can go anywhere but 127.0.0.1; running this file
elsewhere fails at once. Chromium runs with ``--allow-loopback-in-peer-connection`` and
each context is granted the camera and microphone (without that grant Chromium offers
only the default route's address, and there is no default route here); the pages run
with ``?net=loopback``, which keeps 127.0.0.1 alone in invitations and answers. Each
pairing checks the connection's chosen candidate pair: 127.0.0.1 on both ends.
"""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect

from ciao_helpers import CIAO, find_position
from conftest import (
    TEST_ARGS,
    BrowserLog,
    fail_on_blocked,
    find_chromium,
    isolated_context,
    open_app,
    poll,
    saved_state,
)
from parlor.core.match import Match
from positions import bot_prefix, store
from saboteur_helpers import TURN, play_one_move

if [name for _, name in socket.if_nameindex()] != ["lo"]:
    pytest.fail("e2e/pairing_cases.py runs only in a loopback-only network namespace: "
                "run e2e/test_pairing.py (or `make test-e2e`)", pytrace=False)

#: Keeps every RTCPeerConnection the page makes, so the test can read its statistics.
RECORD_PCS = """
(() => {
  const Native = window.RTCPeerConnection;
  if (!Native) return;
  window.__pcs = [];
  window.RTCPeerConnection = function (config) {
    const pc = new Native(config);
    window.__pcs.push(pc);
    return pc;
  };
  window.RTCPeerConnection.prototype = Native.prototype;
})();
"""

#: The chosen candidate pair's addresses on the page's newest open connection.
SELECTED_PAIR = """async () => {
  const pc = [...window.__pcs].reverse().find(p => p.connectionState === 'connected');
  if (!pc) return null;
  const stats = await pc.getStats();
  let pair = null;
  stats.forEach(s => {
    if (s.type === 'candidate-pair' && s.nominated && s.state === 'succeeded') pair = s;
  });
  if (!pair) return null;
  return [stats.get(pair.localCandidateId).address, stats.get(pair.remoteCandidateId).address];
}"""


@pytest.fixture(scope="module")
def link_browser(playwright_instance: Playwright) -> Iterator[Browser]:
    browser = playwright_instance.chromium.launch(
        executable_path=find_chromium(), headless=True,
        args=[*TEST_ARGS, "--allow-loopback-in-peer-connection"])
    yield browser
    browser.close()


@pytest.fixture
def device(link_browser: Browser, base_url: str,
           browser_log: BrowserLog) -> Iterator[Callable[[str], Page]]:
    """``device(query, saved=None)``: a page in a browser context of its own (another
    device); ``saved``, a match this device holds as a save, opened with ``query``'s
    further parameters (e2e/positions.py)."""
    contexts: list[BrowserContext] = []

    def make(query: str, saved: Match | None = None) -> Page:
        ctx = isolated_context(link_browser, base_url, browser_log)
        ctx.grant_permissions(["camera", "microphone"], origin=base_url)
        ctx.add_init_script(RECORD_PCS)
        contexts.append(ctx)
        page = ctx.new_page()
        if saved is not None:
            query = store(page, base_url, saved, "paired-0") + "&" + query.lstrip("?")
        return open_app(page, base_url, query)

    yield make
    for ctx in contexts:
        ctx.close()
    fail_on_blocked(browser_log)


def pair(host: Page, guest: Page, seat: int) -> None:
    """Pair ``seat`` through the pages' own fields, as two people would. (How long it
    takes is tools/bench's to measure, not this test's.)"""
    panel = host.locator(f"#game [data-link-seat='{seat}']")
    invite = panel.locator("[data-invite]")
    expect(invite).to_be_visible()
    text = invite.inner_text()
    box = guest.locator("[data-join]:visible")
    box.locator("textarea[data-join-text]").fill(text)
    box.locator("[data-action='join']").click()
    answer = guest.locator("#game [data-answer]")
    expect(answer).to_be_visible()
    panel.locator("textarea[data-answer-text]").fill(answer.inner_text())
    panel.locator("[data-action='connect']").click()
    expect(guest.locator("#game")).to_have_attribute("data-link", "connected")
    # The page says "connected" when its data channel opens; the connection's own state
    # and its stats' nominated pair may come a moment later (a loaded machine has been
    # seen to have none yet): polled (an async predicate would pass wait_for_function
    # at once).
    chosen = poll(guest, lambda: guest.evaluate(SELECTED_PAIR),
                  "the connection's nominated candidate pair")
    assert chosen == ["127.0.0.1", "127.0.0.1"]


def moves_of(page: Page) -> int:
    return int(page.get_attribute("#game", "data-moves") or "0")


def wait_moves(page: Page, n: int) -> None:
    page.wait_for_function(f"() => +document.querySelector('#game').dataset.moves >= {n}")


def guest_holds_only_its_seat(host: Page, guest: Page, seat: int) -> None:
    """The guest's page has its own hand and nothing of the other's: no game state in
    its Python (no session, no save), the DOM's hand is exactly its seat's."""
    state = saved_state(host)
    mine = sorted(guest.locator("#game .hcard[data-pick^='card:']").evaluate_all(
        "els => els.map(e => e.dataset.pick.slice(5))"))
    assert mine == sorted(state.hands[seat])  # type: ignore[attr-defined]
    html = guest.inner_html("#game")
    other = [c for c in state.hands[1 - seat] if c not in state.hands[seat]]  # type: ignore[attr-defined]
    assert not any(f"card:{c}" in html for c in other)
    assert guest.evaluate(
        "() => Object.keys(localStorage).filter(k => k.startsWith('parlor:save:'))") == []
    # Python's None is JS undefined: the page holds a guest link and no game.
    assert guest.evaluate("() => window.parlorApp.controller.session === undefined"
                          " && window.parlorApp.controller.guesting.guest !== undefined")


def play_guest_saboteur(page: Page) -> None:
    """The helpers' strategy, but always ending the turn in a bribe window (a guest has
    no save to read the counters from)."""
    done = page.locator("#game .bribe-window [data-move='done']")
    if done.count():
        done.click()
        return
    play_one_move(page)


def test_a_saboteur_duel_is_played_to_the_end_on_two_devices(device) -> None:
    """A one-round duel, host and guest, to the end screen on both. The round's course
    up to an empty draw pile is the engine's (its bots, in CPython: e2e/positions.py;
    a whole duel across two devices is tests/test_pairing.py's), saved on the host: the
    last turns, each seat's, are clicked on their own device."""
    duel = bot_prefix("saboteur", ("human", "remote"), 3, {"rounds": 1},
                      lambda s, _: not s.draw)
    host = device("?net=loopback", duel)
    expect(host.locator("#game")).to_have_attribute("data-link", "waiting")
    guest = device("?net=loopback")
    # This browser has no camera: the scan button says so, in the page's words.
    guest.locator("#join-slot [data-action='scan']").click()
    expect(guest.locator("#status")).to_contain_text("No camera was found")
    pair(host, guest, 1)
    expect(host.locator("#game")).to_have_attribute("data-link", "connected")
    checked, clicked_here = False, 0
    for _ in range(300):
        if host.get_attribute("#game", "data-phase") == "over":
            break
        n = moves_of(host)
        seat = host.get_attribute("#game", "data-to-act")
        page = guest if seat == "1" else host
        page.wait_for_selector(TURN)
        if seat == "1":
            if not checked:
                guest_holds_only_its_seat(host, guest, 1)
                checked = True
            assert host.locator("#game [data-move]").count() == 0
            play_guest_saboteur(guest)
        else:
            play_one_move(host)
            clicked_here += 1
        wait_moves(host, n + 1)
        wait_moves(guest, n + 1)  # the guest's screen follows
    expect(host.locator("#game")).to_have_attribute("data-phase", "over")
    expect(guest.locator("#game")).to_have_attribute("data-phase", "over")
    assert checked and clicked_here  # each device's person played
    assert moves_of(guest) == moves_of(host) > len(duel.moves) + 1


def play_saboteur_moves(host: Page, guest: Page, count: int) -> None:
    """``count`` moves, each by whichever page's seat is to act, both screens following."""
    for _ in range(count):
        n = moves_of(host)
        seat = host.get_attribute("#game", "data-to-act")
        if seat == "1":
            guest.wait_for_selector(TURN)
            play_guest_saboteur(guest)
        else:
            host.wait_for_selector(TURN)
            play_one_move(host)
        wait_moves(host, n + 1)
        wait_moves(guest, n + 1)


def test_a_dropped_guest_pairs_again_and_the_game_goes_on(device) -> None:
    host = device("?game=saboteur&seats=human,remote&opt.rounds=one&seed=5&net=loopback")
    guest = device("?net=loopback")
    pair(host, guest, 1)
    play_saboteur_moves(host, guest, 4)
    before = moves_of(host)
    # The guest's page is reloaded (or its connection dropped): both say so.
    guest.reload(wait_until="domcontentloaded")
    guest.wait_for_function("() => document.body.dataset.ready === '1'")
    expect(guest.locator("#game")).to_have_attribute("data-link", "lost")
    expect(host.locator("#game")).to_have_attribute("data-link", "lost")
    assert moves_of(guest) == before  # the game as it was, waiting
    pair(host, guest, 1)
    expect(host.locator("#game")).to_have_attribute("data-link", "connected")
    assert moves_of(host) == before  # nothing lost, nothing played twice
    play_saboteur_moves(host, guest, 3)


def test_a_ciao_round_with_two_guests(device) -> None:
    """Ciao! for three: one person at the host, two on other devices; races and
    thank-yous are played across devices, each timed on its own screen. The windows are
    the shortest the rules allow (2 s): the test waits each one out, and clicks in what
    it can. The round's start is the engine's: the clicks begin in a race, late in it."""
    # The round so far is the engine's (random legal play, e2e/ciao_helpers.py), saved on
    # the host: it stands in a speed race a guest can answer, a hand down to two cards.
    late = find_position(
        ("human", "remote", "remote"), {"rounds": 1, "race_seconds": 2, "thanks_seconds": 2},
        lambda s: s.phase == "race" and min(len(h) for h in s.hands) <= 2
        and any(m.startswith(("race 1 ", "race 2 ")) for m in CIAO.legal_moves(s)))
    host = device("?net=loopback", late)
    g1, g2 = device("?net=loopback"), device("?net=loopback")
    pair(host, g1, 1)
    expect(host.locator("#game")).to_have_attribute("data-link", "waiting")
    pair(host, g2, 2)
    expect(host.locator("#game")).to_have_attribute("data-link", "connected")
    pages = {"0": host, "1": g1, "2": g2}
    raced = 0
    for _ in range(200):
        if host.get_attribute("#game", "data-phase") == "over":
            break
        n = moves_of(host)
        seat = host.get_attribute("#game", "data-to-act") or ""
        if seat == "-1":  # a timed window: a guest with a race card plays it
            for g in (g1, g2):
                # Looked for and clicked in one go: the window may close at any moment
                # (its own timer), and a card looked for first could be gone at the click.
                if g.evaluate(CLICK_IN_WINDOW):
                    raced += 1
                    break
            wait_moves(host, n + 1)
            continue
        page = pages[seat]
        page.wait_for_selector("#game [data-move], #game .fan [data-pick]")
        fan_move = page.locator("#game .fan [data-move]")
        if fan_move.count():
            fan_move.first.click()
        elif page.locator("#game .fan [data-pick]").count():
            page.locator("#game .fan [data-pick]").first.click()
            page.locator("#game .choices [data-move]").first.click()
        else:
            page.locator("#game [data-move]").first.click()
        wait_moves(host, n + 1)
    expect(host.locator("#game")).to_have_attribute("data-phase", "over")
    for g in (g1, g2):
        expect(g.locator("#game")).to_have_attribute("data-phase", "over")
    # The guests ran no rules: their pages hold a link to the game, no game.
    for g in (g1, g2):
        assert g.evaluate("() => window.parlorApp.controller.session === undefined")
    print(f"races and thank-yous clicked on guests: {raced}")


#: A guest's race card or thank-you, clicked if there is one now; whether one was.
CLICK_IN_WINDOW = """() => {
  const card = document.querySelector(
    "#game [data-move^='race '], #game [data-move^='thanks ']");
  if (card) card.click();
  return !!card;
}"""


def kabaleo_move(page: Page) -> None:
    """Pick the first piece, then (once the screen shows where it may go: on a guest
    that is the host's answer) the first pile."""
    page.locator("#game [data-pick]").first.click()
    page.wait_for_selector("#game:not([data-busy]) [data-move]")
    page.locator("#game [data-move]").first.click()


def test_a_kabaleo_game_with_a_guest_and_a_bot(device) -> None:
    """Kabaleo for three: a person here, one on another device, a bot held by the host;
    its last turns played to the end, the guest never holding another seat's secret
    colour."""
    # The first 24 of the 30 moves are the engine's (e2e/positions.py), saved on the host:
    # each seat's last two are played here, clicked or by the host's bot.
    start = bot_prefix("kabaleo", ("human", "remote", "bot:easy"), 11, {},
                       lambda _, ply: ply == 24)
    host = device("?botdelay=0&net=loopback", start)
    guest = device("?net=loopback")
    pair(host, guest, 1)
    for _ in range(300):
        if host.get_attribute("#game", "data-phase") == "over":
            break
        n = moves_of(host)
        seat = host.get_attribute("#game", "data-to-act")
        if seat in ("0", "1"):
            page = host if seat == "0" else guest
            page.wait_for_selector("#game [data-pick]")
            kabaleo_move(page)
        wait_moves(host, n + 1)
        assert guest.locator("#game [data-revealed]").count() == 0
    expect(host.locator("#game")).to_have_attribute("data-phase", "over")
    expect(guest.locator("#game")).to_have_attribute("data-phase", "over")
    assert moves_of(guest) == moves_of(host) == 30
