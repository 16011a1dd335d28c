"""A class tournament's table redrawn by its changes (``lab_tour_patch.py``): a batch of
games changes only the cells, totals and rows whose words changed, a ranking changed
moves the fewest rows (and the same columns in every row), and the changes applied to
the table as drawn give exactly the table drawn whole."""

from __future__ import annotations

import html
import json
import random
import re

import pytest

from made_tours import game, tour_of
from parlor.app.lab.page.state import LabTour
from parlor.app.screens.lab_tour_games import games_of_html
from parlor.app.screens.lab_tour_grid import Grid, grid_html, grid_of
from parlor.app.screens.lab_tour_patch import grid_patch, moves
from parlor.i18n.catalog import Translator

pytestmark = pytest.mark.pyodide  # the Lab's tests run in the browser's Python too

T = Translator()


def fewest(before: list[int], after: list[int]) -> int:
    """The fewest moves from ``before`` to ``after``: all but a longest run of items
    already in order (counted the slow way)."""
    at = [before.index(e) for e in after]
    best = [1] * len(at)
    for i in range(len(at)):
        for j in range(i):
            if at[j] < at[i]:
                best[i] = max(best[i], best[j] + 1)
    return len(at) - max(best, default=0)


def snapshot(tour: LabTour) -> tuple[Grid, str]:
    g = grid_of(tour, T)
    return g, grid_html(g, T, {})


def changes(old: Grid, new: Grid) -> dict[str, object]:
    text = grid_patch(old, new, T, {})
    assert text is not None
    found: dict[str, object] = json.loads(text)
    return found


# ---- a model of the page: the table drawn, its changes applied as assets/lab.js does ----

CELL = r"<td[^>]*>[^<]*</td>"


def parse(html: str) -> dict[str, object]:
    m = re.fullmatch(r"(<div[^>]*><table[^>]*>)<thead><tr>((?:<th scope=\"col\" class=\""
                     r"(?:rank|bot|total)\">[^<]*</th>){3})(.*)</tr></thead><tbody>(.*)"
                     r"</tbody></table></div>", html)
    assert m is not None
    cols = re.findall(r"<th scope=\"col\" class=\"vs\".*?</th>", m.group(3))
    assert "".join(cols) == m.group(3)
    rows = []
    for head, cells in re.findall(r'(<tr[^>]*>.*?<td class="total">[^<]*</td>)(.*?)</tr>',
                                  m.group(4)):
        found = re.findall(CELL, cells)
        assert "".join(found) == cells
        rows.append([head, found])
    return {"open": m.group(1), "fixed": m.group(2), "cols": cols, "rows": rows}


def draw(model: dict[str, object]) -> str:
    rows = "".join(head + "".join(cells) + "</tr>" for head, cells in model["rows"])  # type: ignore[attr-defined]
    return (f'{model["open"]}<thead><tr>{model["fixed"]}{"".join(model["cols"])}</tr>'  # type: ignore[arg-type]
            f"</thead><tbody>{rows}</tbody></table></div>")


def name_of(head: str) -> str:
    found = re.search(r'data-lab-entrant="([^"]*)"', head)
    assert found is not None
    return found.group(1)


def apply(html: str, patch: dict[str, object]) -> str:
    model = parse(html)
    rows: list[list[object]] = model["rows"]  # type: ignore[assignment]
    for name, value in patch.get("table", {}).items():  # type: ignore[attr-defined]
        model["open"] = re.sub(rf'{name}="[^"]*"', f'{name}="{value}"', model["open"])  # type: ignore[arg-type]
    if "moves" in patch:
        names: list[str] = patch["names"]  # type: ignore[assignment]

        def column(cell: str, r: int) -> int:
            pair = re.search(r'data-lab-pair="(\d+),(\d+)"', cell)
            return r if pair is None else int(pair.group(2))  # its own: the self cell

        def move(seq: list[object], keys: list[int], e: int, before: int | None) -> None:
            item = seq.pop(keys.index(e))
            keys.remove(e)
            seq.insert(len(seq) if before is None else keys.index(before), item)

        for e, before in patch["moves"]:  # type: ignore[attr-defined]
            move(rows, [names.index(name_of(row[0])) for row in rows], e, before)  # type: ignore[arg-type]
            for row in rows:  # the same columns in every row
                r = names.index(name_of(row[0]))  # type: ignore[arg-type]
                cells: list[object] = row[1]  # type: ignore[assignment]
                move(cells, [column(c, r) for c in cells], e, before)  # type: ignore[arg-type]
    for i, markup in patch.get("cols", []):  # type: ignore[attr-defined]
        model["cols"][i] = markup  # type: ignore[index]
    for name, markup in patch.get("rows", []):  # type: ignore[attr-defined]
        row = next(r for r in rows if name_of(r[0]) == name)  # type: ignore[arg-type]
        assert markup.endswith("</tr>")
        row[0] = markup.removesuffix("</tr>")
    for pair, markup in patch.get("cells", []):  # type: ignore[attr-defined]
        for row in rows:
            cells: list[str] = row[1]  # type: ignore[assignment]
            for j, c in enumerate(cells):
                if f'data-lab-pair="{pair}"' in c:
                    cells[j] = markup
    return draw(model)


# ---- the tests ----------------------------------------------------------------------------


def test_a_batch_of_one_pair_changes_its_two_cells_and_its_two_bots_rows_only() -> None:
    tour = tour_of(5)
    for k in range(0, tour.total, 4):  # one game of every pair: a ranking with gaps
        tour.take(k, game(tour, k, 1.0))
    old, _ = snapshot(tour)
    top = [s.entrant for s in old.table]
    # a game the better of the first two wins: nobody changes places
    k = next(k for k in range(tour.total) if k not in tour.duels
             and set(tour.seating.order(k)) == {top[0], top[1]})
    a, b = tour.seating.order(k)
    tour.take(k, game(tour, k, 1.0 if a == top[0] else 0.0))
    new, _ = snapshot(tour)
    assert [s.entrant for s in new.table] == top
    patch = changes(old, new)
    assert set(patch) == {"table", "rows", "cells"}
    assert patch["table"] == {"data-done": str(len(tour.duels))}
    assert {pair for pair, _ in patch["cells"]} == {f"{a},{b}", f"{b},{a}"}  # type: ignore[union-attr]
    assert {name for name, _ in patch["rows"]} == {tour.names[a], tour.names[b]}  # type: ignore[union-attr]


def test_nothing_changed_changes_nothing_and_another_language_draws_it_whole() -> None:
    tour = tour_of(4)
    tour.take(0, game(tour, 0, 1.0))
    old, _ = snapshot(tour)
    assert changes(old, grid_of(tour, T)) == {}
    assert grid_patch(old, grid_of(tour, Translator("fa")), T, {}) is None


def test_a_ranking_changed_moves_the_fewest_rows_and_heads_the_columns_anew() -> None:
    tour = tour_of(6)
    for k in range(0, tour.total, 4):
        tour.take(k, game(tour, k, 1.0))
    old, html = snapshot(tour)
    last = old.table[-1].entrant
    for k in range(tour.total):  # the last bot wins all its other games
        if k not in tour.duels and last in tour.seating.order(k):
            tour.take(k, game(tour, k, 1.0 if tour.seating.order(k)[0] == last else 0.0))
    new, whole = snapshot(tour)
    before, after = [s.entrant for s in old.table], [s.entrant for s in new.table]
    assert before != after
    patch = changes(old, new)
    assert len(patch["moves"]) == fewest(before, after)  # type: ignore[arg-type]
    assert {i for i, _ in patch["cols"]} == {  # type: ignore[union-attr]
        i for i in range(len(after)) if before[i] != after[i]}
    assert apply(html, patch) == whole


@pytest.mark.parametrize("seed", range(30))
def test_the_fewest_moves_put_the_rows_in_the_new_order(seed: int) -> None:
    rng = random.Random(seed)
    before = list(range(rng.randint(0, 12)))
    after = before[:]
    rng.shuffle(after)
    if seed % 3 == 0 and len(after) > 1:  # one bot climbs: one move
        after = before[:]
        after.insert(rng.randrange(len(after)), after.pop())
    rows = before[:]
    found = moves(before, after)
    for e, following in found:
        rows.remove(e)
        rows.insert(len(rows) if following is None else rows.index(following), e)
    assert rows == after
    assert len(found) == fewest(before, after)


@pytest.mark.parametrize("seed", range(12))
def test_the_changes_applied_to_the_table_drawn_give_the_table_drawn_whole(seed: int) -> None:
    """Random tournaments, their games in random batches (a bot's or a pair's games
    opened now and then): after each batch, the table as drawn, changed by the batch's
    changes, is the new table drawn whole."""
    rng = random.Random(seed)
    n = rng.randint(2, 9)
    tour = tour_of(n, games=rng.choice([2, 4]))
    order = list(range(tour.total))
    rng.shuffle(order)
    old, html = snapshot(tour)
    while order:
        for _ in range(rng.randint(1, 6)):
            if order:
                k = order.pop()
                tour.take(k, game(tour, k, rng.choice([0.0, 0.5, 1.0]),
                                  cut=rng.choice([0, 0, 0, 40, 75])))
        if rng.random() < 0.3:
            tour.shown = rng.randrange(n)
            tour.pair = rng.choice([None, (tour.shown, (tour.shown + 1) % n)])
        new, whole = snapshot(tour)
        html = apply(html, changes(old, new))
        assert html == whole
        old = new


@pytest.mark.parametrize("seed", range(6))
def test_pieces_kept_from_batch_to_batch_draw_what_pieces_made_afresh_draw(seed: int) -> None:
    """The page keeps the table's pieces (``LabTour.cells``) for the whole tournament:
    after each batch, in any language, the changes and the table drawn whole made with
    them are those made from nothing, and the table as drawn, changed, is the new one."""
    rng = random.Random(seed)
    n = rng.randint(9, 14)
    t = Translator(rng.choice(["en", "fa", "ja", "ru"]))
    tour = tour_of(n, games=rng.choice([2, 4]))
    order = list(range(tour.total))
    rng.shuffle(order)
    old = grid_of(tour, t)
    html = grid_html(old, t, tour.cells)
    while order:
        for _ in range(rng.randint(1, 8)):
            if order:
                k = order.pop()
                tour.take(k, game(tour, k, rng.choice([0.0, 0.5, 1.0]),
                                  cut=rng.choice([0, 0, 0, 40])))
        if rng.random() < 0.2:
            tour.shown = rng.choice([None, rng.randrange(n)])
            tour.pair = rng.choice([None, (rng.randrange(n), rng.randrange(n))])
        new = grid_of(tour, t)
        kept = grid_patch(old, new, t, tour.cells)
        assert kept is not None and kept == grid_patch(old, new, t, {})
        whole = grid_html(new, t, tour.cells)
        assert whole == grid_html(new, t, {})
        html = apply(html, json.loads(kept))
        assert html == whole
        old = new


@pytest.mark.parametrize("seed", range(4))
def test_the_games_listed_with_lines_kept_from_batch_to_batch_are_those_made_afresh(
        seed: int) -> None:
    """A bot's (or a pair's) games listed under the table while the games pour in: each
    sitting's line is kept with the table's pieces, and after every batch (a game now
    and then replaced by another of the same number) the list is the one made from
    nothing."""
    rng = random.Random(seed)
    n = rng.randint(3, 8)
    t = Translator(rng.choice(["en", "fa", "ja", "ru"]))
    tour = tour_of(n, games=4)
    order = list(range(tour.total))
    rng.shuffle(order)
    while order:
        for _ in range(rng.randint(1, 5)):
            k = order.pop() if order else rng.randrange(tour.total)
            tour.take(k, game(tour, k, rng.choice([0.0, 0.5, 1.0]), cut=rng.choice([0, 0, 9])))
        tour.shown = rng.randrange(n)
        tour.pair = rng.choice([None, (tour.shown, (tour.shown + 1) % n)])
        kept = games_of_html(tour, t, "kabaleo")
        fresh = LabTour(tour.names, tour.games, tour.seed, tour.limit_ms, duels=tour.duels,
                        shown=tour.shown, pair=tour.pair)
        assert kept == games_of_html(fresh, t, "kabaleo")
        assert kept.count('data-action="lab-tour-review"') == sum(
            1 for k in tour.duels if tour.shown in tour.seating.order(k)
            and (tour.pair is None or tour.pair[1] in tour.seating.order(k)))


def test_a_hostile_bots_name_reaches_the_changes_as_text_and_keys_its_row() -> None:
    """A bot's name is a student's (hostile) text: in the changes the page applies it is
    escaped markup, never an element or an attribute of its own, and the key a row is
    found by is the name itself, as the page reads it back (getAttribute unescapes)."""
    names = ('<img src=x onerror="alert(1)">', 'a" data-x="1', "&amp; R&D", "bot 3")
    tour = LabTour(names, 4, 77, 1000, seats=2)
    old, _ = snapshot(tour)
    for k in range(tour.total):  # every game: the ranking changes, every cell and row
        tour.take(k, game(tour, k, 1.0 if k % 3 else 0.0))
    new, _ = snapshot(tour)
    text = grid_patch(old, new, T, {})
    assert text is not None
    patch = json.loads(text)
    assert patch.get("rows") and patch.get("cells")
    markup = "".join(m for _, m in patch.get("rows", []) + patch.get("cells", [])
                     + patch.get("cols", []))
    assert "<img" not in markup and 'data-x="1"' not in markup
    for name, row in patch["rows"]:
        assert name in names
        found = re.search(r'data-lab-entrant="([^"]*)"', row)
        assert found is not None and html.unescape(found.group(1)) == name
    if "moves" in patch:
        assert patch["names"] == list(names)


@pytest.mark.parametrize("lang", ["en", "fa", "ja", "ru"])
def test_a_pairs_label_put_together_from_its_sentence_is_the_sentence_said_whole(
        lang: str) -> None:
    """``pair_label`` says a pair's sentence once per count, with stand-ins for the
    names, then puts the names in, isolated as the translator isolates them (always in
    a right-to-left page, else only a name holding right-to-left letters): the label
    must be the one the translator gives for the names themselves, escaped, for every
    kind of name, one that holds a stand-in's character among them."""
    from parlor.app.screens.lab_tour_grid import pair_label
    from parlor.i18n.catalog import Translator
    from parlor.render.html import esc

    t = Translator(lang)
    names = ("Ada", "رباتِ من", "a<b & \"c\"", "ボット", "Мой бот", "x\ue000y", "\ue001",
             "mixed رب ok")
    memo: dict[tuple[object, ...], str] = {}
    for said, games in (("0", 0), ("1.5", 3), ("۲", 4)):
        for row in range(len(names)):
            for col in range(len(names)):
                whole = esc(t("lab.tour.pair", bot=names[row], other=names[col], wins=said,
                              n=games))
                assert pair_label(names, row, col, said, games, t, memo) == whole
