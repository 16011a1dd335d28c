"""The menu's Python-rendered parts: the new-game form and the list of saved games.

The rest of the menu (title, the game tiles with their Play buttons, loading indicator)
is static HTML in index.html so it shows before Python is ready. The form folds under a
tile's "More options"; the full rules (app/screens/rules.py) are drawn apart from it, so they
stay one tap away on the tile."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from parlor.app.saves import SaveEntry
from parlor.i18n.catalog import Msg, Translator
from parlor.render.html import attrs, button, esc


def _select(name: str, label: str, choices: Sequence[tuple[str, str]], value: str,
            help_text: str = "") -> str:
    opts = "".join(
        f"<option{attrs(value=v, selected=(v == value))}>{esc(t)}</option>" for v, t in choices
    )
    tip = f'<small class="help">{esc(help_text)}</small>' if help_text else ""
    return (f'<label class="field"><span>{esc(label)}</span>'
            f'<select{attrs(name=name, data_field=name)}>{opts}</select>{tip}</label>')


def setup_form(t: Translator, game_id: str, players: int, seats: Sequence[str],
               options: Mapping[str, object]) -> str:
    """The form for a new game; ``seats``/``options`` keep what the player already chose.
    Option selects carry the language-neutral choice words (those of links), so the
    form reads the same whatever language labels them."""
    from parlor.bots import LEVELS, level_label_key
    from parlor.games import GAMES

    game = GAMES[game_id]
    fields = [_select("players", t("menu.players"), [(str(n), t.number(n)) for n in
                      range(game.min_players, game.max_players + 1)], str(players))]
    seat_choices = [("human", t("menu.human")), ("remote", t("menu.remote"))] + [
        (f"bot:{lvl}", t("menu.bot", level=Msg(level_label_key(game_id, lvl))))
        for lvl in LEVELS[game_id]]
    seat_fields = []
    for i in range(players):
        value = seats[i] if i < len(seats) else seat_choices[0 if i == 0 else -1][0]
        seat_fields.append(_select(f"seat{i}", t("menu.seat", n=i + 1), seat_choices, value))
    fields.append(f'<div class="seats">{"".join(seat_fields)}</div>')
    for spec in game.option_specs:
        if not spec.applies(players):
            continue
        current = options.get(spec.key, spec.default)
        choices = [(word, t(spec.choice_key(game_id, v), n=v) if isinstance(v, int)
                    and spec.counted else t(spec.choice_key(game_id, v)))
                   for v, word in spec.choices]
        value = next((word for v, word in spec.choices if v == current), choices[0][0])
        key = f"option.{game_id}.{spec.key}"
        fields.append(_select(f"opt.{spec.key}", t(key), choices, value, t(f"{key}.help")))
    fields.append(f'<label class="field"><span>{esc(t("menu.seed"))}</span>'
                  '<input name="seed" data-field="seed" inputmode="numeric" pattern="[0-9]*" '
                  f'placeholder="{esc(t("menu.seed.placeholder"))}" size="10">'
                  f'<small class="help">{esc(t("menu.seed.help"))}</small></label>')
    name = Msg(f"game.{game_id}.name")
    start = button(t("menu.start"), action="start", cls="btn big", carry="form",
                   data_game=game_id)
    return (f'<form class="setup" data-game-form="{esc(game_id)}" onsubmit="return false">'
            f'<h3>{esc(t("menu.new_game", game=name))}</h3>{"".join(fields)}{start}'
            '</form>')


def save_summary(t: Translator, entry: SaveEntry) -> str:
    session = entry.session
    assert session is not None
    moves = len(session.match.moves)
    state = t("saves.finished") if session.to_act() is None else t("saves.at_move", n=moves + 1)
    return t("saves.summary", game=Msg(f"game.{session.match.game}.name"),
             players=t("count.players", n=len(session.match.seats)),
             names=t.join(session.display_names(t)), state=state)


def saves_html(t: Translator, entries: Sequence[SaveEntry],
               fmt_time: Callable[[float], str]) -> str:
    if not entries:
        return f'<p class="empty">{esc(t("saves.none"))}</p>'
    items = []
    delete = t("saves.delete")
    for e in entries:
        when = f'<time>{esc(fmt_time(e.updated))}</time>' if e.updated else ""
        if e.ok:
            kept = (f' <small class="kept">{esc(t("saves.kept"))}</small>'
                    if e.session is not None and e.session.kept_from else "")
            items.append(
                f'<li class="save"{attrs(data_save=e.id)}><span class="what">'
                f'{esc(save_summary(t, e))}</span>{kept} {when} '
                f'{button(t("saves.continue"), action="resume", data_save=e.id)} '
                f'{button(t("saves.review"), action="review", data_save=e.id)} '
                f'{button(t("toolbar.export"), action="export", cls="btn subtle", data_save=e.id)} '
                f'{button(t("toolbar.share"), action="share", cls="btn subtle", data_save=e.id)} '
                f'{button(delete, action="delete", cls="btn subtle", data_save=e.id)}</li>')
        else:
            items.append(
                f'<li class="save broken"{attrs(data_save=e.id)}><span class="what">'
                f'{esc(t("saves.broken", reason=e.why or ""))}</span> {when} '
                f'{button(t("saves.download"), action="download", data_save=e.id)} '
                f'{button(delete, action="delete", cls="btn subtle", data_save=e.id)}</li>')
    return f'<ul class="saves">{"".join(items)}</ul>'
