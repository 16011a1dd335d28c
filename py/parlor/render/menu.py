"""The menu's Python-rendered parts: the new-game form and the list of saved games.

The rest of the menu (title, game descriptions, loading indicator) is static HTML in
index.html so it shows before Python is ready."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from parlor.app.saves import SaveEntry
from parlor.render.html import attrs, button, esc


def _select(name: str, label: str, choices: Sequence[tuple[str, str]], value: str,
            help_text: str = "") -> str:
    opts = "".join(
        f"<option{attrs(value=v, selected=(v == value))}>{esc(t)}</option>" for v, t in choices
    )
    tip = f'<small class="help">{esc(help_text)}</small>' if help_text else ""
    return (f'<label class="field"><span>{esc(label)}</span>'
            f'<select{attrs(name=name, data_field=name)}>{opts}</select>{tip}</label>')


def setup_form(game_id: str, players: int, seats: Sequence[str],
               options: Mapping[str, object]) -> str:
    """The form for a new game; ``seats``/``options`` keep what the player already chose."""
    from parlor.bots import LEVEL_LABELS, LEVELS
    from parlor.games import GAMES

    game = GAMES[game_id]
    fields = [_select("players", "Players", [(str(n), str(n)) for n in
                      range(game.min_players, game.max_players + 1)], str(players))]
    seat_choices = [("human", "Human")] + [
        (f"bot:{lvl}", f"Bot: {LEVEL_LABELS[game_id][lvl]}") for lvl in LEVELS[game_id]]
    seat_fields = []
    for i in range(players):
        value = seats[i] if i < len(seats) else seat_choices[0 if i == 0 else -1][0]
        seat_fields.append(_select(f"seat{i}", f"Seat {i + 1}", seat_choices, value))
    fields.append(f'<div class="seats">{"".join(seat_fields)}</div>')
    for spec in game.option_specs:
        if not spec.applies(players):
            continue
        current = options.get(spec.key, spec.default)
        choices = [(lbl, lbl) for _, lbl in spec.choices]
        value = next((lbl for v, lbl in spec.choices if v == current), choices[0][0])
        fields.append(_select(f"opt.{spec.key}", spec.label, choices, value, spec.help))
    fields.append('<label class="field"><span>Seed (optional)</span>'
                  '<input name="seed" data-field="seed" inputmode="numeric" pattern="[0-9]*" '
                  'placeholder="random" size="10"><small class="help">The same seed deals '
                  'the same game.</small></label>')
    return (f'<form class="setup" data-game-form="{esc(game_id)}" onsubmit="return false">'
            f'<h3>New game of {esc(game.name)}</h3>{"".join(fields)}'
            f'{button("Start", action="start", cls="btn big", data_game=game_id)}</form>')


def save_summary(entry: SaveEntry) -> str:
    session = entry.session
    assert session is not None
    moves = len(session.match.moves)
    state = "finished" if session.to_act() is None else f"move {moves + 1}"
    return (f"{session.game.name}, {len(session.match.seats)} players "
            f"({', '.join(session.names)}), {state}")


def saves_html(entries: Sequence[SaveEntry], fmt_time: Callable[[float], str]) -> str:
    if not entries:
        return '<p class="empty">No saved games yet: a game saves itself after every move.</p>'
    items = []
    for e in entries:
        when = f'<time>{esc(fmt_time(e.updated))}</time>' if e.updated else ""
        if e.ok:
            items.append(
                f'<li class="save"{attrs(data_save=e.id)}><span class="what">'
                f'{esc(save_summary(e))}</span> {when} '
                f'{button("Continue", action="resume", data_save=e.id)} '
                f'{button("Delete", action="delete", cls="btn subtle", data_save=e.id)}</li>')
        else:
            items.append(
                f'<li class="save broken"{attrs(data_save=e.id)}><span class="what">'
                f'This save cannot be loaded: {esc(e.error)}</span> {when} '
                f'{button("Download its text", action="download", data_save=e.id)} '
                f'{button("Delete", action="delete", cls="btn subtle", data_save=e.id)}</li>')
    return f'<ul class="saves">{"".join(items)}</ul>'
