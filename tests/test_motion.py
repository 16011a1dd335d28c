"""Moves animate: the renderers mark the last move's element ``data-fresh``
(the page animates it with CSS, and not at all with motion off), and only that one."""

from __future__ import annotations

import importlib

from parlor.games import ENTRIES, GAMES


def screen_html(game_id: str, moves_wanted: str) -> tuple[str, str]:
    """The first screen, and the screen after the first move starting ``moves_wanted``."""
    game = GAMES[game_id]
    mod = importlib.import_module(ENTRIES[game_id].ui)
    s = game.new(2, 4, game.options_for(2, {}))
    first = mod.render_play(game.view(s, None), mod.Screen(names=("A", "B"), kinds=(
        "bot:easy", "bot:easy"), interactive=False), None)
    for _ in range(400):
        move = next((m for m in game.legal_moves(s) if m.startswith(moves_wanted)),
                    game.legal_moves(s)[0])
        s = game.apply(s, move)
        if move.startswith(moves_wanted):
            break
    after = mod.render_play(game.view(s, None), mod.Screen(names=("A", "B"), kinds=(
        "bot:easy", "bot:easy"), interactive=False), None)
    return first, after


def test_kabaleo_marks_the_cone_just_placed() -> None:
    first, after = screen_html("kabaleo", "")
    assert "data-fresh" not in first
    assert after.count('data-fresh="cone"') == 1


def test_ciao_marks_the_card_just_laid() -> None:
    first, after = screen_html("ciao", "play ")
    assert "data-fresh" not in first
    assert after.count('data-fresh="play"') == 1


def test_saboteur_marks_the_path_card_just_laid() -> None:
    first, after = screen_html("saboteur", "place ")
    assert "data-fresh" not in first
    assert after.count('data-fresh="place"') == 1

