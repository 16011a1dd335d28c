"""The Bot Lab's reference is generated from the code, so it cannot drift: a
view field, a type inside the view or a toolbox method without words in every language
fails here, and so do words naming something that no longer exists. It renders for
every game in every language with no missing words."""

from __future__ import annotations

import dataclasses
import re

import pytest

from parlor.app.lab.reference import Reference, example_moves, reference, type_name
from parlor.app.lab.toolbox import Toolbox, view_class
from parlor.app.screens.lab_reference import HEADINGS, lab_reference_html
from parlor.core.rng import Rng
from parlor.games import GAMES
from parlor.i18n.catalog import Translator, load
from parlor.i18n.languages import LANGUAGES

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

CODES = [lang.code for lang in LANGUAGES]


def test_types_are_written_as_a_student_would_write_them() -> None:
    assert type_name(tuple[int, ...]) == "tuple[int, ...]"
    assert type_name(int | None) == "int | None"
    assert type_name(tuple[tuple[str, int], ...] | None) == "tuple[tuple[str, int], ...] | None"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_reference_follows_the_code(game_id: str) -> None:
    ref = reference(game_id)
    cls = view_class(GAMES[game_id])
    assert [e.name for e in ref.view] == [f.name for f in dataclasses.fields(cls)]
    assert [e.name for e in ref.tools] == [n for n, _ in Toolbox.of(game_id).tools()]
    assert {e.name for e in ref.rng} == {"next64", "randbelow", "random", "choice",
                                         "shuffled", "fork"}
    assert ref.contract == "def choose(view, moves, rng):"
    assert any(e.code == "game.deal(view, rng)" for e in ref.tools)
    for t in ref.types:  # one level deep: every small dataclass named in the view
        assert any(re.search(rf"\b{t.name}\b", e.code) for e in ref.view), t.name


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_example_moves_are_real_legal_moves(game_id: str) -> None:
    game = GAMES[game_id]
    examples = example_moves(game_id)
    assert 3 <= len(examples) and len(set(examples)) == len(examples)
    players = max(2, game.min_players)
    state = game.new(players, 1, game.options_for(players, {}))
    rng = Rng(1)
    offered: set[str] = set()
    while game.to_act(state) is not None and len(offered) < 10_000:
        moves = game.legal_moves(state)
        offered.update(moves)
        if set(examples) <= offered:
            break
        state = game.apply(state, rng.choice(moves))
    assert set(examples) <= offered


def _all_references() -> list[Reference]:
    return [reference(g) for g in sorted(GAMES)]


@pytest.mark.parametrize("code", CODES)
def test_every_name_in_the_reference_has_words_in_every_language(code: str) -> None:
    catalog = load(code)
    used = set(HEADINGS).union(*(r.keys() for r in _all_references()))
    assert sorted(k for k in used if k not in catalog) == []


def test_no_words_for_a_field_or_method_that_is_gone() -> None:
    used = set(HEADINGS).union(*(r.keys() for r in _all_references()))
    ours = {k for k in load("en") if k.startswith("lab.ref.")}
    assert sorted(ours - used) == []


@pytest.mark.parametrize("code", ["en", "fa", "ru", "ja"])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_reference_renders_with_no_missing_words(game_id: str, code: str) -> None:
    t = Translator(code)
    html = lab_reference_html(t, reference(game_id))
    assert t.missing == set()
    assert html.startswith(f'<section class="lab-ref" data-game="{game_id}">')
    assert html.count("<dt") == (len(reference(game_id).view) + len(reference(game_id).tools)
                                 + len(reference(game_id).rng)
                                 + sum(len(td.fields) for td in reference(game_id).types))
    assert "lab.ref." not in html and "{" not in html
    assert '<code dir="ltr">game.simulate(view, move, rng)</code>' in html
