"""Two devices and one game, through the controllers of a host page and its
guest pages (tests/pairing_net.py plays the network): pairing by the pages' own fields,
the host holding the game, guests seeing and playing only their seat, nothing lost or
applied twice across drops and reloads, and races decided by each device's own time."""

from __future__ import annotations

import re
from html import unescape

import pytest

from pairing_net import PAGE, LinkPage, Net, description
from parlor.app.events import Action, Boot, LinkEvent, Move, Pick, WindowDecide
from parlor.app.pairing import link
from parlor.app.windows import GRACE_MS
from parlor.core.protocol import TABLE


def first_offered(page: LinkPage) -> str:
    moves = page.moves()
    assert moves, "the seat to act has nothing to click"
    return moves[0]


def act(page: LinkPage, net: Net) -> None:
    """Play the seat to act from its own page by clicks only: a move on show, else the
    first choice (a card) that leads to one, as a person would."""
    if page.moves():
        page.send(Move(page.moves()[0]))
        net.deliver()
        return
    for token in re.findall(r'data-pick="([^"]*)"', page.html):
        page.send(Pick(token))
        net.deliver()
        if page.moves():
            page.send(Move(page.moves()[0]))
            net.deliver()
            return
        page.send(Pick("cancel"))
        net.deliver()
    raise AssertionError("nothing on the screen leads to a move")


def test_a_saboteur_duel_is_paired_and_played_to_the_end_across_two_devices() -> None:
    net = Net({"game": "saboteur", "seats": "human,remote", "seed": "11"})
    assert net.host.link == "waiting"
    guest = net.pair(1)
    assert net.host.link == "connected" and guest.link == "connected"
    session = net.host.c.session
    assert session is not None
    for _ in range(400):
        session = net.host.c.session
        assert session is not None
        seat = session.to_act()
        if seat is None:
            break
        before = len(session.match.moves)
        if seat == 1:
            assert not net.host.moves(), "the host's page offers the guest's moves"
        act(guest if seat == 1 else net.host, net)
        assert len(net.host.c.session.match.moves) == before + 1  # type: ignore[union-attr]
    assert net.host.c.session is not None and net.host.c.session.to_act() is None
    assert net.host.game is not None and guest.game is not None
    assert guest.game.screen.phase == "over" == net.host.game.screen.phase


def test_a_guest_holds_only_its_own_seat() -> None:
    """Rule: each guest receives only its seat's view (the host renders it); a guest
    runs no rules and holds no state."""
    net = Net({"game": "kabaleo", "seats": "remote,human,remote", "seed": "3"})
    g0, g2 = net.pair(0), net.pair(2)
    session = net.host.c.session
    assert session is not None
    for seat, g in ((0, g0), (2, g2)):
        assert g.c.session is None and g.c.guesting.guest is not None
        assert g.c.guesting.guest.hello is not None and g.c.guesting.guest.hello.seat == seat
        own = session.game.view(session.state, seat)
        from parlor.app.screens.game import game_screen
        from parlor.app.screens.untrusted import clean

        assert g.c.guesting.guest.table is not None
        assert g.c.guesting.guest.table.html == clean(game_screen(session, None, (), t=net.host.c.t,
                                                         seat=seat).html)
        assert own is not None


def test_a_modified_guest_can_play_only_what_its_screen_offers() -> None:
    net = Net({"game": "saboteur", "seats": "remote,human", "seed": "5"})
    guest = net.pair(0)
    session = net.host.c.session
    assert session is not None and session.to_act() == 0
    moves = len(session.match.moves)
    g = guest.c.guesting.guest
    assert g is not None

    def forged(body: link.Body) -> None:
        part = guest.c.guesting
        channel, env = part.guest.channel.send(body)  # type: ignore[union-attr]
        part.guest = g.__class__(**{**part.guest.__dict__, "channel": channel})  # type: ignore[union-attr]
        net.host.send(LinkEvent(0, net.host.opened[0].conn, "message", link.encode(env)))

    legal = session.game.legal_moves(session.state)
    not_offered = next(m for m in ("pass", "discard 99", "place Z9@9,9^") if m not in legal)
    forged(link.Play(moves=moves, move=not_offered))
    forged(link.Play(moves=moves + 5, move=legal[0]))  # a count the guest never saw
    net.host.send(LinkEvent(0, net.host.opened[0].conn, "message", "[1,9,0,\"play\",{}]"))
    assert len(net.host.c.session.match.moves) == moves  # type: ignore[union-attr]
    refusals = [link.decode(e.text).body for e in net.host.outbox]
    assert any(isinstance(b, link.Refused) and b.move == not_offered for b in refusals)
    assert any(isinstance(b, link.Refused) and "fields" in b.reason for b in refusals)


def test_the_other_seat_cannot_be_played_from_a_guest() -> None:
    net = Net({"game": "saboteur", "seats": "human,remote", "seed": "5"})
    guest = net.pair(1)
    session = net.host.c.session
    assert session is not None and session.to_act() == 0
    assert guest.moves() == []  # not its turn: nothing to click
    forged_move = session.game.legal_moves(session.state)[0]
    channel, env = guest.c.guesting.guest.channel.send(  # type: ignore[union-attr]
        link.Play(moves=0, move=forged_move))
    net.host.send(LinkEvent(1, net.host.opened[1].conn, "message", link.encode(env)))
    assert len(net.host.c.session.match.moves) == 0  # type: ignore[union-attr]


def test_picks_travel_to_the_host_and_come_back_as_the_seat_s_screen() -> None:
    net = Net({"game": "saboteur", "seats": "remote,human", "seed": "5"})
    guest = net.pair(0)
    token = re.findall(r'data-pick="(card:[^"]*)"', guest.html)[0]
    guest.send(Pick(token))
    net.deliver()
    assert net.host.c.hosting.peers[0].picks == (token,)
    assert 'aria-pressed="true"' in guest.html


def test_the_game_waits_for_remote_devices_and_says_so() -> None:
    """A bot does not move, and nobody plays, while a remote seat is not connected."""
    net = Net({"game": "kabaleo", "seats": "remote,bot:easy", "seed": "2", "botdelay": "0"})
    assert net.host.link == "waiting"
    assert "Waiting for" in net.host.game.screen.status  # type: ignore[union-attr]
    net.offer(0)
    assert not net.host.timers  # no bot turn scheduled while waiting


def test_a_dropped_connection_loses_no_move_and_applies_none_twice() -> None:
    net = Net({"game": "saboteur", "seats": "human,remote", "seed": "8"})
    guest = net.pair(1)
    act(net.host, net)
    # The guest clicks; the connection breaks before the move arrives.
    while not guest.moves():
        guest.send(Pick(re.findall(r'data-pick="(card:[^"]*)"', guest.html)[0]))
        net.deliver()
    move = first_offered(guest)
    guest.send(Move(move))
    net.drop(1)
    assert net.host.link == "lost" and guest.link == "lost"
    assert len(net.host.c.session.match.moves) == 1  # type: ignore[union-attr]
    net.host.send(Move(first_offered(net.host) if net.host.moves() else "x"))
    assert len(net.host.c.session.match.moves) == 1  # the game waits  # type: ignore[union-attr]
    # Pairing again sends the click again: applied once.
    net.pair(1, guest)
    assert net.host.c.session.match.moves[1] == move  # type: ignore[union-attr]
    assert len(net.host.c.session.match.moves) == 2  # type: ignore[union-attr]
    # Sent again after it had arrived (its acknowledgement lost): not applied twice.
    replay = link.Play(moves=1, move=move)
    channel, env = guest.c.guesting.guest.channel.send(replay)  # type: ignore[union-attr]
    net.host.send(LinkEvent(1, net.host.opened[1].conn, "message", link.encode(env)))
    assert len(net.host.c.session.match.moves) == 2  # type: ignore[union-attr]


def test_a_reloaded_guest_shows_the_game_and_resumes_it() -> None:
    net = Net({"game": "saboteur", "seats": "human,remote", "seed": "8"})
    guest = net.pair(1)
    save = net.host.c.session.save_id  # type: ignore[union-attr]
    assert guest.url is not None and guest.url.params == {"guest": save}
    act(net.host, net)
    seen = guest.html
    net.drop(1)
    reloaded = LinkPage(guest.store)
    reloaded.send(Boot({"guest": save}, "", PAGE))
    assert reloaded.link == "lost"
    assert seen.split("</nav>", 1)[1].split("</section>")[-1][:200] in reloaded.html
    net.guests[1] = reloaded
    net.pair(1, reloaded)
    assert reloaded.link == "connected" and net.host.link == "connected"
    act(reloaded, net)
    assert len(net.host.c.session.match.moves) == 2  # type: ignore[union-attr]


def test_a_guest_link_that_is_gone_is_said_so() -> None:
    page = LinkPage()
    page.send(Boot({"guest": "nope"}, "", PAGE))
    assert page.menu is not None and "no longer has its link" in page.menu.message


@pytest.mark.parametrize(("text", "why"), [
    ("nonsense", "five parts"),
    ("", "five parts"),
])
def test_a_damaged_invitation_is_refused_with_the_reason(text: str, why: str) -> None:
    page = LinkPage()
    page.send(Boot({}, "join=" + text, PAGE))
    assert page.menu is not None and why in page.menu.message
    assert not page.opened


def test_an_invitation_pasted_as_the_answer_is_refused() -> None:
    net = Net({"game": "saboteur", "seats": "human,remote", "seed": "1"})
    invite = net.offer(1)
    net.host.send(Action("connect", value=invite, seat="1"))
    assert not net.host.accepted
    assert "invitation, not an answer" in net.host.game.screen.status  # type: ignore[union-attr]


def test_a_connection_that_never_opens_fails_with_why_and_can_be_retried() -> None:
    net = Net({"game": "saboteur", "seats": "human,remote", "seed": "1"})
    invite = net.offer(1)
    g = LinkPage()
    g.send(Boot({}, "join=" + invite, PAGE))
    g.send(LinkEvent(-1, g.opened[-1].conn, "answer", "v=0\r\n"))  # no usable description
    assert "network address" in g.html
    net.host.send(Action("connect", value=invite.replace("A,", "a,", 1), seat="1"))
    conn = net.host.opened[1].conn
    net.host.send(LinkEvent(1, conn, "timeout"))
    assert 'data-link-state="failed"' in net.host.html and "same network" in net.host.html
    net.host.send(Action("link-retry", seat="1"))
    assert net.host.opened[1].conn > conn and 'data-link-state="offering"' in net.host.html


def test_the_server_setting_is_kept_and_used_for_the_next_invitation() -> None:
    net = Net({"game": "saboteur", "seats": "human,remote", "seed": "1"})
    net.host.send(Action("link-ice", value="stun:stun.example.org:3478"))
    assert net.host.opened[1].ice == (("stun:stun.example.org:3478", "", ""),)
    net.host.send(Action("link-ice", value="ftp://x"))
    assert "cannot be used" in net.host.game.screen.status  # type: ignore[union-attr]
    assert net.host.store.get("parlor:setting:ice") == "stun:stun.example.org:3478"


def _race_net() -> tuple[Net, LinkPage, LinkPage]:
    """A 3-player Ciao! (one person here, two on other devices) at its first race."""
    for seed in range(1, 400):
        net = Net({"game": "ciao", "seats": "human,remote,remote", "seed": str(seed),
                   "botdelay": "0"})
        g1, g2 = net.pair(1), net.pair(2)
        pages = {0: net.host, 1: g1, 2: g2}
        for _ in range(60):
            session = net.host.c.session
            assert session is not None
            seat = session.to_act()
            if seat == TABLE or seat is None:
                break
            act(pages[seat], net)
        window = net.host.c.turns.window
        if (window is not None and window.kind == "race" and 1 in window.humans
                and 2 in window.humans and g1.moves() and g2.moves()):
            return net, g1, g2
    raise AssertionError("no seed reached a race open to both guests")


def test_a_race_across_devices_goes_to_the_quickest_on_its_own_screen() -> None:
    """Ciao! rules, speed cards: the quickest hand wins the race; across devices each
    hand is timed on its own screen, and a slow link does not lose within the grace."""
    net, g1, g2 = _race_net()
    assert net.host.c.turns.window_remote()
    assert g1.c.guesting.guest is not None and g1.c.guesting.guest.table is not None
    assert g1.c.guesting.guest.table.window == net.host.c.turns.window_id >= 1
    # Guest 1 answers after 900 ms on its screen; guest 2 after 300 ms on its own, but
    # its message arrives later (a slow link).
    g1.clock += 900
    m1 = first_offered(g1)
    g1.send(Move(m1))
    net.host.clock += 50
    net.deliver()
    g2.clock += 300
    m2 = first_offered(g2)
    g2.send(Move(m2))
    net.host.clock += GRACE_MS - 100
    net.deliver()
    decide = [t for t in net.host.timers if isinstance(t.event, WindowDecide)]
    assert decide, "the first answer opens the grace period"
    moves = len(net.host.c.session.match.moves)  # type: ignore[union-attr]
    net.host.send(decide[0].event)
    assert net.host.c.session.match.moves[moves] == m2  # type: ignore[union-attr]
    assert m2.startswith("race 3 ")  # seat 2, numbered from 1 in notation


def test_the_pairing_screens_say_everything_through_the_catalogs() -> None:
    """Every language, every screen: the host's panel in each state and the guest's
    screen in each state, drawn by a translator that brackets what it says."""
    from test_i18n_pseudo import Pseudo, strays

    net = Net({"game": "kabaleo", "seats": "human,remote", "seed": "4"})
    net.host.c.t = Pseudo()
    invite = net.offer(1)
    screens = [net.host.html + net.host.game.screen.status]  # type: ignore[union-attr]
    guest = LinkPage()
    guest.c.t = Pseudo()
    guest.send(Boot({}, "join=" + invite, PAGE))
    screens.append(guest.html + guest.game.screen.status)  # type: ignore[union-attr]
    guest.send(LinkEvent(-1, guest.opened[-1].conn, "answer", description("active", 99)))
    answer = guest.found("data-answer")
    screens.append(guest.html)
    net.host.send(Action("connect", value=answer, seat="1"))
    screens.append(net.host.html + net.host.game.screen.status)  # type: ignore[union-attr]
    net.host.send(LinkEvent(1, net.host.opened[1].conn, "timeout"))
    screens.append(net.host.html)
    guest.send(LinkEvent(-1, guest.opened[-1].conn, "closed"))
    screens.append(guest.html + guest.game.screen.status)  # type: ignore[union-attr]
    # The invitation, the answer and the server example are codes in every language.
    codes = frozenset(re.findall(r"[^\W\d_][\w-]*[^\W\d_]",
                                 f"{invite} {answer} {PAGE}#join={invite} stun:host:3478"))
    found = {w for html in screens for w in strays(html, codes)}
    assert found == set()


def test_a_guest_shows_the_host_s_markup_without_anything_that_could_run() -> None:
    """Secrets stay secret the other way too: a rogue "host" can draw a wrong board,
    but nothing it sends runs in the guest's page or loads anything."""
    from parlor.app.screens.untrusted import clean

    hostile = ('<p onclick="steal()">hi<script>alert(1)</script></p>'
               '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">go</a>'
               '<svg viewBox="0 0 1 1"><script>alert(4)</script><g data-move="x" '
               'onmouseover="alert(5)"><foreignObject><iframe srcdoc="<b>"></iframe>'
               '</foreignObject></g></svg><style>*{}</style>&lt;b&gt;')
    out = clean(hostile)
    for bad in ("script", "alert", "onclick", "onerror", "javascript", "iframe", "style",
                "<img", "<a "):
        assert bad not in out.lower(), bad
    assert 'data-move="x"' in out and "&lt;b&gt;" in out and "hi" in out


@pytest.mark.parametrize("action", ["link-ice", "delete", "lab", "import", "menu", "export",
                                    "resume", "lab-play", "join", "again"])
def test_a_hosts_markup_asks_nothing_of_the_guests_page_but_moves_and_picks(
        action: str) -> None:
    """A host's button with a ``data-action`` (``link-ice`` would
    rewrite the guest's stored TURN setting, ``delete`` a save) or a control the page
    acts on when it changes reaches the guest without it; moves, picks and the maze's
    zoom stay."""
    from parlor.app.screens.untrusted import GUEST_ACTIONS, clean

    hostile = (f'<button data-action="{action}" data-save="parlor:save:1" '
               f'data-value="turn:a:b@evil:3478">Next</button>'
               '<select data-change="replay-goto"></select>'
               '<input type="file" data-lab-import data-import>'
               '<div data-game-form="kabaleo"><input data-field="seed"></div>'
               '<button data-move="B3">B3</button><button data-pick="G">G</button>'
               '<button data-action="zoom-fit">Fit</button>')
    out = clean(hostile)
    assert f'data-action="{action}"' not in out
    for trigger in ("data-change", "data-lab-import", "data-import", "data-game-form",
                    "data-field"):
        assert trigger not in out, trigger
    assert 'data-move="B3"' in out and 'data-pick="G"' in out
    assert 'data-action="zoom-fit"' in out and "zoom-fit" in GUEST_ACTIONS
    assert re.findall(r'data-action="([^"]*)"', out) == ["zoom-fit"]


@pytest.mark.parametrize(("game_id", "seats"), [
    ("kabaleo", "remote,human,bot:easy"), ("ciao", "remote,human"), ("saboteur", "remote,human"),
])
def test_a_real_screen_comes_through_the_cleaning_whole(game_id: str, seats: str) -> None:
    """What a host really sends loses nothing a player uses: every move, pick, label
    and word is still there."""
    from parlor.app.screens.game import game_screen
    from parlor.app.screens.untrusted import clean

    net = Net({"game": game_id, "seats": seats, "seed": "6"})
    session = net.host.c.session
    assert session is not None
    html = game_screen(session, None, (), t=net.host.c.t, seat=0).html
    out = clean(html)

    def marks(text: str) -> list[str]:
        found = re.findall(r'(data-(?:move|pick)="[^"]*"|aria-label="[^"]*")', text)
        return [unescape(m) for m in found]

    def words(text: str) -> str:
        return unescape(re.sub(r"<[^>]*>", "", text))

    assert marks(out) == marks(html) and marks(html)
    assert words(out) == words(html)


def test_each_device_reads_the_game_in_its_own_language() -> None:
    """Every language, every screen: a guest's seat is drawn in the guest's language,
    and again when it picks another; the host's screen stays in the host's."""
    from parlor.app.events import LanguageChosen
    from parlor.i18n.catalog import Translator

    net = Net({"game": "kabaleo", "seats": "human,remote", "seed": "4"})
    guest = LinkPage()
    guest.c.t = Translator("ru")
    net.pair(1, guest)
    assert re.search("[а-я]{4}", guest.c.guesting.guest.table.html)  # type: ignore[union-attr]
    assert re.search("[а-я]{4}", guest.c.guesting.guest.table.status)  # type: ignore[union-attr]
    assert not re.search("[а-я]", net.host.html)
    assert guest.c.guesting.guest.hello.names[1] == "Игрок 2"  # type: ignore[union-attr]
    guest.send(LanguageChosen("fa"))
    net.deliver()
    assert re.search("[\u0600-\u06ff]{3}", guest.html)
    assert not re.search("[а-я]{4}", guest.c.guesting.guest.table.html)  # type: ignore[union-attr]


def test_play_again_goes_on_with_the_devices_already_paired() -> None:
    net = Net({"game": "ciao", "seats": "human,remote", "seed": "2", "opt.rounds": "1",
               "botdelay": "0"})
    guest = net.pair(1)
    first = net.host.c.session.save_id  # type: ignore[union-attr]
    net.host.send(Action("again"))
    net.deliver()
    second = net.host.c.session.save_id  # type: ignore[union-attr]
    assert second != first and net.host.link == "connected" and guest.link == "connected"
    assert guest.c.guesting.guest.hello.save == second  # type: ignore[union-attr]
    assert guest.url is not None and guest.url.params["guest"] == second
    assert guest.c.guesting.guest.table.moves == 0  # type: ignore[union-attr]


def test_a_guest_says_when_the_host_speaks_another_version() -> None:
    net = Net({"game": "saboteur", "seats": "human,remote", "seed": "1"})
    guest = net.pair(1)
    guest.send(LinkEvent(-1, guest.opened[-1].conn, "message", '[9,1,0,"table",{}]'))
    assert "same version of Parlor" in guest.game.screen.status  # type: ignore[union-attr]


def test_a_reloaded_host_invites_again_and_the_guest_goes_on_with_the_same_game() -> None:
    net = Net({"game": "saboteur", "seats": "human,remote", "seed": "8"})
    guest = net.pair(1)
    act(net.host, net)
    save = net.host.c.session.save_id  # type: ignore[union-attr]
    # The host's page reloads: its connections are gone, its save is not.
    guest.send(LinkEvent(-1, guest.opened[-1].conn, "closed"))
    reloaded = LinkPage(net.host.store)
    reloaded.send(Boot({"save": save, "net": "loopback"}, "", PAGE))
    assert reloaded.link == "waiting" and reloaded.c.session is not None
    assert len(reloaded.c.session.match.moves) == 1
    net.host = reloaded
    net.pair(1, guest)
    assert guest.link == "connected" and guest.c.guesting.guest.hello.save == save  # type: ignore[union-attr]
    act(guest, net)
    assert len(reloaded.c.session.match.moves) == 2


def test_a_guest_told_a_damaged_invitation_says_so_on_its_own_screen_once() -> None:
    """A guest seat keeps its screen when a pasted invitation is refused: the refusal is
    the guest part's own notice, shown in its status line at the next drawing only."""
    net = Net({"game": "saboteur", "seats": "human,remote", "seed": "8"})
    guest = net.pair(1)
    guest.send(Action("join", value="nonsense"))
    assert guest.c.shown == "guest" and guest.game is not None
    assert "five parts" in guest.game.screen.status
    act(net.host, net)  # the host moves: the guest's screen is drawn again
    assert guest.c.shown == "guest" and "five parts" not in guest.game.screen.status
