"""The "What the computer thinks" panel: each game's beliefs are computed from
one seat's view only, say what that view implies (no more), and are drawn with every
word from the catalogs."""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from parlor.core.rng import Rng
from parlor.games import kabaleo, saboteur
from parlor.games.ciao import ENTRY as CIAO
from parlor.games.ciao.bots.beliefs import beliefs as ciao_beliefs
from parlor.games.ciao.notation import parse_move as ciao_parse
from parlor.games.kabaleo.bots.beliefs import beliefs as kabaleo_beliefs
from parlor.games.kabaleo.bots.medium import MediumBot
from parlor.games.saboteur.bots.beliefs import GOLD_KINDS
from parlor.games.saboteur.bots.beliefs import beliefs as saboteur_beliefs
from parlor.games.saboteur.cards import CARDS, GOAL_IDS
from parlor.games.saboteur.naming import a_card
from parlor.i18n.catalog import Translator
from test_i18n_pseudo import Pseudo, Visible, strays

KABALEO = kabaleo.ENTRY.game
SABOTEUR = saboteur.ENTRY.game
CIAO_GAME = CIAO.game
NAMES = ["Ann", "Bot 2", "Cy", "Dee"]


def play(game: Any, players: int, seed: int, moves: int, options: dict[str, object] | None = None,
         prefer: Callable[[str], bool] | None = None, stop: Callable[[Any], bool] | None = None
         ) -> Any:
    """A seeded game played ``moves`` moves (fewer if it ends or ``stop`` says so),
    choosing a ``prefer``-red move when there is one."""
    s = game.new(players, seed, options or {})
    rng = Rng(seed)
    for _ in range(moves):
        if game.to_act(s) is None or (stop is not None and stop(s)):
            break
        legal = game.legal_moves(s)
        liked = [m for m in legal if prefer(m)] if prefer else []
        pool = liked or legal
        s = game.apply(s, pool[rng.randbelow(len(pool))])
    return s


# --- Kabaleo ------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed", "moves", "targets"),
                         [(2, 1, 6, 1), (2, 1, 6, 2), (3, 2, 10, 1), (4, 3, 20, 1)])
def test_kabaleo_rows_sum_to_the_colours_held_and_own_colour_is_certain(
        players: int, seed: int, moves: int, targets: int) -> None:
    s = play(KABALEO, players, seed, moves, {"targets_per_player": targets})
    for seat in range(players):
        v = KABALEO.view(s, seat)
        b = kabaleo_beliefs(v)
        assert b.targets == targets
        for row in b.chance:
            assert sum(row) == pytest.approx(b.targets)
        mine = dict(zip(b.colours, b.chance[seat], strict=True))
        assert all(mine[c] == 1.0 for c in v.my_targets)
        assert b.certain[seat] and sum(b.certain) == 1
        # Nobody else may hold the viewer's colour.
        others = [r for k, r in enumerate(b.chance) if k != seat]
        for c in v.my_targets:
            assert all(r[b.colours.index(c)] == 0.0 for r in others)


def test_kabaleo_numbers_are_the_hard_bots_own() -> None:
    s = play(KABALEO, 3, 5, 12)
    v = KABALEO.view(s, 0)
    b = kabaleo_beliefs(v)
    bot = MediumBot().beliefs(v)  # the hard bot asks its medium for these
    for seat, row in bot.items():
        assert b.chance[seat] == pytest.approx(tuple(row[c] for c in b.colours))


def test_kabaleo_beliefs_depend_on_the_view_only() -> None:
    s = play(KABALEO, 3, 4, 9)
    # Seats 1 and 2 trade secret colours: seat 0's view is the same, so are its beliefs.
    t = s.targets
    s2 = replace(s, targets=(t[0], t[2], t[1]))
    assert KABALEO.view(s2, 0) == KABALEO.view(s, 0)
    assert kabaleo_beliefs(KABALEO.view(s2, 0)) == kabaleo_beliefs(KABALEO.view(s, 0))
    # ... and the others' rows do not give their real colours away as certain.
    b = kabaleo_beliefs(KABALEO.view(s, 0))
    assert not b.certain[1] and max(b.chance[1]) < 1.0


def test_kabaleo_end_reveals_every_row() -> None:
    s = play(KABALEO, 3, 6, 500)
    assert KABALEO.to_act(s) is None
    b = kabaleo_beliefs(KABALEO.view(s, 1))
    assert all(b.certain)
    for seat, held in enumerate(s.targets):
        assert {c for c, p in zip(b.colours, b.chance[seat], strict=True) if p == 1.0} == set(held)


# --- Saboteur -----------------------------------------------------------------------


def _peeked(s: Any) -> bool:
    return bool(SABOTEUR.view(s, 0).peeked)


@pytest.mark.parametrize("players", [2, 1])
def test_saboteur_a_map_makes_its_goal_certain_and_the_rest_exact(players: int) -> None:
    state = None
    for seed in range(30):
        s = play(SABOTEUR, players, seed, 300, prefer=lambda m: m.startswith("map"),
                 stop=_peeked)
        if _peeked(s):
            state = s
            break
    assert state is not None, "no seeded game played a map"
    v = SABOTEUR.view(state, 0)
    b = saboteur_beliefs(v)
    (cell, card), = v.peeked
    seen = [g for g in b.goals if g.cell == cell]
    assert len(seen) == 1 and seen[0].seen and seen[0].chance == ((card, 1.0),)
    assert card == next(p.card for p in state.maze if p.cell == cell)  # the truth
    face_down = {p.cell for p in v.maze if p.card is None}
    assert {g.cell for g in b.goals} == face_down
    for g in b.goals:
        assert sum(p for _, p in g.chance) == pytest.approx(1.0)
        assert sum(g.gold()) == pytest.approx(1.0)
        if not g.seen:
            # The peeked card cannot be anywhere else; every unseen card is equally likely.
            assert card not in dict(g.chance)
            assert len(g.chance) == len(b.unseen)
            assert all(p == pytest.approx(1 / len(b.unseen)) for _, p in g.chance)


def test_saboteur_posterior_matches_the_bots_determinize() -> None:
    """The exact numbers are what the bots' sampled worlds converge to."""
    s = play(SABOTEUR, 2, 3, 300, prefer=lambda m: m.startswith("map"), stop=_peeked)
    v = SABOTEUR.view(s, 0)
    b = saboteur_beliefs(v)
    target = next(g for g in b.goals if not g.seen)
    rng = Rng(11)
    tally: Counter[int] = Counter()
    n = 600
    for _ in range(n):
        w = SABOTEUR.determinize(v, rng)
        tally[CARDS[next(p.card for p in w.maze if p.cell == target.cell)].gold_total] += 1
    for k, p in zip(GOLD_KINDS, target.gold(), strict=True):
        assert tally[k] / n == pytest.approx(p, abs=0.06)


def test_saboteur_cards_out_of_play_get_nothing() -> None:
    """A goal card face up, boxed or taken is nowhere face down."""
    def revealed(s: Any) -> bool:
        return any(p.card in GOAL_IDS for p in s.maze if p.face_up) or bool(s.boxed)

    state = None
    for seed in range(40):
        s = play(SABOTEUR, 2, seed, 400, stop=revealed)
        if revealed(s) and SABOTEUR.to_act(s) is not None:
            state = s
            break
    assert state is not None, "no seeded game turned a goal face up"
    v = SABOTEUR.view(state, 1)
    out = {p.card for p in v.maze if p.card in GOAL_IDS} | set(v.boxed)
    out |= {cid for pieces in v.treasure for cid, _ in pieces}
    assert out
    b = saboteur_beliefs(v)
    assert b.goals
    for g in b.goals:
        assert not out & set(dict(g.chance))


def test_saboteur_beliefs_depend_on_the_view_only() -> None:
    s = play(SABOTEUR, 2, 5, 30)
    v = SABOTEUR.view(s, 0)
    # Another full state the same seat cannot tell apart (other goals, other hand).
    w = SABOTEUR.determinize(v, Rng(99))
    assert w.maze != s.maze or w.hands != s.hands
    assert SABOTEUR.view(w, 0) == v
    assert saboteur_beliefs(SABOTEUR.view(w, 0)) == saboteur_beliefs(v)


# --- Ciao! ----------------------------------------------------------------------------


def _gave(seat: int) -> Callable[[Any], bool]:
    def check(s: Any) -> bool:
        return bool(s.history) and s.history[-1][0] == seat and s.history[-1][1].startswith(
            "give") and CIAO_GAME.to_act(s) is not None and s.phase != "over"
    return check


def ciao_after_a_gift() -> Any:
    """A seeded 3-player Ciao! game (first round) just after seat 0 gave a card."""
    for seed in range(40):
        s = play(CIAO_GAME, 3, seed, 400, {"auto_thank": True},
                 prefer=lambda m: m.startswith(("give", "play")), stop=_gave(0))
        if _gave(0)(s) and len(s.results) == 0:
            return s
    raise AssertionError("no seeded game had seat 0 give a card")


def test_ciao_a_card_given_is_known_in_its_receivers_hand() -> None:
    state = ciao_after_a_gift()
    m = ciao_parse(state.history[-1][1])
    assert m is not None
    b = ciao_beliefs(CIAO_GAME.view(state, 0))
    hand = next(h for h in b.hands if h.seat == m.seat)
    assert m.card in hand.known
    assert m.card in state.hands[m.seat]
    # The third player saw a hidden gift: it knows nothing of that card.
    other = next(k for k in range(3) if k not in (0, m.seat))
    b3 = ciao_beliefs(CIAO_GAME.view(state, other))
    assert m.card not in next(h for h in b3.hands if h.seat == m.seat).known


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_ciao_known_cards_are_always_really_held(players: int, seed: int) -> None:
    s = CIAO_GAME.new(players, seed, {"rounds": 2})
    rng = Rng(seed)
    knowing = 0
    for _ in range(300):
        if CIAO_GAME.to_act(s) is None:
            break
        legal = CIAO_GAME.legal_moves(s)
        swaps = [m for m in legal if m.startswith(("give", "swap"))]
        pool = swaps if swaps and rng.random() < 0.7 else legal
        s = CIAO_GAME.apply(s, pool[rng.randbelow(len(pool))])
        for seat in range(players):
            v = CIAO_GAME.view(s, seat)
            b = ciao_beliefs(v)
            assert [h.seat for h in b.hands] == [k for k in range(players) if k != seat]
            for h in b.hands:
                assert h.size == len(s.hands[h.seat])
                assert not Counter(h.known) - Counter(s.hands[h.seat]), "claims a card not held"
                assert sum(h.expected) == pytest.approx(h.size)
                knowing += bool(h.known)
    assert knowing, "the test never saw a known card"


def test_ciao_beliefs_depend_on_the_view_only() -> None:
    s = play(CIAO_GAME, 3, 7, 25)
    v = CIAO_GAME.view(s, 1)
    w = CIAO_GAME.determinize(v, Rng(5))
    assert w.hands != s.hands and CIAO_GAME.view(w, 1) == v
    assert ciao_beliefs(CIAO_GAME.view(w, 1)) == ciao_beliefs(v)


# --- The picture -------------------------------------------------------------------


def _panels() -> list[tuple[str, Any, int, int]]:
    """(game id, view, seat, players) for one mid-game view of each game."""
    k = play(KABALEO, 3, 2, 10)
    sab = None
    for seed in range(30):
        sab = play(SABOTEUR, 2, seed, 300, prefer=lambda m: m.startswith("map"), stop=_peeked)
        if _peeked(sab):
            break
    c = ciao_after_a_gift()
    return [("kabaleo", KABALEO.view(k, 1), 1, 3), ("saboteur", SABOTEUR.view(sab, 0), 0, 2),
            ("ciao", CIAO_GAME.view(c, 0), 0, 3)]


PANELS = _panels()
ENTRIES = {"kabaleo": kabaleo.ENTRY, "saboteur": saboteur.ENTRY, "ciao": CIAO}


def _module(game: str) -> Any:
    path = ENTRIES[game].beliefs
    assert path is not None, f"{game} names no beliefs module"
    return importlib.import_module(path)


@pytest.mark.parametrize(("game", "view", "seat", "players"), PANELS, ids=[p[0] for p in PANELS])
def test_panel_markup_carries_the_seat_and_the_numbers(game: str, view: Any, seat: int,
                                                       players: int) -> None:
    mod = _module(game)
    b = mod.beliefs(view)
    html = mod.render_beliefs(b, NAMES[:players], seat, Translator("en"))
    assert f'data-beliefs="{seat}"' in html
    assert f"What {NAMES[seat]} thinks" in html
    assert 'role="img"' in html and "aria-label=" in html and "<table" in html
    if game == "kabaleo":
        assert "100%" in html  # its own colour
        p = b.chance[0][0]
        assert f"<td>{round(p * 100)}%</td>" in html
    elif game == "saboteur":
        seen = Translator("en").say(a_card(view.peeked[0][1]))
        assert "100%" in html and seen in html  # the goal it saw, in words
    else:
        h = b.hands[0]
        assert f"<td>{round(h.expected[0] * 10) / 10:.1f}</td>" in html
    # In Persian every number is in Persian digits (names and card ids aside).
    fa = mod.render_beliefs(b, ["Ann", "Bo", "Cy"][:players], seat, Translator("fa"))
    parser = Visible()
    parser.feed(fa)
    shown = "".join(parser.texts)
    assert not any(ch.isascii() and ch.isdigit() for ch in shown)
    assert ("۱۰۰٪" in shown) if game != "ciao" else ("٫" in shown)


@pytest.mark.parametrize(("game", "view", "seat", "players"), PANELS, ids=[p[0] for p in PANELS])
def test_panel_says_nothing_outside_the_catalogs(game: str, view: Any, seat: int,
                                                 players: int) -> None:
    mod = _module(game)
    t = Pseudo("en")
    html = mod.render_beliefs(mod.beliefs(view), NAMES[:players], seat, t)
    assert strays(html) == []
    assert not t.missing


def test_ciao_known_cards_are_named_in_the_panel() -> None:
    _, view, seat, players = PANELS[2]
    b = ciao_beliefs(view)
    assert any(h.known for h in b.hands), "the seeded Ciao! game gave no card"
    html = _module("ciao").render_beliefs(b, NAMES[:players], seat, Translator("en"))
    assert "surely holds" in html


def test_every_game_names_a_beliefs_module_with_both_halves() -> None:
    for game in ENTRIES:
        mod = _module(game)
        assert callable(mod.beliefs) and callable(mod.render_beliefs)
