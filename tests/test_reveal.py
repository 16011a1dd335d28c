"""Reveal everything (the classroom table): in watch mode and reviews the
room is shown every secret. ``game.reveal(state)`` holds them all and agrees with the
state; the public view's screen, given them (``Screen.revealed``), draws each one where a
player would expect it, marked ``data-revealed`` and never clickable, in the catalogs'
words; without them the screen carries no trace of a secret."""

from __future__ import annotations

import dataclasses
import importlib
import random
import re
from collections import Counter
from html.parser import HTMLParser
from typing import Any

import pytest

from parlor.games import ENTRIES, GAMES
from parlor.games.ciao.cards import VARIANT_DECKS, card_name
from parlor.games.saboteur.ui.cards import card_face, card_words
from parlor.i18n.catalog import Translator
from parlor.render.html import esc
from test_i18n_pseudo import NOTATION, Pseudo, strays

NAMES = ("Ann", "Bo", "Cy", "Di")
REVEALED = re.compile(r'data-revealed="([^"]+)"')


def positions(game_id: str, players: int, seed: int, options: dict[str, object],
              samples: int = 5) -> list[Any]:
    """States of a seeded game played by random legal moves: the start, a few points
    along the way and the end."""
    game = GAMES[game_id]
    s = game.new(players, seed, game.options_for(players, options))
    rng, states = random.Random(seed), [s]
    while game.to_act(s) is not None:
        moves = game.legal_moves(s)
        s = game.apply(s, moves[rng.randrange(len(moves))])
        states.append(s)
    step = max(1, len(states) // samples)
    return states[::step] + states[-1:]


def draw(game_id: str, s: Any, revealed: Any, t: Translator | None = None) -> str:
    """The public screen as the app draws it for the room (``view(state, None)``),
    told every move that is legal so a revealed card that took one would show it."""
    game = GAMES[game_id]
    ui = importlib.import_module(ENTRIES[game_id].ui)
    players = game.view(s, None).players
    t = t or Translator()
    names = tuple(t.isolate(n) for n in NAMES[:players])  # as game_screen gives them
    screen = ui.Screen(names=names, kinds=("bot:easy",) * players,
                       interactive=True, legal=tuple(game.legal_moves(s)),
                       t=t, revealed=revealed)
    html: str = ui.render_play(game.view(s, None), screen, game.outcome(s, names))
    return html


class Marked(HTMLParser):
    """The HTML inside each ``data-revealed`` element, and any move or pick inside one."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, str, int]] = []  # (tag, marker, depth)
        self.depth = 0
        self.inside: dict[str, list[str]] = {}  # tags and text, as written
        self.texts: dict[str, list[str]] = {}  # the text alone
        self.clickable: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if self.open and ("data-move" in a or "data-pick" in a):
            self.clickable.append(self.open[-1][1])
        for _, marker, _ in self.open:
            self.inside[marker].append(self.get_starttag_text() or "")
        if tag in ("path", "line", "circle", "rect", "polygon", "ellipse"):
            return  # SVG shapes are written self-closed
        self.depth += 1
        if a.get("data-revealed"):
            marker = a["data-revealed"] or ""
            assert marker not in self.inside, f"{marker} drawn twice"
            self.inside[marker], self.texts[marker] = [], []
            self.open.append((tag, marker, self.depth))

    def handle_endtag(self, tag: str) -> None:
        for _, marker, _ in self.open:
            self.inside[marker].append(f"</{tag}>")
        if tag in ("path", "line", "circle", "rect", "polygon", "ellipse"):
            return
        if self.open and self.open[-1][2] == self.depth:
            self.open.pop()
        self.depth -= 1

    def handle_data(self, data: str) -> None:
        for _, marker, _ in self.open:
            self.inside[marker].append(data)
            self.texts[marker].append(data)


def marked(html: str) -> Marked:
    p = Marked()
    p.feed(html)
    assert p.clickable == [], f"clickable inside revealed elements: {p.clickable}"
    return p


def check_hidden_when_off(game_id: str, s: Any) -> None:
    html = draw(game_id, s, None)
    assert "data-revealed" not in html
    assert "revealed-note" not in html


@pytest.mark.parametrize(("players", "options"), [
    (2, {}), (2, {"targets_per_player": 2}), (3, {}), (4, {}),
])
def test_kabaleo_shows_every_secret_colour_beside_its_player(
        players: int, options: dict[str, object]) -> None:
    game = GAMES["kabaleo"]
    for s in positions("kabaleo", players, 11 + players, options):
        secrets = game.reveal(s)
        assert secrets.targets == s.targets
        p = marked(draw("kabaleo", s, secrets))
        assert set(p.inside) == {f"target:{i}" for i in range(players)} | {"legend"}
        for seat, colours in enumerate(s.targets):
            letters = "".join(p.texts[f"target:{seat}"])  # the chips' letters
            assert letters == "".join(colours)
        check_hidden_when_off("kabaleo", s)


@pytest.mark.parametrize("players", [2, 4])
def test_ciao_shows_every_hand_face_up_in_its_seat(players: int) -> None:
    game = GAMES["ciao"]
    t = Translator()
    for s in positions("ciao", players, 5 + players, {"rounds": 2}):
        secrets = game.reveal(s)
        view = game.view(s, None)
        assert tuple(len(h) for h in secrets.hands) == view.hand_counts
        assert len(secrets.draw) == view.draw_count
        held = Counter(c for h in secrets.hands for c in h)
        held.update(secrets.draw)
        held.update(view.discard)
        assert held == Counter({k: n for k, n in enumerate(VARIANT_DECKS[view.options.variant])
                                if n})  # every card is somewhere: nothing left out
        p = marked(draw("ciao", s, secrets))
        assert set(p.inside) == {f"hand:{i}" for i in range(players)} | {"legend"}
        for seat, hand in enumerate(secrets.hands):
            titles = re.findall(r'class="card"[^>]*title="([^"]*)"',
                                "".join(p.inside[f"hand:{seat}"]))
            assert sorted(titles) == sorted(t.say(card_name(c)) for c in hand)
        check_hidden_when_off("ciao", s)


@pytest.mark.parametrize("players", [1, 2])
def test_saboteur_shows_every_hand_and_every_face_down_goal(players: int) -> None:
    game = GAMES["saboteur"]
    for s in positions("saboteur", players, 3 + players, {"rounds": 2}):
        secrets = game.reveal(s)
        view = game.view(s, None)
        assert secrets.hands == s.hands
        assert tuple(len(h) for h in secrets.hands) == view.hand_sizes
        assert (len(secrets.draw), len(secrets.set_aside), len(secrets.goal_stack)) == (
            view.draw_size, view.set_aside_size, view.goal_stack_size)
        hidden = {p.cell for p in view.maze if p.card is None}
        assert {cell for cell, _ in secrets.goals} == hidden
        truth = {p.cell: p.card for p in s.maze}
        assert all(truth[cell] == cid for cell, cid in secrets.goals)
        check_hidden_when_off("saboteur", s)
        html = draw("saboteur", s, secrets)
        p = marked(html)
        goals = {f"goal:{x},{y}" for (x, y), _ in secrets.goals}
        if s.finished:  # the table is cleared: no hand, no face-down goal is left
            assert not any(secrets.hands) and not secrets.goals
            assert set(p.inside) == {"legend"}
            continue
        assert set(p.inside) == {f"hand:{i}" for i in range(players)} | {"legend"} | goals
        for seat, hand in enumerate(secrets.hands):
            # Each card of the hand, in order, drawn with its words (no ids on the page).
            said = re.findall(r'class="hcard"[^>]*aria-label="([^"]*)"',
                              "".join(p.inside[f"hand:{seat}"]))
            assert tuple(said) == tuple(esc(card_words(cid)) for cid in hand)
        for (x, y), cid in secrets.goals:
            # The goal's own face, right inside its marker.
            assert f'data-revealed="goal:{x},{y}">{card_face(cid, 0)}' in html
            assert html.count(f'data-revealed="goal:{x},{y}"') == 1


def test_a_revealed_goal_is_marked_as_not_seen_by_the_players() -> None:
    """A viewer must tell a goal shown to the room from one a player turned or peeked:
    the revealed face has the dashed outline, the eye and the badge, and its label says
    so."""
    game = GAMES["saboteur"]
    s = game.new(2, 9, game.options_for(2, {}))
    html = draw("saboteur", s, game.reveal(s))
    (cell, cid), *_ = game.reveal(s).goals
    start = html.index(f'data-revealed="goal:{cell[0]},{cell[1]}"')
    drawing = html[start:html.index("</g></g>", start)]
    assert 'stroke-dasharray="10 6"' in drawing and 'class="eye"' in drawing
    assert "REVEALED" in drawing
    assert "revealed to the room" in html[html.rindex("<g", 0, start - 50):start]


@pytest.mark.parametrize(("game_id", "players", "options"), [
    ("kabaleo", 3, {}), ("ciao", 3, {"rounds": 1}), ("saboteur", 2, {"rounds": 1}),
    ("saboteur", 1, {"rounds": 1}),
])
def test_revealed_screens_say_everything_through_the_catalogs(
        game_id: str, players: int, options: dict[str, object]) -> None:
    game = GAMES[game_id]
    found: set[str] = set()
    for s in positions(game_id, players, 21, options, samples=3):
        found.update(strays(draw(game_id, s, game.reveal(s), Pseudo()), NOTATION[game_id]))
    assert found == set()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_reveals_its_secrets_as_a_frozen_value(game_id: str) -> None:
    game = GAMES[game_id]
    s = game.new(game.min_players, 1, game.options_for(game.min_players, {}))
    secrets = game.reveal(s)
    assert dataclasses.is_dataclass(secrets)
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(secrets, dataclasses.fields(secrets)[0].name, ())
    assert game.reveal(s) == secrets and hash(secrets) == hash(game.reveal(s))
