"""The Bot Lab's reference is generated from the code, so it cannot drift: a
view field, a type inside the view or a toolbox method without words in every language
fails here, and so do words naming something that no longer exists. It renders for
every game in every language with no missing words."""

from __future__ import annotations

import dataclasses
import re

import pytest

from parlor.app.lab.page.reference import Reference, example_moves, reference, type_name
from parlor.app.lab.sandbox.toolbox import Toolbox, view_class
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
    words = re.sub(r"<code[^>]*>.*?</code>", "", html)  # examples may hold {…}
    assert "lab.ref." not in html and "{" not in words
    assert '<code dir="ltr">game.simulate(view, move, rng)</code>' in html


#: Words a 14-year-old should not have to know, in the reference's sentences (Python's
#: own names, in code, are fine).
EXPERT = re.compile(r"spectator|seeded|\bfork|generator|tuple|variant|2⁶⁴|legal|determini",
                    re.IGNORECASE)


def test_the_reference_speaks_plainly() -> None:
    english = load("en")
    used = set(HEADINGS).union(*(r.keys() for r in _all_references()))
    hard = {key: str(english[key]) for key in sorted(used)
            if key.startswith("lab.") and EXPERT.search(str(english[key]))}
    assert hard == {}
    for code in CODES:  # the old words for big numbers and spectators are gone everywhere
        catalog = load(code)
        assert not [k for k in used if "⁶⁴" in str(catalog.get(k, ""))], code


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_field_and_method_has_a_real_example(game_id: str) -> None:
    """Each view field, toolbox method and rng method shows its value in a real game;
    the examples are the same at every visit (a fixed game) and fit a line."""
    ref = reference(game_id)
    for e in (*ref.view, *ref.tools, *ref.rng):
        assert e.example and len(e.example) <= 80, e
        assert e.python, e
    ex = {e.name: e.example for e in ref.view}
    assert ex["seat"] in ("0", "1") and ex["players"] == "2"
    assert ex["history"].startswith("((")  # moves played before the example was taken
    view = {e.name: e for e in ref.view}
    assert view["seat"].python == "view.seat: int | None"
    tools = {e.name: e for e in ref.tools}
    assert tools["over"].example == "False" and tools["to_act"].example == ex["seat"]
    assert tools["deal"].python.startswith("game.deal(view: ")
    assert " -> " in tools["deal"].python and "object" not in tools["deal"].python
    assert re.fullmatch(r"\['[^']+'(, '[^']+')*(, …)?\]", tools["moves"].example), tools["moves"]


def test_kabaleos_examples_come_from_its_real_game() -> None:
    ref = reference("kabaleo")
    ex = {e.name: e.example for e in ref.view}
    assert ex["colours"] == "('O', 'G', 'B', 'P')"
    assert re.fullmatch(r"\(\('[OGBP]'.*", ex["piles"])
    assert {e.name: e.example for e in ref.tools}["my_score"].count(",") == 2
    rng = {e.name: e.example for e in ref.rng}
    assert rng["randbelow"].startswith("rng.randbelow(6) → ")
    assert 0 <= int(rng["randbelow"].split("→ ")[1]) < 6


@pytest.mark.parametrize("code", CODES)
def test_python_types_are_folded_away(code: str) -> None:
    """The sentence and the example are in view; ``tuple[tuple[str, ...], ...]`` waits
    in a fold under each name for whoever wants it."""
    t = Translator(code)
    ref = reference("kabaleo")
    html = lab_reference_html(t, ref)
    folds = re.findall(r'<details class="lab-ref-type"><summary>(.*?)</summary>(.*?)</details>',
                       html)
    entries = len(ref.view) + len(ref.tools) + len(ref.rng) + sum(len(x.fields)
                                                                   for x in ref.types)
    assert len(folds) == entries
    assert {summary for summary, _ in folds} == {t("lab.ref.python_type")}
    assert '<code dir="ltr">view.piles: tuple[tuple[str, ...], ...]</code>' in html
    outside = re.sub(r'<details class="lab-ref-type">.*?</details>', "", html)
    assert "tuple[" not in outside and "int | None" not in outside
    assert f'{t("lab.ref.example")} <code dir="ltr">(&#x27;O&#x27;, ' in outside or (
        f'{t("lab.ref.example")} <code dir="ltr">(\'O\', ' in outside)
