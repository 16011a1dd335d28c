"""Saboteur on screen: rendering is a pure function of a view, secrets reach only the
seat that may see them, and everything clickable is a legal move (docs/design.md, "page
contract"; the Saboteur UI issue)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from parlor.app.screens.game import game_screen
from parlor.app.session import Session
from parlor.app.setup import parse_setup
from parlor.bots import make_bot
from parlor.core.protocol import legal_moves_of_view
from parlor.core.rng import Rng
from parlor.games import GAMES
from parlor.games.saboteur import rules
from parlor.games.saboteur.cards import CARDS, GOAL_IDS
from parlor.games.saboteur.state import BRIBE, REVEAL, Counter, Placed, SaboteurState
from parlor.games.saboteur.ui import render as R
from parlor.games.saboteur.ui.cards import card_words
from parlor.render.html import esc
from parlor.web import panzoom

GAME = GAMES["saboteur"]
MOVE = re.compile(r'data-move="([^"]+)"')
PICK = re.compile(r'data-pick="([^"]+)"')


def start(seats: str, seed: int, players: int = 2, **opts: object) -> Session:
    q = {"game": "saboteur", "seats": seats, "seed": str(seed), "players": str(players)}
    q.update({f"opt.{k}": str(v) for k, v in opts.items()})
    return Session.start(parse_setup(q, 1).to_match(), "r-0", 0.0)


def screen(picks: tuple[str, ...] = (), interactive: bool = True,
           legal: tuple[str, ...] = ()) -> R.Screen:
    return R.Screen(names=("You", "Bot 2"), kinds=("human", "bot:easy"),
                    interactive=interactive, picks=picks, legal=legal)


def html_for(s: SaboteurState, seat: int | None, picks: tuple[str, ...] = ()) -> str:
    """The screen as app/screens/game.py draws it: the viewer's legal moves come with it."""
    v = GAME.view(s, seat)
    acting = seat is not None and GAME.to_act(s) == seat
    legal = tuple(legal_moves_of_view(GAME, v)) if acting else ()
    return R.render_play(v, screen(picks, acting, legal), GAME.outcome(s, ("You", "Bot 2")))


def states(seed: int, players: int = 2, rounds: int = 1, limit: int = 400):
    """Every state of a game between easy bots (the human's seat is 0)."""
    s = GAME.new(players, seed, {"rounds": rounds})
    bots = [make_bot("saboteur", "easy") for _ in range(players)]
    rng = Rng(seed)
    for _ in range(limit):
        yield s
        seat = GAME.to_act(s)
        if seat is None:
            return
        s = GAME.apply(s, bots[seat].choose(GAME.view(s, seat), rng))


def names_card(html: str, cid: str) -> bool:
    """Whether the page names ``cid``: as a whole id (A-FIX-LAMP is not inside
    A-FIX-LAMP-CART), or by its words, the full description every drawn card carries
    (each card's own, either way up: tests/test_words_for_people.py reads no ids)."""
    if re.search(rf"(?<![\w-]){re.escape(cid)}(?![\w-])", html) is not None:
        return True
    return any(esc(card_words(cid, rot)) in html for rot in (0, 1))


def secret_of_seat_1(s: SaboteurState) -> set[str]:
    """Cards in seat 1's hand that seat 0 has no way to know about."""
    seen = set(s.hands[0]) | {p.card for p in s.maze if p.face_up} | set(s.discard)
    seen |= {w for _, _, move in s.history for w in move.replace("@", " ").split()}
    seen |= {cid for pieces in s.treasure for cid, _ in pieces}
    return set(s.hands[1]) - seen


def scenario(placed=(), hands=None, to_move=0, goals=None, **changes) -> SaboteurState:
    """A fresh duel with extra cards in the maze and chosen goals and hands."""
    s = rules.new_game(2, 0, {})
    maze = {p.cell: p for p in s.maze}
    for cell, gid in (goals or {}).items():
        maze[cell] = Placed(cell[0], cell[1], gid, 0, False, -1, 0)
    for i, (cell, cid, rot) in enumerate(placed):
        maze[cell] = Placed(cell[0], cell[1], cid, rot, True, to_move, i + 1)
    fields: dict[str, object] = {"maze": tuple(maze[c] for c in sorted(maze)),
                                 "to_move": to_move, "placed_count": len(placed)}
    if hands is not None:
        fields["hands"] = tuple(tuple(sorted(h)) for h in hands)
    fields.update(changes)
    return replace(s, **fields)  # type: ignore[arg-type]


# ------------------------------------------------------------------------ secrets


@pytest.mark.parametrize("seed", [1, 2])
def test_the_opponents_hand_and_unpeeked_goals_never_reach_the_page(seed: int) -> None:
    """Rendering seat 0's view, with and without picks, never names a card of seat 1's
    hand that seat 0 cannot know, nor a face-down goal seat 0 did not peek at."""
    checked = 0
    for i, s in enumerate(states(seed)):
        if i % 5:
            continue
        secret = secret_of_seat_1(s)
        peeked = {cell for cell in s.peeks[0]}
        hidden = {p.card for p in s.maze if not p.face_up and p.cell not in peeked
                  and p.cell not in s.pending}
        picks = [()] + [(f"card:{c}",) for c in sorted(set(s.hands[0]))[:3]]
        for p in picks:
            html = html_for(s, 0, p)
            for cid in secret | hidden:
                assert not names_card(html, cid), (i, cid)
            checked += len(secret | hidden)
    assert checked > 50


def test_a_peeked_goal_shows_to_the_peeker_only() -> None:
    s = scenario(hands=[["A-MAP", "P08"], ["P08"]], goals={(7, -1): "G13"})
    s = GAME.apply(s, "map @7,-1")
    assert names_card(html_for(s, 0), "G13") and "you peeked" in html_for(s, 0)
    for seat in (1, None):
        html = html_for(s, seat)
        assert not names_card(html, "G13") and "you peeked" not in html


def test_a_spectator_sees_no_hand_and_cannot_click() -> None:
    s = next(st for i, st in enumerate(states(3)) if i == 20)
    html = html_for(s, None)
    assert 'data-secret="hand"' not in html
    assert not MOVE.search(html) and not PICK.search(html)
    for cid in set(s.hands[0]) | set(s.hands[1]):
        if cid not in {p.card for p in s.maze} and cid not in s.discard:
            assert not names_card(html, cid)


def test_the_handoff_renders_nothing_secret() -> None:
    sess = start("human,human", 6)
    out = game_screen(sess, None)
    assert out.phase == "handoff"
    assert "data-secret" not in out.html and "svg" not in out.html
    assert not MOVE.search(out.html) and not PICK.search(out.html)
    for cid in sess.state.hands[0] + sess.state.hands[1]:
        assert not names_card(out.html, cid)
    shown = game_screen(sess, sess.viewer())
    assert shown.phase == "play" and shown.html.count('data-secret="hand"') == 1


# ------------------------------------------------------------------------ legality


def _offered(html: str) -> set[str]:
    return set(MOVE.findall(html))


@pytest.mark.parametrize("players", [1, 2])
def test_every_clickable_is_legal_and_every_placement_is_offered(players: int) -> None:
    """Page contract: nothing illegal is clickable; the picked card in the chosen
    orientation is offered on every cell where it may go."""
    checked = 0
    for i, s in enumerate(states(4, players)):
        if GAME.to_act(s) != 0 or i % 3:
            continue
        legal = set(GAME.legal_moves(s))
        html = html_for(s, 0)
        assert _offered(html) <= legal
        if s.phase in (REVEAL, BRIBE):  # every choice is a button (or a maze cell)
            assert _offered(html) == legal
            continue
        for cid in sorted(set(s.hands[0])):
            for picks, mark in (((f"card:{cid}",), "^"), ((f"card:{cid}", "turn"), "v")):
                offered = _offered(html_for(s, 0, picks))
                assert offered <= legal, (cid, offered - legal)
                places = {m for m in legal if m.startswith(f"place {cid}@") and m.endswith(mark)}
                assert {m for m in offered if m.startswith("place")} == places
                if CARDS[cid].kind in ("sabotage", "repair", "key", "rockfall", "map"):
                    kind = {"sabotage": "break"}.get(CARDS[cid].kind, CARDS[cid].kind)
                    uses = {m for m in legal if m.startswith(kind + " ")}
                    if CARDS[cid].kind == "repair":
                        uses = {m for m in uses if rules.REPAIR_CARD.get(
                            tuple(m.split(" with ")[1].split("+")) if " with " in m
                            else (m.split()[1],)) == cid}
                    assert uses <= offered, (cid, uses - offered)
                checked += 1
        # Discards: one card, then two (a pass, and a clear per broken tool).
        hand = s.hands[0]
        one = _offered(html_for(s, 0, ("discard", "discard:0")))
        assert f"pass {hand[0]}" in one and one <= legal
        if len(hand) >= 2:
            two = _offered(html_for(s, 0, ("discard", "discard:0", "discard:1")))
            pair = " ".join(sorted(hand[:2]))
            assert f"pass {pair}" in two and two <= legal
            for tool in s.sabotage[0]:
                assert f"clear {tool} discard {pair}" in two
    assert checked > 20


def test_reveal_offers_only_the_joining_orientation_and_says_why() -> None:
    """Goals, gold, trolls: G05 (S-W) reached from the west joins only upright: the
    screen offers that one alone and says in words why."""
    placed = [((1, -1), "P08", 0), ((2, -1), "P08", 0), ((3, -1), "P08", 0),
              ((4, -1), "P23", 0)]
    s = scenario(placed, hands=[["P01", "P08"], ["P08"]], goals={(5, -2): "G05"})
    s = GAME.apply(s, "place P01@4,-2^")
    assert s.phase == REVEAL
    html = html_for(s, 0)
    assert _offered(html) == {"reveal @5,-2 ^"}
    assert html.count('class="reveal-opt"') == 1
    why = "Only upright do its tunnels join the tunnel that reached it, so it must lie upright."
    assert why in html
    hint = R.hint(GAME.view(s, 0), screen())
    assert "turn the goal you reached" in hint.lower() and why in hint


def test_reveal_offers_both_orientations_when_both_join() -> None:
    """Goals, gold, trolls: G01 (N, E, W stubs) reached from the west joins either way
    (turned, its east stub faces west): both are offered, with the card drawn."""
    placed = [((1, -1), "P08", 0), ((2, -1), "P08", 0), ((3, -1), "P08", 0),
              ((4, -1), "P23", 0)]
    s = scenario(placed, hands=[["P01", "P08"], ["P08"]], goals={(5, -2): "G01"})
    s = GAME.apply(s, "place P01@4,-2^")
    html = html_for(s, 0)
    assert _offered(html) == {"reveal @5,-2 ^", "reveal @5,-2 v"}
    assert html.count('class="reveal-opt"') == 2
    assert "Either way its tunnels join" in html


def test_refused_cells_say_why() -> None:
    s = scenario(hands=[["P08", "P05"], ["P08"]], sabotage=((), ()))
    html = html_for(s, 0, ("card:P08",))
    assert 'class="sq refused"' in html
    assert re.search(r"cannot go here(, [^,:]*)?, upright: ", html)
    broken = replace(s, sabotage=(("pick",), ()))
    html = html_for(broken, 0, ("card:P08",))
    assert "broken pick" in html and not any(m.startswith("place") for m in _offered(html))


def test_bribe_targets_and_buttons() -> None:
    """A troll the tunnel reaches is bribable from the maze and from a button."""
    s = scenario([((0, 0), "P12", 0)], hands=[["P08"], ["P08"]])
    legal = set(GAME.legal_moves(s))
    bribes = {m for m in legal if m.startswith("bribe")}
    assert bribes
    html = html_for(s, 0)
    assert bribes <= _offered(html)
    assert html.count(f'data-move="{sorted(bribes)[0]}"') == 2  # maze cell and button


def test_bribe_window_shows_the_trolls_and_an_end_turn_button() -> None:
    """Goals, gold, trolls: right after an action that made a troll reachable, the
    screen offers the bribe (maze cell and button) and "End turn" (``done``), nothing
    from the hand, and the status line explains the choice."""
    s = scenario(hands=[["P12", "P08"], ["P08"]])
    s = GAME.apply(s, "place P12@0,-2v")  # the troll side faces away from green's start
    assert s.phase == BRIBE and s.to_move == 0
    html = html_for(s, 0)
    assert _offered(html) == set(GAME.legal_moves(s)) == {"bribe @0,-2", "done"}
    assert html.count('data-move="bribe @0,-2"') == 2  # maze cell and button
    assert 'data-move="done"' in html and ">End turn<" in html
    assert not PICK.search(html.split('class="sab-hand"')[1].split("</section>")[0])
    words = R.bribe_window_words(GAME.view(s, 0))
    assert R.hint(GAME.view(s, 0), screen()) == words and words in html
    assert "before your opponent can block the way" in words
    assert "You end the turn without bribing the troll" in html_for(
        GAME.apply(s, "done"), 0)


# ------------------------------------------------------------------------ drawing


def test_every_card_is_drawn_from_its_data() -> None:
    """Doors carry their colour's letter, trolls a T, gold its count, ladders a letter."""
    for cid, card in CARDS.items():
        for rot in (0, 1) if card.is_tunnel else (0,):
            svg = R.any_face(cid, rot)
            assert svg.count("<path") + svg.count("<rect") >= 1
            if card.is_tunnel:
                assert svg.count('class="door"') == len(card.doors)
                assert svg.count('class="troll"') == len(card.trolls)
                assert svg.count('class="gold"') == len(card.gold)
                if card.ladder:
                    assert 'class="ladder"' in svg
    assert ">B</text>" in R.card_face("P02", 0) and ">T</text>" in R.card_face("P12", 0)
    assert ">3</text>" in R.card_face("G10", 1)


def test_the_fitted_view_is_the_maze_plus_one_cell() -> None:
    s = GAME.new(2, 1, {})
    html = html_for(s, 0)
    fit = re.search(r'data-fit="([^"]+)"', html)
    assert fit is not None
    x, y, w, h = (int(v) for v in fit.group(1).split())
    # Starts at x 0, goals up to x 9 and y -2..2: one cell more each side.
    assert (x, y, w, h) == (-100, -300, 1200, 700)
    assert 'data-panzoom' in html and 'viewBox="-100 -300 1200 700"' in html


def test_every_maze_target_has_a_pad_under_it_and_over_the_cards() -> None:
    """A finger's pads (web/panzoom.py sizes them): one plus (two rects) per target
    cell and no other, drawn above the placed cards (a tap on a card's edge beside a
    small target is for the target) and below every target (so where two targets
    meet each keeps its own cell)."""
    s = next(s for s in states(4) if GAME.to_act(s) == 0
             and any(CARDS[c].is_path for c in s.hands[0]))
    cid = next(c for c in s.hands[0] if CARDS[c].is_path)
    svg = html_for(s, 0, (f"card:{cid}",))
    svg = svg[svg.index("<svg class=\"maze\""):]
    svg = svg[:svg.index("</svg>")]
    targets = re.findall(r'data-move="[^"]+"[^>]*data-cell="([^"]+)"', svg)
    pads = re.findall(r'<rect class="pad (h|v)" data-pad="([^"]+)"', svg)
    assert targets and sorted(pads) == sorted([(w, c) for c in targets for w in "hv"])
    laid = [m.start() for m in re.finditer(r'<g class="mcard( pending)?"', svg)]
    assert laid and max(laid) < svg.index('class="pads"') < svg.index("data-move=")


def test_log_speaks_to_you_and_names_what_a_rockfall_removed() -> None:
    s = scenario([((1, -1), "P08", 0)], hands=[["A-ROCKFALL", "P08"], ["P08"]])
    s = GAME.apply(s, "place P08@2,-1^")
    s = GAME.apply(s, "pass P08")
    s = GAME.apply(s, "rockfall @2,-1")
    lines = R.log_lines(GAME.view(s, 0), ("You", "Bot 2"))
    assert lines[0] == "You place a straight tunnel, upright"
    assert lines[1] == "Bot 2 passes, discarding a straight tunnel"
    assert lines[2] == "You bring down a rockfall on a straight tunnel"


# ------------------------------------------------------------------------ end


def test_end_screen_lists_round_gold_and_the_winner() -> None:
    s = list(states(2, rounds=3, limit=2000))[-1]
    assert s.finished
    out = game_screen(Session(start("human,bot:easy", 2).match, s, "r-0", 0.0), None)
    assert out.phase == "over"
    assert out.html.count('<tr class="round">') == 3
    assert "Gold per round" in out.html and "How it was decided" in out.html
    assert not MOVE.search(out.html) and not PICK.search(out.html)


def test_solo_end_screen_shows_the_band() -> None:
    s = list(states(5, players=1, rounds=1, limit=2000))[-1]
    o = GAME.outcome(s, ("You",))
    html = R.render_play(GAME.view(s, 0), R.Screen(("You",), ("human",), False), o)
    assert o is not None and o.details["band"] in html
    assert html.count('<tr class="round">') == 1
    assert html.count("<li class=\"mine\">") == 1 and "boss of all mines" in html


# ------------------------------------------------------------------------ picks


def test_next_picks_folds_tokens() -> None:
    f = R.next_picks
    assert f((), "card:P08") == ("card:P08",)
    assert f(("card:P08",), "card:P08") == ()
    assert f(("card:P08",), "card:P16") == ("card:P16",)
    assert f(("card:P08",), "turn") == ("card:P08", "turn")
    assert f(("card:P08", "turn"), "turn") == ("card:P08",)
    assert f((), "turn") == ()
    assert f(("card:P08",), "discard") == ("discard",)
    assert f(("discard",), "discard") == ()
    d = f(f(f(("discard",), "discard:0"), "discard:3"), "discard:5")
    assert d == ("discard", "discard:3", "discard:5")
    assert f(d, "discard:3") == ("discard", "discard:5")
    assert f(d, "cancel") == ()
    sc = screen(d)
    assert sc.discarding and sc.discards == (3, 5) and sc.card is None
    assert screen(("card:P08", "turn")).rot == 1


def test_stale_picks_are_ignored() -> None:
    s = GAME.new(2, 1, {})
    missing = next(c for c in sorted(CARDS) if c not in s.hands[0] and c not in GOAL_IDS)
    html = html_for(s, 0, (f"card:{missing}",))
    assert not any(m.startswith("place") for m in _offered(html))


# ------------------------------------------------------------------------ pan/zoom maths


def test_zoom_keeps_the_point_under_the_pointer() -> None:
    b = (0.0, 0.0, 1000.0, 500.0)
    rect = (10.0, 20.0, 800.0, 400.0)  # 0.8 px per unit, no letterbox
    px, py = panzoom.to_board(b, rect, 410.0, 220.0)
    assert (px, py) == pytest.approx((500.0, 250.0))
    z = panzoom.zoom_box(b, 0.5, px, py)
    assert z[2] == pytest.approx(500.0)
    assert panzoom.to_board(z, rect, 410.0, 220.0) == pytest.approx((px, py))
    assert panzoom.zoom_box(b, 1e-6, 0, 0)[2] == panzoom.MIN_W
    moved = panzoom.pan_box(b, 80.0, -40.0, 0.8)
    assert moved[:2] == pytest.approx((-100.0, 50.0))
    assert panzoom.parse_box(panzoom.box_text(z)) == pytest.approx(z)
    assert panzoom.parse_box("1 2 0 4") is None and panzoom.parse_box(None) is None


def test_a_pad_makes_a_small_cell_a_fingers_width_and_stops_short_of_the_next() -> None:
    for cell in (24.0, 27.0, 30.0, 40.0):
        wide = cell * panzoom.pad_scale(cell)
        assert wide >= panzoom.FINGER_PX  # 44 px, as e2e/test_touch.py measures
        assert (wide - cell) / 2 < cell / 2  # a neighbour's middle stays its own
    assert panzoom.pad_scale(44.0) == panzoom.pad_scale(90.0) == 1.0
    assert panzoom.pad_scale(16.0) * 16 < 32  # too small to reach 44 without crossing


def test_counters_and_keys_are_drawn_with_their_letter() -> None:
    s = scenario([((0, -2), "P14", 0), ((-1, -1), "P02", 0)], hands=[["P08"], ["P08"]],
                 claims=(Counter(0, -2, "a", 0),), keys=(Counter(-1, -1, None, 0),))
    html = html_for(s, 0)
    assert "Green dwarf counter on this gold" in html
    assert "Green key on this door" in html
